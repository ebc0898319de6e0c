"""The app's HTTP interface: the page, its files, and a small JSON API per session.

Reads are GETs; everything that changes something is a POST (the gate in :mod:`security` also
asks those for a header only this page sends). Pictures arrive one per request as the raw body,
streamed to disk and cut off at the limit, so a thumbnail's upload ends on its own and a too-large
file is refused without being read.
"""

from __future__ import annotations

import re
import threading
import traceback
from collections.abc import Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dobble_print.app import jobs
from dobble_print.app.sessions import Job, Session, Sessions
from dobble_print.app.settings import Choices, offered
from dobble_print.app.uploads import (
    Refused,
    TooLarge,
    check_picture_name,
    megabytes,
    safe_name,
    unique_name,
    write_stream,
)
from dobble_print.errors import DobbleError

STATIC = resources.files("dobble_print.app") / "static"
NO_STORE = {"cache-control": "no-store"}
_PAGE = re.compile(r"page-\d+-\d+\.png")


class Problem(Exception):
    """A request the page should show a message for: (status, message)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=NO_STORE)


def _session(request: Request) -> Session:
    sessions: Sessions = request.app.state.sessions
    session = sessions.get(request.path_params["sid"])
    if session is None:
        raise Problem(
            404, "This page was left idle too long and its files were removed; reload it."
        )
    return session


def _idle(session: Session) -> None:
    if session.busy.locked():
        raise Problem(409, "Wait until the deck is made, then change the pictures.")


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise Problem(400, "The request was not JSON.") from None
    if not isinstance(data, dict):
        raise Problem(400, "The request was not a JSON object.")
    return data


def _check_room(session: Session, request: Request, limits_key: str, what: str) -> int:
    """Refuse by Content-Length before reading a byte; the limit for the stream itself."""
    limits = request.app.state.sessions.limits
    limit = getattr(limits, limits_key)
    declared = int(request.headers.get("content-length") or 0)
    if declared > limit:
        raise TooLarge(
            f"{what} is {megabytes(declared)}, over the {megabytes(limit)} the app takes; "
            "make it smaller (a photo of 2000 pixels across is plenty)"
        )
    room = limits.session_bytes - session.stored_bytes
    if declared > room:
        raise TooLarge(
            f"{what}: this deck's files would pass {megabytes(limits.session_bytes)} in all; "
            "remove some pictures or make them smaller"
        )
    return min(limit, room)


async def new_session(request: Request) -> Response:
    session = request.app.state.sessions.new()
    limits = request.app.state.sessions.limits
    return _json({"id": session.id, "limits": vars(limits)})


async def state(request: Request) -> Response:
    session = _session(request)
    made = session.made
    return _json(
        {
            "pictures": list(session.names),
            "words": session.words.read_text(encoding="utf-8") if session.words_bytes else "",
            "back": session.back.name if session.back else None,
            "busy": session.busy.locked(),
            "made": None if made is None else {"number": made.number, "command": made.command},
        }
    )


async def add_picture(request: Request) -> Response:
    session = _session(request)
    _idle(session)
    limits = request.app.state.sessions.limits
    raw = request.query_params.get("name", "")
    name = safe_name(raw)
    check_picture_name(name)
    if len(session.names) >= limits.session_files:
        raise TooLarge(
            f"{name}: {limits.session_files} pictures is the most the app takes for one deck "
            "(the largest deck uses 183); remove some first"
        )
    limit = _check_room(session, request, "file_bytes", name)
    name = unique_name(name, {n.casefold() for n in session.names})
    session.names[name] = 0  # taken now: uploads at the same time get other names
    try:
        session.names[name] = await write_stream(
            request.stream(), session.pictures / name, limit=limit, what=name
        )
    except BaseException:
        session.names.pop(name, None)
        raise
    return _json({"name": name, "given": raw, "bytes": session.names[name]})


async def remove_picture(request: Request) -> Response:
    session = _session(request)
    _idle(session)
    name = request.path_params["name"]
    if name not in session.names:
        raise Problem(404, f"{name}: no such picture in this deck")
    del session.names[name]
    (session.pictures / name).unlink(missing_ok=True)
    return _json({"removed": name})


async def picture(request: Request) -> Response:
    session = _session(request)
    name = request.path_params["name"]
    if name not in session.names:
        raise Problem(404, f"{name}: no such picture in this deck")
    # An SVG shown from this origin may not run anything.
    return FileResponse(
        session.pictures / name, headers={**NO_STORE, "content-security-policy": "sandbox"}
    )


async def set_words(request: Request) -> Response:
    session = _session(request)
    _idle(session)
    limit = _check_room(session, request, "words_bytes", "The word list")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge(f"The word list is over {megabytes(limit)}; shorten it")
    text = body.decode("utf-8", errors="replace")
    if text.strip():
        session.words.write_text(text, encoding="utf-8")
        session.words_bytes = session.words.stat().st_size
    else:
        session.words.unlink(missing_ok=True)
        session.words_bytes = 0
    return _json({"bytes": session.words_bytes})


async def set_back(request: Request) -> Response:
    session = _session(request)
    _idle(session)
    raw = safe_name(request.query_params.get("name", ""))
    check_picture_name(raw)
    limit = _check_room(session, request, "file_bytes", raw)
    if session.back is not None:
        session.back.unlink(missing_ok=True)
        session.back = None
    path = session.folder / ("back" + (raw[raw.rfind(".") :].lower()))
    await write_stream(request.stream(), path, limit=limit, what=raw)
    session.back = path
    return _json({"name": path.name, "given": raw})


async def remove_back(request: Request) -> Response:
    session = _session(request)
    _idle(session)
    if session.back is not None:
        session.back.unlink(missing_ok=True)
        session.back = None
    return _json({"removed": True})


async def plan(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    session = _session(request)
    choices = Choices.from_json((await _body(request)).get("choices"))
    return _json(await run_in_threadpool(jobs.plan_deck, session, choices))


def _start(session: Session, kind: str, work: Callable[[Job], None]) -> Response:
    """Run ``work`` in a thread as the session's one job; 409 while another runs."""
    if not session.busy.acquire(blocking=False):
        raise Problem(409, "A deck is being made already; wait for it to finish.")
    job = session.job = Job(kind)

    def run() -> None:
        try:
            work(job)
        except Exception as exc:
            traceback.print_exc()
            job.state = "error"
            job.message = job.message or f"Something went wrong inside dobble-print: {exc!r}"
        finally:
            session.busy.release()

    threading.Thread(target=run, name=f"dobble-{kind}-{session.id}", daemon=True).start()
    return _json(job.as_json(), 202)


