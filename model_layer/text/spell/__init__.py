"""Our own number spellers: for bg, el, et, hi, hr (num2words lacks them) and ar (it errs).

Each of them lives in its language's folder, `langs/<code>/spell.py`, and offers the
same small interface, so `numbers.py` can dispatch to it and the language can ask for
the forms its grammar needs:

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

import functools
from collections.abc import Callable, Sequence
from types import ModuleType

LANGUAGES = frozenset({"ar", "bg", "el", "et", "hi", "hr"})


@functools.cache
def speller(lang: str) -> ModuleType | None:
    """The speller module of a language, or None when num2words speaks it."""
    if lang not in LANGUAGES:
        return None
    from model_layer.text.langs import language_part

    return language_part(lang, "spell")


def below_thousand(
    n: int,
    hundreds: Sequence[str],
    teens: Sequence[str],
    tens: Sequence[str],
    unit: Callable[[int], str],
) -> list[str]:
    """The members of 1..999 in languages that say hundreds, tens, units in that order."""
    members = []
    if n >= 100:
        members.append(hundreds[n // 100])
    rest = n % 100
    if 10 <= rest < 20:
        members.append(teens[rest - 10])
    else:
        if rest >= 20:
            members.append(tens[rest // 10])
        if rest % 10:
            members.append(unit(rest % 10))
    return members


def scale_ordinal(member: str, ordinals: dict[str, str], silent_one: str = "") -> str:
    """The ordinal of a "<count> <scale>" member, the count joined on: две хиляди -> двехиляден."""
    *count, scale = member.split()
    if not count or count == [silent_one]:
        return ordinals[scale]
    return " ".join([*count[:-1], count[-1] + ordinals[scale]])


def digit_words(digit_string: str, units: Sequence[str]) -> str:
    return " ".join(units[int(d)] for d in digit_string)


def decimal_words(
    int_digits: str,
    frac_digits: str,
    cardinal: Callable[[int], str],
    units: Sequence[str],
    word: str,
    fraction_as_number: bool = True,
) -> str:
    """ "<whole> <word> <fraction>".

    Where the language reads the fraction as a number, up to two digits without
    a leading zero are said as one ("3,14" is "three comma fourteen"); longer or
    zero-led fractions digit by digit, so no digit is lost.
    """
    as_number = fraction_as_number and len(frac_digits) <= 2 and not frac_digits.startswith("0")
    part = cardinal(int(frac_digits)) if as_number else digit_words(frac_digits, units)
    return f"{cardinal(int(int_digits))} {word} {part}"
