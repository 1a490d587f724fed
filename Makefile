# `make kit` and `make test` set up .venv on first use and are safe to run again.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: kit test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files re-run the install only when the packaging files change.
# compileall: byte-code for pnp even where PYTHONDONTWRITEBYTECODE is set, so pnp starts fast.
$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m compileall -q pnp
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q pnp
	touch $@ $(VENV)/.installed

# axe-core for the studio's accessibility test, from npm into tests/axe (test-only, never shipped).
AXE := tests/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/axe/package.json tests/axe/package-lock.json
	npm ci --prefix tests/axe --no-audit --no-fund --silent
	touch $@

kit: $(VENV)/.installed
	$(BIN)/pnp kit

test: $(VENV)/.installed-test $(AXE)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 --dist loadgroup

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/*/ output/index.html tests/axe/node_modules
