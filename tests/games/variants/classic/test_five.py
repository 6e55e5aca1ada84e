"""5x5, four in a row, through the game service: whole games, and honest hints early on: what
the review proves, the hint proves; what is not proven is said to be; an estimate only where
nothing is, and said once."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from games_helpers import ALICE, CHANNEL, make_service, start_game

from bot.engine import Move, Value
from bot.engine.classic import Board, appraise
from bot.games import GameService, Status, TooEarlyToSolveError
from bot.games.errors import PLAIN
from bot.games.variants.classic.review import HINT_BUDGET, REVIEW_PER_POSITION


@pytest.mark.parametrize("first", ["bot", "me"])
async def test_perfect_never_loses_a_whole_5x5_game_to_a_random_member(first: str) -> None:
    service = make_service()
    reply = await start_game(service, size=5, first=first)
    game = reply.game
    assert (game.size, game.k, game.position.k) == (5, 4, 4)
    rng = random.Random(first)
    while game.is_active:
        move = rng.choice(game.position.legal_moves)
        game = (await service.move(channel_id=CHANNEL, member_id=ALICE, move=move)).game
    assert game.status in (Status.LOST, Status.DRAWN)
    assert game.position.winner is None or len(game.position.winning_cells or ()) >= 4


def scripted(*replies: Move) -> Callable[[Any, str, random.Random], Move]:
    """A bot that plays ``replies`` in turn (the first legal move once they run out)."""
    left = list(replies)

    def bot(board: Any, level: str, rng: random.Random) -> Move:
        return left.pop(0) if left else board.legal_moves[0]

    return bot


async def played(moves: list[Move]) -> GameService:
    """A service whose 5x5 game alice (X) has played ``moves`` in, the bot's replies between
    them scripted (every other move)."""
    service = make_service(bot=scripted(*moves[1::2]))
    await start_game(service, size=5, first="me")
    for move in moves[::2]:
        await service.move(channel_id=CHANNEL, member_id=ALICE, move=move)
    return service


def at(*cells: tuple[int, int]) -> list[Move]:
    return [Move(row - 1, col - 1) for row, col in cells]


ISSUE_GAME = at((3, 3), (2, 4), (2, 2), (4, 4))
"""Issue 46's game: X 3,3, O 2,4, X 2,2, O 4,4. The hint took 1.7 s to say "too early" and
"estimate" three times; the review of the same game judged that very position exactly."""


async def test_the_5x5_hint_proves_what_the_review_proves() -> None:
    """One truth: where the review proves a position, the hint proves it too (here every
    move of it), and the two agree."""
    service = await played(ISSUE_GAME)
    game = await service.active_game(CHANNEL)
    hint = await service.hint(channel_id=CHANNEL, member_id=ALICE)
    text = game.variant.renderer.hint(hint)
    assert text.startswith(
        "Hint for alice: with best play on both sides this is a draw.\n"
        "Best: row 1, column 4 — draws.\nEvery move, best first:\n"
    )
    assert "estimate" not in text and "too early" not in text
    assert text.count("\n  row ") == 21  # every move, each proven
    resigned = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    review = await service.history.review(member_id=ALICE, game_id=resigned.id, channel_id=None)
    assert review.exact  # every verdict proven, as the issue's review was
    assert review.final is Value.DRAW  # "alice resigned a position that was still a draw"
    board = Board.empty(5, 4)
    for judged in review.moves:  # each position the review judged from, as a hint sees it
        appraisal = appraise(board, budget=HINT_BUDGET, per_position=REVIEW_PER_POSITION)
        assert judged.before is not None and appraisal.value is judged.before.value
        board = board.play(judged.move)


async def test_a_5x5_hint_says_what_it_proved_where_not_every_move_is() -> None:
    """X 4,4, O 1,3: a win is proven, and some moves, not all: no estimate, no guess."""
    service = await played(at((4, 4), (1, 3)))
    hint = await service.hint(channel_id=CHANNEL, member_id=ALICE)
    game = await service.active_game(CHANNEL)
    text = game.variant.renderer.hint(hint)
    lines = text.split("\n")
    assert lines[0] == "Hint for alice: you can force a win from here."
    assert lines[1].startswith("Best: row ") and " — wins" in lines[1]
    assert lines[2] == "The moves I could prove, best first:"
    proven = [line for line in lines if line.startswith("  row ")]
    assert 1 <= len(proven) < len(game.position.legal_moves)
    left = len(game.position.legal_moves) - len(proven)
    assert f"{left} other moves are not proven yet: too early in the game to solve in time" in text
    assert "estimate" not in text
    explained = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    said = game.variant.renderer.explain(explained, plain=True).split("\n")
    assert said[0] == "What I see (X to move):"
    assert said[1:4] == lines[1:4] and "estimate" not in " ".join(said)


async def test_a_5x5_position_where_nothing_is_proven_says_estimate_once() -> None:
    """X 1,3, O 1,4: nothing proven within the budget, so the heuristic's pick, an estimate,
    said once: the sentence, then "My pick" on the board and "? = my pick, not proven"."""
    service = await played(at((1, 3), (1, 4)))
    game = await service.active_game(CHANNEL)
    for ask in (service.hint, service.explain):
        with pytest.raises(TooEarlyToSolveError) as refused:
            await ask(channel_id=CHANNEL, member_id=ALICE)
        assert refused.value.pick in game.position.legal_moves
        text = game.variant.renderer.estimate(refused.value, PLAIN, plain=True)
        assert text.startswith(
            "This 5x5 position is too early for me to solve in time: no move here is proven to "
            "win, draw or lose yet (I can after a few more moves). My pick, an estimate: row "
        )
        assert text.count("estimate") == 1
        assert "\nMy pick (X to move):\n" in text and text.endswith("\n? = my pick, not proven.")


async def test_the_empty_5x5_board_is_proven_from_the_book() -> None:
    service = make_service()
    game = (await start_game(service, size=5, first="me")).game
    hint = await service.hint(channel_id=CHANNEL, member_id=ALICE)
    text = game.variant.renderer.hint(hint)
    assert text.startswith("Hint for alice: ") and "Every move, best first:" in text
    assert len([line for line in text.split("\n") if line.startswith("  row ")]) == 25
