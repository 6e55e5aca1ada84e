"""The SQL every store runs, built from the column lists of ``bot.storage.rows`` in one
driver's named-parameter style (``GameSql.styled``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.models import DUEL, GameKind
from bot.games.shards import ShardSet
from bot.games.store_errors import Holder
from bot.storage.rows import (
    CHALLENGE_COLUMNS,
    COLUMNS,
    MEMBER_COLUMNS,
    Column,
    Row,
    scope,
)


@dataclass(frozen=True, slots=True)
class GameSql:
    """The statements every SQL store runs, in one driver's named-parameter style: games and
    member names built from the column lists, and the reads of the running totals."""

    select: str
    """Every column of ``games``; the caller adds its WHERE and ORDER BY."""
    latest_game: str
    """The newest game in ``channel_id`` with a seat for ``member_id``."""
    insert: str
    """A new game from ``to_row`` (the database assigns ``id``)."""
    update: str
    """The ``updated`` columns of the game ``to_row`` names by ``id``, and its version plus
    one, only if its stored ``version`` is still the one ``to_row`` gives (compare and set:
    no row changes when another save came first)."""
    upsert_member: str
    """A row of ``member_rows``: inserted, or replacing the member's name."""
    member_name: str
    """The latest name of ``member_id``."""
    records: str
    """``member_id``'s totals per kind of game, level and size, everywhere."""
    records_in_guild: str
    """``member_id``'s totals per kind of game, level and size in the server ``guild_id``."""
    standings: str
    """A scope's leaderboard (parameters: ``standings_scope``), best first."""
    standings_top: str
    """``standings``, only its first ``limit`` rows."""
    upsert_rating: str
    """A row of ``rating_rows``: inserted, or replacing the member's rating in that scope."""
    select_challenge: str
    """Every column of ``challenges``; the caller adds its WHERE and ORDER BY."""
    insert_challenge: str
    """A new challenge from ``challenge_to_row`` (the database assigns ``id``)."""
    update_challenge: str
    """The ``updated`` columns of the challenge ``challenge_to_row`` names by ``id``, only
    while it is open or already has that status: an answer never overwrites another."""
    close_challenge: str
    """``update_challenge``, only while it is open: of two answers only the first counts."""
    rating: str
    """``member_id``'s duel rating in a scope of one ``kind`` of game (parameters: ``scope``,
    ``kind``)."""
    duel_standings: str
    """A scope's duelists by rating (parameters: ``standings_scope``), best first."""
    duel_standings_top: str
    """``duel_standings``, only its first ``limit`` rows."""
    head_to_head: str
    """``member``'s counted duels against ``other`` from ``member``'s side, everywhere."""
    head_to_head_in_guild: str
    """``head_to_head`` in the server ``guild_id`` only."""
    active_game: str
    """The ACTIVE game of ``channel_id`` (at most one)."""
    active_games: str
    """Every ACTIVE game, in id order."""
    game_by_id: str
    """The game ``id``."""
    challenge_by_id: str
    """The challenge ``id``."""
    open_challenges: str
    """Every OPEN challenge, in id order."""
    last_finished: str
    """The newest game of ``channel_id`` that is no longer active."""
    history_before: str
    """``member_id``'s games with a result and an id below ``before_id``, newest first, at
    most ``limit`` (``GameStore.history``): one index range per seat (migration 9's
    games_history_x/_o; ``_in_guild``: games_history_x_guild/_o_guild)."""
    history_before_in_guild: str
    """``history_before`` in the server ``guild_id`` only."""
    history_after: str
    """``member_id``'s games with a result and an id above ``after_id``, oldest first, at most
    ``limit``."""
    history_after_in_guild: str
    """``history_after`` in the server ``guild_id`` only."""
    open_game_count: str
    """How many games are ACTIVE (column ``n``)."""
    open_challenge: str
    """The OPEN challenge of ``channel_id`` (at most one)."""
    idle_page: str
    """ACTIVE games last saved at or before ``before`` (in the minute ``before_minute`` or
    earlier), after the key ``(after_minute, after_id)`` in ``(saved_minute, id)`` order (the
    ``games_idle_since`` index), at most ``limit``; the caller adds a scope (``scoped``) where
    ``{scope}`` stands."""
    due_challenges_page: str
    """OPEN challenges whose time ended by ``now``, with ids after ``after_id``, at most
    ``limit``; the caller adds a scope where ``{scope}`` stands."""
    bot_state: str
    """The value of the bot's state ``name``."""
    set_bot_state: str
    """Save ``value`` as the bot's state ``name`` (at ``updated_at``), inserted or replaced."""
    modulo: str
    """The remainder operator as this driver's text must spell it (psycopg doubles ``%``)."""
    channel_param: str
    """The ``channel_id`` parameter in this driver's style."""

    @classmethod
    def styled(cls, param: str) -> GameSql:
        """``param`` spells a named parameter, ``{}`` standing for its name: ``":{}"`` for
        sqlite3, ``"%({})s"`` for psycopg."""
        games = _TableSql("games", COLUMNS, param)
        challenges = _TableSql("challenges", CHALLENGE_COLUMNS, param)
        rating = ("in_guild", "guild_id", "kind", "member_id", "rating", "games")
        records = (
            "SELECT kind, level, size, SUM(wins) AS wins, SUM(losses) AS losses, "
            "SUM(draws) AS draws "
            f"FROM records WHERE member_id = {param.format('member_id')}"
        )
        in_scope = (
            f"in_guild = {param.format('in_guild')} AND guild_id = {param.format('guild_id')}"
        )
        of_kind = f" AND kind = {param.format('kind')}"  # the kind's name (migration 11)
        # The ORDER BY is the standings_ranking index, so with a LIMIT the database reads only
        # the top rows of the server, however many members it has.
        standings = (
            "SELECT s.member_id AS member_id, "
            "COALESCE(NULLIF(m.name, ''), 'member ' || s.member_id) AS name, "
            "s.wins AS wins, s.losses AS losses, s.draws AS draws FROM standings AS s "
            "LEFT JOIN members AS m ON m.member_id = s.member_id "
            f"WHERE s.{(in_scope + of_kind).replace(' AND ', ' AND s.')} "
            "ORDER BY 3 * s.wins + s.draws DESC, s.losses, s.wins DESC, s.name_key, s.member_id"
        )
        duels = (
            "SELECT r.member_id AS member_id, "
            "COALESCE(NULLIF(m.name, ''), 'member ' || r.member_id) AS name, "
            "r.rating AS rating, r.games AS games FROM ratings AS r "
            "LEFT JOIN members AS m ON m.member_id = r.member_id "
            f"WHERE r.{(in_scope + of_kind).replace(' AND ', ' AND r.')} "
            "ORDER BY r.rating DESC, r.games DESC, "
            "COALESCE(m.name_key, 'member ' || r.member_id), r.member_id"
        )
        member, other = param.format("member"), param.format("other")
        head_to_head = (
            "SELECT COUNT(CASE WHEN winner = mark THEN 1 END) AS wins, "
            "COUNT(CASE WHEN winner <> mark THEN 1 END) AS losses, "
            "COUNT(CASE WHEN winner IS NULL THEN 1 END) AS draws FROM ("
            f"SELECT CASE WHEN x_member_id = {member} THEN 'X' ELSE 'O' END AS mark, winner "
            f"FROM games WHERE level = '{DUEL}' "
            "AND status IN ('won', 'lost', 'drawn', 'resigned') "
            f"AND ((x_member_id = {member} AND o_member_id = {other}) "
            f"OR (x_member_id = {other} AND o_member_id = {member}))"
        )
        after_minute = param.format("after_minute")
        # ``saved_minute IS NOT NULL`` (always true) is the predicate of games_idle_since that
        # no lookup by channel names, so only this query reads that index (migration 7).
        # A game of an open arena is left to its move clock (bot.games.arenas).
        idle_page = (
            f"{games.select} WHERE status = 'active' AND saved_minute IS NOT NULL "
            "AND (arena_id IS NULL OR arena_id NOT IN (SELECT id FROM arenas "
            "WHERE status = 'open')) "
            f"AND saved_minute <= {param.format('before_minute')} "
            f"AND updated_at <= {param.format('before')} AND (saved_minute > {after_minute} "
            f"OR (saved_minute = {after_minute} AND id > {param.format('after_id')})){{scope}} "
            f"ORDER BY saved_minute, id LIMIT {param.format('limit')}"
        )
        due_challenges_page = (
            f"{challenges.select} WHERE status = 'open' AND expires_at <= {param.format('now')} "
            f"AND id > {param.format('after_id')}{{scope}} ORDER BY id "
            f"LIMIT {param.format('limit')}"
        )
        channel = param.format("channel_id")
        history = {
            (older, in_guild): _history(games.select, param, older=older, in_guild=in_guild)
            for older in (True, False)
            for in_guild in (True, False)
        }
        return cls(
            history_before=history[True, False],
            history_before_in_guild=history[True, True],
            history_after=history[False, False],
            history_after_in_guild=history[False, True],
            active_game=f"{games.select} WHERE channel_id = {channel} AND status = 'active'",
            active_games=f"{games.select} WHERE status = 'active' ORDER BY id",
            game_by_id=f"{games.select} WHERE id = {param.format('id')}",
            challenge_by_id=f"{challenges.select} WHERE id = {param.format('id')}",
            open_challenges=f"{challenges.select} WHERE status = 'open' ORDER BY id",
            last_finished=(
                f"{games.select} WHERE channel_id = {channel} AND status <> 'active' "
                "ORDER BY id DESC LIMIT 1"
            ),
            open_game_count="SELECT COUNT(*) AS n FROM games WHERE status = 'active'",
            open_challenge=(
                f"{challenges.select} WHERE channel_id = {channel} AND status = 'open'"
            ),
            idle_page=idle_page,
            due_challenges_page=due_challenges_page,
            bot_state=f"SELECT value FROM bot_state WHERE name = {param.format('name')}",
            set_bot_state=_upsert("bot_state", ("name", "value", "updated_at"), 1, param),
            modulo="%%" if "%" in param else "%",
            channel_param=channel,
            select=games.select,
            latest_game=(
                f"{games.select} WHERE channel_id = {param.format('channel_id')} "
                f"AND (x_member_id = {param.format('member_id')} "
                f"OR o_member_id = {param.format('member_id')}) ORDER BY id DESC LIMIT 1"
            ),
            insert=games.insert,
            update=f"{games.update} AND version = {param.format('version')}",
            upsert_member=_upsert("members", MEMBER_COLUMNS, 1, param),
            member_name=f"SELECT name FROM members WHERE member_id = {param.format('member_id')}",
            records=f"{records} GROUP BY kind, level, size",
            records_in_guild=(
                f"{records} AND in_guild = 1 AND guild_id = {param.format('guild_id')} "
                "GROUP BY kind, level, size"
            ),
            standings=standings,
            standings_top=f"{standings} LIMIT {param.format('limit')}",
            upsert_rating=_upsert("ratings", rating, 4, param),
            select_challenge=challenges.select,
            insert_challenge=challenges.insert,
            update_challenge=(
                f"{challenges.update} AND (status = 'open' OR status = {param.format('status')})"
            ),
            close_challenge=f"{challenges.update} AND status = 'open'",
            rating=(
                "SELECT rating, games FROM ratings "
                f"WHERE {in_scope}{of_kind} AND member_id = {param.format('member_id')}"
            ),
            duel_standings=duels,
            duel_standings_top=f"{duels} LIMIT {param.format('limit')}",
            head_to_head=f"{head_to_head}) AS duels",
            head_to_head_in_guild=(
                f"{head_to_head} AND guild_id = {param.format('guild_id')}) AS duels"
            ),
        )


