"""The text players read, for Discord and the terminal, so a game reads the same everywhere.

``boards`` puts a game's message together (its title, grid and status line are its variant's
renderer's, ``bot.games.variants``) and words challenges, replies and expiry; ``explain`` words
exact hints, explanations and estimates; ``records`` stats and leaderboards; ``history`` a
page of a member's games and ``review`` a post-game review. Nothing here touches storage or
Discord; their public names are re-exported here.
"""

from __future__ import annotations

from bot.games.render.boards import (
    EMOJI_CORNER,
    EMOJI_EMPTY,
    SET_ASIDE,
    TEXT_EMPTY,
    MarkPainter,
    describe_reply,
    describe_set_aside,
    emoji_rows,
    mark_glyph,
    render_challenge,
    render_emoji,
    render_expired,
    render_text,
    status_line,
    text_rows,
)
from bot.games.render.explain import (
    EMOJI_ESTIMATE,
    EMOJI_EXPLAINED,
    EMOJI_VALUE,
    TEXT_ESTIMATE,
    VALUE_LETTER,
    describe_outcome,
    estimate_emoji_grid,
    estimate_text_grid,
    explain_emoji_grid,
    explain_reason,
    explain_search,
    explain_text_grid,
    explained_cells,
    render_estimate_emoji,
    render_estimate_text,
    render_explain_emoji,
    render_explain_text,
    render_hint,
    value_code,
    your_moves,
)
from bot.games.render.glyphs import EMOJI_MARK, keycap
from bot.games.render.history import history_line, render_history
from bot.games.render.records import (
    describe_record,
    render_duel_leaderboard,
    render_leaderboard,
    render_stats,
)
from bot.games.render.review import (
    REVIEW_ESTIMATE,
    VERDICTS_MEAN,
    accuracy_line,
    move_line,
    render_review,
    result_words,
    review_lines,
    review_title,
    turning_point,
)
from bot.games.render.solo import (
    ADAPTIVE_NOTE,
    describe_solo,
    level_ratings_table,
    render_solo_leaderboard,
)

__all__ = [
    "ADAPTIVE_NOTE",
    "EMOJI_CORNER",
    "EMOJI_EMPTY",
    "EMOJI_ESTIMATE",
    "EMOJI_EXPLAINED",
    "EMOJI_MARK",
    "EMOJI_VALUE",
    "REVIEW_ESTIMATE",
    "SET_ASIDE",
    "TEXT_EMPTY",
    "TEXT_ESTIMATE",
    "VALUE_LETTER",
    "VERDICTS_MEAN",
    "MarkPainter",
    "accuracy_line",
    "describe_outcome",
    "describe_record",
    "describe_reply",
    "describe_set_aside",
    "describe_solo",
    "emoji_rows",
    "estimate_emoji_grid",
    "estimate_text_grid",
    "explain_emoji_grid",
    "explain_reason",
    "explain_search",
    "explain_text_grid",
    "explained_cells",
    "history_line",
    "keycap",
    "level_ratings_table",
    "mark_glyph",
    "move_line",
    "render_challenge",
    "render_duel_leaderboard",
    "render_emoji",
    "render_estimate_emoji",
    "render_estimate_text",
    "render_expired",
    "render_explain_emoji",
    "render_explain_text",
    "render_hint",
    "render_history",
    "render_leaderboard",
    "render_review",
    "render_solo_leaderboard",
    "render_stats",
    "render_text",
    "result_words",
    "review_lines",
    "review_title",
    "status_line",
    "text_rows",
    "turning_point",
    "value_code",
    "your_moves",
]
