"""``--font`` on the command line: repeatable, in front of the bundled and installed fonts; and
``--verbose`` naming the font each word prints in."""

from __future__ import annotations

from typer.testing import CliRunner

from dobble_print.cli.commands import app
from tests.support.fonts import make_collection, make_colour_font, make_font


def test_repeated_fonts_and_installed_ones_are_named_with_verbose(tmp_path, installed):
    first = make_font(tmp_path / "first.ttf", "猫", "First")
    cjk = make_collection(installed / "cjk.ttc", [("電車", "Test CJK")])
    emoji = make_colour_font(installed / "emoji.ttf", "🦊")
    words = tmp_path / "words.txt"
    words.write_text("猫\n電車\n🦊\n", encoding="utf-8")
    args = ["build", str(words), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "--font", str(first)]
    result = CliRunner().invoke(app, [*args, "--font", str(first), "--verbose"])
    assert result.exit_code == 0, result.stderr
    fonts = [line for line in result.stdout.splitlines() if line.startswith("font: ")]
    assert fonts == [
        f"font: {first} as text for 1 word: 猫",
        f"font: {cjk} as outlines (CFF: not searchable text) for 1 word: 電車",
        f"font: {emoji} as colour pictures for 1 word: 🦊",
    ]
    assert "warning" not in result.stderr


def test_bundled_font_is_named_as_such(tmp_path, installed):
    words = tmp_path / "words.txt"
    words.write_text("chat\nΓάτα\nقطة\n", encoding="utf-8")
    result = CliRunner().invoke(
        app, ["build", str(words), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "--verbose"]
    )
    assert result.exit_code == 0, result.stderr
    assert "font: DejaVuSans.ttf (bundled) as text for 3 words: chat, Γάτα, قطة" in result.stdout


def test_a_preset_may_give_one_font_as_a_string(tmp_path, installed):
    font = make_font(tmp_path / "own.ttf", "chat", "Own")
    preset = tmp_path / "mine.toml"
    preset.write_text(f'font = "{font}"\n', encoding="utf-8")
    words = tmp_path / "words.txt"
    words.write_text("chat\nΓάτα\nقطة\n", encoding="utf-8")
    result = CliRunner().invoke(
        app,
        ["build", str(words), "-o", str(tmp_path / "d.pdf"), "--preset", str(preset), "-v"],
    )
    assert result.exit_code == 0, result.stderr
    assert f"font: {font} as text for 1 word: chat" in result.stdout


NAMES = ["apple", "boat", "cloud", "drum", "egg"]


def test_labels_are_named_as_labels_set_as_text(tmp_path, installed):
    from tests.conftest import make_pictures

    emoji = make_colour_font(installed / "emoji.ttf", "🦊")
    for pic, name in zip(make_pictures(tmp_path / "pics", 5), NAMES, strict=True):
        pic.rename(pic.with_name(f"{name}.png"))  # and two words: 7 symbols, each on the cards
    words = tmp_path / "words.txt"
    words.write_text("chat\n🦊\n", encoding="utf-8")
    args = ["build", str(tmp_path / "pics"), str(words), "-o", str(tmp_path / "d.pdf")]
    result = CliRunner().invoke(app, [*args, "--seed", "1", "--labels", "--verbose"])
    assert result.exit_code == 0, result.stderr
    fonts = [line for line in result.stdout.splitlines() if line.startswith("font: ")]
    assert fonts == [
        "font: DejaVuSans.ttf (bundled) as text for 5 labels: apple, boat, cloud, drum, egg",
        "font: DejaVuSans.ttf (bundled) as text for 1 word: chat",
        f"font: {emoji} as colour pictures for 1 word: 🦊",
    ]
