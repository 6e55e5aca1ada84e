"""The flood guard's counting, on a clock the test moves: the rate per window, one note, the
window's end, and members forgotten once their window is over."""

from __future__ import annotations

from bot.discord_bot.floods import ANSWER, IGNORE, Floodgate
from bot.settings import CommandRate


class Clock:
    def __init__(self) -> None:
        self.now = 0.0  # discord.py's CooldownMapping would read 0 as "no time given"

    def __call__(self) -> float:
        return self.now


def test_the_rate_is_answered_then_one_note_then_silence_until_the_window_ends() -> None:
    clock = Clock()
    gate = Floodgate(CommandRate(3, 10.0), clock=clock)
    assert [gate.admit(1) for _ in range(3)] == [ANSWER] * 3
    clock.now = 4.0
    note = gate.admit(1)
    assert not note.answer
    assert note.note == (
        "Slow down: I answer at most 3 commands from you every 10 seconds. "
        "I'll ignore the rest for 6 more seconds."
    )
    assert [gate.admit(1) for _ in range(100)] == [IGNORE] * 100
    assert gate.admit(2) == ANSWER  # another member is counted apart
    clock.now = 10.0  # the window opened at 0 is over
    assert gate.admit(1) == ANSWER


def test_members_whose_window_ended_are_forgotten() -> None:
    clock = Clock()
    gate = Floodgate(CommandRate(5, 2.0), clock=clock)
    for member in range(1000):
        gate.admit(member)
    assert len(gate) == 1000
    clock.now = 2.5
    gate.admit(5000)
    assert len(gate) == 1
