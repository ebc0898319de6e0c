"""Which font each word of a deck prints in: the fonts given, the bundled one, installed ones.

The chain starts with the ``--font`` files, in the order given, then the bundled DejaVu Sans;
a font given in front never takes away a script that already printed. Characters no font of the
chain has are grouped by script, and each group gets one installed font that has all of them
(:mod:`fonts.installed`), so every Japanese word of a deck is set alike. Each word then prints in
the first font of the chain that has all its characters. Lines that are only emoji print from a
colour emoji font (:mod:`words.emoji`). What no font has is reported with the font to install.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from dobble_print.errors import Advice, Notice, OptionError, Part, not_a_file, system_reason
from dobble_print.language import N_, Msg, reason
from dobble_print.symbols.fonts.installed import FontFace, faces_with, read_face
from dobble_print.symbols.words.emoji import (
    emoji_characters,
    is_emoji_character,
    is_emoji_line,
    may_be_emoji,
)
from dobble_print.symbols.words.typeset import BadWords, Font, load_font, missing_characters, visual

if TYPE_CHECKING:
    from dobble_print.symbols.sources import Source

# Scripts that share one font: a Japanese word mixes Han, Hiragana and Katakana.
_SCRIPT_GROUPS = {"Hani": "CJK", "Hira": "CJK", "Kana": "CJK", "Bopo": "CJK", "Hang": "CJK"}
_COMMON = {"Zyyy", "Zinh", "Zzzz"}
# The font to install, by script group, for the warning when no installed font has a character.
_INSTALL = {"CJK": "fonts-noto-cjk", "emoji": "fonts-noto-color-emoji"}
INSTALL_OTHER = "fonts-noto-core"
MAX_SEARCHES = 64  # installed-font searches for characters one by one, when none has them all


@dataclass(frozen=True)
class WordFonts:
    """The font of every word of a deck.

    Attributes:
        text: word -> the font its text prints in.
        emoji: emoji line -> the colour font it is drawn from.
        missing: word -> the characters no font has, each once.
        install: word -> a package with a font that has them (``fonts-noto-cjk``).
    """

    text: dict[str, Font] = field(default_factory=dict)
    emoji: dict[str, Font] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)
    install: dict[str, str] = field(default_factory=dict)


def script_group(ch: str) -> str:
    """The script a character is written in, CJK scripts as one (``"Latn"``, ``"CJK"``)."""
    from fontTools import unicodedata as ucd

    script = ucd.script(ch)
    return "Common" if script in _COMMON else _SCRIPT_GROUPS.get(script, script)


def choose_fonts(words: Sequence[str], given: Sequence[Font], bundled: Font) -> WordFonts:
    """Fonts for ``words``: ``given`` (``--font``) first, then ``bundled``, then installed ones.

    Colour fonts among ``given`` are tried first for emoji lines; the others for text.
    """
    result = WordFonts()
    text_words = []
    colour = [f for f in given if f.colour]
    # Lines of emoji, and of symbols a colour font may have (⭐, ☕: text unless it has them).
    emoji_lines = [w for w in dict.fromkeys(words) if is_emoji_line(w) or may_be_emoji(w)]
    # One colour font for all the emoji when one has them all (one search, and they look alike).
    every = (
        _emoji_font("".join(map(emoji_characters, emoji_lines)), colour) if emoji_lines else None
    )
    for word in dict.fromkeys(words):
        font = None
        if word in emoji_lines:
            font = every or _emoji_font(emoji_characters(word), colour)
        if font:
            result.emoji[word] = font
        else:
            text_words.append(word)
    chain = [f for f in given if f.outlines and not f.colour] + [bundled]
    _extend_chain(chain, text_words)
    for word in text_words:
        font, missing = min(
            ((f, missing_characters(word, f)) for f in chain), key=lambda fm: len(fm[1])
        )
        result.text[word] = font
        if missing:
            result.missing[word] = missing
            groups = {"emoji" if is_emoji_character(ch) else script_group(ch) for ch in missing}
            emoji = is_emoji_line(word)
            result.install[word] = "fonts-noto-color-emoji" if emoji else _install(groups)
    return result


def _install(groups: set[str]) -> str:
    return next((_INSTALL[g] for g in sorted(groups) if g in _INSTALL), INSTALL_OTHER)


def _emoji_font(chars: str, colour: list[Font]) -> Font | None:
    """The first given colour font with every character, else the best installed one."""
    for font in colour:
        if all(ord(ch) in font.cmap for ch in chars):
            return font
    return _load(faces_with(chars, colour=True))


def _extend_chain(chain: list[Font], words: Sequence[str]) -> None:
    """Add to ``chain`` one installed font per script group for the characters it lacks."""
    uncovered: dict[str, set[str]] = defaultdict(set)
    for word in words:
        for ch in missing_characters(word, chain[-1]):
            if not any(ord(ch) in f.cmap for f in chain):
                uncovered[script_group(ch)].add(ch)
    searches = 0
    for group in sorted(uncovered):
        chars = sorted(uncovered[group])
        while searches < MAX_SEARCHES:
            chars = [ch for ch in chars if not any(ord(ch) in f.cmap for f in chain)]
            searches += 1
            font = _load(faces_with("".join(chars))) if chars else None
            # No installed font has them all: the font of the first one some font has.
            for ch in list(chars) if font is None else ():
                if searches >= MAX_SEARCHES or (font := _load(faces_with(ch))):
                    break
                searches += 1
                chars.remove(ch)  # no font has it: reported as missing
            if font is None:
                break
            chain.append(font)


def text_font(text: str, given: Sequence[Font] = (), *, search: bool = True) -> Font | None:
    """A TrueType font with every character of ``text`` (as drawn), for a line set as PDF text
    (a title, a name in the answer key): the first of ``given`` that has them, else the bundled
    DejaVu Sans, else (with ``search``) the best installed TrueType face; None when no such font
    has them all.
    """
    for font in (*given, _bundled(_default_font())):
        if font.outlines == "glyf" and not missing_characters(text, font):
            return font
    if not search:
        return None
    for face in faces_with(drawn_characters(text)):
        info = read_face(face)
        if info is None or info.outlines != "glyf":
            continue
        found = _load((face,))
        if found is not None and not missing_characters(text, found):
            return found
    return None


def text_fonts(texts: Sequence[str], *, full_width: bool = False) -> tuple[Font, ...]:
    """The TrueType fonts to set ``texts`` in, to try in this order (:func:`text_font`'s
    ``given``): the bundled one, then one installed font per script group for the characters
    it lacks, found once for them all as words' fonts are (a cover of 57 Japanese names makes
    one search, not 57). Emoji are left to their pictures: no text font is searched for them.

    With ``full_width`` (lines of running text: the cover, rules and box pages), Chinese and
    Japanese are set first in a face whose 。、！ are a full em wide, as those readers expect
    (IPAGothic, not the proportional IPAPGothic the cards' words prefer: a word alone on a
    card has no punctuation to set).
    """
    plain = ["".join(ch for ch in t if not is_emoji_character(ch)) for t in texts]
    chain = [_bundled(_default_font())]
    _extend_chain(chain, list(dict.fromkeys(plain)))
    if full_width:
        wide = "".join(
            sorted({ch for t in plain for ch in t if unicodedata.east_asian_width(ch) in "WF"})
        )
        found = _full_width(wide) if wide else None
        if found is not None and found.path not in {f.path for f in chain}:
            chain.insert(1, found)
    return tuple(font for font in chain if font.outlines == "glyf")


FULL_STOP = "\u3002"  # 。 the ideographic full stop: a full em wide in a face set for running text


def _full_width(chars: str) -> Font | None:
    """The best installed TrueType face with every one of ``chars`` (and 。、) whose ideographic
    full stop is a full em wide; for Japanese (kana among ``chars``), a face made for Japan
    first (its OS/2 code pages name JIS and no Chinese one: IPAGothic before Droid Sans
    Fallback, whose ideographs are drawn the Chinese way); None when none is."""
    japanese = any("\u3040" <= ch <= "\u30ff" for ch in chars)
    wide = []
    for face in faces_with(chars + FULL_STOP + "\u3001"):
        try:
            font = load_font(face.path, face.index)
        except BadWords:
            continue
        glyph = font.cmap.get(ord(FULL_STOP), "")
        if font.outlines == "glyf" and font.advances.get(glyph, 0) >= 0.95 * font.units_per_em:
            if not japanese or _made_for_japan(face.path, face.index):
                return font
            wide.append(font)
    return wide[0] if wide else None


def _made_for_japan(path: Path, index: int) -> bool:
    """Whether the face's OS/2 code pages name JIS (bit 17) and neither Chinese (18, 20)."""
    from fontTools.ttLib import TTFont

    try:
        with TTFont(path, fontNumber=index, lazy=True) as tt:
            pages = tt["OS/2"].ulCodePageRange1 if "OS/2" in tt else 0
    except Exception:  # noqa: BLE001 - a face that cannot say is not preferred
        return False
    return bool(pages >> 17 & 1) and not (pages >> 18 & 1 or pages >> 20 & 1)


