"""Released migrations never change: each is pinned by the sha256 of its SQL, and a fresh
database gets exactly the schema the releases built, object by object.

A new migration is pinned here when it is added (while unreleased, update its hash in the
same commit that changes it); a released one's hash is never edited.
"""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from games_helpers import sqlite_at_version

from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION, Dialect

# sha256 of each migration's statements joined by NUL, per dialect.
PINNED: dict[Dialect, dict[int, str]] = {
    "sqlite": {
        1: "85396a1707a174384bf7ee76f3ec6fa7ad1e97e5172e76532eb8bc05567763dc",
        2: "d43c1473c7b216d6bb4deb1fa3131acdf16e2ef751431d097ede1dc26430f81b",
        3: "40c36a1dc2711c7d6abd671897bb09a970c17ad99d63e3a0827c361938890cb5",
        4: "e2e772755b9fff75f87fc1f0ff0b74abe7f57ec102f452a6211059a3befe3715",
        5: "206fb0031adc71ee8ae25c1a4902cf8d3d5ab5d37e8e09500df98f905395c0e5",
        6: "52516390208fab4d61330850312dcae993f2e89172531ba902150c329dec334f",
        7: "e008ae36314aaef90af6601fc7a3493b1084becccabad59035bcbf8ecb21d683",
        8: "cda9d42abe796e8624c7e451374af511acf445e263bcaf57c2740a36a8fb8d98",
        9: "c87a4af7f9df842878e158d88642a55cb044e019b9687e4a4ff3dbcd0eb2b628",
        10: "0ea4710e4981ed87c43ac2144b44307710999fdafcec5de8c153d47adfec233d",
        11: "8897fe7444af859c31fea8dc08063f63e34ee935ebba117fab5fd80c4a9d4cb3",
        12: "2b6148c68e35ffb6e5627ab9e587c7ab1ad915ebdee6bb59e9f390eaae004c19",
        13: "3820caea16bd47d9964cb67f8af10fa1bb59488cf2a5ece92ea4040b48caea60",
        14: "57ec966f15988a1ff261a73861cb4a68d399807ef3f04c633c79de8487d76245",
        15: "c43894e7d6b62742f0863700e07e84432c677d42d4c4d00f2da16997eb0eb251",
        16: "023bda2c42d0d748b52b8ec41a88f2c4b97b708ac0e0392ef6ebfa739346df90",
        17: "7b39b554d3730d8847e61bbb12307095a91bf6f37908cb1729c7525b9f15e60e",
        18: "8f1c3f111300eb57ce9cbe6792e379f7ceff2148cb1ca6bbf19be3a3c13e844a",
        19: "2c7687bd47741dfb5b24e8817f9abfd91954922422c139623562da836edf841e",
        20: "bcbde706e9a6efe43cf834713f85562fa4aa48750f0499da773f8b09636f1846",
    },
    "postgresql": {
        1: "bc53f072b39144ef5bcbf3bddaff7de08e1b7c79b72daabbb48a0b6647e7ca45",
        2: "d27cd46006aad4a7a7f55f4a6ff8ed6eeb5e18978ae112af1b00c4edff807222",
        3: "93cdc7fbaccdecc0751156db1adde574e0d1c1ec6708dcd1a6919d6992467986",
        4: "e2e772755b9fff75f87fc1f0ff0b74abe7f57ec102f452a6211059a3befe3715",
        5: "6f3a350406ff1539614ea51b44bc4c46efc5bbc7088286049487e15ee7e8fa74",
        6: "4ba760809babb87ea30ce06136fe44db5c58f2a111ad5e6df7aa01a503244736",
        7: "e008ae36314aaef90af6601fc7a3493b1084becccabad59035bcbf8ecb21d683",
        8: "cda9d42abe796e8624c7e451374af511acf445e263bcaf57c2740a36a8fb8d98",
        9: "c87a4af7f9df842878e158d88642a55cb044e019b9687e4a4ff3dbcd0eb2b628",
        10: "31d187b9bcf5d90315ed3982f8494daeaa1abbf7c03be94e1cf8a6ba7bb202f6",
        11: "d61ede20d911e144daba7ff0d0856dcbf2d2e42e7b1e325c539182e6ec2cec15",
        12: "2b6148c68e35ffb6e5627ab9e587c7ab1ad915ebdee6bb59e9f390eaae004c19",
        13: "3820caea16bd47d9964cb67f8af10fa1bb59488cf2a5ece92ea4040b48caea60",
        14: "57ec966f15988a1ff261a73861cb4a68d399807ef3f04c633c79de8487d76245",
        15: "c43894e7d6b62742f0863700e07e84432c677d42d4c4d00f2da16997eb0eb251",
        16: "0768f58cf3cec753f9ae5db187fe41c5ba6145d7dad0fcb22825abb0f8e0c183",
        17: "c7ca03be978f517cac0fbdb245ef5fb774a60510ba0dcb184666c43269cfc969",
        18: "c4e5c4cf7f48e448d69ae83c02b8791a16cf25fcad82d43410fcffdc8c5d62c0",
        19: "35078e91bc573772eed818466014700adee0744a4a754ae6a3ac4b27125dd8e6",
        20: "609965ed63980ed93f9ed18a12f65aeaa878acff87af6b15afcab571e557e781",
    },
}

