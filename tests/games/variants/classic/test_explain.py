"""Explain: which position and move the service explains, who may ask and when, and that the
board it draws shows exactly what analyze() says for every empty cell."""

from __future__ import annotations

from math import ceil
from pathlib import Path

import pytest
from games_helpers import (
    ALICE,
    BOB,
    CHANNEL,
    FakeClock,
    first_free,
    make_service,
    member_vs_member,
    start_game,
)
from reachable import positions_with_moves

from bot.engine import Move, Player, Value
from bot.engine.classic import Board, analyze, explain
from bot.games import (
    BOT_NAME,
    Game,
    GameError,
    GameRunningError,
    NoGameError,
    NotYourGameError,
    Seat,
    Status,
)
from bot.games.render.explaining import EMOJI_EXPLAINED, EMOJI_VALUE
from bot.games.variants.classic import CLASSIC
from bot.games.variants.classic.explain import (
    explain_emoji_grid,
    explain_reason,
    explain_text_grid,
    render_explain_emoji,
    render_explain_text,
)
from bot.games.variants.classic.replies import Explained
from bot.storage import SqliteGameStore

LETTER = {"W": Value.WIN, "D": Value.DRAW, "L": Value.LOSS}


def shown_codes(reply: Explained) -> dict[Move, str]:
    """Read the text grid back: every cell's glyph, brackets removed."""
    grid = explain_text_grid(reply)
    size = reply.position.size
    codes: dict[Move, str] = {}
    for row in range(size):
        cells = grid[1 + 2 * row][3:].split("|")
        for col, cell in enumerate(cells):
            codes[Move(row, col)] = cell.strip().strip("[]")
    return codes


def reply_for(board: Board, moves: tuple[Move, ...]) -> Explained:
    """A running member(X)-vs-bot game at ``board``, explained by the engine directly."""
    game = Game(
        id=1,
        channel_id=CHANNEL,
        guild_id=None,
        x=Seat(ALICE, "alice"),
        o=Seat(None, BOT_NAME),
        level="perfect",
        size=3,
        first="me",
        moves=moves,
        status=Status.ACTIVE,
        winner=None,
        created_at=FakeClock()(),
        updated_at=FakeClock()(),
        variant=CLASSIC,
    )
    explanation = explain(board)
    move = explanation.analysis.best_moves[0]
    return Explained(game, board, board.to_move, move, False, explanation)


@pytest.mark.slow
def test_the_explain_board_shows_analyze_on_every_reachable_position() -> None:
    checked = 0
    for board, moves in positions_with_moves():
        if board.is_over:
            continue
        reply = reply_for(board, moves)
        codes = shown_codes(reply)
        emoji_rows = explain_emoji_grid(reply)[1:]
        by_move = {entry.move: entry for entry in analyze(board).moves}
        for move, code in codes.items():
            mark = board.at(move)
            if mark is not None:
                assert code == mark.value
                continue
            entry = by_move[move]
            assert LETTER[code[0]] is entry.value, (board, move, code)
            if entry.value is not Value.DRAW:
                assert int(code[1:]) == ceil(entry.plies / 2), (board, move, code)
            emoji = emoji_rows[move.row][len("1\ufe0f\u20e3") :][move.col]
            assert emoji in (EMOJI_VALUE[entry.value], EMOJI_EXPLAINED)
        assert (EMOJI_EXPLAINED in "".join(emoji_rows)) and reply.move in by_move
        checked += 1
    assert checked == 4520


async def test_in_a_running_game_the_player_sees_the_current_position() -> None:
    service = make_service()
    await start_game(service)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    game = await service.active_game(CHANNEL)
    reply = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert reply.position == game.position and reply.mover is Player.X and not reply.played
    assert reply.move in analyze(game.position).best_moves
    assert reply.explanation.plain == 7_332  # plain minimax below X../.O./... (or any reply)
    text = render_explain_text(reply)
    assert "In your place I would play" in text
    assert f"a plain minimax would examine {reply.explanation.plain:,}" in text


async def test_a_bystander_cannot_explain_someone_elses_running_game() -> None:
    service = make_service()
    await start_game(service)
    with pytest.raises(NotYourGameError, match="alice's game"):
        await service.explain(channel_id=CHANNEL, member_id=BOB)


async def test_without_any_game_explain_says_how_to_start_one() -> None:
    with pytest.raises(NoGameError, match=r"^There is no game here to explain\. Start one"):
        await make_service().explain(channel_id=CHANNEL, member_id=ALICE)


