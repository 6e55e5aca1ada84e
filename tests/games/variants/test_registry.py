"""The one list of the kinds of game, and what every variant must give the adapters: a kind
named once, its choices and notes complete, its moves read back as it names them."""

from __future__ import annotations

import copy
import pickle
import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import Game, InvalidOptionError, Seat, Status
from bot.games.variants import VARIANTS, Variant, all_variants, default_variant, find_variant
from bot.i18n import SOURCE, use_locale

NOW = datetime(2026, 11, 29, tzinfo=UTC)


def test_the_list_holds_each_kind_once_the_default_first() -> None:
    kinds = [variant.kind for variant in all_variants()]
    assert all_variants() == VARIANTS and len(set(kinds)) == len(kinds)
    assert default_variant() is VARIANTS[0] is find_variant(None)
    for variant in all_variants():
        assert find_variant(variant.kind) is variant is find_variant(f" {variant.kind.upper()} ")
        assert find_variant(variant) is variant
        assert all(find_variant(alias) is variant for alias in variant.aliases)


def test_an_unknown_kind_is_refused_with_a_sentence_naming_the_kinds() -> None:
    with pytest.raises(InvalidOptionError) as refused:
        find_variant("chess")
    assert str(refused.value) == "The game must be classic, ultimate or connect4, not 'chess'."


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.kind)
def test_a_variant_gives_the_adapters_a_note_for_everything_it_offers(variant: Variant) -> None:
    """Its choice, rules, each level's and (where it offers a choice) each size's note, its
    leaderboards: what the choices and help are built from, so a gap would show as a bare
    value or a missing line."""
    renderer = variant.renderer
    assert renderer.choice.startswith(variant.kind) and renderer.rules
    assert list(renderer.level_notes) == list(variant.levels)
    assert all(note.startswith(level) for level, note in renderer.level_notes.items())
    assert variant.default_level in variant.levels and variant.default_size in variant.sizes
    if len(variant.sizes) > 1:
        assert list(renderer.size_notes) == list(variant.sizes)
    assert variant.leaderboards and all(
        board.choice.startswith(board.name) for board in variant.leaderboards
    )


def test_no_two_kinds_rate_members_on_the_same_size() -> None:
    """A solo rating is stored under its board size alone (migration 19), so each size that
    moves one belongs to one kind."""
    rated = [
        size for variant in all_variants() for size in variant.sizes if variant.counts_solo(size)
    ]
    assert len(rated) == len(set(rated))
    assert 7 in rated  # Connect Four's columns, beside classic's sizes


def test_no_two_kinds_share_a_leaderboard_name() -> None:
    names = [board.name for variant in all_variants() for board in variant.leaderboards]
    assert len(set(names)) == len(names)


def _game(variant: Variant, moves: int, seed: int) -> Game:
    """A running game of ``variant`` after ``moves`` random legal moves (fewer if it ended)."""
    rng = random.Random(seed)
    position = variant.start_position(variant.default_size)
    played = []
    for _ in range(moves):
        if position.is_over:
            break
        move = rng.choice(list(position.legal_moves))
        played.append(move)
        position = position.play(move)
    return Game(
        id=1, channel_id=1, guild_id=None, x=Seat(1, "alice"), o=Seat(2, "bob"), level="duel",
        size=variant.default_size, first="challenger", moves=tuple(played),
        status=Status.ACTIVE, winner=None, created_at=NOW, updated_at=NOW, variant=variant,
    )  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 20), st.integers(0, 10**6))
def test_every_legal_move_reads_back_from_its_label(
    variant: Variant, moves: int, seed: int
) -> None:
    """What a board labels a move is what a member may type for it (``parse_move``), and its
    name in a sentence differs from the bare label."""
    game = _game(variant, moves, seed)
    with use_locale(SOURCE):
        for move in game.position.legal_moves:
            assert variant.parse_move(variant.renderer.move_label(move), game) == move
            assert variant.renderer.move_name(move) != variant.renderer.move_label(move)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.kind)
def test_a_game_copied_or_unpickled_keeps_its_kinds_one_variant(variant: Variant) -> None:
    """A ``Game`` is a value: a copy or a pickled round trip is equal to it and plays by the
    very variant in the list (storage refuses a game whose variant is another object)."""
    game = _game(variant, 3, seed=1)
    for twin in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert twin == game and twin.variant is variant
