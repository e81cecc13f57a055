# ruff: noqa: RUF001, RUF002, RUF003  (dashes and Cyrillic letters are the data here)
"""Everyday shapes that Czech, Slovak, Slovenian, Croatian and Bulgarian write alike, each
read by a rule made from the language's own words (the five modules share this file):

- an identifier after the word that names it ("IČO 27082440", "OIB 12345678901", "ЕГН
  8503151234", "kód je 482913", "variabilní symbol 2024001"), read digit by digit, not as
  tens of millions; an account or birth number's "/1234" after it too ("lomeno");
- a span of clock times ("8:00-16:30", "9.00–17.00"): "od 8:00 do 16:30", so that the
  language's hours take the case "od" and "do" ask for ("od osmi hodin do šestnácti");
- a range of counts after a preposition ("do 3–5 pracovních dnů", "za 3–5 radnih dana"):
  where the preposition gives the numbers a case, both take it ("do tří až pěti dnů",
  "v treh do petih dneh"); where the language reads a range "od 3 do 5" (hr, bg), the
  preposition already said stands for "od" ("za tri do pet dana", not "za od tri do pet").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Protocol

from model_layer.text import numbers
from model_layer.text.langs.spec import UNIT_SYMBOLS
from model_layer.text.shapes import cases, slavic_declension, west_slavic_agreement

Rule = Callable[[str], str]


class Speller(Protocol):
    """A language's own number speller (bg, hr): the gender of a noun after a number,
    and the number in a gender."""

    def noun_gender(self, noun: str, n: int) -> str: ...

    def cardinal(self, n: int, gender: str) -> str | None: ...


def one_and_two_agreeing(
    speller: Speller, not_nouns: frozenset[str], default_gender: str
) -> Callable[[str, str], str | None]:
    """The spec's `agreeing` hook for bg and hr, which say 1 and 2 (and 21, 32, ...) in the
    gender of the noun after them ("една книга", "dvije knjige"), any other number in its
    counting form; a word of `not_nouns` after the number is no noun."""

    def agreeing(digits: str, following: str) -> str | None:
        n = int(digits)
        gender = default_gender
        if n % 10 in (1, 2) and n % 100 not in (11, 12):
            noun = following.lower()
            if len(noun) > 2 and noun not in not_nouns:
                gender = speller.noun_gender(noun, n)
        return speller.cardinal(n, gender)

    return agreeing


# A currency or unit after the digits: an amount, not an identifier ("faktura 12500 Kč").
_AMOUNT_AFTER = re.compile(
    r"\s?(?:[€$£%]|Kč|EUR|USD|CZK|eur|kun|лв|лева|евро|km|kg|ks|kom|бр|кг|км)", re.IGNORECASE
)


def id_rule(keywords: str, lang: str, slash_word: str = "", codes: str = "") -> Rule:
    """`keywords`: a regex of the words before an identifier of five digits or more
    (perhaps after a country prefix "CZ", "SI"); `codes`: words before a one-time code or
    PIN, read so from four digits on; `slash_word`: said for the "/" of "850315/1234"."""
    link = (
        r"(?:\s*:?\s+(?:je|jest|е|e|is|číslo|čísla|číslom|številka|številko|broj|номер|№|"
        r"za\s+\w+|pro\s+\w+|na\s+\w+|за\s+\w+)){0,3}\s*:?\s*"
    )
    # the words before the number, then the digits (a country's two letters may lead)
    ids = re.compile(
        rf"(?<![\w-])((?:{keywords}){link})([A-Z]{{2}})?(\d{{5,}})(?:/(\d{{2,10}}))?"
        r"(?![\w.,/-]\d|\w)",
        re.IGNORECASE,
    )
    pins = (
        re.compile(rf"(?<![\w-])((?:{codes}){link})(\d{{4,10}})(?![\w.,/-]\d|\w)", re.IGNORECASE)
        if codes
        else None
    )

    def digits(run: str) -> str:
        return numbers.digit_by_digit(run, lang) or run

    def say(m: re.Match[str]) -> str:
        if _AMOUNT_AFTER.match(m.string, m.end()):
            return m.group()
        prefix = f"{' '.join(m.group(2).upper())} " if m.group(2) else ""
        said = f"{m.group(1)}{prefix}{digits(m.group(3))}"
        if m.group(4):
            said += (
                f" {slash_word} {digits(m.group(4))}" if slash_word else f" {digits(m.group(4))}"
            )
        return said

    def rule(text: str) -> str:
        if not any(c.isdigit() for c in text):
            return text
        if pins is not None:
            text = pins.sub(
                lambda m: (
                    m.group()
                    if _AMOUNT_AFTER.match(m.string, m.end())
                    else m.group(1) + digits(m.group(2))
                ),
                text,
            )
        return ids.sub(say, text)

    return rule


_CLOCK = r"([01]?\d|2[0-3])[:.]([0-5]\d)"
_TIME_SPAN = re.compile(
    rf"(?<![\w.,:/])(\w+\s)?{_CLOCK}(?!\d)\s?[-\u2013\u2014]\s?{_CLOCK}(?![\w:]|[.,]\d)"
)


def time_span_rule(from_word: str, to_word: str, between: tuple[str, str]) -> Rule:
    """ "8:00-16:30" -> "od 8:00 do 16:30" (the words the language reads hours after);
    after the word for "between" ("mezi 9:00–11:00") its "and": "mezi 9:00 a 11:00"."""

    def say(m: re.Match[str]) -> str:
        before = m.group(1) or ""
        if before.strip().lower() == between[0]:
            return f"{before}{m.group(2)}:{m.group(3)} {between[1]} {m.group(4)}:{m.group(5)}"
        lead = "" if before.strip().lower() == from_word else f"{from_word} "
        if not before and m.start() == 0:
            lead = lead.capitalize()
        return f"{before}{lead}{m.group(2)}:{m.group(3)} {to_word} {m.group(4)}:{m.group(5)}"

    def rule(text: str) -> str:
        if ":" not in text and "." not in text:
            return text
        return _TIME_SPAN.sub(say, text)

    return rule


# A range of whole numbers after a word, then a word ("do 3–5 dnů", "za 3-5 dana").
_PREP_RANGE = re.compile(
    r"(?<![\w.,])([^\W\d_]+)\s(\d{1,3})\s?[-\u2013\u2014]\s?(\d{1,3}|[^\W\d_]+)(?=\s([^\W\d_]+))"
    r"(?![.,:/]\d)"
)
# "do 3–5 dnů", "během 2–3 týdnů": the genitive or dative the preposition gives
_WEST_CASE = {
    "cs": {
        **dict.fromkeys(
            ("do", "od", "kolem", "okolo", "během", "bez", "u", "místo", "podle", "kromě"), "g"
        ),
        **dict.fromkeys(("k", "ke", "díky", "kvůli", "proti", "vůči"), "d"),
    },
    "sk": {
        **dict.fromkeys(
            ("do", "od", "okolo", "počas", "bez", "u", "namiesto", "podľa", "okrem"), "g"
        ),
        **dict.fromkeys(("k", "ku", "vďaka", "kvôli", "proti", "oproti"), "d"),
    },
    "sl": {
        **dict.fromkeys(("okoli", "blizu", "brez", "izmed", "zaradi", "namesto", "razen"), "g"),
        **dict.fromkeys(("k", "h", "proti", "kljub"), "d"),
        # "v 3–5 delovnih dneh": the locative, shown by the noun's plural ending
        **dict.fromkeys(("v", "na", "o", "po", "pri"), "l"),
    },
}
# units and written scales: the unit rules read them after digits, not after words
_NOT_NOUNS = frozenset([*UNIT_SYMBOLS, "ks", "hod", "tis", "mil", "mld", "mio", "mrd"])
_LOCATIVE_PLURAL = ("ih", "ah", "ech", "ích", "ách", "och", "iach")


def _west_number(n: int, lang: str, case: str, feminine: bool) -> str | None:
    if n == 1:
        if lang == "sl":
            return {"g": ("enega", "ene"), "d": ("enemu", "eni"), "l": ("enem", "eni")}[case][
                feminine
            ]
        return cases.ONE_FORMS[lang][case][feminine]
    return slavic_declension.DECLINE[lang](n, case, feminine)


@functools.cache
def _said_numbers(lang: str) -> dict[str, int]:
    said = {}
    for n in range(2, 200):
        for case in "gdli":
            for feminine in (False, True):
                words = slavic_declension.DECLINE[lang](n, case, feminine)
                if words is not None and " " not in words:
                    said[words] = n
    return said


def west_range_rule(lang: str, joiner: str) -> Rule:
    """cs, sk, sl: both ends of a range in the case of the preposition before it."""
    table = _WEST_CASE[lang]

    def say(m: re.Match[str]) -> str:
        preposition = m.group(1).lower()
        case = table.get(preposition)
        # the case rules that ran before may have said the second end already, in the case
        # its noun's ending suggests ("do 2–třech dnů"): read back as its number
        b = int(m.group(3)) if m.group(3).isdigit() else _said_numbers(lang).get(m.group(3))
        a = int(m.group(2))
        noun = m.group(4)
        if b is None or case is None or a >= b or not noun[:1].islower() or noun in _NOT_NOUNS:
            return m.group()
        if case == "l" and not noun.endswith(_LOCATIVE_PLURAL):
            return m.group()  # "na 2–3 dny": an accusative, read as it is
        feminine = west_slavic_agreement.west_slavic_gender(noun, lang) == "f"
        first = _west_number(a, lang, case, feminine)
        last = _west_number(b, lang, case, feminine)
        if first is None or last is None:
            return m.group()
        return f"{m.group(1)} {first} {joiner} {last}"

    def rule(text: str) -> str:
        if not any(dash in text for dash in "-\u2013\u2014"):
            return text
        return _PREP_RANGE.sub(say, text)

    return rule


def preposition_range_rule(prepositions: frozenset[str], to_word: str) -> Rule:
    """hr, bg: a range read "od 3 do 5" loses its "od" after another preposition."""

    def say(m: re.Match[str]) -> str:
        if (
            m.group(1).lower() not in prepositions
            or not m.group(3).isdigit()
            or int(m.group(2)) >= int(m.group(3))
        ):
            return m.group()
        return f"{m.group(1)} {m.group(2)} {to_word} {m.group(3)}"

    def rule(text: str) -> str:
        if not any(dash in text for dash in "-\u2013\u2014"):
            return text
        return _PREP_RANGE.sub(say, text)

    return rule
