"""The play page's routes: start a game, ask for the places a piece fits, move, undo, and the
board as the kit draws it. The rules live in the server; the page only shows what it is told."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from pnp import games as game_registry
from pnp.errors import PnpError
from pnp.numbers import SEED
from pnp.play.games import playable, playable_games
from pnp.play.seats import parse_seats
from pnp.play.sessions import GoneGame, Session, Sessions, Stale
from pnp.play.table import Refused

from .requests import json_body
from .specs import MAX_SPEC_BYTES, load_model
from .workspace import OutsideWorkspace, Workspace

STATIC = Path(__file__).parent / "static"
MAX_SEED = SEED[1]  # one range for a seed everywhere: a check's, a sweep's and a game's


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _seed(value: Any) -> int:
    """A game's seed: a whole number from 0 to MAX_SEED (a JSON integer, or its digits as text);
    1.5, true, Infinity or a number out of range are refused."""
    if value is None or value == "":
        return 1
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 10:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SEED:
        raise PnpError(f"seed: a whole number from 0 to {MAX_SEED}, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A request's value as it was sent, cut short."""
    try:
        text = json.dumps(value)
    except ValueError:
        text = str(value)
    return text if len(text) <= 20 else text[:20] + "..."


def _int_param(value: Any, name: str, default: int = 0) -> int:
    if value is None or value == "":
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise PnpError(f"{name}: a whole number, not {str(value)[:20]!r}") from None


