"""The form in a designer's words: each field's label, unit, help and choices as the game declares
them (the help falling back to the shipped spec's comment beside the key), and new rows the
game's loader accepts at once."""

from __future__ import annotations

import functools
import re
import tomllib
from typing import Any

import tomlkit
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from tomlkit.items import AoT, Table

from pnp import games as game_registry
from pnp.errors import PnpError
from pnp.spec import template_path
from pnp.variants import VariantError, locate

from . import specs
from .words import form_words

LANGS = ("en", "de")


def _comment(item: Any) -> str | None:
    trivia = getattr(item, "trivia", None)
    text = (trivia.comment if trivia is not None else "").lstrip("#").strip()
    return text or None


def _walk(container: Any, prefix: str, found: dict[str, str]) -> None:
    for key, item in container.body if hasattr(container, "body") else container.items():
        if key is None:
            continue
        path = f"{prefix}.{key.key}" if prefix else key.key
        if isinstance(item, AoT):
            for row in item.body:
                _walk(row.value, f"{path}[]", found)
            continue
        if isinstance(item, Table):
            _walk(item.value, path, found)
            continue
        comment = _comment(item)
        if comment and path not in found:
            found[path] = comment


@functools.cache
def template_help(game: str) -> dict[str, str]:
    """Field path (rows as `[]`) -> the comment beside it in the game's shipped spec."""
    found: dict[str, str] = {}
    _walk(tomlkit.parse(template_path(game).read_text(encoding="utf-8")), "", found)
    return found


def fields_json(game: str, lang: str) -> dict[str, Any]:
    if game not in game_registry.names():
        raise PnpError(f"{game!r}: not a game of the studio")
    if lang not in LANGS:
        raise PnpError(f"lang: one of {', '.join(LANGS)}")
    declared = game_registry.get(game).fields
    comments = template_help(game)
    fields = [{"path": f.path, "label": f.label(lang), "unit": f.unit,
               "help": form_words(f.help if f.help is not None else comments.get(f.path) or "") or None,
               "choices": list(f.choices), "widget": f.widget, "whole": f.whole} for f in declared.fields]
    rows = {path: names[1] if lang == "de" else names[0] for path, names in declared.row_names.items()}
    return {"game": game, "fields": fields, "rows": rows, "comments": comments}


def new_row_edits(game: str, text: str, path: str) -> list[dict[str, Any]]:
    """The edits that add a row to the array of tables at `path`, valid next to its rows: a copy
    of the last row with the values the game's new-row rule picks."""
    try:
        data = tomllib.loads(text)
        container, key = locate(data, path)
    except (tomllib.TOMLDecodeError, VariantError) as exc:
        raise PnpError(f"{path}: {exc}") from None
    rows = container[key] if isinstance(container, dict | list) else None  # type: ignore[index]
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise PnpError(f"{path}: not a list of rows")
    edits: list[dict[str, Any]] = [{"op": "add_row", "path": path}]
    rule = game_registry.get(game).fields.new_rows.get(re.sub(r"\[\d+\]", "[]", path))
    if rule is None:
        return edits
    fresh = rule(rows, data)
    index = len(rows)
    # Only keys the copied row has: the copy keeps any other key of the last row as it was.
    edits += [{"op": "set", "path": f"{path}[{index}].{name}", "value": value}
              for name, value in fresh.items() if name in rows[-1]]
    return edits


def routes() -> list[Route]:
    async def fields(request: Request) -> Response:
        try:
            query = request.query_params
            return JSONResponse(fields_json(query.get("game", ""), query.get("lang", "en")))
        except PnpError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)

    async def new_row(request: Request) -> Response:
        try:
            try:
                body = await request.json()
            except ValueError:
                raise PnpError("the request body is not JSON") from None
            if not isinstance(body, dict) or not isinstance(body.get("text"), str):
                raise PnpError("the request body must be a JSON object with the spec's text")
            ref = specs.SpecRef.parse(str(body.get("id", "")))
            return JSONResponse({"edits": new_row_edits(ref.game, body["text"], str(body.get("path", "")))})
        except PnpError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)

    return [Route("/api/fields", fields), Route("/api/spec/new-row", new_row, methods=["POST"])]
