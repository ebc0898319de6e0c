"""What every route answers with: JSON that is never cached, and :class:`Problem`, a message for
the page with its HTTP status; :func:`answering` turns the user-facing errors into such answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from dobble_print.app.sessions import Session, Sessions
from dobble_print.app.settings import word
from dobble_print.app.uploads import Refused, TooLarge
from dobble_print.errors import DobbleError

NO_STORE = {"cache-control": "no-store"}


class Problem(Exception):
    """A request the page should show a message for: (status, message)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def reply(data: Any, status: int = 200) -> JSONResponse:
    """JSON, never cached."""
    return JSONResponse(data, status_code=status, headers=NO_STORE)


def find_session(request: Request) -> Session:
    """The session the path names; 404 with what to do when it was swept away."""
    sessions: Sessions = request.app.state.sessions
    session = sessions.get(request.path_params["sid"])
    if session is None:
        raise Problem(
            404, "This page was left idle too long and its files were removed; reload it."
        )
    return session


def refuse_while_busy(session: Session) -> None:
    """409 while the session's deck is being made from its files."""
    if session.busy.locked():
        raise Problem(409, "Wait until the deck is made, then change the pictures.")


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object; 400 otherwise."""
    try:
        data = await request.json()
    except ValueError:
        raise Problem(400, "The request was not JSON.") from None
    if not isinstance(data, dict):
        raise Problem(400, "The request was not a JSON object.")
    return data


def answering(handler: Callable) -> Callable:
    """A route whose user-facing problems become JSON ``{"error": message}``."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Problem as exc:
            return reply({"error": str(exc)}, exc.status)
        except TooLarge as exc:
            return reply({"error": str(exc)}, 413)
        except Refused as exc:
            return reply({"error": str(exc)}, 415)
        except DobbleError as exc:
            return reply({"error": word(exc)}, 400)

    return wrapped
