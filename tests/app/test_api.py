"""The app's HTTP side against the real routes and gate: the token, the Host check, limits,
names stored safely, sessions swept, and a real server process leaving nothing behind."""

from __future__ import annotations

import mimetypes
import re
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from dobble_print.app.uploads import Limits
from tests.app.conftest import (
    BASE,
    POST,
    TOKEN,
    make_client,
    new_session,
    start_server,
    stop_server,
    upload,
)
from tests.conftest import ICONS, make_pictures

CAT = ICONS / sorted(p.name for p in ICONS.glob("*.svg"))[0]


# ---- the gate ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/"), ("GET", "/api/menus"), ("POST", "/api/session"), ("GET", "/static/js/main.js")],
)
def test_no_token_is_refused(tmp_path, method, path):
    with make_client(tmp_path / "root") as c:
        answer = c.request(method, path, headers=POST)
    assert answer.status_code == 403
    assert "carries the key" in answer.text


def test_a_wrong_token_is_refused_and_the_right_one_sets_a_strict_cookie(tmp_path):
    with make_client(tmp_path / "root") as c:
        assert c.get("/?token=guess").status_code == 403
        answer = c.get(f"/?token={TOKEN}")
        assert answer.status_code == 303 and answer.headers["location"] == "/"
        cookie = answer.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie and TOKEN.lower() in cookie
        page = c.get("/")
        assert page.status_code == 200 and "Spot it! deck maker" in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]


@pytest.mark.parametrize("host", ["evil.example:8123", "127.0.0.1:9999", "localhost", ""])
def test_a_foreign_host_is_refused_even_with_the_token(client, host):
    answer = client.get("/api/menus", headers={"Host": host})
    assert answer.status_code == 403
    assert "its own address" in answer.text


def test_localhost_by_name_is_the_same_server(client):
    assert client.get(
        "/api/menus", headers={"Host": f"localhost:{BASE.rsplit(':', 1)[1]}"}
    ).is_success


def test_a_post_without_the_page_header_is_refused(client):
    assert client.post("/api/session").status_code == 403  # what a form on another site sends
    assert client.get("/api/session").status_code == 405  # state changes are POSTs only


# ---- the page's files ----------------------------------------------------------------------

STATIC = Path(__file__).parents[2] / "dobble_print" / "app" / "static"


@pytest.mark.parametrize("guessed", ["text/javascript", "application/javascript"])
def test_the_page_loads_main_js_alone_and_every_module_is_javascript(client, monkeypatch, guessed):
    # What Python guesses for .js depends on the machine's /etc/mime.types.
    real = mimetypes.guess_type
    monkeypatch.setattr(
        "starlette.responses.guess_type",
        lambda path: (guessed, None) if str(path).endswith(".js") else real(path),
    )
    scripts = re.findall(r"<script\b[^>]*>", client.get("/").text)
    assert scripts == ['<script type="module" src="/static/js/main.js">']
    modules = sorted(STATIC.rglob("*.js"))
    assert "js/main.js" in [m.relative_to(STATIC).as_posix() for m in modules]
    for module in modules:
        answer = client.get(f"/static/{module.relative_to(STATIC).as_posix()}")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
        assert answer.content == module.read_bytes()
        for imported in re.findall(r'from "(\./[^"]+)"', module.read_text(encoding="utf-8")):
            assert (module.parent / imported).is_file(), f"{module.name} imports {imported}"
    # the folder is served, never what lies beside it
    assert client.get("/static/js/%2e%2e/app.css").status_code == 200
    for path in ("/static/js/%2e%2e/%2e%2e/routes.py", "/static/%2e%2e/routes.py"):
        assert client.get(path).status_code == 404


# ---- uploads -------------------------------------------------------------------------------


