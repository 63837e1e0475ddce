# `make run` and `make test` bootstrap .venv themselves (CPU torch first).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.claimcheck-installed
TORCH  := torch==2.13.0

.PHONY: setup redis postgres seed run test lint bench clean browser screenshots fuzz-large client

# Examples per operation for the schemathesis fuzz test that `make test` runs.
FUZZ_EXAMPLES ?= 10
export FUZZ_EXAMPLES

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# CPU torch before sentence-transformers, from PyTorch's CPU index first: the default index's
	# torch is the multi-GB CUDA build on a normal machine. A registry mirror without that index
	# (some CI machines) falls back to the default index, bounded so a dead index cannot hang set-up.
	$(BIN)/python -m pip install --quiet --retries 1 --timeout 20 $(TORCH) --index-url https://download.pytorch.org/whl/cpu || $(BIN)/python -m pip install --quiet $(TORCH)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Debian's redis-server for the shared rate-limit tests (they start their own on a free port).
# Never fails the set-up: without it (no apt, not root) those tests skip and say why.
redis:
	@command -v redis-server >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 && \
	  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null 2>&1 || \
	    { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null 2>&1; }; }; } || \
	  echo "make: redis-server could not be installed; the shared-quota tests will skip"

# Debian's PostgreSQL server binaries for the jobs tests (each run makes a throwaway cluster in /tmp
# on a free port). Never fails the set-up: without it those tests skip and say why.
postgres:
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 && \
	  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null 2>&1 || \
	    { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null 2>&1; }; }; } || \
	  echo "make: postgresql could not be installed; the PostgreSQL jobs tests will skip"

# No HF_HUB_OFFLINE here: a machine that reaches the hub gets RERANKER_MODEL and NLI_MODEL at the
# first start (tried once, 2 s connect timeout); one that cannot falls back visibly (/api/health).
seed: setup
	$(BIN)/claimcheck kb seed

run: setup
	$(BIN)/claimcheck serve

# Debian's chromium for the browser tests; never fails the set-up (those tests skip, saying why).
browser:
	@test -x /usr/bin/chromium || ! command -v apt-get >/dev/null || \
	  { apt-get install -y -q chromium >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1; } || \
	    echo "chromium could not be installed: the browser tests will skip"; }

# Two pytest-xdist workers: most tests wait on servers and processes they start, so two overlap
# well even on two cores (measured in docs/measurements.md); TEST_WORKERS=0 runs them in one process.
TEST_WORKERS ?= 2

# Lint first (`make lint`: ruff check, ruff format --check and mypy; mypy ~4 s with its cache, 8-42 s
# on a cold one): a lint, format or type error fails `make test` and so CI (issue 39, item 6).
test: setup browser redis postgres lint
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

# Re-take the README screenshots: the browser tests save them in their tmp dirs; copy them here.
SHOTS := .pytest-screenshots
screenshots: setup browser
	rm -rf $(SHOTS)
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -q tests/browser --basetemp=$(SHOTS)
	mkdir -p docs/screenshots
	find $(SHOTS) -path '*[0-9]/*.png' -exec cp {} docs/screenshots/ \;
	rm -rf $(SHOTS)

# schemathesis with every check at >= 10,000 cases (tests/app/test_fuzz.py at a large budget).
fuzz-large: setup
	HF_HUB_OFFLINE=1 $(BIN)/python -m benchmarks.fuzz --examples 1120

# A Python client package generated from the app's OpenAPI schema (openapi-python-client; its ruff
# post-hooks find the venv's ruff without an activated venv): CLIENT=dir to choose where.
CLIENT ?= claimcheck-client
client: setup
	$(BIN)/python -m scripts.generate_client $(CLIENT)

# mypy checks the packages `files` names in pyproject.toml ([tool.mypy]), strictly.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) chroma_db .pytest_cache .ruff_cache .mypy_cache .pytest-screenshots
