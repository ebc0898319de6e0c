"""Symbols: the pictures and words that go on the cards, found, loaded, normalised and trimmed.

Every symbol becomes an RGBA array trimmed to its ink (a :class:`~.symbol.Symbol`), so the layout
can pack its real shape (the alpha channel is the shape) and the renderer can embed it once. Word
symbols also carry their text lines, so the renderer prints them as vector text over exactly that
shape.

Next door: :mod:`sources` (what the given paths hold), one loader per kind (:mod:`raster` for
Pillow formats, :mod:`svg.rasterise` for cairosvg, :mod:`words.typeset` for text files) and
:mod:`background` (plain backgrounds and photo shapes). This module dispatches, trims, removes
duplicates (exact ones here, resized or re-saved copies with :mod:`similar`) and collects every
message as data; it never prints.
"""

from __future__ import annotations

import contextlib
import dataclasses
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from dobble_print.errors import Advice, Notice, Part, notice, system_reason
from dobble_print.language import N_, Msg, reason
from dobble_print.parallel import give_back, in_order
from dobble_print.symbols.background import (
    PhotoShape,
    has_own_transparency,
    judge_removal,
    plain_background,
    remove_background,
    shape_photo,
)
from dobble_print.symbols.early import loading_threads
from dobble_print.symbols.fonts.fallback import WordFonts, missing_warnings, word_fonts
from dobble_print.symbols.fonts.outlines import outline_lines
from dobble_print.symbols.formats import SVG_SUFFIXES
from dobble_print.symbols.names import display_name, distinct_names
from dobble_print.symbols.pictures import load_picture, picture_problem
from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.raster import BadPicture, ink_box
from dobble_print.symbols.similar import Look, Lookalikes, look
from dobble_print.symbols.sources import (
    Source,
    Sources,
    find_images,
    find_sources,
    unreadable,
)
from dobble_print.symbols.svg.worker import end_drawers, idle_drawers
from dobble_print.symbols.symbol import Background, Symbol, SymbolOptions, SymbolSet
from dobble_print.symbols.words.emoji import render_emoji
from dobble_print.symbols.words.typeset import (
    PALETTE,
    TextLine,
    add_bar,
    is_letter,
    needs_bar,
    render_word,
    shift_lines,
)

__all__ = [
    "Background",
    "PhotoShape",
    "Sources",
    "Symbol",
    "SymbolOptions",
    "SymbolSet",
    "TextLine",
    "faint_on_card",
    "find_images",
    "find_sources",
    "load_symbols",
]

# A picture is "faint" on the card when this share of its ink is within this of the card colour.
FAINT_SHARE = 0.97
FAINT_DIFFERENCE = 24


DEFAULT_OPTIONS = SymbolOptions()


def trim(rgba: np.ndarray) -> tuple[np.ndarray, int, int] | None:
    """Crop to the box of the visible pixels: (pixels, left, top); None when there are none."""
    box = ink_box(rgba)
    if box is None:
        return None
    left, top, right, bottom = box
    return np.ascontiguousarray(rgba[top:bottom, left:right]), left, top


def _picture(path: Path, *, max_px: int, options: SymbolOptions) -> tuple[np.ndarray, bool, bool]:
    """Decode, then treat the background: plain ones removed when that leaves a subject
    (:func:`background.judge_removal`), photos cut to their shape. Also whether the background
    was removed, and whether the picture is a photo (printed whole, with its background)."""
    rgba = load_picture(path, max_px=max_px)
    if has_own_transparency(rgba):
        return rgba, False, False
    colour = plain_background(rgba) if options.background == Background.REMOVE else None
    if colour is not None:
        removed = remove_background(rgba, colour)
        if judge_removal(rgba, removed, colour).keeps_subject:  # else specks, or nothing left
            return removed, True, False
    return shape_photo(rgba, options.photo_shape), False, True


def _load_one(
    source: Source, *, max_px: int, options: SymbolOptions, fonts: WordFonts | None, index: int
) -> Symbol:
    if source.library:  # a word drawn as a bundled picture (--illustrate)
        return _library_symbol(source, max_px=max_px)
    if source.word:
        assert fonts is not None
        bars = options.max_rotation > 90  # turned further, 6 and 9 read as each other
        return _word_symbol(source, fonts, max_px=max_px, index=index, bars=bars)
    try:
        rgba, removed, photo = _picture(source.path, max_px=max_px, options=options)
    except OSError as exc:
        raise BadPicture(N_("cannot be opened ({why})", why=system_reason(exc))) from None
    cut = trim(rgba)
    if cut is None:
        raise BadPicture(_empty_said(source.path))
    return Symbol(
        display_name(source.path),
        source.label,
        Pixels.of(cut[0]),
        background_removed=removed,
        photo=photo,
    )


