"""Word-list files and vocabulary files uploaded beside the pictures, through the API: planned and
built as the CLI plans and builds the same files, the shown command remaking the same PDF bytes;
a table's missing pictures named; what the app cannot place refused in one sentence."""

from __future__ import annotations

import io
import shlex
import zipfile

import pymupdf
import pytest

from tests.app.conftest import POST, new_session, upload, wait_for_job
from tests.conftest import make_pictures

ANIMALS = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu"]


def pictures(tmp_path, names=ANIMALS):
    folder = tmp_path / "pictures"
    made = make_pictures(tmp_path / "made", len(names))
    folder.mkdir()
    return [p.rename(folder / f"{name}.png") for p, name in zip(made, names, strict=True)]


def table(tmp_path, cells: str = "pictures/{}.png", names=ANIMALS, name="vocab.csv"):
    path = tmp_path / name
    path.write_text("picture,word\n" + "".join(f"{cells.format(n)},{n}\n" for n in names))
    return path


def plan(client, sid):
    answer = client.post(f"/api/s/{sid}/plan", json={"choices": {}}, headers=POST)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_vocabulary_file_and_its_pictures_make_the_matching_deck_the_command_remakes(
    client, tmp_path, other_cli
):
    sid = new_session(client)
    answer = upload(client, sid, table(tmp_path))
    assert answer.json() == {
        "name": "vocab.csv",
        "kind": "table",
        "about": "vocabulary: 7 rows",
        "given": "vocab.csv",
    }
    extra = make_pictures(tmp_path / "x", 1, seed=9)[0]
    for path in [*pictures(tmp_path), extra]:
        assert upload(client, sid, path).is_success
    planned = plan(client, sid)
    assert planned["ok"], planned
    assert planned["why"].startswith("7 symbols: 3 per card gives the full 7-card deck")
    assert planned["why"].endswith("each symbol shown as picture or word")
    assert planned["files"] == {
        "vocab.csv": {"about": "vocabulary: 7 rows"},
        "pic_000.png": {"note": "not in vocab.csv, so not in the deck"},
    }
    assert client.get(f"/api/s/{sid}/state").json()["files"] == ["vocab.csv"]

    assert client.post(f"/api/s/{sid}/build", json={"choices": {}}, headers=POST).is_success
    job = wait_for_job(client, sid)
    assert job["state"] == "done", job["message"]
    shown = job["result"]["command"]
    seed = job["result"]["seed"]
    assert shown == f"dobble-print build vocab.csv -o deck.pdf --seed {seed} --lang en"
    pdf = client.get(f"/api/s/{sid}/download/deck.pdf").content
    text = "".join(page.get_text() for page in pymupdf.open(stream=pdf))
    assert sum(name in text for name in ANIMALS) >= 3  # faces shown as words: a matching deck

    files = client.get(f"/api/s/{sid}/download/pictures.zip")
    with zipfile.ZipFile(io.BytesIO(files.content)) as z:
        assert sorted(z.namelist()) == sorted(
            ["deck/command.txt", "deck/vocab.csv", "deck/pictures/pic_000.png"]
            + [f"deck/pictures/{name}.png" for name in ANIMALS]
        )
        z.extractall(tmp_path / "unzipped")
    done = other_cli(shlex.split(shown), tmp_path / "unzipped" / "deck")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "unzipped" / "deck" / "deck.pdf").read_bytes() == pdf


