"""The app under test: in process (Starlette's TestClient, the real routes and gate) or as a real
server process (``python -m dobble_print.app``), each with its own temporary folder; and the
browser the browser tests open the page in."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from dobble_print.app.server import make_app
from dobble_print.app.uploads import DEFAULT_LIMITS, Limits
from tests.conftest import REPO

TOKEN = "test-token-0123456789"
PORT = 8123
BASE = f"http://127.0.0.1:{PORT}"
POST = {"X-Dobble": "1"}
CHROMIUM = Path(os.environ.get("DOBBLE_CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 900}


def make_client(root: Path, limits: Limits = DEFAULT_LIMITS, **kw):
    from starlette.testclient import TestClient

    root.mkdir(mode=0o700, exist_ok=True)
    app, sessions = make_app(root=root, token=TOKEN, port=PORT, limits=limits, **kw)
    client = TestClient(app, base_url=BASE, follow_redirects=False)
    client.sessions = sessions  # type: ignore[attr-defined]  # the tests reach them through it
    return client


@pytest.fixture
def client(tmp_path):
    """A client that has the token (its cookie), with the app's lifespan running."""
    with make_client(tmp_path / "root") as c:
        assert c.get(f"/?token={TOKEN}").status_code == 303
        yield c


def new_session(client) -> str:
    answer = client.post("/api/session", headers=POST)
    assert answer.status_code == 200, answer.text
    return answer.json()["id"]


def upload(client, sid: str, path: Path, name: str | None = None):
    return client.post(
        f"/api/s/{sid}/pictures",
        params={"name": name or path.name},
        content=path.read_bytes(),
        headers=POST,
    )


def wait_for_job(client, sid: str, timeout: float = 240) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        job = client.get(f"/api/s/{sid}/job", params={"wait": 1}).json()
        if job["state"] != "running":
            return job
    raise AssertionError("the job did not end")


@dataclass
class Server:
    """A real server process: its URL (with the token), base address and temporary folder."""

    proc: subprocess.Popen
    url: str
    base: str
    tmp: Path

    @property
    def cookie(self) -> str:
        """The Cookie header the page's browser sends: the token under this port's name."""
        port = int(self.base.rsplit(":", 1)[1])
        return f"dobble_token_{port}={self.url.split('token=')[1]}"


def start_server(
    tmp: Path, module: tuple[str, ...] = ("dobble_print.app",), *, group: bool = False
) -> Server:
    """``python -m dobble_print.app --no-browser`` (or ``-m dobble_print app``, the CLI's
    command) with its own TMPDIR; waits for its URL. With ``group``, in a process group of its
    own, as a terminal runs it (Ctrl-C there reaches every process of the group)."""
    tmp.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", *module, "--no-browser"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=group,
    )
    assert proc.stdout is not None  # stdout=PIPE
    line = proc.stdout.readline()
    found = re.search(r"(http://127\.0\.0\.1:\d+)/\?token=\S+", line)
    if not found:
        proc.kill()
        raise AssertionError(f"the server printed no URL: {line!r} {proc.stdout.read()!r}")
    return Server(proc, found.group(0), found.group(1), tmp)


