"""Publishing the slash commands to Discord at start-up, only when they changed.

:func:`sync_commands` hashes what it would upload (the scope's commands and the application id)
and keeps the hash in the game database as the bot's state ``commands-<scope>``, so every
process and machine sharing the database agrees; a restart with the same hash skips the
upload. Only the process that runs shard 0 syncs. The scope is the one server of
``DISCORD_GUILD_ID`` when it is set (the global commands copied there), else global. Why:
docs/decisions.md.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.games import GameService, StorageError

log = logging.getLogger(__name__)


def runs_shard_zero(shard_ids: Sequence[int] | None) -> bool:
    """Whether a process running ``shard_ids`` (``None``: every shard) runs shard 0."""
    return shard_ids is None or 0 in shard_ids


def scope_name(guild_id: int | None) -> str:
    """``global`` or ``guild-<id>``: where we sync."""
    return "global" if guild_id is None else f"guild-{guild_id}"


def state_name(guild_id: int | None) -> str:
    """The name of the bot's state that holds the hash last synced to a scope."""
    return f"commands-{scope_name(guild_id)}"


async def commands_digest(
    tree: app_commands.CommandTree[Any],
    guild: discord.abc.Snowflake | None,
    application_id: int | None,
) -> str:
    """SHA-256 of exactly what ``tree.sync(guild=guild)`` would upload (order-independent),
    the translator's localisations included: a new or changed translation is uploaded."""
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    if translator is None:
        dicts = [command.to_dict(tree) for command in commands]
    else:
        dicts = [await command.get_translated_payload(tree, translator) for command in commands]
    payload = sorted(dicts, key=lambda item: (item.get("type", 1), item["name"]))
    document = {"application_id": application_id, "commands": payload}
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_commands(
    tree: app_commands.CommandTree[Any],
    *,
    service: GameService,
    guild_id: int | None,
    application_id: int | None,
    shard_ids: Sequence[int] | None = None,
) -> bool:
    """Sync the tree to its scope unless the stored hash says nothing changed, or another
    process syncs (this one does not run shard 0 of ``shard_ids``).

    Returns True when an upload happened. Failures are logged, never raised: the bot still
    serves text commands and buttons when Discord refuses the sync (typically because the
    invite lacked the ``applications.commands`` scope) or the hash cannot be kept.
    """
    if not runs_shard_zero(shard_ids):
        log.info("Not syncing slash commands: the process running shard 0 does.")
        return False
    guild = discord.Object(id=guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    digest = await commands_digest(tree, guild, application_id)
    where = scope_name(guild_id)
    try:
        synced_before = await service.state.get(state_name(guild_id))
    except StorageError as error:
        log.warning("Could not read the hash of the last command sync (%s): %s", where, error)
        synced_before = None
    if synced_before == digest:
        log.info("Slash commands unchanged since the last sync (%s); not syncing.", where)
        return False
    try:
        synced = await tree.sync(guild=guild)
    except discord.HTTPException as error:
        log.error(
            "Could not sync slash commands (%s): %s. Text commands and buttons still work; "
            "check that the bot was invited with the applications.commands scope%s.",
            where,
            error,
            " and is a member of that server" if guild is not None else "",
        )
        return False
    log.info("Synced %d slash command(s) (%s).", len(synced), where)
    try:
        await service.state.set(state_name(guild_id), digest)
    except StorageError as error:
        log.warning("Could not keep the hash of this command sync (%s): %s", where, error)
    return True
