"""The replay image of a Connect Four game: an animated GIF, one frame for the empty board, one
per move.

``replay_image(moves, marks)`` returns the GIF's bytes. It takes plain values rather than a
``Game`` so that any finished game can be replayed, whatever record it was read from, and it
knows nothing of the review: ``marks`` maps a move's index (0-based) to its verdict word, and
only ``"mistake"`` and ``"blunder"`` are drawn; any other word (``"best"``, ``"good"``,
``"estimate"``) is drawn plainly. A move is the cell its disc lands in (``bot.engine.Move``, row
0 the top), as the engine and the game layer hold it.

Each frame shows the board as a blue plate with round holes (Okabe-Ito blue) and the columns'
numbers 1 to 7 above it, as players type them. X's discs are vermillion and O's yellow, the
Okabe-Ito pair told apart with every kind of colour blindness: they differ most in lightness
(vermillion is dark, yellow nearly as light as the empty holes), not in hue alone, and O's
discs carry a thin dark olive ring inside their edge, a second cue that needs no colour at all.
The last disc played is outlined in white, every mistake so far has an amber ``?`` badge and
every blunder a purple ``??`` badge (classic's colours; the count of question marks tells them
apart without colour), and a caption runs under the board: ``7. X``, a small drawn drop arrow,
then ``4 ??`` (the move's number, its player, the column and the drawn verdict's badge; no
words, so it reads the same in every language, as classic's does). The last frame draws a
line through the winning four (through each line, if one disc made two), gives the result
(``1-0``, ``0-1``, ``1/2-1/2``) and stays up for ``last_frame_ms``. Drawing uses ``ImageDraw``
only, at three times the size then scaled down for smooth edges, with Pillow's own default
font; every frame shares one fixed palette, so the same input always gives the same bytes.
``cell_box`` says where a cell is in the image.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.engine import Move, Player
from bot.engine.connect4 import STANDARD, Connect4Board
from bot.games.render.gif import RGB, Box, checked_marks, encode, font, palette, replayed
from bot.games.review import Review

FRAME_MS = 800
"""How long each frame but the last stays up, in milliseconds."""
LAST_FRAME_MS = 3000
"""How long the last frame stays up, so the end of the game can be read before it loops."""

COLUMNS, ROWS = STANDARD.width, STANDARD.height

# --- colours (Okabe-Ito for the plate, the discs and the verdicts) ------------------------------

CANVAS: RGB = (247, 247, 244)  # round the board, and the empty holes (seen through the plate)
PLATE: RGB = (0, 114, 178)  # Okabe-Ito blue: far in hue from both discs with any colour vision
LABEL: RGB = (118, 118, 118)  # the columns' numbers
INK: RGB = (34, 34, 34)  # the caption and the winning line
X_COLOUR: RGB = (213, 94, 0)  # vermillion: dark
O_COLOUR: RGB = (240, 228, 66)  # yellow: light, and ringed
O_RING: RGB = (125, 110, 20)  # dark olive: the ring inside O's discs, a cue beside colour
LAST_MOVE_COLOUR: RGB = (255, 255, 255)  # white: the ring round the disc just played
MISTAKE_COLOUR: RGB = (230, 159, 0)  # amber; "?"
BLUNDER_COLOUR: RGB = (170, 51, 119)  # purple; "??"
BADGE_TEXT = CANVAS  # not white, so that white means the last move alone
WIN_LINE_COLOUR = INK

DISC_COLOUR = {Player.X: X_COLOUR, Player.O: O_COLOUR}
VERDICT_COLOUR = {"mistake": MISTAKE_COLOUR, "blunder": BLUNDER_COLOUR}
VERDICT_BADGE = {"mistake": "?", "blunder": "??"}
RESULT: dict[Player | None, str] = {Player.X: "1-0", Player.O: "0-1", None: "1/2-1/2"}
"""A finished game's result under its last frame, as board games write it (X's score first)."""

_BASE: tuple[RGB, ...] = (CANVAS, PLATE, LABEL, INK, X_COLOUR, O_COLOUR, O_RING)
_BASE += (LAST_MOVE_COLOUR, MISTAKE_COLOUR, BLUNDER_COLOUR)
_BLEND_STEPS = 5  # shades between each pair of base colours, for the smoothed edges
_NEAR = 32  # no shades between colours this close (the canvas and the last move's white)

# --- layout, in pixels of the final image ---------------------------------------------------------

CELL = 60  # one cell's square: its hole and the plate round it
HOLE_INSET = 6  # the plate between a cell's square and its hole, on each side
PAD = 10  # space round everything
LABELS = 22  # the band of column numbers above the plate
RIM = 8  # the plate beyond the outer cells
CAPTION = 38  # the band under the board
_SCALE = 3  # frames are drawn this many times larger, then scaled down

_LEFT = PAD + RIM  # the first cell's left edge
_TOP = PAD + LABELS + RIM  # the top row's top edge


def image_size() -> tuple[int, int]:
    """The width and height of every frame of a replay."""
    return _LEFT + COLUMNS * CELL + RIM + PAD, _TOP + ROWS * CELL + RIM + CAPTION


def cell_box(move: Move) -> Box:
    """The square of ``move``'s cell in a frame as ``(left, top, right, bottom)``, right and
    bottom excluded: its hole (and disc) centred in it, and the plate round the hole up to the
    neighbours' squares. Everything drawn for a cell (disc, outline, badge) stays inside it."""
    left, top = _LEFT + move.col * CELL, _TOP + move.row * CELL
    return left, top, left + CELL, top + CELL


