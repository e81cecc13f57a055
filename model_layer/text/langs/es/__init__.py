"""Spanish: the spec, and ordinals in the gender their mark shows (1.º primero, 1.ª primera)."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.es import amounts as es_amounts
from model_layer.text.langs.forms import inflect, word
from model_layer.text.shapes import day_month, halves, postcodes, seasons

MONTHS = data.words("es", "months")


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    words = numbers.ordinal(n, "es")
    if words is None:
        return None
    if suffix.endswith(("ª", "a")):
        return inflect(words, (("o", "a"),))  # "vigésima primera"
    if suffix == "er" or _NOUN_AFTER.match(after):
        # apocope before a masculine noun: "el 3.º piso", "el 1er piso" -> "tercer", "primer"
        return inflect(words, (("primero", "primer"), ("tercero", "tercer")), count=1)
    return words


# a word after the ordinal that is no preposition or conjunction: a noun it qualifies;
# in an address the floor stands alone before the door ("3.º izq.", "1.º B": tercero, primero)
_NOUN_AFTER = re.compile(
    r"\s+(?!(?:de|del|y|e|o|u|en|a|al|con|por|para|izquierda|derecha|centro|izq|izda|dcha|"
    r"dch|ctro|interior|exterior)\b|[A-Z]\b)[^\W\d_]"
)


_ABBREVIATIONS = data.table("es", "abbreviations")

_UNITS = data.nouns("es", "units")

# "de L a V", "L-V": weekdays by their initials (X for miércoles), in opening hours.
_DAY_INITIALS = data.table("es", "day_initials")
_INITIAL_SPAN = re.compile(
    r"(?<![\w.])(?:(de|De) )?([LMXJVSD]) ?(?:a|-|\u2013) ?([LMXJVSD])(?![\w.])"
)


def _initial_spans(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        first, last = _DAY_INITIALS[m.group(2)], _DAY_INITIALS[m.group(3)]
        if m.group(2) == m.group(3):
            return m.group()
        return f"{m.group(1) or 'de'} {first} a {last}"

    return _INITIAL_SPAN.sub(say, text)


_MILLION = word("millón", "millones")
# num2words and the shared agreement say 21.000 "veintiuno mil": before "mil" (and "millones")
# "uno" is always cut short, "veintiún mil", "treinta y un mil" (RAE, Ortografía 2010).
_UNO_BEFORE_MIL = re.compile(r"\b(veinti)?uno(?= mil(?:lones)?\b)")


def _uno_before_mil(text: str) -> str:
    if "uno mil" not in text:
        return text
    return _UNO_BEFORE_MIL.sub(lambda m: "veintiún" if m.group(1) else "un", text)


SPEC = LanguageSpec(
    code="es",
    decimal_word=word("coma", gender=""),  # RAE: "tres coma catorce"; "uno coma cinco", not "un"
    genders={
        "m": {"uno": "un", "veintiuno": "veintiún"},  # "un euro", "veintiún euros"
        "f": {"uno": "una", "veintiuno": "veintiuna"},
    },
    percent=word("por ciento"),
    currencies=data.currencies("es"),
    currency_and="con",  # "cinco euros con cincuenta céntimos"
    scale_link=("millón|millones|billón|billones", lambda noun: "de "),  # "un millón de euros"
    # "3.000 millones €" (es/amounts.py writes "1,2 M€" and "millones de €" so)
    scales={"millón": _MILLION, "millones": _MILLION},
    months=MONTHS,
    date_link="de",
    date_format="{day} de {month} de {year}",  # day 1 is "uno" (Spain); RAE accepts both
    time_format="{h} y {m}",  # "las nueve y cinco", "las catorce y treinta"
    time_keywords="a las|las|desde las|hasta las|de las|sobre las",  # "a las 15.30"
    time_trailer="h",  # "a las 20:30 h": the hour is said by the time
    hour_gender="f",  # "la una"
    ordinal_suffix=r"\.?[ºª]|\.?er",
    ordinal=_ordinal,
    units=_UNITS,
    range_word="a",
    version_word="versión",
    version_keywords="versión|Versión",
    point_word="punto",
    plus_word="más",
    and_word="y",
    equals_word="igual a",
    section_word="párrafo",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("es", "titles")),  # never end a sentence
    extra_rules=(
        _initial_spans,
        seasons.rule(),
        day_month.rule("es", r"el|del|al|hasta el|desde el"),
        postcodes.rule("es"),
        halves.rule("es"),  # "1/2 comprimido" after the dates
        es_amounts.rule,  # "1,5k", "10 € - 20 €", "8,5/10", "2:03:45", "+18", "€/kg", "M€"
    ),  # "28013 Madrid": a code, not a number
    final_rules=(_uno_before_mil,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
