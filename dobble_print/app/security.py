"""The gate every request passes: the server's own Host, the launch's secret token, the asking
page's origin, and a header no other site can send.

- Host must be ``127.0.0.1:PORT`` or ``localhost:PORT``: a page on another site that points its
  own name at 127.0.0.1 (DNS rebinding) sends its own name and is refused.
- The token comes once in the URL the server prints (``/?token=…``); the answer sets it as an
  HttpOnly, SameSite=Strict cookie and sends the browser on to ``/`` without it. Every other
  request needs that cookie: without it, 403. The cookie's name carries the port
  (``dobble_token_8123``): two launches on different ports keep their own keys.
- Cookies ignore ports, so the browser also sends that cookie with requests that pages served by
  any other server on 127.0.0.1 make, and SameSite counts those pages as the same site. So every
  change (a POST) and every API read must come from this server's own page: an ``Origin`` header,
  when the browser sends one, must be this server's own origin, and ``Sec-Fetch-Site``, when
  sent, must be ``same-origin`` (or ``none``: an address typed or opened from the terminal). The
  page itself and its static files are left to the cookie: opening them from elsewhere shows
  nothing private, and a link from another local page to the app still opens it.
- State changes are POSTs that must also carry ``X-Dobble: 1``: a custom header, which another
  site's page cannot add without a CORS preflight this server never grants.

What the browser cannot protect: another local server's process is sent the cookie by the
browser and can replay it outside any browser, where no Origin is sent. Binding the key to this
origin fully would take a key the page keeps in its own storage (``sessionStorage`` is per
origin, port included) and sends as a header, with the pictures and pages it shows fetched the
same way; the cookie is kept because ``<img>`` and download links cannot carry a header.
"""

from __future__ import annotations

import secrets
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from dobble_print.app.catalogue import N_, asked_language, page_words

HEADER = "x-dobble"
SAFE_METHODS = {"GET", "HEAD"}
FETCH_SITES = {"same-origin", "none"}  # Sec-Fetch-Site values this server's own page sends
NOT_OURS = N_(
    "This server answers only to its own page; open the address dobble-print app printed."
)
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


def cookie_name(port: int) -> str:
    """The token's cookie for the server on ``port``: cookies ignore ports, names do not."""
    return f"dobble_token_{port}"


def _refuse(text: str, headers: Headers, status: int = 403) -> PlainTextResponse:
    """A refusal in the language the browser asks for (``Accept-Language``): it comes before
    the page, so before the page's own choice."""
    lang, _missed = asked_language(headers.get("accept-language", ""))
    said = page_words(lang).gettext(text)
    return PlainTextResponse(said + "\n", status_code=status, headers=HEADERS)


class Gate:
    """ASGI middleware: refuses foreign hosts, requests without the token, changes and API
    reads from another page, and POSTs without the custom header; adds the security headers to
    every answer."""

    def __init__(self, app: ASGIApp, *, token: str, hosts: set[str], cookie: str) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts
        self.cookie = cookie

    def _has_token(self, value: str | None) -> bool:
        return value is not None and secrets.compare_digest(value.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            await _refuse(N_("This server answers only to its own address."), headers)(
                scope, receive, send
            )
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = query.get("token", [None])[0]
        if scope["method"] == "GET" and self._has_token(given):
            # Keep the token out of the address bar, bookmarks and the page's own links.
            answer = RedirectResponse("/", status_code=303, headers=HEADERS)
            answer.set_cookie(self.cookie, self.token, httponly=True, samesite="strict", path="/")
            await answer(scope, receive, send)
            return
        cookies = _cookies(headers.get("cookie", ""))
        if not self._has_token(cookies.get(self.cookie)):
            await _refuse(
                N_(
                    "Open the address dobble-print app printed when it started: it carries the key."
                ),
                headers,
            )(scope, receive, send)
            return
        guarded = scope["method"] not in SAFE_METHODS or scope["path"].startswith("/api/")
        if guarded and not _from_own_page(headers, host):
            await _refuse(NOT_OURS, headers)(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and headers.get(HEADER) != "1":
            await _refuse(N_("Changes are made by the page itself."), headers)(scope, receive, send)
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


def _from_own_page(headers: Headers, host: str) -> bool:
    """True unless the browser says the request comes from another origin. Either header may be
    missing (an older browser, a script outside any browser); each one present must agree."""
    origin = headers.get("origin")
    if origin is not None and origin.lower() != f"http://{host}":
        return False
    site = headers.get("sec-fetch-site")
    return site is None or site.lower() in FETCH_SITES


def _cookies(text: str) -> dict[str, str]:
    found = {}
    for part in text.split(";"):
        name, eq, value = part.strip().partition("=")
        if eq:
            found[name] = value
    return found
