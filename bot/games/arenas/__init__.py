"""Arenas: a server's tournament that runs itself, as Lichess's arenas run (issue 47).

``models`` holds the values (an arena, its entrants, its pairings), ``scoring`` the points and
the standings, ``pairing`` who plays whom, ``times`` reads a start time, ``sentences`` the
refusals, ``render`` their words, and ``arenas`` is the collaborator adapters reach as
``service.arenas``. Importing this package imports only the values, so the store contract and
the adapters may name them. Reasons and figures: docs/arenas.md.
"""

from bot.games.arenas.models import (
    Arena,
    ArenaState,
    ArenaStatus,
    EndedBy,
    Entrant,
    FinalLine,
    Pairing,
    PairingStatus,
    Standing,
    Tick,
    Timeout,
)

__all__ = [
    "Arena",
    "ArenaState",
    "ArenaStatus",
    "EndedBy",
    "Entrant",
    "FinalLine",
    "Pairing",
    "PairingStatus",
    "Standing",
    "Tick",
    "Timeout",
]