def test_an_upload_over_the_file_limit_is_413_with_a_clear_message(tmp_path):
    with make_client(tmp_path / "root", Limits(file_bytes=2_000)) as c:
        c.get(f"/?token={TOKEN}")
        sid = new_session(c)
        big = tmp_path / "big photo.png"
        big.write_bytes(b"\x89PNG" + b"0" * 5_000)
        answer = upload(c, sid, big)
        assert answer.status_code == 413
        assert answer.json()["error"] == (
            "big photo.png is 5 kB, over the 2 kB the app takes; "
            "make it smaller (a photo of 2000 pixels across is plenty)"
        )
        # Streamed without a length, it is cut off at the limit and nothing is kept.
        chunks = (b"x" * 1000 for _ in range(5))
        answer = c.post(
            f"/api/s/{sid}/pictures", params={"name": "stream.png"}, content=chunks, headers=POST
        )
        assert answer.status_code == 413 and "over 2 kB" in answer.json()["error"]
        assert list((tmp_path / "root" / sid / "pictures").iterdir()) == []
        assert c.get(f"/api/s/{sid}/state").json()["pictures"] == []


def test_the_session_limits_count_and_bytes(tmp_path):
    with make_client(tmp_path / "root", Limits(session_files=2, session_bytes=10_000)) as c:
        c.get(f"/?token={TOKEN}")
        sid = new_session(c)
        pics = make_pictures(tmp_path / "p", 3)
        assert upload(c, sid, pics[0]).status_code == 200
        assert upload(c, sid, pics[1]).status_code == 200
        answer = upload(c, sid, pics[2])
        assert answer.status_code == 413
        assert "2 pictures is the most the app takes" in answer.json()["error"]
    with make_client(tmp_path / "root2", Limits(session_bytes=3_000)) as c:
        c.get(f"/?token={TOKEN}")
        sid = new_session(c)
        blob = tmp_path / "a.png"
        blob.write_bytes(b"0" * 2_000)
        assert upload(c, sid, blob).status_code == 200
        answer = upload(c, sid, blob, "b.png")
        assert answer.status_code == 413
        assert "would pass 3 kB in all" in answer.json()["error"]


def test_a_file_that_is_not_a_picture_is_refused_with_what_is_taken(client):
    sid = new_session(client)
    answer = client.post(
        f"/api/s/{sid}/pictures", params={"name": "notes.docx"}, content=b"x", headers=POST
    )
    assert answer.status_code == 415
    assert answer.json()["error"].startswith("notes.docx: not a picture (.docx); give ")


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("../../../etc/cron.d/evil.png", "evil.png"),
        ("..\\..\\windows\\evil.svg", "evil.svg"),
        ("/abs/path/cat.png", "cat.png"),
        (".hidden.png", "hidden.png"),
        ("..png", "picture.png"),
        ("a\x00b\nc.png", "abc.png"),
        ("ca*t?:|<>.png", "ca_t_____.png"),
        ("Café.PNG", "Café.PNG"),
        ("🐱.png", "🐱.png"),  # was "_.png", and the next emoji-named picture "_-2.png": "2"
        ("👩\u200d🍳 chef.png", "👩\u200d🍳 chef.png"),  # one emoji, joined
        ("नमस्ते.png", "नमस्ते.png"),  # the vowel signs are marks, not letters
        ("€ & ½ ^x.png", "€ _ ½ ^x.png"),
        ("x" * 300 + ".png", "x" * 76 + ".png"),
    ],
)
def test_traversal_and_odd_names_are_stored_safely(client, tmp_path, given, stored):
    sid = new_session(client)
    answer = upload(client, sid, CAT, given.replace(".png", ".svg") if "svg" in stored else given)
    assert answer.status_code == 200, answer.text
    assert answer.json()["name"] == stored
    root = tmp_path / "root"
    assert sorted(p.name for p in (root / sid / "pictures").iterdir()) == [stored]
    everything = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    assert everything == {f"{sid}/pictures/{stored}"}


def test_the_same_name_twice_case_aside_gets_a_number(client):
    sid = new_session(client)
    names = [upload(client, sid, CAT, n).json()["name"] for n in ("Cat.svg", "cat.svg", "CAT.svg")]
    assert names == ["Cat.svg", "cat-2.svg", "CAT-3.svg"]


def test_folders_are_private(client, tmp_path):
    sid = new_session(client)
    assert (tmp_path / "root" / sid).stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "root" / sid / "pictures").stat().st_mode & 0o777 == 0o700


