"""The studio's web app: JSON routes over the spec loader, the kit builder and the checker, and
the page that uses them. Everything it serves ships in the package: it works offline."""

from __future__ import annotations

import contextlib
import mimetypes
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnp import games as game_registry
from pnp.budget import DEFAULT_MAX_GAMES, DEFAULT_TOLERANCE, MAX_GAMES
from pnp.errors import PnpError
from pnp.numbers import SEED
from pnp.play.sessions import Sessions

from . import designer, history, specs
from .jobs import CheckJobs, CheckSettings, SweepSettings
from .merge import reapply
from .play_routes import play_routes
from .played import NoSuchGame, played_games
from .preview import KitCache, KitSettings
from .replays import board_svg, check_frames, picks, played_frames
from .requests import json_body
from .security import StudioGuard
from .sweeps import check_sweep, sweep_fields
from .words import report_page
from .workspace import OutsideWorkspace, Workspace

STATIC = Path(__file__).parent / "static"
PAPERS = ("a4", "letter")
LANGS = ("en", "de")


def _error(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def _source(ref: specs.SpecRef) -> str:
    """How a check's report names its spec: the workspace file, or the shipped spec of the game."""
    return ref.path or f"the shipped {ref.game} spec"


def _text(body: dict[str, Any]) -> str:
    text = body.get("text")
    if not isinstance(text, str):
        raise PnpError("text: the spec's TOML text is needed")
    return text


def _int(body: dict[str, Any], key: str, default: int) -> int:
    value = body.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise PnpError(f"{key}: must be an integer")
    return value


def _games(body: dict[str, Any]) -> int | None:
    """A check's games: a number, or "auto" (None: decided as they come in)."""
    value = body.get("games", "auto")
    if isinstance(value, str) and value.strip().lower() == "auto":
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise PnpError("games: a number of games, or auto")
    return value


def _optional_int(body: dict[str, Any], key: str) -> int | None:
    return None if body.get(key) is None else _int(body, key, 0)


def _check_settings(body: dict[str, Any]) -> CheckSettings:
    preset = body.get("preset") or None
    if preset is not None and not isinstance(preset, str):
        raise PnpError("preset: must be the name of a rule preset")
    confidence = body.get("confidence", 0.95)
    if not isinstance(confidence, int | float) or isinstance(confidence, bool):
        raise PnpError("confidence: must be a number such as 0.95")
    strict = body.get("strict", False)
    if not isinstance(strict, bool):
        raise PnpError("strict: must be true or false")
    seat_levels = body.get("seat_levels", [])
    if not isinstance(seat_levels, list) or not all(isinstance(name, str) for name in seat_levels) \
            or len(seat_levels) > 5:
        raise PnpError("seat levels: a list of up to 5 level names such as [\"expert\"]")
    tolerance = body.get("tolerance", DEFAULT_TOLERANCE)
    if not isinstance(tolerance, int | float) or isinstance(tolerance, bool):
        raise PnpError("tolerance: must be a number such as 0.02")
    return CheckSettings(games=_games(body), max_games=_int(body, "max_games", DEFAULT_MAX_GAMES),
                         seed=_int(body, "seed", 1),
                         players=_optional_int(body, "players"), preset=preset, confidence=float(confidence),
                         skill_games=_optional_int(body, "skill_games"), strict=strict, tolerance=float(tolerance),
                         seat_levels=tuple(seat_levels))


def create_app(workspace: Workspace, *, hosts: set[str], port_ref: Callable[[], int]) -> Any:
    kits = KitCache()
    checks = CheckJobs(workspace.root / "studio-output")
    played = Sessions(workspace)

    def handled(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except (OutsideWorkspace, NoSuchGame) as exc:
                return _error(str(exc), 404)
            except specs.Conflict as exc:
                return _error(str(exc), 409)
            except PnpError as exc:
                return _error(str(exc), 400)
            except RecursionError:
                return _error("the request nests too deeply", 400)

        return route

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-store"})

    async def list_games(request: Request) -> Response:
        result = []
        for name in game_registry.names():
            game = game_registry.get(name)
            result.append({"name": name, "title": game.title, "presets": list(game.presets),
                           "preset_labels": game.named_presets,
                           "players": list(game.players)})
        # A game plugin that does not load is listed apart, with why, and the other games work.
        broken = [{"name": name, "reason": reason} for name, reason in sorted(game_registry.broken().items())]
        return JSONResponse({"games": result, "broken": broken, "papers": PAPERS, "langs": LANGS,
                             "max_games": MAX_GAMES, "auto_max_games": DEFAULT_MAX_GAMES, "seed": list(SEED),
                             "tolerance": DEFAULT_TOLERANCE})

    async def list_specs(request: Request) -> Response:
        return JSONResponse({"specs": await run_in_threadpool(specs.list_specs, workspace)})

    async def get_spec(request: Request) -> Response:
        ref = specs.SpecRef.parse(request.query_params.get("id", ""))
        text = await run_in_threadpool(specs.read_text, workspace, ref)
        validation = await run_in_threadpool(specs.validate, ref.game, text, specs.file_name(ref))
        return JSONResponse({"id": ref.id, "game": ref.game, "path": ref.path, "read_only": ref.path is None,
                             "text": text, "version": specs.version(text), "form": specs.describe(text),
                             "validation": validation.to_json()})

    async def edit_spec(request: Request) -> Response:
        """Form edits applied to the text (nothing written), with the loader's verdict on the result."""
        body = await json_body(request)
        ref = specs.SpecRef.parse(str(body.get("id", "")))
        edits = body.get("edits", [])
        if not isinstance(edits, list):
            raise PnpError("edits: must be a list")
        text = specs.apply_edits(_text(body), edits) if edits else _text(body)
        validation = await run_in_threadpool(specs.validate, ref.game, text, specs.file_name(ref))
        return JSONResponse({"text": text, "form": specs.describe(text), "validation": validation.to_json()})

    async def reapply_edits(request: Request) -> Response:
        """The person's edits (`edited` against `base`, the text they started from) made again on the
        file as it is `now` (nothing written)."""
        body = await json_body(request)
        texts = {}
        for key in ("base", "edited", "now"):
            text = body.get(key)
            if not isinstance(text, str):
                raise PnpError(f"{key}: the spec's TOML text is needed")
            if len(text.encode("utf-8")) > specs.MAX_SPEC_BYTES:
                raise PnpError(f"{key}: larger than {specs.MAX_SPEC_BYTES // 1024} KB, the limit of a spec")
            texts[key] = text
        merged = await run_in_threadpool(reapply, texts["base"], texts["edited"], texts["now"])
        return JSONResponse({"text": merged.text, "overlaps": merged.overlaps})

    async def save_spec(request: Request) -> Response:
        body = await json_body(request)
        ref = specs.SpecRef.parse(str(body.get("id", "")))
        base = body.get("version")
        if base is not None and not isinstance(base, str):
            raise PnpError("version: must be the version string the spec was opened with")
        text = _text(body)
        saved = await run_in_threadpool(history.save, workspace, ref, text, base)
        return JSONResponse({"id": ref.id, **saved.to_json()})

    async def save_spec_as(request: Request) -> Response:
        body = await json_body(request)
        ref = specs.SpecRef.parse(str(body.get("id", "")))
        folder = body.get("folder")
        if not isinstance(folder, str):
            raise PnpError("folder: the name of a new folder of the workspace is needed")
        target = await run_in_threadpool(specs.save_as, workspace, ref, folder, _text(body))
        return JSONResponse({"id": target.id})

    def _settings(body: dict[str, Any], game: str) -> KitSettings:
        paper, lang, preset = body.get("paper", "a4"), body.get("lang", "en"), body.get("preset") or None
        if paper not in PAPERS:
            raise PnpError(f"paper: one of {', '.join(PAPERS)}")
        if lang not in LANGS:
            raise PnpError(f"lang: one of {', '.join(LANGS)}")
        if preset is not None and not isinstance(preset, str):
            raise PnpError("preset: must be a name")
        return KitSettings(game, paper, lang, preset)

    async def draw_kit(request: Request) -> Response:
        body = await json_body(request)
        ref = specs.SpecRef.parse(str(body.get("id", "")))
        kit = await run_in_threadpool(kits.draw, _settings(body, ref.game), _text(body), specs.file_name(ref))
        return JSONResponse(kit.to_json())

    async def kit_page(request: Request) -> Response:
        kit = kits.get(request.path_params["key"])
        svg = await run_in_threadpool(kit.svg, int(request.path_params["number"]) - 1)
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "private, max-age=3600"})

    async def kit_pdf(request: Request) -> Response:
        kit = kits.get(request.path_params["key"])
        component = request.path_params.get("component")
        data = await run_in_threadpool(kit.pdf, component)
        name = f"{kit.settings.game}-{component or 'kit'}.pdf"
        return Response(data, media_type="application/pdf",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def kit_zip(request: Request) -> Response:
        kit = kits.get(request.path_params["key"])
        data = await run_in_threadpool(kit.svg_zip)
        return Response(data, media_type="application/zip",
                        headers={"content-disposition": f'attachment; filename="{kit.settings.game}-svg.zip"'})

    async def valid_spec(request: Request) -> tuple[dict[str, Any], specs.SpecRef, str]:
        """The request's body, spec and its text, refused in one line unless the spec loads."""
        body = await json_body(request)
        ref = specs.SpecRef.parse(str(body.get("id", "")))
        text = _text(body)
        validation = await run_in_threadpool(specs.validate, ref.game, text, specs.file_name(ref))
        if not validation.ok:
            raise PnpError(validation.message or "invalid spec")
        return body, ref, text

    async def start_check(request: Request) -> Response:
        body, ref, text = await valid_spec(request)
        job = await run_in_threadpool(checks.start, ref.game, text, _check_settings(body), _source(ref))
        return JSONResponse(job.to_json())

    async def start_sweep(request: Request) -> Response:
        body, ref, text = await valid_spec(request)
        fields = sweep_fields(body.get("vary"))
        check = _check_settings(body)
        await run_in_threadpool(check_sweep, text, fields)  # refused in the page's words before a job starts
        settings = SweepSettings(tuple((field.path, field.values) for field in fields), games=check.games,
                                 seed=check.seed, players=check.players, preset=check.preset,
                                 confidence=check.confidence, tolerance=check.tolerance, max_games=check.max_games)
        job = await run_in_threadpool(checks.start, ref.game, text, settings, _source(ref))
        return JSONResponse(job.to_json())

    async def check_status(request: Request) -> Response:
        return JSONResponse(checks.get(request.path_params["job"]).to_json())

    async def cancel_check(request: Request) -> Response:
        return JSONResponse(checks.cancel(request.path_params["job"]).to_json())

    async def check_file(request: Request) -> Response:
        job = checks.get(request.path_params["job"])
        report = Workspace((job.folder / "report").resolve())
        path = report.file(request.path_params["path"])
        if path.name == "index.html" and path.parent == report.root:
            html = await run_in_threadpool(path.read_text, "utf-8")
            title = (job.result or {}).get("title") or job.game
            return HTMLResponse(report_page(html, title, job.source, sweep=job.kind == "sweep"),
                                headers={"cache-control": "no-store"})
        return FileResponse(path, media_type=mimetypes.guess_type(path.name)[0] or "application/octet-stream")

    async def check_games(request: Request) -> Response:
        job = checks.get(request.path_params["job"])
        if job.state != "done" and job.log.is_file():
            raise PnpError("the check has not finished: its games are listed when it is done")
        configurations = len((job.result or {}).get("simulation") or {})
        return JSONResponse(await run_in_threadpool(picks, job.log, configurations * job.numbering))

    async def _frames(request: Request) -> Any:
        job = checks.get(request.path_params["job"])
        return await run_in_threadpool(check_frames, job.game, job.spec, job.log,
                                       int(request.path_params["number"]))

    async def check_game(request: Request) -> Response:
        _, _, frames = await _frames(request)
        return JSONResponse({"game": int(request.path_params["number"]), "steps": [f.to_json() for f in frames]})

    async def check_game_board(request: Request) -> Response:
        entry = await _frames(request)
        svg = await run_in_threadpool(board_svg, entry, int(request.path_params["step"]))
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "private, max-age=3600"})

    async def list_played(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(played_games, workspace))

    async def played_game(request: Request) -> Response:
        _, _, frames = await run_in_threadpool(played_frames, workspace, request.path_params["name"])
        return JSONResponse({"file": request.path_params["name"], "steps": [f.to_json() for f in frames]})

    async def played_board(request: Request) -> Response:
        entry = await run_in_threadpool(played_frames, workspace, request.path_params["name"])
        svg = await run_in_threadpool(board_svg, entry, int(request.path_params["step"]))
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "no-store"})

    async def workspace_file(request: Request) -> Response:
        path = workspace.file(request.path_params["path"])
        return FileResponse(path, media_type=mimetypes.guess_type(path.name)[0] or "application/octet-stream")

    routes = [
        Route("/", index),
        Route("/api/games", handled(list_games)),
        Route("/api/specs", handled(list_specs)),
        Route("/api/spec", handled(get_spec)),
        Route("/api/spec/edit", handled(edit_spec), methods=["POST"]),
        Route("/api/spec/reapply", handled(reapply_edits), methods=["POST"]),
        Route("/api/spec/save", handled(save_spec), methods=["POST"]),
        Route("/api/spec/save-as", handled(save_spec_as), methods=["POST"]),
        Route("/api/kit", handled(draw_kit), methods=["POST"]),
        Route("/api/kit/{key}/page/{number:int}.svg", handled(kit_page)),
        Route("/api/kit/{key}/kit.pdf", handled(kit_pdf)),
        Route("/api/kit/{key}/part/{component}.pdf", handled(kit_pdf)),
        Route("/api/kit/{key}/svg.zip", handled(kit_zip)),
        Route("/api/check", handled(start_check), methods=["POST"]),
        Route("/api/sweep", handled(start_sweep), methods=["POST"]),
        Route("/api/check/{job}", handled(check_status)),
        Route("/api/check/{job}/cancel", handled(cancel_check), methods=["POST"]),
        Route("/api/check/{job}/report/{path:path}", handled(check_file)),
        Route("/api/check/{job}/games", handled(check_games)),
        Route("/api/check/{job}/games/{number:int}", handled(check_game)),
        Route("/api/check/{job}/games/{number:int}/board/{step:int}.svg", handled(check_game_board)),
        Route("/api/played", handled(list_played)),
        Route("/api/played/{name}", handled(played_game)),
        Route("/api/played/{name}/board/{step:int}.svg", handled(played_board)),
        Route("/files/{path:path}", handled(workspace_file)),
        *play_routes(workspace, played),
        *history.routes(workspace),
        *designer.routes(),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        checks.shutdown()  # a running check ends with the studio
        played.save_all()  # a game in play is saved as abandoned, to be continued by a studio started again

    app = Starlette(routes=routes, lifespan=lifespan)
    return StudioGuard(app, hosts=hosts, port_ref=port_ref)
