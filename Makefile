# `make run` and `make test` bootstrap .venv themselves (CPU torch first).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.claimcheck-installed
TORCH  := torch==2.13.0

.PHONY: setup seed run test lint bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# CPU torch before sentence-transformers, or pip pulls several GB of CUDA wheels.
	$(BIN)/python -m pip install --quiet $(TORCH) || $(BIN)/python -m pip install --quiet $(TORCH) --index-url https://download.pytorch.org/whl/cpu
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

seed: setup
	HF_HUB_OFFLINE=1 $(BIN)/claimcheck kb seed

run: setup
	HF_HUB_OFFLINE=1 $(BIN)/claimcheck serve

test: setup
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest

lint: setup
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) chroma_db .pytest_cache .ruff_cache
