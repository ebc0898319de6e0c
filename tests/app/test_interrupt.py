"""Stopping the app while it works, and a deck replaced while its pages are asked for: Ctrl-C
during a plan prints nothing (uvicorn cancelled the plan's request after its grace period and
printed ~40 lines ending in CancelledError), and a page of the deck a card laid again replaced
is a plain 404 (it was a FileNotFoundError on deck-1.pdf, and a 500)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from dobble_print.app.sessions import Made
from tests.app.conftest import POST, new_session, start_server, stop_server
from tests.conftest import make_pictures


def test_ctrl_c_during_a_plan_and_a_build_prints_nothing(tmp_path):
    """The plan waits for the engine, which a build holds: Ctrl-C (to the whole group, as a
    terminal sends it) stops both at their next step, the plan's request is answered at once
    and the app ends as it always does."""
    server = start_server(tmp_path / "tmp", module=("dobble_print", "app"), group=True)
    headers = {"Cookie": server.cookie, **POST}

    def ask(path: str, data: bytes | None = None, method: str = "POST") -> dict:
        request = urllib.request.Request(server.base + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.load(answer)

    planned: dict = {}

    def plan() -> None:
        request = urllib.request.Request(
            f"{server.base}/api/s/{sid}/plan", json.dumps(choices).encode(), headers
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                planned.update(status=answer.status, body=json.load(answer))
        except urllib.error.HTTPError as exc:
            planned.update(status=exc.code, body=json.load(exc))
        except OSError as exc:  # no answer: counted as a failure below
            planned.update(status=None, body=repr(exc))

    try:
        sid = ask("/api/session")["id"]
        for p in make_pictures(tmp_path / "p", 31):  # 31 cards: a build of several seconds
            ask(f"/api/s/{sid}/pictures?name={p.name}", p.read_bytes())
        ask(f"/api/s/{sid}/build", json.dumps({"choices": {}}).encode())
        choices = {"choices": {}}  # the route stores them as it starts the plan
        asking = threading.Thread(target=plan)
        asking.start()
        end = time.monotonic() + 30
        while ask(f"/api/s/{sid}/state", method="GET")["choices"] != choices["choices"]:
            assert time.monotonic() < end, "the plan never started"
            time.sleep(0.01)
        os.killpg(server.proc.pid, signal.SIGINT)
        code = server.proc.wait(timeout=60)
        said = server.proc.stdout.read()
        asking.join(timeout=60)
    finally:
        stop_server(server)
    assert said == "(Ctrl-C stops it and removes the pictures and decks it stored)\n", said
    assert code == 0
    assert planned == {
        "status": 503,
        "body": {"error": "The deck maker has stopped; start it again, then reload this page."},
    }
    assert list(Path(server.tmp).iterdir()) == []


def test_a_page_of_a_deck_replaced_meanwhile_is_a_plain_404(client):
    """A page asked for as a card laid again replaces the deck: the request took the deck it
    shows, then its files went (the new deck's build removes the older one's)."""
    sid = new_session(client)
    session = client.sessions.get(sid)
    page = {"file": "page-1-1.png", "width_mm": 210, "height_mm": 297, "number": 1}
    session.made = Made(1, None, 1, (), [page], "", {})  # its deck-1.pdf gone
    answer = client.get(f"/api/s/{sid}/pages/page-1-1.png")
    assert answer.status_code == 404
    assert answer.json() == {"error": "That page belongs to an older deck; reload the sheets."}
    assert sorted(p.name for p in session.out.iterdir()) == []
