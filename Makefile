# Two commands on a fresh machine: `make run` serves the arbiter, `make test` runs every test.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Installs show their progress on a terminal (a first `make test` spends minutes there) and are
# quiet in a CI log. $(shell) captures standard output, so standard error tells if it is a terminal.
TERMINAL := $(shell [ -t 2 ] && echo yes)
PIP_QUIET := $(if $(TERMINAL),,--quiet)
APT_QUIET := $(if $(TERMINAL),,-qq)
APT_OUT := $(if $(TERMINAL),,>/dev/null)

.PHONY: runtime install browser postgresql run test lint fmt-check bench messages clean

# The runtime (requirements.txt and the project) for `make run`; the test, lint and benchmark
# tools (requirements-dev.txt) on top of it for `make test`. Pins live in those two files only.
# Installing builds the reader and the engine with mypyc, beside their source (setup.py): an edit
# to one of them builds them again.
COMPILED_SOURCES := setup.py $(wildcard arbiter/engine/*.py arbiter/notation/*.py)
$(BIN)/.runtime: pyproject.toml requirements.txt $(COMPILED_SOURCES)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_QUIET) --upgrade pip
	$(BIN)/python -m pip install $(PIP_QUIET) -r requirements.txt -e .
	touch $@

$(BIN)/.installed: $(BIN)/.runtime requirements-dev.txt
	$(BIN)/python -m pip install $(PIP_QUIET) -r requirements-dev.txt
	touch $@

runtime: $(BIN)/.runtime

install: $(BIN)/.installed

# Debian's Chromium for the browser tests; Playwright drives it, never a downloaded browser.
browser:
	@[ -x $(CHROMIUM) ] || { $(SUDO) apt-get update $(APT_QUIET) && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $(APT_QUIET) chromium $(APT_OUT); }

# Debian's PostgreSQL server for the storage tests; the fixtures start and stop their own cluster.
# As root the server runs as the package's `postgres` account (PostgreSQL refuses to run as root).
PG_BIN ?= /usr/lib/postgresql/15/bin
postgresql:
	@[ -x $(PG_BIN)/initdb ] || { $(SUDO) apt-get update $(APT_QUIET) && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $(APT_QUIET) postgresql-15 $(APT_OUT); }

run: runtime
	$(BIN)/arbiter serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

lint: install
	$(BIN)/ruff check .

fmt-check: install
	$(BIN)/ruff format --check .

test: install browser postgresql lint
	CHROMIUM=$(CHROMIUM) PG_BIN=$(PG_BIN) $(BIN)/pytest

# The translation catalogues: extract every message, merge it into each language's .po, compile the .mo
# (docs/translations.md). `make test` checks that every catalogue is complete.
messages: install
	$(BIN)/python tools/messages.py update

bench: install
	$(BIN)/python bench/run.py
	$(BIN)/python bench/playouts.py
	$(BIN)/python bench/load.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
	find arbiter -name '*.so' -delete && rm -f arbiter__mypyc.*.so