async def build(request: Request) -> Response:
    session = _session(request)
    data = await _body(request)
    choices = Choices.from_json(data.get("choices"))
    if data.get("seed") == "new":  # "Shuffle again"; otherwise the session's seed is kept
        session.seed = _new_seed(session.seed)
    seed = session.seed
    return _start(session, "build", lambda job: jobs.make_deck(session, job, choices, seed=seed))


def _new_seed(old: int) -> int:
    import secrets

    seed = old
    while seed == old:
        seed = secrets.randbelow(1_000_000)
    return seed


async def reshuffle(request: Request) -> Response:
    session = _session(request)
    made = session.made
    card = (await _body(request)).get("card")
    if made is None:
        raise Problem(409, "Make the deck first.")
    count = sum(len(p["cards"]) for p in made.pages)
    if not isinstance(card, int) or not 1 <= card <= count:
        raise Problem(400, f"card {card!r} is out of range: this deck has cards 1 to {count}")
    again = (*made.reshuffle, card)
    return _start(
        session,
        "build",
        lambda job: jobs.make_deck(session, job, made.choices, seed=made.seed, reshuffle=again),
    )


async def extra(request: Request) -> Response:
    session = _session(request)
    kind = (await _body(request)).get("kind")
    if kind not in {"cards", "shop"}:
        raise Problem(400, "kind must be cards or shop")
    if session.made is None:
        raise Problem(409, "Make the deck first.")
    return _start(session, kind, lambda job: jobs.make_extra(session, job, kind))


