"""Compile the packer's loops (:mod:`kernels`) ahead of time, into extension modules beside
them that :mod:`loops` uses: ``python -m dobble_print.layout.build_loops`` (``make`` runs it
once, and again when ``kernels.py`` changes). About 20 s on two cores from a clean clone (two
parts, each by a process of its own, :data:`loops.PARTS`: one module took 23 s); needs a C
compiler and the Python headers (numba's ``pycc`` links the modules with them), so where there
are none it says so and builds use numba's loops, compiled on first use, as before.

The module is compiled by numba itself from the same source, for the argument types the packer
passes (:data:`loops.EXPORTS`): the same LLVM code as numba's own, so the same results, byte for
byte in the PDF (a test builds decks both ways). Two choices differ from ``pycc``'s defaults:
the loops release the GIL while they run, as numba's do with ``nogil`` (threads pack in
parallel where nothing forks), and on Linux they are compiled for this processor and its
instruction sets, as numba compiles (for any x86-64 they were ~25 % slower); elsewhere for any
processor of its kind, as a copied folder must not crash on an older one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

from dobble_print.layout.loops import (
    EXPORTS,
    HERE,
    PARTS,
    PREFIX,
    array_type,
    machine,
    module_file,
    part_names,
)


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    """The compiler's and linker's output, and numba's notice that pycc will be replaced, kept
    off the terminal (``make``'s output is for the user); an error is still raised and said."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with open(os.devnull, "w") as null, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        os.dup2(null.fileno(), 1)
        os.dup2(null.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


@contextlib.contextmanager
def _temporary_files_in(folder: str) -> Iterator[None]:
    """Every temporary file of the build in ``folder`` (removed after it): pycc keeps its
    build folder when compiling fails, and numba's test of the C compiler leaves two."""
    before = tempfile.tempdir
    tempfile.tempdir = folder
    try:
        yield
    finally:
        tempfile.tempdir = before


def _numba_type(spec: str):
    from numba import types
    from numba.np.numpy_support import from_dtype

    array = array_type(spec)
    if array is not None:
        return types.Array(from_dtype(__import__("numpy").dtype(array[0])), array[1], "C")
    return {"int": types.int64, "float": types.float64, "flag": types.boolean}[spec]


def _host_features(_codegen) -> str:
    """This processor's instruction sets as LLVM names them: what numba's JIT compiles for. By
    the processor's name alone LLVM assumes every set of its model, which a virtual machine
    may not offer (an instruction it lacks stops the process)."""
    import llvmlite.binding  # type: ignore[import-untyped]

    return llvmlite.binding.get_host_cpu_features().flatten()


_MODULE = "dobble_print.layout.build_loops"


def in_process(code: str) -> list[str]:
    """The command that runs ``code``, with this module's names, in a process of its own. It
    imports this module by its name: run as ``python -m``, it is ``__main__`` here."""
    return [sys.executable, "-c", f"from {_MODULE} import *; {code}"]


def compiling(number: int, folder: Path) -> list[str]:
    """The command that compiles part ``number`` into ``folder`` (:func:`part_main`)."""
    return in_process(f"part_main({number}, Path({str(folder)!r}))")


REASON = "reason.txt"  # in a part's folder: why its process could not compile it


def part_main(number: int, folder: Path) -> None:
    """:func:`build_part` in a process of its own: its error's words in ``folder``'s
    :data:`REASON` (what the build says, as of the part it compiles itself), exit code 1."""
    try:
        build_part(number, folder)
    except Exception as error:  # noqa: BLE001 (said by the process that started this one)
        (folder / REASON).write_text(str(error) or type(error).__name__, encoding="utf-8")
        sys.exit(1)


def jit(exports: Sequence[str]) -> None:
    """Compile these loops with numba, for the types the packer passes, into numba's cache."""
    from dobble_print.layout import kernels

    for export in exports:
        getattr(kernels, export).compile(tuple(_numba_type(s) for s in EXPORTS[export]))


def build(folder: Path = HERE) -> Path:
    """Compile the modules (:data:`loops.PARTS`) into ``folder``, each part by a process of its
    own at once (about half the time: compiling is one core's work, ~20 s in all), put them in
    place only once all are made (another process never imports half of them), remove the ones
    compiled from other sources, and return the first's path.

    Raises:
        RuntimeError: a part could not be compiled (no C compiler, no Python headers…): what
            its process said (:func:`part_main`).
    """
    with tempfile.TemporaryDirectory() as scratch:
        places = [Path(scratch) / str(number) for number in range(len(PARTS))]
        for place in places:
            place.mkdir()
        others = [
            subprocess.Popen(
                compiling(number, place), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            for number, place in enumerate(places[1:], start=1)
        ]
        try:
            made = [build_part(0, places[0])]
            for other in others:
                other.wait()
        except BaseException:  # this part failed, or Ctrl-C: theirs are not used
            for other in others:
                other.kill()
                other.wait()
            raise
        for number, (other, place) in enumerate(zip(others, places[1:], strict=True), start=1):
            reason = place / REASON
            if other.returncode != 0:
                raise RuntimeError(
                    reason.read_text(encoding="utf-8")
                    if reason.is_file()
                    else f"the process compiling part {number} ended with code {other.returncode}"
                )
            made.append(_module_in(place, number))
        for one in made:
            part = folder / (one.name + ".part")  # a process killed here leaves only this (ignored)
            shutil.copy(one, part)
            os.replace(part, folder / one.name)
    kept = {one.name for one in made}
    for old in folder.glob(PREFIX + "*"):
        if old.name not in kept:
            old.unlink(missing_ok=True)
    return folder / made[0].name


def _module_in(folder: Path, number: int) -> Path:
    """Part ``number``'s module in ``folder``, as this process names it (another process could
    have read another ``kernels.py``, saved meanwhile).

    Raises:
        RuntimeError: it is not there.
    """
    found = module_file(folder, part_names()[number])
    if found is not None:
        return found
    raise RuntimeError(f"part {number} of the loops was compiled from another source; run again")


def build_part(number: int, folder: Path) -> Path:
    """Compile part ``number`` of the loops (:data:`loops.PARTS`) into ``folder``: first with
    numba (each export's return type, and numba's cache, which builds use where nothing was
    compiled ahead of time), then ahead of time, as a module of its own. Its path."""
    from numba.core.codegen import AOTCPUCodegen
    from numba.pycc import CC, compiler

    from dobble_print.layout import kernels

    class _ReleasingTheGil(compiler.Flags):
        """pycc's flags, with the GIL released around each call (numba's ``nogil``)."""

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.release_gil = True  # type: ignore[assignment]  # numba's Option descriptor

    name, exports = part_names()[number], PARTS[number]
    # its temporary files in ``folder``: when its process is ended (the other part failed),
    # they go with the build's own
    with (
        tempfile.TemporaryDirectory(dir=folder) as scratch,
        _silenced(),
        _temporary_files_in(scratch),
    ):
        jit(exports)
        cc = CC(name)
        cc.output_dir = scratch
        cc.verbose = False
        if machine().startswith("host:"):
            import llvmlite.binding

            cc.target_cpu = llvmlite.binding.get_host_cpu_name()
        for export in exports:
            dispatcher = getattr(kernels, export)
            args = tuple(_numba_type(s) for s in EXPORTS[export])
            result = dispatcher.overloads[args].signature.return_type
            cc.export(export, result(*args))(dispatcher.py_func)
        original = compiler.Flags, AOTCPUCodegen._customize_tm_features
        compiler.Flags = _ReleasingTheGil  # type: ignore[misc]  # pycc makes its flags itself
        if cc.target_cpu:  # this processor's own instruction sets, as numba's JIT asks for
            AOTCPUCodegen._customize_tm_features = _host_features  # type: ignore[method-assign]
        try:
            cc.compile()
        finally:
            compiler.Flags = original[0]  # type: ignore[misc]
            AOTCPUCodegen._customize_tm_features = original[1]  # type: ignore[method-assign]
        (made,) = Path(scratch).glob(name + ".*")
        return Path(shutil.copy(made, folder / made.name))


def main() -> int:
    try:
        path = build()
    except Exception as error:  # no compiler, no headers, no setuptools: numba's loops then
        lines = [line.strip() for line in str(error).splitlines() if line.strip()]
        # the first sentence of the first line: pycc's last line (and its first's end) is a hint
        reason = lines[0].split(". ")[0] if lines else type(error).__name__
        print(
            f"The packer's loops were not compiled ahead of time ({reason[:160]}): builds use "
            "numba's, compiled once on first use."
        )
        return 0
    print(f"The packer's loops were compiled ahead of time for this machine: {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
