# `make kit` and `make test` set up .venv on first use and are safe to run again.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: kit test lint bench docs docs-serve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files re-run the install only when the packaging files change.
# compileall: byte-code for pnp even where PYTHONDONTWRITEBYTECODE is set, so pnp starts fast.
# EDITABLE: setuptools' notice about how an editable install finds pnp.templates (mapped from
# templates/) says nothing to act on; only warnings raised in that module are silenced.
EDITABLE := PYTHONWARNINGS=ignore:::setuptools.command.editable_wheel $(BIN)/python -m pip install --quiet -e
$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	$(EDITABLE) .
	$(BIN)/python -m compileall -q pnp
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py | $(BIN)/python
	$(EDITABLE) '.[test]'
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

# The documentation site into site/ (strict: a broken link or a missing page fails), or served with
# live reload at http://127.0.0.1:8000/. `make test` builds it too (tests/test_docs.py).
$(VENV)/.installed-docs: pyproject.toml setup.py | $(BIN)/python
	$(EDITABLE) '.[docs]'
	touch $@

docs: $(VENV)/.installed-docs
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

docs-serve: $(VENV)/.installed-docs
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/*/ output/index.html site tests/axe/node_modules