# sha256 of the ``sql`` of every object in ``sqlite_master`` of a fresh database as the code
# on main at 5061480 made it (its migrations were still f-string helpers then).
SCHEMA_V2 = {
    "games_by_guild": "9b7d1476038207e0c038a9b34ffda913514bc38a735122990cd3a87afba3fb58",
    "games_by_o_member": "239e9e7fe1899d6199d79679fe22e16e8a22f8d87dc8a435742fbc28e7e9c7dd",
    "games_by_x_member": "6e109bc11bc575f91c2463f2774266afcca6fa387a0a0e650b3fa13c39f89382",
    "games_one_active_per_channel": (
        "4cf90e4dad9633917b1fa9ca6653b50b72989ad7807778dd7413ffa5ddb4c83e"
    ),
    "standings_by_member": "d0144ca16325dd35b6cb4cf58538ac40158d291ae7bec720f5fc7dec0447393a",
    "standings_ranking": "b98460f54205681e9b67df61c303cfbb046dbb51ed91d6675cf0fa5d4594d018",
    "games": "471833de2beb75b237e7cf9a842044663146941136a7d93676bbdeff7268d554",
    "members": "1379080ef463c1cc322e48716ab1dfbd69565317f5c0eaa42a9ac25fdd399400",
    "records": "88a4252bbcb3e0ada3b8509e16b3beac4aad7c6dcb91f9e2427097ba9c8cae04",
    "sqlite_sequence": "4cb1eaf14467f226196148cb5688569660cb290d414bae4c1c450b149b62befd",
    "standings": "97b991d3dfd45543d69e39810c9f5c395ea4c9dc48863c04b6779038d3545ff9",
    "games_tally_delete": "c869be5a0fb2caea255f4c7b2c25276734082e2c7222fd391793653804e06e1b",
    "games_tally_insert": "dfa08c8586fe6faebba23867ecabc3d1066fb9ac2db4f8a45e65e2927ddc3a1b",
    "games_tally_update": "5f123a101f8056ea075f94b94298ec62ee009cfb80e8babd9fa8be52fd636969",
    "members_name_key_insert": "f6c8fce56e1a5409fdbaa29d17f67e4d6a164858cc570ebfb8c7f71c784a43fa",
    "members_name_key_update": "c35331d26b6d906481b6c26107b578c87f27c7866e1e72177a820f2dc2fe58d1",
}

