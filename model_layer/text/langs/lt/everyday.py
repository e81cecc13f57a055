"""Lithuanian everyday shapes that were read as quantities or kept a dash (used by lt only):

- a one-time code or PIN ("Jūsų vienkartinis kodas: 482913", "PIN kodas 1234") and an
  order number of five digits or more after "Nr." are read digit by digit;
- opening hours "I-V 8-17 val.", "8:00-17:00", "nuo 10:00 iki 22:00": the weekdays as
  "nuo pirmadienio iki penktadienio" (a single day "VI" as "šeštadieniais"), and whole
  hours handed on as "nuo 8 iki 17 val." for the hours rule (feminine ordinals in the
  genitive: "nuo aštuntos iki septynioliktos valandos").
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data

_CODE = re.compile(
    r"(?<!\w)((?i:kodas|kodą|PIN(?:\skodas)?|slaptažodis)\s?:?\s?|(?:Nr\.|numeris)\s?(?=\d{5}))"
    r"(\d{4,12})(?![\w.,]\d|\w)(?!\s?(?:€|%|(?i:eur|eurų|eurai)\b))"
)
_ROMAN = {"I": 0, "II": 1, "III": 2, "IV": 3, "V": 4, "VI": 5, "VII": 6}
_GENITIVE = data.words("lt", "everyday.genitive")
_HABITUAL = data.words("lt", "everyday.habitual")
_DAY = "VII|VI|IV|V|III|II|I"
_HOUR = r"(?:[01]?\d|2[0-4])"
# Only before hours ("I-V 12-15 puslapiuose" are chapters and pages).
_WEEKDAYS = re.compile(
    rf"(?<![\w.])({_DAY})(?:\s?[-\u2013]\s?({_DAY}))?"
    rf"(?=\s(?:nuo\s)?{_HOUR}(?:[:.]\d\d\s?[-\u2013]|\s?[-\u2013]\s?{_HOUR}\s?val))"
)
# A span of hours: "8-17 val." (whole hours with val.), or "8:00-17:00", "8.00-18.00"
# (both with ":00"); "nuo 10:00 iki 22:00".
_HOURS = re.compile(
    rf"(?<![\w.,:])({_HOUR})(?:([:.])00)?\s?[-\u2013]\s?({_HOUR})(?:([:.])00)?"
    r"(?:\s?(val\.?))?(?![\w:]|[.,]\d)"
)
_NUO_IKI = re.compile(
    rf"(?<!\w)([Nn]uo)\s({_HOUR})[:.]00\s(iki)\s({_HOUR})[:.]00(?:\s?val\.?)?(?![\w:]|[.,]\d)"
)


def _weekdays(m: re.Match[str]) -> str:
    first = _ROMAN[m.group(1)]
    if m.group(2) is None:
        return _HABITUAL[first]
    return f"nuo {_GENITIVE[first]} iki {_GENITIVE[_ROMAN[m.group(2)]]}"


def _hours(m: re.Match[str]) -> str:
    # whole hours only: with "val." after, or ":00" on both sides ("8-17" alone may be a
    # range of anything)
    if not (m.group(5) or (m.group(2) and m.group(4))):
        return m.group()
    return f"nuo {int(m.group(1))} iki {int(m.group(3))} val."


def everyday(text: str) -> str:
    if not any(c.isdigit() for c in text):
        return text
    text = _CODE.sub(
        lambda m: m.group(1) + (numbers.digit_by_digit(m.group(2), "lt") or m.group(2)), text
    )
    text = _WEEKDAYS.sub(_weekdays, text)
    text = _NUO_IKI.sub(
        lambda m: f"{m.group(1)} {int(m.group(2))} {m.group(3)} {int(m.group(4))} val.", text
    )
    return _HOURS.sub(_hours, text)
