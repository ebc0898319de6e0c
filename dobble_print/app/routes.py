"""The app's HTTP interface: the page, its files, and a small JSON API per session.

Reads are GETs; everything that changes something is a POST (the gate in :mod:`security` also
asks those for a header only this page sends). The routes that store files are in
:mod:`file_routes`; a deck is made in a thread, and the page polls its job.
"""

from __future__ import annotations

import re
import secrets
import threading
import traceback
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dobble_print.app import file_routes, illustrations, jobs
from dobble_print.app.answers import (
    NO_STORE,
    STOPPED,
    Problem,
    answering,
    attachment,
    find_session,
    language,
    read_json,
    reply,
    unless_stopping,
    until,
)
from dobble_print.app.catalogue import N_, PSEUDO, asked_language, catalogue, known, page_words
from dobble_print.app.menus import offered
from dobble_print.app.sessions import Job, Session, Sessions, TooManySessions
from dobble_print.app.settings import Choices

STATIC = resources.files("dobble_print.app") / "static"
_PAGE = re.compile(r"page-\d+-\d+\.png")


class _Static(StaticFiles):
    """The page's own files, from ``static/`` and its folders and never outside it (Starlette
    checks the real path). Its modules are ``text/javascript`` on every machine: without
    ``/etc/mime.types`` Python 3.11 guesses ``application/javascript``."""

    def file_response(self, full_path, stat_result, scope, status_code=200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        if str(full_path).endswith(".js") and "content-type" in response.headers:
            response.headers["content-type"] = "text/javascript; charset=utf-8"
        return response


async def new_session(request: Request) -> Response:
    try:
        session = request.app.state.sessions.new()
    except TooManySessions as exc:
        raise Problem(429, exc.text, **exc.values) from None
    limits = request.app.state.sessions.limits
    return reply({"id": session.id, "limits": vars(limits)})


async def state(request: Request) -> Response:
    session = find_session(request)
    made = session.made
    return reply(
        {
            "pictures": list(session.names),
            "files": [  # word lists and the vocabulary file, as their tiles show them
                *session.lists,
                *([session.table.name] if session.table else []),
            ],
            "words": session.words.read_text(encoding="utf-8") if session.words_bytes else "",
            "back": session.back.name if session.back else None,
            "busy": session.busy.locked(),
            "made": None if made is None else made.shown,
            "choices": session.choices,
        }
    )


async def plan(request: Request) -> Response:
    session = find_session(request)
    data = await read_json(request)
    given = data.get("choices")
    choices = Choices.from_json(given)
    session.choices = given
    lang = language(request)
    answer = await unless_stopping(
        request.app.state.sessions, lambda: jobs.plan_deck(session, choices, lang)
    )
    if answer is None:
        raise Problem(503, STOPPED)
    return reply(answer)


def _start(session: Session, kind: str, work: Callable[[Job], None], lang: str = "en") -> Response:
    """Run ``work`` in a thread as the session's one job; 409 while another runs (a bug's
    message in ``lang``)."""
    if not session.busy.acquire(blocking=False):
        raise Problem(409, N_("A deck is being made already; wait for it to finish."))
    job = session.job = Job(kind, stopping=session.stopping)

    def run() -> None:
        try:
            work(job)
        except KeyboardInterrupt:  # Stopped: the app is stopping, and nobody waits for this job
            job.state = "error"
        except Exception as exc:
            if not session.folder.exists():  # the app is stopping (Ctrl-C): its files are gone
                job.state = "error"
                return
            traceback.print_exc()
            job.state = "error"
            wrong = page_words(lang).gettext("Something went wrong inside dobble-print: {error}")
            job.message = job.message or wrong.format(error=repr(exc))
        finally:
            session.busy.release()
            job.finished.set()

    threading.Thread(target=run, name=f"dobble-{kind}-{session.id}", daemon=True).start()
    return reply(job.as_json(), 202)


async def build(request: Request) -> Response:
    session = find_session(request)
    data = await read_json(request)
    choices = Choices.from_json(data.get("choices"))
    if data.get("seed") == "new":  # "Shuffle again"; otherwise the session's seed is kept
        session.seed = _new_seed(session.seed)
    seed, lang = session.seed, language(request)
    return _start(
        session,
        "build",
        lambda job: jobs.make_deck(session, job, choices, seed=seed, lang=lang),
        lang,
    )


def _new_seed(old: int) -> int:
    seed = old
    while seed == old:
        seed = secrets.randbelow(1_000_000)
    return seed


async def reshuffle(request: Request) -> Response:
    session = find_session(request)
    made = session.made
    data = await read_json(request)
    card, lang = data.get("card"), language(request)
    if made is None:
        raise Problem(409, N_("Make the deck first."))
    count = sum(len(p["cards"]) for p in made.pages)
    if not isinstance(card, int) or not 1 <= card <= count:
        raise Problem(
            400,
            N_("card {card} is out of range: this deck has cards 1 to {count}"),
            card=repr(card),
            count=count,
        )
    again = (*made.reshuffle, card)
    return _start(
        session,
        "build",
        lambda job: jobs.make_deck(
            session, job, made.choices, seed=made.seed, reshuffle=again, lang=lang
        ),
        lang,
    )


async def extra(request: Request) -> Response:
    session = find_session(request)
    data = await read_json(request)
    kind, lang = data.get("kind"), language(request)
    if kind not in {"cards", "shop", "play"}:
        raise Problem(400, N_("kind must be cards, shop or play"))
    if session.made is None:
        raise Problem(409, N_("Make the deck first."))
    return _start(session, kind, lambda job: jobs.make_extra(session, job, kind, lang=lang), lang)


async def job(request: Request) -> Response:
    """The session's job. With ``?wait=S`` (at most :data:`LONGEST_WAIT`) the answer waits until
    the job ends or S seconds pass: the page, asking every quarter second for the progress bar,
    learns that the deck is made the moment it is, not up to a quarter second later."""
    session = find_session(request)
    current = session.job
    if current is None:
        return reply({"state": "none"})
    try:
        wait = min(max(float(request.query_params.get("wait", "0")), 0.0), LONGEST_WAIT)
    except ValueError:
        raise Problem(400, N_("wait must be a number of seconds")) from None
    if wait and current.state == "running":
        await until(current.finished, session.stopping, wait)
    return reply(current.as_json())


LONGEST_WAIT = 5.0  # seconds a job request may wait: short of any proxy's or browser's timeout


async def page_png(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    session = find_session(request)
    name = request.path_params["name"]
    png = await run_in_threadpool(jobs.draw_page, session, name) if _PAGE.fullmatch(name) else None
    if png is None:
        raise Problem(404, N_("That page belongs to an older deck; reload the sheets."))
    return Response(png, media_type="image/png", headers={"cache-control": "private, max-age=3600"})


async def download(request: Request) -> Response:
    session = find_session(request)
    what = request.path_params["what"]
    made = session.made
    if what == "pictures.zip":  # made for this request, where no deck's files are replaced
        target = session.folder / f".download-{secrets.token_hex(8)}.zip"
        lang = known(request.query_params.get("lang") or language(request))
        try:
            jobs.sources_zip(session, target, lang)
            answer = attachment(target, "deck-files.zip")
        finally:
            target.unlink(missing_ok=True)
        if answer is not None:
            return answer
        raise Problem(404, N_("{what} is not ready; make it first."), what=what)
    if made is None:
        raise Problem(409, N_("Make the deck first."))
    if what in {"deck.pdf", "cards.zip", "shop.zip", "deck.html", "play.html"}:
        for _ in range(2):  # a card laid again meanwhile: its newer deck replaced the files
            assert session.made is not None  # a deck once made is never unmade
            number = session.made.number
            if what in {"deck.html", "play.html"}:  # the page to play, made on request
                stored = f"play-{number}.html"
            else:
                stored = what.replace(".", f"-{number}.", 1)  # deck-2.pdf
            answer = (played if what == "play.html" else attachment)(session.out / stored, what)
            if answer is not None:
                return answer
    raise Problem(404, N_("{what} is not ready; make it first."), what=what)


def played(path: Path, _name: str) -> Response | None:
    """The page to play, opened in the browser (not saved) in a sandbox of its own, offline;
    None when it is gone already."""
    try:
        page = path.read_bytes()
    except FileNotFoundError:
        return None
    return Response(page, media_type="text/html", headers={**NO_STORE, **PLAYED})


# The page to play, opened from the app: its own inline script and style and data: pictures
# only, in an origin of its own (a sandbox without same-origin), so it can reach neither the
# app's key nor its API, nor anything else.
PLAYED = {
    "content-security-policy": (
        "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; "
        "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    )
}


async def index(request: Request) -> Response:
    return FileResponse(str(STATIC / "index.html"), headers=NO_STORE)


async def menus(request: Request) -> Response:
    return reply(offered(known(request.query_params.get("lang"))))


async def page_language(request: Request) -> Response:
    """The page's words in the language asked for (``?lang=fr``), else in the one the browser
    asks for (``Accept-Language``), with a note when the browser wants one the page lacks;
    the languages for the page's menu (the pseudo-language only while it is asked for)."""
    from dobble_print import LANGUAGES

    asked = request.query_params.get("lang")
    lang, missed = (
        (known(asked), None)
        if asked
        else asked_language(request.headers.get("accept-language", ""))
    )
    _ = page_words(lang).gettext
    note = None
    if missed:
        note = _(
            "Your browser asks for a language this page does not speak yet ({asked}), so it is "
            "shown in {language}; choose another in the Language menu."
        ).format(asked=missed, language=LANGUAGES[lang])
    languages = dict(LANGUAGES) | ({PSEUDO: "Pseudo"} if lang == PSEUDO else {})
    return reply(catalogue(lang) | {"languages": languages, "note": note})


def routes() -> list:
    api = [
        ("/api/menus", menus, ["GET"]),
        ("/api/words", page_language, ["GET"]),
        ("/api/library", illustrations.library, ["GET"]),
        ("/api/library/{key}", illustrations.library_svg, ["GET"]),
        ("/api/session", new_session, ["POST"]),
        ("/api/s/{sid}/state", state, ["GET"]),
        ("/api/s/{sid}/pictures", file_routes.add_picture, ["POST"]),
        ("/api/s/{sid}/pictures/{name}", file_routes.picture, ["GET"]),
        ("/api/s/{sid}/pictures/{name}/preview", file_routes.picture_preview, ["GET"]),
        ("/api/s/{sid}/pictures/{name}/remove", file_routes.remove_picture, ["POST"]),
        ("/api/s/{sid}/words", file_routes.set_words, ["POST"]),
        ("/api/s/{sid}/word-pictures", illustrations.word_pictures, ["GET"]),
        ("/api/s/{sid}/word-pictures/choose", illustrations.choose, ["POST"]),
        ("/api/s/{sid}/back", file_routes.set_back, ["POST"]),
        ("/api/s/{sid}/back/remove", file_routes.remove_back, ["POST"]),
        ("/api/s/{sid}/plan", plan, ["POST"]),
        ("/api/s/{sid}/build", build, ["POST"]),
        ("/api/s/{sid}/reshuffle", reshuffle, ["POST"]),
        ("/api/s/{sid}/extra", extra, ["POST"]),
        ("/api/s/{sid}/job", job, ["GET"]),
        ("/api/s/{sid}/pages/{name}", page_png, ["GET"]),
        ("/api/s/{sid}/download/{what}", download, ["GET"]),
    ]
    return [
        Route("/", index, methods=["GET"]),
        *(Route(path, answering(fn), methods=methods) for path, fn, methods in api),
        Mount("/static", _Static(directory=str(STATIC)), name="static"),
    ]


def create_app(sessions: Sessions) -> Starlette:
    """The Starlette app over ``sessions`` (the gate is added by :func:`server.make_app`)."""
    app = Starlette(routes=routes())
    app.state.sessions = sessions
    return app
