"""Giving freed heap memory back to the operating system.

glibc keeps freed memory in its heap for reuse, so the protobuf parsed at load and
the activations of a long request stay resident long after they are freed: RSS
then shows the worst moment ever seen, not the memory in use. `malloc_trim`
returns the free pages; it takes about a millisecond.
"""

from __future__ import annotations

import ctypes
from functools import cache


@cache
def _malloc_trim() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    # The process's own symbols (dlopen(NULL)) include the C library's, so no lookup
    # is needed: ctypes.util.find_library runs `ldconfig -p` in a subprocess, ~0.1 s
    # of cold start (measured on a loaded 2-CPU machine), forked from a process that
    # already holds the largest graph.
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to trim
        return None


def release_free_memory() -> bool:
    """Return free heap pages to the OS; False where the C library cannot."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