def _empty_said(path: Path) -> Msg:
    """Why a picture drew nothing: an SVG that only links to a picture in another file
    (Inkscape's default for a dropped-in photo) was said to be "empty (fully transparent)"."""
    if path.suffix.lower() in SVG_SUFFIXES:
        from dobble_print.symbols.svg.rasterise import linked_picture

        if linked := linked_picture(path):
            return N_(
                "shows the picture {name} from another file, which is never read (for safety); "
                "embed the picture in the SVG, or give that picture itself",
                name=linked,
            )
    return N_("the picture is empty (fully transparent)")


def _library_symbol(source: Source, *, max_px: int) -> Symbol:
    """The bundled picture drawing ``source``'s word (``--illustrate``), named and labelled as
    the word."""
    from dobble_print.symbols.library import library_file
    from dobble_print.symbols.svg.rasterise import load_svg

    cut = trim(load_svg(library_file(source.library), max_px=max_px))
    if cut is None:
        raise BadPicture(N_("the picture is empty (fully transparent)"))
    return Symbol(source.word, source.label, Pixels.of(cut[0]), label=source.word)


def _word_symbol(
    source: Source, fonts: WordFonts, *, max_px: int, index: int, bars: bool
) -> Symbol:
    """A word as text (or outlines) in its font, or an emoji line as a colour picture; with
    ``bars``, a letter that reads as another turned has a bar under it."""
    if emoji := fonts.emoji.get(source.word):
        cut = trim(render_emoji(source.word, emoji, max_px=max_px))
        if cut is None:
            raise BadPicture(
                N_('"{word}" draws nothing in {font}', word=source.word, font=emoji.path.name)
            )
        return Symbol(source.word, source.label, Pixels.of(cut[0]), font=str(emoji.path))
    font = fonts.text[source.word]
    color = PALETTE[index % len(PALETTE)]
    rgba, lines = render_word(source.word, font=font, color=color, max_px=max_px)
    bar: tuple[tuple[int, int, int, int], ...] = ()
    if bars and needs_bar(source.word):
        rgba, drawn = add_bar(rgba, lines[0])
        bar = (drawn,)
    cut = trim(rgba)
    if cut is None:
        raise BadPicture(
            N_('"{word}" draws nothing in {font}', word=source.word, font=font.path.name)
        )
    pixels, left, top = cut
    lines = shift_lines(lines, -left, -top)
    outline = outline_lines(lines, font) if font.outlines != "glyf" else ()
    path = str(font.path)
    return Symbol(
        source.word,
        source.label,
        Pixels.of(pixels),
        "word",
        lines,
        path,
        color,
        False,
        font.index,
        outline,
        tuple((a - left, b - top, c - left, d - top) for a, b, c, d in bar),
    )


def load_source(
    source: Source, *, max_px: int, options: SymbolOptions, fonts: WordFonts | None, index: int
) -> Symbol:
    """One source as a symbol, without the duplicate checks of :func:`load_symbols` (a
    vocabulary's faces, whose rows are checked as they are read); ``index`` picks a word's
    colour; ``fonts`` (:func:`fallback.word_fonts`) has every word's font.

    Raises:
        BadPicture: the picture cannot be decoded or draws nothing.
    """
    return _load_one(source, max_px=max_px, options=options, fonts=fonts, index=index)


def _fonts_for(words: Sequence[str], options: SymbolOptions) -> WordFonts | None:
    """Each word's font: ``--font`` files first, then the bundled one, then installed ones."""
    return word_fonts(words, options.fonts)


def _word_key(word: str) -> str:
    """The same word, case aside; a letter deck's ``a`` and ``A`` are two symbols."""
    return word if is_letter(word) else word.casefold()


LISTED_REPEATS = 3  # repeated words of one file warned about one by one; more make one line


