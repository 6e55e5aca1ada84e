"""Writing a review's animated replay to the file a player names (``review N --save FILE``).

``save_replay`` returns one sentence for every outcome, never a traceback nor the system's own
words. The file is written whole or not at all. An existing file is kept unless the player
adds ``--force`` (as ``backup FILE --force``): without it the file is created exclusively, so
not even one made a moment ago is replaced; with it the replay is written beside it and renamed
over it. The name ends in ``.gif`` (the parser sees to it); ``~`` is the player's home folder.
"""

from __future__ import annotations

import asyncio
import errno
import os
from pathlib import Path

from bot.games import Review
from bot.games.render.replay import review_replay


async def save_replay(review: Review, typed: str, *, force: bool = False) -> str:
    """Write ``review``'s game as an animated GIF to the file ``typed``; what happened, in one
    sentence. The drawing and the writing run in a worker thread."""
    game = review.game
    if "\x00" in typed:
        shown = typed.replace("\x00", "")
        return f"{shown!r} holds a character no file name can; nothing was written."
    try:
        path = Path(typed).expanduser()
    except RuntimeError:  # ~someone, with no such user or no home folder known
        return f"I cannot tell which home folder {typed!r} means; nothing was written."
    image = await asyncio.to_thread(review_replay, review)
    try:
        await asyncio.to_thread(_write, path, image, force)
    except OSError as error:
        return _failure(path, error)
    frames = len(game.moves) + 1
    return (
        f"Saved the replay of game #{game.id} to {_shown(path.absolute())}: {frames} frames, "
        "the empty board then each move."
    )


def _write(path: Path, data: bytes, force: bool) -> None:
    if force:
        partial = path.with_name(f".{path.name}.partial")
        try:
            partial.write_bytes(data)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
        return
    created = False
    try:
        with path.open("xb") as file:  # fails if the file exists, even one made just now
            created = True
            file.write(data)
    except OSError:
        if created:  # a disk that filled up mid-way: leave nothing half written
            path.unlink(missing_ok=True)
        raise


def _shown(path: Path) -> str:
    return repr(str(path))


def _failure(path: Path, error: OSError) -> str:
    """Why ``path`` could not be written, in the player's words."""
    where, folder = _shown(path), _shown(path.parent)
    nothing = "nothing was written."
    code = error.errno
    if code == errno.EEXIST:
        return (
            f"{where} already exists; {nothing} Choose a new file name, or add --force to "
            "replace that file."
        )
    if code == errno.EISDIR:
        return f"{where} is a folder; {nothing} Name a file in it, ending in .gif."
    if code == errno.ENOENT:
        return f"The folder {folder} does not exist; {nothing}"
    if code == errno.ENOTDIR:
        return f"Part of {folder} is a file, not a folder; {nothing}"
    if code in (errno.EACCES, errno.EPERM):
        return f"I am not allowed to write {where}; {nothing} Choose a folder of your own."
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"The disk is full; {nothing} Free some space, or save it elsewhere."
    if code == errno.EROFS:
        return f"{where} is on a read-only disk; {nothing} Save it elsewhere."
    if code == errno.ENAMETOOLONG:
        return f"The file name {where} is too long; {nothing}"
    return f"Could not write {where}; {nothing} Check the name, the disk space and the permissions."
