"""Estonian: the spec, and ordinals, dates and years in their cases.

Readings followed (Eesti keele käsiraamat, EKI 2007, "Arvsõnad" and
"Kuupäev"): after 2 and more the noun is in the partitive singular (viis eurot,
kaks kilomeetrit); an ordinal is written with a dot (5. klass); a date is
ordinal day + month (viies märts), and the ordinal takes the month's case
(5. märtsil -> viiendal märtsil); "2024. aastal" is an ordinal in the same case
(kahe tuhande kahekümne neljandal aastal). "2024. aasta" is read as a genitive
(kahe tuhande kahekümne neljanda aasta), the commoner use in running text
("2024. aasta lõpus"). A time is said as two numbers (kell neliteist
kolmkümmend). Numbers come from our own speller (`spell/et.py`: num2words has
no Estonian). Not done: case agreement of cardinals with a following noun in
an oblique case (5 eurost stays "viis eurost").
"""

from __future__ import annotations

import re

from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import date_from_parts, word
from model_layer.text.spell import et

MONTHS = ("jaanuar", "veebruar", "märts", "aprill", "mai", "juuni", "juuli", "august",
          "september", "oktoober", "november", "detsember")  # fmt: skip
# The genitive, to which the case endings attach (märtsi-l, mai-st).
_MONTH_STEMS = ("jaanuari", "veebruari", "märtsi", "aprilli", "mai", "juuni", "juuli",
                "augusti", "septembri", "oktoobri", "novembri", "detsembri")  # fmt: skip
_CASES = {"l": "ade", "s": "ine", "st": "ela", "le": "all", "lt": "abl", "ks": "tra",
          "sse": "ill", "ni": "ter", "ga": "com", "": "gen"}  # fmt: skip
_YEAR_CASES = {"aasta": "gen", "aastal": "ade", "aastas": "ine", "aastast": "ela",
               "aastani": "ter", "aastaks": "tra", "aastasse": "ill", "aastaga": "com"}  # fmt: skip

_MONTH_IN_CASE = re.compile(
    rf"(?<![\w.,])(\d{{1,2}})\.\s({'|'.join(_MONTH_STEMS)})"
    rf"({'|'.join(sorted(_CASES, key=len, reverse=True))})(?!\w)"
)
_YEAR_IN_CASE = re.compile(
    rf"(?<![\w.,])(\d{{1,4}})\.\s({'|'.join(_YEAR_CASES)})(?!\w)", re.IGNORECASE
)


def _date(parts: DateParts) -> str | None:
    words = f"{et.ordinal(parts.day)} {MONTHS[parts.month - 1]}"
    return f"{words} {et.year(parts.year)}" if parts.year else words


def _month_in_case(text: str) -> str:
    """ "5. märtsil" -> "viiendal märtsil": the day takes the month's case."""

    def say(m: re.Match[str]) -> str:
        case = _CASES[m.group(3)]
        return f"{et.ordinal(int(m.group(1)), case)} {m.group(2)}{m.group(3)}"

    return _MONTH_IN_CASE.sub(say, text)


def _year_in_case(text: str) -> str:
    """ "2024. aastal" -> "kahe tuhande kahekümne neljandal aastal"."""

    def say(m: re.Match[str]) -> str:
        case = _YEAR_CASES[m.group(2).lower()]
        return f"{et.ordinal(int(m.group(1)), case)} {m.group(2)}"

    return _YEAR_IN_CASE.sub(say, text)


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "3. klass" -> "kolmas klass": a dotted number before a lowercase word."""
    return et.ordinal(n) if after.lstrip()[:1].islower() else None


_CENT = word("sent", "senti")
_UNITS = {
    "km/h": word("kilomeeter tunnis", "kilomeetrit tunnis"),
    "km": word("kilomeeter", "kilomeetrit"), "m": word("meeter", "meetrit"),
    "cm": word("sentimeeter", "sentimeetrit"), "mm": word("millimeeter", "millimeetrit"),
    "kg": word("kilogramm", "kilogrammi"), "g": word("gramm", "grammi"),
    "l": word("liiter", "liitrit"), "ml": word("milliliiter", "milliliitrit"),
    "C": word("kraad", "kraadi"), "deg": word("kraad", "kraadi"), "h": word("tund", "tundi"),
    "min": word("minut", "minutit"),
}  # fmt: skip

SPEC = LanguageSpec(
    code="et",
    percent=word("protsent", "protsenti"),
    currencies={
        "EUR": Currency(word("euro", "eurot"), _CENT),
        "USD": Currency(word("dollar", "dollarit"), _CENT),
        "GBP": Currency(word("nael", "naela")),
        "JPY": Currency(word("jeen", "jeeni")),
    },
    currency_and="ja",
    months=MONTHS,
    date=_date,
    time_format="{h} {m}",  # "neliteist kolmkümmend"
    minute_zero="null",  # "üheksa null viis"
    time_keywords="kell",  # "kell 9.05"
    ordinal_dot=True,
    ordinal=_ordinal,
    units=_UNITS,
    phone_extra=r"5\d{2,3}[ -]?\d{4}",  # mobile numbers: 5123 4567
    foreign_grouping=True,
    range_word="kuni",
    version_keywords="versioon|versiooni",
    point_word="punkt",
    plus_word="pluss",
    and_word="ja",
    equals_word="võrdub",
    extra_rules=(_month_in_case, _year_in_case),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(day, month, year, full, MONTHS, et.year, et.ordinal)
