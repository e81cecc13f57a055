"""What the case rules look at around a number: the word before it, the word after it, and
how the language's own module reads the number with that word (cached: the rules ask it
the same small questions again and again)."""

from __future__ import annotations

import re
from collections.abc import Callable

Reader = Callable[[str], str]


def each(spaced: str) -> list[str]:
    return spaced.split()


BEFORE = re.compile(r"(\w+)[ \u00a0]$")
BEFORE_TWO = re.compile(r"(\w+)[ \u00a0]+(\w+)[ \u00a0]$")
AFTER = re.compile(r"([ \u00a0]?)(%|[^\W\d_]\w*(?:/[^\W\d_]+)?)")  # "km/h" whole


MODULE_CACHE: dict[tuple[str, str], str] = {}


def module_reading(reader: Reader, text: str, lang: str) -> str:
    key = (lang, text)
    said = MODULE_CACHE.get(key)
    if said is None:
        said = reader(text).strip()
        if len(MODULE_CACHE) >= 4096:
            MODULE_CACHE.clear()
        MODULE_CACHE[key] = said
    return said


def counted_unit(token: str, gap: str, lang: str, reader: Reader) -> str | None:
    """The words the module says for a unit after "5" ("km" -> "kilometrów"), or None
    when the token is no unit (a word, a month, "roku")."""
    alone = module_reading(reader, "5", lang)
    together = module_reading(reader, f"5{gap}{token}", lang)
    if not together.startswith(alone + " ") or together == f"{alone}{gap}{token}":
        return None
    said = together[len(alone) + 1 :]
    return said.rstrip(".") if token.endswith(".") else said  # "5 tys." ends a sentence