async def job(request: Request) -> Response:
    session = _session(request)
    return _json(session.job.as_json() if session.job else {"state": "none"})


async def page_png(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    session = _session(request)
    name = request.path_params["name"]
    path = await run_in_threadpool(jobs.draw_page, session, name) if _PAGE.fullmatch(name) else None
    if path is None:
        raise Problem(404, "That page belongs to an older deck; reload the sheets.")
    return FileResponse(
        path, media_type="image/png", headers={"cache-control": "private, max-age=3600"}
    )


async def download(request: Request) -> Response:
    session = _session(request)
    what = request.path_params["what"]
    made = session.made
    if what == "pictures.zip":
        target = session.out / "pictures.zip"
        jobs.sources_zip(session, target)
        return FileResponse(target, filename="deck-files.zip", headers=NO_STORE)
    if made is None:
        raise Problem(409, "Make the deck first.")
    files = {
        "deck.pdf": (f"deck-{made.number}.pdf", "deck.pdf"),
        "cards.zip": (f"cards-{made.number}.zip", "cards.zip"),
        "shop.zip": (f"shop-{made.number}.zip", "shop.zip"),
    }
    if what not in files or not (session.out / files[what][0]).is_file():
        raise Problem(404, f"{what} is not ready; make it first.")
    stored, shown = files[what]
    return FileResponse(session.out / stored, filename=shown, headers=NO_STORE)


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers=NO_STORE)


async def menus(request: Request) -> Response:
    return _json(offered())


def _errors(handler: Callable) -> Callable:
    """A route whose user-facing problems become JSON ``{"error": message}``."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Problem as exc:
            return _json({"error": str(exc)}, exc.status)
        except TooLarge as exc:
            return _json({"error": str(exc)}, 413)
        except Refused as exc:
            return _json({"error": str(exc)}, 415)
        except DobbleError as exc:
            return _json({"error": str(exc)}, 400)

    return wrapped


def routes() -> list:
    api = [
        ("/api/menus", menus, ["GET"]),
        ("/api/session", new_session, ["POST"]),
        ("/api/s/{sid}/state", state, ["GET"]),
        ("/api/s/{sid}/pictures", add_picture, ["POST"]),
        ("/api/s/{sid}/pictures/{name}", picture, ["GET"]),
        ("/api/s/{sid}/pictures/{name}/remove", remove_picture, ["POST"]),
        ("/api/s/{sid}/words", set_words, ["POST"]),
        ("/api/s/{sid}/back", set_back, ["POST"]),
        ("/api/s/{sid}/back/remove", remove_back, ["POST"]),
        ("/api/s/{sid}/plan", plan, ["POST"]),
        ("/api/s/{sid}/build", build, ["POST"]),
        ("/api/s/{sid}/reshuffle", reshuffle, ["POST"]),
        ("/api/s/{sid}/extra", extra, ["POST"]),
        ("/api/s/{sid}/job", job, ["GET"]),
        ("/api/s/{sid}/pages/{name}", page_png, ["GET"]),
        ("/api/s/{sid}/download/{what}", download, ["GET"]),
    ]
    return [
        Route("/", index, methods=["GET"]),
        *(Route(path, _errors(fn), methods=methods) for path, fn, methods in api),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]


def create_app(sessions: Sessions) -> Starlette:
    """The Starlette app over ``sessions`` (the gate is added by :func:`server.make_app`)."""
    app = Starlette(routes=routes())
    app.state.sessions = sessions
    return app
