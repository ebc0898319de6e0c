"""Layout benchmark: lay out the classic deck (8 per card, 57 cards, 85 mm) and measure it.

For the default icons and, when present, the second icon set in bench/data/noto: loads the symbols
and assigns them to the plane's points as a build does (not timed), then times ``layout_deck``
alone several times (best and median, since the machine is shared), and prints the deck's
metrics from :mod:`dobble_print.layout.metrics`. A benchmark, not a test: nothing here asserts.

Usage: .venv/bin/python bench/layout.py [--runs 5] [--workers N] [--seed 1] [FOLDER ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dobble_print.card import CardShape  # noqa: E402
from dobble_print.deck.mixing import mix  # noqa: E402
from dobble_print.deck.plane import build_deck, shuffle_cards  # noqa: E402
from dobble_print.layout.deck_layout import layout_deck, start_packers  # noqa: E402
from dobble_print.layout.metrics import measure_deck  # noqa: E402
from dobble_print.pipeline import symbol_pixels  # noqa: E402
from dobble_print.symbols.ink import measure_ink  # noqa: E402
from dobble_print.symbols.loading import find_sources, load_symbols  # noqa: E402

CARD = 85.0


def bench(folder: Path, *, runs: int, workers: int | None, seed: int) -> None:
    deck = build_deck(8)
    start_packers(len(deck.cards), workers)  # as a build does, while the pictures load
    found = find_sources((folder,))
    px = symbol_pixels(CARD, 3.0, 8)
    symbols = load_symbols(found, need=deck.symbol_count, max_px=px).symbols
    ink = measure_ink([s.rgba for s in symbols])
    deck = shuffle_cards(mix(deck, ink.shares, seed), seed)  # as a build does
    times, layouts = [], None
    for _ in range(runs):
        start = time.perf_counter()
        layouts = layout_deck(
            deck, symbols, card=CardShape(size=CARD), seed=seed, workers=workers, ink=ink
        )
        times.append(time.perf_counter() - start)
    m = measure_deck(layouts, symbols, shape=CardShape(size=CARD)).deck
    print(
        f"{folder.name}: 57 cards laid out in {min(times):.2f} s best, "
        f"{statistics.median(times):.2f} s median of {runs}"
    )
    print(
        f"  coverage mean {m.coverage_mean:.3f} min {m.coverage_min:.3f}; "
        f"clearance {m.clearance:.2f} mm; ink {m.edge:.2f} mm from the cut; "
        f"size ratio {m.size_ratio_mean:.2f} ({m.size_ratio_min:.2f}-{m.size_ratio_max:.2f}); "
        f"smallest {m.smallest:.1f} mm"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    folders = args.folders or [
        f for f in (REPO / "assets" / "icons", REPO / "bench" / "data" / "noto") if f.is_dir()
    ]
    for folder in folders:
        bench(folder, runs=args.runs, workers=args.workers, seed=args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
