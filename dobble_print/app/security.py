"""The gate every request passes: the server's own Host, the launch's secret token, and a header
no other site can send.

- Host must be ``127.0.0.1:PORT`` or ``localhost:PORT``: a page on another site that points its
  own name at 127.0.0.1 (DNS rebinding) sends its own name and is refused.
- The token comes once in the URL the server prints (``/?token=…``); the answer sets it as an
  HttpOnly, SameSite=Strict cookie and sends the browser on to ``/`` without it. Every other
  request needs that cookie: without it, 403.
- State changes are POSTs that must also carry ``X-Dobble: 1``: a custom header, which another
  site's page cannot add without a CORS preflight this server never grants.
"""

from __future__ import annotations

import secrets
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

COOKIE = "dobble_token"
HEADER = "x-dobble"
SAFE_METHODS = {"GET", "HEAD"}
# Only this server's own files: no inline script or style, nothing from elsewhere.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "connect-src 'self'; font-src 'self'; form-action 'none'; frame-ancestors 'none'; "
    "base-uri 'none'"
)
HEADERS = {
    "content-security-policy": POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


def _refuse(text: str, status: int = 403) -> PlainTextResponse:
    return PlainTextResponse(text + "\n", status_code=status, headers=HEADERS)


class Gate:
    """ASGI middleware: refuses foreign hosts, requests without the token, and POSTs without
    the custom header; adds the security headers to every answer."""

    def __init__(self, app: ASGIApp, *, token: str, hosts: set[str]) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts

    def _has_token(self, value: str | None) -> bool:
        return value is not None and secrets.compare_digest(value.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if headers.get("host", "").lower() not in self.hosts:
            await _refuse("This server answers only to its own address.")(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = query.get("token", [None])[0]
        if scope["method"] == "GET" and self._has_token(given):
            # Keep the token out of the address bar, bookmarks and the page's own links.
            answer = RedirectResponse("/", status_code=303, headers=HEADERS)
            answer.set_cookie(COOKIE, self.token, httponly=True, samesite="strict", path="/")
            await answer(scope, receive, send)
            return
        cookies = _cookies(headers.get("cookie", ""))
        if not self._has_token(cookies.get(COOKIE)):
            await _refuse(
                "Open the address dobble-print app printed when it started: it carries the key."
            )(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and headers.get(HEADER) != "1":
            await _refuse("Changes are made by the page itself.")(scope, receive, send)
            return

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in have
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _cookies(text: str) -> dict[str, str]:
    found = {}
    for part in text.split(";"):
        name, eq, value = part.strip().partition("=")
        if eq:
            found[name] = value
    return found
