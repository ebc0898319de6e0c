"""Starting and stopping the app: a free port on 127.0.0.1, a secret token, a private temporary
folder, uvicorn, and the default browser.

Stopping (Ctrl-C, SIGTERM) removes the temporary folder before the process ends. Idle sessions
are swept away every minute.
"""

from __future__ import annotations

import asyncio
import concurrent.futures.thread  # noqa: F401 - see below
import contextlib
import secrets
import shutil
import signal
import socket
import tempfile
import threading
import time
import webbrowser
from collections.abc import Callable
from pathlib import Path

from starlette.types import ASGIApp

from dobble_print.app.routes import create_app
from dobble_print.app.security import Gate, cookie_name
from dobble_print.app.sessions import IDLE_SECONDS, MOST_SESSIONS, Sessions
from dobble_print.app.uploads import DEFAULT_LIMITS, Limits

SWEEP_SECONDS = 60.0
# concurrent.futures.thread is imported above, before any thread runs, for the handlers it
# registers around a fork (hold a lock, release it): registered by its first import in one
# thread (a plan importing the engine) while another forks (a deck's workers), the release ran
# without the hold, and printed "Exception ignored ... RuntimeError: release unlocked lock".


def make_app(
    *,
    root: Path,
    token: str,
    port: int,
    limits: Limits = DEFAULT_LIMITS,
    idle: float = IDLE_SECONDS,
    sweep: float = SWEEP_SECONDS,
    most: int = MOST_SESSIONS,
    clock: Callable[[], float] = time.monotonic,
    on_start: Callable[[], None] | None = None,
) -> tuple[ASGIApp, Sessions]:
    """The gated app and its sessions, with the idle sweeper running while it serves.

    Args:
        root: the private folder the sessions live in (removed when the app stops).
        token: the launch's secret.
        port: the port it is served on (the Host header and the Origin must name it, and
            the token's cookie is named after it).
        limits: upload limits per file and per session.
        idle: seconds after which a session nobody asks about is removed.
        sweep: seconds between two looks for idle sessions.
        most: sessions (tabs) alive at once.
        clock: the sessions' clock, in seconds.
        on_start: called once the app is ready (the URL is printed, the browser opened).
    """
    sessions = Sessions(root, limits, idle=idle, most=most, clock=clock)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        async def sweeper() -> None:
            while True:
                await asyncio.sleep(sweep)
                sessions.sweep()

        task = asyncio.create_task(sweeper())
        if on_start is not None:
            on_start()
        try:
            yield
        finally:
            task.cancel()
            sessions.stop()
            shutil.rmtree(root, ignore_errors=True)

    app = create_app(sessions)
    app.router.lifespan_context = lifespan
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    return Gate(app, token=token, hosts=hosts, cookie=cookie_name(port)), sessions


def _stop(signum: int, frame: object) -> None:
    """SIGTERM ends the process like Ctrl-C: through ``finally`` blocks, not past them."""
    raise SystemExit(128 + signum)


def _server(config, sessions: Sessions):
    """uvicorn's server, telling the sessions the moment Ctrl-C or SIGTERM comes: a plan or a
    deck being made stops at its next step, and a request waiting for one is answered at once.
    (uvicorn waits a few seconds for the requests still running, then cancels them and prints
    each one's CancelledError traceback.)"""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            sessions.stopping.set()
            super().handle_exit(sig, frame)

    return Server(config)


def serve(
    *,
    port: int = 0,
    open_browser: bool = True,
    limits: Limits = DEFAULT_LIMITS,
    idle: float = IDLE_SECONDS,
    announce: Callable[[str], None] = print,
) -> None:
    """Serve the app on 127.0.0.1 until Ctrl-C or SIGTERM; then remove everything it stored.

    Args:
        port: 0 picks a free port.
        open_browser: open the page in the default browser (nothing happens when there is none).
        limits: upload limits.
        idle: seconds after which a closed tab's files are removed.
        announce: told the URL (with its token) once the server is ready.
    """
    import uvicorn

    root = Path(tempfile.mkdtemp(prefix="dobble-print-app-"))  # mode 0700
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)  # connections wait in the queue until uvicorn serves them
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    url = f"http://127.0.0.1:{port}/?token={token}"

    def started() -> None:
        announce(
            f"dobble-print app: open {url}\n"
            "(Ctrl-C stops it and removes the pictures and decks it stored)"
        )
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    app, sessions = make_app(
        root=root, token=token, port=port, limits=limits, idle=idle, on_start=started
    )
    config = uvicorn.Config(
        app, log_level="warning", timeout_graceful_shutdown=3, lifespan="on", access_log=False
    )
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        _server(config, sessions).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
        sessions.stop()  # again, when SIGTERM ended uvicorn before its lifespan did
        shutil.rmtree(root, ignore_errors=True)
