"""The markers `make test-fast` leaves out are given and checked (tests/conftest.py): a test that
uses the PostgreSQL server is ``postgres``, and a test marked neither ``postgres`` nor
``processes`` cannot start a process, so the fast run starts no server and no child.

Each check runs tests/conftest.py itself on small test files of its own (pytester, in this
process: collecting or running them starts nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
CONFTEST = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    """A folder with this suite's conftest.py and pytest settings (markers, strict, asyncio)."""
    pytester.makeconftest(CONFTEST)
    pytester.makefile(".toml", pyproject=PYPROJECT)
    return pytester


USES_THE_SERVER = """
import pytest

@pytest.fixture
def a_store(postgres_url):
    return postgres_url

def test_asks_for_a_database(postgres_url):
    pass

def test_asks_for_the_server(postgres_server):
    pass

def test_asks_for_the_outage_server(outage_server):
    pass

def test_opens_a_store(open_store):
    pass

def test_through_a_fixture_of_its_own(a_store):
    pass

def test_needs_nothing():
    pass
"""


def selected(pytester: pytest.Pytester, *args: str) -> list[str]:
    """The tests a run with ``args`` would run (collected, then selected by ``-m``)."""
    recorder = pytester.inline_run("--collect-only", *args)
    [finish] = recorder.getcalls("pytest_collection_finish")
    return [item.name for item in finish.session.items]


def test_a_test_using_the_server_by_any_fixture_is_marked_postgres(
    suite: pytest.Pytester,
) -> None:
    suite.makepyfile(test_server=USES_THE_SERVER)
    assert selected(suite, "-m", "postgres") == [
        "test_asks_for_a_database",
        "test_asks_for_the_server",
        "test_asks_for_the_outage_server",
        "test_opens_a_store",
        "test_through_a_fixture_of_its_own",
    ]
    assert selected(suite, "-m", "not postgres and not processes") == ["test_needs_nothing"]


def test_a_test_reaching_the_server_only_once_it_runs_must_be_marked_by_hand(
    suite: pytest.Pytester,
) -> None:
    """``postgres_url`` asked for inside the test (as the contract's ``database`` fixture does
    for its "postgresql" parameter) is no fixture pytest sees: the test fails unless marked.
    The server here is a stand-in, so nothing starts."""
    suite.makepyfile(
        test_late="""
        import pytest

        class StandIn:
            def create_database(self):
                return "postgresql://stand-in/test_1"

            def drop_database(self, url):
                pass

        @pytest.fixture(scope="session")
        def postgres_server():
            return StandIn()

        @pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
        def marked(request):
            return request.param

        @pytest.fixture(params=["sqlite", "postgresql"])
        def unmarked(request):
            return request.param

        def test_marked(marked, request):
            if marked == "postgresql":
                assert request.getfixturevalue("postgres_url") == "postgresql://stand-in/test_1"

        def test_unmarked(unmarked, request):
            if unmarked == "postgresql":
                request.getfixturevalue("postgres_url")
        """
    )
    assert selected(suite, "-m", "postgres") == ["test_marked[postgresql]"]
    passed, _, failed = suite.inline_run().listoutcomes()
    assert [report.head_line for report in passed] == [
        "test_marked[sqlite]",
        "test_marked[postgresql]",
        "test_unmarked[sqlite]",
    ]
    assert [report.head_line for report in failed] == ["test_unmarked[postgresql]"]
    assert "test_unmarked[postgresql] uses PostgreSQL but is not marked postgres" in (
        failed[0].longreprtext
    )


SPAWNS = """
import multiprocessing
import os
import subprocess
import sys

import pytest

def test_runs_a_child_python():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

def test_forks():
    if os.fork() == 0:
        os._exit(0)

def test_starts_a_multiprocessing_process():
    process = multiprocessing.get_context("spawn").Process(target=print)
    process.start()
    process.join()

async def test_starts_an_asyncio_subprocess():
    import asyncio
    child = await asyncio.create_subprocess_exec(sys.executable, "-c", "pass")
    await child.wait()

def test_catches_the_refusal_and_goes_on():
    try:
        subprocess.run([sys.executable, "-c", "pass"])
    except Exception:
        pass

@pytest.fixture
def child():
    return subprocess.Popen([sys.executable, "-c", "pass"])

def test_starts_one_in_its_fixture(child):
    pass

def test_starts_none():
    assert subprocess.list2cmdline(["a b"]) == '"a b"'
"""


def test_an_unmarked_test_that_starts_a_process_fails_and_starts_none(
    suite: pytest.Pytester,
) -> None:
    """Whichever way it tries, in the test or in a fixture, and even when the code under test
    swallows the error: the attempt is refused (no process starts here) and the test fails."""
    suite.makepyfile(test_spawns=SPAWNS)
    passed, _, failed = suite.inline_run().listoutcomes()
    assert [report.head_line for report in passed] == ["test_starts_none"]
    assert sorted(report.head_line for report in failed) == [
        "test_catches_the_refusal_and_goes_on",
        "test_forks",
        "test_runs_a_child_python",
        "test_starts_a_multiprocessing_process",
        "test_starts_an_asyncio_subprocess",
        "test_starts_one_in_its_fixture",
    ]
    for report in failed:
        assert "not marked processes" in report.longreprtext or (
            "mark it processes" in report.longreprtext
        ), report.longreprtext