def _repeated_words(items: Sequence[Source]) -> dict[int, Notice | None]:
    """The words of ``items`` given before (case aside), by index, each with the warning said
    where it stands (None when a file's many repeats are said in one line, at its first).

    Found before any word is drawn: 100,000 lines of one word were drawn 100,000 times (111 s)
    to find one word."""
    first: dict[str, Source] = {}
    repeats: dict[Path, list[tuple[int, Source, Source]]] = {}
    for i, source in enumerate(items):
        if source.word:
            earlier = first.setdefault(_word_key(source.word), source)
            if earlier is not source:
                repeats.setdefault(source.path, []).append((i, source, earlier))
    notes: dict[int, Notice | None] = {}
    for file, found in repeats.items():
        if len(found) <= LISTED_REPEATS:
            notes |= {
                i: Notice(
                    (*s.parts, ": ", N_("same word as {other}; used once", other=e.parts)), file
                )
                for i, s, e in found
            }
            continue
        lines = ", ".join(str(s.line) for _, s, _ in found[:8]) + (", …" if len(found) > 8 else "")
        notes |= {i: None for i, _, _ in found}
        notes[found[0][0]] = notice(
            N_(
                "{count} lines repeat a word given before (lines {lines}); each word is used once",
                count=len(found),
                lines=lines,
            ),
            file=file,
        )
    return notes


_AHEAD: tuple | None = None  # (items, max_px, options), read by the loading threads


def _decode_in_worker(i: int) -> tuple[Symbol, bytes, Look | None] | BadPicture:
    assert _AHEAD is not None  # set before the threads started
    items, max_px, options = _AHEAD
    try:
        symbol = _load_one(items[i], max_px=max_px, options=options, fonts=None, index=0)
    except BadPicture as exc:
        return exc
    return symbol, *_measured(symbol)


@contextlib.contextmanager
def _decoded_ahead(items: Sequence[Source], *, max_px: int, options: SymbolOptions):
    """Pictures decoded in order by threads of this process, ahead of the loading loop; None
    when one is best (few pictures, one core, or words, whose colours follow their order).

    Decoding (cairosvg, Pillow, background removal) is most of loading and each picture is
    independent, so two cores halve it. Results come back in source order, so duplicates and the
    ``need`` cut-off behave exactly as when loading one by one; a few pictures past the cut-off
    may be decoded for nothing.

    Threads, not forked processes, on every system: an SVG is drawn in a drawing process of the
    thread's own (:mod:`svg.worker`), Pillow decodes and numpy treats a picture without the
    interpreter, and the pixels come back without being pickled through a pipe a second time.
    Two forked loading workers held ~40 MB each beside their drawing processes, the classic
    deck's peak, for the same time (three builds in turn each way).
    """
    global _AHEAD
    workers = loading_threads(len(items))
    if workers == 1 or any(s.word for s in items):
        yield None
        return
    _AHEAD = (tuple(items), max_px, options)
    idle = idle_drawers()
    try:
        with in_order(
            _decode_in_worker,
            len(items),
            workers=workers,
            what=N_("loading pictures"),
            threads=True,
        ) as results:
            yield results
    finally:
        _AHEAD = None
        # the drawing processes the threads started (~45 MB each) end with them, as forked
        # workers' did; one this process had before stays for its next build (the app's, a
        # script's or a test run's: starting one costs ~0.35 s)
        end_drawers(keep=idle)
        give_back()  # what the threads freed (pictures decoded at full size, then reduced)


