"""Results kept per object for as long as that object lives, not longer.

The layout stage derives things from a symbol or its packing shape that are asked for again and
again (a shape's outline per pyramid level, a symbol's ink codes, a word's edge pixels). A
module-level ``functools.lru_cache`` kept them, and with them their keys, after the build that
made them: a build from the command line held every packing shape (~25 MB for the classic deck)
through writing the PDF, its peak, and the app's server held up to 1,024 symbols' pixels (with
their codes) after their session let them go. Kept here, a result goes when its object goes.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")


def per_object(make: Callable[..., R]) -> Callable[..., R]:
    """``make(obj, *args)``, computed once per ``obj`` and ``args`` and kept while ``obj``
    lives (``obj`` must take weak references: a dataclass without slots does).

    Two threads asking at once may both compute it; both get equal results, and one is kept.
    """
    kept: weakref.WeakKeyDictionary[Any, dict[tuple, R]] = weakref.WeakKeyDictionary()

    @functools.wraps(make)
    def cached(obj: Any, *args: Any) -> R:
        mine = kept.get(obj)
        if mine is None:
            mine = kept.setdefault(obj, {})
        found = mine.get(args)
        if found is None:
            found = mine[args] = make(obj, *args)
        return found

    cached.kept = kept  # type: ignore[attr-defined]  # for tests: what is held now
    return cached
