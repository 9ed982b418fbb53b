# Every target creates .venv when it is missing, so a fresh clone needs nothing installed by hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_WORKERS ?= 2
# Python's own default, on machines that turn it off: compiled modules (and pytest's
# rewritten tests) are kept, so a second run, and every bot process a run starts after
# the first, reads them instead of compiling again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-long lint types unit bench bench-ai gallery cli clean catalogs messages \
	mutation lock

# The languages' compiled catalogs, made from the .po files kept in version control
# (lang/README.md); every target that runs the bot or its tests depends on them.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard lang/locales/*/LC_MESSAGES/messages.po))

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

%.mo: %.po $(VENV)/.installed
	$(BIN)/python -m lang.compile $< $@

catalogs: $(CATALOGS)

# Every message of the code and the slash commands into lang/messages.pot, and the
# catalogs brought up to date with it (new messages untranslated).
messages: $(VENV)/.installed
	$(BIN)/python -m bot.catalogs

# The Discord Activity's page (activity/build.py, docs/activity.md), built again when one
# of its sources changed; npm fetches its pinned packages on a fresh machine.
ACTIVITY := activity/dist/index.html

$(ACTIVITY): activity/build.py activity/package.json activity/package-lock.json \
		$(wildcard activity/src/* activity/src/*/*) $(wildcard render/web/*.js render/web/*.css)
	$(PYTHON) activity/build.py --force

run: $(VENV)/.installed $(CATALOGS) $(ACTIVITY)
	render/fonts/install-cjk
	$(BIN)/python -m bot

cli: $(VENV)/.installed
	$(BIN)/python -m games play grass

test: lint types unit

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: $(VENV)/.installed-dev
	$(BIN)/mypy

unit: $(VENV)/.installed-dev $(CATALOGS) $(ACTIVITY)
	render/fonts/install-cjk
	tests/install-postgres
	tests/install-chromium
	$(BIN)/pytest -n $(PYTEST_WORKERS)

# The long variants: thousands of random games, 20+ crashes, long fuzzing (RUN_SLOW=1).
test-long: $(VENV)/.installed-dev $(CATALOGS)
	render/fonts/install-cjk
	tests/install-postgres
	tests/install-chromium
	RUN_SLOW=1 $(BIN)/pytest -n $(PYTEST_WORKERS)

# Benchmarks print figures; they never fail on a slow machine. census: what players get
# over whole games (DMs, channel messages, REST calls); taps: picks per move;
# bench_processes: SQLite beside PostgreSQL, one process beside two; bench_waits: how long
# a person waits for the computer seats at their table; bench_fair: whether one busy
# server slows another server's computer players; bench_metrics: what the operators'
# metrics cost a move, on and off.
bench: $(VENV)/.installed-dev $(CATALOGS)
	tests/install-postgres
	$(BIN)/python -m games.bench
	$(BIN)/python -m render.tools.bench
	$(BIN)/python -m render.tools.bench_replay
	$(BIN)/python -m tests.stress.bench
	$(BIN)/python -m tests.stress.census
	$(BIN)/python -m tests.stress.taps
	$(BIN)/python -m tests.stress.bench_processes
	$(BIN)/python -m tests.stress.bench_waits
	$(BIN)/python -m tests.stress.bench_fair
	$(BIN)/python -m tests.stress.bench_metrics
	$(BIN)/python -m tests.stress.bench_activity

# The computer players' strength (win rates with confidence intervals), then the ratings'
# calibration (the levels rated against each other must order random < easy < hard);
# about 15 minutes on two cores.
bench-ai: $(VENV)/.installed-dev
	$(BIN)/python -m games.ai.bench
	$(BIN)/python -m tests.stress.bench_ratings

# Mutation testing with mutmut (README.md, "Mutation testing"): each small change mutmut
# makes to games/ and bot/core/skill.py runs against the tests that reach the changed
# function, then the scores per module are printed, leaving out the mutants judged
# equivalent (tests/mutation/equivalent.txt). Not part of `make test`: hours over all of
# games/ on two cores. Results are kept in mutants/ and a rerun tries only what changed.
# MUTANTS narrows the run to mutant names: make mutation MUTANTS='games.grass.effects.*'
MUTANTS ?=
# mutmut maps a function only to the tests new since its last map, so map afresh (README).
mutation: $(VENV)/.installed-dev $(CATALOGS)
	rm -f mutants/mutmut-stats.json
	nice -n 10 $(BIN)/mutmut run --max-children $(PYTEST_WORKERS) $(MUTANTS)
	$(BIN)/python -m tests.mutation.scores

# requirements.lock: the exact versions and hashes of the runtime dependencies, which the
# container image installs (Dockerfile), for CPython 3.11 on Linux; resolved for x86_64, then
# checked to resolve the same for aarch64. Versions already locked are kept while pyproject
# allows them; `make lock LOCK_FLAGS=--upgrade` takes the newest allowed. uv runs from a
# venv of its own: it is no dependency of the project. tests/test_lock.py checks the lock
# against pyproject.toml.
LOCK_TOOLS := $(VENV)/lock-tools
LOCK_FLAGS ?=
LOCK := $(LOCK_TOOLS)/bin/uv pip compile pyproject.toml --quiet --generate-hashes \
	--python-version 3.11 --custom-compile-command 'make lock' $(LOCK_FLAGS)
lock:
	test -x $(LOCK_TOOLS)/bin/uv || { $(PYTHON) -m venv $(LOCK_TOOLS) && \
		$(LOCK_TOOLS)/bin/python -m pip install --quiet uv==0.13.9; }
	$(LOCK) --python-platform x86_64-manylinux_2_28 -o requirements.lock
	cp requirements.lock $(LOCK_TOOLS)/aarch64.lock
	$(LOCK) --python-platform aarch64-manylinux_2_28 -o $(LOCK_TOOLS)/aarch64.lock
	diff requirements.lock $(LOCK_TOOLS)/aarch64.lock

gallery: $(VENV)/.installed-dev $(CATALOGS)
	$(BIN)/python -m render.tools.gallery gallery

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache gallery mutants $(CATALOGS)
