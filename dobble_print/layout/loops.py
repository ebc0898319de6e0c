"""The packer's compiled loops as the packing modules call them: compiled ahead of time for this
machine when it could be (:mod:`build_loops`, which ``make`` runs once), else :mod:`kernels`
compiled by numba on first use.

Both are the same source, :mod:`kernels`. numba in a process costs ~1 s of CPU and ~120 MB
before the first card is packed (importing it and LLVM, loading its typing tables, which import
scipy's linear algebra, and linking each cached loop); the same loops compiled ahead of time are a
plain extension module, imported in a millisecond. Every build process pays that: the command,
its fork server, each packing worker, the app, each test that runs the command.

The module is named by a fingerprint of what it was compiled from (``kernels.py``, how
(``build_loops.py``), the types in :data:`EXPORTS`, this machine's processor, numpy's
version): after an update that changed the loops, or on another machine, the name differs and
numba's loops are used until ``make`` compiles the module again (numba's own version is
pyproject.toml's pin, which ``make`` also compiles again after). The loops release the GIL as
numba's do (``nogil``), so threads pack in parallel either way.

A compiled module takes its arrays as declared (:data:`EXPORTS`), contiguous and of one
type, and would read any other as if it were: every call is checked (~0.2 µs), and one that is
not as declared is answered by numba's loop instead, which compiles for what it is given.
``DOBBLE_PRINT_LOOPS=numba`` uses numba's loops throughout (the tests compare the two).
"""

from __future__ import annotations

import collections
import hashlib
import importlib
import importlib.machinery
import os
import platform
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np

HERE = Path(__file__).parent
PREFIX = "_loops_"  # the compiled module's name: PREFIX + fingerprint()
FORCE = "DOBBLE_PRINT_LOOPS"  # "numba": numba's loops even when a compiled module exists

# The loops the other modules call, and their arguments as the packer passes them (C-contiguous
# arrays: "type[dimensions]"; "int", "float", "flag"): what the compiled module is compiled for.
EXPORTS: dict[str, tuple[str, ...]] = {
    "summed_area": ("bool[2]",),
    "outline_boxes": ("bool[2]", "bool[2]", "int"),
    "raster_runs": ("uint16[2]", *["int"] * 5, *["float"] * 4),
    "ring_runs": ("bool[2]", "int"),
    "dilate": ("bool[2]", "bool[2]"),
    "disc_grown": ("bool[2]", "int", "int"),
    "add_zone": ("int16[2]", "bool[2]", "int", "int", "int"),
    "refresh": ("int16[3]", "int16[2]", "bool[2]", *["int"] * 5, "flag"),
    "any_fit": ("int16[3]", "int32[2]", "int", "int", "int"),
    "best_corner": ("int16[3]", "int32[2]", "int32[2]", "float", "int", "int", "int", "float64[2]"),
    "fits_near": ("int16[3]", "int32[2]", *["int"] * 5, "int64[2]"),
    "neighbours": ("float64[2]", "int64[1]", "float"),
    "pair_bounds": (
        "float64[2]",
        "int64[1]",
        "float64[2]",
        "float64[1]",
        "int64[1]",
        *["float64[1]"] * 4,
        "float",
        "float",
        "float64[2]",
        "float64[1]",
    ),  # fmt: skip
    "most_violated": ("float64[2]", "float64[1]", "int64[1]", "float64[2]"),
    # the measuring of the laid-out cards (metrics), where this module was compiled
    "outline_mm": ("bool[2]", "int", "int", "float", "float"),
    "least_squared": ("float64[2]", "float64[2]", "float"),
}


def array_type(spec: str) -> tuple[str, int] | None:
    """("int16", 3) for "int16[3]"; None for a number."""
    if "[" not in spec:
        return None
    name, dims = spec.rstrip("]").split("[")
    return name, int(dims)


def machine() -> str:
    """What the compiled code may assume of the processor. On Linux, the first processor's
    model and instruction sets (the module is compiled for this processor, ~25 % faster than
    for any x86-64); elsewhere the kind of machine only (it is compiled for any of that kind)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            first = []
            for line in info:
                if not line.strip():
                    break
                if line.startswith(("vendor_id", "model name", "flags", "Features", "CPU part")):
                    first.append(line.strip())
        if first:
            return "host:" + "\n".join(first)
    except OSError:
        pass
    return "generic:" + platform.machine()


def fingerprint() -> str:
    """What the compiled module must have been compiled from to be used: 16 hex digits."""
    digest = hashlib.sha256((HERE / "kernels.py").read_bytes())
    digest.update((HERE / "build_loops.py").read_bytes())  # how it was compiled
    digest.update(repr(EXPORTS).encode())  # the types it was compiled for
    digest.update(repr(PARTS).encode())  # which module holds which loop
    digest.update(machine().encode())
    digest.update(np.__version__.encode())
    return digest.hexdigest()[:16]


# The loops as two modules, each compiled by a process of its own (build_loops), on two cores at
# once: about half of the loops' compiling time each, where one module took 22.9 s. pair_bounds
# and raster_runs, the longest, are in one each; outline_mm and least_squared with the first, so
# both end together (numba's cache empty, both at once, 3 pairs: 22.8 s for both where the
# first had only the four before them, 20.2 s with them). The second part is the loops not in
# the first.
FIRST_PART = (
    "pair_bounds",
    "neighbours",
    "most_violated",
    "ring_runs",
    "outline_mm",
    "least_squared",
)
PARTS = (FIRST_PART, tuple(name for name in EXPORTS if name not in FIRST_PART))


def part_names() -> list[str]:
    """The compiled modules' names: ``PREFIX`` + fingerprint + the part's number."""
    return [f"{PREFIX}{fingerprint()}_{number}" for number in range(len(PARTS))]


def module_file(folder: Path, name: str) -> Path | None:
    """The extension module ``name``'s file in ``folder`` (by this Python's suffixes), if any."""
    files = [folder / (name + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
    return next((file for file in files if file.is_file()), None)


def compiled_path() -> Path | None:
    """The file of the first module compiled ahead of time from this ``kernels.py`` on this
    machine, if every part is there and numba's loops are not asked for."""
    if os.environ.get(FORCE) == "numba":
        return None
    found = [module_file(HERE, name) for name in part_names()]
    return found[0] if all(found) else None


