"""Help's table of the levels' ratings: a column per size of every kind that has measured
ratings, each rating under its own column, and "-" where a kind has no such level."""

from __future__ import annotations

from bot.games.render.solo import level_ratings_table
from bot.games.variants import all_variants, find_variant
from bot.i18n.width import display_width


def _columns() -> list[tuple[str, dict[str, int]]]:
    return [
        (variant.renderer.board_name(size), ratings)
        for variant in all_variants()
        for size, ratings in variant.level_ratings().items()
    ]


def test_every_measured_rating_stands_under_its_own_column() -> None:
    """Each rating ends where its column's name ends (a name may have spaces: "Connect
    Four"), in the columns' order."""
    *rows, _note = level_ratings_table().splitlines()
    head, *body = rows
    columns = _columns()
    ends, start = [], 0
    for name, _ratings in columns:
        start = head.index(name, start) + len(name)
        ends.append(start)
    assert head[ends[-1] :] == ""
    table = {row.split()[0]: row for row in body}
    levels = {level for _name, ratings in columns for level in ratings}
    assert set(table) == levels
    for end, (_name, ratings) in zip(ends, columns, strict=True):
        for level in levels:
            value = str(ratings.get(level, "-"))
            assert table[level][end - len(value) : end] == value
            assert table[level][end - len(value) - 1] == " "


def test_the_columns_line_up() -> None:
    *rows, _note = level_ratings_table().splitlines()
    assert len({display_width(row) for row in rows}) == 1


def test_ultimate_has_a_column_of_its_own_levels() -> None:
    ultimate = find_variant("ultimate")
    assert set(ultimate.level_ratings()) == {9}
    rated = set(ultimate.level_ratings()[9])
    assert rated == {"easy", "medium", "hard", "strongest"}
    head, *rows = level_ratings_table().splitlines()[:-1]
    names = [name for name, _ratings in _columns()]
    assert ultimate.renderer.board_name(9) in head
    perfect = next(row for row in rows if row.split()[0] == "perfect")
    assert perfect.split()[1 + names.index(ultimate.renderer.board_name(9))] == "-"