# v3: records per board size, duels kept out of standings, challenges and ratings.
SCHEMA_V3 = {
    **SCHEMA_V2,
    "records": "34643b99e4a5746ae2d16d7b37a7091a0081684bfc52a6d1b3734298ede7deb3",
    "games_tally_insert": "7b5080ac0d3a620867a574e86907a926a43593e98f645972e9f56f2f5fee8175",
    "games_tally_update": "1a20d29ffa06eca3008e64eee28e41e34dcca578a4a1f60e705caf9752cd49d1",
    "games_tally_delete": "c34a153a6e16c8681b3464a6d40d7e7bfabc2de6e8c4073091192db97e20ba07",
    "challenges": "e525fbb0b0dbd0f758420d67e3044aa28882dcb74ddcca03c36edd392b327685",
    "challenges_one_open_per_channel": (
        "36acc45111121abffbfe54146ca2cda229d1655660312680a0c1d47b76e1743b"
    ),
    "ratings": "728f9a953ead196e67853cc0b46bf9c925636335577e58f05ef958f280ee42b4",
    "sqlite_autoindex_ratings_1": None,  # the primary key's index: SQLite stores no SQL
    "ratings_ranking": "e2bc650b17a42deb8dd86acbe315944e3d26df56b8504fc1a56662e12815de9f",
}

# v4: a version per game (compare and set), indexes for the paged sweep and a channel's games.
SCHEMA_V4 = {
    **SCHEMA_V3,
    "games": "1e631108d21e2852a072bc260533e5771c44c176acbe68195f03d3ed9c6a17be",
    "games_active_since": "6f631f1baca45717173c8aa997c1fea7463e6a1f8ba4bf8a01167d3e52a2dea0",
    "games_by_channel": "10b8d06579338f1833984ceab329075d043d0246ea8f4bf26cf3fab8befacf17",
}

# v5: a channel holds a running game or an open challenge, never both (triggers).
SCHEMA_V5 = {
    **SCHEMA_V4,
    "games_start_in_a_free_channel": (
        "9ee87196d4f3084df90c9783c39fa26c46e3b48c6fe343deacb26fc6f1936b1f"
    ),
    "games_restart_in_a_free_channel": (
        "23be31315cab5e2fe50a705c8e047e579d1e94be3df55138daa5ee1075866401"
    ),
    "challenges_open_in_a_free_channel": (
        "4f2788a968d7f2fde4059611bbf45cc314a1d0d745a9e01143d9596b86c85151"
    ),
}

# v6: the sweep's index holds the minute a game was saved (a move's save touches no index).
SCHEMA_V6 = {
    **{name: sql for name, sql in SCHEMA_V5.items() if name != "games_active_since"},
    "games": "438bfadf1d4e0ad4afec2fa199fde74e43d20506664cce3fbd5c420e805cd45e",
    "games_idle_since": "19d5acb3cab38df0fb322368f00928dd2f7dcc6e16c453dd29f19e217035036f",
}

# v7: the sweep's index has a predicate no lookup by channel implies.
SCHEMA_V7 = {
    **SCHEMA_V6,
    "games_idle_since": "27708b738027feb7bdb83f16507a893b98304d3f73c99b78aed6f07404815d4c",
}

# v8: the bot's own named state (the slash commands' hash), shared by every process.
SCHEMA_V8 = {
    **SCHEMA_V7,
    "bot_state": "cda9d42abe796e8624c7e451374af511acf445e263bcaf57c2740a36a8fb8d98",
    "sqlite_autoindex_bot_state_1": None,
}

# v9: each seat's games with a result in id order, everywhere and per server (history).
SCHEMA_V9 = {
    **SCHEMA_V8,
    "games_history_x": "3a8a6ba3ebe161944a582741d493cbdd323ff3a46e239e567fa8a831df77f14f",
    "games_history_o": "d19e179b668f7e20e67f026c4f3ec7ee4107120a770e1c82c2c871862cf5667d",
    "games_history_x_guild": "cea9f195dfd2dc08a9340b6aea98fb7f7227a2289417a9d4eeb96f84db9f45ee",
    "games_history_o_guild": "418059e0d875ef0a0cc314761f9162d2f57a527f72405da06604b340d66aba7d",
}