def test_the_pictures_of_the_rows_a_matching_deck_leaves_out_say_so(client, tmp_path):
    """8 rows make the 7-card deck of 3 from the first 7: the 8th row's picture is left out,
    and its tile says so in the plan and in the deck made, whose fronts never print it."""
    from tests.app.test_deck import _middle, _printed_colours

    names = [*ANIMALS, "owl"]
    sid = new_session(client)
    assert upload(client, sid, table(tmp_path, names=names)).is_success
    made = pictures(tmp_path, names)
    for path in made:
        assert upload(client, sid, path).is_success
    owl = {"owl.png": {"note": "not in this deck: its 7 cards need only 7 rows of vocab.csv"}}
    planned = plan(client, sid)
    assert planned["ok"], planned
    assert planned["files"] == {"vocab.csv": {"about": "vocabulary: 8 rows"}, **owl}
    assert client.post(f"/api/s/{sid}/build", json={"choices": {}}, headers=POST).is_success
    job = wait_for_job(client, sid)
    assert job["state"] == "done", job["message"]
    assert job["result"]["files"] == planned["files"]
    session = client.sessions.get(sid)
    pdf = session.out / f"deck-{job['result']['number']}.pdf"
    printed = _printed_colours(pdf, job["result"]["pages"])
    assert printed and _middle(made[-1]) not in printed  # some rows show their word instead


def test_a_table_naming_bare_pictures_is_kept_in_their_folder(client, tmp_path):
    sid = new_session(client)
    for path in pictures(tmp_path):
        upload(client, sid, path)
    stored = upload(client, sid, table(tmp_path, "{}.png")).json()
    assert stored["kind"] == "table"
    planned = plan(client, sid)
    assert planned["ok"] and planned["files"] == {"vocab.csv": {"about": "vocabulary: 7 rows"}}
    with zipfile.ZipFile(
        io.BytesIO(client.get(f"/api/s/{sid}/download/pictures.zip").content)
    ) as z:
        assert "deck/pictures/vocab.csv" in z.namelist()


def test_the_pictures_a_table_names_and_lacks_are_said_and_the_deck_waits_for_them(
    client, tmp_path
):
    sid = new_session(client)
    upload(client, sid, table(tmp_path))
    for path in pictures(tmp_path)[:4]:
        upload(client, sid, path)
    said = (
        "vocab.csv names these 3 pictures, not added yet: eel.png, fox.png, gnu.png; "
        "add them (or their folder)"
    )
    assert plan(client, sid) == {"ok": False, "error": said, "files": {"vocab.csv": {"bad": said}}}
    assert client.post(f"/api/s/{sid}/build", json={"choices": {}}, headers=POST).is_success
    job = wait_for_job(client, sid)
    assert (job["state"], job["message"]) == ("error", said)


def test_a_word_list_file_is_one_more_source_as_on_the_command_line(client, tmp_path):
    sid = new_session(client)
    listed = tmp_path / "animals.txt"
    listed.write_text("# farm\nhorse\ncow\npig\nsheep\n")
    assert upload(client, sid, listed).json() == {
        "name": "animals.txt",
        "kind": "words",
        "about": "word list: 4 words",
        "given": "animals.txt",
    }
    client.post(f"/api/s/{sid}/words", content=b"hen\nduck\ngoat\n", headers=POST)
    planned = plan(client, sid)
    assert planned["ok"] and planned["found"] == 7
    assert planned["why"].startswith("7 words: 3 per card gives the full 7-card deck")
    assert planned["files"] == {"animals.txt": {"about": "word list: 4 words"}}
    assert client.post(f"/api/s/{sid}/build", json={"choices": {}}, headers=POST).is_success
    job = wait_for_job(client, sid)
    assert job["state"] == "done", job["message"]
    assert job["result"]["command"] == (
        "dobble-print build words.txt animals.txt -o deck.pdf "
        f"--seed {job['result']['seed']} --lang en"
    )
    pdf = client.get(f"/api/s/{sid}/download/deck.pdf").content
    text = "".join(page.get_text() for page in pymupdf.open(stream=pdf))
    assert all(word in text for word in ("horse", "pig", "goat"))
    with zipfile.ZipFile(
        io.BytesIO(client.get(f"/api/s/{sid}/download/pictures.zip").content)
    ) as z:
        assert sorted(z.namelist()) == ["deck/animals.txt", "deck/command.txt", "deck/words.txt"]
    # removed, it is no source any more
    assert client.post(f"/api/s/{sid}/pictures/animals.txt/remove", headers=POST).is_success
    assert plan(client, sid)["found"] == 3


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        (
            "list.txt",
            "cat, dog, sun\n",
            "list.txt: the words are on one line, separated by commas; put one word per line",
        ),
        ("empty.txt", "\n# nothing\n", "empty.txt: holds no words; put one word per line"),
        (
            "vocab.csv",
            "picture,word\nimages/cat.png,cat\n",
            "vocab.csv: the app keeps all pictures in one folder, so it cannot find "
            "images/cat.png; write every picture as cat.png or every one as pictures/cat.png, "
            "then add the table again",
        ),
        (
            "mixed.csv",
            "picture,word\ncat.png,cat\npictures/dog.png,dog\n",
            "mixed.csv: the app keeps all pictures in one folder, so it cannot find "
            "pictures/dog.png; write every picture as dog.png or every one as pictures/dog.png, "
            "then add the table again",
        ),
    ],
)
def test_a_text_file_the_app_cannot_use_is_refused_in_one_sentence(
    client, tmp_path, name, text, said
):
    sid = new_session(client)
    path = tmp_path / name
    path.write_text(text)
    answer = upload(client, sid, path)
    assert (answer.status_code, answer.json()) == (415, {"error": said})
    assert sorted(p.name for p in (tmp_path / "root" / sid).iterdir()) == ["out", "pictures"]


