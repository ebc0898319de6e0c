"""Make ``dobble_print/data/fields/tables.json``: the addition and multiplication tables of the
finite fields GF(pᵏ), k > 1, that the supported decks need (orders 4, 8, 9, 16, 25 and 27), from
galois.

A deck of 5, 9, 10, 17, 26 or 28 symbols a card is a plane over such a field. Importing galois and
building its first field of each characteristic cost a build 2-2.5 s (it compiles the field's
arithmetic with numba on every run): a class of 25 children's photos (5 a card) paid it on every
build, and the app on the first plan of 21 to 30 pictures. The tables are galois's own (its Conway
polynomials, its integer representation of the elements), made here once and shipped; every deck
built from them is still verified when it is built (:func:`plane.verify_deck`), and
``tests/deck/test_plane.py`` checks them against galois.

Run from the repository, with the test dependencies installed: ``python tools/field_tables.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import galois
import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dobble_print.deck.plane import FIELDS, MAX_ORDER, prime_power  # noqa: E402


def tables() -> dict[str, dict]:
    """Each order's irreducible polynomial and its two tables, as lists of rows."""
    out = {}
    for q in range(2, MAX_ORDER + 1):
        p, k = prime_power(q) or (0, 0)
        if k > 1:
            field = galois.GF(q)
            e = field.elements
            out[str(q)] = {
                "irreducible_poly": str(field.irreducible_poly),
                "add": np.asarray(e[:, None] + e[None, :], dtype=np.int64).tolist(),
                "mul": np.asarray(e[:, None] * e[None, :], dtype=np.int64).tolist(),
            }
    return out


def main() -> int:
    made = {"galois": galois.__version__, "fields": tables()}
    FIELDS.write_text(json.dumps(made, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{FIELDS.relative_to(REPO)}: GF({', '.join(made['fields'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
