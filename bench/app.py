"""The app's speed (`make bench`): a warm rebuild and one card re-laid in the app, each against the
cold CLI build of the classic deck, measured in turn in one run and given as ratios; and how soon
the page and each picture's upload answer.

The app is the real server process (``python -m dobble_print.app``) driven over HTTP, the 57 icons
uploaded and one deck made first (the pictures decoded, the packing workers' server started). Then,
round after round: the cold CLI build in a fresh process, "Shuffle again" in the app (a new seed),
and "shuffle this card" (one card re-laid). The app's times run from the click's POST until the job
is done (the PDF written), and until all its pages are drawn as PNGs for the page (one by one).
Ratios are total over total, so that all three meet the same minutes of a machine whose speed
drifts. When Chromium is installed, the page's first contentful paint is measured in it.
Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ICONS = REPO / "assets" / "icons"
ROUNDS = max(3, int(os.environ.get("BENCH_RUNS", "3")))
CLASSIC = ["-n", "8", "--paper", "a4", "--card-size", "85mm"]  # as bench/run.py's classic
CHROMIUM = Path("/usr/bin/chromium")


class App:
    """The app as a real server process, spoken to over HTTP with its token's cookie."""

    def __init__(self, tmp: Path) -> None:
        env = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dobble_print.app", "--no-browser"],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        found = re.search(r"(http://127\.0\.0\.1:\d+)/\?token=(\S+)", self.proc.stdout.readline())
        if not found:
            self.proc.kill()
            raise SystemExit("bench/app.py: the app printed no address")
        self.url = found.group(0)
        self.base, token = found.group(1), found.group(2)
        port = self.base.rsplit(":", 1)[1]
        self.headers = {"Cookie": f"dobble_token_{port}={token}", "X-Dobble": "1"}
        self.sid = self.post("/api/session")["id"]

    def request(self, path: str, body: bytes | None = None, json_body=None) -> bytes:
        headers = dict(self.headers)
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        method = "GET" if body is None else "POST"
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=600) as answer:
            return answer.read()

    def post(self, path: str, body: bytes = b"", json_body=None) -> dict:
        return json.loads(self.request(path, body, json_body))

    def job(self, path: str, json_body: dict) -> tuple[float, float]:
        """Start a job; seconds until it is done (the PDF written) and until the page then
        shows every sheet (each page drawn on request, as the browser asks for them)."""
        start = time.perf_counter()
        self.post(f"/api/s/{self.sid}/{path}", json_body=json_body)
        while True:  # the server answers the moment the job ends (or after 5 s)
            state = json.loads(self.request(f"/api/s/{self.sid}/job?wait=5"))
            if state["state"] != "running":
                break
        done = time.perf_counter() - start
        if state["state"] != "done":
            raise SystemExit(f"bench/app.py: the app's job failed: {state['message']}")
        for page in state["result"]["pages"]:
            self.request(f"/api/s/{self.sid}/pages/{page['file']}")
        return done, time.perf_counter() - start

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def cold_build(out: Path, seed: int) -> float:
    cmd = [sys.executable, "-m", "dobble_print", "build", str(ICONS), *CLASSIC]
    start = time.perf_counter()
    subprocess.run(
        [*cmd, "-o", str(out), "--seed", str(seed), "--quiet"],
        check=True,
        cwd=out.parent,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def first_paint(url: str) -> float | None:
    """The page's first contentful paint in Chromium, ms; None without Chromium."""
    if not CHROMIUM.exists():
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    flags = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready='true']")
        paint = page.evaluate(
            "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime"
        )
        browser.close()
    return paint


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        app = App(tmp / "app")
        try:
            page = []
            for _ in range(20):
                start = time.perf_counter()
                for path in ("/", "/static/js/main.js", "/static/app.css", "/api/menus"):
                    app.request(path)
                page.append(time.perf_counter() - start)
            uploads = []
            for icon in sorted(ICONS.glob("*.svg")):
                start = time.perf_counter()
                app.post(f"/api/s/{app.sid}/pictures?name={icon.name}", icon.read_bytes())
                uploads.append(time.perf_counter() - start)
            start = time.perf_counter()
            app.post(f"/api/s/{app.sid}/plan", json_body={"choices": {}})
            plan_s = time.perf_counter() - start
            first_pdf, first = app.job("build", {"choices": {}})
            cold, warm, warm_pdf, relay, relay_pdf = [], [], [], [], []
            for r in range(ROUNDS):
                cold.append(cold_build(tmp / f"cold-{r}.pdf", seed=100 + r))
                pdf, shown = app.job("build", {"choices": {}, "seed": "new"})
                warm_pdf.append(pdf)
                warm.append(shown)
                pdf, shown = app.job("reshuffle", {"card": 5 + r})
                relay_pdf.append(pdf)
                relay.append(shown)
                print(
                    f"  round {r + 1}: cold CLI {cold[-1]:.2f} s, warm rebuild "
                    f"{warm_pdf[-1]:.2f} s, one card re-laid {relay_pdf[-1]:.2f} s (to the PDF)",
                    file=sys.stderr,
                )
            paint = first_paint(app.url)
        finally:
            app.stop()
    med = statistics.median
    lines = [
        "| app | median s | / cold CLI build (total over total) |",
        "|---|---|---|",
        f"| cold CLI build, classic deck (fresh process) | {med(cold):.2f} | 1.00 |",
        f"| warm rebuild, new seed, to the PDF | {med(warm_pdf):.2f} | "
        f"{sum(warm_pdf) / sum(cold):.2f} |",
        f"| warm rebuild, new seed, all pages drawn | {med(warm):.2f} | "
        f"{sum(warm) / sum(cold):.2f} |",
        f"| one card re-laid, to the PDF | {med(relay_pdf):.2f} | "
        f"{sum(relay_pdf) / sum(cold):.2f} |",
        f"| one card re-laid, all pages drawn | {med(relay):.2f} | {sum(relay) / sum(cold):.2f} |",
        "",
        f"{ROUNDS} rounds in turn. First deck in the app (decoding, workers starting): "
        f"{first_pdf:.2f} s to the PDF, {first:.2f} s with all its pages; plan of 57 pictures "
        f"{plan_s:.2f} s. Page and its files served in {1000 * med(page):.1f} ms (median of 20); "
        f"one picture uploaded in {1000 * med(uploads):.1f} ms (median of 57, slowest "
        f"{1000 * max(uploads):.1f} ms)"
        + (f"; first contentful paint in Chromium {paint:.0f} ms." if paint else "."),
    ]
    text = "\n".join(lines)
    print(text)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    with open(REPO / "bench" / "RESULTS.md", "a", encoding="utf-8") as fh:
        fh.write(f"\n## {stamp}, commit {commit or 'unknown'}, app\n\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