def stop_server(server: Server, sig: int = signal.SIGTERM) -> int:
    if server.proc.poll() is None:
        server.proc.send_signal(sig)
    try:
        return server.proc.wait(timeout=30)
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
        assert server.proc.stdout is not None  # stdout=PIPE
        server.proc.stdout.close()


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, driven by Playwright, for a module's browser tests. Not kept for the
    test process: while Playwright's synchronous API runs, its event loop is the thread's, and
    a later module's test that runs one of its own (anyio's, under Starlette's TestClient)
    fails with "Already running asyncio in this thread"."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """A real server process for the browser test modules that open few tabs between them
    (test_browser_words and test_browser_language: 6), started once for the test process.
    test_browser.py, which opens 16, has one of its own (its module's ``server``): the app keeps
    at most 20 sessions, one a tab, and drops none used in the last five minutes."""
    server = start_server(tmp_path_factory.mktemp("app-tmp"))
    yield server
    stop_server(server)


class Window:
    """The browser window the browser tests use (1280×900, downloads accepted) and its one
    long-lived tab, in which each test loads the page again (:meth:`load`).

    Loading the page again in an open tab costs Chromium about a third of a new window's first
    tab (0.35 s of CPU against 1.2 s, measured), and a new tab opened while another stays open
    about half (0.65 s): so the tab stays, and other tabs open beside it. Between two tests the
    tab's session storage is emptied, where the page keeps its session and language, so the
    page starts a session of its own as in a new tab (:meth:`load` checks that it did), and
    its routes are taken off (a listener is the test's own to remove); a tab whose test failed
    is closed, and the next test gets a new one. The tabs share the cookie jar (the token's
    cookie, which each load sets anyway) and the HTTP cache."""

    def __init__(self, browser) -> None:
        self.context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
        self.tab = self.context.new_page()
        self.sessions: set[str] = set()

    def load(self, url: str, on_error: Callable, viewport: dict[str, int] = VIEWPORT):
        """The long-lived tab at ``viewport``'s size, the page at ``url`` loaded in it anew and
        ready, with a new session; ``on_error`` is told of each script error from the start."""
        if self.tab.is_closed():
            self.tab = self.context.new_page()
        self.tab.set_viewport_size(viewport)
        self.tab.on("pageerror", on_error)
        self.tab.mouse.move(0, 0)  # where a new tab's pointer is: nothing hovered
        try:
            self.tab.goto(url)
            self.tab.wait_for_selector("body[data-ready='true']")
            sid = self.tab.evaluate("() => sessionStorage.getItem('dobble-session')")
        except Exception:
            self.tab.close()
            raise
        assert sid not in self.sessions, f"the page took up an earlier test's session {sid}"
        self.sessions.add(sid)
        return self.tab

    def tidy(self, *, failed: bool) -> None:
        """After a test: close the tabs it opened beside the long-lived one; empty that one's
        session storage and take its routes off, or close it if the test failed."""
        for tab in self.context.pages:
            if tab is not self.tab:
                tab.close()
        if self.tab.is_closed():
            return
        if failed:  # it may have left a listener or a dialog behind
            self.tab.close()
            return
        try:
            self.tab.unroute_all(behavior="ignoreErrors")
            if self.tab.url.startswith("http"):  # about:blank has no storage of its own
                self.tab.evaluate("() => sessionStorage.clear()")
        except Exception:  # a tab that cannot be tidied is not used again
            self.tab.close()


@pytest.fixture(scope="module")
def browser_window(browser):
    """The browser window of a module's browser tests (:class:`Window`)."""
    window = Window(browser)
    yield window
    window.context.close()


@pytest.fixture
def window(browser_window, request):
    """The module's browser window, tidied after the test (:meth:`Window.tidy`): the tabs the
    test opened beside the long-lived one are closed, and that one is made ready for the next
    test, or closed if this one failed."""
    failed = request.session.testsfailed
    yield browser_window
    browser_window.tidy(failed=request.session.testsfailed > failed)


def build_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """The command the page shows, run with this Python (``dobble-print`` → ``-m dobble_print``)."""
    assert args[:2] == ["dobble-print", "build"], args
    return subprocess.run(
        [sys.executable, "-m", "dobble_print", *args[1:], "--quiet"],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=280,
    )


# The other command line's loop: each request a line of JSON (the arguments and the folder), each
# answer a line of JSON on the answers' own pipe (what the command printed goes to stdout through
# typer's runner; anything written straight to file descriptor 1 goes to stderr instead).
_OTHER_CLI = """
import json, os, sys, traceback
from contextlib import chdir
from typer.testing import CliRunner
from dobble_print.cli import app
from dobble_print.cli.wording import speak
answers = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
for line in sys.stdin:
    args, cwd = json.loads(line)
    with chdir(cwd):
        done = CliRunner().invoke(app, args)
    speak("en")
    failed = done.exception if not isinstance(done.exception, (SystemExit, type(None))) else None
    trace = "".join(traceback.format_exception(failed)) if failed else ""
    answers.write(json.dumps([done.exit_code, done.stdout, done.stderr + trace]) + "\\n")
    answers.flush()
"""


@pytest.fixture(scope="session")
def other_cli():
    """``other_cli(args, cwd)``: the command the page shows (``dobble-print build …``), run from
    ``cwd`` by the CLI's own app in one other Python process kept for the test process, as
    :func:`build_cli` returns it. For a deck the test process made itself (the app under
    Starlette's TestClient): the bytes compared still come from two processes with two hash
    seeds, without a new interpreter's start-up for each deck."""
    import json
    import select

    proc = subprocess.Popen(
        [sys.executable, "-c", _OTHER_CLI],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.stdin is not None and proc.stdout is not None  # PIPE

    def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
        assert args[:2] == ["dobble-print", "build"], args
        proc.stdin.write(json.dumps([[*args[1:], "--quiet"], str(cwd)]) + "\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 280)
        answer = proc.stdout.readline() if ready else ""
        assert answer, "the other command line did not answer"
        code, stdout, stderr = json.loads(answer)
        return subprocess.CompletedProcess(args, code, stdout, stderr)

    yield run
    proc.stdin.close()
    try:
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()


def build_here(args: list[str], cwd: Path):
    """The command the page shows, run by the CLI's own app (typer's runner) in this process from
    ``cwd``: the command line's code without a second Python's start-up. For a deck a server
    process made, so the bytes compared still come from two processes (two hash seeds); the
    whole path in test_browser.py runs the command itself as a user does."""
    from contextlib import chdir

    from typer.testing import CliRunner

    from dobble_print.cli import app

    assert args[:2] == ["dobble-print", "build"], args
    with chdir(cwd):
        return CliRunner().invoke(app, [*args[1:], "--quiet"])
