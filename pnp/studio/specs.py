"""Specs in the studio: read, describe as a form, edit in place keeping comments, validate, save.

The TOML text is the single source of truth: the form is derived from it, each form edit is
applied to it with tomlkit (so a designer's comments and layout survive), and every version goes
through the game's own loader, the same one `pnp kit --spec` uses, before it is written.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError

from pnp import games as game_registry
from pnp.errors import PnpError, SpecError
from pnp.games.base import WrongGameSpec
from pnp.spec import Bounds, game_of, parse_toml, recorded_limits, template_path
from pnp.variants import VariantError, in_type_of, locate, type_fits

from .workspace import OutsideWorkspace, Workspace, safe_name

MAX_SPEC_BYTES = 256 * 1024
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# What a field's value must be, in words, when an edit brings another type.
_TYPE_WORDS = {bool: "true or false", int: "a whole number", float: "a number", str: "text", list: "a list",
               dict: "a table"}
_locks: dict[Path, threading.Lock] = {}
_locks_guard = threading.Lock()


@dataclass(frozen=True)
class SpecRef:
    """Where a spec lives: a shipped template (read-only) or a file of the workspace."""

    game: str
    path: str | None  # workspace-relative; None for the shipped template

    @property
    def id(self) -> str:
        return f"shipped:{self.game}" if self.path is None else f"workspace:{self.game}:{self.path}"

    @classmethod
    def parse(cls, text: str) -> SpecRef:
        kind, _, rest = text.partition(":")
        if kind == "shipped" and rest in game_registry.names():
            return cls(rest, None)
        game, _, path = rest.partition(":")
        if kind == "workspace" and game in game_registry.names() and path:
            return cls(game, path)
        raise PnpError(f"{text!r}: not a spec of the studio")


def version(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def read_text(workspace: Workspace, ref: SpecRef) -> str:
    if ref.path is None:
        data = template_path(ref.game).read_bytes()
    else:
        data = workspace.read(ref.path, MAX_SPEC_BYTES)
    return data.decode("utf-8-sig", errors="replace")


def named_game(text: str) -> str | None:
    """The game a workspace TOML file names in `[game] name` (None: none, or not a readable spec)."""
    try:
        return game_of(parse_toml(text, None))
    except SpecError:
        return None


def list_specs(workspace: Workspace) -> list[dict[str, str]]:
    """The shipped specs and the workspace's: each under the game it names, or a spec written before
    `[game] name` under the game its file is named after (rautino.toml)."""
    installed = game_registry.names()
    specs = [{"id": SpecRef(name, None).id, "game": name, "label": f"{name} (shipped)"} for name in installed]
    for relative in workspace.specs():
        try:
            game = named_game(workspace.read(relative, MAX_SPEC_BYTES).decode("utf-8-sig"))
        except (UnicodeDecodeError, PnpError):
            continue
        game = game or Path(relative).stem
        if game in installed:
            specs.append({"id": SpecRef(game, relative).id, "game": game, "label": relative})
    return specs


@dataclass(frozen=True)
class Validation:
    ok: bool
    field: str | None = None
    reason: str | None = None
    message: str | None = None
    # The range of every number field the loader checked (up to the first error), by field path:
    # the form shows them beside the fields, before a value is refused.
    limits: dict[str, Bounds] = dataclasses.field(default_factory=dict)  # "field" is a name here

    def to_json(self) -> dict[str, Any]:
        limits = {path: {"min": b.low, "max": b.high, "above": b.above, "text": b.text}
                  for path, b in self.limits.items()}
        return {"ok": self.ok, "field": self.field, "reason": self.reason, "message": self.message,
                "limits": limits}


def load_model(game: str, text: str, file_name: str) -> Any:
    """The game's model from spec text, through the game's own loader (which reads a file)."""
    if len(text.encode("utf-8")) > MAX_SPEC_BYTES:
        raise SpecError(file_name, "-", f"larger than {MAX_SPEC_BYTES // 1024} KB")
    with tempfile.TemporaryDirectory(prefix="pnp-studio-") as folder:
        path = Path(folder) / Path(file_name).name
        path.write_text(text, encoding="utf-8")
        try:
            return game_registry.get(game).load(path)
        except WrongGameSpec as exc:
            wrong = exc if exc.game in game_registry.names() else exc.not_installed()
            raise SpecError(file_name, wrong.field, wrong.reason) from None
        except SpecError as exc:
            raise SpecError(file_name, exc.field, exc.reason) from None


def validate(game: str, text: str, file_name: str) -> Validation:
    with recorded_limits() as limits:
        try:
            load_model(game, text, file_name)
        except SpecError as exc:
            return Validation(False, exc.field, exc.reason, str(exc), limits)
        except PnpError as exc:
            return Validation(False, None, str(exc), str(exc), limits)
        except RecursionError:
            reason = "not valid TOML: nested too deeply"
            return Validation(False, "-", reason, f"{file_name}: {reason}", limits)
    return Validation(True, limits=limits)


def file_name(ref: SpecRef) -> str:
    return f"{ref.game}.toml" if ref.path is None else Path(ref.path).name


# --- the form -------------------------------------------------------------------------------

def _unit(key: str) -> str | None:
    return "mm" if key.endswith("_mm") else None


def _scalar_field(path: str, key: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        kind = "boolean"
    elif isinstance(value, int):
        kind = "integer"
    elif isinstance(value, float):
        kind = "number"
    elif isinstance(value, str):
        kind = "colour" if _COLOUR.match(value) else "string"
    else:
        kind = "list"
    return {"kind": "field", "type": kind, "path": path, "key": key, "value": value, "unit": _unit(key)}


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _describe(data: dict[str, Any], prefix: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            items.append({"kind": "table", "path": path, "key": key, "items": _describe(value, path)})
        elif _is_table_array(value):
            rows = [{"path": f"{path}[{i}]", "items": _describe(row, f"{path}[{i}]")} for i, row in enumerate(value)]
            items.append({"kind": "rows", "path": path, "key": key, "rows": rows})
        else:
            items.append(_scalar_field(path, key, value))
    return items


def describe(text: str) -> list[dict[str, Any]] | None:
    """The spec as a tree of tables, rows (arrays of tables) and typed fields, in file order; None
    for text that is not TOML (the page then shows the text and the loader's message)."""
    try:
        return _describe(parse_toml(text, None), "")
    except SpecError:
        return None


# --- edits ----------------------------------------------------------------------------------

def apply_edits(text: str, edits: list[dict[str, Any]]) -> str:
    """Apply form edits to the TOML text, keeping its comments and layout.

    An edit is {"op": "set", "path", "value"}, {"op": "add_row", "path": "stones"} (a copy of the
    last row) or {"op": "remove_row", "path": "stones[3]"}.
    """
    try:
        parse_toml(text, None)  # the loader's reader and its guard: its message names the line
        document = tomlkit.parse(text)
    except SpecError as exc:
        where = "" if exc.field == "-" else f"{exc.field}: "
        raise PnpError(f"the TOML has an error ({where}{exc.reason}); fix it in the TOML text, then edit the form"
                       ) from None
    except TOMLKitError as exc:
        raise PnpError(f"the TOML has an error ({exc}); fix it in the TOML text, then edit the form") from None
    for number, edit in enumerate(edits):
        if not isinstance(edit, dict):
            raise PnpError(f"edits[{number}]: must be an object such as "
                           '{"op": "set", "path": "board.cell_mm", "value": 12}')
        op, path = edit.get("op"), str(edit.get("path", ""))
        try:
            container, key = locate(document, path)
        except VariantError as exc:
            raise PnpError(exc.without_option) from None
        if op == "set":
            value = edit.get("value")
            old = container[key]  # type: ignore[index]
            old = old.unwrap() if hasattr(old, "unwrap") else old  # tomlkit items: their plain value
            if not type_fits(old, value):
                raise PnpError(f"{path}: must be {_TYPE_WORDS.get(type(old), 'like before')}, not {value!r}")
            container[key] = in_type_of(old, value)  # type: ignore[index]
        elif op == "add_row":
            rows = container[key]  # type: ignore[index]
            if not _is_table_array(rows):
                raise PnpError(f"{path}: not a list of rows")
            copy = tomlkit.table()
            for name, value in rows[-1].unwrap().items():
                copy[name] = value
            copy.add(tomlkit.nl())
            rows.append(copy)
        elif op == "remove_row":
            if not isinstance(key, int) or not isinstance(container, list):
                raise PnpError(f"{path}: not a row")
            if len(container) == 1:
                raise PnpError(f"{path}: the last row cannot go; change it instead")
            del container[key]
        else:
            raise PnpError(f"unknown edit {op!r}")
    return tomlkit.dumps(document)


# --- saving ---------------------------------------------------------------------------------

def file_lock(path: Path) -> threading.Lock:
    """The lock of one spec file: two saves of it run one after the other."""
    with _locks_guard:
        return _locks.setdefault(path, threading.Lock())


class Conflict(PnpError):
    """The file changed since the page loaded it (another tab saved): nothing is written."""


def check_save(workspace: Workspace, ref: SpecRef, text: str) -> Path:
    """The file a save of `text` to `ref` replaces, once everything about the save that does not
    depend on the file's content is checked: not the shipped spec, a spec the workspace lists (an
    existing regular TOML file outside hidden folders, such as the history, and the studio's own
    output), and valid text within the size limit. Nothing is read or written."""
    if ref.path is None:
        raise PnpError("the shipped spec is read-only: use 'save as' to copy it into the workspace")
    if len(text.encode("utf-8")) > MAX_SPEC_BYTES:
        raise PnpError(f"{ref.path}: larger than {MAX_SPEC_BYTES // 1024} KB; nothing was saved")
    if not workspace.holds_spec(ref.path):
        raise OutsideWorkspace(f"{ref.path}: not a spec of this workspace; the studio saves only its specs "
                               "(TOML files outside hidden folders and studio-output) and copies made with save as")
    path = workspace.file(ref.path)
    result = validate(ref.game, text, path.name)
    if not result.ok:
        raise PnpError(result.message or "invalid spec")
    return path


def current(workspace: Workspace, ref: SpecRef, base_version: str | None) -> str:
    """The spec's text as the file holds it, or Conflict when the page edited another version (no
    version given counts as another: the page must say what it edited)."""
    assert ref.path is not None
    text = workspace.read(ref.path, MAX_SPEC_BYTES).decode("utf-8-sig", errors="replace")
    if base_version is None:
        raise Conflict(f"{ref.path}: version: the version the edit was made from is needed; reload the spec")
    if version(text) != base_version:
        raise Conflict(f"{ref.path}: changed since it was opened (another tab or program saved it)")
    return text


def save_as(workspace: Workspace, source: SpecRef, folder: str, text: str | None = None) -> SpecRef:
    """Copy a spec (or the given text) to FOLDER/<game>.toml in the workspace, like `pnp init`.
    An existing file is never replaced, even by a second save as racing this one."""
    target_relative = f"{safe_name(folder)}/{source.game}.toml"
    if target_relative.split("/")[0] == "studio-output":
        raise PnpError(f"{folder}: the studio's own output folder holds no specs; choose another name")
    target = workspace.resolve_inside(target_relative)
    if os.path.lexists(target):
        raise Conflict(f"{target_relative}: already exists; choose another name")
    content = text if text is not None else read_text(workspace, source)
    result = validate(source.game, content, target.name)
    if not result.ok:
        raise PnpError(result.message or "invalid spec")
    try:
        workspace.write(target_relative, content.encode("utf-8"), new=True)
    except FileExistsError:
        raise Conflict(f"{target_relative}: already exists; choose another name") from None
    return SpecRef(source.game, target_relative)
