"""The flood guard's counting, on a clock the test moves: the default lets a member play at
about two actions a second without ever meeting it, while a steady flood gets its burst and one
note; a member is answered again after a pause, and forgotten once their allowance is whole."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord_bot.floods import ANSWER, IGNORE, Floodgate
from bot.settings import CommandRate

ALICE = 1


class Clock:
    def __init__(self) -> None:
        self.now = 0.0  # discord.py's CooldownMapping would read 0 as "no time given"

    def __call__(self) -> float:
        return self.now


def play(gaps: Iterable[float], rate: CommandRate | None = None) -> tuple[int, int, int]:
    """One member sends a command after each gap (seconds) under ``rate`` (the default):
    how many were answered, how many refused, and how many of the refusals were notes."""
    clock = Clock()
    gate = Floodgate(rate or CommandRate(), clock=clock)
    answered = refused = notes = 0
    for gap in gaps:
        clock.now += gap
        verdict = gate.admit(ALICE)
        answered += verdict.answer
        refused += not verdict.answer
        notes += verdict.note is not None
    return answered, refused, notes


# -- honest players: the default never stops them ----------------------------------------------


def test_a_click_every_095_seconds_for_two_minutes_is_always_answered() -> None:
    clicks = int(120 / 0.95)
    assert play([0.95] * clicks) == (clicks, 0, 0)


def test_clicks_at_human_intervals_of_06_to_14_seconds_are_always_answered() -> None:
    rng = random.Random(26)
    for _ in range(50):
        gaps = [rng.uniform(0.6, 1.4) for _ in range(150)]  # about two and a half minutes
        assert play(gaps) == (150, 0, 0)


def test_start_five_moves_and_rematch_chained_for_ten_minutes_are_always_answered() -> None:
    # start, five moves, Rematch (which starts the next game), over and over, half a second
    # apart at the quickest: the engine answers each move at once.
    rng = random.Random(26)
    chain = ["start"] + ["move"] * 5 + ["rematch"]
    gaps = [rng.choice([0.5, 0.6, 0.8, 1.0]) for _ in range(120) for _ in chain]
    assert sum(gaps) >= 600
    assert play(gaps) == (len(gaps), 0, 0)


def test_a_whole_five_by_five_game_at_two_actions_a_second_is_always_answered() -> None:
    actions = 1 + 25 + 1  # start, every cell of the 5x5 board, Rematch
    assert play([0.5] * actions) == (actions, 0, 0)


def test_a_five_by_five_game_played_at_once_after_a_pause_is_answered() -> None:
    # Ten actions at the same instant (a quick start and its first clicks), then two a second.
    assert play([0.0] * 10 + [0.5] * 17) == (27, 0, 0)


@given(st.lists(st.floats(min_value=0.5, max_value=1.5), min_size=1, max_size=400))
def test_two_actions_a_second_at_most_are_always_answered(gaps: list[float]) -> None:
    assert play(gaps) == (len(gaps), 0, 0)


# -- floods: a burst and one note ------------------------------------------------------------


def test_a_flood_of_300_in_6_seconds_gets_at_most_12_replies_then_a_pause_ends_it() -> None:
    gaps = [0.0] + [6 / 299] * 299
    answered, refused, notes = play(gaps)
    assert notes == 1
    assert answered + notes <= 12
    assert answered + refused == 300
    # Half a second after the flood stops, the member is answered again.
    assert play([*gaps, 0.5]) == (answered + 1, refused, notes)


@pytest.mark.slow
@given(st.lists(st.floats(min_value=0.0, max_value=0.04), min_size=300, max_size=300))
def test_any_steady_flood_of_300_gets_at_most_12_replies_then_a_pause_ends_it(
    gaps: list[float],
) -> None:
    # 300 commands at 25 or more a second, jittered: on average 300 in 6 s.
    answered, refused, notes = play(gaps)
    assert notes == 1
    assert answered + notes <= 12
    assert play([*gaps, 0.5]) == (answered + 1, refused, notes)


def test_past_the_burst_one_note_then_silence_until_a_pause_and_other_members_apart() -> None:
    clock = Clock()
    gate = Floodgate(CommandRate(3, 10.0), clock=clock)
    assert [gate.admit(ALICE) for _ in range(3)] == [ANSWER] * 3
    clock.now = 2.0
    note = gate.admit(ALICE)
    assert not note.answer
    assert note.note == (
        "Slow down: I answer at most 3 commands from you in a row, then one every 3.34 "
        "seconds. I'll ignore what you send until you pause for 3.34 seconds."
    )
    # Each ignored command restarts the wait, so a steady flood is ignored throughout.
    for _ in range(100):
        clock.now += 3.0
        assert gate.admit(ALICE) == IGNORE
    assert gate.admit(2) == ANSWER  # another member is counted apart
    clock.now += 3.34  # the pause the note asked for
    assert gate.admit(ALICE) == ANSWER
    # No second note until the member has calmed down all the way: another stretch of
    # flooding is ignored silently.
    assert gate.admit(ALICE) == IGNORE
    clock.now += 9.0
    assert [gate.admit(ALICE) for _ in range(3)] == [ANSWER, ANSWER, IGNORE]
    clock.now += 11.0  # the whole burst is back: a later flood gets its note again
    assert [gate.admit(ALICE) for _ in range(3)] == [ANSWER] * 3
    assert gate.admit(ALICE).note is not None


def test_the_note_spells_the_default_in_plain_words() -> None:
    clock = Clock()
    gate = Floodgate(CommandRate(), clock=clock)
    verdicts = [gate.admit(ALICE) for _ in range(11)]
    assert verdicts[:10] == [ANSWER] * 10
    assert verdicts[10].note == (
        "Slow down: I answer at most 10 commands from you in a row, then one every 0.5 "
        "seconds. I'll ignore what you send until you pause for 0.5 seconds."
    )


def test_members_are_remembered_until_their_whole_burst_is_back_then_forgotten() -> None:
    clock = Clock()
    gate = Floodgate(CommandRate(5, 2.0), clock=clock)
    for member in range(1000):
        gate.admit(member)
    clock.now = 1.9
    for _ in range(5):
        gate.admit(ALICE)  # alice's five answers take 2 s to come back
    clock.now = 2.5
    gate.admit(5000)
    assert len(gate) == 2  # the others' one answer each is back: forgotten
    clock.now = 4.5
    gate.admit(5000)
    assert len(gate) == 1  # alice's too
