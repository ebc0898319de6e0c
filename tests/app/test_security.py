"""The gate binds the launch's key to this server, and the API's limits hold under attack: the
cookie is named after the port, a page of another server on 127.0.0.1 (same site, other origin)
cannot use it, an oversized JSON body is refused without being read whole, and a flood of new
sessions is bounded. In process (Starlette's TestClient); the real browser's check is in
``test_browser.py``."""

from __future__ import annotations

import anyio
import pytest

from tests.app.conftest import BASE, PORT, POST, TOKEN, make_client, new_session

NOT_OURS = "This server answers only to its own page; open the address dobble-print app printed."


# ---- the cookie --------------------------------------------------------------------------


def test_the_cookie_is_named_after_the_port_and_the_bare_name_is_not_the_key(tmp_path):
    with make_client(tmp_path / "root") as c:
        answer = c.get(f"/?token={TOKEN}")
        assert answer.headers["set-cookie"].startswith(f"dobble_token_{PORT}={TOKEN};")
        assert c.get("/api/menus").status_code == 200
        c.cookies.clear()
        # What another launch on another port (or an older one) left under the bare name.
        answer = c.get("/api/menus", headers={"Cookie": f"dobble_token={TOKEN}"})
        assert answer.status_code == 403
        assert answer.text == (
            "Open the address dobble-print app printed when it started: it carries the key.\n"
        )


# ---- requests from another page ------------------------------------------------------------

OTHER_PORT = {"Origin": "http://127.0.0.1:9999"}


@pytest.mark.parametrize(
    ("method", "path", "headers"),
    [
        ("POST", "/api/session", {**POST, **OTHER_PORT}),
        ("POST", "/api/session", {**POST, "Origin": "http://localhost:9999"}),
        ("POST", "/api/session", {**POST, "Origin": "null"}),  # a sandboxed frame
        ("GET", "/api/menus", OTHER_PORT),
        ("GET", "/api/menus", {"Sec-Fetch-Site": "same-site"}),
        ("GET", "/api/menus", {"Sec-Fetch-Site": "cross-site"}),
        ("POST", "/api/session", {**POST, "Sec-Fetch-Site": "same-site"}),
        ("POST", "/api/session", {**POST, "Origin": BASE, "Sec-Fetch-Site": "cross-site"}),
    ],
)
def test_a_request_from_another_page_is_refused_though_it_carries_the_key(
    client, method, path, headers
):
    answer = client.request(method, path, headers=headers)
    assert answer.status_code == 403
    assert answer.text == NOT_OURS + "\n"
    assert len(client.sessions) == 0


def test_a_read_of_a_session_from_another_port_gets_nothing(client):
    sid = new_session(client)
    for headers in (OTHER_PORT, {"Sec-Fetch-Site": "same-site"}):
        answer = client.get(f"/api/s/{sid}/state", headers=headers)
        assert answer.status_code == 403 and answer.text == NOT_OURS + "\n"
        assert "pictures" not in answer.text


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a script outside any browser, or a browser that sends neither header
        {"Origin": BASE, "Sec-Fetch-Site": "same-origin"},  # the page's own fetch
        {"Sec-Fetch-Site": "none"},  # an address typed or opened from the terminal
        {"Origin": f"http://localhost:{PORT}", "Host": f"localhost:{PORT}"},
    ],
)
def test_the_own_page_is_served(client, headers):
    assert client.post("/api/session", headers={**POST, **headers}).status_code == 200
    assert client.get("/api/menus", headers=headers).status_code == 200


def test_the_page_itself_opens_from_a_link_on_another_local_page(client):
    """Only the API is guarded: a link to the app from another page shows the page, which then
    asks the API as itself."""
    answer = client.get("/", headers={"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate"})
    assert answer.status_code == 200


# ---- JSON bodies ---------------------------------------------------------------------------

TOO_LARGE = "The request is over 64 kB, more than the page ever sends; reload the page."


