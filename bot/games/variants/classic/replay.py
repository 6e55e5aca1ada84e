"""The replay image of a game: an animated GIF, one frame for the empty board, one per move.

``replay_image(size, k, moves, marks)`` returns the GIF's bytes. It takes plain values rather
than a ``Game`` so that any finished game can be replayed, whatever record it was read from
(``replay_image(game.size, game.k, game.moves, marks)``), and it knows nothing of the review:
``marks`` maps a move's index (0-based) to its verdict word, and only ``"mistake"`` and
``"blunder"`` are drawn; any other word (``"best"``, ``"good"``, ``"estimate"``) is drawn
plainly. Works on every board the engine plays (3x3 to 6x6, any ``k``).

Each frame shows row and column numbers (1-based, as the review names cells), X as a blue
cross and O as a vermillion ring (Okabe-Ito colours, told apart with colour blindness too), the
last move's cell in pale yellow, every mistake so far in an amber frame with a ``?`` badge and
every blunder in a purple double frame with a ``??`` badge, and a caption under the board
(``7. X 2,3  blunder``). The last frame draws the winning line, says who won, and stays up for
``last_frame_ms``. Drawing uses ``ImageDraw`` only, at three times the size then scaled down
for smooth edges, with Pillow's own default font; every frame shares one fixed palette, so the
same input always gives the same bytes. ``cell_box`` says where a cell is in the image.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.engine import Move, Player
from bot.engine.classic import Board
from bot.games.render.gif import RGB, Box, checked_marks, encode, font, palette, replayed
from bot.games.review import Review

FRAME_MS = 800
"""How long each frame but the last stays up, in milliseconds."""
LAST_FRAME_MS = 3000
"""How long the last frame stays up, so the end of the game can be read before it loops."""

# --- colours (Okabe-Ito for the marks and verdicts) ---------------------------------------------

CANVAS: RGB = (247, 247, 244)
PLATE: RGB = (201, 201, 196)  # the board under the cells, seen in the gaps between them
TILE: RGB = (255, 255, 255)  # an empty cell; the text on a verdict's badge
LABEL: RGB = (118, 118, 118)  # row and column numbers
INK: RGB = (34, 34, 34)  # the caption and the winning line
X_COLOUR: RGB = (0, 114, 178)  # blue
O_COLOUR: RGB = (213, 94, 0)  # vermillion
LAST_MOVE_COLOUR: RGB = (255, 230, 140)  # pale yellow: the cell of the move just played
MISTAKE_COLOUR: RGB = (230, 159, 0)  # amber; one frame and "?"
BLUNDER_COLOUR: RGB = (170, 51, 119)  # purple; a double frame and "??"
WIN_LINE_COLOUR = INK

MARK_COLOUR = {Player.X: X_COLOUR, Player.O: O_COLOUR}
VERDICT_COLOUR = {"mistake": MISTAKE_COLOUR, "blunder": BLUNDER_COLOUR}
VERDICT_BADGE = {"mistake": "?", "blunder": "??"}
RESULT: dict[Player | None, str] = {Player.X: "1-0", Player.O: "0-1", None: "1/2-1/2"}
"""A finished game's result under its last frame, as board games write it (X's score first)."""

_BASE: tuple[RGB, ...] = (CANVAS, PLATE, TILE, LABEL, INK, X_COLOUR, O_COLOUR)
_BASE += (LAST_MOVE_COLOUR, MISTAKE_COLOUR, BLUNDER_COLOUR)
_BLEND_STEPS = 5  # shades between each pair of base colours, for the smoothed edges

# --- layout, in pixels of the final image ---------------------------------------------------------

BOARD_PX = 384  # the board's side, give or take the rounding of the cell size
PAD = 10  # space round everything
LABELS = 22  # the band of row and column numbers
GAP = 4  # the plate seen between two cells
CAPTION = 38  # the band under the board
_SCALE = 3  # frames are drawn this many times larger, then scaled down


def cell_px(size: int) -> int:
    """The side of one cell's square (cell and its share of the gap) on a ``size`` board."""
    return BOARD_PX // size


def image_size(size: int) -> tuple[int, int]:
    """The width and height of every frame of a ``size``x``size`` replay."""
    board = cell_px(size) * size
    return PAD + LABELS + board + PAD, PAD + LABELS + board + CAPTION


