# ruff: noqa: RUF002  (tables in Cyrillic, Greek and other scripts, not look-alike Latin)
"""Fractions and mixed numbers read as fractions.

"2/3 der Stimmen" is "zwei Drittel der Stimmen", "5 1/2 km" "fünfeinhalb Kilometer",
"cinq kilomètres et demi", "пять с половиной километров". A slash between two numbers
is also a date in most of these languages ("le 1/5" is the first of May), so a bare
"a/b" is a fraction only where nothing else fits:

- a mixed number: a whole number, a space, then a proper fraction ("5 1/2", "2 3/4");
- before the language's "of" ("2/3 of", "2/3 der", "2/3 des", "2/3 de los"), or, in
  languages that say it with a case (ru, pl, tr), a proper fraction before a word.

Greek says "τα 2/3 των" as "τα δύο τρίτα των", Arabic "2/3 من" as "ثلثان من" (the dual
in the case its preposition asks), Hindi a proper fraction before a word ("तीन चौथाई
कप", but not before को or a month: a date) and mixed numbers as one word ("ढाई",
"साढ़े तीन", "पौने तीन"). Japanese fractions are read by ja.py ("3分の2").
Everything else ("1/5", "24/7", "km/h", "and/or") is left to the language's module.
English fractions before "of" and units are read by `langs/en/` already; this adds
its mixed numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.shapes import agreement
from model_layer.text.shapes.fraction_words import TABLES
from model_layer.text.shapes.romance_agreement import romance_gender

LANGUAGES = frozenset(TABLES)

_MIXED = re.compile(
    r"(?<![\w.,/])(?P<whole>\d{1,6}) (?P<a>\d{1,2})/(?P<b>\d{1,3})(?![\w/.,]\d|[\d/])"
    r"(?:(?P<gap> )(?P<unit>[^\W\d_][\w²³/]*))?"
)
_FRACTION = re.compile(
    r"(?<![\w.,/])(?P<a>\d{1,3})/(?P<b>\d{1,3})(?![\d/]|[.,]\d)(?P<gap> )(?P<next>[^\W\d_]\w*'?)"
)


# "et demi" -> "et demie" after a feminine unit ("une heure et demie").
_FEMININE_HALF = {
    "fr": ("et demi", "et demie"),
    "es": ("y medio", "y media"),
    "pt": ("e meio", "e meia"),
    "it": ("e mezzo", "e mezza"),
}


# A house and flat number after a street's name ("ul. Mickiewicza 12/4", "v Dlouhé 12/4"):
# "dwanaście łamane przez cztery", "dvanáct lomeno čtyři"; the name follows a street word
# or a lower-case word (not the first word of a sentence: "Ponad 2/3 osób").
_HOUSE = re.compile(
    r"(?P<pre>\b(?:ul|al|os|pl|nám)\. ?|\b(?:ulica|ulicy|aleja|alei|ulice|ulici) "
    r"|[a-ząćęłńóśźżčďěňřšťůžáéíúýô] )"
    r"(?P<name>[A-ZĄĆĘŁŃÓŚŹŻČĎŇŘŠŤŽÁÉÍÚÝ][^\W\d_]+ )(?P<a>\d{1,4})(?P<x>[a-z]?)/(?P<b>\d{1,4})"
    r"(?P<y>[a-z]?)(?![\d/])(?P<word> [a-ząćęłńóśźżčďěňřšťůžáéíúýô]{3,})?"
)
_HOUSE_WORDS = {"pl": "łamane przez", "cs": "lomeno", "sk": "lomeno"}
# A numbered document ("faktura nr 12/2024", "č. j. 5/2023"): the same "slash" word.
_NUMBERED = re.compile(
    r"(?P<pre>\b(?:nr|Nr|numer|č|Č|čj|[čČ]\. ?j)\.? ?)(?P<a>\d{1,6})/(?P<b>\d{1,6})(?![\d/])"
)


# "2½ cups", "¾ tsp": the single-character fractions, written as "a/b" (after a space
# when a whole number comes first) so that the fraction readers of each language say them.
_VULGAR = {"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5",
           "⅗": "3/5", "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8",
           "⅞": "7/8"}  # fmt: skip
_VULGAR_CHAR = re.compile(rf"(?:(\d)\s?)?([{''.join(_VULGAR)}])")


def spell_vulgar_fractions(text: str) -> str:
    """`text` with "½", "2½", "2 ½" written "1/2", "2 1/2"."""
    if not any(ch in _VULGAR for ch in text):
        return text
    return _VULGAR_CHAR.sub(
        lambda m: f"{m.group(1) + ' ' if m.group(1) else ''}{_VULGAR[m.group(2)]}", text
    )


def read_fractions(text: str, lang: str, unit_reader: Callable[[str], str] | None) -> str:
    """`text` with mixed numbers and fractions in `lang` read as words. `unit_reader`
    is the language's normalizer, used to say the unit after a mixed number as the
    language says it after a number ("km" -> "Kilometer")."""
    table = TABLES.get(lang)
    if "/" not in text:
        return text
    if lang in _HOUSE_WORDS:

        def house(m: re.Match[str]) -> str:
            if int(m.group("a")) < int(m.group("b")) and m.group("word"):
                return m.group()  # "do Brna 3/4 cesty": a fraction before its noun
            a, b = m.group("a") + m.group("x"), m.group("b") + m.group("y")
            word = m.group("word") or ""
            return f"{m.group('pre')}{m.group('name')}{a} {_HOUSE_WORDS[lang]} {b}{word}"

        text = _HOUSE.sub(house, text)
        text = _NUMBERED.sub(
            lambda m: f"{m.group('pre')}{m.group('a')} {_HOUSE_WORDS[lang]} {m.group('b')}", text
        )
    if table is None:
        return text

    def mixed(m: re.Match[str]) -> str:
        whole, a, b = int(m.group("whole")), int(m.group("a")), int(m.group("b"))
        if not 0 < a < b or b > 1000:
            return m.group()
        if table.mixed_words is not None:
            unit: str | None = ""
            if m.group("unit"):
                unit = _unit_words(m.group("unit"), m.group("whole"), unit_reader)
                if unit is None and m.group("unit").isalpha():
                    unit = m.group("unit")  # a word the number agreed with: "3 ώρες"
            if unit is None:
                return m.group()
            words = table.mixed_words(whole, a, b, unit)
            if words is None:
                return m.group()
            return f"{words} {unit}".rstrip()
        n_words = numbers.cardinal(m.group("whole"), lang)
        if m.group("unit") and n_words is not None:
            # "duas horas e meia", "dwie i pół godziny": the whole agrees with the noun.
            n_words = agreement.agreeing_number(whole, m.group("unit"), lang) or n_words
        unit_from = table.unit_from.replace("{n}", m.group("whole"))
        unit = _unit_words(m.group("unit"), unit_from, unit_reader) if m.group("unit") else ""
        if n_words is None or unit is None:
            return m.group()
        if (a, b) == (1, 2):
            if lang == "de":
                n_words = re.sub(r"eins$", "ein", n_words)
            half = table.half
            if lang in _FEMININE_HALF and unit and romance_gender(unit.split()[-1], lang) == "f":
                half = half.replace(*_FEMININE_HALF[lang])  # "una hora y media"
            said = half.format(n=n_words, unit=unit)
        else:
            f = table.fraction(a, b)
            if f is None:
                return m.group()
            if lang == "en":
                f = re.sub(r"^one ", "a ", f)  # "two and a quarter cups"
            said = table.other.format(n=n_words, unit=unit, f=f)
        return " ".join(said.split())

    if table.mixed:
        text = _MIXED.sub(mixed, text)

    def fraction(m: re.Match[str]) -> str:
        a, b = int(m.group("a")), int(m.group("b"))
        following = m.group("next").lower()
        if b < 2 or a == 0:
            return m.group()
        if table.of and following not in table.of:
            return m.group()
        # The whole word: `next` stops before a combining vowel sign (को is क + ो).
        word_after = m.string[m.start("next") :].split(maxsplit=1)[0].rstrip("।.,;:!?")
        if word_after in table.not_before:
            return m.group()
        if not table.of and (lang == "en" or a >= b):
            return m.group()  # en: langs/en/ reads these; others: a proper fraction only
        said = table.fraction(a, b)
        if said is None:
            return m.group()
        if table.inflect is not None:
            said = table.inflect(said, m.string[max(0, m.start() - 40) : m.start()])
        return f"{said}{m.group('gap')}{m.group('next')}"

    return _FRACTION.sub(fraction, text)


def _unit_words(unit: str, unit_from: str, reader: Callable[[str], str] | None) -> str | None:
    """What the language says for `unit` after `unit_from` (e.g. "2"): the reading of
    "2 km" less the reading of "2"."""
    if reader is None:
        return unit
    alone = reader(unit_from).strip()
    with_unit = reader(f"{unit_from} {unit}").strip()
    if not with_unit.startswith(alone + " "):
        return None  # "ένας χρόνος" is no "ένα" + unit
    return with_unit[len(alone) :].strip() or None
