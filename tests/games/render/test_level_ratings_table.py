"""Help's table of the levels' ratings: a column per size of every kind that has measured
ratings, each rating under its own column, and "-" where a kind has no such level."""

from __future__ import annotations

from bot.games.render.solo import level_ratings_table
from bot.games.variants import all_variants, find_variant
from bot.i18n.width import display_width


def test_every_measured_rating_stands_under_its_own_column() -> None:
    *rows, _note = level_ratings_table().splitlines()
    head, *body = rows
    columns = [
        (variant.renderer.board_name(size), ratings)
        for variant in all_variants()
        for size, ratings in variant.level_ratings().items()
    ]
    assert head.split()[1:] == [name for name, _ratings in columns]
    table = {row.split()[0]: row.split()[1:] for row in body}
    levels = {level for _name, ratings in columns for level in ratings}
    assert set(table) == levels
    for number, (_name, ratings) in enumerate(columns):
        for level in levels:
            assert table[level][number] == str(ratings.get(level, "-"))


def test_the_columns_line_up() -> None:
    *rows, _note = level_ratings_table().splitlines()
    assert len({display_width(row) for row in rows}) == 1


def test_ultimate_has_a_column_of_its_own_levels() -> None:
    ultimate = find_variant("ultimate")
    assert set(ultimate.level_ratings()) == {9}
    rated = set(ultimate.level_ratings()[9])
    assert rated == {"easy", "medium", "hard", "strongest"}
    head, *rows = level_ratings_table().splitlines()[:-1]
    assert head.split()[-1] == ultimate.renderer.board_name(9)
    perfect = next(row for row in rows if row.split()[0] == "perfect")
    assert perfect.split()[-1] == "-"