def load_symbols(
    sources: Sources,
    *,
    need: int | None = None,
    max_px: int = 600,
    options: SymbolOptions = DEFAULT_OPTIONS,
    progress: Callable[[int, int], None] | None = None,
) -> SymbolSet:
    """Load sources in order until ``need`` unique symbols are found (all of them when None).

    Args:
        sources: from :func:`find_sources`.
        need: symbols the deck needs; later sources are left undecoded and listed as unused.
        max_px: longest side in pixels; enough for 300 dpi at the largest printed size.
        options: background, photo shape, font and whether bad files are skipped.
        progress: called as ``progress(done, total)`` after each source.

    Raises:
        DobbleError: listing every unreadable file, one per line, unless ``options.skip_bad``.
    """
    items = sources.items
    repeated = _repeated_words(items)
    words_given = [
        s.word for i, s in enumerate(items) if s.word and not s.library and i not in repeated
    ]
    # Only the words the deck can use get a font (and are drawn); all do if one draws nothing.
    fonts = _fonts_for(words_given[:need] if need is not None else words_given, options)
    symbols: list[Symbol] = []
    bad = list(sources.bad)
    warnings: list[Notice] = list(sources.warnings)
    seen: dict[bytes, list[tuple[Source, Symbol]]] = {}  # by _fingerprint
    lookalikes: Lookalikes[Source] = Lookalikes()  # near-duplicates: resized or re-saved copies
    copies: list[tuple[Path, Path]] = []  # (near-duplicate left out, the picture it copies)
    twins: list[tuple[Path, Path]] = []  # (picture of the same pixels left out, the one used)
    total = len(items) if need is None else min(need, len(items))
    words = 0
    lettered: list[tuple[Source, str]] = []  # the words used, for missing glyphs
    stop = len(items)
    with _decoded_ahead(items, max_px=max_px, options=options) as decoded:
        for i, source in enumerate(items):
            if need is not None and len(symbols) >= need:
                stop = i
                break
            if i in repeated:
                warnings += [repeat] if (repeat := repeated[i]) else []
                continue
            if (
                source.word
                and not source.library
                and (
                    fonts is None  # none were needed so far
                    or (source.word not in fonts.text and source.word not in fonts.emoji)
                )
            ):
                fonts = _fonts_for(words_given, options)
            try:
                if decoded is not None:
                    got = next(decoded)
                    if isinstance(got, BadPicture):
                        raise got
                    symbol, key, its_look = got
                else:
                    symbol = _load_one(
                        source, max_px=max_px, options=options, fonts=fonts, index=words
                    )
                    key, its_look = _measured(symbol)
            except BadPicture as exc:
                bad.append((source, reason(exc)))
                continue
            earlier = _copied(seen.get(key, ()), key, symbol)
            if earlier is not None:
                if symbol.kind != "word":
                    twins.append((source.path, earlier.path))
                    continue
                once = N_("same word as {other}; used once", other=earlier.parts)
                warnings.append(Notice((*source.parts, ": ", once), source.path))
                continue
            twin = lookalikes.twin(its_look, source) if its_look is not None else None
            if twin is not None:
                copies.append((source.path, twin.path))
                continue
            seen.setdefault(key, []).append((source, symbol))
            if symbol.kind == "word":  # (a word drawn as a picture is an image)
                words += 1
                lettered.append((source, source.word))
            symbols.append(symbol)
            if progress:
                progress(min(len(symbols), total), total)
    if fonts is not None:
        warnings += missing_warnings(lettered, fonts)
    unused, unused_files = [], []
    for i, source in enumerate(items[stop:], stop):  # checked, never decoded: "not needed"
        if i in repeated:
            warnings += [repeat] if (repeat := repeated[i]) else []
        elif not source.word and (why := picture_problem(source.path)):
            bad.append((source, why))
        else:
            unused.append(source.word or source.path.name)
            unused_files += [] if source.word else [source.path]
    if bad and not options.skip_bad:
        raise unreadable(bad, rest=bool(symbols))
    said, listed = _pairs_said(copies, _ALIKE)
    same, same_listed = _pairs_said(twins, _SAME)
    skipped = [Notice((*source.parts, ": ", why), source.path, "skipped") for source, why in bad]
    warnings = skipped + same + warnings + said
    listed += same_listed
    names = distinct_names([(s.name, s.source, s.kind == "image") for s in symbols])
    symbols = [s if s.name == n else s.renamed(n) for s, n in zip(symbols, names, strict=True)]
    return SymbolSet(
        tuple(symbols), tuple(unused), tuple(warnings), sources.notes + listed, tuple(unused_files)
    )


# Pictures left out as copies of others, one line each and all in one: exact copies (the same
# pixels) and near ones (resized, re-saved or filtered).
_SAME = (
    lambda twin: N_("same pixels as {other}; used once", other=twin),
    lambda count, pairs, more: N_(
        "{count} pictures have the same pixels as others and are used once: {pairs}{more}",
        count=count,
        pairs=pairs,
        more=more,
    ),
)
_ALIKE = (
    lambda twin: N_(
        "looks the same as {twin} (a resized, re-saved or colour-filtered copy?); used once",
        twin=twin,
    ),
    lambda count, pairs, more: N_(
        "{count} pictures look the same as others (resized, re-saved or colour-filtered "
        "copies?) and are used once: {pairs}{more}",
        count=count,
        pairs=pairs,
        more=more,
    ),
)
PAIRS_SHOWN = 3  # pairs named in the one line; --verbose names every one


def _pairs_said(pairs: list[tuple[Path, Path]], said) -> tuple[list[Notice], tuple[Notice, ...]]:
    """The pictures left out as copies of others, as (warnings, notes): one in a warning of its
    own; more in one warning naming the first few pairs and counting the rest (2,000 copies gave
    439 lines), each then in a note (listed with ``--verbose``)."""
    one, many = said
    lines = [Notice((copy, ": ", one(twin)), copy) for copy, twin in pairs]
    if len(pairs) < 2:
        return lines, ()
    named: list[Part] = []
    for copy, twin in pairs[:PAIRS_SHOWN]:
        named += [*((", ",) if named else ()), N_("{copy} is like {twin}", copy=copy, twin=twin)]
    rest = len(pairs) - PAIRS_SHOWN
    more = N_(", and {count} more pairs", count=rest) if rest > 0 else ""
    quiet = tuple(dataclasses.replace(line, kind="quiet") for line in lines)
    return [Notice((many(len(pairs), tuple(named), more),))], quiet


