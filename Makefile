# Two commands for a fresh machine: `make run` and `make test`.
# PYTHON: the first of python3, python3.13, python3.12, python3.11 that is 3.11 or later
# (override: make run PYTHON=/path/to/python3.11).
ifeq ($(origin PYTHON), undefined)
PYTHON := $(shell for p in python3 python3.13 python3.12 python3.11; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; exit; }; \
	done; echo python3)
endif
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
# The exact versions the tests passed with, for what is installed and for the build backend.
CONSTRAINTS := constraints.txt
PIP_INSTALL := $(BIN)/pip install --quiet --constraint $(CONSTRAINTS) --build-constraint $(CONSTRAINTS)

.PHONY: run test install lint typecheck check charts clean python-check

# Say plainly what to do when Python is missing, too old, or cannot make a virtual environment.
python-check:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "rulingbot needs Python 3.11 or later; '$(PYTHON)' is $$($(PYTHON) --version 2>/dev/null || echo "not installed")."; \
	  echo "  Ubuntu 22.04: sudo apt install python3.11 python3.11-venv, then make again (it finds python3.11)."; \
	  echo "    If apt has no python3.11, add the deadsnakes PPA first (deploy/README.md, step 2)."; \
	  echo "  Other systems: install Python 3.11+ from python.org, then: make run PYTHON=/path/to/python3.11"; \
	  exit 1; }
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "'$(PYTHON)' cannot create a virtual environment."; \
	  echo "  Ubuntu / Debian: sudo apt install $$(basename $(PYTHON))-venv  (then run make again)"; \
	  exit 1; }

# The bot's own dependencies only (what `make run` needs).
$(STAMP): pyproject.toml $(CONSTRAINTS)
	@$(MAKE) --no-print-directory python-check
	@if [ -x $(BIN)/python ] && ! $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then \
	  echo "Replacing $(VENV), made with an older Python"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade --constraint $(CONSTRAINTS) pip
	$(PIP_INSTALL) -e .
	touch $(STAMP)

# Test and lint tools as well (what `make test` needs).
$(DEV_STAMP): $(STAMP)
	$(PIP_INSTALL) -e '.[dev]'
	touch $(DEV_STAMP)

install: $(DEV_STAMP)

run: $(STAMP)
	$(BIN)/rulingbot run

lint: $(DEV_STAMP)
	$(BIN)/ruff check bot tests scripts
	$(BIN)/ruff format --check bot tests scripts

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

check: $(STAMP)
	$(BIN)/rulingbot check

# Regenerate docs/flowcharts/ after changing a topic or its headlines (a test checks them).
charts: $(STAMP)
	$(BIN)/rulingbot chart --docs docs/flowcharts

test: $(DEV_STAMP) lint typecheck check
	$(BIN)/pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