# v10: a game's size may be 9 (ultimate tic-tac-toe); the table's SQL edited in place.
SCHEMA_V10 = {
    **SCHEMA_V9,
    "games": "6c95526514f81b5bd2e467fa293c9171cca90e1024cfba0b44072fbcb38f9540",
}

# v11: standings and ratings keyed by the kind of game too (classic or ultimate).
SCHEMA_V11 = {
    **SCHEMA_V10,
    "standings": "7d95dcfcae4a49b93f5becbc25f793dc0e5003887fdd64bae54b2b19cceca7be",
    "standings_ranking": "81ca925d4340823d269599787866f81666d871e1ca96812ad12ad300d9396e85",
    "games_tally_insert": "c71e279fcfa1d9aa7ef787690aa58024596052e38bbca0cce55b4cc0be72e7ed",
    "games_tally_update": "bb4273ad68c501112c6c1db78b2bca738b4c1a7a191168b4d8d39f4c21e73a9a",
    "games_tally_delete": "42f36f1fa51ed93c9e1a19705d1fd3a25a85b7b36923dc0e77d34843160b7b73",
    "ratings": "0650de3d53f3d16403cfdf7491f6c12021d8337082957e00459f80909393bb90",
    "ratings_ranking": "f87490029ce3e4ce0060db50b6c10cf58970e378b2722186b99d8f8764d794c3",
}

# v12: each member's solo rating per scope and size, and record against the adaptive level.
SCHEMA_V12_OBJECTS = {
    "adaptive_records": "b4dc9a7ac261a2de8fd6bfec29db40e92d4794098e0dc4ce3de0ac78cf6dc043",
    "sqlite_autoindex_adaptive_records_1": None,
    "solo_ratings": "44a07584a33bb04cb3d9a3295250500439f8b040a4177e53994c7126fbba48c5",
    "sqlite_autoindex_solo_ratings_1": None,
    "solo_ratings_ranking": "4ab1d0ada9b0cb8cece71f3498b69244c667594aaf29a71360dc259ae6d664cc",
}

# v13: each server's own settings (issue 27), and the index the idle sweep asks.
SCHEMA_V13_OBJECTS = {
    "guild_settings": "b5fee716cddac7533b42b4f63500250b634141d58379f0eff591da61359db5cb",
    "sqlite_autoindex_guild_settings_1": None,
    "guild_settings_idle": "b8ce579910667f2a47bb151b74593af741f4416c4700641943c7b7c996d76d89",
}

# v14: the boards owed to a channel until shown (issue 35), due first.
SCHEMA_V14_OBJECTS = {
    "boards_owed": "7d28da9e87c854d4d3fcf4fddb7495d8474b859eb257c794993bbad0b222f711",
    "sqlite_autoindex_boards_owed_1": None,
    "boards_owed_due": "50bee6e0152ac8ca92295ffee365515ef69851544b62f0b4bb17b87071b3fe68",
}

# v15: games and challenges in chats that take answers only (issue 37): a column each.
SCHEMA_V15_CHANGED = {
    "games": "b852175a10db36bbbb32310b815c406447be8b17a0cdd81e2a141a091711f32c",
    "challenges": "6f8a4e8d95818debc4d99a52497d3ec1e8a3b75aae86169d540ca08e8b589dd4",
}

