"""Croatian: numbers agree with their noun; ordinals, dates and years in their cases.

Readings followed (Hrvatski pravopis, IHJJ 2013; Barić et al., Hrvatska
gramatika): an ordinal is written with a dot (5. mjesto, 21. stoljeće); a date
is said in the genitive of time, the year a feminine ordinal (petog ožujka dvije
tisuće dvadeset četvrte); after "od, do, nakon, ..." the
ordinal is genitive (do petog ožujka), after "u, na, o, po, pri" locative
(u petom razredu); a time is "sati" and "minuta" (četrnaest sati i trideset
minuta); "3,5" is "tri zarez pet"; "posto" does not inflect.
"""

from __future__ import annotations

import re

from model_layer.text.langs._rules import ROMAN, Amount, Pipeline, Spec, roman_value, spelled
from model_layer.text.langs.forms import date_from_parts
from model_layer.text.spell import hr

# (singular, paucal after 2-4 and decimals, genitive plural, gender)
Noun = tuple[str, str, str, str]

_MONTHS_GENITIVE = ("siječnja", "veljače", "ožujka", "travnja", "svibnja", "lipnja", "srpnja",
                    "kolovoza", "rujna", "listopada", "studenoga", "prosinca")  # fmt: skip
_MONTHS_NOMINATIVE = ("siječanj", "veljača", "ožujak", "travanj", "svibanj", "lipanj", "srpanj",
                      "kolovoz", "rujan", "listopad", "studeni", "prosinac")  # fmt: skip
_GENITIVE_AFTER = frozenset(("od", "do", "nakon", "prije", "poslije", "oko", "tijekom", "iz",
                             "početkom", "krajem", "sredinom"))  # fmt: skip
_LOCATIVE_AFTER = frozenset(("u", "na", "o", "po", "pri"))
_NOT_NOUNS = frozenset(("ili", "nakon", "prije", "poslije", "između", "kao", "koji", "koja",
                        "koje", "jer", "ali", "već", "samo", "oko"))  # fmt: skip
_EURO: Noun = ("euro", "eura", "eura", "m")
_CENT: Noun = ("cent", "centa", "centi", "m")
_KUNA: Noun = ("kuna", "kune", "kuna", "f")
_LIPA: Noun = ("lipa", "lipe", "lipa", "f")
_DOLLAR: Noun = ("dolar", "dolara", "dolara", "m")
_POUND: Noun = ("funta", "funte", "funti", "f")
_CURRENCIES: dict[str, tuple[Noun, Noun | None]] = {
    "€": (_EURO, _CENT), "EUR": (_EURO, _CENT), "kn": (_KUNA, _LIPA), "HRK": (_KUNA, _LIPA),
    "$": (_DOLLAR, _CENT), "USD": (_DOLLAR, _CENT), "£": (_POUND, None), "GBP": (_POUND, None),
    "¥": (("jen", "jena", "jena", "m"), None), "JPY": (("jen", "jena", "jena", "m"), None),
}  # fmt: skip
_DEGREE: Noun = ("stupanj", "stupnja", "stupnjeva", "m")
_CELSIUS: Noun = ("stupanj Celzija", "stupnja Celzija", "stupnjeva Celzija", "m")
_UNITS: dict[str, Noun] = {
    "km/h": ("kilometar na sat", "kilometra na sat", "kilometara na sat", "m"),
    "km": ("kilometar", "kilometra", "kilometara", "m"), "m": ("metar", "metra", "metara", "m"),
    "cm": ("centimetar", "centimetra", "centimetara", "m"),
    "mm": ("milimetar", "milimetra", "milimetara", "m"),
    "kg": ("kilogram", "kilograma", "kilograma", "m"), "g": ("gram", "grama", "grama", "m"),
    "l": ("litra", "litre", "litara", "f"), "ml": ("mililitar", "mililitra", "mililitara", "m"),
    "°C": _CELSIUS, "℃": _CELSIUS, "°": _DEGREE, "h": ("sat", "sata", "sati", "m"),
    "min": ("minuta", "minute", "minuta", "f"),
}  # fmt: skip
_HOUR: Noun = ("sat", "sata", "sati", "m")
_MINUTE: Noun = ("minuta", "minute", "minuta", "f")
_SECOND: Noun = ("sekunda", "sekunde", "sekundi", "f")


def _cardinal(value: Amount, gender: str) -> str:
    return spelled(value, lambda n: hr.cardinal(n, gender), hr.decimal, hr.digits, hr.MINUS)


