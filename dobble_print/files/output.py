"""Writing outputs safely: nothing partial ever appears under the output's name.

Where the file system allows it (Linux ``O_TMPFILE``), the output is first written to an anonymous
file in the target folder that has no name at all, so even ``kill -9`` mid-write leaves nothing
behind; only when it is complete is it given a name and renamed over the old file. Elsewhere, a
hidden ``.NAME.XXXX.part`` file beside the target is used and removed on any error or Ctrl-C.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from dobble_print.errors import DobbleError, OptionError, system_reason
from dobble_print.files.held import write_held
from dobble_print.language import N_, Msg


def _prepare_folder(path: Path) -> Path:
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = (
            N_("a file of that name is in the way")
            if isinstance(exc, (FileExistsError, NotADirectoryError))
            else system_reason(exc)
        )
        raise DobbleError(
            N_(
                "cannot create the folder {folder} ({why}); choose another output path",
                folder=str(folder),
                why=why,
            ),
            file=path,
        ) from exc
    if path.is_dir():
        raise DobbleError(N_("is a folder; give a file name for the output"), file=path)
    return folder


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_dev, st.st_ino


def refuse_inputs(outputs: Mapping[str, Iterable[Path]], inputs: Iterable[Path]) -> None:
    """Refuse to write over an input: ``outputs`` maps each option (a :class:`BuildOptions`
    field: ``output``, ``report``, ``png_dir``, ``shop``) to the paths it would write.

    Paths are compared after resolving links, and by inode, so a hard link is caught too.

    Raises:
        OptionError: naming the option and the path when one of them is an input.
    """
    inputs = list(inputs)
    resolved = {p.resolve() for p in inputs}
    identities = {i for p in inputs if (i := _identity(p)) is not None}
    for option, paths in outputs.items():
        for path in paths:
            if path.resolve() in resolved or _identity(path) in identities - {None}:
                raise OptionError(
                    option,
                    N_(
                        "{path}: that is one of the input files and would be replaced; choose "
                        "another output path",
                        path=str(path),
                    ),
                )


_KINDS = (
    (stat.S_ISLNK, N_("a symbolic link")),
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISSOCK, N_("a socket")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
)


def special_kind(path: Path) -> Msg | str:
    """What ``path`` is when it is neither missing, an ordinary file nor a folder ("a symbolic
    link", "a named pipe (FIFO)", "a socket", "a device"); "" otherwise.

    Writing means replacing: a link, a pipe or a device replaced by a file is the user's lost
    (run as root, ``/dev/null`` itself), so outputs are only ever ordinary files.
    """
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return ""
    return next((what for test, what in _KINDS if test(mode)), "")


def refuse_special(path: Path, field: str, noun: str = "file") -> None:
    """Refuse an output ``path`` that is a link, a pipe, a socket or a device, before any work.

    Raises:
        OptionError: naming ``field`` and what the path is.
    """
    what = special_kind(path)
    if what:
        said = (
            N_(
                "{path} is {what}, not an ordinary folder; give a new folder name",
                path=str(path),
                what=what,
            )
            if noun == "folder"
            else N_(
                "{path} is {what}, not an ordinary file; give a new file name",
                path=str(path),
                what=what,
            )
        )
        raise OptionError(field, said)


def _cannot_write(path: Path, exc: OSError) -> DobbleError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return DobbleError(
            N_(
                "the disk is full ({why}); free some space or choose another output path",
                why=system_reason(exc),
            ),
            file=path,
        )
    return DobbleError(
        N_("cannot write there ({why}); choose another output path", why=system_reason(exc)),
        file=path,
    )


def _replace(finished: Path, path: Path) -> None:
    """Give the finished file its name; an old file that cannot go is most often open in a
    viewer (Windows refuses to replace a file another program holds)."""
    what = special_kind(path)
    if what:  # it became one since the build began: still never replaced
        raise DobbleError(
            N_(
                "{path} is {what}, not an ordinary file; give a new file name",
                path=str(path),
                what=what,
            )
        )
    try:
        os.replace(finished, path)
    except PermissionError as exc:
        if not path.exists():
            raise _cannot_write(path, exc) from exc
        where = (
            N_("your PDF viewer")
            if path.suffix.lower() == ".pdf"
            else N_("the program that has it")
        )
        raise DobbleError(
            N_(
                "{path} cannot be replaced: it is open in a program or read-only; close it in "
                "{where} and try again",
                path=str(path),
                where=where,
            )
        ) from exc
    except OSError as exc:
        raise _cannot_write(path, exc) from exc


def check_writable(path: Path) -> None:
    """Fail before any work when ``path`` could not be written (its folder is made if missing).

    A nameless file (or a hidden temporary one) is created in the folder and removed at once.

    Raises:
        DobbleError: when the folder cannot be created or written.
    """
    folder = _prepare_folder(path)
    _check_name_length(path, folder)
    try:
        os.close(os.open(folder, os.O_TMPFILE | os.O_WRONLY, 0o644))
        return
    except (AttributeError, OSError):
        pass
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise _cannot_write(path, exc) from exc
    os.close(fd)
    os.unlink(name)


_STAGING_EXTRA = len("..12345678.part")  # what the staging name adds to the output's name


def _check_name_length(path: Path, folder: Path) -> None:
    """Refuse a name the staging file could not have (it is longer by :data:`_STAGING_EXTRA`),
    so the build does not fail once everything is made."""
    try:
        most = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        most = 255
    longest = most - _STAGING_EXTRA
    size = len(os.fsencode(path.name))
    if size > longest:
        raise DobbleError(
            N_(
                "the file name is too long ({size} bytes; at most {longest} here); choose a "
                "shorter name",
                size=size,
                longest=longest,
            ),
            file=path,
        )


def check_folder(folder: Path, field: str) -> None:
    """Fail before any work when the output folder ``folder`` could not be made or written,
    without making it (a build that fails later leaves no empty folder behind).

    Raises:
        OptionError: naming ``field``, when a file is in the way or the folder is read-only.
    """
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        what = (
            N_("{folder} is a file; give a folder for these files", folder=str(folder))
            if existing == folder
            else N_(
                "{folder} cannot be made: {existing} is a file; give a folder for these files",
                folder=str(folder),
                existing=str(existing),
            )
        )
        raise OptionError(field, what)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OptionError(
            field,
            N_(
                "{folder}: {existing} is not writable; choose another folder",
                folder=str(folder),
                existing=str(existing),
            ),
        )


def write_atomically(path: Path, write: Callable[[Path], object]) -> None:
    """Call ``write(tmp)`` on a temporary path, then move the finished file to ``path``.

    A file in a folder a build holds (:mod:`dobble_print.files.held`) is kept without a name
    until the build commits.

    Raises:
        DobbleError: when the folder cannot be created or written, or the disk fills up.
    """
    try:
        if write_held(path, write):
            return
    except OSError as exc:
        raise _cannot_write(path, exc) from exc
    staged = stage_file(path, write)
    put_in_place(staged, path)


def put_in_place(staged: Path, path: Path) -> None:
    """Rename a file :func:`stage_file` wrote over ``path``; the staged file is removed if that
    fails.

    Raises:
        DobbleError: ``path`` cannot be replaced (open in a program, read-only) or has become a
            link, a pipe or a device.
    """
    try:
        _replace(staged, path)
    except BaseException:
        with contextlib.suppress(OSError):
            staged.unlink()
        raise


def stage_file(path: Path, write: Callable[[Path], object]) -> Path:
    """Call ``write(tmp)`` and return the finished file, named ``.NAME.XXXXXXXX.part`` beside
    ``path`` (for :func:`put_in_place`); nothing named is left if ``write`` fails.

    Raises:
        DobbleError: when the folder cannot be created or written.
    """
    return write_unnamed(path, write).name()


class Unnamed:
    """A finished file for ``path`` that has no name yet where the file system allows it (an
    ``O_TMPFILE`` descriptor, gone with the process even under ``kill -9``), else a hidden
    ``.part`` file. :meth:`name` names it for :func:`put_in_place`; :meth:`drop` lets it go."""

    def __init__(self, path: Path, fd: int | None = None, staged: Path | None = None) -> None:
        self.path, self._fd, self._staged = path, fd, staged

    def name(self) -> Path:
        """The file under a hidden name beside ``path``.

        Raises:
            DobbleError: the folder no longer takes a new name.
        """
        if self._fd is None:
            assert self._staged is not None
            return self._staged
        folder = self.path.parent
        staged = folder / f".{self.path.name}.{secrets.token_hex(4)}.part"
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            # A dir fd makes Python call linkat(…, AT_SYMLINK_FOLLOW), which names the file;
            # plain link() would try to link the /proc symlink itself.
            os.link(
                f"/proc/self/fd/{self._fd}", staged.name, dst_dir_fd=folder_fd, follow_symlinks=True
            )
        except OSError as exc:
            raise _cannot_write(self.path, exc) from exc
        finally:
            os.close(folder_fd)
        self.drop()
        self._staged = staged
        return staged

    def drop(self) -> None:
        """Close the descriptor, or remove the hidden file."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        elif self._staged is not None:
            with contextlib.suppress(OSError):
                self._staged.unlink()


def write_unnamed(path: Path, write: Callable[[Path], object]) -> Unnamed:
    """Call ``write(tmp)`` and return the finished file, unnamed (:class:`Unnamed`); nothing is
    left if ``write`` fails.

    Raises:
        DobbleError: when the folder cannot be created or written, or the disk fills up.
    """
    try:
        return _write_unnamed(path, write)
    except OSError as exc:  # a full disk, a quota, an I/O error while writing
        raise _cannot_write(path, exc) from exc


def _write_unnamed(path: Path, write: Callable[[Path], object]) -> Unnamed:
    folder = _prepare_folder(path)
    try:
        fd = os.open(folder, os.O_TMPFILE | os.O_WRONLY, 0o644)
    except (AttributeError, OSError):
        return Unnamed(path, staged=_write_named_temp(path, folder, write))
    try:
        write(Path(f"/proc/self/fd/{fd}"))  # reopens the anonymous file by its descriptor
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        raise
    return Unnamed(path, fd=fd)


def _write_named_temp(path: Path, folder: Path, write: Callable[[Path], object]) -> Path:
    """Fallback without O_TMPFILE: a hidden temporary file, removed on any failure."""
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise _cannot_write(path, exc) from exc
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp
