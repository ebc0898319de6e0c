"""The words' pictures (``--illustrate``) as the page shows them before the deck is made: each
word of the typed words and the word lists with the bundled picture that draws it, the others
that fit, or the one-line reason it has none with the nearest names; the bundled library for
the picker, searched in the page's language; and a word's picture chosen, written into its
list as ``word=picture`` (the line the command line reads, so the downloaded files and the
command shown make the same deck).

The matching is the engine's own (:func:`dobble_print.symbols.illustrated_words`), in the
language the deck is printed in, so the tiles show what the deck draws.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from dobble_print import said
from dobble_print.app.answers import (
    Problem,
    find_session,
    language,
    read_json,
    refuse_while_busy,
    reply,
)
from dobble_print.app.catalogue import N_, known
from dobble_print.app.sessions import Session
from dobble_print.pipeline import (
    library_file,
    library_picture,
    library_pictures,
    listed_word,
    word_tiles,
)

LONGEST_PICTURE = 80  # characters of a picture's key or name written after "="


def matches(session: Session, lang: str) -> dict[str, Any]:
    """Each word's tile, in the command's order (the typed words, then each word list): its
    picture (bundled, or the user's own of that name), the others that fit, or why it has none
    with the nearest names, in ``lang`` (the deck's language; the words may be found to be in
    another, which ``lang`` of the answer says)."""
    lists = ([session.words] if session.words_bytes else []) + [
        session.folder / name for name in session.lists
    ]
    pictures = [session.pictures / name for name in session.names]
    found, tiles = word_tiles(lists, pictures, lang)
    words = []
    for tile in tiles:
        match = tile.match
        words.append(
            {
                "file": tile.file.name,
                "line": tile.line,
                "text": tile.text,
                "word": match.word,
                "asked": match.asked,
                "key": "" if tile.own else match.key,
                "name": match.name,
                "own": tile.own.name if tile.own else None,
                "alternatives": [{"key": c.key, "name": c.name} for c in match.alternatives],
                "nearest": list(match.nearest),
                "reason": said(tile.reason, lang) if tile.reason else "",
            }
        )
    return {"lang": found, "words": words}


def chosen_lines(session: Session) -> list[str]:
    """The lines of the session's word lists that ask for a picture (``chat=black-cat``), as
    the command's files hold them: what the page says the command reads its choices from."""
    lists = ([session.words] if session.words_bytes else []) + [
        session.folder / name for name in session.lists
    ]
    found = []
    for path in lists:
        for row in _decoded(path.read_bytes()).splitlines():
            line = _plain(row)
            if "=" in line and not line.startswith("#") and listed_word(line) != line:
                found.append(line)
    return found


@functools.cache
def library_words(lang: str) -> tuple[dict[str, Any], ...]:
    """Every bundled picture for the picker: its key, theme, and name and keywords in
    ``lang`` (English where the library has none)."""
    return tuple(
        {
            "key": p.key,
            "theme": p.theme,
            "name": p.name(lang),
            "keywords": list(p.keywords.get(lang) or p.keywords.get("en", ())),
        }
        for p in library_pictures()
    )


async def word_pictures(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    session = find_session(request)
    lang = known(request.query_params.get("lang") or language(request))
    return reply(await run_in_threadpool(matches, session, lang))


async def library(request: Request) -> Response:
    lang = known(request.query_params.get("lang") or language(request))
    return reply({"lang": lang, "pictures": list(library_words(lang))})


async def library_svg(request: Request) -> Response:
    from starlette.responses import FileResponse

    key = request.path_params["key"]
    try:
        library_picture(key)
    except KeyError:
        missing = N_("{name}: no such picture in the bundled pictures")
        raise Problem(404, missing, name=key) from None
    # The library's own files; shown from this origin, an SVG may still run nothing.
    return FileResponse(
        library_file(key),
        media_type="image/svg+xml",
        headers={"cache-control": "private, max-age=86400", "content-security-policy": "sandbox"},
    )


def _list_path(session: Session, name: object) -> Path:
    """The typed words or a word list of the session, by the name a tile gave; 404 otherwise."""
    if name == session.words.name and session.words_bytes:
        return session.words
    if isinstance(name, str) and name in session.lists:
        return session.folder / name
    raise Problem(404, N_("{name}: no such word list in this deck"), name=str(name))


def _decoded(raw: bytes) -> str:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16")
    return raw.decode("utf-8-sig", errors="replace")


def _plain(line: str) -> str:
    """A line as the word list reads it: no control characters, spaces folded, NFC."""
    clean = "".join(ch for ch in line if unicodedata.category(ch) != "Cc")
    return unicodedata.normalize("NFC", " ".join(clean.split()))


def choose_picture(session: Session, file: object, number: object, word: object, picture: object):
    """Write line ``number`` of the list ``file`` as ``word=picture`` (``picture`` "": the
    word alone, its picture the one found first); the list's new text. The line must still
    hold ``word`` (the list may have changed since the page asked)."""
    path = _list_path(session, file)
    if not isinstance(number, int) or not isinstance(word, str) or not isinstance(picture, str):
        raise Problem(400, N_("The request was not a word and a picture."))
    picture = " ".join(picture.split())
    if "=" in picture or len(picture) > LONGEST_PICTURE:
        raise Problem(400, N_("{picture} is not a picture's name"), picture=picture[:40])
    rows = _decoded(path.read_bytes()).splitlines()
    if not 1 <= number <= len(rows) or listed_word(_plain(rows[number - 1])) != word:
        raise Problem(409, N_("The words changed meanwhile; look at the pictures again."))
    rows[number - 1] = f"{word}={picture}" if picture else word
    new = "\n".join(rows) + "\n"
    part = path.with_name(f".{path.name}.part")
    part.write_text(new, encoding="utf-8")
    part.replace(path)  # a plan reading the list meanwhile reads it whole
    size = path.stat().st_size
    if path == session.words:
        session.words_bytes = size
    else:
        session.lists[path.name] = size
    return new


async def choose(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    session = find_session(request)
    refuse_while_busy(session)
    data = await read_json(request)
    new = choose_picture(
        session, data.get("file"), data.get("line"), data.get("word"), data.get("picture")
    )
    lang = known(data.get("lang") or language(request))
    answer = await run_in_threadpool(matches, session, lang)
    return reply({**answer, "file": data.get("file"), "text": new})
