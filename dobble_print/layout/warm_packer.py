"""Imported by the packing workers' fork server (:func:`deck_layout.start_packers`): loads the
packer's compiled loops once, so that every worker forked from the server starts with them ready.

numba compiles (or loads from its disk cache) each loop on its first call, about a second in all,
so importing is not enough: a tiny card is packed here, on both grids, which calls every loop with
the argument types real cards use. A failure here is ignored: the worker meets it again on its
first card and reports it there.
"""

from __future__ import annotations

import contextlib

with contextlib.suppress(Exception):
    from dobble_print.layout.packing import warm_up

    warm_up()
