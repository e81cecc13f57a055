"""A language's words, as data files beside its rules: `langs/<code>/data/<name>.tsv`.

One entry a line; columns separated by a tab; blank lines and lines starting with `#` are
not read. Words are data and grammar is code (NeMo's layout): a fix to a month's name or a
unit's word is a line in a file, not a Python edit. Each file is read once, on first use.
"""

from __future__ import annotations

import functools
from pathlib import Path

LANGS = Path(__file__).parent
# (code, name) of every file read in this process: a test checks none lies unread.
READ: set[tuple[str, str]] = set()


def path(code: str, name: str) -> Path:
    return LANGS / code / "data" / f"{name}.tsv"


@functools.cache
def rows(code: str, name: str) -> tuple[tuple[str, ...], ...]:
    READ.add((code, name))
    text = path(code, name).read_text(encoding="utf-8")
    return tuple(
        tuple(line.split("\t")) for line in text.split("\n") if line and not line.startswith("#")
    )


def words(code: str, name: str) -> tuple[str, ...]:
    """A list of words, one a line, in order."""
    found = rows(code, name)
    if any(len(row) != 1 for row in found):
        raise ValueError(f"{path(code, name)}: one word a line")
    return tuple(row[0] for row in found)


def table(code: str, name: str) -> dict[str, str]:
    """Word -> word, two columns, each key once."""
    found = rows(code, name)
    if any(len(row) != 2 for row in found):
        raise ValueError(f"{path(code, name)}: two columns a line")
    result = dict(found)
    if len(result) != len(found):
        raise ValueError(f"{path(code, name)}: a key twice")
    return result  # type: ignore[arg-type]