def post_chunks(app, path: str, chunks: int, *, length: int | None = None) -> tuple[int, int]:
    """POST ``chunks`` chunks of 10 kB straight to the ASGI app (the test client would read the
    whole body first); the answer's status and how many chunks the server took."""
    taken = 0

    async def receive():
        nonlocal taken
        taken += 1
        return {"type": "http.request", "body": b" " * 10_000, "more_body": taken < chunks}

    statuses = []

    async def send(message):
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    headers = [
        (b"host", f"127.0.0.1:{PORT}".encode()),
        (b"cookie", f"dobble_token_{PORT}={TOKEN}".encode()),
        (b"x-dobble", b"1"),
        *([(b"content-length", str(length).encode())] if length is not None else []),
    ]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", PORT),
    }
    anyio.run(app, scope, receive, send)
    return statuses[0], taken


def test_an_oversized_json_body_is_413_and_is_not_read_whole(client):
    sid = new_session(client)
    plan = f"/api/s/{sid}/plan"
    answer = client.post(plan, content=b" " * 64_001, headers=POST)
    assert answer.status_code == 413 and answer.json() == {"error": TOO_LARGE}
    # 10 MB declared: refused before a byte is read.
    assert post_chunks(client.app, plan, 1_000, length=10_000_000) == (413, 0)
    # 10 MB streamed without a length: the server stops just past the limit.
    assert post_chunks(client.app, plan, 1_000) == (413, 7)
    # Just under the limit is still read as JSON.
    padded = b'{"choices": {}}' + b" " * (64_000 - 15)
    assert client.post(plan, content=padded, headers=POST).status_code == 200


# ---- new sessions --------------------------------------------------------------------------


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


FULL = (
    "3 tabs are using the deck maker already; close one you no longer need, "
    "then reload this page in a few minutes."
)


def test_a_flood_of_new_sessions_is_refused_and_closed_tabs_make_room(tmp_path):
    clock = Clock()
    with make_client(tmp_path / "root", most=3, clock=clock) as c:
        c.get(f"/?token={TOKEN}")
        first, second, third = (new_session(c) for _ in range(3))
        for _ in range(5):  # the flood: every session in use, so each new one is refused
            answer = c.post("/api/session", headers=POST)
            assert answer.status_code == 429 and answer.json() == {"error": FULL}
        assert len(c.sessions) == 3 and len(list((tmp_path / "root").iterdir())) == 3
        # Ten minutes on: two tabs still ask every minute; the closed one (first) makes room.
        clock.now += 600
        assert c.get(f"/api/s/{second}/state").status_code == 200
        assert c.get(f"/api/s/{third}/state").status_code == 200
        fourth = new_session(c)
        assert c.get(f"/api/s/{first}/state").status_code == 404
        assert not (tmp_path / "root" / first).exists()
        assert {second, third, fourth} == {p.name for p in (tmp_path / "root").iterdir()}
        # Of two tabs quiet longest, the one making a deck is kept and the other goes.
        busy = c.sessions.get(second)
        clock.now += 60
        assert c.get(f"/api/s/{fourth}/state").status_code == 200
        clock.now += 600
        busy.busy.acquire()
        try:
            fifth = new_session(c)
        finally:
            busy.busy.release()
        assert c.get(f"/api/s/{third}/state").status_code == 404
        assert {second, fourth, fifth} == {p.name for p in (tmp_path / "root").iterdir()}


def test_the_launch_takes_twenty_sessions_at_once(client):
    answers = [client.post("/api/session", headers=POST).status_code for _ in range(25)]
    assert answers == [200] * 20 + [429] * 5


def test_a_refusal_is_said_in_the_language_the_browser_asks_for(tmp_path):
    """The gate answers before the page can say its language: the browser's is used."""
    with make_client(tmp_path / "root") as c:
        answer = c.get("/api/menus", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
        assert answer.status_code == 403
        assert answer.text == (
            "Ouvrez l’adresse que dobble-print app a affichée au démarrage\u00a0: elle contient "
            "la clé.\n"
        )
