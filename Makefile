# Two commands set everything up on a fresh machine (only Python and pip needed):
#   make run   - runs the bot (with no DISCORD_TOKEN it starts the terminal game)
#   make test  - runs the whole test suite
# Both create .venv and install the project with its dev extra when missing or stale.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run play test test-fast lint bench screenshots clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@# pip's output (progress, build-backend warnings) only matters when it fails: then all of it.
	@echo "Installing tictactoe-bot and its dependencies into $(VENV)..."
	@log=$$(mktemp) && \
	if { $(BIN)/python -m pip install --upgrade pip && \
	     $(BIN)/python -m pip install -e '.[dev]'; } >"$$log" 2>&1; \
	then rm -f "$$log"; \
	else status=$$?; cat "$$log"; rm -f "$$log"; exit $$status; fi
	@# Byte-compile now, so a fresh process starts fast even where PYTHONDONTWRITEBYTECODE is set.
	@$(BIN)/python -m compileall -q bot
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

play: $(STAMP)
	$(BIN)/python -m bot play

# Both run the tests on every core (pytest-xdist; at most 4 workers, each with its own
# PostgreSQL server), handing a worker that runs dry the tests another has still to run.
# JOBS=0 runs them in this one process. Why: docs/decisions.md, "A quick test loop".
JOBS   ?= auto
XDIST  := --numprocesses=$(JOBS) --maxprocesses=4 --dist=worksteal

test: $(STAMP)
	$(BIN)/python -m pytest -q $(XDIST)

# The markers are given and checked in tests/conftest.py: a test left out here starts a process,
# needs the PostgreSQL server, or takes seconds (slow: a CPU-bound sweep, hours of simcord's
# clock); one run here that starts a process or the server fails.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q $(XDIST) -m "not postgres and not processes and not slow"

lint: $(STAMP)
	$(BIN)/ruff check bot tests bench tools
	$(BIN)/mypy bot

bench: $(STAMP)
	$(BIN)/python -m compileall -q bot
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/games.py
	$(BIN)/python bench/floods.py
	$(BIN)/python bench/steady.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/puzzles.py
	$(BIN)/python bench/faults.py

# The README's pictures of the bot's Discord messages (docs/screenshots), drawn by simcord's
# preview in the OS's headless Chromium; tests/tools/test_screenshots.py checks they still match.
screenshots: $(STAMP)
	@command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null || \
	  test -n "$$CHROMIUM_PATH" || \
	  { echo "make screenshots needs a Chromium: apt-get install chromium-headless-shell" >&2; exit 1; }
	$(BIN)/python -m pip install -q -e '.[dev,screenshots]'
	$(BIN)/python tools/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
