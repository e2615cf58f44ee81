# Two commands on a fresh machine: `make run` serves the arbiter, `make test` runs every test.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
# `make run`'s HOST, PORT and WORKERS, else the service's own ARBITER_HOST ... (docs/api.md).
HOST ?= $(or $(ARBITER_HOST),127.0.0.1)
PORT ?= $(or $(ARBITER_PORT),8000)
WORKERS ?= $(or $(ARBITER_WORKERS),2)
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Installs show their progress on a terminal (a first `make test` spends minutes there) and are
# quiet in a CI log. $(shell) captures standard output, so standard error tells if it is a terminal.
TERMINAL := $(shell [ -t 2 ] && echo yes)
PIP_QUIET := $(if $(TERMINAL),,--quiet)
APT_QUIET := $(if $(TERMINAL),,-qq)
APT_OUT := $(if $(TERMINAL),,>/dev/null)
# A comma in a make function's argument.
, := ,
# The compiled build (setup.py; docs/performance.md, "Compiled with mypyc"): a wheel of the tree with
# the reader and the engine compiled to C, in an environment of its own that shares .venv's packages.
# The checkout itself always runs its source.
COMPILED ?= build/compiled
CBIN := $(COMPILED)/venv/bin

.PHONY: runtime install compiled browser postgresql run test test-source test-compiled lint fmt-check bench messages clean

# The runtime (requirements.txt and the project) for `make run`; the test, lint and benchmark
# tools (requirements-dev.txt) on top of it for `make test`. Pins live in those two files only.
# The project is installed editable, which never compiles (setup.py): an edit runs at once, as it is.
# Modules an earlier version compiled beside their source would shadow it: they go.
$(BIN)/.runtime: pyproject.toml requirements.txt setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_QUIET) --upgrade pip
	$(BIN)/python -m pip install $(PIP_QUIET) -r requirements.txt -e .
	rm -f arbiter__mypyc.*.so && find arbiter -name '*.so' -delete
	touch $@

$(BIN)/.installed: $(BIN)/.runtime requirements-dev.txt
	$(BIN)/python -m pip install $(PIP_QUIET) -r requirements-dev.txt
	touch $@

runtime: $(BIN)/.runtime

install: $(BIN)/.installed

# The compiled build, made again when any file the wheel holds changes, so it never runs stale code.
# The wheel is built as `pip install .` builds it, with ARBITER_COMPILE=yes: compiled, or a failure
# that says why (a C compiler and Python's headers are needed: on Debian, build-essential, python3-dev).
PACKAGED := setup.py pyproject.toml $(shell find arbiter arbiter_cli arbiter_web grammar -type f \
	! -path '*/__pycache__/*' ! -name '*.so' ! -name '*.pyc' 2>/dev/null)