# --- the image ----------------------------------------------------------------------------------


def replay_image(
    moves: Sequence[Move],
    marks: Mapping[int, str] | None = None,
    *,
    frame_ms: int = FRAME_MS,
    last_frame_ms: int = LAST_FRAME_MS,
) -> bytes:
    """The animated GIF of a Connect Four game of ``moves`` (each the cell its disc lands in).

    ``len(moves) + 1`` frames: the empty board, then the board after each move. ``marks``
    maps a move's index (0-based) to its verdict word; ``"mistake"`` and ``"blunder"`` are
    drawn from that move's frame on, other words are drawn plainly. The GIF loops forever.

    Raises:
        ValueError: a move is off the board, in a full column, not where its disc would land
            or after the game ended (the message names the move's number and says why); a mark
            names no move; a duration is below 20 ms (browsers slow shorter frames down).
    """
    marks = checked_marks(moves, marks, frame_ms, last_frame_ms)
    boards = replayed(Connect4Board(), moves)
    discs = _empty_board()
    frames = []
    for n, board in enumerate(boards):
        if n:
            _drop(discs, n - 1, moves[n - 1], marks.get(n - 1))
        frames.append(_draw(discs, board, moves[:n], marks))
    return encode(frames, palette(_BASE, _BLEND_STEPS, near=_NEAR), frame_ms, last_frame_ms)


def review_replay(review: Review) -> bytes:
    """``replay_image`` of a reviewed game, each move marked with its verdict."""
    marks = {move.number - 1: str(move.verdict) for move in review.moves}
    return replay_image(review.game.moves, marks)


