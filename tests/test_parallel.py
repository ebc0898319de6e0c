"""The forked worker helper: results in order, early exits that return, dead workers that say so."""

import os
import signal
import time

import pytest

from dobble_print.errors import DobbleError
from dobble_print.parallel import in_order, worker_count

SLOW = 0.02  # s per item: slow enough that the window is full when the loop leaves early


def _square(i: int) -> int:
    time.sleep(SLOW if i % 3 == 0 else 0)  # uneven work, so results finish out of order
    return i * i


def _die_at_five(i: int) -> int:
    if i == 5:
        os.kill(os.getpid(), signal.SIGKILL)
    return i


def _pid(i: int) -> int:
    time.sleep(SLOW)
    return os.getpid()


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_results_come_back_in_order(workers):
    with in_order(_square, 40, workers=workers, what="squaring") as results:
        assert list(results) == [i * i for i in range(40)]


def test_work_is_done_in_other_processes():
    with in_order(_pid, 8, workers=2, what="asking") as results:
        pids = set(results)
    assert os.getpid() not in pids and len(pids) == 2


def test_leaving_early_many_times_never_hangs():
    # multiprocessing.Pool.terminate() with an imap still feeding deadlocked now and then (CI
    # hung for 90 minutes); leaving the block early must return every time, promptly.
    start = time.monotonic()
    for _ in range(30):
        with in_order(_square, 10_000, workers=2, what="squaring") as results:
            for i, value in enumerate(results):
                assert value == i * i
                if i == 3:
                    break
    assert time.monotonic() - start < 60


def test_an_error_inside_the_block_shuts_the_pool_down():
    with pytest.raises(KeyError), in_order(_square, 10_000, workers=2, what="squaring") as results:
        next(results)
        raise KeyError("stop")


def test_a_worker_that_dies_is_an_error_not_a_hang():
    with (
        pytest.raises(DobbleError) as caught,
        in_order(_die_at_five, 50, workers=2, what="packing cards") as results,
    ):
        list(results)
    assert str(caught.value) == (
        "a worker process stopped unexpectedly while packing cards (out of memory?); "
        "close other programs and try again"
    )


def test_worker_count():
    assert worker_count(5, parallel_from=12) == 1
    assert worker_count(50, parallel_from=12, workers=3) == 3
    assert worker_count(50, parallel_from=12, workers=8, cap=4) == 4
    assert worker_count(50, parallel_from=12, workers=0) == 1
    assert worker_count(50, parallel_from=12) == len(os.sched_getaffinity(0))
