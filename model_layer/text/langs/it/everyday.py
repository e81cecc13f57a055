"""Italian shapes of invoices, addresses, timetables, recipes and match reports.

- Opening hours "9:00-13:00": "dalle nove alle tredici", where the dash was left between
  two bare hours ("nove-tredici").
- Minutes written with a prime, in recipes and match reports: "cuocere per 30'" trenta
  minuti, "al 45'" al quarantacinquesimo minuto (a moment of the match is an ordinal).
- A CAP before its town ("20121 Milano", after a comma, a dash or "CAP"): digit by digit,
  not "ventimilacentoventuno".
- A mobile number written in two groups or glued ("333 1234567", "3331234567"): the
  prefix and the rest digit by digit, not three billion.
- Blood pressure "120/80 mmHg", "pressione 130/85": "centoventi su ottanta millimetri di
  mercurio", where the slash was left between the numbers.
- The tax numbers of invoices ("P.IVA 12345678901", "C.F." of a company): eleven digits
  said one by one (the spec says "P.IVA" partita IVA and "C.F." codice fiscale first).
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data

_TIME_SPAN = re.compile(
    r"(?<![\w.,:])([01]?\d|2[0-3])([.:][0-5]\d)\s?[-\u2013\u2014]\s?"
    r"([01]?\d|2[0-3])([.:][0-5]\d)(?!\d|[.,:]\d)"
)
# "dalle 9:00-13:00", "il treno delle 10.15-10.45": a word before the first time already
# links it; the rule adds only the "to".
_FROM_BEFORE = re.compile(r"\b(?:(?:[Dd]a|[Dd]e|[Aa]|[Ss]u|[Nn]e)(?:ll'|lle\s)|[Ll]e\s)$")


def time_spans(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        start, end = int(m.group(1)), int(m.group(3))
        to = f"all'{m.group(3)}" if end == 1 else f"alle {m.group(3)}"
        head = m.string[max(0, m.start() - 8) : m.start()]
        if _FROM_BEFORE.search(head):
            return f"{m.group(1)}:{m.group(2)[1:]} {to}:{m.group(4)[1:]}"
        source = f"dall'{m.group(1)}" if start == 1 else f"dalle {m.group(1)}"
        return f"{source}:{m.group(2)[1:]} {to}:{m.group(4)[1:]}"

    return _TIME_SPAN.sub(say, text) if ":" in text or "." in text else text


# A prime (or an apostrophe) right after a number, after a preposition that takes a
# duration or a moment: "per 30'", "al 45'", "dopo 10'". A number in quotes ('5') has
# no such word before it and stays.
_PRIME = re.compile(
    r"(?<!\w)(?P<prep>[Aa]l|[Nn]el|[Dd]al|[Pp]er|[Dd]opo|[Cc]irca|[Ii]n|[Oo]gni|[Ee]ntro|"
    r"[Aa]ltri|[Uu]ltimi|[Pp]rimi)\s(?P<n>\d{1,3})(?P<mark>''|\u2033|\"|'|\u2032|\u2019)"
    r"(?![\w'\u2019\u2032])"
)
_MOMENT = frozenset(data.words("it", "everyday.moment"))


def _count(n: int, one: str, many: str) -> str | None:
    words = numbers.cardinal(str(n), "it")
    if words is None:
        return None
    return f"un {one}" if n == 1 else f"{words} {many}"


def primes(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        n = int(m.group("n"))
        seconds = m.group("mark") in ("''", "\u2033", '"')
        prep = m.group("prep")
        if prep.lower() in _MOMENT and not seconds:
            ordinal = numbers.ordinal(n, "it")
            return f"{prep} {ordinal} minuto" if ordinal else m.group()
        words = _count(n, "secondo", "secondi") if seconds else _count(n, "minuto", "minuti")
        return f"{prep} {words}" if words else m.group()

    return _PRIME.sub(say, text) if any(c in text for c in "'\u2019\u2032\u2033\"") else text


def _digits(run: str) -> str | None:
    return numbers.digit_by_digit(run, "it")


# A CAP: five digits before a capitalised town, where an address puts it.
_CAP = re.compile(
    r"(?:(?<=,\s)|(?<=\s[-\u2013]\s)|(?<=\bCAP\s)|(?<=\bCAP:\s)|^)(\d{5})(?=\s[A-ZÀ-Ý][^\W\d_])",
    re.MULTILINE,
)


def postcodes(text: str) -> str:
    return _CAP.sub(lambda m: _digits(m.group(1)) or m.group(), text)


# Italian mobile numbers start with 3 and have ten digits: "333 1234567", "3331234567".
_MOBILE = re.compile(
    r"(?<![\w+.,/-])(3\d{2})[ .-]?(\d{6,7})(?![\w]|[.,/-]\d)(?!\s?(?:€|euro|EUR|%))"
)


def mobiles(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        prefix, rest = _digits(m.group(1)), _digits(m.group(2))
        return f"{prefix}, {rest}" if prefix and rest else m.group()

    return _MOBILE.sub(say, text)


_TAX_ID = re.compile(
    r"(?<![\w.])((?:[Pp]artita IVA|[Cc]odice fiscale)(?:\s?(?:e|/)\s?(?:[Pp]artita IVA|"
    r"[Cc]odice fiscale))?\s?(?:numero\s)?:?\s?)(\d{11})(?!\w|[.,]\d)"
)


def tax_numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        return m.group(1) + (_digits(m.group(2)) or m.group(2))

    return _TAX_ID.sub(say, text) if "IVA" in text or "fiscale" in text else text


# Blood pressure: two readings before "mmHg", or after the word for it ("PA 130/85").
_PRESSURE = re.compile(
    r"(?:(?<=\b[Pp]ressione\s)|(?<=\b[Pp]ressione:\s)|(?<=\barteriosa\s)|(?<=\barteriosa:\s)"
    r"|(?<=\bPA\s)|(?<=\bPA:\s)|(?<![\w/.,]))(\d{2,3})/(\d{2,3})"
    r"(?P<unit>\s?mmHg\b)?(?![\w/]|[.,]\d)"
)


def blood_pressure(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        head = m.string[max(0, m.start() - 12) : m.start()]
        named = head.rstrip(": ").endswith(("ressione", "arteriosa", "PA"))
        if not (m.group("unit") or named):
            return m.group()
        return f"{m.group(1)} su {m.group(2)}{m.group('unit') or ''}"

    return _PRESSURE.sub(say, text) if "/" in text else text
