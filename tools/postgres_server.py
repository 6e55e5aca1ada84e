"""A throwaway PostgreSQL server for the tests and the benchmarks: a real server, never a mock.

The binaries come from the pinned ``pgserver`` wheel in the dev extra, so a fresh machine gets
them from ``pip install -e '.[dev]'`` alone. The server is started directly (no ``pg_ctl``, no
daemon), listens on a free loopback port only, keeps its cluster in a temporary directory, and
runs with durability off because nothing here must survive the test session (or the
benchmark). Here in ``tools`` rather than ``tests`` because ``bench/games.py`` starts one too
and a benchmark never imports the tests; the tests find it through pytest's ``pythonpath``.

PostgreSQL refuses to run as root, and CI runs as root: then the server runs as ``nobody`` from
a copy of the binaries in the temporary directory, because the virtualenv may sit under a
directory (``/root``) that other users cannot enter.
"""

from __future__ import annotations

import ctypes
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

START_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 10.0
UNPRIVILEGED_USER = "nobody"
PR_SET_PDEATHSIG = 1
READABLE = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
EXECUTABLE = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH

PASSWORD_ROLE = "with_password"
"""The one role that must give its password (scram-sha-256); every other role is trusted."""
PASSWORD = "right-password"

SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "unix_socket_directories": "",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}


class PostgresUnavailable(RuntimeError):
    """The server could not be started; the message says why and carries the server's log."""


def bundled_install() -> Path:
    """Where pgserver keeps its PostgreSQL build (``bin``, ``lib``, ``share``).

    Found without importing pgserver, whose import sets up its own server management.
    """
    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        raise PostgresUnavailable(
            "the pgserver package is not installed: run `pip install -e '.[dev]'`"
        )
    install = Path(next(iter(spec.submodule_search_locations))) / "pginstall"
    if not (install / "bin" / "postgres").exists():
        raise PostgresUnavailable(f"pgserver ships no PostgreSQL binaries at {install}")
    return install


def link_or_copy(source: str, target: str) -> None:
    """A hard link is instant and needs no access to the source's directories; across file
    systems, a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def open_to_all(path: Path) -> None:
    """Let every user read ``path`` (and run it, if its owner may)."""
    mode = path.stat().st_mode
    wanted = mode | READABLE | (EXECUTABLE if stat.S_ISDIR(mode) or mode & stat.S_IXUSR else 0)
    if wanted != mode:
        path.chmod(wanted)


def staged_copy(install: Path, root: Path) -> Path:
    """Put the binaries where any user can run them, keeping the layout their RPATH expects
    (``pgserver/pginstall/bin`` finds its libraries in ``pgserver.libs``)."""
    target = root / "site" / "pgserver" / "pginstall"
    skip = shutil.ignore_patterns("include", "pgxs", "*.a")
    shutil.copytree(install, target, ignore=skip, copy_function=link_or_copy)
    libs = install.parent.parent / "pgserver.libs"
    if libs.is_dir():
        shutil.copytree(libs, target.parent.parent / "pgserver.libs", copy_function=link_or_copy)
    for path in [root, *root.rglob("*")]:
        open_to_all(path)
    return target


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def die_with_parent() -> None:
    """Runs in the server's process before exec: if the test run dies, even by kill -9, the
    kernel sends the server SIGQUIT (immediate shutdown), so no server outlives its tests."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGQUIT)