def faint_on_card(symbols: Sequence[Symbol], card_rgb: tuple[float, float, float]) -> list[Notice]:
    """A warning for each picture whose ink is nearly all the card's colour (white art on a
    white card): players could not see it, so a match could not be found."""
    card = np.round(np.asarray(card_rgb) * 255).astype(np.int16)
    hex_ = "#" + "".join(f"{int(c):02x}" for c in card)
    found = []
    for symbol in symbols:
        if symbol.kind == "word":
            continue
        # a sample of its ink (every FAINT_STRIDE-th pixel each way: a share of the ink is the
        # question, and the full pictures took most of a second for a 57-picture deck), taken
        # where it was decoded
        ink = symbol.colour_sample.faint.array().astype(np.int16)
        if not len(ink):
            continue
        if (np.abs(ink - card).max(axis=1) <= FAINT_DIFFERENCE).mean() >= FAINT_SHARE:
            found.append(
                notice(
                    (
                        N_(
                            "nearly all the card's colour ({colour}), it would barely show; "
                            "darken it, give it an outline",
                            colour=hex_,
                        ),
                        Advice("choose_another", "card_color", lead=N_(", or ")),
                    ),
                    file=Path(symbol.source),
                )
            )
    return found


def _measured(symbol: Symbol) -> tuple[bytes, Look | None]:
    """Its :func:`_identity`, with what the later stages read of a picture's pixels measured
    now, where it was decoded (a loading thread, beside the other pictures' loading): its ink
    (``Symbol.ink_figures``) and what the colour checks compare (``Symbol.colour_sample``).
    The pixels are decoded once for all of these (:meth:`Pixels.array`). A word's are not read
    here (its ink is measured where a stage asks)."""
    if symbol.kind == "word":
        return _identity(symbol)
    rgba = symbol.rgba  # held while the others read it
    symbol.ink_figures  # noqa: B018
    symbol.colour_sample  # noqa: B018
    found = _identity(symbol)
    del rgba
    return found


def _identity(symbol: Symbol) -> tuple[bytes, Look | None]:
    """What tells a symbol's copies: its :func:`_fingerprint` (the same pixels, or the same
    word) and, for a picture, its :func:`similar.look` (a resized or re-saved copy). Made where
    the picture is decoded (a loading thread), not in the loop that keeps the symbols in order:
    the two were ~0.25 s of the classic deck's serial work."""
    return _fingerprint(symbol), look(symbol.rgba) if symbol.kind == "image" else None


def _fingerprint(symbol: Symbol) -> bytes:
    """Identical pixels (or the same word, case aside) give the same key; a letter deck's
    ``a`` and ``A`` are two symbols (telling them apart is the deck's point).

    A picture's key is its size and the CRC-32 of its compressed pixels (:class:`Pixels`: the
    same pixels compress to the same bytes, and other pixels to other bytes): a checksum, not a
    hash, so two pictures of one key are compared byte for byte too (:func:`_copied`), which
    only copies ever are. BLAKE2b took 2.9 ms of a 561-pixel picture, CRC-32 0.55 ms (0.17 s of
    CPU for the default icons' 67 MB of pixels, ~0.03 s; of their 1.5 MB compressed, ~1 ms).
    """
    if symbol.kind == "word":
        name = symbol.name if is_letter(symbol.name) else symbol.name.casefold()
        return b"word:" + name.encode()
    pixels = symbol.pixels  # compressed, the same bytes for the same pixels
    return repr(pixels.shape).encode() + zlib.crc32(pixels.data).to_bytes(4, "little")


def _copied(earlier: Sequence[tuple[Source, Symbol]], key: bytes, symbol: Symbol) -> Source | None:
    """The first of the ``earlier`` symbols of ``symbol``'s :func:`_fingerprint` ``key`` that
    it copies: a word's key is the word, a picture's a checksum, so its compressed pixels are
    compared."""
    for source, other in earlier:
        if key.startswith(b"word:") or other.pixels.data == symbol.pixels.data:
            return source
    return None
