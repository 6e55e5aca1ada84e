"""A fake Discord at the wire level, for running the real bot process under Discord's faults.

``server.FakeDiscord`` serves HTTPS and the gateway on 127.0.0.1 (members act through it),
``faults.Faults`` decides which of the bot's requests Discord refuses, ``connector`` is the
bot's side (an aiohttp connector reaching the fake), ``run_bot`` the bot's launcher and
``process.BotProcess`` runs it; ``components`` reads messages as Discord keeps them
(Components V2 included) and ``boards`` the tic-tac-toe boards the bot showed.
Why a wire-level fake: docs/decisions.md, issue 35.
"""

from .faults import POSTS_AND_EDITS, Faults, Kind, Refusal
from .process import BotProcess
from .server import DEADLINE, FakeDiscord, Interaction, Member, Shown

__all__ = [
    "DEADLINE",
    "POSTS_AND_EDITS",
    "BotProcess",
    "FakeDiscord",
    "Faults",
    "Interaction",
    "Kind",
    "Member",
    "Refusal",
    "Shown",
]
