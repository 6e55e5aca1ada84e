"""Puzzles made on the fly from finished games: the positions where a side had exactly one
winning move (the winner's chance after "the move that lost it", the loser's missed win; the
bot's own blunders included), proven by the engine's ``puzzles_from_game``.

A cursor in the bot's state (``MADE_THROUGH``) says which games were looked at; each call takes
the next few finished games after it, proves their positions in a worker thread and saves the
new puzzles (one per position under the board's symmetries, none the shipped set has). Several
processes may share the database: the store keeps each position once, so at worst a game is
proven twice. 3x3 is left out: the shipped set holds every 3x3 puzzle there is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import cache

from bot.engine.classic.puzzles import puzzle_from_proof, puzzles_from_game, shipped
from bot.engine.classic.puzzles.maker import canonical_key
from bot.games.models import Game, Status
from bot.games.puzzles.models import MadePuzzle
from bot.games.puzzles.solving import prover
from bot.games.store import GameStore
from bot.games.variants.classic import CLASSIC

log = logging.getLogger(__name__)

MADE_THROUGH = "puzzles-made-through"
"""The bot's state naming the last game looked at for puzzles."""

SIZES = (4, 5)
"""The board sizes puzzles are made on from games (3x3's are all shipped)."""

DECISIVE = (Status.WON, Status.LOST, Status.RESIGNED)
"""Games where someone lost: where a move lost it, or a win was missed."""

MOST_A_GAME = 3
"""Puzzles kept from one game at most (its earliest), so one long game does not flood the
pool."""


@cache
def shipped_shapes(size: int) -> frozenset[int]:
    """The shipped puzzles' positions of one size, as keys under the board's symmetries."""
    return frozenset(canonical_key(puzzle.board) for puzzle in shipped().of_size(size))


def made_from(games: Sequence[Game]) -> list[MadePuzzle]:
    """The new puzzles proven in ``games`` (this thread's prover), in game order."""
    made: list[MadePuzzle] = []
    for game in games:
        if game.variant is not CLASSIC or game.size not in SIZES:
            continue
        if game.status not in DECISIVE:
            continue
        kept = 0
        for proof in puzzles_from_game(game.moves, game.size, prover=prover()):
            shape = canonical_key(proof.board)
            if shape in shipped_shapes(game.size):
                continue
            puzzle = puzzle_from_proof(proof, 0)
            made.append(MadePuzzle(puzzle, shape, proof.positions_examined, game.id))
            kept += 1
            if kept == MOST_A_GAME:
                break
    return made


async def make_from_games(store: GameStore, now: Callable[[], datetime], limit: int) -> int:
    """Prove the next ``limit`` finished games after the cursor and save their puzzles; how
    many were new. The cursor moves past them whatever they held."""
    through = await store.bot_state(MADE_THROUGH)
    after = int(through) if through and through.isdigit() else 0
    games = await store.finished_games(after, limit)
    if not games:
        return 0
    made = await asyncio.to_thread(made_from, games)
    new = await store.add_made_puzzles(made, now()) if made else 0
    await store.set_bot_state(MADE_THROUGH, str(games[-1].id), now())
    if new:
        log.info("Made %d new puzzle(s) from games %d to %d.", new, games[0].id, games[-1].id)
    return new