def _empty_board() -> Image.Image:
    """The empty board at ``_SCALE`` times its size: numbers, plate and holes, no caption.
    Drawn once per replay; ``_drop`` adds the discs to it."""
    s = _SCALE
    width, height = image_size()
    image = Image.new("RGB", (width * s, height * s), CANVAS)
    draw = ImageDraw.Draw(image)
    labels = font(13 * s)
    plate_top = (_TOP - RIM) * s
    for col in range(COLUMNS):
        middle = (_LEFT + col * CELL + CELL // 2) * s
        draw.text((middle, plate_top - 5 * s), str(col + 1), fill=LABEL, font=labels, anchor="ms")
    plate = (PAD * s, plate_top, (width - PAD) * s - 1, (_TOP + ROWS * CELL + RIM) * s - 1)
    draw.rounded_rectangle(plate, radius=12 * s, fill=PLATE)
    for row in range(ROWS):
        for col in range(COLUMNS):
            draw.ellipse(_hole(Move(row, col)), fill=CANVAS)
    return image


def _hole(cell: Move, grow: int = 0) -> Box:
    """The hole of ``cell`` at ``_SCALE``, for ``ImageDraw.ellipse``; ``grow`` scaled pixels
    larger on every side."""
    left, top, right, bottom = (edge * _SCALE for edge in cell_box(cell))
    inset = HOLE_INSET * _SCALE - grow
    return left + inset, top + inset, right - inset - 1, bottom - inset - 1


def _drop(discs: Image.Image, index: int, move: Move, verdict: str | None) -> None:
    """Adds move ``index``'s disc, and its verdict's badge if one is drawn, to ``discs`` (the
    board so far, at ``_SCALE``): a disc never moves again, so each is drawn once, not once a
    frame (a long game's badges were half its drawing time)."""
    draw = ImageDraw.Draw(discs)
    _disc(draw, move, Player.O if index % 2 else Player.X)
    if verdict in VERDICT_COLOUR:
        _badge(draw, move, verdict)


def _draw(
    discs: Image.Image, board: Connect4Board, played: Sequence[Move], marks: Mapping[int, str]
) -> Image.Image:
    """One frame at its final size, in RGB: ``board`` after ``played``, drawn on a copy of
    ``discs`` (its discs and badges, from ``_drop``). Badges stay on top: the one of the last
    move is drawn again over its outline, and every one over a winning line."""
    image = discs.copy()
    draw = ImageDraw.Draw(image)
    if played:
        width = 3 * _SCALE
        draw.ellipse(_hole(played[-1], grow=width + _SCALE), outline=LAST_MOVE_COLOUR, width=width)
    outcome = board.outcome
    lines = outcome.lines if outcome else ()
    for line in lines:
        _win_line(draw, line[0], line[-1])
    on_top = range(len(played)) if lines else range(len(played) - 1, len(played))
    for index in on_top:
        verdict = marks.get(index)
        if verdict in VERDICT_COLOUR:
            _badge(draw, played[index], verdict)
    at = (_LEFT * _SCALE, (image_size()[1] - CAPTION // 2 + 1) * _SCALE)
    _caption(draw, board, played, marks, at)
    return image.reduce(_SCALE)


def _disc(draw: ImageDraw.ImageDraw, cell: Move, player: Player) -> None:
    """A disc filling its hole; O's with a thin dark ring inside its edge, so the two sides
    differ in shape as well as in colour and lightness."""
    hole = _hole(cell)
    draw.ellipse(hole, fill=DISC_COLOUR[player])
    if player is Player.O:
        inset = (hole[2] - hole[0]) * 15 // 100
        ring = (hole[0] + inset, hole[1] + inset, hole[2] - inset, hole[3] - inset)
        draw.ellipse(ring, outline=O_RING, width=2 * _SCALE)


def _win_line(draw: ImageDraw.ImageDraw, first: Move, last: Move) -> None:
    """A line with round ends through the centres of a winning line's end discs, reaching a
    little past them; narrower than a disc's radius, so both sides' colours show beside it."""
    x0, y0 = _centre(first)
    x1, y1 = _centre(last)
    steps = max(abs(x1 - x0), abs(y1 - y0)) or 1
    reach = CELL * _SCALE * 25 // 100
    dx, dy = (x1 - x0) * reach // steps, (y1 - y0) * reach // steps
    start, end = (x0 - dx, y0 - dy), (x1 + dx, y1 + dy)
    width = 6 * _SCALE
    draw.line((start, end), fill=WIN_LINE_COLOUR, width=width)
    r = width // 2
    for x, y in (start, end):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WIN_LINE_COLOUR)


def _centre(cell: Move) -> tuple[int, int]:
    left, top, right, bottom = cell_box(cell)
    return (left + right) * _SCALE // 2, (top + bottom) * _SCALE // 2


def _badge(draw: ImageDraw.ImageDraw, cell: Move, verdict: str) -> None:
    """A verdict's round badge in the top right corner of the cell, over the disc's edge, with
    a rim of the canvas colour that parts it from the disc and the plate."""
    _, top, right, _ = (edge * _SCALE for edge in cell_box(cell))
    radius = 11 * _SCALE
    cx, cy = right - radius - 2 * _SCALE, top + radius + 2 * _SCALE
    rim = radius + _SCALE
    draw.ellipse((cx - rim, cy - rim, cx + rim, cy + rim), fill=CANVAS)
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=VERDICT_COLOUR[verdict])
    text = VERDICT_BADGE[verdict]
    draw.text((cx, cy), text, fill=BADGE_TEXT, font=font(16 * _SCALE), anchor="mm")


def _caption(
    draw: ImageDraw.ImageDraw,
    board: Connect4Board,
    played: Sequence[Move],
    marks: Mapping[int, str],
    at: tuple[int, int],
) -> None:
    """The line under the board, the same in every language (no words, as classic's): ``7x6``
    first, then ``7. X`` and a drop arrow over the column's number with the drawn verdict's
    badge (``?``, ``??``), and on a finished board the result as ``1-0`` (X won), ``0-1`` or
    ``1/2-1/2``."""
    face = font(17 * _SCALE)
    x, y = at

    def write(text: str, colour: RGB) -> None:
        nonlocal x
        draw.text((x, y), text, fill=colour, font=face, anchor="lm")
        x += round(draw.textlength(text, font=face))

    if not played:
        write(f"{COLUMNS}x{ROWS}", INK)
    else:
        move, number = played[-1], len(played)
        player = Player.X if number % 2 else Player.O
        write(f"{number}. {player.value} ", INK)
        x = _arrow(draw, x, y)
        write(f"{move.col + 1}", INK)
        verdict = marks.get(number - 1)
        if verdict in VERDICT_COLOUR:
            write(f" {VERDICT_BADGE[verdict]}", VERDICT_COLOUR[verdict])
    if board.is_over:
        write(f"   {RESULT[board.winner]}", INK)


def _arrow(draw: ImageDraw.ImageDraw, x: int, y: int) -> int:
    """A small downward arrow at ``x`` on the caption's middle line ``y`` (a disc dropped into
    the column that follows, drawn, for the font has no arrow); returns where the text goes on."""
    s = _SCALE
    half = 5 * s
    draw.polygon(((x, y - 3 * s), (x + 2 * half, y - 3 * s), (x + half, y + 5 * s)), fill=INK)
    return x + 2 * half + 2 * s