def compiled_module() -> ModuleType | None:
    """The loops compiled ahead of time from this ``kernels.py`` on this machine, if any: one
    module holding every part's."""
    if compiled_path() is None:
        return None
    joined = ModuleType(f"dobble_print.layout.{PREFIX}{fingerprint()}")
    try:
        for name, exports in zip(part_names(), PARTS, strict=True):
            part = importlib.import_module(f"dobble_print.layout.{name}")
            for export in exports:
                setattr(joined, export, getattr(part, export))
    except (ImportError, OSError, AttributeError):
        return None
    return joined


# Calls answered by numba, by loop: an argument not as EXPORTS declares it (counted, not listed:
# the app's server lives for days).
fallbacks: collections.Counter[str] = collections.Counter()


WHOLE = frozenset({int, np.int64, np.int32, np.int16, np.int8, np.uint32, np.uint16, np.uint8})


def _checked(name: str, fast: Callable, specs: tuple[str, ...]) -> Callable:
    """``fast`` for calls whose arrays are contiguous, writable (the compiled loop would write
    into a read-only one; numba refuses to) and of the declared type and dimensions, and whose
    whole numbers are whole; numba's for any other, so a call is never read wrongly.

    The test is written out for each loop, one expression over its arguments by name (as
    ``dataclasses`` writes its methods): the packer makes ~100,000 calls a card deck, and a
    loop over the declared types took ~0.8 µs a call, a tenth of the packing's time; this
    takes ~0.2 µs."""
    names = [f"a{k}" for k in range(len(specs))]
    tests, scope = [], {"fast": fast, "slow": _slow, "ndarray": np.ndarray, "WHOLE": WHOLE}
    for arg, spec in zip(names, specs, strict=True):
        array = array_type(spec)
        if array is not None:
            scope[f"{arg}_type"] = np.dtype(array[0])
            tests.append(
                f"type({arg}) is ndarray and {arg}.dtype == {arg}_type and {arg}.ndim == {array[1]}"
                f" and ({arg}_flags := {arg}.flags).c_contiguous and {arg}_flags.writeable"
            )
        elif spec == "int":
            tests.append(f"type({arg}) in WHOLE")
    args = ", ".join(names)
    source = (
        f"def {name}({args}):\n"
        f"    if {' and '.join(tests)}:\n"
        f"        return fast({args})\n"
        f"    return slow({name!r}, ({args},))\n"
    )
    exec(compile(source, f"<loops.{name}>", "exec"), scope)  # noqa: S102  (our own text)
    call: Callable = scope[name]  # type: ignore[assignment]
    call.__doc__ = fast.__doc__
    return call


def _slow(name: str, args: tuple):
    from dobble_print.layout import kernels

    fallbacks[name] += 1
    return getattr(kernels, name)(*args)


def _bind(target: dict) -> None:
    """Put each exported loop in ``target``, the compiled module's, checked, or numba's, and
    the module in use as ``COMPILED`` (None: numba's)."""
    module = compiled_module()
    if module is None:
        from dobble_print.layout import kernels

        for name in EXPORTS:
            target[name] = getattr(kernels, name)
    else:
        for name, specs in EXPORTS.items():
            target[name] = _checked(name, getattr(module, name), specs)
    target["COMPILED"] = module


def __getattr__(name: str):
    """The loops are bound on first use, not on import: :func:`compiled_path` is asked (before a
    build, whether the packer must be prepared) by processes that never pack."""
    if name in EXPORTS or name == "COMPILED":
        _bind(globals())
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The loops and the module in use, bound by _bind; named here for readers and type checkers.
COMPILED: ModuleType | None
summed_area: Callable
outline_boxes: Callable
raster_runs: Callable
ring_runs: Callable
dilate: Callable
disc_grown: Callable
add_zone: Callable
refresh: Callable
any_fit: Callable
best_corner: Callable
fits_near: Callable
neighbours: Callable
pair_bounds: Callable
most_violated: Callable
outline_mm: Callable
least_squared: Callable


def frame(count: np.ndarray, rim: np.ndarray, pad: int) -> np.ndarray:
    """The blocked frame (rim, any zone, or the ``pad`` border) as two tables: ``[0]``, per-row
    prefix sums (``[0, i, j]`` is the number of blocked cells left of column j); ``[1]``, the last
    blocked column at or left of each column (-1 when none)."""
    g = count.shape[0]
    # int16: a grid is a few hundred cells across, and half the bytes of the settling grid's
    # frame (~0.4 MB) stay in the cache alongside the pictures' tables
    out = np.empty((2, g + 2 * pad, g + 2 * pad + 1), np.int16)
    (globals().get("refresh") or __getattr__("refresh"))(out, count, rim, pad, 0, g, 0, g, True)
    return out
