# dobble-print: `make print` and `make test` do all their own set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
ICONS  ?= assets/icons
OUT    ?= out/deck.pdf
SEED   ?=
STAMP  := $(VENV)/.installed
TOOLS  := $(VENV)/.installed-tools
LOOPS  := $(VENV)/.loops

# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): pip
# leaves it to each module's first import (--no-compile below), and without it every command,
# and each test's subprocess, would compile its modules again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install print app test lint bench clean wheel-check catalogues docs

install: $(LOOPS)

# The tool and what it runs on; the tests' and the linters' tools only for `make test` and the
# other developers' targets: a first `make print` installs ~520 MB, not ~900 MB (playwright, mypy,
# PyMuPDF…). uv (pinned) installs the same pinned packages as pip does, ~1.8 s where pip took
# ~8.4 s (and ~13 s with its upgrade of itself); like pip's --no-compile, it leaves each module's
# bytecode to its first import (compiling every file of every package was half of pip's time).
# The venv has no pip of its own (`venv` spent ~4.5 s of a clean clone's set-up installing it):
# uv is fetched by the machine's own pip into .venv/uv, or, where Python has none (Debian without
# python3-pip), by the pip that `ensurepip` puts in the venv, as before.
UV_VERSION := 0.13.9
UV := $(VENV)/uv/bin/uv
$(STAMP): pyproject.toml
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --upgrade --target $(VENV)/uv uv==$(UV_VERSION) 2>/dev/null \
	  || { $(BIN)/python -m ensurepip --default-pip >/dev/null \
	  && $(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade --target $(VENV)/uv uv==$(UV_VERSION); }
	$(UV) pip install --quiet --python $(BIN)/python -e .
	touch $(STAMP)

# The test extra's requirements alone (not `-e '.[test]'`, which installs the project again): `make
# test` installs them while the packer's loops compile, which import the project.
$(TOOLS): $(STAMP)
	$(BIN)/python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))\
	  ['project']['optional-dependencies']['test'], sep='\n')" > $(VENV)/test-requirements.txt
	$(UV) pip install --quiet --python $(BIN)/python -r $(VENV)/test-requirements.txt
	touch $(TOOLS)

# The packer's loops, compiled once and kept on disk (again when they change): ahead of time for
# this machine where there is a C compiler (layout/build_loops.py: a build then needs no numba),
# and numba's own cache, which builds use where there is none.
$(LOOPS): $(STAMP) $(addprefix dobble_print/layout/,kernels.py loops.py build_loops.py)
	@echo "preparing the fast packer, once (about half a minute; its compiled loops are kept on disk)"
	$(BIN)/python -m dobble_print.layout.build_loops
	DOBBLE_PRINT_LOOPS=numba $(BIN)/python -m dobble_print.layout.warm_packer
	touch $(LOOPS)

print: $(LOOPS)
	$(BIN)/dobble-print build "$(ICONS)" -o "$(OUT)" $(if $(SEED),--seed "$(SEED)")

# The deck maker in the browser: a local server on 127.0.0.1; Ctrl-C stops it.
app: $(LOOPS)
	$(BIN)/dobble-print app

# pdf.js (Firefox's PDF viewer) for the cross-engine test, pinned in tests/viewers; a machine
# without npm runs the suite without that one test (it says so).
PDFJS := tests/viewers/node_modules/.installed
$(PDFJS): tests/viewers/package.json tests/viewers/package-lock.json
	@if command -v npm >/dev/null; then \
	  cd tests/viewers && npm ci --omit=optional --no-audit --no-fund --loglevel=error \
	  && touch node_modules/.installed; \
	else echo "npm not found: the pdf.js test will be skipped"; fi

# Two processes; a module's tests in one (its shared decks are built once). The tools install
# (uv and npm wait on the network and the disk) while the loops compile (on the cores): a clean
# clone's set-up, ~11 s less.
test: $(STAMP)
	@$(MAKE) --no-print-directory -j3 $(LOOPS) $(TOOLS) $(PDFJS)
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

lint: $(TOOLS)
	$(BIN)/ruff check dobble_print tests bench
	$(BIN)/ruff format --check dobble_print tests bench
	$(BIN)/mypy  # dobble_print and tests, as pyproject.toml's [tool.mypy] says

bench: $(LOOPS)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/app.py  # the app: warm rebuild and one card re-laid / cold CLI build

clean:
	rm -rf $(VENV) out .pytest_cache

# The installed-use check CI runs: build the wheel, install it in a fresh venv, build a deck
# from a directory outside the repository with the icons and templates inside the wheel.
wheel-check: $(STAMP)
	rm -rf dist
	$(UV) build --quiet --wheel --out-dir dist --python $(BIN)/python .  # hatchling, as pinned
	tmp=$$(mktemp -d) && $(PYTHON) -m venv $$tmp/venv \
	  && $$tmp/venv/bin/python -m pip install --quiet dist/*.whl \
	  && cd $$tmp && $$tmp/venv/bin/dobble-print build -o deck.pdf --seed 1 --quiet --preset classic \
	  && test -s deck.pdf && echo "wheel-check: the installed wheel built $$tmp/deck.pdf" \
	  && rm -rf $$tmp

# The printed pages' and the messages' words (N_ and Nn_ mark the engine's and the CLI's, said
# when a shell words them): the English msgids extracted from the code (dobble_print.pot), then
# each language's .po (the sources, edited by hand) compiled to the .mo the wheel carries.
catalogues: $(TOOLS)
	$(BIN)/pybabel extract -F babel.cfg -c TRANSLATORS: -k Nn_:1,2 -k Np_:1c,2 --no-location --omit-header \
	  --sort-output -o dobble_print/locale/dobble_print.pot .
	$(BIN)/pybabel update -i dobble_print/locale/dobble_print.pot -d dobble_print/locale \
	  -D dobble_print --ignore-obsolete --ignore-pot-creation-date --width 100 --no-fuzzy-matching
	$(BIN)/pybabel compile -d dobble_print/locale -D dobble_print

# The option reference, docs/options.md and one per language (options.fr.md, …), made from the
# option table and the catalogues (run it after either changes; tests/cli/test_reference.py
# fails while a committed one is stale).
docs: $(STAMP)
	$(BIN)/python -m dobble_print.cli.reference docs