def test_a_picture_can_be_removed_and_a_missing_one_is_404(client, tmp_path):
    sid = new_session(client)
    upload(client, sid, CAT, "cat.svg")
    assert client.post(f"/api/s/{sid}/pictures/cat.svg/remove", headers=POST).is_success
    assert not (tmp_path / "root" / sid / "pictures" / "cat.svg").exists()
    answer = client.post(f"/api/s/{sid}/pictures/cat.svg/remove", headers=POST)
    assert answer.status_code == 404
    answer = client.post(f"/api/s/{sid}/pictures/..%2F..%2Fx/remove", headers=POST)
    assert answer.status_code == 404


def test_an_unknown_session_is_404_with_what_to_do(client):
    answer = client.get("/api/s/nope/state")
    assert answer.status_code == 404 and "reload it" in answer.json()["error"]


# ---- the plan ------------------------------------------------------------------------------


def test_the_plan_names_each_bad_file_and_duplicate_and_counts_the_rest(client, tmp_path):
    sid = new_session(client)
    pics = make_pictures(tmp_path / "p", 8)
    for p in pics:
        assert upload(client, sid, p).is_success
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n not really")
    assert upload(client, sid, broken).is_success
    assert upload(client, sid, pics[0], "again.png").is_success
    plan = client.post(
        f"/api/s/{sid}/plan", json={"choices": {"preset": "", "values": {}}}, headers=POST
    ).json()
    assert plan["ok"] and plan["found"] == 10 and plan["usable"] == 8
    # the headline counts the pictures that can be used (issue 43 §4: it said "10 pictures")
    assert plan["why"].startswith("8 pictures: 3 per card gives the full 7-card deck")
    # each tile's note, beside the name the tile shows: no path, no repeated name
    assert plan["files"]["broken.png"]["bad"].startswith("the contents are not a PNG")
    # The folder is read in name order, as the CLI reads it: "again" comes first.
    assert plan["files"]["pic_000.png"]["note"] == "same pixels as again.png; used once"
    # 8 usable pictures, a 7-card deck of 7: the last one is left out, and its tile says so
    assert plan["files"]["pic_007.png"] == {
        "note": "not in this deck: its 7 cards need only 7 pictures"
    }
    assert set(plan["files"]) == {"broken.png", "pic_000.png", "pic_007.png"}
    assert [c["n"] for c in plan["choices"]][:2] == [2, 3]


def test_an_impossible_choice_explains_itself_and_still_lists_the_sizes(client, tmp_path):
    sid = new_session(client)
    for p in make_pictures(tmp_path / "p", 7):
        upload(client, sid, p)
    choices = {"preset": "", "values": {"symbols_per_card": "7"}}
    plan = client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST).json()
    assert not plan["ok"] and "7" in plan["error"]
    assert [c["n"] for c in plan["choices"]] == [2, 3]


def test_too_few_pictures_for_the_chosen_size_say_so_in_the_pages_words(client, tmp_path):
    """The engine's advice is a record: the page words it as its control, never as ``-n 3``,
    and the answer names the control so the page marks it."""
    sid = new_session(client)
    for p in make_pictures(tmp_path / "p", 7):
        upload(client, sid, p)
    choices = {"preset": "", "values": {"symbols_per_card": "4"}}
    plan = client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST).json()
    assert (plan["ok"], plan["field"]) == (False, "symbols_per_card")
    assert plan["error"] == (
        "pictures: “Symbols per card” 4 needs more pictures: 7 pictures give only 2 cards; "
        "add 6 pictures or choose 3 under “Symbols per card”"
    )


def test_a_card_the_paper_cannot_take_is_refused_by_the_plan_as_the_build_refuses_it(
    client, tmp_path
):
    sid = new_session(client)
    for p in make_pictures(tmp_path / "p", 7):
        upload(client, sid, p)
    choices = {"preset": "", "values": {"card_size": "250mm"}}
    plan = client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST).json()
    said = (
        "Card size: 250mm does not fit on A4 paper inside a 5 mm margin; choose a smaller card "
        "or larger paper"
    )
    assert (plan["ok"], plan["error"]) == (False, said)
    choices["values"]["paper"] = "a3"
    assert client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST).json()["ok"]


