"""What every route answers with: JSON that is never cached, and :class:`Problem`, a message for
the page with its HTTP status; :func:`answering` turns the user-facing errors into such answers.
A file is sent from the moment it is opened (:func:`attachment`), and a route that waits for
the engine stops waiting the moment the app stops (:func:`until`, :func:`unless_stopping`)."""

from __future__ import annotations

import asyncio
import json
import math
import mimetypes
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from dobble_print.app.catalogue import N_, Said, known
from dobble_print.app.sessions import Session, Sessions, Stopped
from dobble_print.app.settings import word
from dobble_print.app.uploads import Refused, TooLarge, megabytes
from dobble_print.errors import DobbleError

T = TypeVar("T")

NO_STORE = {"cache-control": "no-store"}
# The page's JSON (its choices, a card's number) is a few kB; pictures and words come as raw
# bodies with limits of their own (file_routes).
JSON_BYTES = 64_000


class Problem(Said):
    """A request the page should show a message for: its HTTP status, and the message's
    English text (marked ``N_``) and values."""

    def __init__(self, status: int, text: str, **values: object) -> None:
        super().__init__(text, **values)
        self.status = status


def language(request: Request) -> str:
    """The page's language, which its script sends with every request (``X-Dobble-Lang``);
    English without it."""
    return known(request.headers.get("x-dobble-lang"))


def reply(data: Any, status: int = 200) -> JSONResponse:
    """JSON, never cached."""
    return JSONResponse(data, status_code=status, headers=NO_STORE)


def find_session(request: Request) -> Session:
    """The session the path names; 404 with what to do when it was swept away."""
    sessions: Sessions = request.app.state.sessions
    session = sessions.get(request.path_params["sid"])
    if session is None:
        raise Problem(
            404, N_("This page was left idle too long and its files were removed; reload it.")
        )
    return session


def refuse_while_busy(session: Session) -> None:
    """409 while the session's deck is being made from its files."""
    if session.busy.locked():
        raise Problem(409, N_("Wait until the deck is made, then change the pictures."))


async def read_json(request: Request, *, limit: int = JSON_BYTES) -> dict[str, Any]:
    """The request's JSON object; 400 otherwise. A body over ``limit`` bytes is 413: refused by
    its declared length before a byte is read, or the moment the stream passes the limit, so an
    oversized body is never held whole."""
    too_large = TooLarge(
        N_("The request is over {size}, more than the page ever sends; reload the page."),
        size=megabytes(limit),
    )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise too_large
    try:
        data = json.loads(body)
    except ValueError:
        raise Problem(400, N_("The request was not JSON.")) from None
    if not isinstance(data, dict):
        raise Problem(400, N_("The request was not a JSON object."))
    return data


def answering(handler: Callable) -> Callable:
    """A route whose user-facing problems become JSON ``{"error": message}``, in the page's
    language."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Problem as exc:
            return reply({"error": exc.words(language(request))}, exc.status)
        except TooLarge as exc:
            return reply({"error": exc.words(language(request))}, 413)
        except Refused as exc:
            return reply({"error": exc.words(language(request))}, 415)
        except DobbleError as exc:
            return reply({"error": word(exc, lang=language(request))}, 400)

    return wrapped


def attachment(path: Path, filename: str) -> Response | None:
    """The file at ``path`` as a download named ``filename``, opened now: a newer deck
    replacing it cannot take it away while it is sent. None when it is gone already."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return None

    def chunks() -> Iterator[bytes]:
        with handle:
            while chunk := handle.read(CHUNK_BYTES):
                yield chunk

    headers = {
        **NO_STORE,
        "content-length": str(os.fstat(handle.fileno()).st_size),
        "content-disposition": f'attachment; filename="{filename}"',
    }
    kind = mimetypes.guess_type(filename)[0]
    return StreamingResponse(chunks(), media_type=kind, headers=headers)


CHUNK_BYTES = 1 << 20


# Said when the app stops (Ctrl-C) while the page waits for an answer; the page says the same
# when the server is gone.
STOPPED = N_("The deck maker has stopped; start it again, then reload this page.")
POLL_SECONDS = 0.02


async def until(done: threading.Event, stopping: threading.Event, seconds: float) -> None:
    """Wait until ``done`` is set, ``seconds`` pass or the app is stopping. On the event loop,
    not in a thread: a request waiting in a thread holds the app's stopping until it ends, and
    uvicorn then cancels it with a traceback."""
    end = time.monotonic() + seconds
    while not (done.is_set() or stopping.is_set()) and time.monotonic() < end:
        await asyncio.sleep(POLL_SECONDS)


async def unless_stopping(sessions: Sessions, work: Callable[[], T]) -> T | None:
    """``work()`` in a thread of its own; None as soon as the app is stopping (the work stops
    at its next step, and the app waits for it before it removes the files)."""
    done, outcome = threading.Event(), dict[str, Any]()

    def run() -> None:
        try:
            outcome["answer"] = work()
        except BaseException as exc:  # Stopped, or a bug: said where the request is answered
            outcome["error"] = exc
        finally:
            done.set()

    sessions.start(threading.Thread(target=run, name="dobble-plan", daemon=True))
    await until(done, sessions.stopping, math.inf)
    error = outcome.get("error")
    if not done.is_set() or isinstance(error, Stopped):
        return None
    if error is not None:
        raise error
    return outcome["answer"]