def cell_box(size: int, move: Move) -> Box:
    """The cell of ``move`` in a frame as ``(left, top, right, bottom)``, right and bottom
    excluded, gaps not included: every pixel inside belongs to the cell."""
    step = cell_px(size)
    left = PAD + LABELS + move.col * step + GAP // 2
    top = PAD + LABELS + move.row * step + GAP // 2
    return left, top, left + step - GAP, top + step - GAP


# --- the image ----------------------------------------------------------------------------------


def replay_image(
    size: int,
    k: int,
    moves: Sequence[Move],
    marks: Mapping[int, str] | None = None,
    *,
    frame_ms: int = FRAME_MS,
    last_frame_ms: int = LAST_FRAME_MS,
) -> bytes:
    """The animated GIF of a game of ``moves`` on a ``size`` board with ``k`` in a row.

    ``len(moves) + 1`` frames: the empty board, then the board after each move. ``marks``
    maps a move's index (0-based) to its verdict word; ``"mistake"`` and ``"blunder"`` are
    drawn from that move's frame on, other words are drawn plainly. The GIF loops forever.

    Raises:
        ValueError: the board shape is not one the engine plays (``BoardSizeError``); a move
            is off the board, on a taken cell or after the game ended (the message names the
            move's number and says why); a mark names no move; a duration is below 20 ms
            (browsers slow shorter frames down).
    """
    marks = checked_marks(moves, marks, frame_ms, last_frame_ms)
    boards = replayed(Board.empty(size, k), moves)
    empty = _empty_board(size)
    frames = [_draw(empty, board, moves[:n], marks) for n, board in enumerate(boards)]
    return encode(frames, palette(_BASE, _BLEND_STEPS), frame_ms, last_frame_ms)


def _empty_board(size: int) -> Image.Image:
    """The empty board at ``_SCALE`` times its size: numbers, plate and cells, no caption."""
    s = _SCALE
    width, height = image_size(size)
    image = Image.new("RGB", (width * s, height * s), CANVAS)
    draw = ImageDraw.Draw(image)
    step = cell_px(size) * s
    left = top = (PAD + LABELS) * s
    labels = font(13 * s)
    for i in range(size):
        middle = left + i * step + step // 2
        draw.text((middle, top - 4 * s), str(i + 1), fill=LABEL, font=labels, anchor="ms")
        draw.text((left - 7 * s, middle), str(i + 1), fill=LABEL, font=labels, anchor="rm")
    half_gap = GAP * s // 2
    right, bottom = left + size * step + half_gap, top + size * step + half_gap
    draw.rounded_rectangle((left - half_gap, top - half_gap, right, bottom), 8 * s, fill=PLATE)
    for row in range(size):
        for col in range(size):
            _tile(draw, size, Move(row, col), TILE)
    return image


