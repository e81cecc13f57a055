# ruff: noqa: RUF001, RUF002, RUF003  (the multiplication sign is the data here)
"""How many times: "3x denně" is "třikrát denně", "2x dziennie" "dwa razy dziennie",
"3x päivässä" "kolme kertaa päivässä", "2-krát" (sk) "dvakrát", "3x al día" "tres veces
al día", "em 10x sem juros" "em dez vezes", "2x daily" "twice daily" (medicine
doses, training plans, timetables, instalments).

A number with "x" or "×" glued or spaced after it is a count of times only where a word
or the end of the phrase follows: "3x4 m", "2 x 3" and "4x4" (sizes, products) stay the
language module's. Each language says the count as it does: a word joined to the number
(cs "třikrát", sk "trikrát", sl "trikrat") or the number and the word "times" in the form
the number asks (pl "dwa razy", "pięć razy"; ru "два раза", "пять раз"; uk "два рази";
hr "dva puta"; bg "два пъти"; lt "du kartus", "dešimt kartų"; lv "divas reizes"; et
"kolm korda"; fi "kolme kertaa").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers

_TIMES = re.compile(
    r"(?<![\w.,/])(?P<n>\d{1,3})(?:\s?[x×]|-?krát|-?krat)(?=\s+[^\W\d_]|\s*[.,;:!?)]|\s*$)"
)


def _joined(special: dict[int, str], suffix: str, lang: str) -> Callable[[int], str | None]:
    """cs, sk, sl: the number and "-krát" as one word ("pětkrát"); its last word joined."""

    def say(n: int) -> str | None:
        if n in special:
            return special[n]
        words = numbers.cardinal(str(n), lang)
        return None if words is None else words + suffix

    return say


def _counted(
    one: str, few: str, many: str, lang: str, two: str = ""
) -> Callable[[int], str | None]:
    """The number and "times" in the form the number asks (Slavic one / few / many)."""

    def say(n: int) -> str | None:
        if n == 1:
            return one
        words = numbers.cardinal(str(n), lang)
        if words is None:
            return None
        if two and n == 2:
            words = two
        few_form = 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
        return f"{words} {few if few_form else many}"

    return say


def _other(one: str, other: str, lang: str, forms: dict[int, str] | None = None):  # type: ignore[no-untyped-def]
    def say(n: int) -> str | None:
        if n == 1:
            return one
        words = (forms or {}).get(n) or numbers.cardinal(str(n), lang)
        return None if words is None else f"{words} {other}"

    return say


_LT_ACCUSATIVE = {2: "du", 3: "tris", 4: "keturis", 5: "penkis", 6: "šešis", 7: "septynis",
                  8: "aštuonis", 9: "devynis"}  # fmt: skip


def _lt(n: int) -> str | None:
    if n == 1:
        return "vieną kartą"
    if n in _LT_ACCUSATIVE:
        return f"{_LT_ACCUSATIVE[n]} kartus"
    words = numbers.cardinal(str(n), "lt")
    if words is None or n % 10:
        return None  # "dvidešimt vieną kartą", "dvidešimt du kartus": left as they are
    return f"{words} kartų"


_LV_FEMININE = {2: "divas", 4: "četras", 5: "piecas", 6: "sešas", 7: "septiņas",
                8: "astoņas", 9: "deviņas"}  # fmt: skip

_SAY: dict[str, Callable[[int], str | None]] = {
    "cs": _joined({1: "jednou", 2: "dvakrát", 3: "třikrát", 4: "čtyřikrát"}, "krát", "cs"),
    "sk": _joined({1: "raz", 2: "dvakrát", 3: "trikrát", 4: "štyrikrát"}, "krát", "sk"),
    "sl": _joined({1: "enkrat", 2: "dvakrat", 3: "trikrat", 4: "štirikrat"}, "krat", "sl"),
    "pl": _counted("jeden raz", "razy", "razy", "pl"),
    "ru": _counted("один раз", "раза", "раз", "ru"),
    "uk": _counted("один раз", "рази", "разів", "uk"),
    "hr": _counted("jedanput", "puta", "puta", "hr", two="dva"),
    "bg": _other("един път", "пъти", "bg", {2: "два"}),
    "lt": _lt,
    "lv": _other("vienu reizi", "reizes", "lv", _LV_FEMININE),
    "et": _other("üks kord", "korda", "et"),
    "fi": _other("kerran", "kertaa", "fi"),
}
# Where the count is the number and a noun for "time(s)", written as digits here so the
# language module says the number in the noun's gender (agreement: "tres veces", "duas
# vezes", "une fois", "ventuno volte"); English says "once", "twice", "three times".
_NOUN = {"es": ("vez", "veces"), "pt": ("vez", "vezes"),
         "it": ("volta", "volte"), "fr": ("fois", "fois"), "nl": ("keer", "keer"),
         "sv": ("gång", "gånger"), "da": ("gang", "gange")}  # fmt: skip
for _lang, (_one, _many) in _NOUN.items():
    _SAY[_lang] = lambda n, one=_one, many=_many: f"{n} {one if n == 1 else many}"
_SAY["en"] = lambda n: {1: "once", 2: "twice"}.get(n, f"{n} times")
LANGUAGES = frozenset(_SAY)


# "3x4 m", "2 × 3": a size or a product, "by" between the numbers (the numbers and the
# unit are the module's: "trzy na cztery metry", "три на четыре метра").
_BY = re.compile(r"(?<![\w.,/])(\d{1,4})\s?[x×]\s?(\d{1,4})(?![\w.,/]\d|[x×\d])(?P<equals>\s?=)?")
# "2 x 3 = 6": a product, "times" where the language says it otherwise than a size.
_PRODUCT_WORDS = {"pl": "razy", "ru": "умножить на", "uk": "помножити на"}
_BY_WORDS = {"pl": "na", "cs": "krát", "sk": "krát", "sl": "krat", "hr": "puta", "ru": "на",
             "uk": "на", "bg": "на", "lv": "reiz", "et": "korda", "fi": "kertaa"}  # fmt: skip
# School marks: "4+" cztery plus; "1-" after a word about a mark (a bare "5-" is also the
# first half of "5- i 6-latki").
_MARK_PLUS = re.compile(r"(?<![\w.,+])([1-6])\+(?=[\s.,;:)]|$)")
_MARK_MINUS = re.compile(
    r"(?<!\w)((?:ocena|ocenę|ocenie|dostał|dostała|známka|známku|známky|za|dostal|dostala|"
    r"známkou) )([1-6])-(?=[\s.,;:)]|$)",
    re.IGNORECASE,
)
_MARKS = {"pl": ("plus", "minus"), "cs": ("plus", "mínus"), "sk": ("plus", "mínus")}


def _by(m: re.Match[str], lang: str) -> str:
    by = _PRODUCT_WORDS.get(lang, _BY_WORDS[lang]) if m.group("equals") else _BY_WORDS[lang]
    return f"{m.group(1)} {by} {m.group(2)}{m.group('equals') or ''}"


def read(text: str, lang: str) -> str:
    """`text` with "3x", "2-krát" said as a count of times in `lang`, "3x4" as a size
    and "4+" as a school mark."""
    say = _SAY.get(lang)
    if say is None or not any(ch.isdigit() for ch in text):
        return text

    def times(m: re.Match[str]) -> str:
        words = say(int(m.group("n")))
        return m.group() if words is None else words

    if lang in _BY_WORDS and ("x" in text or "×" in text):
        text = _BY.sub(lambda m: _by(m, lang), text)
    text = _TIMES.sub(times, text)
    if lang in _MARKS:
        plus, minus = _MARKS[lang]
        text = _MARK_PLUS.sub(lambda m: f"{m.group(1)} {plus}", text)
        text = _MARK_MINUS.sub(lambda m: f"{m.group(1)}{m.group(2)} {minus}", text)
    return text
