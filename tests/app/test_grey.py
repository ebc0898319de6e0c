"""The page offers the deck as a black-and-white printer prints it (issue 42): its control comes
from the option table, and the sheets the page shows, drawn from the PDF, are grey."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from tests.app.conftest import POST, new_session, upload, wait_for_job
from tests.conftest import make_pictures


def test_the_page_shows_the_deck_as_a_black_and_white_printer_prints_it(client, tmp_path):
    menus = client.get("/api/menus?lang=fr").json()
    control = next(c for c in menus["controls"] if c["name"] == "grey")
    assert (control["kind"], control["label"]) == ("switch", "Pour une imprimante noir et blanc")
    sid = new_session(client)
    for p in make_pictures(tmp_path / "p", 7):
        assert upload(client, sid, p).is_success
    sheets = {}
    for grey in ("no", "yes"):
        choices = {"preset": "", "values": {"grey": grey, "card_color": "cream"}}
        answer = client.post(f"/api/s/{sid}/build", json={"choices": choices}, headers=POST)
        assert answer.status_code == 202
        job = wait_for_job(client, sid)
        assert job["state"] == "done", job["message"]
        front = next(p for p in job["result"]["pages"] if p["kind"] == "front")
        png = client.get(f"/api/s/{sid}/pages/{front['file']}")
        pixels = np.asarray(Image.open(io.BytesIO(png.content)).convert("RGB")).astype(int)
        sheets[grey] = int(
            ((pixels[..., 0] != pixels[..., 1]) | (pixels[..., 1] != pixels[..., 2])).sum()
        )
        assert job["result"]["command"].endswith(" --grey") == (grey == "yes")
    assert sheets["no"] > 1000 and sheets["yes"] == 0, sheets
