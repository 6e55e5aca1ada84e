"""The buttons of duels and finished games: a challenge's Accept / Decline, and Rematch.

``DynamicItem`` s like the board's cells, registered at start-up: the ``custom_id``
("ttt-challenge:<id>:accept", "ttt-rematch:<game id>") carries all a click needs, so they
answer after a restart too. The service decides who may click; ``GameButton`` sends its
refusal privately.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.board_view import board_message, show_board
from bot.discord_bot.interactions import GameButton
from bot.discord_bot.messages import edit_message
from bot.games import Challenge, GameOverError, MoveReply
from bot.games.render.boards import describe_reply, render_challenge
from bot.games.wording import join_sentences
from bot.i18n import N_, _

if TYPE_CHECKING:
    from bot.discord_bot.app import TicTacToeBot

log = logging.getLogger(__name__)

ANSWERS = {
    # TRANSLATORS: a challenge's button (80 characters at most)
    "accept": (N_("Accept"), discord.ButtonStyle.success),
    # TRANSLATORS: a challenge's button (80 characters at most); the challenger's withdraws it
    "decline": (N_("Decline"), discord.ButtonStyle.danger),
}


def challenge_mentions(challenge: Challenge) -> discord.AllowedMentions:
    """The challenge message may ping the challenged member and nobody else."""
    opponent = discord.Object(id=challenge.opponent.member_id or 0)
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[opponent], replied_user=False
    )


def challenge_content(challenge: Challenge) -> str:
    """The challenge message: the opponent mentioned while it is open, named afterwards."""
    mention = f"<@{challenge.opponent.member_id}>" if challenge.is_open else None
    return render_challenge(challenge, mention)


class ChallengeButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"ttt-challenge:(?P<id>[0-9]+):(?P<answer>accept|decline)",
):
    """Accept or Decline one challenge (the challenger's Decline withdraws it)."""

    def __init__(self, challenge_id: int, answer: str, *, disabled: bool = False) -> None:
        label, style = ANSWERS[answer]
        super().__init__(
            discord.ui.Button(
                custom_id=f"ttt-challenge:{challenge_id}:{answer}",
                label=_(label),
                style=style,
                disabled=disabled,
            )
        )
        self.challenge_id = challenge_id
        self.answer = answer

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ChallengeButton:
        return cls(int(match["id"]), match["answer"])

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """Answer the challenge, edit its message, and on accept answer with the duel's board
        (a follow-up: it works where the bot only answers, too). A challenge already closed
        (expired, answered elsewhere) is shown closed on the clicked message."""
        service = interaction.client.service
        member = interaction.user.id
        try:
            if self.answer == "accept":
                game = await service.duels.accept(
                    challenge_id=self.challenge_id, member_id=member, owe_board=True
                )
                interaction.client.metrics.started(game)
                answered = await service.duels.get_challenge(self.challenge_id)
            else:
                game, answered = (
                    None,
                    await service.duels.decline(challenge_id=self.challenge_id, member_id=member),
                )
        except GameOverError:
            await self._show_closed(interaction)
            raise
        if answered is not None:
            await interaction.edit_original_response(
                content=challenge_content(answered), view=challenge_view(answered)
            )
        if game is not None:
            # TRANSLATORS: the headline of a duel's first board, once the challenge is accepted
            view = board_message(game, _("The duel is on."))

            async def post() -> int:
                message = await interaction.followup.send(view=view, wait=True)
                return message.id

            await show_board(interaction.client, game, post)

    async def _show_closed(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        """The clicked challenge as it closed, its buttons disabled; Discord refusing is
        only logged."""
        closed = await interaction.client.service.duels.get_challenge(self.challenge_id)
        if closed is None:
            return
        try:
            await interaction.edit_original_response(
                content=challenge_content(closed), view=challenge_view(closed)
            )
        except discord.HTTPException as error:
            log.info("Could not show challenge %s closed: %s", self.challenge_id, error)


class RematchButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"ttt-rematch:(?P<game>[0-9]+)",
):
    """Play a finished game again, sides swapped: a new game against me, or a new challenge."""

    def __init__(self, game_id: int, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"ttt-rematch:{game_id}",
                # TRANSLATORS: a finished board's button (80 characters at most): play again
                label=_("Rematch"),
                style=discord.ButtonStyle.success,
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    async def clicked(self, interaction: discord.Interaction[TicTacToeBot]) -> None:
        bot = interaction.client
        again = await bot.service.rematch(
            game_id=self.game_id,
            member_id=interaction.user.id,
            member_name=interaction.user.display_name,
            owe_board=True,
        )
        if isinstance(again, MoveReply):
            bot.metrics.started(again)
            game = again.game
            # TRANSLATORS: the headline of a rematch's board: the players' marks are swapped
            swapped = _("Rematch, sides swapped.")
            headline = join_sentences([swapped, describe_reply(again)])

            async def post() -> int:
                view = board_message(game, headline)
                message = await interaction.followup.send(view=view, wait=True)
                return message.id

            await show_board(bot, game, post)
            return
        await send_challenge(interaction, again)


def challenge_view(challenge: Challenge) -> discord.ui.View:
    """Accept and Decline, disabled once the challenge is answered or expired."""
    view = discord.ui.View(timeout=None)
    for answer in ANSWERS:
        view.add_item(ChallengeButton(challenge.id, answer, disabled=not challenge.is_open))
    return view


async def send_challenge(
    interaction: discord.Interaction[TicTacToeBot], challenge: Challenge
) -> None:
    """Post a new challenge as the answer to ``interaction`` and remember its message."""
    content, view = challenge_content(challenge), challenge_view(challenge)
    mentions = challenge_mentions(challenge)
    if interaction.response.is_done():  # a slow challenge was deferred, or a click's rematch
        message = await interaction.followup.send(
            content, view=view, allowed_mentions=mentions, wait=True
        )
        message_id: int | None = message.id
    else:
        callback = await interaction.response.send_message(
            content, view=view, allowed_mentions=mentions
        )
        message_id = callback.message_id
    if message_id is not None:
        duels = interaction.client.service.duels
        await duels.attach_challenge_message(challenge.id, message_id)


async def close_challenge_message(bot: TicTacToeBot, challenge: Challenge) -> None:
    """Show an expired (or otherwise answered) challenge as such, its buttons disabled;
    where the bot only answers, the next click on it does (``ChallengeButton``)."""
    if challenge.message_id is not None and not challenge.answers_only:
        await edit_message(
            bot,
            channel_id=challenge.channel_id,
            guild_id=challenge.guild_id,
            message_id=challenge.message_id,
            content=challenge_content(challenge),
            view=challenge_view(challenge),
        )
