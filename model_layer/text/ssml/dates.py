"""`<say-as interpret-as="date" format="...">`: digits of a date read as a date.

`format` orders the parts as written: any of d, m, y once each (mdy, dmy, ymd,
md, dm, ym, my, d, m, y; spelled out as "yyyy-mm-dd" or "yyyymmdd" works too,
as Google's SSML writes it). Omitted, it is guessed: a four-digit first part means
year first, else month first in English and day first elsewhere. Parts are
separated by "-", "/", "." or spaces, or packed (20240305 with ymd).

The words come from the language's own module (`langs.date_reader_for`): the same
reading a date gets in running text, in all 31 languages. Only `na` (no language)
reads the numbers in the order written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from model_layer.text import numbers
from model_layer.text.langs import date_reader_for
from model_layer.text.ssml.values import SsmlValueError

_SEPARATORS = re.compile(r"\s*[-/.]\s*|\s+")
_PACKED_WIDTH = {"y": 4, "m": 2, "d": 2}
_REPEATS = re.compile(r"(.)\1+")


@dataclass(frozen=True)
class _Date:
    day: int | None
    month: int | None
    year: int | None
    order: str  # the format: which part was written where

    @property
    def day_first(self) -> bool:
        """Written (and in English said) with the day before the month."""
        return (
            "d" in self.order
            and "m" in self.order
            and self.order.index("d") < self.order.index("m")
        )


def say_date(text: str, lang: str, date_format: str | None) -> str:
    date = _parse(text, lang, date_format)
    reader = date_reader_for(lang)
    said = reader(date.day, date.month, date.year, date.day_first) if reader else None
    if said:
        return said
    values = {"d": date.day, "m": date.month, "y": date.year}
    return " ".join(numbers.cardinal(str(values[p]), lang) or str(values[p]) for p in date.order)


def _parse(text: str, lang: str, date_format: str | None) -> _Date:
    parts = _SEPARATORS.split(text.strip())
    if not all(p.isdigit() and p.isascii() for p in parts):
        raise SsmlValueError(f"say-as date needs digits such as '2024-03-05', not '{text}'")
    order = _order(date_format, parts, lang)
    if len(parts) == 1 and len(order) > 1:
        parts = _unpack(parts[0], order, text)
    if len(parts) != len(order):
        raise SsmlValueError(f"say-as date '{text}' does not have the parts of format '{order}'")
    values = {letter: int(part) for letter, part in zip(order, parts, strict=True)}
    day, month, year = values.get("d"), values.get("m"), values.get("y")
    if month is not None and not 1 <= month <= 12:
        raise SsmlValueError(f"say-as date '{text}' has no month {month}")
    if day is not None and not 1 <= day <= 31:
        raise SsmlValueError(f"say-as date '{text}' has no day {day}")
    return _Date(day, month, year, order)


def _order(date_format: str | None, parts: list[str], lang: str) -> str:
    if date_format is not None:
        order = _REPEATS.sub(r"\1", re.sub(r"[-/.\s]", "", date_format.lower()))
        if not order or not set(order) <= set("dmy") or len(set(order)) != len(order):
            raise SsmlValueError(
                f"say-as date format '{date_format}' is not an order of d, m and y "
                "such as mdy, dmy, ymd, md, my or y"
            )
        return order
    if len(parts) == 1:
        return "ymd" if len(parts[0]) == 8 else "y"
    if len(parts[0]) == 4:
        return "ymd"[: len(parts)]
    month_first = "mdy" if lang == "en" else "dmy"
    return month_first[: len(parts)]


def _unpack(packed: str, order: str, text: str) -> list[str]:
    widths = [_PACKED_WIDTH[letter] for letter in order]
    if len(packed) != sum(widths):
        raise SsmlValueError(f"say-as date '{text}' does not have the parts of format '{order}'")
    out, start = [], 0
    for width in widths:
        out.append(packed[start : start + width])
        start += width
    return out