@pytest.mark.parametrize(
    ("option", "flag", "label", "values"),
    [
        # one past the table's length, and far past it (the page took 80, the engine 60)
        ("title", "--title", "Deck name", ["x" * 61, "y" * 90]),
        # one past the engine's limit on A4 (a quarter of 210 mm), and the page's old 30 mm top
        ("margin", "--margin", "Printer’s margin", ["53mm", "200mm"]),
    ],
)
def test_a_title_and_a_margin_are_refused_in_the_same_words_by_the_page_and_the_cli(
    client, tmp_path, option, flag, label, values
):
    """The title's length and the margin's range are one value each (the option table's), and
    past it both shells refuse it in the engine's words, each naming its own control."""
    from typer.testing import CliRunner

    from dobble_print.cli import app

    pictures = make_pictures(tmp_path / "p", 7)
    sid = new_session(client)
    for p in pictures:
        upload(client, sid, p)
    menus = client.get("/api/menus").json()
    margin = next(c for c in menus["controls"] if c["name"] == "margin")
    assert margin["high_by_paper"]["a4"] == 52.5  # the page's range is the engine's
    for value in values:
        choices = {"preset": "", "values": {"symbols_per_card": "3", option: value}}
        answer = client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST)
        page = answer.json()
        out = ["-o", str(tmp_path / "d.pdf")] if option == "title" else []  # plan: no title
        command = "build" if option == "title" else "plan"
        args = [command, str(tmp_path / "p"), "-n", "3", flag, value, *out, "--lang", "en"]
        cli = CliRunner().invoke(app, args)
        assert cli.exit_code == 1 and (page["ok"], page["field"]) == (False, option)
        said = cli.stderr.removeprefix(f"dobble-print: error: {flag}").strip()
        assert page["error"] == f"{label}: {said}", (page, cli.stderr)


def test_no_sources_yet(client):
    sid = new_session(client)
    plan = client.post(f"/api/s/{sid}/plan", json={"choices": {}}, headers=POST).json()
    assert plan == {"ok": False, "error": "Add pictures or words to start: a deck needs 3 or more."}


@pytest.mark.parametrize(
    "choices",
    [{"preset": "nope"}, {"values": {"font": "/etc/passwd"}}, {"values": {"card_size": "x" * 99}}],
)
def test_choices_outside_what_the_page_offers_are_400(client, choices):
    sid = new_session(client)
    answer = client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST)
    assert answer.status_code == 400 and answer.json()["error"]


# ---- sessions ------------------------------------------------------------------------------


def test_an_idle_session_is_swept_with_its_files_and_a_busy_one_is_kept(client, tmp_path):
    sessions = client.sessions
    idle, busy = new_session(client), new_session(client)
    upload(client, idle, CAT)
    sessions.get(busy).busy.acquire()
    try:
        swept = sessions.sweep(now=time.monotonic() + sessions.idle + 1)
        assert swept == [idle]
        assert not (tmp_path / "root" / idle).exists() and (tmp_path / "root" / busy).exists()
        assert client.get(f"/api/s/{idle}/state").status_code == 404
    finally:  # the job ends (stopping the app would wait for it)
        sessions.get(busy).busy.release()


def test_a_second_job_in_a_session_is_refused_politely(client):
    sid = new_session(client)
    client.sessions.get(sid).busy.acquire()
    try:
        answer = client.post(f"/api/s/{sid}/build", json={"choices": {}}, headers=POST)
        assert answer.status_code == 409
        assert answer.json()["error"] == "A deck is being made already; wait for it to finish."
        answer = upload(client, sid, CAT)
        assert answer.status_code == 409 and "Wait until the deck is made" in answer.json()["error"]
    finally:  # the job ends (stopping the app would wait for it)
        client.sessions.get(sid).busy.release()


def test_the_lifespan_removes_the_root_when_the_app_stops(tmp_path):
    with make_client(tmp_path / "root") as c:
        c.get(f"/?token={TOKEN}")
        upload(c, new_session(c), CAT)
    assert not (tmp_path / "root").exists()


# ---- a real server process ------------------------------------------------------------------


