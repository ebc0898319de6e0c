"""What every route answers with: JSON that is never cached, and :class:`Problem`, a message for
the page with its HTTP status; :func:`answering` turns the user-facing errors into such answers."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from dobble_print.app.catalogue import N_, Said, known
from dobble_print.app.sessions import Session, Sessions
from dobble_print.app.settings import word
from dobble_print.app.uploads import Refused, TooLarge, megabytes
from dobble_print.errors import DobbleError

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