async def test_after_the_game_anyone_sees_the_bots_last_move_explained() -> None:
    service = make_service(bot=first_free)
    await start_game(service, level="easy")
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))  # bot: 1,2
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))  # bot: 1,3
    reply = await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(2, 2))
    assert reply.game.status is Status.WON
    explained = await service.explain(channel_id=CHANNEL, member_id=BOB)
    assert explained.played and explained.move == Move(0, 2)  # the bot's last move
    assert explained.position == Board.from_notation("XO./.X./...")
    assert explained.mover is Player.O
    sentence = explain_reason(explained)
    assert sentence.startswith(
        "I played row 1, column 3: it loses on the next move, but row 3, column 3 loses in 2"
    )
    assert "at the easy level I make mistakes on purpose" in sentence
    assert "The position before my last move" in render_explain_emoji(explained)


async def test_when_the_member_moved_last_the_bots_move_before_it_is_explained() -> None:
    service = make_service()
    await start_game(service, first="bot")  # the bot is X and opens
    game = await service.resign(channel_id=CHANNEL, member_id=ALICE)
    reply = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert reply.position == Board.empty() and reply.move == game.moves[0]
    assert explain_reason(reply).startswith(f"I played {game.moves[0]}: ")


async def test_a_game_where_the_bot_never_moved_has_nothing_to_explain() -> None:
    service = make_service()
    await start_game(service)
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    with pytest.raises(GameError, match=r"^I did not play a move in that game"):
        await service.explain(channel_id=CHANNEL, member_id=ALICE)


async def test_an_expired_game_can_be_explained() -> None:
    clock = FakeClock()
    service = make_service(clock=clock, idle_timeout=60)
    await start_game(service, first="bot")
    clock.advance(61)
    reply = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert reply.played and reply.game.status is Status.EXPIRED


async def test_a_running_duel_refuses_explain_and_a_finished_one_explains_the_last_move() -> None:
    store = SqliteGameStore(":memory:")
    await store.insert(member_vs_member())
    service = make_service(store=store)
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(1, 1))
    for asker in (ALICE, BOB, 3):
        with pytest.raises(GameRunningError, match=r"^alice and bob are still playing"):
            await service.explain(channel_id=CHANNEL, member_id=asker)
    await service.move(channel_id=CHANNEL, member_id=BOB, move=Move(0, 1))
    await service.resign(channel_id=CHANNEL, member_id=BOB)
    reply = await service.explain(channel_id=CHANNEL, member_id=3)
    assert reply.move == Move(0, 1) and reply.mover is Player.O
    assert reply.position == Board.from_notation(".../.X./...")
    assert explain_reason(reply) == (
        "bob played row 1, column 2: it loses in 3 of bob's moves, but row 1, column 1 draws."
    )


async def test_a_new_game_is_explained_instead_of_the_finished_one() -> None:
    service = make_service()
    await start_game(service, first="bot")
    await service.resign(channel_id=CHANNEL, member_id=ALICE)
    await start_game(service)
    reply = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert not reply.played and reply.position == Board.empty()


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("XX./OO./...", "it completes a line and wins at once."),
        ("X../.O./..X", "it keeps the draw, while 2 of the 6 moves would lose."),
        (".../.O./XX.", "it blocks X's line, which keeps the draw, while 5 of the 6 moves"),
        (".../..O/XX.", "it blocks X's line and wins in 3 of my moves against any defence."),
        (".../.X./XO.", "every move loses against best play, and this one holds out longest"),
        (".../.../...", "every move draws with best play on both sides."),
    ],
)
def test_the_reason_names_what_decides_the_move(notation: str, reason: str) -> None:
    board = Board.from_notation(notation)
    reply = reply_for(board, ())
    assert reason in explain_reason(reply)


async def test_the_tour_shows_a_real_explain_board() -> None:
    """The tour's example (docs/minimax.md) is what the terminal prints for that game, word
    for word."""
    service = make_service(bot=first_free)  # the bot answers 1,1 with the edge 1,2
    await start_game(service, level="easy")
    await service.move(channel_id=CHANNEL, member_id=ALICE, move=Move(0, 0))
    shown = render_explain_text(await service.explain(channel_id=CHANNEL, member_id=ALICE))
    tour = (Path(__file__).resolve().parents[4] / "docs" / "minimax.md").read_text(encoding="utf-8")
    assert f"```\n{shown}\n```" in tour


@pytest.mark.slow
async def test_an_early_4x4_position_says_plain_minimax_is_too_large_to_count() -> None:
    service = make_service()
    await start_game(service, size=4)
    reply = await service.explain(channel_id=CHANNEL, member_id=ALICE)
    assert reply.explanation.plain is None and reply.explanation.searched > 1_000
    assert "a plain minimax would examine far more (over 150,000" in render_explain_text(reply)
