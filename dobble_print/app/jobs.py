"""What the page asks of the engine: the plan, the deck, its pages and its extra files.

Every call goes through the public API (:func:`dobble_print.plan`, :func:`dobble_print.build`)
with the session's cache of decoded pictures. One engine call runs at a time in the whole
process: the engine keeps module-level state for its worker processes, and two builds at once on
two cores would each take twice as long anyway; a job waiting for it says so (:func:`engine`).
A session runs one job at a time; the routes refuse a second. Every answer is worded in the
page's language (``lang``), which the page sends with each request.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shutil
import threading
import zipfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from dobble_print import DobbleError, Msg, Notice, said
from dobble_print.app.catalogue import page_words
from dobble_print.app.illustrations import chosen_lines
from dobble_print.app.pages import describe_pages, page_sizes, render_page
from dobble_print.app.sessions import Job, Made, Session
from dobble_print.app.settings import Choices, build_options, command, labels, word
from dobble_print.app.word_files import about, face_menu, table_problem, unused_pictures
from dobble_print.app.wording import error_field, notice_text

ENGINE = threading.Lock()
DECK = "deck.pdf"  # the name the command writes, and the download's name


@contextlib.contextmanager
def engine(job: Job) -> Iterator[None]:
    """Hold :data:`ENGINE` for ``job``; while another tab's plan or deck holds it, the job's
    stage is ``waiting`` (the page says so instead of "Starting"), then ``start`` again."""
    if not ENGINE.acquire(blocking=False):
        job.progress("waiting", 0, 0)
        ENGINE.acquire()
    try:
        if job.stage == "waiting":
            job.progress("start", 0, 0)
        yield
    finally:
        ENGINE.release()


def namer(session: Session) -> Callable[[Path], str]:
    """How the page names a file in a message: an uploaded picture by the name its tile shows
    (``cat.png``), another file as the downloaded folder has it (``words.txt``), a file outside
    the session by its name."""

    def name(path: Path) -> str:
        if path.parent == session.pictures:
            return path.name
        try:
            return path.relative_to(session.folder).as_posix()
        except ValueError:
            return path.name

    return name


def error_answer(session: Session, exc: DobbleError, lang: str) -> dict[str, Any]:
    """The answer for an engine error: its sentence, and the control it is about (if any)."""
    return {
        "ok": False,
        "error": word(exc, namer(session), lang),
        "field": error_field(exc, labels(lang)),
    }


def file_problems(
    session: Session, warnings: tuple[Notice, ...], lang: str
) -> tuple[dict, list[str]]:
    """Each picture's one-line problem (``bad``: skipped, it cannot be read) or note (a
    duplicate), keyed by its stored name; and the warnings about no one picture (missing
    glyphs, a word list)."""
    per_file: dict[str, dict[str, str]] = {}
    other = []
    name = namer(session)
    for notice in warnings:
        stored = _stored(session, notice.file)
        if stored is not None:  # said on its tile, which names it
            kind = "bad" if notice.kind == "skipped" else "note"
            said = notice_text(notice.beside(), name, labels(lang), lang)
            per_file.setdefault(stored, {})[kind] = said
            for also in _also_named(session, notice):  # two pictures alike: on both tiles
                per_file.setdefault(also, {}).setdefault("note", said)
        else:
            other.append(notice_text(notice, name, labels(lang), lang))
    return per_file, other


def _also_named(session: Session, notice: Notice) -> list[str]:
    """The other uploaded pictures a notice about two or more names in its sentence (two
    pictures alike in black and white), by stored name; none for a notice that starts with its
    own file (a copy used once names the picture it copies, whose tile has nothing to say)."""
    if not notice.parts or notice.parts[0] == notice.file:
        return []
    files = [v for part in notice.parts if isinstance(part, Msg) for _, v in part.params]
    stored = [_stored(session, f) for f in files if isinstance(f, Path) and f != notice.file]
    return [s for s in stored if s is not None]


def _stored(session: Session, path: Path | None) -> str | None:
    """The stored name of an uploaded picture at ``path``; None for any other file."""
    if path is None or path.parent != session.pictures:
        return None
    return path.name if path.name in session.names else None


def tiles(
    session: Session,
    unused: Sequence[Path] = (),
    *,
    cards: int = 0,
    symbols: int = 0,
    lang: str = "en",
) -> dict:
    """What the tiles of the word lists and the vocabulary file say (their words or rows), and
    of the pictures left out: those the vocabulary file does not name, and those the engine
    says the deck of ``cards`` cards and ``symbols`` symbols (a vocabulary file's rows) does
    not print (``unused``: the plan's or the build's ``unused_files``)."""
    words = page_words(lang)
    _ = words.gettext
    shown = about(session, lang)
    if session.table is not None:
        left_out = _("not in {file}, so not in the deck").format(file=session.table.name)
        shown.update({name: {"note": left_out} for name in unused_pictures(session)})
    left = [p.name for p in unused if p.name in session.names and p.name not in shown]
    if session.table is not None:
        need = words.ngettext("{n} row of {file}", "{n} rows of {file}", symbols)
    elif session.words_bytes or session.lists:
        need = words.ngettext("{n} symbol", "{n} symbols", symbols)
    else:
        need = words.ngettext("{n} picture", "{n} pictures", symbols)
    need = need.format(n=symbols, file=session.table.name if session.table else "")
    left_out = words.ngettext(
        "not in this deck: its {n} card needs only {need}",
        "not in this deck: its {n} cards need only {need}",
        cards,
    ).format(n=cards, need=need)
    shown.update({name: {"note": left_out} for name in left})
    return shown


def deck_sources(session: Session, choices: Choices) -> tuple[Path, ...]:
    """The session's files the deck is made of: none for a theme's deck (its pictures are the
    bundled ones)."""
    return () if choices.theme else session.sources()


def plan_deck(session: Session, choices: Choices, lang: str = "en") -> dict[str, Any]:
    """What the deck would be: the plan's sentence, the sizes on offer, each file's problem,
    and a vocabulary table's columns to choose from (``faces``), in ``lang``. Raises
    :class:`~dobble_print.app.sessions.Stopped` at its next step once the app is stopping."""
    answer = _plan_deck(session, choices, lang)
    if session.table is not None and not table_problem(session, lang):
        answer["faces"] = face_menu(session.table, lang)
    return answer


def _plan_deck(session: Session, choices: Choices, lang: str) -> dict[str, Any]:
    from dobble_print import plan

    _ = page_words(lang).gettext
    sources = deck_sources(session, choices)
    if not sources and not choices.theme:
        return {"ok": False, "error": _("Add pictures or words to start: a deck needs 3 or more.")}
    if not choices.theme and (problem := table_problem(session, lang)):
        assert session.table is not None  # only a table has a problem
        return {"ok": False, "error": problem, "files": {session.table.name: {"bad": problem}}}
    try:
        options = build_options(
            choices,
            sources=sources,
            output=session.out / DECK,
            seed=session.seed,
            back=session.back,
        )
    except DobbleError as exc:  # a value refused: said under its control, before any work
        return error_answer(session, exc, lang)
    answer: dict[str, Any] = {"ok": True}
    with ENGINE:
        try:
            planned = plan(options, session.stop_point, cache=session.cache)
        except DobbleError as exc:
            answer = error_answer(session, exc, lang)
            free = dataclasses.replace(options, symbols_per_card=None, cards=None)
            try:  # what the pictures allow without the choice that failed
                planned = plan(free, session.stop_point, cache=session.cache)
            except DobbleError:
                return answer
    per_file, other = file_problems(session, planned.warnings, lang)
    deck = planned.deck  # a vocabulary file's: its cards of rows
    made: dict[str, Any] = {"cards": len(deck.cards), "symbols": deck.symbol_count, "lang": lang}
    left = planned.unused_files if answer["ok"] else ()  # only of a deck that would be made
    for name, shown in tiles(session, left, **made).items():
        per_file.setdefault(name, {}).update(shown)
    if answer["ok"]:
        answer.update(
            why=notice_text(planned.why, namer(session), labels(lang), lang),
            cards=len(planned.deck.cards),
            symbols_per_card=planned.deck.symbols_per_card,
        )
    answer.update(
        found=planned.found,
        usable=planned.usable,
        choices=[
            {"n": c.symbols_per_card, "text": said(c.phrase(), lang)} for c in planned.choices
        ],
        files=per_file,
        warnings=other,
    )
    return answer


def make_deck(
    session: Session,
    job: Job,
    choices: Choices,
    *,
    seed: int,
    reshuffle: tuple[int, ...] = (),
    lang: str = "en",
) -> None:
    """Build the deck into the session's ``out`` folder and draw its pages; the job's result
    is what the page shows, in ``lang``. Runs in a thread; errors end up in the job."""
    from dobble_print import build

    number = session.builds + 1
    pdf = session.out / f"deck-{number}.pdf"
    if not choices.theme and (problem := table_problem(session, lang)):
        job.state, job.message = "error", problem
        return
    try:
        options = build_options(
            choices,
            sources=session.sources(),
            output=pdf,
            seed=seed,
            back=session.back,
            reshuffle=reshuffle,
        )
        with engine(job):
            result = build(options, progress=job.progress, cache=session.cache, measure=False)
        sizes = page_sizes(pdf)
    except DobbleError as exc:
        pdf.unlink(missing_ok=True)
        job.state, job.message = "error", word(exc, namer(session), lang)
        job.about = error_field(exc, labels(lang))
        return
    except Exception as exc:  # a bug: shown, and the server goes on
        pdf.unlink(missing_ok=True)
        wrong = page_words(lang).gettext("Something went wrong inside dobble-print: {error}")
        job.state, job.message = "error", wrong.format(error=repr(exc))
        raise
    per_file, other = file_problems(session, result.warnings, lang)
    symbols = result.matching.entries if result.matching else result.deck.symbol_count
    made: dict[str, Any] = {"cards": len(result.deck.cards), "symbols": symbols, "lang": lang}
    for name, shown in tiles(session, result.unused_files, **made).items():
        per_file.setdefault(name, {}).update(shown)
    shown = command(
        choices,
        sources=[p.relative_to(session.folder).as_posix() for p in deck_sources(session, choices)],
        seed=seed,
        back=session.back.name if session.back else None,
        reshuffle=reshuffle,
        skip_bad=any("bad" in v for v in per_file.values()),
    )
    described = describe_pages(
        sizes, result.report, options.card.half_extent, prefix=f"page-{number}"
    )
    shown_result = {
        "number": number,
        "seed": seed,
        "reshuffle": list(reshuffle),
        "why": notice_text(result.choice, namer(session), labels(lang), lang)
        if result.choice
        else "",
        "cards": len(result.deck.cards),
        "symbols_per_card": result.deck.symbols_per_card,
        "sheets": result.plan.sheet_count,
        "shape": options.card.kind.value,
        "pages": described,
        "command": shown,
        # the pictures chosen for words, which the command reads from the word lists
        "chosen": chosen_lines(session) if options.illustrate and not choices.theme else [],
        "files": per_file,
        "warnings": other,
    }
    # the pages asked for from now on are this deck's; then the older deck's files go (a page of
    # it asked for just before is answered as one of an older deck: draw_page)
    session.made = Made(number, choices, seed, reshuffle, described, shown, shown_result)
    session.builds = number
    _forget_older(session, number)
    job.result = shown_result
    job.state = "done"


def _forget_older(session: Session, number: int) -> None:
    """Remove the files of earlier decks: only the last one is shown or downloaded."""
    for path in session.out.iterdir():
        stem = path.stem
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        elif not (stem == f"deck-{number}" or stem.startswith(f"page-{number}-")):
            path.unlink(missing_ok=True)


def make_extra(session: Session, job: Job, kind: str, *, lang: str = "en") -> None:
    """The last deck's per-card PNGs (``cards``) or print-shop files (``shop``) as a zip, or
    its page to play (``play``, one HTML file): the same options and seed again, with the
    extra output asked for."""
    from dobble_print import build

    made = session.made
    assert made is not None
    folder = session.out / kind
    page = session.out / f"play-{made.number}.html"
    shutil.rmtree(folder, ignore_errors=True)
    scratch = session.out / f"extra-{made.number}.pdf"
    try:
        options = build_options(
            made.choices,
            sources=session.sources(),
            output=scratch,
            seed=made.seed,
            back=session.back,
            reshuffle=made.reshuffle,
        )
        extra: dict[str, dict[str, Any]] = {
            "cards": {"png_dir": folder},
            "shop": {"shop": folder},
            "play": {"play": page},
        }
        with engine(job):
            build(
                dataclasses.replace(options, **extra[kind]),
                progress=job.progress,
                cache=session.cache,
                measure=False,
            )
        if kind != "play":
            job.progress("zip", 0, 1)
            zip_folder(folder, session.out / f"{kind}-{made.number}.zip")
    except DobbleError as exc:
        job.state, job.message = "error", word(exc, namer(session), lang)
        job.about = error_field(exc, labels(lang))
        return
    finally:
        scratch.unlink(missing_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
    made_file = page.name if kind == "play" else f"{kind}-{made.number}.zip"
    job.result = {"number": made.number, "download": made_file}
    job.state = "done"


def draw_page(session: Session, name: str) -> bytes | None:
    """The PNG of a page of the last deck (``page-{deck}-{page}.png``), drawn on first request;
    None when it is not a page of that deck, or when that deck's files went meanwhile (a card
    laid again made a newer deck)."""
    made = session.made
    parts = name.removesuffix(".png").split("-")
    if made is None or len(parts) != 3 or parts[1] != str(made.number):
        return None
    page = int(parts[2])
    if not 1 <= page <= len(made.pages):
        return None
    target = session.out / name
    try:
        render_page(session.out / f"deck-{made.number}.pdf", page - 1, target)
        return target.read_bytes()
    except FileNotFoundError:
        return None


def zip_folder(folder: Path, target: Path, *, under: str = "") -> None:
    """Every file below ``folder`` into the zip ``target`` (PNGs and PDFs are stored as they
    are: compressing them again gains nothing), but hidden ones: the marker of a folder the tool
    owns (``.dobble-print``) is for the tool, not for the shop."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as z:
        for path in sorted(folder.rglob("*")):
            hidden = any(part.startswith(".") for part in path.relative_to(folder).parts)
            if path.is_file() and not hidden:
                z.write(path, f"{under}{path.relative_to(folder)}")


def sources_zip(session: Session, target: Path, lang: str = "en") -> None:
    """The files as the command expects them: ``pictures/``, ``words.txt``, the word lists, the
    vocabulary file, the back picture, and ``command.txt`` with the command of the last deck, in
    ``lang``: run from where the zip is unpacked (``cd deck`` first)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(session.names):
            z.write(session.pictures / name, f"deck/pictures/{name}")
        if session.words_bytes:
            z.write(session.words, "deck/words.txt")
        for name in session.lists:
            z.write(session.folder / name, f"deck/{name}")
        if session.table is not None:
            z.write(session.table, f"deck/{session.table.relative_to(session.folder).as_posix()}")
        if session.back is not None:
            z.write(session.back, f"deck/{session.back.name}")
        if session.made is not None:
            _ = page_words(lang).gettext
            said = _(
                "To make the same PDF again, byte for byte: open a terminal in the folder where "
                "you unpacked this zip and run these two lines (in the deck folder itself, only "
                "the second):"
            )
            z.writestr("deck/command.txt", f"{said}\n\ncd deck\n{session.made.command}\n")