class PostgresServer:
    """One running cluster; ``url`` reaches its ``postgres`` database as superuser."""

    def __init__(self) -> None:
        self._root = Path(tempfile.mkdtemp(prefix="tictactoe-postgres-"))
        self._process: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)
        self._log = self._root / "server.log"
        self._user: pwd.struct_passwd | None = None
        self._data = self._root / "data"
        self._install = Path()
        self._env: dict[str, str] = {}
        self.port = 0
        self.url = ""

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        try:
            self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> None:
        install = bundled_install()
        data = self._data
        data.mkdir(mode=0o700)
        if os.geteuid() == 0:
            self._root.chmod(0o755)
            install = staged_copy(install, self._root)
            try:
                user = pwd.getpwnam(UNPRIVILEGED_USER)
            except KeyError:
                raise PostgresUnavailable(
                    f"running as root and there is no user {UNPRIVILEGED_USER!r} to run "
                    "PostgreSQL as"
                ) from None
            os.chown(data, user.pw_uid, user.pw_gid)
            self._user = user
        env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        env["LC_ALL"] = "C"
        initdb = subprocess.run(
            [
                install / "bin" / "initdb",
                f"--pgdata={data}",
                "--username=postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
                "--no-instructions",
            ],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            **self._identity(),
        )
        if initdb.returncode != 0:
            raise PostgresUnavailable(f"initdb failed:\n{initdb.stdout}{initdb.stderr}")
        hba = data / "pg_hba.conf"  # the first matching line wins
        rule = f"host all {PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n"
        hba.write_text(rule + hba.read_text())
        self._install, self._env = install, env
        for _attempt in range(3):
            self.port = free_port()
            if self._launch():
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute(
                        sql.SQL("CREATE ROLE {} LOGIN SUPERUSER PASSWORD {}").format(
                            sql.Identifier(PASSWORD_ROLE), sql.Literal(PASSWORD)
                        )
                    )
                return
        raise PostgresUnavailable(f"postgres did not start:\n{self.log()}")

    def url_with_password(self, password: str, database: str = "postgres") -> str:
        """A URL for ``PASSWORD_ROLE``, whose password the server checks (``PASSWORD``)."""
        return f"postgresql://{PASSWORD_ROLE}:{password}@127.0.0.1:{self.port}/{database}"

    def pause(self) -> None:
        """Shut the server down (fast, then kill if it hangs) but keep its data, as an outage
        would (see ``resume``)."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def resume(self) -> None:
        """Start the paused server again, on the same port with the same data. Call it from a
        thread that lives as long as the server should (the main one, not an executor's): the
        parent-death signal (``die_with_parent``) follows the thread that started it."""
        if not self._launch():
            raise PostgresUnavailable(f"postgres did not start again:\n{self.log()}")

    def _identity(self) -> dict[str, Any]:
        """Popen's arguments that drop root for the server's processes (none if not root)."""
        if self._user is None:
            return {}
        return {"user": self._user.pw_uid, "group": self._user.pw_gid, "extra_groups": []}

    def _launch(self) -> bool:
        """Start the server on ``self.port`` with the install, data and environment ``_start``
        set up; False if it exited (say, the port was taken)."""
        options = [f"--{name}={value}" for name, value in SETTINGS.items()]
        with self._log.open("ab") as log:
            self._process = subprocess.Popen(
                [
                    self._install / "bin" / "postgres",
                    "-D",
                    self._data,
                    "-p",
                    str(self.port),
                    *options,
                ],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self._env,
                preexec_fn=die_with_parent,
                **self._identity(),
            )
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                self._process = None
                return False
            try:
                with psycopg.connect(self.url, connect_timeout=2):
                    return True
            except psycopg.OperationalError:
                time.sleep(0.05)
        raise PostgresUnavailable(
            f"postgres did not accept connections in {START_TIMEOUT_SECONDS:.0f}s:\n{self.log()}"
        )

    def cpu_seconds(self) -> float:
        """CPU time the server's processes have used so far (Linux; the benchmarks report
        it per move): the postmaster's own and its children's, running or ended."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            if self.pid in (int(entry.name), int(fields[1])):  # the postmaster, or a child
                total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        return total / ticks

    def log(self) -> str:
        try:
            return self._log.read_text(errors="replace")[-4000:]
        except OSError:
            return "(no server log)"

    def create_database(self) -> str:
        """A new empty database; returns its URL. Cheap (a copy of ``template1``)."""
        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url.rsplit("/", 1)[0] + "/" + name

    def drop_database(self, url: str) -> None:
        """Drop a database made by ``create_database``, closing whatever still uses it."""
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def stop(self) -> None:
        """Shut the server down (``pause``) and remove the cluster."""
        self.pause()
        shutil.rmtree(self._root, ignore_errors=True)


@contextmanager
def running_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def fresh_database(server: PostgresServer) -> Iterator[str]:
    url = server.create_database()
    try:
        yield url
    finally:
        server.drop_database(url)
