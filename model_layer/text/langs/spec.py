"""What a language says differently, as data: `LanguageSpec` and the nouns it counts with.

`engine.Language` compiles a spec into rules; see engine.py for their order.
Defaults fit most Latin-script languages, so a spec names only what differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from model_layer.text.langs.forms import PluralRule, Word, plural_one_other

Rule = Callable[[str], str]

# Symbol -> unit key; a spec names the keys it says (`LanguageSpec.units`).
UNIT_SYMBOLS: Mapping[str, str] = {
    "km/h": "km/h", "m/s": "m/s", "km²": "km2", "m²": "m2", "m³": "m3", "km": "km", "cm": "cm",
    "mm": "mm", "m": "m", "kg": "kg", "mg": "mg", "g": "g", "ml": "ml", "l": "l", "L": "l",
    "kWh": "kWh", "kW": "kW", "W": "W", "GHz": "GHz", "MHz": "MHz", "Hz": "Hz", "TB": "TB",
    "GB": "GB", "MB": "MB", "kB": "kB", "ms": "ms", "min": "min", "h": "h", "s": "s",
    "°C": "C", "℃": "C", "°F": "F", "℉": "F", "°": "deg",
    "m2": "m2", "km2": "km2", "m3": "m3",  # as typed without superscripts ("120 m2")
}  # fmt: skip
SHARED_CURRENCY_SYMBOLS: Mapping[str, str] = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY"}


@dataclass(frozen=True)
class Currency:
    unit: Word
    sub: Word | None = None  # None: amounts are said as a decimal ("1,5 yen")


@dataclass(frozen=True)
class DateParts:
    day: int
    month: int  # 1-12
    year: int | None
    before: str  # the text before the date, for rules that depend on a preposition


@dataclass(frozen=True)
class LanguageSpec:
    """Everything a language says differently; defaults fit most Latin-script languages."""

    code: str
    capitalized_nouns: bool = False  # de: a capital after "Mio." is a noun, not a sentence
    # numbers
    decimal_word: Word | None = None  # None: num2words' own decimal reading
    fraction_digits: bool = False  # "drei Komma eins vier" (True) or "trois virgule quatorze"
    space_groups: bool = True  # "1 234 567" (plain space) is one number
    decimal_point: bool = False  # "1,234.5" and "12,34,567.5" (hi), not "1.234,5"
    plural: PluralRule = plural_one_other
    genders: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # see forms.agree
    cardinal: Callable[[str], str | None] | None = None  # None: numbers.cardinal
    # a whole number in a noun's gender, every word of it (el "διακόσιες"); None: `genders`
    gendered: Callable[[str, str], str | None] | None = None
    # a whole number agreeing with the word after it (bg "две книги", hr "dvije kuće")
    agreeing: Callable[[str, str], str | None] | None = None
    # a whole number with the noun it counts, put together by the language (ar: ريالان)
    count: Callable[[int, Word], str | None] | None = None
    word_fixes: tuple[tuple[str, str], ...] = ()  # regex fixes of num2words' spelling
    # percent, money
    percent: Word | None = None
    percent_first: bool = False  # Turkish: "%50" -> "yüzde elli"
    currencies: Mapping[str, Currency] = field(default_factory=dict)
    currency_symbols: Mapping[str, str] = field(default_factory=dict)  # local ones: "kr", "zł"
    currency_and: str = ""  # between units and subunits: "fünf Euro und fünfzig Cent"
    currency_and_joined: bool = False  # written onto the subunit's number (ar "وخمسون")
    scales: Mapping[str, Word] = field(default_factory=dict)  # "Mio." -> Million(en), "тыс."
    # dates: `months` as said in a date; `month_aliases` other written forms -> 1-12
    months: tuple[str, ...] = ()
    month_aliases: Mapping[str, int] = field(default_factory=dict)
    month_names: tuple[str, ...] = ()  # a month on its own, where `months` is a case form
    date_order: str = "dmy"  # order of numeric dates; "ymd": 2024.03.05.
    date_link: str = ""  # written between day, month, year: "de" (5 de marzo de 2024)
    day_suffix: str = r"\.?"  # what may follow the day digits in a written date
    year_suffix: str = ""  # a written year word the date reading already says ("года", "r.")
    date: Callable[[DateParts], str | None] | None = None  # None: `date_format`
    date_format: str = "{day} {month} {year}"
    day: Callable[[int, str], str | None] | None = None  # (day, before); None: cardinal
    # times
    time_format: str = "{h} {m}"  # {hw}: `hour_word` in the number's form
    time_format_hour: str = "{h}"  # minutes == 0
    hour_word: Word | None = None
    minute_zero: str = ""  # said before minutes 1-9: "neuf heures cinq" vs "девять ноль пять"
    hour_gender: str = "m"
    hour: Callable[[int, str], str | None] | None = None  # (hour, before); None: cardinal
    clock: Callable[[int, int, int | None], str | None] | None = None  # the whole time said
    time_trailer: str = ""  # an hour word after the time, already said: "Uhr", "h"
    time_letter: bool = False  # "14h30", "14h"
    time_keywords: str = ""  # before which "14.30" is a time ("klo", "pukul")
    # ordinals: `ordinal_suffix` regex -> ordinal(n, suffix, before, after); "." for 3.
    ordinal_suffix: str = ""
    ordinal_dot: bool = False
    ordinal: Callable[[int, str, str, str], str | None] | None = None
    year: Callable[[int], str | None] | None = None  # how a bare 1100-1999 is said as a year
    units: Mapping[str, Word] = field(default_factory=dict)  # UNIT_SYMBOLS key -> word
    unit_symbols: Mapping[str, str] = field(default_factory=dict)  # local symbols: "Go" -> "GB"
    # after a round million: "un million d'euros"; (scale words regex, noun form -> link)
    scale_link: tuple[str, Callable[[str], str]] | None = None
    range_word: str = ""  # "5-10" -> "5 bis 10"; empty: the dash stays
    range_template: str = ""  # "от {} до {}": words around both ends (its first once)
    version_word: str = ""  # "v2.1" -> "<version_word> zwei Punkt eins"
    version_keywords: str = ""  # words before which "2.0" is a version, not a decimal
    point_word: str = ""  # between version parts
    plus_word: str = "plus"
    phone_pairs: bool = False  # French: "01 23 45" -> "zéro un, vingt-trois, quarante-cinq"
    phone_extra: str = ""  # regex of national numbers without a leading 0 or + (et 5123 4567)
    foreign_grouping: bool = False  # "1,234.56" in a comma-decimal text is read as meant
    and_word: str = ""
    equals_word: str = ""
    section_word: str = ""  # §
    abbreviations: Mapping[str, str] = field(default_factory=dict)
    titles: frozenset[str] = frozenset()  # abbreviations before a name or number: "Dr.", "Nr."
    extra_rules: tuple[Rule, ...] = ()  # the language's own, run before the shared ones
    # engine steps ("phones", "numbers", ...) the language reads its own way: the rule
    # runs in the step's place; None: no step (read among `extra_rules`)
    own_steps: Mapping[str, Rule | None] = field(default_factory=dict)
    final_rules: tuple[Rule, ...] = ()  # and after them (elision, joining)
