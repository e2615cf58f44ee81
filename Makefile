# Two commands on a fresh machine: `make run` serves the arbiter, `make test` runs every test.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install browser run test lint fmt-check bench clean

$(BIN)/.installed: pyproject.toml requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt -e .
	touch $@

install: $(BIN)/.installed

# Debian's Chromium for the browser tests; Playwright drives it, never a downloaded browser.
browser:
	@[ -x $(CHROMIUM) ] || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

run: install
	$(BIN)/gunicorn --bind $(HOST):$(PORT) --workers $(WORKERS) 'app:create_app()'

lint: install
	$(BIN)/ruff check .

fmt-check: install
	$(BIN)/ruff format --check .

test: install browser lint
	CHROMIUM=$(CHROMIUM) $(BIN)/pytest

bench: install
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
