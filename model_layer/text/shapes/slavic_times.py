# ruff: noqa: RUF001, RUF002, RUF003  (the text is Cyrillic, not look-alike Latin)
"""Clock times as timetables write them: "9:00-18:00", "с 9.00 до 18.00", "в 9.30".

A span of two clock times is said with its prepositions, as one reads opening hours
aloud: "с девяти часов до восемнадцати часов", "з дев'ятої до вісімнадцятої", "od
dziewiątej do siedemnastej". A time written with a dot ("9.30", usual in Russian and
Ukrainian timetables) is a time after a preposition of time or inside such a span,
not a decimal ("девять целых тридцать сотых"). Each is rewritten with a colon for the
module's time rule, which gives the hour its case.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text.shapes import cases

Rule = Callable[[str], str]

_HOUR = r"(?:[01]?\d|2[0-3])"
_CLOCK = rf"({_HOUR})[:.]([0-5]\d)"
# Two clock times joined by a dash; the first may follow "с"/"з"/"od" already.
_SPAN = re.compile(
    rf"(?<![\w:.,])(?:(?P<from>[^\W\d_]+)[ \u00a0])?{_CLOCK}[ \u00a0]?[-\u2013\u2014][ \u00a0]?"
    rf"{_CLOCK}(?![\w:]|[.,]\d)"
)
_FROM_TO = {"ru": ("с", "до"), "uk": ("з", "до"), "pl": ("od", "do")}
_FROM = {"ru": ("с", "со", "от"), "uk": ("з", "із", "зі", "від"), "pl": ("od",)}
# Words after which "9.30" is a clock time.
_TIME_WORDS = {
    "ru": "в|во|с|со|до|к|после|около|от|начало|начале|Начало|В|С|До|К|После|Около|От",
    "uk": "о|об|з|із|до|після|близько|від|початок|початку|О|Об|З|До|Після|Від|Початок",
}
_NOT_AFTER = r"(?![\d.,]\d|[ \u00a0]?(?:раз|%|руб|₽|грн|₴|\$|€|млн|млрд|тыс|тис))"


def _span(lang: str) -> Callable[[re.Match[str]], str]:
    frm, to = _FROM_TO[lang]

    def say(m: re.Match[str]) -> str:
        start = f"{m.group(2)}:{m.group(3)}"
        end = f"{m.group(4)}:{m.group(5)}"
        lead = m.group("from")
        if lead and lead.lower() in _FROM[lang]:
            return f"{lead} {start} {to} {end}"
        prefix = f"{lead} " if lead else ""
        return f"{prefix}{frm} {start} {to} {end}"

    return say


def rule(lang: str) -> Rule:
    """The rule for ru, uk or pl."""
    say_span = _span(lang)
    dotted = (
        re.compile(rf"(?<!\w)((?:{_TIME_WORDS[lang]})[ \u00a0])({_HOUR})\.([0-5]\d){_NOT_AFTER}")
        if lang in _TIME_WORDS
        else None
    )

    def apply(text: str) -> str:
        if ":" not in text and "." not in text:
            return text
        text = _SPAN.sub(say_span, text)
        if dotted is not None:
            text = dotted.sub(lambda m: f"{m.group(1)}{m.group(2)}:{m.group(3)}", text)
        if lang == "ru" and ":" in text:
            # "с 9:00 до 18:00": the hours in the genitive, as the shared case rule says them
            text = cases.RU_TIME.sub(cases.ru_time, text)
        return text

    return apply


def dotted_times(prepositions: str) -> Callable[[str], str]:
    """A rule: "v 9.30", "od 8.00" after one of `prepositions` (a regex alternation) is a
    clock time, rewritten "9:30" for the language's time rule (not a decimal)."""
    pattern = re.compile(rf"(?<!\w)({prepositions})\s([01]?\d|2[0-3])\.([0-5]\d)(?!\d|[.,]\d)")

    def rule(text: str) -> str:
        return pattern.sub(lambda m: f"{m.group(1)} {m.group(2)}:{m.group(3)}", text)

    return rule