def play_routes(workspace: Workspace, sessions: Sessions) -> list[Route]:

    def handled(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except GoneGame as exc:
                return _error(str(exc), 404)
            except Stale as exc:
                return _error(str(exc), 409)
            except Refused as exc:
                return _error(str(exc), 422)
            except OutsideWorkspace as exc:
                return _error(str(exc), 404)
            except PnpError as exc:
                return _error(str(exc), 400)

        return route

    def session_of(request: Request) -> Session:
        return sessions.get(request.path_params["game_id"], _restore)

    def _restore(record: dict[str, Any]) -> Session:
        """A game set up again as its record says (to be continued by its people's moves)."""
        resume = record["resume"]
        seats = record.get("seats")
        return _setup({"game": record.get("pnp_game"), "seats": ",".join(seats) if isinstance(seats, list) else seats,
                       "seed": record.get("seed"), "preset": resume.get("preset"), "spec": record.get("spec"),
                       "profi": resume.get("profi", False)}, sessions.make)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "play.html", headers={"cache-control": "no-store"})

    async def list_playable(request: Request) -> Response:
        """The games with a table and each one's strength levels: `player` is the level's name, the word
        of `--seats` and the address; `also` the seat player it plays with, an older address's word."""
        out = []
        for game in playable_games():
            levels = game.simulation.levels if game.simulation else ()
            out.append({"name": game.name, "title": game.title, "presets": list(game.presets),
                        "preset_labels": game.named_presets,
                        "players": list(game.players),
                        "computer": [{"player": level.name, "strength": level.name, "also": level.player,
                                      "about": level.about} for level in levels]})
        return JSONResponse({"games": out, "max_seed": MAX_SEED})

    def _start(body: dict[str, Any]) -> Session:
        return _setup(body, sessions.start)

    def _setup(body: dict[str, Any], start: Callable[..., Session]) -> Session:
        name = body.get("game")
        if not isinstance(name, str):
            raise PnpError("game: the name of a game is needed")
        game = game_registry.get(name)
        players, make = playable(name)
        seats = parse_seats(body.get("seats", "human,good"), players, game.players, name)
        seed = _seed(body.get("seed"))
        preset = body.get("preset") or None
        if preset is not None and (not isinstance(preset, str) or preset not in game.presets):
            raise PnpError(f"preset: {name} has {'the presets ' + ', '.join(game.presets) if game.presets else 'none'}")
        spec = body.get("spec") or ""
        if not isinstance(spec, str):
            raise PnpError("spec: a path inside the workspace")
        # Read through the workspace's gate (inside it, a regular file, not too large), loaded from its text.
        model = load_model(name, workspace.read(spec, MAX_SPEC_BYTES).decode("utf-8-sig", errors="replace"),
                           spec.rpartition("/")[2]) if spec else game.load(None)
        profi = body.get("profi", False)
        if not isinstance(profi, bool):
            raise PnpError("profi: true or false")
        return start(name, lambda: make(model, seats, seed, preset), seats, seed, profi,
                     spec or f"the shipped {game.title} spec", spec or None, preset)

    async def new_game(request: Request) -> Response:
        if request.method != "POST":
            return JSONResponse({"error": f"{request.method} /api/play/new: a new game is started with POST"},
                                status_code=405, headers={"allow": "POST"})
        session = await run_in_threadpool(_start, await json_body(request))
        return JSONResponse(session.state(-1))  # every step from the first: an opening played for a seat shows

    async def state(request: Request) -> Response:
        session = await run_in_threadpool(session_of, request)
        since = _int_param(request.query_params.get("since"), "since")

        def read() -> dict[str, Any]:
            with session.lock:
                return session.state(since)

        return JSONResponse(await run_in_threadpool(read))

    async def version(request: Request) -> Response:
        """How far the game is: a page with the game polls it, to show a move made in another tab."""
        session = await run_in_threadpool(session_of, request)
        return JSONResponse({"version": session.version, "over": session.over})

    async def places(request: Request) -> Response:
        session = session_of(request)
        return JSONResponse({"places": session.table.places()})

    async def hints(request: Request) -> Response:
        session = session_of(request)
        if session.profi:
            raise Refused("profi: this game shows no places")
        piece = _int_param(request.query_params.get("piece"), "piece")
        turned = _int_param(request.query_params.get("turned"), "turned")

        def read() -> dict[str, Any]:
            with session.lock:
                table = session.table
                places = table.hints(piece, turned)
                # Whether the piece fits some other way round: else turning it is no help.
                elsewhere = bool(places) or any(table.hints(piece, other) for other in range(table.turns)
                                                if other != turned)
                return {"version": session.version, "places": places, "open": table.open_places(),
                        "fits_turned": elsewhere}

        return JSONResponse(await run_in_threadpool(read))

    async def open_places(request: Request) -> Response:
        session = session_of(request)

        def read() -> dict[str, Any]:
            with session.lock:
                return {"version": session.version, "open": session.table.open_places()}

        return JSONResponse(await run_in_threadpool(read))

    def _move(session: Session, body: dict[str, Any]) -> dict[str, Any]:
        with session.lock:
            since = session.table.moves_made()
            move = {key: body.get(key) for key in ("piece", "turned", "place", "second", "choice") if key in body}
            session.play(body.get("version"), move)
            sessions.after_move(session)
            return session.state(since)

    async def move(request: Request) -> Response:
        session = session_of(request)
        return JSONResponse(await run_in_threadpool(_move, session, await json_body(request)))

    def _undo(session: Session, body: dict[str, Any]) -> dict[str, Any]:
        with session.lock:
            session.undo(body.get("version"))
            sessions.after_move(session)
            return session.state(-1)  # the whole game again: the page shows it without the move taken back

    async def undo(request: Request) -> Response:
        session = session_of(request)
        return JSONResponse(await run_in_threadpool(_undo, session, await json_body(request)))

    def _leave(session: Session) -> dict[str, Any]:
        sessions.leave(session)
        with session.lock:
            return session.state(session.table.moves_made())

    async def leave(request: Request) -> Response:
        """End the game before its end (the End game button, or the page closed): saved, abandoned."""
        session = session_of(request)
        await json_body(request)  # a JSON object, as every request that changes a game sends: {} will do
        return JSONResponse(await run_in_threadpool(_leave, session))

    async def record(request: Request) -> Response:
        """The ended game's record, as `pnp replay` reads it: every ended game's, saved in the workspace or not."""
        session = session_of(request)
        if session.ended_record is None:
            raise PnpError("the game has not ended: its record is offered once it has")
        name = f"{session.game}-{session.id}.jsonl"
        return Response(session.ended_record, media_type="application/x-ndjson",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    def _svg(page: Any) -> Response:
        from pnp.draw.svg import render_svg

        return Response(render_svg(page), media_type="image/svg+xml", headers={"cache-control": "no-store"})

    async def board(request: Request) -> Response:
        session = session_of(request)

        def draw() -> Any:
            with session.lock:
                record = session.table.record()
                frames = session.table.frames(record)
                text = request.path_params["step"]
                step = int(text) if re.fullmatch(r"-?[0-9]{1,9}", text) else None
                if step == -1 and not frames:  # nothing laid yet (a person chooses how the game opens)
                    return session.table.board_page(record)
                if step is None or not 0 <= step < len(frames):
                    raise PnpError(f"step {text}: the game has steps 0 to {len(frames) - 1}")
                return session.table.board_page(frames[step].record)

        return _svg(await run_in_threadpool(draw))

    async def piece(request: Request) -> Response:
        session = session_of(request)
        a, b = int(request.path_params["a"]), int(request.path_params["b"])
        return _svg(await run_in_threadpool(session.table.piece_page, a, b))

    return [
        Route("/play", page),
        Route("/api/play/games", handled(list_playable)),
        Route("/api/play/new", handled(new_game), methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]),
        Route("/api/play/{game_id}/record.jsonl", handled(record)),
        Route("/api/play/{game_id}", handled(state)),
        Route("/api/play/{game_id}/version", handled(version)),
        Route("/api/play/{game_id}/places", handled(places)),
        Route("/api/play/{game_id}/hints", handled(hints)),
        Route("/api/play/{game_id}/open", handled(open_places)),
        Route("/api/play/{game_id}/move", handled(move), methods=["POST"]),
        Route("/api/play/{game_id}/undo", handled(undo), methods=["POST"]),
        Route("/api/play/{game_id}/end", handled(leave), methods=["POST"]),
        Route("/api/play/{game_id}/board/{step}.svg", handled(board)),
        Route("/api/play/{game_id}/piece/{a:int}/{b:int}.svg", handled(piece)),
    ]
