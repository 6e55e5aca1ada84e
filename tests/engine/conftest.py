"""Shared setup for the engine tests: the `slow` marker and a couple of tiny conversions.

The reference searches that check the engine live inside the test modules themselves, written
over plain tuples, so the engine's own search is never used to check itself.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker so `-m "not slow"` works without warnings."""
    config.addinivalue_line("markers", "slow: a test that takes more than a few seconds")