def drawn_characters(text: str) -> str:
    """The characters of ``text`` (as drawn) a font needs glyphs for, each once: spaces,
    format characters and combining marks are not asked for (as
    :func:`words.missing_characters`)."""
    drawn = visual(text)
    return "".join(
        dict.fromkeys(ch for ch in drawn if unicodedata.category(ch) not in ("Zs", "Cf", "Mn"))
    )


def text_warning(title: str) -> Msg | None:
    """The one-line warning for the title (set as PDF text on the cover, rules and box) when
    some character of it is in no TrueType font (:func:`text_font`; a line no one font has
    prints in several); None when each is in one."""
    if text_font(title) is not None:
        return None
    bundled = _bundled(_default_font())
    missing = [ch for ch in drawn_characters(title) if ord(ch) not in bundled.cmap]
    missing = [ch for ch in missing if text_font(ch) is None]
    if not missing:
        return None
    groups = {"emoji" if is_emoji_character(ch) else script_group(ch) for ch in missing}
    return N_(
        'the title "{title}" has characters no installed font can print as text ({chars}); '
        "they would print as empty boxes; install a font that has them (e.g. `apt install "
        "{package}`)",
        title=title,
        chars=", ".join(missing),
        package=_install(groups),
    )


def _default_font() -> str:
    from dobble_print.resources import default_font

    return str(default_font())