def _tile(draw: ImageDraw.ImageDraw, size: int, cell: Move, fill: RGB) -> None:
    box = _scaled(cell_box(size, cell))
    draw.rounded_rectangle(box, radius=cell_px(size) * _SCALE // 9, fill=fill)


def _draw(
    empty: Image.Image, board: Board, played: Sequence[Move], marks: Mapping[int, str]
) -> Image.Image:
    """One frame at its final size, in RGB: ``board`` after ``played``, drawn on a copy of
    ``empty`` (from ``_empty_board``)."""
    size = board.size
    image = empty.copy()
    draw = ImageDraw.Draw(image)
    if played:
        _tile(draw, size, played[-1], LAST_MOVE_COLOUR)
    for index, move in enumerate(played):
        verdict = marks.get(index)
        if verdict in VERDICT_COLOUR:
            _verdict(draw, _scaled(cell_box(size, move)), verdict)
    for index, move in enumerate(played):
        _mark(draw, _scaled(cell_box(size, move)), Player.O if index % 2 else Player.X)
    for line in board.winning_lines:
        _win_line(draw, _scaled(cell_box(size, line[0])), _scaled(cell_box(size, line[-1])))
    height = image_size(size)[1]
    at = ((PAD + LABELS) * _SCALE, (height - CAPTION // 2 + 1) * _SCALE)
    _caption(draw, board, played, marks, at)
    return image.reduce(_SCALE)


def _scaled(box: Box) -> Box:
    return box[0] * _SCALE, box[1] * _SCALE, box[2] * _SCALE, box[3] * _SCALE


def _mark(draw: ImageDraw.ImageDraw, box: Box, player: Player) -> None:
    """X as two strokes with round ends, O as a ring, both sized by the cell, so marks read the
    same on every board size; they keep clear of a verdict's badge in the top right corner."""
    side = box[2] - box[0]
    inset, width = side * 27 // 100, max(side * 11 // 100, 6)
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    colour = MARK_COLOUR[player]
    if player is Player.O:
        draw.ellipse((x0, y0, x1, y1), outline=colour, width=width)
        return
    for start, end in (((x0, y0), (x1, y1)), ((x0, y1), (x1, y0))):
        _stroke(draw, start, end, colour, width)


def _stroke(
    draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int], colour: RGB, width: int
) -> None:
    """A straight line with round ends."""
    draw.line((start, end), fill=colour, width=width)
    r = width // 2
    for x, y in (start, end):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _verdict(draw: ImageDraw.ImageDraw, box: Box, verdict: str) -> None:
    """A mistake: one frame inside the cell and a "?" badge; a blunder: two frames and "??".
    The count of frames and question marks tells them apart without colour."""
    side = box[2] - box[0]
    colour, width = VERDICT_COLOUR[verdict], max(side * 5 // 100, 3 * _SCALE)
    rings = 2 if verdict == "blunder" else 1
    for ring in range(rings):
        inset = side * 3 // 100 + ring * 2 * width
        inner = (box[0] + inset, box[1] + inset, box[2] - inset - 1, box[3] - inset - 1)
        draw.rounded_rectangle(inner, radius=max(side // 9 - inset, 1), outline=colour, width=width)
    radius = max(side * 13 // 100, 8 * _SCALE)
    cx, cy = box[2] - radius - 1, box[1] + radius + 1  # in the top right corner, inside
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    badge = font(radius * 14 // 10)
    draw.text((cx, cy), VERDICT_BADGE[verdict], fill=TILE, font=badge, anchor="mm")


def _win_line(draw: ImageDraw.ImageDraw, first: Box, last: Box) -> None:
    """A line through the centres of a winning line's end cells, reaching a little past them.
    It is about half as wide as a mark's stroke, so an X stroke under it shows on both sides."""
    side = first[2] - first[0]
    x0, y0 = (first[0] + first[2]) // 2, (first[1] + first[3]) // 2
    x1, y1 = (last[0] + last[2]) // 2, (last[1] + last[3]) // 2
    steps = max(abs(x1 - x0), abs(y1 - y0)) or 1
    reach = side * 30 // 100
    dx, dy = (x1 - x0) * reach // steps, (y1 - y0) * reach // steps
    start, end = (x0 - dx, y0 - dy), (x1 + dx, y1 + dy)
    _stroke(draw, start, end, WIN_LINE_COLOUR, max(side * 6 // 100, 4 * _SCALE))


def _caption(
    draw: ImageDraw.ImageDraw,
    board: Board,
    played: Sequence[Move],
    marks: Mapping[int, str],
    at: tuple[int, int],
) -> None:
    """The line under the board, the same in every language (the bundled font draws ASCII
    only): ``3x3`` first, then ``7. X 2,3`` with the drawn verdict's badge (``?``, ``??``), and
    on a finished board the result as ``1-0`` (X won), ``0-1`` or ``1/2-1/2``."""
    pieces: list[tuple[str, RGB]] = []
    if not played:
        pieces.append((f"{board.size}x{board.size}", INK))
    else:
        move, number = played[-1], len(played)
        player = Player.X if number % 2 else Player.O
        pieces.append((f"{number}. {player.value} {move.row + 1},{move.col + 1}", INK))
        verdict = marks.get(number - 1)
        if verdict in VERDICT_COLOUR:
            pieces.append((f" {VERDICT_BADGE[verdict]}", VERDICT_COLOUR[verdict]))
    if board.is_over:
        pieces.append((f"   {RESULT[board.winner]}", INK))
    face = font(17 * _SCALE)
    x, y = at
    for text, colour in pieces:
        draw.text((x, y), text, fill=colour, font=face, anchor="lm")
        x += round(draw.textlength(text, font=face))


def review_replay(review: Review) -> bytes:
    """``replay_image`` of a reviewed game, each move marked with its verdict."""
    game = review.game
    marks = {move.number - 1: str(move.verdict) for move in review.moves}
    return replay_image(game.size, game.k, game.moves, marks)
