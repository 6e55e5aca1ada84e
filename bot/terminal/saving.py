"""Writing a review's animated replay to the file a player names (``review N --save FILE``).

``save_replay`` returns one sentence for every outcome, never a traceback nor the system's own
words. The file is written whole or not at all. An existing file is kept unless the player
adds ``--force`` (as ``backup FILE --force``): without it the file is created exclusively, so
not even one made a moment ago is replaced; with it the replay is written beside it and renamed
over it. The name ends in ``.gif`` (the parser sees to it); ``~`` is the player's home folder.
Each sentence is whole in the catalogue, worded in the current locale.
"""

from __future__ import annotations

import asyncio
import errno
import os
from pathlib import Path

from bot.games import Review
from bot.i18n import _, ngettext


async def save_replay(review: Review, typed: str, *, force: bool = False) -> str:
    """Write ``review``'s game as an animated GIF to the file ``typed``; what happened, in one
    sentence. The drawing and the writing run in a worker thread."""
    game = review.game
    if "\x00" in typed:
        shown = typed.replace("\x00", "")
        # TRANSLATORS: in the sentences about saving a replay, {file}, {path} and {folder} are
        # a file's or folder's name, quoted; --force is an option, typed as it is
        return _("{file} holds a character no file name can; nothing was written.").format(
            file=repr(shown)
        )
    try:
        path = Path(typed).expanduser()
    except RuntimeError:  # ~someone, with no such user or no home folder known
        return _("I cannot tell which home folder {file} means; nothing was written.").format(
            file=repr(typed)
        )
    image = await asyncio.to_thread(review.game.variant.renderer.replay, review)
    try:
        await asyncio.to_thread(_write, path, image, force)
    except OSError as error:
        return _failure(path, error)
    frames = len(game.moves) + 1
    # TRANSLATORS: {number}: the game's number; {path}: the file, quoted; {count}: the
    # number of pictures in the animation
    saved = ngettext(
        "Saved the replay of game #{number} to {path}: {count} frame, the empty board then "
        "each move.",
        "Saved the replay of game #{number} to {path}: {count} frames, the empty board then "
        "each move.",
        frames,
    )
    return saved.format(number=game.id, path=_shown(path.absolute()), count=frames)


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
    code = error.errno
    if code == errno.EEXIST:
        text = _(
            "{path} already exists; nothing was written. Choose a new file name, or add "
            "--force to replace that file."
        )
    elif code == errno.EISDIR:
        text = _("{path} is a folder; nothing was written. Name a file in it, ending in .gif.")
    elif code == errno.ENOENT:
        text = _("The folder {folder} does not exist; nothing was written.")
    elif code == errno.ENOTDIR:
        text = _("Part of {folder} is a file, not a folder; nothing was written.")
    elif code in (errno.EACCES, errno.EPERM):
        text = _(
            "I am not allowed to write {path}; nothing was written. Choose a folder of your own."
        )
    elif code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        text = _("The disk is full; nothing was written. Free some space, or save it elsewhere.")
    elif code == errno.EROFS:
        text = _("{path} is on a read-only disk; nothing was written. Save it elsewhere.")
    elif code == errno.ENAMETOOLONG:
        text = _("The file name {path} is too long; nothing was written.")
    else:
        text = _(
            "Could not write {path}; nothing was written. Check the name, the disk space and "
            "the permissions."
        )
    return text.format(path=where, folder=folder)