def _number(value: Amount, following: str) -> str:
    gender = "m"  # the counting form: jedan, dva, tri
    if value.whole and value.value % 10 in (1, 2) and value.value % 100 not in (11, 12):
        word = following.lower()
        if len(word) > 2 and word not in _NOT_NOUNS:
            gender = hr.noun_gender(word, value.value)
    return _cardinal(value, gender)


def _counted(value: Amount, noun: Noun) -> str:
    singular, paucal, plural, gender = noun
    form = paucal if value.frac else hr.count_form(value.value, (singular, paucal, plural))
    return f"{_cardinal(value, gender)} {form}"


def _date(day: int, month: int, year: int | None) -> str:
    words = f"{hr.ordinal(day, 'm_gen')} {_MONTHS_GENITIVE[month - 1]}"
    return f"{words} {hr.year(year)}" if year else words


def _time(hour: int, minute: int, second: int | None) -> str:
    words = _counted(Amount(str(hour)), _HOUR)
    if minute:
        words += " i " + _counted(Amount(str(minute)), _MINUTE)
    if second:
        words += " i " + _counted(Amount(str(second)), _SECOND)
    return words


def _case_before(m: re.Match[str]) -> str:
    before = re.search(r"(\w+)\s+$", m.string[: m.start()])
    word = before.group(1).lower() if before else ""
    if word in _GENITIVE_AFTER:
        return "gen"
    return "loc" if word in _LOCATIVE_AFTER else ""


def _ordinal(m: re.Match[str]) -> str:
    noun = m.group(2)
    word = noun.lower()
    case = _case_before(m)
    if len(word) <= 2 or word in _NOT_NOUNS:
        form = f"m_{case}" if case else "m"  # od 1. do 10. rujna: od prvog
    elif case:  # the case ending tells the gender: -e/-i feminine, -a/-u masculine or neuter
        form = f"{'f' if word[-1] == ('e' if case == 'gen' else 'i') else 'm'}_{case}"
    else:
        form = hr.noun_gender(word, 1)
    return f"{hr.ordinal(int(m.group(1)), form)} {noun}"


_YEAR_FORMS = {"godina": "f", "godine": "f_gen", "godini": "f_loc", "godinu": "f_acc"}


def _year(m: re.Match[str]) -> str:
    noun = m.group(2)
    if noun:
        return f"{hr.ordinal(int(m.group(1)), _YEAR_FORMS[noun.lower()])} {noun}"
    return hr.ordinal(int(m.group(1)), "f_loc")  # "u 2024." is "u ... četvrtoj"


_CENTURY_FORMS = {"stoljeće": "n", "stoljeća": "m_gen", "stoljeću": "m_loc"}


def _century(m: re.Match[str]) -> str:
    noun = m.group(2)
    return f"{hr.ordinal(roman_value(m.group(1)), _CENTURY_FORMS[noun.lower()])} {noun}"


_PIPELINE = Pipeline(
    Spec(
        decimal_comma=True,
        number=_number,
        counted=_counted,
        digits=hr.digits,
        date=_date,
        time=_time,
        plus="plus",
        range_template="od {} do {}",
        score_word="prema",
        version_word="točka",
        percent=("posto", "posto", "posto", "m"),
        money_template="{} i {}",
        currencies=_CURRENCIES,
        units=_UNITS,
        months={
            **{name: number for number, name in enumerate(_MONTHS_GENITIVE, start=1)},
            **{name: number for number, name in enumerate(_MONTHS_NOMINATIVE, start=1)},
            "studenog": 11,
        },
        symbols={"&": "i", "=": "jednako"},
        # The year's dot is eaten when the sentence goes on ("2024. godine", "2024.,").
        date_suffix=r"(?:\.(?=\s+[a-zčćđšž]|[,;:)]))?",
        time_suffix=r"(?:\s?h(?!\w))?",
        version_lead="verzija|verzije|verziju|inačica",
        passes=(
            (
                re.compile(r"(?<![\w.,])(\d{4})\.(?:\s(godin[aeiu])(?!\w)|(?<=\b[uU] \d{4}\.))"),
                _year,
            ),
            (
                re.compile(rf"{ROMAN}\.?\s(stoljeće|stoljeća|stoljeću)(?!\w)", re.IGNORECASE),
                _century,
            ),
            (re.compile(r"(?<![\w.,])(\d{1,4})\.\s([a-zčćđšž]\w*)"), _ordinal),
        ),
    )
)


def normalize(text: str) -> str:
    return _PIPELINE.normalize(text)


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text; a month alone in the nominative."""
    return date_from_parts(day, month, year, _date, _MONTHS_NOMINATIVE, hr.year, hr.ordinal)
