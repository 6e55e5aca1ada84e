"""5x5, four in a row, through the game service: whole games, and honest hints early on."""

from __future__ import annotations

import random

import pytest
from games_helpers import ALICE, CHANNEL, make_service, start_game

from bot.games import GameError, Status


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


async def test_an_early_5x5_hint_says_it_is_an_estimate_and_names_a_legal_pick() -> None:
    service = make_service()
    game = (await start_game(service, size=5, first="me")).game
    with pytest.raises(GameError) as refused:
        await service.hint(channel_id=CHANNEL, member_id=ALICE)
    text = str(refused.value)
    assert "too early for me to solve exactly" in text
    assert "My pick, an estimate and not a proof: row " in text
    assert game.position.legal_moves  # the pick is one of them (the sentence names row, column)


async def test_an_early_5x5_explain_is_labelled_an_estimate_too() -> None:
    service = make_service()
    await start_game(service, size=5, first="me")
    with pytest.raises(GameError, match="an estimate and not a proof"):
        await service.explain(channel_id=CHANNEL, member_id=ALICE)