def test_a_table_beside_other_sources_or_a_second_table_is_refused_in_words(client, tmp_path):
    sid = new_session(client)
    upload(client, sid, table(tmp_path))
    for path in pictures(tmp_path):
        upload(client, sid, path)
    client.post(f"/api/s/{sid}/words", content=b"sun\nmoon\n", headers=POST)
    said = (
        "vocab.csv makes the whole deck from its rows; remove the words typed in, "
        "or remove vocab.csv"
    )
    assert plan(client, sid)["error"] == said
    again = upload(client, sid, table(tmp_path, name="more.csv"))
    assert (again.status_code, again.json()["error"]) == (
        415,
        "more.csv: a deck is made from one vocabulary file; remove vocab.csv first",
    )
    assert client.post(f"/api/s/{sid}/pictures/vocab.csv/remove", headers=POST).is_success
    assert client.get(f"/api/s/{sid}/state").json()["files"] == []


def test_the_server_draws_a_picture_the_browser_cannot(client, tmp_path):
    """GET …/pictures/NAME/preview: a PNG of at most 256 px for a HEIC; 404 for a file that is
    not a picture (its tile says why) and for a name not uploaded."""
    import io

    from PIL import Image

    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    sid = new_session(client)
    photo = tmp_path / "IMG_0002.HEIC"
    Image.new("RGB", (600, 400), (10, 160, 60)).save(photo)
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not a png at all")
    for path in (photo, junk):
        assert upload(client, sid, path).is_success
    answer = client.get(f"/api/s/{sid}/pictures/IMG_0002.HEIC/preview")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(answer.content)).size == (256, 171)
    assert client.get(f"/api/s/{sid}/pictures/junk.png/preview").status_code == 404
    assert client.get(f"/api/s/{sid}/pictures/nothing.png/preview").status_code == 404


def test_a_picture_named_as_a_windows_device_is_stored_under_a_name_windows_unzips(
    client, tmp_path
):
    """CON.png, nul.jpg: Windows cannot make such files, so the zips the page downloads could
    not be unpacked there; they are stored (and zipped) as CON_.png, nul_.jpg (main kept them)."""
    sid = new_session(client)
    made = make_pictures(tmp_path / "p", 2)
    for path, name in zip(made, ["CON.png", "nul.png"], strict=True):
        answer = upload(client, sid, path, name)
        assert answer.is_success
        assert answer.json()["name"] == name.replace(".", "_.", 1)
