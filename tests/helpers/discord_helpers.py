"""Helpers shared by the Discord tests (fixtures live in conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import discord
import simcord

from bot.discord_bot import TicTacToeBot
from bot.discord_bot.board_view import message_text, walk
from bot.engine import Move
from bot.games import Game, GameError
from bot.games.boards import next_try

MakeBot = Callable[..., TicTacToeBot]
IDLE_TIMEOUT = 600.0
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
AFTER_A_REFUSAL = (next_try(_EPOCH, 1) - _EPOCH).total_seconds()
"""Seconds after the bot's own try at a board failed that the deliveries' sweep tries it."""


@dataclass
class World:
    """One server with a games channel and two members, alice and bob."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    checked: int = 0
    """How many of the errors simcord captured the test has looked at (``errors``)."""

    @property
    def bot(self) -> TicTacToeBot:
        assert isinstance(self.env.bot, TicTacToeBot)
        return self.env.bot

    async def game(self) -> Game:
        """The channel's active game, straight from the service."""
        return await self.bot.service.active_game(self.channel.id)

    def errors(self) -> list[BaseException]:
        """What the bot's error handlers received since the last look, refusals included."""
        seen = self.env.errors  # reading them tells simcord the test looked
        new, self.checked = seen[self.checked :], len(seen)
        return new

    def fresh(self, message: discord.Message | simcord.ResponseMessage) -> discord.Message:
        """``message`` as it is now in the channel (after edits)."""
        return next(m for m in self.channel.history() if m.id == message.id)

    def last(self) -> discord.Message:
        message = self.channel.last_message
        assert message is not None
        return message


def is_refusal(error: BaseException) -> bool:
    """Whether an error the handlers received is a ``GameError``: answered, not a failure."""
    return isinstance(getattr(error, "original", error), GameError)


def cell_id(game: Game, move: Move) -> str:
    """The custom_id of a cell's button on ``game``'s board."""
    return f"ttt:{game.id}:{move.row}:{move.col}"


def move_text(move: Move) -> str:
    """What a member types for ``move``: 1-based, as labelled."""
    return f"!move {move.row + 1} {move.col + 1}"


def buttons(message: discord.Message | simcord.ResponseMessage) -> list[discord.Button]:
    """Every button on a message, row by row (inside a V2 board's container too)."""
    found = walk(as_message(message).components)
    return [item for item in found if isinstance(item, discord.Button)]


def button_rows(message: discord.Message | simcord.ResponseMessage) -> list[list[str]]:
    """The labels (or emoji) of a message's buttons, one list per row, top to bottom."""
    return [
        [
            str(button.label or button.emoji)
            for button in row.children
            if isinstance(button, discord.Button)
        ]
        for row in walk(as_message(message).components)
        if isinstance(row, discord.ActionRow)
    ]


CONTROLS = ["Resign", "Hint", "Rematch"]
"""The controls row under every board."""


def as_message(message: discord.Message | simcord.ResponseMessage | None) -> discord.Message:
    """The message as discord.py reads it (a response simcord recorded, or a message)."""
    assert message is not None, "no message"
    return message.message if isinstance(message, simcord.ResponseMessage) else message


def accent(message: discord.Message | simcord.ResponseMessage) -> int | None:
    """The accent colour of a V2 message's container (how a game or a puzzle stands)."""
    container = as_message(message).components[0]
    assert isinstance(container, discord.Container)
    colour = container.accent_colour
    return None if colour is None else colour.value


def text_of(message: discord.Message | simcord.ResponseMessage | None) -> str:
    """What a message reads: its content, or a V2 board's text displays."""
    return message_text(as_message(message))


def cells(message: discord.Message) -> list[discord.Button]:
    """The cell buttons of a board, row by row (without a finished board's Rematch)."""
    return [b for b in buttons(message) if (b.custom_id or "").startswith("ttt:")]


def command_syncs(env: simcord.Env) -> list[str]:
    """Paths of every bulk command upload the bot made."""
    return [
        entry.path
        for entry in env.http_requests
        if entry.method == "PUT" and entry.path.endswith("/commands")
    ]


def private_answer(result: simcord.InteractionResult) -> str:
    """What the bot told only the member: its private response, or, once it acknowledged
    first (a click is; a slow command may be), its private follow-up. Asserts there is one."""
    response = result.response
    if result.ephemeral and response is not None:
        return text_of(response)
    private = [text_of(m) for m in result.followups if m.flags.ephemeral]
    assert private, f"no private answer: {result!r}"
    return private[0]


def posted(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The message a click posted in the channel (a rematch's board, a new challenge): a
    click is acknowledged first, so it is a public follow-up."""
    public = [m for m in result.followups if not m.flags.ephemeral]
    assert len(public) == 1, f"not one public follow-up: {result!r}"
    return public[0]


def deferred_first(world: World, result: simcord.InteractionResult) -> bool:
    """Whether the bot's first answer to the interaction was a defer ("thinking..." or a
    deferred update), i.e. it acknowledged before doing the slow work. simcord reads a
    completed "thinking..." as a message, so the callback Discord got is looked up, by the
    interaction's id, which its answer names."""
    if result.deferred:
        return True
    if result.response is None:  # a defer leaves a message to complete
        return False
    metadata = as_message(result.response).interaction_metadata
    assert metadata is not None, "the answer names no interaction"
    callbacks = [
        entry.json
        for entry in world.env.http_requests
        if entry.method == "POST"
        and entry.path.startswith(f"/interactions/{metadata.id}/")
        and entry.path.endswith("/callback")
    ]
    assert len(callbacks) == 1, callbacks
    body = callbacks[0]
    assert isinstance(body, dict)
    return body.get("type") in (5, 6)


async def alice_starts_a_game(
    env: simcord.Env, guild: simcord.GuildHandle, channel_name: str = "games"
) -> None:
    """A new member, alice, starts a game in a new channel of ``guild``: the bot answers
    there (the server's shard runs, the commands are known)."""
    channel = guild.create_text_channel(channel_name)
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "tictactoe start", first="me")
    assert "Your turn, alice" in text_of(result.response)