# v16: puzzles in play (issue 38): standings, puzzles' ratings, attempts, made puzzles, the
# daily server puzzle.
SCHEMA_V16_OBJECTS = {
    "puzzle_players": "0884bd19b018b1bf5a4ff5601287573f62a3b437289f5a6702b5bcb6ed66d254",
    "sqlite_autoindex_puzzle_players_1": None,
    "puzzle_ratings": "06df14da9402d81b1d740f5a4adbc0b15907ef185be1883a04aa25942ce5b4d5",
    "sqlite_autoindex_puzzle_ratings_1": None,
    "puzzle_attempts": "baee95a5d109f8e59490cedecaf6e206bd4c0cb6f58532a3c64f3712dc30d025",
    "puzzle_attempts_running": "ef8e7df73a9e2f9181c2085f31f1d6eb0d3ae8184c427a477c3ad3f1a7bba1e8",
    "puzzle_attempts_daily": "559bfb36b8596aee82941a9f6b190a5653714bc5c10249c740b6af85e69cb2cd",
    "puzzle_attempts_solved": "77a5d51f2b4734ca7510b756f9ab2348d11336ef6db06921293e4ecc6ec771f9",
    "puzzle_attempts_tried": "3f5a516986f4dca89b5533537b1133c50d1f540ee2bcd2f1acdb6f44d532d9e7",
    "puzzles_made": "787ced5c3122ef692465f8e3cbe146ee0320a7b66ecd8672d05d583b24fa8396",
    "sqlite_autoindex_puzzles_made_1": None,
    "puzzle_channels": "60aa0704c736e5d71510a36f54129ff2fca19da0c1fe2c27c5f9e13a73bd68cd",
    "sqlite_autoindex_puzzle_channels_1": None,
    "daily_posts": "53c3505a7b6673c42c333e3da9afea15868919e4af712f3612f9d1f00e71f8c8",
    "sqlite_autoindex_daily_posts_1": None,
}

# v17: an adaptive record may be ultimate's, size 9 (issue 36): the table's check widened.
SCHEMA_V17_CHANGED = {
    "adaptive_records": "4f91c744f116f7d0cbd179b52b5ecbfc4c3b530e8b21171485b5fd81d2c15bc4",
}

# v18: games, challenges, results and adaptive records store the kind of game; the tally
# triggers copy it; no check lists the kinds or their sizes.
SCHEMA_V18_CHANGED = {
    "games": "6957cce9bb3a5275893120d9439508701d51e38f700d49e0d2d48fe2a9527558",
    "challenges": "52075447d9dc3681dfbc4d70fb89d1da9217b31ab135461553a1254c713da0be",
    "records": "a97e0a83b54dae59586b8406f6ad584cad177ce9f8e4dd0a35a024afcb230805",
    "adaptive_records": "cb2c2227606ee7177248c6c24e296871963ef5f633270c9a2511d7d080c2b640",
    "standings": "7444bb8aff47a035f7726f3778d2d10b5ae254a6d97057f4a4d64ad595454cda",
    "ratings": "4f2b2c941652957926dbaa6a44f0ef24f8877819217924c3c7d4f6b5486a1059",
    "games_tally_insert": "d845bfc9b549ad9842b9f2191104edbb9685d26c7dc8ab75087729a292140a12",
    "games_tally_update": "a0888c87f78b189db9822d8bd4be5bf01840dbc466147b081184605a250a8290",
    "games_tally_delete": "27f8b43386fb204c9c18b6d199ccfb67582539db2afd4417177372e382bca5d2",
}

# v19: a solo rating may be on any kind's board (Connect Four's, issue 45): the check loosened.
SCHEMA_V19_CHANGED = {
    "solo_ratings": "44be4b14ac7d33a59deacfdc3dec03285ae33bef0f78ff196a74d56f066eaa4d",
}

