"""The terminal's hot-seat duels: ``start duel`` asks the two players' names once, then each
rematch swaps who moves first once someone has moved in the last one.

Two people at one keyboard: their duel is played in the keyboard's own place (the session's
channel), each under the id their name always plays under (``session.player_id``), so a
duelist's stats are that name's. The duel is set up through the game layer's challenge and
accept, as on Discord, so its rules (the size checked, the room made) are the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.games import Game, NoGameError, Seat
from bot.games.render.boards import SET_ASIDE
from bot.games.wording import join_sentences, quote_input
from bot.i18n import N_, _
from bot.terminal.commands import (
    CommandError,
    StartGame,
    WordCommand,
    name_problem,
    parse_command,
    reads_as_command,
    trim_name,
)

if TYPE_CHECKING:
    from bot.terminal.session import TerminalSession

AFTER_DUEL = N_(
    "Type start duel for a rematch (the other player moves first), or start to play me."
)
AFTER_UNPLAYED_DUEL = N_(
    "Type start duel to play it after all (the same player moves first), or start to play me."
)
DUEL_NAMES = (
    # TRANSLATORS: the terminal asks two players at one keyboard for their names, in turn
    N_("Player 1, your name? (you play X and move first)"),
    N_("Player 2, your name?"),
)
# TRANSLATORS: {line}: what a player typed where a duelist's name was asked, quoted
NOT_A_NAME = N_("{line} is a command, not a name: type a name, or quit to call the duel off.")
DUEL_OFF = N_("The duel is off. Type start duel to set it up again.")


@dataclass
class DuelSetUp:
    """A ``start duel`` waiting for its players' names: the kind and size, checked, what of
    them was kept from the last game (start's options, as typed), and the names given so far.
    Nothing of it is kept unless the duel begins."""

    kind: str
    size: int
    kept: list[str] = field(default_factory=list)
    names: list[Seat] = field(default_factory=list)


class HotSeat:
    """The duels two players take turns in at this keyboard, spoken through ``session``."""

    def __init__(self, session: TerminalSession) -> None:
        self.session = session
        self.duelists: list[Seat] = []  # the hot-seat players, in the order named, asked once
        self.duel_id: int | None = None  # their last duel here: who moves first next
        self.setting_up: DuelSetUp | None = None  # a duel waiting for its players' names

    @staticmethod
    def after(game: Game) -> str:
        """What to type after the duel ``game`` ended: a duel nobody moved in is no rematch."""
        return _(AFTER_DUEL if game.has_started else AFTER_UNPLAYED_DUEL)

    def resume(self, game: Game) -> None:
        """Take up the players of the duel ``game`` running at this keyboard, and show it."""
        session = self.session
        self.duelists, self.duel_id = [game.x, game.o], game.id
        session.kind, session.size = game.kind, game.size
        # TRANSLATORS: {first} and {second}: the two duelists' names; the board follows
        welcome = _("Welcome back, {first} and {second}! Your duel is waiting:")
        session.say(welcome.format(first=game.x.name, second=game.o.name))
        session.show(game)

    def duelist(self, name: str) -> Seat:
        """A hot-seat player, under the id the name always plays under here (``player_id``),
        so a duelist's stats are that name's."""
        return Seat(self.session.player_id_of(name), name)

    async def start(self, command: StartGame) -> None:
        """A duel at this keyboard, size and room checked first (nothing asked when it cannot
        begin): ask both names the first time, then play; a rematch of a duel someone moved in
        swaps who moves first."""
        session = self.session
        me = session.player_id
        kind, size = session.board_asked(command)
        duels = session.service.duels
        kept = session.board_kept(command, kind, size)
        size = await duels.check_duel(channel_id=me, host_id=me, size=size, game=kind)
        if len(self.duelists) < 2:
            self.setting_up = DuelSetUp(kind, size, kept)
            session.say(_(DUEL_NAMES[0]))
            return
        await self.begin(await self.next_order(), kind, size, kept)

    async def next_order(self) -> list[Seat]:
        """The duelists, X first: the last duel's O moves first if anyone moved in it."""
        last = None if self.duel_id is None else await self.session.service.get(self.duel_id)
        if last is None:
            return list(self.duelists)
        return [last.o, last.x] if last.has_started else [last.x, last.o]

    async def take_name(self, line: str) -> None:
        """One duelist's name, typed after ``start duel``; both given, the duel starts. A
        command, an empty line or the other player's name is refused and asked again; quit
        calls the duel off (``call_off``)."""
        session, setting = self.session, self.setting_up
        assert setting is not None
        try:
            command = parse_command(line)
        except CommandError:
            command = None
        if command == WordCommand("quit"):
            self.call_off()
            return
        name = trim_name(line)
        taken = [seat.name.casefold() for seat in setting.names]
        problem = _("Type a name.") if not name else name_problem(name)
        if name and reads_as_command(line):
            problem = _(NOT_A_NAME).format(line=quote_input(name))
        elif problem is None and name.casefold() in taken:
            # TRANSLATORS: {name}: the name the other duelist already gave
            problem = _("{name} is taken: pick another name.").format(name=name)
        if problem is not None:
            session.say(join_sentences([problem, _(DUEL_NAMES[len(setting.names)])]))
            return
        setting.names.append(self.duelist(name))
        if len(setting.names) < 2:
            session.say(_(DUEL_NAMES[1]))
            return
        self.setting_up = None
        await self.begin(setting.names, setting.kind, setting.size, setting.kept)
        self.duelists = setting.names

    def call_off(self) -> None:
        """Drop the duel waiting for its players' names (``quit``, or Ctrl-D, at a name
        prompt), and say so."""
        self.setting_up = None
        self.session.say(_(DUEL_OFF))

    async def begin(self, order: list[Seat], kind: str, size: int, kept: list[str]) -> None:
        """The duel between ``order`` (X first) on a ``size`` board of ``kind``, in this
        keyboard's place: the player's own game nobody moved in is set aside, as a start
        would; ``kept``: what of the board came from the last game, said after the duel's
        sentence."""
        session = self.session
        me = session.player_id
        first, second = order
        assert first.member_id is not None and second.member_id is not None
        try:
            running: Game | None = await session.service.active_game(me)
        except NoGameError:
            running = None
        aside = running is not None and running.can_be_set_aside_by(me)
        challenge = await session.service.duels.challenge(
            channel_id=me,
            guild_id=None,
            challenger=first,
            opponent=second,
            size=size,
            first="challenger",
            host_id=me,
            game=kind,
        )
        game = await session.service.duels.accept(
            challenge_id=challenge.id, member_id=second.member_id
        )
        self.duel_id, session.kind, session.size = game.id, game.kind, game.size
        begun = game.variant.renderer.duel_begun(game)
        said = [_(SET_ASIDE) if aside else "", begun, session.kept_from_last(kept)]
        session.say(join_sentences(said))
        session.show(game)
