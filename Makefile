# Every target creates .venv when it is missing, so a fresh clone needs nothing installed by hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_WORKERS ?= 2

.PHONY: run test lint types unit bench gallery cli clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python -m bot

cli: $(VENV)/.installed
	$(BIN)/python -m games play grass

test: lint types unit

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: $(VENV)/.installed-dev
	$(BIN)/mypy

unit: $(VENV)/.installed-dev
	$(BIN)/pytest -n $(PYTEST_WORKERS)

bench: $(VENV)/.installed-dev
	$(BIN)/python -m games.bench
	$(BIN)/python -m render.bench

gallery: $(VENV)/.installed-dev
	$(BIN)/python -m render.gallery gallery

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache gallery