RESULT_STATUSES = "status IN ('won', 'lost', 'drawn', 'resigned')"
"""The games with a result, spelled exactly as the history indexes' predicate (migration 9):
SQLite reads a partial index only for a query that names its terms as written."""


def _history(select: str, param: str, *, older: bool, in_guild: bool) -> str:
    """A page of a member's history: the page of each seat from its own index (its entries in
    id order, so each stops after ``limit``), merged. One ``OR`` over both seats would read
    every game of the member and sort them."""
    bound = f"id < {param.format('before_id')}" if older else f"id > {param.format('after_id')}"
    order = "id DESC" if older else "id"
    scope = f" AND guild_id = {param.format('guild_id')}" if in_guild else ""
    limit = param.format("limit")
    seats = [
        f"SELECT * FROM ({select} WHERE {seat}_member_id = {param.format('member_id')} "
        f"AND {RESULT_STATUSES} AND {bound}{scope} ORDER BY {order} LIMIT {limit}) AS {seat}_seat"
        for seat in ("x", "o")
    ]
    return f"{seats[0]} UNION ALL {seats[1]} ORDER BY {order} LIMIT {limit}"


def _upsert(table: str, columns: Sequence[str], keys: int, param: str) -> str:
    """Insert a row of parameters (``upsert``)."""
    values = f"VALUES ({', '.join(param.format(name) for name in columns)})"
    return upsert(table, columns, keys, values)


