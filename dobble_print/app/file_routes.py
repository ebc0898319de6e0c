"""The routes that store a session's files: pictures, word lists and the vocabulary file, the
words typed in and the back picture.

Each arrives as one raw request body, streamed to disk and cut off at its limit, so a too-large
file is refused by its declared length before a byte is read, or the moment it passes the limit.
"""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import FileResponse, Response

from dobble_print.app.answers import (
    NO_STORE,
    Problem,
    find_session,
    language,
    refuse_while_busy,
    reply,
)
from dobble_print.app.catalogue import N_
from dobble_print.app.sessions import Session
from dobble_print.app.uploads import (
    TooLarge,
    check_picture_name,
    megabytes,
    safe_name,
    unique_name,
    write_stream,
)
from dobble_print.app.word_files import is_text_file, remove_text_file, store_text_file


def _room_for(session: Session, request: Request, limits_key: str, what: str) -> int:
    """Refuse by Content-Length before reading a byte; the limit for the stream itself."""
    limits = request.app.state.sessions.limits
    limit = getattr(limits, limits_key)
    try:
        declared = int(request.headers.get("content-length") or 0)
    except ValueError:
        raise Problem(400, N_("The request's Content-Length is not a number.")) from None
    if declared > limit:
        raise TooLarge(
            N_(
                "{what} is {size}, over the {limit} the app takes; make it smaller (a photo of "
                "2000 pixels across is plenty)"
            ),
            what=what,
            size=megabytes(declared),
            limit=megabytes(limit),
        )
    room = limits.session_bytes - session.stored_bytes
    if declared > room:
        raise TooLarge(
            N_(
                "{what}: this deck's files would pass {limit} in all; remove some pictures or "
                "make them smaller"
            ),
            what=what,
            limit=megabytes(limits.session_bytes),
        )
    return min(limit, room)


async def add_picture(request: Request) -> Response:
    session = find_session(request)
    refuse_while_busy(session)
    limits = request.app.state.sessions.limits
    raw = request.query_params.get("name", "")
    name = safe_name(raw)
    if is_text_file(name):
        return await _add_text_file(request, session, name, raw)
    check_picture_name(name, or_text=True)
    if len(session.names) >= limits.session_files:
        raise TooLarge(
            N_(
                "{name}: {most} pictures is the most the app takes for one deck (the largest "
                "deck uses 183); remove some first"
            ),
            name=name,
            most=limits.session_files,
        )
    limit = _room_for(session, request, "file_bytes", name)
    name = unique_name(name, {n.casefold() for n in session.names})
    session.names[name] = 0  # taken now: uploads at the same time get other names
    try:
        session.names[name] = await write_stream(
            request.stream(), session.pictures / name, limit=limit, what=name
        )
    except BaseException:
        session.names.pop(name, None)
        raise
    return reply({"name": name, "given": raw, "bytes": session.names[name]})


async def _add_text_file(request: Request, session: Session, name: str, raw: str) -> Response:
    """A word list or vocabulary file, written under a scratch name, then put in its place."""
    limit = _room_for(session, request, "words_bytes", name)
    scratch = session.folder / f".upload-{secrets.token_hex(8)}{name[name.rfind('.') :]}"
    try:
        await write_stream(request.stream(), scratch, limit=limit, what=name)
        stored = store_text_file(session, name, scratch, language(request))
    finally:
        scratch.unlink(missing_ok=True)
    return reply({**stored, "given": raw})


async def remove_picture(request: Request) -> Response:
    session = find_session(request)
    refuse_while_busy(session)
    name = request.path_params["name"]
    if remove_text_file(session, name):
        return reply({"removed": name})
    if name not in session.names:
        raise Problem(404, N_("{name}: no such picture in this deck"), name=name)
    del session.names[name]
    (session.pictures / name).unlink(missing_ok=True)
    return reply({"removed": name})


async def picture(request: Request) -> Response:
    session = find_session(request)
    name = request.path_params["name"]
    if name not in session.names:
        raise Problem(404, N_("{name}: no such picture in this deck"), name=name)
    # An SVG shown from this origin may not run anything.
    return FileResponse(
        session.pictures / name, headers={**NO_STORE, "content-security-policy": "sandbox"}
    )


async def picture_preview(request: Request) -> Response:
    """A small PNG of an uploaded picture, for the formats a browser cannot draw (HEIC, TIFF):
    the page asks for it when its own drawing of the file fails."""
    from starlette.concurrency import run_in_threadpool

    from dobble_print import BadPicture, picture_preview

    session = find_session(request)
    name = request.path_params["name"]
    if name not in session.names:
        raise Problem(404, N_("{name}: no such picture in this deck"), name=name)
    try:
        png = await run_in_threadpool(picture_preview, session.pictures / name)
    except (BadPicture, OSError):
        return Response(status_code=404, headers=NO_STORE)  # the tile says why, from the plan
    return Response(png, media_type="image/png", headers=NO_STORE)


async def set_words(request: Request) -> Response:
    session = find_session(request)
    refuse_while_busy(session)
    limit = _room_for(session, request, "words_bytes", "The word list")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge(N_("The word list is over {size}; shorten it"), size=megabytes(limit))
    text = body.decode("utf-8", errors="replace")
    if text.strip():
        part = session.words.with_name(".words.part")
        part.write_text(text, encoding="utf-8")
        part.replace(session.words)  # a plan reading the words meanwhile reads them whole
        session.words_bytes = session.words.stat().st_size
    else:
        session.words.unlink(missing_ok=True)
        session.words_bytes = 0
    return reply({"bytes": session.words_bytes})


async def set_back(request: Request) -> Response:
    session = find_session(request)
    refuse_while_busy(session)
    raw = safe_name(request.query_params.get("name", ""))
    check_picture_name(raw)
    limit = _room_for(session, request, "file_bytes", raw)
    if session.back is not None:
        session.back.unlink(missing_ok=True)
        session.back = None
    path = session.folder / ("back" + (raw[raw.rfind(".") :].lower()))
    await write_stream(request.stream(), path, limit=limit, what=raw)
    session.back = path
    return reply({"name": path.name, "given": raw})


async def remove_back(request: Request) -> Response:
    session = find_session(request)
    refuse_while_busy(session)
    if session.back is not None:
        session.back.unlink(missing_ok=True)
        session.back = None
    return reply({"removed": True})
