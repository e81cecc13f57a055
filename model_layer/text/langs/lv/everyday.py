"""Latvian everyday shapes that were read as quantities (used by lv only):

- a one-time code or PIN ("Jūsu vienreizējais kods: 482913", "PIN kods 1234") and an order
  number of five digits or more after "Nr." are read digit by digit;
- whole hours written "9:00-18:00", "8.00-18.00", "no 10:00 līdz 22:00" are handed on as
  "no 9 līdz 18" for the hours rule (the dative plural: "no deviņiem līdz astoņpadsmitiem").
"""

from __future__ import annotations

import re

from model_layer.text import numbers

_CODE = re.compile(
    r"(?<!\w)((?i:kods|kodu|PIN(?:\skods)?|parole)\s?:?\s?|(?:Nr\.|numurs)\s?(?=\d{5}))"
    r"(\d{4,12})(?![\w.,]\d|\w)(?!\s?(?:€|%|(?i:eur|eiro)\b))"
)
_HOUR = r"(?:[01]?\d|2[0-4])"
_HOURS = re.compile(
    rf"(?<![\w.,:])(?:([Nn]o)\s)?({_HOUR})[:.]00\s?(?:[-\u2013]|\s(līdz))\s?({_HOUR})[:.]00"
    r"(?![\w:]|[.,]\d)"
)


def everyday(text: str) -> str:
    if not any(c.isdigit() for c in text):
        return text
    text = _CODE.sub(
        lambda m: m.group(1) + (numbers.digit_by_digit(m.group(2), "lv") or m.group(2)), text
    )
    return _HOURS.sub(
        lambda m: f"{m.group(1) or 'no'} {int(m.group(2))} līdz {int(m.group(4))}", text
    )
