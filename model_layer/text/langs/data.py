"""A language's words, as data files beside its rules: `langs/<code>/data/<name>.tsv`.

One entry a line; columns separated by a tab; blank lines and lines starting with `#` are
not read. Words are data and grammar is code (NeMo's layout): a fix to a month's name or a
unit's word is a line in a file, not a Python edit. Each file is read once, on first use.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from model_layer.text.langs.forms import Word
from model_layer.text.langs.spec import Currency

LANGS = Path(__file__).parent
_T = TypeVar("_T")
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


def numbered(code: str, name: str) -> dict[str, int]:
    """Word -> its number (a month's abbreviation -> 1..12), two columns, each key once."""
    return {key: int(number) for key, number in table(code, name).items()}


def by_number(code: str, name: str) -> dict[int, str]:
    """Number -> its word ("1  pirmas"), two columns, each number once."""
    return {int(number): said for number, said in table(code, name).items()}


def word_set(code: str, name: str) -> frozenset[str]:
    """A set of words, one a line (kept sorted in the file)."""
    return frozenset(words(code, name))


@functools.cache
def nouns(code: str, name: str) -> dict[str, Word]:
    """Nouns said after a number: `key  gender  form  form ...`, one `Word` per key, its
    forms by plural class, as written. A noun with fewer forms than the widest row of its
    file repeats its last one, which says the same (`Word.form` takes the last form for
    any class past its own)."""
    found = rows(code, name)
    if any(len(row) < 3 for row in found):
        raise ValueError(f"{path(code, name)}: key, gender and at least one form a line")
    result = {key: Word(tuple(forms), gender) for key, gender, *forms in found}
    if len(result) != len(found):
        raise ValueError(f"{path(code, name)}: a key twice")
    return result


@functools.cache
def files() -> dict[str, tuple[str, ...]]:
    """Every data file's name -> the codes of the languages that have it, found in one walk
    of the language folders (not one search per name)."""
    found: dict[str, list[str]] = {}
    for folder in sorted(LANGS.iterdir()):
        if (folder / "data").is_dir():
            for entry in os.scandir(folder / "data"):
                if entry.name.endswith(".tsv"):
                    found.setdefault(entry.name[: -len(".tsv")], []).append(folder.name)
    return {name: tuple(codes) for name, codes in found.items()}


def languages_with(name: str) -> tuple[str, ...]:
    """The codes of the languages that have the file `data/<name>.tsv`, in code order:
    a shared reader's per-language table is the set of these files."""
    return files().get(name, ())


class ByLanguage(Mapping[str, _T]):
    """A shared reader's table by language, `langs/<code>/data/<name>.tsv`: a language's
    file is read when the reader first asks for it, so a request in one language reads
    that language's words only."""

    def __init__(self, name: str, read: Callable[[str, str], _T]) -> None:
        self._name = name
        self._read = read
        self._read_so_far: dict[str, _T] = {}

    def __getitem__(self, code: str) -> _T:
        if code not in self._read_so_far:
            if code not in languages_with(self._name):
                raise KeyError(code)
            self._read_so_far[code] = self._read(code, self._name)
        return self._read_so_far[code]

    # Asked on every number for languages without the table: answered without raising.
    def __contains__(self, code: object) -> bool:
        return code in languages_with(self._name)

    def get(self, code: str, default: Any = None) -> Any:
        return self[code] if code in self else default  # noqa: SIM401 (this is `get`)

    def __iter__(self) -> Iterator[str]:
        return iter(languages_with(self._name))

    def __len__(self) -> int:
        return len(languages_with(self._name))


def tables(name: str) -> ByLanguage[dict[str, str]]:
    """A shared reader's two-column table, by language."""
    return ByLanguage(name, table)


def word_sets(name: str) -> ByLanguage[frozenset[str]]:
    """A shared reader's set of words, by language."""
    return ByLanguage(name, word_set)


@functools.cache
def currencies(code: str) -> dict[str, Currency]:
    """`currencies.tsv` (ISO code, gender, the unit's forms, as `nouns`) with
    `currency_subunits.tsv` (its hundredth, where the language says one; a currency
    without a row there is said as a decimal)."""
    subunits = nouns(code, "currency_subunits") if path(code, "currency_subunits").exists() else {}
    return {
        key: Currency(unit, subunits.get(key)) for key, unit in nouns(code, "currencies").items()
    }
