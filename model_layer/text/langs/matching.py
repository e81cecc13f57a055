"""What the engine's rules match numbers with, and what a hook sees around a match: the
written shapes of a language's numbers, a few characters before and after, and the ordinal
a language says without a table of its own."""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.langs.spec import (
    LanguageSpec,
)


def plain_ordinal(code: str) -> Callable[[int, str, str, str], str | None]:
    """num2words' ordinal; "3." only counts before a lowercase word ("3. plads", not "3. Så")."""

    def ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
        if suffix == "." and not after.lstrip()[:1].islower():
            return None
        return numbers.ordinal(n, code)

    return ordinal


def number_pattern(spec: LanguageSpec, name: str, glued: bool = False) -> str:
    """A (signed) number with groups `<name>neg`, `<name>i` and `<name>f`.

    Groups of three after 1-3 digits, separated by a dot, (narrow) no-break or
    thin space, or a plain space where the language groups so; a decimal comma,
    or a dot that cannot be a thousands group. With `decimal_point` (hi): groups
    by commas, also the Indian 12,34,567, and a decimal point. `glued`: may
    follow a letter ("Rp15").
    """
    start = "" if glued else r"(?<![\w.,])"
    sign = rf"(?:(?<![\w.,)])(?P<{name}neg>[-\u2212])(?=\d))?{start}"
    if spec.decimal_point:  # 1,234,567.89 and the Indian 12,34,567.89
        integer = r"\d{1,3}(?:,\d{3})+(?!\d)|\d{1,2}(?:,\d{2})*,\d{3}(?!\d)|\d+"
        return rf"{sign}(?P<{name}i>{integer})(?:\.(?P<{name}f>\d+))?(?!\d)"
    seps = ".\u00a0\u202f\u2009" + (" " if spec.space_groups else "")
    integer = rf"[1-9]\d{{0,2}}(?:[{seps}]\d{{3}})+(?!\d)|\d+"
    return (
        rf"{sign}"
        rf"(?P<{name}i>{integer})(?:(?:,|\.(?!\d{{3}}(?!\d)))(?P<{name}f>\d+))?(?!\d)"
    )


WHOLE = r"(?:,[-\u2013])?"  # "5,- €" (or an en dash): a whole amount
NUMERIC_DATE = re.compile(r"\d{1,2}([-/.])\d{1,2}\1\d{4}")


def plain(digits: str) -> bool:
    """A number said as a number: longer runs and leading zeros are read digit by digit."""
    return len(digits) <= 15 and not (len(digits) > 1 and digits[0] == "0")


# Products whose version follows their name ("iOS 17.2", "Python 3.12", "USB 3.0").
PRODUCTS = (
    "iOS|iPadOS|macOS|watchOS|Android|Windows|Python|Java|PHP|Node(?:\\.js)?|Ubuntu|Debian|"
    "Fedora|Chrome|Firefox|Safari|Edge|Linux|Kotlin|Swift|Ruby|Perl|TypeScript|Bluetooth|USB|"
    "HTML|HTTP|Wi-Fi|WordPress|Excel|Office|Photoshop|Minecraft|Unity|Docker|Kubernetes"
)
NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")
CONTEXT = 60  # characters around a match that a hook sees: enough for a preposition or two


def before(m: re.Match[str]) -> str:
    """The text just before a match (bounded, so long texts stay linear)."""
    return m.string[max(0, m.start() - CONTEXT) : m.start()]


def after(m: re.Match[str]) -> str:
    return m.string[m.end() : m.end() + CONTEXT]


def sentence_dot(m: re.Match[str]) -> str:
    """The dot of an abbreviation that also ends the sentence: at the end, or before a capital."""
    if not m.group().endswith("."):
        return ""
    rest = after(m)
    following = rest.lstrip()
    return "." if not following or (following[0].isupper() and rest[:1].isspace()) else ""


def abbreviation_pattern(abbreviation: str) -> str:
    """ "z. B." also matches "z.B."; one that ends in a letter must end a word."""
    pattern = re.escape(abbreviation).replace(r"\ ", r"\s?")
    end = "" if abbreviation.endswith(".") else r"(?!\w)"
    return rf"(?<!\w){pattern}{end}"


def alternation(words: object) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))  # type: ignore[arg-type]
