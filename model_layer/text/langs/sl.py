"""Slovenian: the spec; singular, dual, plural and genitive plural after numbers.

Rules followed (Slovenski pravopis 2001; Jezikovna svetovalnica ZRC SAZU): a
date is a genitive ordinal ("petega marca"); "ob" takes the locative of the
hour ("ob štirinajstih trideset"); "3,5" is "tri cele pet" (cela, celi, cele,
celih by the whole number, like any feminine noun).
"""

from __future__ import annotations

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import inflect, last_word, plural_slovenian, word

MONTHS = ("januarja", "februarja", "marca", "aprila", "maja", "junija", "julija", "avgusta",
          "septembra", "oktobra", "novembra", "decembra")  # fmt: skip
MONTH_NAMES = ("januar", "februar", "marec", "april", "maj", "junij",
               "julij", "avgust", "september", "oktober", "november", "december")  # fmt: skip
_LOCATIVE_HOURS = {"ena": "eni", "dve": "dveh", "dva": "dveh", "tri": "treh", "štiri": "štirih",
                   "sedem": "sedmih", "osem": "osmih"}  # fmt: skip


def _date(parts: DateParts) -> str | None:
    day = numbers.ordinal(parts.day, "sl")
    if day is None:
        return None
    said = f"{inflect(day, (('i', 'ega'),))} {MONTHS[parts.month - 1]}"
    year = LANGUAGE.cardinal(str(parts.year)) if parts.year else None
    return f"{said} {year}" if year else said


def _hour(h: int, before: str) -> str | None:
    """After "ob" the locative: "ob dveh", "ob štirinajstih"; otherwise the cardinal."""
    words = LANGUAGE.number(str(h), None, "f")
    if words is None or last_word(before) != "ob" or h == 0:
        return words
    return _LOCATIVE_HOURS.get(words) or f"{words}ih"


_CENT = word("cent", "centa", "centi", "centov")
_UNITS = {
    "km": word("kilometer", "kilometra", "kilometri", "kilometrov"),
    "m": word("meter", "metra", "metri", "metrov"),
    "cm": word("centimeter", "centimetra", "centimetri", "centimetrov"),
    "kg": word("kilogram", "kilograma", "kilogrami", "kilogramov"),
    "g": word("gram", "grama", "grami", "gramov"),
    "l": word("liter", "litra", "litri", "litrov"),
    "h": word("ura", "uri", "ure", "ur", gender="f"),
    "min": word("minuta", "minuti", "minute", "minut", gender="f"),
    "C": word("stopinja Celzija", "stopinji Celzija", "stopinje Celzija", "stopinj Celzija",
              gender="f"),
    "deg": word("stopinja", "stopinji", "stopinje", "stopinj", gender="f"),
}  # fmt: skip
_ABBREVIATIONS = {
    "npr.": "na primer", "itd.": "in tako dalje", "tj.": "to je", "oz.": "oziroma",
    "t. i.": "tako imenovani", "dr.": "doktor", "ul.": "ulica", "št.": "številka",
}  # fmt: skip
_SCALES = {
    "mio.": word("milijon", "milijona", "milijoni", "milijonov"),
    "mrd.": word("milijarda", "milijardi", "milijarde", "milijard", gender="f"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="sl",
    decimal_word=word("cela", "celi", "cele", "celih", gender="f"),  # "tri cele štirinajst"
    plural=plural_slovenian,  # en evro, dva evra, trije evri, pet evrov
    genders={
        "m": {"ena": "en", "dve": "dva", "tri": "trije", "štiri": "štirje"},
        "f": {},
        "n": {"ena": "eno"},
    },
    percent=word("odstotek", "odstotka", "odstotki", "odstotkov"),
    currencies={
        "EUR": Currency(word("evro", "evra", "evri", "evrov"), _CENT),
        "USD": Currency(word("dolar", "dolarja", "dolarji", "dolarjev"), _CENT),
    },
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    date=_date,
    hour=_hour,
    minute_zero="nič",  # "devet nič pet"
    units=_UNITS,
    range_word="do",  # "pet do deset"
    version_word="različica",
    version_keywords="različica|različice|Različica",
    point_word="pika",
    and_word="in",
    equals_word="je enako",
    section_word="člen",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("npr.", "tj.", "oz.", "t. i.", "dr.", "ul.", "št.")),  # never end a sentence
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
