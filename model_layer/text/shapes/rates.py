"""Rates and date spans written with a slash (sv, da, hu;): "2 tabletter/dag",
"25 kr/kg" are "per dag", "per kilo", and "1/6-15/6" is a span of two dates, each said
as a date after "den" ("den 1/6 till den 15/6"), not two fractions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

_DATE_SPAN = re.compile(
    r"(?<![\w/])(\d{1,2}/\d{1,2})\s?[-\u2013]\s?(\d{1,2}/\d{1,2})(?![\w/]|[.,]\d)"
)


def rule(per_words: Mapping[str, str], to: str | None = None) -> Callable[[str], str]:
    """The rule for a language that says "/unit" as "per" + `per_words[unit]` and joins
    two dates with `to` ("till", "til"; None: no date spans, hu)."""
    # Longest first, so "/person" is not read as "/pers" + "on".
    units = "|".join(re.escape(u) for u in sorted(per_words, key=len, reverse=True))
    # Not after "km" or a lone "m": "km/h" and "m/s" are speeds, read as units.
    per = re.compile(rf"(?<=[\w%.])(?<!km)(?<!\bm)/({units})(?![\w/])")

    def read(text: str) -> str:
        if "/" not in text:
            return text
        if to is not None:
            text = _DATE_SPAN.sub(rf"den \1 {to} den \2", text)
        return per.sub(lambda m: " per " + per_words[m.group(1)], text)

    return read
