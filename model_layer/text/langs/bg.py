"""Bulgarian: numbers agree with the noun after them; dates, years and ordinals as said.

Readings followed (Правописен речник на българския език, БАН 2012): a date is
ordinal day + month + feminine ordinal year + "година" (пети март две хиляди
двадесет и четвърта година); "3,5" is "три цяло и пет"; a time is "часа" and
"минути" (четиринадесет часа и тридесет минути); ordinals are written 1-ви,
2-ри, 3-ти, 5-и, 21-ви, with the form in their ending (1-ва, 1-во, 1-вият).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import re

from model_layer.text.langs._rules import (
    ROMAN,
    Amount,
    Pipeline,
    Spec,
    one_or_many,
    roman_value,
    spelled,
)
from model_layer.text.langs.forms import date_from_parts
from model_layer.text.spell import bg

# (singular, count form after 2 and more, gender)
Noun = tuple[str, str, str]

_MONTHS = ("януари", "февруари", "март", "април", "май", "юни", "юли", "август", "септември",
           "октомври", "ноември", "декември")  # fmt: skip
# Short words after a number that are no counted noun: they leave the counting form.
_NOT_NOUNS = frozenset(("или", "във", "със", "без", "към", "над", "под", "при", "през", "след",
                        "преди", "между", "като", "също"))  # fmt: skip
_LEV: Noun = ("лев", "лева", "m")
_EURO: Noun = ("евро", "евро", "n")
_CENT: Noun = ("цент", "цента", "m")
_CURRENCIES: dict[str, tuple[Noun, Noun | None]] = {
    "лв.": (_LEV, ("стотинка", "стотинки", "f")), "лв": (_LEV, ("стотинка", "стотинки", "f")),
    "BGN": (_LEV, ("стотинка", "стотинки", "f")), "€": (_EURO, _CENT), "EUR": (_EURO, _CENT),
    "$": (("долар", "долара", "m"), _CENT), "USD": (("долар", "долара", "m"), _CENT),
    "£": (("паунд", "паунда", "m"), None), "GBP": (("паунд", "паунда", "m"), None),
    "¥": (("йена", "йени", "f"), None), "JPY": (("йена", "йени", "f"), None),
}  # fmt: skip
_KM: Noun = ("километър", "километра", "m")
_METRE: Noun = ("метър", "метра", "m")
_KG: Noun = ("килограм", "килограма", "m")
_GRAM: Noun = ("грам", "грама", "m")
_LITRE: Noun = ("литър", "литра", "m")
_UNITS: dict[str, Noun] = {
    "km/h": ("километър в час", "километра в час", "m"),
    "км/ч": ("километър в час", "километра в час", "m"),
    "km": _KM, "км": _KM, "m": _METRE, "м": _METRE, "cm": ("сантиметър", "сантиметра", "m"),
    "см": ("сантиметър", "сантиметра", "m"), "mm": ("милиметър", "милиметра", "m"),
    "мм": ("милиметър", "милиметра", "m"), "kg": _KG, "кг": _KG, "g": _GRAM, "гр.": _GRAM,
    "гр": _GRAM, "l": _LITRE, "л": _LITRE, "ml": ("милилитър", "милилитра", "m"),
    "мл": ("милилитър", "милилитра", "m"), "°C": ("градус по Целзий", "градуса по Целзий", "m"),
    "℃": ("градус по Целзий", "градуса по Целзий", "m"), "°": ("градус", "градуса", "m"),
    "мин.": ("минута", "минути", "f"), "мин": ("минута", "минути", "f"),
    "ч.": ("час", "часа", "m"), "ч": ("час", "часа", "m"),
}  # fmt: skip
_ORDINAL_SUFFIX = "[врмнт]?(?:ият|ия|ата|ото|ите|ен|и|а|о)"


def _cardinal(value: Amount, gender: str) -> str:
    return spelled(value, lambda n: bg.cardinal(n, gender), bg.decimal, bg.digits, bg.MINUS)


def _number(value: Amount, following: str) -> str:
    gender = "n"  # the counting form: едно, две, три
    if value.whole and value.value % 10 in (1, 2) and value.value % 100 not in (11, 12):
        word = following.lower()
        if len(word) > 2 and word not in _NOT_NOUNS:
            gender = bg.noun_gender(word, value.value)
    return _cardinal(value, gender)


def _counted(value: Amount, noun: Noun) -> str:
    singular, count_form, gender = noun
    return f"{_cardinal(value, gender)} {one_or_many(value, singular, count_form)}"


def _date(day: int, month: int, year: int | None) -> str:
    words = f"{bg.ordinal(day)} {_MONTHS[month - 1]}"
    return f"{words} {bg.year(year)} година" if year else words


def _time(hour: int, minute: int, second: int | None) -> str:
    words = _counted(Amount(str(hour)), ("час", "часа", "m"))
    if minute:
        words += " и " + _counted(Amount(str(minute)), ("минута", "минути", "f"))
    if second:
        words += " и " + _counted(Amount(str(second)), ("секунда", "секунди", "f"))
    return words


def _ordinal_form(suffix: str) -> str:
    for ending, form in (("ият", "m_def"), ("ия", "m_def_short"), ("ата", "f_def"),
                         ("ото", "n_def"), ("ите", "pl_def"), ("а", "f"), ("о", "n")):  # fmt: skip
        if suffix.endswith(ending):
            return form
    return "m"


def _ordinal(m: re.Match[str]) -> str:
    return bg.ordinal(int(m.group(1)), _ordinal_form(m.group(2)))


def _year(m: re.Match[str]) -> str:
    definite = m.group(2) == "годината"
    return f"{bg.ordinal(int(m.group(1)), 'f_def' if definite else 'f')} година"


def _century(m: re.Match[str]) -> str:
    return f"{bg.ordinal(roman_value(m.group(1)))} век"


_PIPELINE = Pipeline(
    Spec(
        decimal_comma=True,
        number=_number,
        counted=_counted,
        digits=bg.digits,
        date=_date,
        time=_time,
        plus="плюс",
        range_template="от {} до {}",
        score_word="на",
        version_word="точка",
        percent=("процент", "процента", "m"),
        money_template="{} и {}",
        currencies=_CURRENCIES,
        units=_UNITS,
        months={name: number for number, name in enumerate(_MONTHS, start=1)},
        symbols={"&": "и", "=": "равно на"},
        date_suffix=r"(?:\s?г\.|\s?година)?",
        time_suffix=r"(?:\s?ч\.|\s?ч(?!\w))?",
        version_lead="версия|версията",
        passes=(
            (re.compile(rf"(?<!\w)(\d+)-({_ORDINAL_SUFFIX})(?!\w)"), _ordinal),
            (re.compile(r"(?<![\w.,])(\d{3,4})\s?(г\.|година|годината)(?!\w)"), _year),
            (re.compile(rf"{ROMAN}\s?(?:век|в\.)(?!\w)"), _century),
        ),
    )
)


def normalize(text: str) -> str:
    return _PIPELINE.normalize(text)


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""
    return date_from_parts(
        day, month, year, _date, _MONTHS, lambda y: f"{bg.year(y)} година", bg.ordinal
    )
