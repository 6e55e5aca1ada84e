"""The install is quiet: pyproject.toml uses the license fields current setuptools expects.

A ``{ text = ... }`` table makes every build print a deprecation warning (three times during
``make run``'s editable install); an SPDX string with ``license-files`` needs setuptools 77.
The install itself is checked by hand in a throwaway venv: it needs the network.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
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
case "$*" in *"-m pip"*) echo "pip says: $*";; esac
case "$*" in *"install -e"*) exit "${FAKE_PIP_STATUS:-0}";; esac
"""


def make_install(tmp_path: Path, pip_status: int) -> subprocess.CompletedProcess[str]:
    """Run the Makefile's install step against a venv whose python only prints and exits."""
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(FAKE_PYTHON, encoding="utf-8")
    python.chmod(0o755)
    return subprocess.run(
        ["make", "-C", str(ROOT), f"VENV={venv}", f"{venv}/.installed"],
        env={**os.environ, "FAKE_PIP_STATUS": str(pip_status)},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.processes
@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_keeps_pip_quiet_unless_it_fails(tmp_path: Path) -> None:
    quiet = make_install(tmp_path / "ok", pip_status=0)
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    assert "pip says" not in quiet.stdout + quiet.stderr
    loud = make_install(tmp_path / "broken", pip_status=3)
    assert loud.returncode != 0
    assert "pip says: -m pip install -e .[dev]" in loud.stdout + loud.stderr
