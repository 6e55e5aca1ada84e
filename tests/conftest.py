"""Fixtures every test directory may use: a real PostgreSQL server (tools/postgres_server.py),
and a new SQLite game database file copied from one migrated once (``database_file``).

The server starts once per session (per worker, where the tests run on several cores), and
only if some test asks for it. It is never skipped: a
machine where it cannot start fails the run, since `make test` installs everything it needs.

Two markers say what a test needs beyond this interpreter, so `make test-fast` can leave it out:
``postgres`` (the real server: given here to every test that uses one of its fixtures, and
written by hand on the "postgresql" parameter of a test that asks for ``postgres_url`` only
once it runs) and ``processes`` (real OS processes: subprocess, multiprocessing, a pty; written
on the test or its module). Both are checked as the tests run: ``postgres_url`` fails a test
without ``postgres``, and a test with neither marker fails if it starts a process, the server's
included. A third, ``slow`` (seconds of CPU: a sweep, or hours of simcord's clock), is
written by hand; `make test-fast` leaves it out too.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from postgres_server import PostgresServer, fresh_database, running_server

from bot.games import GameService, GameStore
from bot.storage.postgres.store import PostgresGameStore
from bot.storage.sqlite.store import SqliteGameStore

# The tests run on both cores of a machine others share (Makefile): how long hypothesis takes
# to make or run one example says nothing about the code, so neither fails a test here. What
# a test checks stays as it is; a test whose speed is the point times itself.
settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("shared-machine")

# A test that interrupts a child as Ctrl-C does needs the child to take SIGINT. A shell runs a
# command started in the background (`make test &`, a CI runner's) with SIGINT ignored, and a
# child inherits that; a handler of Python's own is reset to the default at exec instead.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

try:
    import _posixsubprocess  # what multiprocessing's spawn and forkserver start children with
except ImportError:  # not POSIX: there is no such way to refuse
    _posixsubprocess = None


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty game database file as the SQLite store makes it (every migration run), once a
    session: ``database_file`` copies it."""
    path = tmp_path_factory.mktemp("template") / "games.db"
    asyncio.run(SqliteGameStore(path).close())
    return path


@pytest.fixture
def database_file(tmp_path: Path, migrated_template: Path) -> Path:
    """``tmp_path / "games.db"``: a new, empty game database, as the store would make it on
    opening, copied (about 10 ms) rather than migrated there (about 35 ms of CPU)."""
    path = tmp_path / "games.db"
    shutil.copyfile(migrated_template, path)
    return path


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    with running_server() as server:
        yield server


@pytest.fixture(scope="session")
def outage_server() -> Iterator[PostgresServer]:
    """A server of its own for the tests that stop it and start it again (an outage), so
    the other tests' server never goes away under them. Running again after each test."""
    with running_server() as server:
        yield server


@pytest.fixture
def postgres_url(request: pytest.FixtureRequest, postgres_server: PostgresServer) -> Iterator[str]:
    """A new empty database for one test, dropped afterwards."""
    if request.node.get_closest_marker("postgres") is None:
        pytest.fail(f"{request.node.nodeid} uses PostgreSQL but is not marked postgres")
    with fresh_database(postgres_server) as url:
        yield url


@pytest.fixture
async def open_store() -> AsyncIterator[Callable[..., Awaitable[PostgresGameStore]]]:
    """``PostgresGameStore.open``, each store closed however the test ends (a pool left open
    would keep the test's event loop from ending)."""
    opened: list[PostgresGameStore] = []

    async def open_store(url: str, **options: Any) -> PostgresGameStore:
        opened.append(await PostgresGameStore.open(url, **options))
        return opened[-1]

    yield open_store
    for store in opened:
        await store.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], Awaitable[GameStore]]:
    """Opens a store on one database, an SQLite file or a real PostgreSQL one (the test runs
    on each), the same database each call: a second call is a restart, or another process."""
    if request.param == "sqlite":

        async def sqlite() -> GameStore:
            return SqliteGameStore(tmp_path / "games.db")

        return sqlite
    url: str = request.getfixturevalue("postgres_url")

    async def postgresql() -> GameStore:
        return await PostgresGameStore.open(url, pool_size=3)

    return postgresql


@pytest.fixture
async def services() -> AsyncIterator[list[GameService]]:
    """Services a test opens, each closed however it ends."""
    opened: list[GameService] = []
    yield opened
    for service in opened:
        await service.close()


POSTGRES_FIXTURES = frozenset({"postgres_server", "outage_server", "postgres_url", "open_store"})
"""Using any of these (directly or through another fixture) makes a test a ``postgres`` one."""


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if POSTGRES_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)


# Every way this interpreter starts another program or a copy of itself: subprocess (and so
# asyncio's subprocesses and os.popen), fork (multiprocessing's default, pty, os.spawn*),
# multiprocessing's spawn and forkserver (_posixsubprocess), posix_spawn and system.
SPAWNERS: list[tuple[Any, str]] = [
    (subprocess.Popen, "_execute_child"),
    (_posixsubprocess, "fork_exec"),
    (os, "fork"),
    (os, "forkpty"),
    (os, "posix_spawn"),
    (os, "posix_spawnp"),
    (os, "system"),
]


class UnmarkedProcessError(Exception):
    """A test marked neither ``processes`` nor ``postgres`` tried to start a process."""


@contextmanager
def no_processes(item: pytest.Item) -> Iterator[list[str]]:
    """Refuse every way of starting a process while ``item`` runs; yields what was tried."""
    tried: list[str] = []

    def refusal(name: str) -> Callable[..., Any]:
        def spawn(*args: Any, **kwargs: Any) -> Any:
            tried.append(name)
            raise UnmarkedProcessError(
                f"{item.nodeid} started a process ({name}) but is not marked processes"
            )

        return spawn

    with pytest.MonkeyPatch.context() as patch:
        for owner, name in SPAWNERS:
            if hasattr(owner, name):
                patch.setattr(owner, name, refusal(f"{getattr(owner, '__name__', owner)}.{name}"))
        yield tried


def may_start_processes(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in ("processes", "postgres"))


def guarded(item: pytest.Item) -> Generator[None, object, object]:
    """One phase of ``item`` (setup, call, teardown), failed if it started a process unmarked,
    even where the code under test caught the refusal."""
    if may_start_processes(item):
        return (yield)
    with no_processes(item) as tried:
        result = yield
    if tried:
        pytest.fail(f"{item.nodeid} started a process ({', '.join(tried)}): mark it processes")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from guarded(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from guarded(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from guarded(item))