# v20: arenas (issue 47): their tables and indexes; a game's arena and whether it was lost on
# time (two columns added to games).
SCHEMA_V20_CHANGED = {
    "games": "714bd9882c83243721b633bb35a211bb0b8841b62680963683aef5960c727be4",
    "games_arena": "080f21f7ad249d94d79740e8db2b89326c5173b24c7e5406b84a3f0d6271f597",
    "arenas": "36efab1e37071116ae93d6e7970f207f39c567941cb430413d1b941880e784b9",
    "arenas_open": "580d7506385e28fadfca97a1e4d98c83c4a460e2938eaf5be853660056d096ed",
    "arenas_due": "8a11d3559777b526f5b0cb3efe7ca84081e271f1addaa19471249f79178d1dfb",
    "arena_entrants": "0e32fa2d476679a499a6b9788c961ab259c7c82544737826c4d223f8a508b921",
    "arena_entrants_member": "289de5600ad93f1719b1bbc3d2993f520567b0c8e2afc059daf6559d625208aa",
    "arena_pairings": "dd93552879f694cdee96566ba10f915731685bb3b45aadf3de414e5ba2f1864a",
    "arena_pairings_arena": "5462e24be5ccb98030d3ad01cb6e302d01bab9349b46262d4d1d71f4e8a92889",
    "arena_pairings_busy_x": "757f64bf64e7ef758e657cc1262e6766ada42ba469366a09af4c51077cb9f757",
    "arena_pairings_busy_o": "8ebfde031f849fa14763dfb84d0bc2c57d5977a0de222df89ff691737ef43a0f",
    "sqlite_autoindex_arena_entrants_1": None,  # its primary key
    "sqlite_autoindex_arena_pairings_1": None,  # game_id's UNIQUE
}

FRESH = {
    **SCHEMA_V11,
    **SCHEMA_V12_OBJECTS,
    **SCHEMA_V13_OBJECTS,
    **SCHEMA_V14_OBJECTS,
    **SCHEMA_V15_CHANGED,
    **SCHEMA_V16_OBJECTS,
    **SCHEMA_V17_CHANGED,
    **SCHEMA_V18_CHANGED,
    **SCHEMA_V19_CHANGED,
    **SCHEMA_V20_CHANGED,
}
"""The schema a fresh file has, and every upgraded one."""


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def schema(path: Path) -> dict[str, str | None]:
    """The name of every table, index and trigger in the file -> sha256 of its stored SQL
    (None for an index SQLite made itself)."""
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT name, sql FROM sqlite_master").fetchall()
    return {name: None if sql is None else sha256(sql) for name, sql in rows}


def test_migrations_are_numbered_from_one_without_gaps() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


@pytest.mark.parametrize("dialect", sorted(PINNED))
def test_every_migration_is_pinned_and_unchanged(dialect: Dialect) -> None:
    texts = {m.version: sha256("\0".join(m.statements(dialect))) for m in MIGRATIONS}
    assert texts == PINNED[dialect]


def test_a_fresh_database_has_exactly_the_released_schema(tmp_path: Path) -> None:
    SqliteGameStore(tmp_path / "games.db")
    assert schema(tmp_path / "games.db") == FRESH


def test_an_upgraded_v1_file_has_the_same_schema_as_a_fresh_one(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    sqlite_at_version(path, 1)
    assert set(schema(path)) == {
        *("games", "members", "sqlite_sequence", "games_one_active_per_channel"),
        *("games_by_x_member", "games_by_o_member", "games_by_guild"),
    }
    SqliteGameStore(path)
    assert schema(path) == FRESH


def test_an_upgraded_v2_file_has_the_same_schema_as_a_fresh_one(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    sqlite_at_version(path, 2)
    assert schema(path) == SCHEMA_V2
    SqliteGameStore(path)
    assert schema(path) == FRESH


def test_a_file_at_version_11_has_that_schema_fresh_or_upgraded_from_10(tmp_path: Path) -> None:
    sqlite_at_version(tmp_path / "fresh.db", 11)
    assert schema(tmp_path / "fresh.db") == SCHEMA_V11
    sqlite_at_version(tmp_path / "old.db", 10)
    assert schema(tmp_path / "old.db") == SCHEMA_V10
    with closing(sqlite3.connect(tmp_path / "old.db")) as conn, conn:
        for statement in MIGRATIONS[10].statements("sqlite"):
            conn.execute(statement)
    assert schema(tmp_path / "old.db") == SCHEMA_V11
