# dobble-print: `make print` and `make test` do all their own set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
ICONS  ?= assets/icons
OUT    ?= out/deck.pdf
SEED   ?=
STAMP  := $(VENV)/.installed

.PHONY: install print test lint bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

print: $(STAMP)
	$(BIN)/dobble-print build $(ICONS) -o $(OUT) $(if $(SEED),--seed $(SEED))

test: $(STAMP)
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check dobble_print tests bench
	$(BIN)/ruff format --check dobble_print tests bench

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) out .pytest_cache
