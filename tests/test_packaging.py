"""The install is quiet: pyproject.toml uses the license fields current setuptools expects.

A ``{ text = ... }`` table makes every build print a deprecation warning (three times during
``make run``'s editable install); an SPDX string with ``license-files`` needs setuptools 77.
The Makefile installs what each target needs (issue 49), checked here with a Python that only
logs; the real install needs the network, and CI's first step (tools/check_runtime.py) runs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_the_license_is_an_spdx_string_with_its_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = config["project"]
    assert project["license"] == "MIT"
    for pattern in project["license-files"]:
        assert list(ROOT.glob(pattern)), f"{pattern} matches no file"
    [setuptools] = [r for r in config["build-system"]["requires"] if r.startswith("setuptools")]
    found = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools)
    assert found is not None and int(found[1]) >= 77, setuptools


FAKE_PYTHON = """#!/bin/sh
echo "$*" >> "$FAKE_LOG"
case "$*" in "-m venv "*) mkdir -p "$3/bin" && for tool in python ruff mypy; do
  cp "$0" "$3/bin/$tool"; done;; esac
case "$*" in *"-m pip"*) echo "pip says: $*";; esac
case "$*" in *"install -e"*) exit "${FAKE_PIP_STATUS:-0}";; esac
"""
"""A Python (and ruff, and mypy) that only logs its arguments: ``-m venv`` makes a venv of
these, pip says so on its output and fails with FAKE_PIP_STATUS."""


class Checkout:
    """The Makefile and pyproject.toml in a folder of their own, with a fake Python: every
    target runs as written, and only the log says what it did."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        for name in ("Makefile", "pyproject.toml"):
            shutil.copy(ROOT / name, folder / name)
        self.folder = folder
        self.python = folder / "python3"
        self.python.write_text(FAKE_PYTHON, encoding="utf-8")
        self.python.chmod(0o755)
        self.log = folder / "calls.log"

    def make(self, target: str, pip_status: int = 0) -> subprocess.CompletedProcess[str]:
        self.log.write_text("", encoding="utf-8")
        env = {
            **os.environ,
            "FAKE_LOG": str(self.log),
            "FAKE_PIP_STATUS": str(pip_status),
            "CHROMIUM_PATH": "/usr/bin/true",
        }
        return subprocess.run(
            ["make", "-C", str(self.folder), f"PYTHON={self.python}", target],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def installs(self, target: str) -> list[str]:
        """What ``make TARGET`` gave pip to install, in order."""
        made = self.make(target)
        assert made.returncode == 0, made.stdout + made.stderr
        calls = self.log.read_text(encoding="utf-8").splitlines()
        return [call.split(" install ")[1] for call in calls if "-m pip install" in call]


needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


@pytest.mark.processes
@needs_make
def test_make_keeps_pip_quiet_unless_it_fails(tmp_path: Path) -> None:
    quiet = Checkout(tmp_path / "ok").make("run")
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    assert "pip says" not in quiet.stdout + quiet.stderr
    loud = Checkout(tmp_path / "broken").make("run", pip_status=3)
    assert loud.returncode != 0
    assert "pip says: -m pip install -e ." in loud.stdout + loud.stderr


@pytest.mark.processes
@needs_make
def test_each_target_installs_what_it_needs_once(tmp_path: Path) -> None:
    """Issue 49: run and play get the project alone, the test and lint targets the dev extra
    on top, screenshots its extra too; a set once installed is not installed again."""
    checkout = Checkout(tmp_path / "checkout")
    assert checkout.installs("run") == ["--upgrade pip", "-e ."]
    assert checkout.installs("play") == []
    assert checkout.installs("test") == ["-e .[dev]"]
    for target in ("test-fast", "lint", "bench", "run"):
        assert checkout.installs(target) == [], target
    assert checkout.installs("screenshots") == ["-e .[dev,screenshots]"]
    for target in ("test", "play", "screenshots"):
        assert checkout.installs(target) == [], target


@pytest.mark.processes
@needs_make
def test_a_set_is_installed_again_after_pyproject_changes(tmp_path: Path) -> None:
    checkout = Checkout(tmp_path / "checkout")
    assert checkout.installs("test") == ["--upgrade pip", "-e .[dev]"]
    assert checkout.installs("run") == []  # the dev set holds the project
    now = time.time()
    for stamp in (checkout.folder / ".venv").glob(".installed*"):
        os.utime(stamp, (now - 100, now - 100))
    os.utime(checkout.folder / "pyproject.toml", (now - 50, now - 50))  # edited since
    assert checkout.installs("run") == ["-e ."]
    assert checkout.installs("run") == []
    assert checkout.installs("lint") == ["-e .[dev]"]
    assert checkout.installs("test") == []
