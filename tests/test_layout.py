"""The tests' own layout: their folders mirror pnp/, every test file's name is unique (the folders are
not packages), and a test imports shared helpers from tests/, never a test module of another folder
(which works only when pytest happened to put that folder on the path first)."""

from __future__ import annotations

import ast
from collections import Counter

from paths import ROOT, TESTS


def _test_files() -> list:
    return [path for path in TESTS.rglob("test_*.py") if "plugins" not in path.relative_to(TESTS).parts
            and "node_modules" not in path.parts]


def test_every_folder_of_tests_mirrors_a_package_of_pnp() -> None:
    folders = {path.parent.relative_to(TESTS) for path in _test_files()} - {TESTS.relative_to(TESTS)}
    assert folders, "tests in folders"
    for folder in folders:
        assert (ROOT / "pnp" / folder / "__init__.py").exists(), folder


def test_every_test_file_name_is_unique() -> None:
    names = Counter(path.name for path in _test_files())
    assert [name for name, count in names.items() if count > 1] == []


def test_a_test_imports_no_test_module_of_another_folder() -> None:
    wrong = []
    for path in _test_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module or "" if isinstance(node, ast.ImportFrom) else ""
            if module.startswith("test_") and not (path.parent / f"{module}.py").exists():
                wrong.append(f"{path.relative_to(TESTS)} imports {module}")
    assert wrong == []