@cache
def _bundled(path: str) -> Font:
    return load_font(Path(path))


def _load(faces: Sequence[FontFace]) -> Font | None:
    for face in faces:
        try:
            return load_font(face.path, face.index)
        except BadWords:
            continue
    return None


def check_fonts(given: Sequence[Path]) -> tuple[Font, ...]:
    """The ``given`` font files (``--font``) read, each refused in one line when it is not a
    usable font: checked before any picture is loaded, on a deck of pictures too (a wrong
    ``--font`` is worth saying, and a pipe given as one would never end).

    Raises:
        OptionError: a given file that is missing, not a regular file or not a usable font.
    """
    fonts = []
    for path in given:
        if not path.is_file():
            why: str | Msg = not_a_file(path)
        else:
            try:
                fonts.append(load_font(path))
                continue
            except (BadWords, OSError) as exc:
                why = system_reason(exc) if isinstance(exc, OSError) else reason(exc)
        raise OptionError(
            "font",
            N_(
                "{path}: {why}; give a font file (.ttf, .otf or .ttc)",
                path=str(path),
                why=why,
            ),
        )
    return tuple(fonts)


def word_fonts(words: Sequence[str], given: Sequence[Path]) -> WordFonts | None:
    """Each of ``words``' font: the ``given`` files (``--font``) first, then the bundled font,
    then installed ones (:func:`choose_fonts`); None without words. The given files are checked
    even then (:func:`check_fonts`).

    Raises:
        OptionError: a given file that is missing or not a usable font.
    """
    fonts = check_fonts(given)
    if not words:
        return None
    from dobble_print.resources import default_font

    return choose_fonts(words, list(fonts), load_font(default_font()))


def missing_warning(
    where: tuple[Part, ...], text: str, fonts: WordFonts, *, what: str | Msg = "", file: Path
) -> Notice | None:
    """The one-line warning for ``text`` when no font has some of its characters (None when
    every character prints): where it is (in ``file``), what, and which font to install.
    ``what`` names the kind of text (``"the label "``)."""
    missing = fonts.missing.get(text)
    if not missing:
        return None
    said = N_(
        '{what}"{text}" has characters no installed font has ({missing}); they would print as '
        "empty boxes; install a font that has them (e.g. `apt install {package}`)",
        what=what,
        text=text,
        missing=", ".join(missing),
        package=fonts.install[text],
    )
    return Notice((*where, ": ", said, Advice("use", "font", lead=N_(" or "))), file)


LISTED = 3  # words with missing characters warned about one by one; more make one line


def missing_warnings(found: Sequence[tuple[Source, str]], fonts: WordFonts) -> list[Notice]:
    """The warnings for the words ``found`` (each with where it is) whose characters no font
    has: one line a word, but one line for all the words of a file that want the same font
    when there are more than :data:`LISTED` (a Japanese list on a machine without a Japanese
    font would otherwise give a line for every word)."""
    groups: dict[tuple[Path, str], list[tuple[Source, str]]] = {}
    for source, word in found:
        if fonts.missing.get(word):
            groups.setdefault((source.path, fonts.install[word]), []).append((source, word))
    lines: list[Notice | None] = []
    for (file, package), words in groups.items():
        if len(words) <= LISTED:
            lines += [missing_warning(s.parts, word, fonts, file=file) for s, word in words]
            continue
        chars = list(dict.fromkeys(ch for _, word in words for ch in fonts.missing[word]))
        shown = ", ".join(chars[:8]) + (", …" if len(chars) > 8 else "")
        at = ", ".join(str(source.line) for source, _ in words)
        said = N_(
            "{count} words have characters no installed font has ({shown}); they would print "
            "as empty boxes; install a font that has them (e.g. `apt install {package}`)",
            count=len(words),
            shown=shown,
            package=package,
        )
        advice = Advice("use", "font", lead=N_(" or "))
        lines.append(Notice((file, ": ", said, advice, N_(" (lines {at})", at=at)), file))
    return [line for line in lines if line]
