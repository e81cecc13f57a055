"""Our own number spellers: for bg, el, et, hi, hr (num2words lacks them) and ar (it errs).

Every module `spell.<code>` offers the same small interface, so `numbers.py` can
dispatch to it and a language module can ask for the forms its grammar needs:

    MINUS: str                                    the word read before a negative number
    cardinal(n: int, ...) -> str                  negative n is read with MINUS
    ordinal(n: int, ...) -> str
    decimal(int_digits: str, frac_digits: str) -> str
    year(n: int) -> str                           the form a year is said in a date
    digits(digits: str) -> str                    digit by digit (phones, fractions)

Keyword arguments (gender, case) come after `n` and default to the form used
when counting aloud, so the bare calls are what `numbers.py` needs.
"""

from __future__ import annotations

import importlib
from types import ModuleType

LANGUAGES = frozenset({"ar", "bg", "el", "et", "hi", "hr"})


def speller(lang: str) -> ModuleType | None:
    """The speller module of a language, or None when num2words speaks it."""
    if lang not in LANGUAGES:
        return None
    return importlib.import_module(f"{__name__}.{lang}")


def fraction(frac_digits: str, cardinal_words: str, digit_words: str) -> str:
    """How a decimal's fraction is said where the language reads it as a number.

    Up to two digits without a leading zero are said as a number ("3,14" is
    "three comma fourteen"); longer or zero-led fractions digit by digit, so no
    digit is lost.
    """
    if len(frac_digits) <= 2 and not frac_digits.startswith("0"):
        return cardinal_words
    return digit_words
