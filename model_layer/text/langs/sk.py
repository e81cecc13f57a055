"""Slovak: the spec; ordinals from tables (num2words has none), dates and hours in their case.

Rules followed (Pravidlá slovenského pravopisu; Jazyková poradňa JÚĽŠ SAV): a
date is a genitive ordinal ("piateho marca"), the hour a feminine ordinal
("o štrnástej tridsať", locative after "o"); every word of a compound ordinal
inflects; "3,5" is "tri celé päť" (celá, celé, celých by the whole number).
"""

from __future__ import annotations

from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import inflect, last_word, plural_czech, table_ordinal, word

MONTHS = ("januára", "februára", "marca", "apríla", "mája", "júna", "júla", "augusta",
          "septembra", "októbra", "novembra", "decembra")  # fmt: skip
MONTH_NAMES = ("január", "február", "marec", "apríl", "máj", "jún",
               "júl", "august", "september", "október", "november", "december")  # fmt: skip
_UNITS_ORD = ("", "prvý", "druhý", "tretí", "štvrtý", "piaty", "šiesty", "siedmy", "ôsmy",
              "deviaty", "desiaty", "jedenásty", "dvanásty", "trinásty", "štrnásty", "pätnásty",
              "šestnásty", "sedemnásty", "osemnásty", "devätnásty")  # fmt: skip
_TENS_ORD = ("", "", "dvadsiaty", "tridsiaty", "štyridsiaty", "päťdesiaty", "šesťdesiaty",
             "sedemdesiaty", "osemdesiaty", "deväťdesiaty")  # fmt: skip
_GENITIVE = (("ý", "ého"), ("y", "eho"), ("í", "ieho"))
_FEMININE = (("ý", "á"), ("y", "a"), ("í", "ia"))
_FEMININE_LOCATIVE = (("ý", "ej"), ("y", "ej"), ("í", "ej"))


def ordinal(n: int) -> str | None:
    return table_ordinal(n, _UNITS_ORD, _TENS_ORD, LANGUAGE.cardinal)


def _date(parts: DateParts) -> str | None:
    day = ordinal(parts.day)
    if day is None:
        return None
    said = f"{inflect(day, _GENITIVE)} {MONTHS[parts.month - 1]}"
    year = LANGUAGE.cardinal(str(parts.year)) if parts.year else None
    return f"{said} {year}" if year else said


def _hour(h: int, before: str) -> str | None:
    words = ordinal(h) if h else None
    if words is None:
        return LANGUAGE.cardinal(str(h))
    return inflect(words, _FEMININE_LOCATIVE if last_word(before) == "o" else _FEMININE)


_CENT = word("cent", "centy", "centov", "centa")
_UNITS = {
    "km": word("kilometer", "kilometre", "kilometrov", "kilometra"),
    "m": word("meter", "metre", "metrov", "metra"),
    "cm": word("centimeter", "centimetre", "centimetrov", "centimetra"),
    "kg": word("kilogram", "kilogramy", "kilogramov", "kilogramu"),
    "g": word("gram", "gramy", "gramov", "gramu"),
    "l": word("liter", "litre", "litrov", "litra"),
    "km/h": word("kilometer za hodinu", "kilometre za hodinu", "kilometrov za hodinu",
                 "kilometra za hodinu"),
    "h": word("hodina", "hodiny", "hodín", "hodiny", gender="f"),
    "min": word("minúta", "minúty", "minút", "minúty", gender="f"),
    "GB": word("gigabajt", "gigabajty", "gigabajtov", "gigabajtu"),
    "C": word("stupeň Celzia", "stupne Celzia", "stupňov Celzia", "stupňa Celzia"),
    "deg": word("stupeň", "stupne", "stupňov", "stupňa"),
}  # fmt: skip
_ABBREVIATIONS = {
    "napr.": "napríklad", "tzv.": "takzvaný", "atď.": "a tak ďalej", "a pod.": "a podobne",
    "t. j.": "to jest", "resp.": "respektíve", "ul.": "ulica", "č.": "číslo",
}  # fmt: skip
_SCALES = {
    "tis.": word("tisíc", "tisíce", "tisíc", "tisíca"),
    "mil.": word("milión", "milióny", "miliónov", "milióna"),
    "mld.": word("miliarda", "miliardy", "miliárd", "miliardy", gender="f"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="sk",
    decimal_word=word("celá", "celé", "celých", gender="f"),  # "tri celé štrnásť"
    plural=plural_czech,  # jedno euro, dve eurá, päť eur, 2,5 eura
    genders={"f": {"jeden": "jedna", "dva": "dve"}, "n": {"jeden": "jedno", "dva": "dve"}},
    percent=word("percento", "percentá", "percent", "percenta", gender="n"),
    currencies={
        "EUR": Currency(word("euro", "eurá", "eur", "eura", gender="n"), _CENT),
        "USD": Currency(word("dolár", "doláre", "dolárov", "dolára"), _CENT),
        "CZK": Currency(word("koruna", "koruny", "korún", "koruny", gender="f")),
        "GBP": Currency(word("libra", "libry", "libier", "libry", gender="f"), word("pence")),
    },
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    date=_date,
    hour=_hour,
    minute_zero="nula",  # "o deviatej nula päť"
    units=_UNITS,
    range_word="až",
    version_word="verzia",
    version_keywords="verzia|verzie|Verzia",
    point_word="bodka",
    and_word="a",
    equals_word="sa rovná",
    section_word="paragraf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("napr.", "tzv.", "t. j.", "resp.", "ul.", "č.")),  # never end a sentence
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
