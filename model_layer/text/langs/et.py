"""Estonian: numbers with the partitive after them; ordinals, dates and years in their cases.

Readings followed (Eesti keele käsiraamat, EKI 2007, "Arvsõnad" and
"Kuupäev"): after 2 and more the noun is in the partitive singular (viis eurot,
kaks kilomeetrit); an ordinal is written with a dot (5. klass); a date is
ordinal day + month (viies märts), and the ordinal takes the month's case
(5. märtsil -> viiendal märtsil); "2024. aastal" is an ordinal in the same case
(kahe tuhande kahekümne neljandal aastal). "2024. aasta" is read as a genitive
(kahe tuhande kahekümne neljanda aasta), the commoner use in running text
("2024. aasta lõpus"). A time is said as two numbers (kell neliteist
kolmkümmend). Not done: case agreement of cardinals with a following noun in
an oblique case (5 eurost stays "viis eurost").
"""

from __future__ import annotations

import re

from model_layer.text.langs._rules import Amount, Pipeline, Spec, one_or_many, spelled
from model_layer.text.langs.forms import date_from_parts
from model_layer.text.spell import et

# (nominative singular, partitive singular)
Noun = tuple[str, str]

_MONTHS = ("jaanuar", "veebruar", "märts", "aprill", "mai", "juuni", "juuli", "august",
           "september", "oktoober", "november", "detsember")  # fmt: skip
# The genitive, to which the case endings attach (märtsi-l, mai-st).
_MONTH_STEMS = ("jaanuari", "veebruari", "märtsi", "aprilli", "mai", "juuni", "juuli",
                "augusti", "septembri", "oktoobri", "novembri", "detsembri")  # fmt: skip
_CASES = {"l": "ade", "s": "ine", "st": "ela", "le": "all", "lt": "abl", "ks": "tra",
          "sse": "ill", "ni": "ter", "ga": "com", "": "gen"}  # fmt: skip
_EURO: Noun = ("euro", "eurot")
_CENT: Noun = ("sent", "senti")
_CURRENCIES: dict[str, tuple[Noun, Noun | None]] = {
    "€": (_EURO, _CENT), "EUR": (_EURO, _CENT), "$": (("dollar", "dollarit"), _CENT),
    "USD": (("dollar", "dollarit"), _CENT), "£": (("nael", "naela"), None),
    "GBP": (("nael", "naela"), None),
    "¥": (("jeen", "jeeni"), None), "JPY": (("jeen", "jeeni"), None),
}  # fmt: skip
_UNITS: dict[str, Noun] = {
    "km/h": ("kilomeeter tunnis", "kilomeetrit tunnis"), "km": ("kilomeeter", "kilomeetrit"),
    "m": ("meeter", "meetrit"), "cm": ("sentimeeter", "sentimeetrit"),
    "mm": ("millimeeter", "millimeetrit"), "kg": ("kilogramm", "kilogrammi"),
    "g": ("gramm", "grammi"), "l": ("liiter", "liitrit"), "ml": ("milliliiter", "milliliitrit"),
    "°C": ("kraad", "kraadi"), "℃": ("kraad", "kraadi"), "°": ("kraad", "kraadi"),
    "h": ("tund", "tundi"), "min": ("minut", "minutit"),
}  # fmt: skip


def _number(value: Amount, following: str) -> str:
    return spelled(value, et.cardinal, et.decimal, et.digits, et.MINUS)


def _counted(value: Amount, noun: Noun) -> str:
    nominative, partitive = noun
    return f"{_number(value, '')} {one_or_many(value, nominative, partitive)}"


def _date(day: int, month: int, year: int | None) -> str:
    words = f"{et.ordinal(day)} {_MONTHS[month - 1]}"
    return f"{words} {et.year(year)}" if year else words


def _time(hour: int, minute: int, second: int | None) -> str:
    words = [et.cardinal(hour)]
    if minute or second:
        words.append(et.digits(f"{minute:02d}") if minute < 10 else et.cardinal(minute))
    if second:
        words.append(et.digits(f"{second:02d}") if second < 10 else et.cardinal(second))
    return " ".join(words)


def _dotted_time(m: re.Match[str]) -> str:
    return _time(int(m.group(1)), int(m.group(2)), None)


def _month_in_case(m: re.Match[str]) -> str:
    case = _CASES[m.group(3)]
    return f"{et.ordinal(int(m.group(1)), case)} {m.group(2)}{m.group(3)}"


_YEAR_CASES = {"aasta": "gen", "aastal": "ade", "aastas": "ine", "aastast": "ela",
               "aastani": "ter", "aastaks": "tra", "aastasse": "ill", "aastaga": "com"}  # fmt: skip


def _year(m: re.Match[str]) -> str:
    return f"{et.ordinal(int(m.group(1)), _YEAR_CASES[m.group(2).lower()])} {m.group(2)}"


def _ordinal(m: re.Match[str]) -> str:
    return f"{et.ordinal(int(m.group(1)))} {m.group(2)}"


_PIPELINE = Pipeline(
    Spec(
        decimal_comma=True,
        number=_number,
        counted=_counted,
        digits=et.digits,
        date=_date,
        time=_time,
        plus="pluss",
        range_template="{} kuni {}",
        score_word="",
        version_word="punkt",
        percent=("protsent", "protsenti"),
        money_template="{} ja {}",
        currencies=_CURRENCIES,
        units=_UNITS,
        months={name: number for number, name in enumerate(_MONTHS, start=1)},
        symbols={"&": "ja", "=": "võrdub"},
        version_lead="versioon|versiooni",
        phone_extra=r"(?<!\d)5\d{2,3}[ -]?\d{4}(?!\d)",
        passes=(
            (re.compile(r"(?<=\bkell\s)([01]?\d|2[0-3])\.([0-5]\d)(?!\d|[.,]\d)", re.IGNORECASE),
             _dotted_time),
            (re.compile(rf"(?<![\w.,])(\d{{1,2}})\.\s({'|'.join(_MONTH_STEMS)})"
                        rf"({'|'.join(sorted(_CASES, key=len, reverse=True))})(?!\w)"),
             _month_in_case),
            (re.compile(rf"(?<![\w.,])(\d{{1,4}})\.\s({'|'.join(_YEAR_CASES)})(?!\w)",
                        re.IGNORECASE), _year),
            (re.compile(r"(?<![\w.,])(\d{1,4})\.\s([a-zäöüõšž]\w*)"), _ordinal),
        ),
    )
)  # fmt: skip


def normalize(text: str) -> str:
    return _PIPELINE.normalize(text)


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""
    return date_from_parts(day, month, year, _date, _MONTHS, et.year, et.ordinal)
