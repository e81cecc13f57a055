"""`<say-as interpret-as="date" format="...">`: digits of a date read as a date.

`format` orders the parts as written: any of d, m, y once each (mdy, dmy, ymd,
md, dm, ym, my, d, m, y; spelled out as "yyyy-mm-dd" or "yyyymmdd" works too,
as Google's SSML writes it). Omitted, it is guessed: a four-digit first part means
year first, else month first in English and day first elsewhere. Parts are
separated by "-", "/", "." or spaces, or packed (20240305 with ymd).

Month names are known for en, de, fr, es, it, pt and nl; other languages read
the numbers in the order written (num2words' words where it has them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from model_layer.text import numbers
from model_layer.text.ssml.values import SsmlValueError

MONTHS = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
           "September", "Oktober", "November", "Dezember"),
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
           "septembre", "octobre", "novembre", "décembre"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"),
    "pt": ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
           "setembro", "outubro", "novembro", "dezembro"),
    "nl": ("januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
           "september", "oktober", "november", "december"),
}  # fmt: skip
# Languages that put "de" between day, month and year ("cinco de marzo de ...").
_JOINED_WITH_DE = frozenset({"es", "pt"})
# Languages that say the first of the month as an ordinal and the rest as cardinals.
_FIRST_AS_ORDINAL = frozenset({"fr", "it", "pt"})

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
    if lang in MONTHS:
        return _with_month_names(date, lang)
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


def _with_month_names(date: _Date, lang: str) -> str:
    month = MONTHS[lang][date.month - 1] if date.month else None
    year = None if date.year is None else numbers.year(date.year, lang) or str(date.year)
    day = None if date.day is None else _day(date.day, lang)
    if lang == "en":
        if day and month:
            head = f"the {day} of {month}" if date.day_first else f"{month} {day}"
            return f"{head}, {year}" if year else head
        return " ".join(w for w in (f"the {day}" if day else month, year) if w)
    joiner = " de " if lang in _JOINED_WITH_DE else " "
    return joiner.join(w for w in (day, month, year) if w)


def _day(day: int, lang: str) -> str:
    if lang == "en":
        return numbers.ordinal(day, lang) or str(day)
    if lang == "de":  # "fünfter März": the ordinal with its nominative ending
        ordinal = numbers.ordinal(day, lang)
        return f"{ordinal}r" if ordinal else str(day)
    if day == 1 and lang in _FIRST_AS_ORDINAL:
        return numbers.ordinal(1, lang) or "1"
    return numbers.cardinal(str(day), lang) or str(day)