def upsert(table: str, columns: Sequence[str], keys: int, rows: str) -> str:
    """Insert ``rows`` (a VALUES list or a SELECT of ``columns``), or replace the other
    columns of a row whose first ``keys`` columns exist."""
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) {rows} "
        f"ON CONFLICT ({', '.join(columns[:keys])}) DO UPDATE SET "
        f"{', '.join(f'{name} = excluded.{name}' for name in columns[keys:])}"
    )


class _TableSql:
    """SELECT, INSERT and UPDATE of a table with an ``id`` and a ``Column`` list."""

    def __init__(self, table: str, columns: Sequence[Column], param: str) -> None:
        names = [column.name for column in columns]
        updated = [column.name for column in columns if column.updated]
        self.select = f"SELECT id, {', '.join(names)} FROM {table}"
        self.insert = (
            f"INSERT INTO {table} ({', '.join(names)}) "
            f"VALUES ({', '.join(param.format(name) for name in names)})"
        )
        if "version" in names:  # counted by the database, compared by the caller
            updated.append("version")
        sets = [f"{n} = {'version + 1' if n == 'version' else param.format(n)}" for n in updated]
        self.update = f"UPDATE {table} SET {', '.join(sets)} WHERE id = {param.format('id')}"


def scoped(
    sql: GameSql, page: str, shards: ShardSet | None, channel_id: int | None, more: str = ""
) -> str:
    """``page`` (``idle_page``, ``due_challenges_page``) limited to the servers of
    ``shards`` (``shard_of``: DMs and the terminal are shard 0), to one channel (its
    parameter ``channel_id``) and by ``more`` (" AND ..."). Shard numbers are ints, written
    into the text."""
    scope = more
    if shards is not None:
        ids = ", ".join(str(int(shard)) for shard in sorted(shards.ids))
        shard = f"((COALESCE(guild_id, 0) >> 22) {sql.modulo} {int(shards.count)})"
        scope += f" AND {shard} IN ({ids})"
    if channel_id is not None:
        scope += f" AND channel_id = {sql.channel_param}"
    return page.replace("{scope}", scope)


def page_end(rows: Sequence[Row], sort_column: str | None, limit: int) -> tuple[int, int] | None:
    """Where the sweep's next page starts after ``rows`` (a page of at most ``limit``): the
    last row's ``(sort_column, id)`` (0 without a sort column), or None if the page was not
    full, so the sweep is over."""
    if len(rows) < limit:
        return None
    last = rows[-1]
    return (0 if sort_column is None else int(last[sort_column]), int(last["id"]))


def standings_scope(guild_id: int | None, limit: int | None, kind: GameKind) -> dict[str, object]:
    """The parameters of ``GameSql.standings`` and ``duel_standings``: the scope (see
    ``scope``), the ``limit`` of ``standings_top`` and the kind of game (``Game.kind``)."""
    return {**scope(guild_id), "limit": limit, "kind": kind}


CHANNEL_RULES: dict[str, Holder] = {
    "channel_has_active_game": "game",
    "channel_has_open_challenge": "challenge",
}
"""What holds the channel when migration 5's rule refuses a game or a challenge, by the name
the database gives the rule: PostgreSQL's constraint name, SQLite's error message."""
