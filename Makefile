# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install lint typecheck check charts clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/rulingbot run

lint: $(STAMP)
	$(BIN)/ruff check bot tests scripts
	$(BIN)/ruff format --check bot tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

check: $(STAMP)
	$(BIN)/rulingbot check

# Regenerate docs/flowcharts/ after changing a topic or its headlines (a test checks them).
charts: $(STAMP)
	$(BIN)/rulingbot chart --docs docs/flowcharts

test: $(STAMP) lint typecheck check
	$(BIN)/pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
