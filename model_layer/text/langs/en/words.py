"""English number words and month names that every English rule reads: cardinals (num2words,
British "and"), digits one by one, and the numbers a rule's match names."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import common, data

LANG = "en"
NUM = common.POINT_DECIMAL
MONTHS = data.words("en", "words.months")
MONTH_ABBREVIATIONS = {m[:3]: m for m in MONTHS} | {"Sept": "September"}
MONTH = "|".join((*MONTHS, *(rf"{a}\.?" for a in MONTH_ABBREVIATIONS)))


def cardinal(digits: str) -> str | None:
    return numbers.cardinal(digits, LANG)


def digits_one_by_one(digits: str) -> str | None:
    return numbers.digit_by_digit(digits, LANG)


def number(m: re.Match[str], name: str, negative: bool = False) -> str | None:
    int_digits, frac = NUM.digits(m, name)
    words = numbers.decimal(int_digits, frac, LANG) if frac else cardinal(int_digits)
    return numbers.signed(words, negative, LANG)


def is_one(m: re.Match[str], name: str) -> bool:
    return m.group(f"{name}i") == "1" and not m.group(f"{name}f")


def year(value: int) -> str:
    return str(numbers.year(value, LANG))
