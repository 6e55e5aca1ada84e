# Two commands set everything up on a fresh machine (only Python and pip needed):
#   make run   - runs the bot (with no DISCORD_TOKEN it starts the terminal game)
#   make test  - runs the whole test suite
# Each creates .venv when missing and installs what it needs there: run and play the project
# alone; test, test-fast, lint and bench add the dev extra, screenshots the screenshots extra
# too. A stamp per set in .venv says it is installed: switching targets installs nothing more,
# and a set is installed again when pyproject.toml is newer than its stamp.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUNTIME     := $(VENV)/.installed
DEV         := $(VENV)/.installed-dev
SCREENSHOTS := $(VENV)/.installed-screenshots
SCREENSHOTS_EXTRAS := dev,screenshots

.PHONY: run play test test-fast lint bench screenshots chromium clean

# $(call install,SPEC,WHAT,STAMPS): pip install -e SPEC into $(VENV) (created, with the newest
# pip, when missing), byte-compile bot/ and touch STAMPS: every set SPEC holds, so a target
# needing less installs nothing more.
define install
	@echo "Installing $(2) into $(VENV)..."
	@# pip's output (progress, build-backend warnings) only matters when it fails: then all of it.
	@log=$$(mktemp) && \
	if { { test -x $(BIN)/python || \
	       { $(PYTHON) -m venv $(VENV) && $(BIN)/python -m pip install --upgrade pip; }; } && \
	     $(BIN)/python -m pip install -e '$(1)'; } >"$$log" 2>&1; \
	then rm -f "$$log"; \
	else status=$$?; cat "$$log"; rm -f "$$log"; exit $$status; fi
	@# Byte-compile now, so a fresh process starts fast even where PYTHONDONTWRITEBYTECODE is set.
	@$(BIN)/python -m compileall -q bot
	@# Compile ultimate's search kernel now (Numba caches it beside the code, about 10 s), so
	@# that neither the first game nor the first test waits for it.
	@$(BIN)/python -c "from bot.engine.ultimate import prepare; prepare()"
	@touch $(3)
endef

$(RUNTIME): pyproject.toml
	$(call install,.,tictactoe-bot and its dependencies,$(RUNTIME))

$(DEV): pyproject.toml
	$(call install,.[dev],tictactoe-bot with the test and lint tools (dev extra),$(DEV) $(RUNTIME))

$(SCREENSHOTS): pyproject.toml
	$(call install,.[$(SCREENSHOTS_EXTRAS)],tictactoe-bot with the dev and screenshots extras,$(SCREENSHOTS) $(DEV) $(RUNTIME))

run: $(RUNTIME)
	$(BIN)/python -m bot

play: $(RUNTIME)
	$(BIN)/python -m bot play

# Both run the tests on every core (pytest-xdist; at most 4 workers, each with its own
# PostgreSQL server), handing a worker that runs dry the tests another has still to run.
# JOBS=0 runs them in this one process. Why: docs/decisions.md, "A quick test loop".
JOBS   ?= auto
XDIST  := --numprocesses=$(JOBS) --maxprocesses=4 --dist=worksteal

test: $(DEV)
	$(BIN)/python -m pytest -q $(XDIST)

# The markers are given and checked in tests/conftest.py: a test left out here starts a process,
# needs the PostgreSQL server, or takes seconds (slow: a CPU-bound sweep, hours of simcord's
# clock); one run here that starts a process or the server fails.
test-fast: $(DEV)
	$(BIN)/python -m pytest -q $(XDIST) -m "not postgres and not processes and not slow"

lint: $(DEV)
	$(BIN)/ruff check bot tests bench tools
	$(BIN)/mypy bot

# The benchmarks use dev packages: pgserver (bench/games.py), simcord (bench/floods.py) and
# trustme (bench/faults.py's fake Discord).
bench: $(DEV)
	$(BIN)/python -m compileall -q bot
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/games.py
	$(BIN)/python bench/floods.py
	$(BIN)/python bench/steady.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/hints.py
	$(BIN)/python bench/puzzles.py
	$(BIN)/python bench/faults.py
	$(BIN)/python bench/arena.py

# The README's pictures of the bot's Discord messages (docs/screenshots), drawn by simcord's
# preview in the OS's headless Chromium; tests/tools/test_screenshots.py checks they still match.
# The browser is looked for first, so a machine without one installs nothing for it.
screenshots: chromium $(SCREENSHOTS)
	$(BIN)/python tools/screenshots.py

chromium:
	@command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null || \
	  test -n "$$CHROMIUM_PATH" || \
	  { echo "make screenshots needs a Chromium: apt-get install chromium-headless-shell" >&2; exit 1; }

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