def _get(url: str, cookie: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopping_the_server_leaves_no_temporary_files(tmp_path, sig):
    server = start_server(tmp_path / "tmp")
    try:
        assert _get(server.base + "/") == 403
        cookie = server.cookie
        request = urllib.request.Request(
            server.base + "/api/session", method="POST", headers={"Cookie": cookie, **POST}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            sid = __import__("json").load(answer)["id"]
        request = urllib.request.Request(
            f"{server.base}/api/s/{sid}/pictures?name=cat.svg",
            data=CAT.read_bytes(),
            method="POST",
            headers={"Cookie": cookie, **POST},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200
        stored = list(Path(server.tmp).glob("dobble-print-app-*/*/pictures/cat.svg"))
        assert len(stored) == 1
    finally:
        code = stop_server(server, sig)
    assert code in {0, 128 + signal.SIGTERM, 130, -sig}, code
    assert list(Path(server.tmp).iterdir()) == []


@pytest.mark.parametrize("stage", ["load", "layout"])
def test_ctrl_c_while_a_deck_is_made_prints_no_traceback(tmp_path, stage):
    """Ctrl-C reaches every process of the terminal's group: the app, the packers' fork server
    (started by a job's thread, it printed its KeyboardInterrupt while importing) and the job
    (its next card, refused by the pool shut down at exit, printed a RuntimeError)."""
    import json
    import os

    server = start_server(tmp_path / "tmp", group=True)
    cookie = {"Cookie": server.cookie, **POST}

    def ask(path: str, data: bytes | None = None, method: str = "POST") -> dict:
        request = urllib.request.Request(server.base + path, data, cookie, method=method)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    try:
        sid = ask("/api/session")["id"]
        for p in make_pictures(tmp_path / "p", 13):  # 13 cards: the packers' processes start
            ask(f"/api/s/{sid}/pictures?name={p.name}", p.read_bytes())
        ask(f"/api/s/{sid}/build", json.dumps({"choices": {}}).encode())
        end = time.monotonic() + 60
        while ask(f"/api/s/{sid}/job", method="GET")["stage"] != stage:
            assert time.monotonic() < end, "the deck never reached its stage"
            time.sleep(0.01)
        os.killpg(server.proc.pid, signal.SIGINT)
        assert server.proc.wait(timeout=30) == 0
        said = server.proc.stdout.read()
    finally:
        stop_server(server)
    assert "Traceback" not in said, said
    assert said == "(Ctrl-C stops it and removes the pictures and decks it stored)\n"
    assert list(Path(server.tmp).iterdir()) == []


def test_dobble_print_app_starts_the_same_server(tmp_path):
    """The CLI's ``app`` command: the address it prints opens the page, SIGTERM cleans up."""
    server = start_server(tmp_path / "tmp", module=("dobble_print", "app"))
    try:
        assert _get(server.base + "/") == 403
        assert _get(server.base + "/", cookie=server.cookie) == 200
    finally:
        stop_server(server)
    assert list(Path(server.tmp).iterdir()) == []


def test_two_pictures_alike_in_black_and_white_say_so_on_both_tiles(client, tmp_path):
    """Issue 42: the pair's warning is on each of its tiles, naming both (fails on the old
    engine, which had no such warning, and on the old page, which put it on one tile)."""
    from tests.support.colour_pictures import RED_BLUE, save

    sid = new_session(client)
    folder = tmp_path / "p"
    folder.mkdir()
    paths = [save(folder, "kite-red", 6, RED_BLUE[0]), save(folder, "kite-blue", 6, RED_BLUE[1])]
    paths += [save(folder, f"shape-{k}", 100 + k, (30, 30, 30)) for k in range(5)]
    for p in paths:
        assert upload(client, sid, p).is_success
    plan = client.post(
        f"/api/s/{sid}/plan", json={"choices": {"preset": "", "values": {}}}, headers=POST
    ).json()
    said = (
        "kite-blue.png and kite-red.png look alike in black and white: only their colours tell "
        "them apart; make one lighter or darker, or leave one out"
    )
    assert plan["files"] == {"kite-blue.png": {"note": said}, "kite-red.png": {"note": said}}
    assert plan["warnings"] == []
