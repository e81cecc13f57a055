# ruff: noqa: RUF001, RUF002, RUF003  (tables in Cyrillic, dashes as written)
"""Two days of one month, and a day and month without a year.

"3.–4. mája" is "od tretieho do štvrtého mája", "3–4 maja" "od trzeciego do czwartego
maja", "3–4 мая" "с третьего по четвёртое мая"; "3. a 4. mája" "tretieho a štvrtého
mája"; "3/4 mája" (the two days, as a night is written: "w nocy z 3/4 maja", "z
trzeciego na czwartego maja") "tretieho a štvrtého mája", not the fraction "three
quarters"; "dňa 3. 4." and "do 15. 6." (no year) are "dňa tretieho apríla", "do
pätnásteho júna".

Each day is said by the language's module as it says "od 3. mája" and "do 4. mája"
(the case the preposition asks), so the forms are the module's; this rule only finds
the shape and the words that join the days.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from model_layer.text.langs import language_module

Reader = Callable[[str], str]


@dataclass(frozen=True)
class DaysWords:
    start: str  # the word before the first day of a range ("od", "с")
    end: str  # the word before the last ("do", "по")
    both: str  # "and" between two days ("a", "i", "и")
    night: tuple[str, str]  # "z 3/4": "z" before the first day, "na" before the second
    dot: bool  # days are written "3." (cs, sk, sl, hr)
    numeric: bool = False  # "3. 4." without a year is a date (d. m.)


_WORDS: dict[str, DaysWords] = {
    "pl": DaysWords("od", "do", "i", ("z", "na"), dot=False, numeric=True),
    "cs": DaysWords("od", "do", "a", ("z", "na"), dot=True, numeric=True),
    "sk": DaysWords("od", "do", "a", ("z", "na"), dot=True, numeric=True),
    "sl": DaysWords("od", "do", "in", ("z", "na"), dot=True, numeric=True),
    "hr": DaysWords("od", "do", "i", ("s", "na"), dot=True, numeric=True),
    "ru": DaysWords("с", "по", "и", ("с", "на"), dot=False, numeric=True),
    "uk": DaysWords("з", "по", "і", ("з", "на"), dot=False, numeric=True),
    "bg": DaysWords("от", "до", "и", ("от", "срещу"), dot=False, numeric=True),
}
LANGUAGES = frozenset(_WORDS)


def _months(lang: str) -> tuple[str, ...]:
    module = language_module(lang)
    return getattr(module, "MONTHS", None) or module.MONTHS_GENITIVE  # type: ignore[union-attr]


_PATTERNS: dict[str, re.Pattern[str]] = {}
_NUMERIC: dict[str, re.Pattern[str]] = {}


def _pattern(lang: str) -> re.Pattern[str]:
    pattern = _PATTERNS.get(lang)
    if pattern is None:
        words = _WORDS[lang]
        months = "|".join(sorted(_months(lang), key=len, reverse=True))
        day = r"(?:0?[1-9]|[12]\d|3[01])"
        pattern = re.compile(
            rf"(?<![\w.,/])(?P<d1>{day})(?P<dot1>\.?)"
            rf"(?:\s?(?P<dash>[-–—])\s?|(?P<slash>/)|\s(?P<both>{words.both})\s)"
            rf"(?P<d2>{day})(?P<dot2>\.?)\s(?P<month>{months})(?!\w)",
            re.IGNORECASE,
        )
        _PATTERNS[lang] = pattern
    return pattern


def _numeric(lang: str) -> re.Pattern[str]:
    pattern = _NUMERIC.get(lang)
    if pattern is None:
        # "3. 4." or "3.4." with no year after: a day and a month; where days are written
        # without a dot (pl, ru, uk, bg) only "14.03.", the month in two digits ("1.2." is
        # a version or a list)
        month = r"0?[1-9]|1[0-2]" if _WORDS[lang].dot else r"0[1-9]|1[0-2]"
        pattern = re.compile(
            r"(?<![\w.,/])(?<!\d\. )(?P<d>0?[1-9]|[12]\d|3[01])\.\s?"
            rf"(?P<m>{month})\.(?!\s?\d|\w)"
        )
        _NUMERIC[lang] = pattern
    return pattern


def _day(reader: Reader, before: str, day: str, dot: str, month: str) -> str | None:
    """The day as the module says it after `before` ("od 3. mája" -> "tretieho")."""
    said = reader(f"{before} {day}{dot} {month}".strip()).strip().split()
    skip = len(before.split())
    lead = said[:skip]
    if [w.lower() for w in lead] != [w.lower() for w in before.split()]:
        return None
    if not said or said[-1].lower() != month.lower() or len(said) <= skip + 1:
        return None
    words = " ".join(said[skip:-1])
    return None if any(ch.isdigit() for ch in words) else words


# Estonian "24.12." or "24.12 kell 20": a day and a month, said by the module's date reader.
_ET_NUMERIC = re.compile(
    r"(?<![\w.,/:])(?<!kell )(?<!Kell )(?P<d>0?[1-9]|[12]\d|3[01])\.(?P<m>0?[1-9]|1[0-2])"
    r"(?:\.(?!\d)|(?=\s[Kk]ell\b))"
)


def _et_dates(text: str) -> str:
    from model_layer.text.langs.spec import DateParts

    say_date = language_module("et").LANGUAGE.say_date  # type: ignore[union-attr]

    def say(m: re.Match[str]) -> str:
        words = say_date(DateParts(int(m.group("d")), int(m.group("m")), None, ""))
        if words is None:
            return m.group()
        rest = m.string[m.end() : m.end() + 3].lstrip()
        end = "." if m.group().endswith(".") and (not rest or rest[0].isupper()) else ""
        return words + end

    return _ET_NUMERIC.sub(say, text)


def read(text: str, lang: str, reader: Reader | None) -> str:
    """`text` with two days of a month, and bare "d. m." dates, said as dates."""
    if lang == "et" and "." in text:
        return _et_dates(text)
    words = _WORDS.get(lang)
    if words is None or reader is None or not any(ch.isdigit() for ch in text):
        return text

    def pair(m: re.Match[str]) -> str:
        month = m.group("month")
        dot1 = m.group("dot1") or ("." if words.dot else "")
        dot2 = m.group("dot2") or ("." if words.dot else "")
        before = m.string[max(0, m.start() - 12) : m.start()].split()
        previous = before[-1].lower() if before else ""
        if m.group("dash"):
            first_word, second_word, joint = words.start, words.end, None
            if previous == words.start:
                first_word = ""  # "od 3.–4. mája" already says "od"
        elif m.group("slash") and previous == words.night[0]:
            first_word, second_word, joint = words.night[0], words.night[1], None
        else:
            first_word, second_word, joint = "", "", m.group("both") or words.both
        if previous == words.start and first_word == "":
            first = _day(reader, words.start, m.group("d1"), dot1, month)
        else:
            first = _day(reader, first_word, m.group("d1"), dot1, month)
        second = _day(reader, second_word, m.group("d2"), dot2, month)
        if first is None or second is None:
            return m.group()
        if joint is not None:
            return f"{first} {joint} {second} {month}"
        if m.group("slash"):
            return f"{first} {second_word} {second} {month}"  # "z" is already before
        lead = f"{first_word} " if first_word else ""
        return f"{lead}{first} {second_word} {second} {month}"

    text = _pattern(lang).sub(pair, text)
    if words.numeric and "." in text:
        months = _months(lang)

        def numeric(m: re.Match[str]) -> str:
            rest = m.string[m.end() : m.end() + 3].lstrip()
            end = "." if not rest or rest[0].isupper() else ""  # the dot also ends a sentence
            dot = "." if words.dot else ""
            return f"{int(m.group('d'))}{dot} {months[int(m.group('m')) - 1]}{end}"

        text = _numeric(lang).sub(numeric, text)
    return text