$(COMPILED)/.installed: $(BIN)/.runtime $(PACKAGED)
	@echo "Compiling the reader and the engine to C with mypyc (setup.py) for checks 1.3 to 1.4 times as fast:"
	@echo "a wheel in $(COMPILED)/wheel, installed in $(COMPILED)/venv; minutes on 2 cores (the source runs meanwhile)."
	@rm -rf $(COMPILED)/wheel && start=$$(date +%s) && \
	  ARBITER_COMPILE=yes $(BIN)/python -m pip wheel $(PIP_QUIET) --no-deps -w $(COMPILED)/wheel . && \
	  echo "compiled in $$(( $$(date +%s) - start )) s"
	$(BIN)/python -m venv --clear --without-pip $(COMPILED)/venv
	$(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))' \
	  > "$$($(CBIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/dependencies.pth"
	$(BIN)/python -m pip --python $(CBIN)/python install $(PIP_QUIET) --no-deps $(COMPILED)/wheel/*.whl
	touch $@

compiled: $(COMPILED)/.installed

# Debian packages a test needs, installed only when missing: the named packages and what they depend
# on, none they merely recommend (Chromium's would bring udev and upgrade systemd), and no other
# package upgraded unless a dependency's version requires it. apt's plan is printed before it runs.
define apt_install
	echo "make test needs Debian's $(1) ($(2)); apt will install:" && \
	$(SUDO) apt-get update $(APT_QUIET) && \
	apt-get -s install --no-install-recommends $(1) | sed -n \
	  -e 's/^Inst \([^ ]*\) \[\([^]]*\)\] (\([^ ]*\).*/  \1 \2 -> \3 (an upgrade, required)/p' \
	  -e 's/^Inst \([^ ]*\) (\([^ ]*\).*/  \1 \2/p' && \
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_QUIET) $(1) $(APT_OUT)
endef

# Debian's Chromium for the browser tests; Playwright drives it, never a downloaded browser. Its
# fonts are named: Chromium only recommends them.
browser:
	@[ -x $(CHROMIUM) ] || { $(call apt_install,chromium fonts-liberation,the browser tests); }

# Debian's PostgreSQL server for the storage tests; the fixtures start and stop their own cluster.
# As root the server runs as the package's `postgres` account (PostgreSQL refuses to run as root).
PG_BIN ?= /usr/lib/postgresql/15/bin
postgresql:
	@[ -x $(PG_BIN)/initdb ] || { $(call apt_install,postgresql-15,the storage tests); }

# The source at once; the compiled build instead when `make compiled` has made one of the tree as it
# is: nothing it is made of is newer (found when the recipe runs, after the runtime is installed).
COMPILED_STALE = $(if $(wildcard $(COMPILED)/.installed),$(shell \
	find $(BIN)/.runtime $(PACKAGED) -newer $(COMPILED)/.installed -print -quit 2>/dev/null),none)
SERVING_SOURCE := serving the Python source; `make compiled` builds the reader and the engine compiled \
	with mypyc (checks 1.3 to 1.4 times as fast; minutes on 2 cores)$(,) which `make run` then serves
SERVING_COMPILED := serving the compiled build ($(COMPILED)/venv)
run: runtime
	@echo '$(if $(COMPILED_STALE),$(SERVING_SOURCE),$(SERVING_COMPILED))'
	$(if $(COMPILED_STALE),$(BIN),$(CBIN))/arbiter serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

# ruff, and mypy over the core (pyproject.toml's [tool.mypy]: strict), which checks the hints the
# compiled build enforces at run time; its cache (.mypy_cache) makes a run after an edit take seconds.
lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

fmt-check: install
	$(BIN)/ruff format --check .

# Every test on the source (the checkout's editable install), then the core's tests on the compiled
# build with tests/test_compiled.py, which asks the build and the source for the same rulings of every
# sample. The compiled run imports the installed wheel: no `-m` path entry (-P), no pytest pythonpath.
CORE_TESTS := tests/test_compiled.py tests/test_engine_*.py tests/test_notation*.py tests/test_lines.py \
	tests/test_parser_paths.py tests/test_reader_memory.py tests/test_*_rules.py tests/test_family_actions.py \
	tests/test_positions.py tests/test_*samples.py tests/test_golden.py tests/test_*mutations.py
# `make test` is `make test-source test-compiled`, overlapped: the compiled build (minutes of mypyc),
# then the core's tests on it (one process), run in the background while the source suite runs on
# every core, which waits on its servers and browsers part of the time. Their output goes to
# $(COMPILED_LOG), shown when the source suite ends; `make test` fails if either run failed. The same
# tests run, on the same builds, as `make test-source` and `make test-compiled` run them one by one.
# Run after the source suite, the compiled tests added a minute and a half to the wall time on the
# 2-core machine; beside it they take the time its workers leave.
COMPILED_LOG := build/compiled.log
test: install browser postgresql lint
	@mkdir -p $(dir $(COMPILED_LOG)) && echo "the compiled build and its core tests run in the background meanwhile (log: $(COMPILED_LOG))"
	@$(MAKE) --no-print-directory test-compiled > $(COMPILED_LOG) 2>&1 & compiled=$$!; \
	  $(SOURCE_TESTS); tests=$$?; \
	  echo "the source suite is done; the compiled build and its core tests:"; \
	  wait $$compiled; compiled=$$?; \
	  cat $(COMPILED_LOG); \
	  [ $$compiled -eq 0 ] || echo "the compiled build or its core tests failed"; \
	  [ $$tests -eq 0 ] || exit $$tests; \
	  exit $$compiled

# What was changed to bring `make test` nearer 10 minutes, and why: docs/performance.md, "The test
# loop's schedule".
# The source suite runs on every core (pytest-xdist), each test file in one process, so a file's
# servers and fixtures are started once; TEST_JOBS=1 runs it in this process. The files are handed
# out longest first (tests/conftest.py's SLOWEST; --no-loadscope-reorder keeps that order, where
# xdist would hand out the files with the most tests first and the few long browser files last,
# leaving one worker idle while the other ran them).
TEST_JOBS ?= auto
SOURCE_TESTS = CHROMIUM=$(CHROMIUM) PG_BIN=$(PG_BIN) $(BIN)/pytest \
	$(if $(filter 1,$(TEST_JOBS)),,-n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder)
test-source: install browser postgresql lint
	$(SOURCE_TESTS)

# Its own pytest cache, so that running beside the source suite it keeps the source's last failures.
test-compiled: install compiled
	ARBITER_TEST_BUILD=compiled $(CBIN)/python -P -m pytest -o pythonpath= -o cache_dir=$(COMPILED)/pytest-cache \
	  $(CORE_TESTS)

# The translation catalogues: extract every message, merge it into each language's .po, compile the .mo
# (docs/translations.md). `make test` checks that every catalogue is complete.
messages: install
	$(BIN)/python tools/messages.py update

# The bench measures the compiled build.
bench: install compiled
	$(CBIN)/python bench/run.py
	$(CBIN)/python bench/playouts.py
	$(CBIN)/python bench/legal_actions.py
	$(CBIN)/python bench/startup.py
	$(CBIN)/python bench/summaries.py
	$(CBIN)/python bench/events.py
	$(CBIN)/python bench/load.py
	$(CBIN)/python bench/attacks.py
	$(CBIN)/python bench/goals.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .mypy_cache
	find arbiter -name '*.so' -delete && rm -f arbiter__mypyc.*.so
