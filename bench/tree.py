"""A command's cost counted over its whole process tree: wall time, CPU time and peak memory.

The command runs in a session of its own, with this process as the *subreaper* of everything it
starts (Linux ``PR_SET_CHILD_SUBREAPER``): a worker or drawing process that outlives its parent is
handed to us, not to init, so every descendant is waited for and its CPU time counted
(``RUSAGE_CHILDREN`` is exact and covers each process to its end, however short). Memory is the
peak over time of the sum of every process's PSS (proportional set size: a page two processes
share counts half in each, so the sum is what the tree holds), read from ``/proc/PID/smaps_rollup``
every ``EVERY`` seconds until the last process of the session has ended.

Reading that costs the kernel a walk of each process's pages: sampling a classic build took
~0.9 s of system time in this process over its ~5 s (18 % of a core, ``bench/tree.py`` itself
under ``/usr/bin/time``), taken from the two cores the build was spreading its threads over
(its CPU / wall 1.41-1.45 sampled, 1.57-1.59 not, 4 runs each in turn). So time is measured on
a run of its own with nothing sampled (``memory=False``: this process only waits for the tree),
and memory on another.

Usage: python bench/tree.py [--timeline | --time-only] -- CMD...   (prints one JSON line)
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

EVERY = 0.02  # seconds between memory samples
PR_SET_CHILD_SUBREAPER = 36


@dataclass
class TreeRun:
    wall: float  # s, from start until the last process of the tree ended
    cpu: float  # s, user + system of every process of the tree
    peak_pss_mb: float | None  # the largest sum of PSS over the tree's processes at one moment
    processes: int  # processes seen (time only: those this process waited for)
    returncode: int
    stderr: str = ""
    peaks: dict[str, float] = field(default_factory=dict)  # each process's own peak PSS, MB
    timeline: list[tuple[float, float]] = field(default_factory=list)  # (s, MB) when asked


_subreaper = False


def _become_subreaper() -> None:
    global _subreaper
    if not _subreaper and sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        _subreaper = True


def _pss_kb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _session(sid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if os.getsid(int(name)) == sid:
                    found.append(int(name))
            except OSError:
                continue
    return found


def _name(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        return f"{pid} {raw.decode(errors='replace')[:60].strip()}"
    except OSError:
        return str(pid)


def measure_tree(
    cmd: list[str],
    *,
    cwd: Path | None = None,
    env: dict | None = None,
    timeline: bool = False,
    memory: bool = True,
) -> TreeRun:
    """Run ``cmd`` once and measure its whole tree (see the module's docstring); without
    ``memory``, its time only, with nothing sampled (``peak_pss_mb`` is None)."""
    _become_subreaper()
    if not memory:
        return _timed(cmd, cwd=cwd, env=env)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    sid, peak, peaks, seen, line = proc.pid, 0, {}, set(), []
    err = b""
    os.set_blocking(proc.stderr.fileno(), False)
    returncode = None
    while True:
        pids = _session(sid)
        total = 0
        for pid in pids:
            kb = _pss_kb(pid)
            if kb is None:
                continue
            total += kb
            if pid not in seen:
                seen.add(pid)
                peaks[pid] = (_name(pid), 0)
            peaks[pid] = (peaks[pid][0], max(peaks[pid][1], kb))
        peak = max(peak, total)
        if timeline:
            line.append((round(time.perf_counter() - start, 2), round(total / 1024, 1)))
        err += proc.stderr.read() or b""
        # reap whatever ended: our child, and the orphans handed to us
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                pid = 0
            if pid == 0:
                break
            if pid == proc.pid:
                returncode = os.waitstatus_to_exitcode(status)
        if returncode is not None and not pids:
            break
        time.sleep(EVERY)
    wall = time.perf_counter() - start
    proc.returncode = returncode
    err += proc.stderr.read() or b""
    proc.stderr.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return TreeRun(
        wall=wall,
        cpu=cpu,
        peak_pss_mb=peak / 1024,
        processes=len(seen),
        returncode=returncode,
        stderr=err.decode(errors="replace"),
        peaks={name: kb / 1024 for name, kb in peaks.values()},
        timeline=line,
    )


def _timed(cmd: list[str], *, cwd: Path | None, env: dict | None) -> TreeRun:
    """:func:`measure_tree` without memory: this process sleeps in ``wait`` until the last
    process of the tree has ended (each one that outlives its parent is handed to us)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True
        )
        returncode, processes = None, 0
        while True:
            try:
                pid, status = os.wait()
            except ChildProcessError:
                break
            processes += 1
            if pid == proc.pid:
                returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        proc.returncode = returncode
        err.seek(0)
        text = err.read().decode(errors="replace")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert returncode is not None  # the command's own process is our child: waited for above
    return TreeRun(wall, cpu, None, processes, returncode, text)


def main() -> int:
    args = sys.argv[1:]
    timeline = args[:1] == ["--timeline"]
    time_only = args[:1] == ["--time-only"]
    args = args[1:] if timeline or time_only else args
    args = args[1:] if args[:1] == ["--"] else args
    run = measure_tree(args, timeline=timeline, memory=not time_only)
    print(json.dumps(asdict(run)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
