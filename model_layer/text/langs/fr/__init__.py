"""French: the spec, "premier"/"première", "une heure", and "d'euros" after a round million."""

from __future__ import annotations

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import plural_french, word
from model_layer.text.langs.fr import amounts as fr_amounts
from model_layer.text.shapes import day_month, halves, postcodes, seasons, time_spans

MONTHS = data.words("fr", "months")


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    if n == 2 and suffix in ("nd", "nde"):
        return "seconde" if suffix == "nde" else "second"  # "2nde", "2nd"
    if n == 1:
        return "première" if suffix in ("re", "ère") else "premier"
    return numbers.ordinal(n, "fr")


def _day(n: int, before: str) -> str | None:
    return "premier" if n == 1 else LANGUAGE.cardinal(str(n))  # "le premier mai", "le deux mai"


def _de(noun: str) -> str:
    return "d'" if noun[0] in "aeéèiouyh" else "de "


_ABBREVIATIONS = data.table("fr", "abbreviations")

_UNITS = data.nouns("fr", "units")

# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("fr", "month_abbreviations")
_SCALES = data.nouns("fr", "scales")
SPEC = LanguageSpec(
    code="fr",
    decimal_word=word("virgule"),  # the fraction as a number: "trois virgule quatorze"
    plural=plural_french,  # singular below two: "1,5 kilomètre"
    genders={"f": {"un": "une"}},
    percent=word("pour cent"),
    currencies=data.currencies("fr"),
    currency_and="et",
    scale_link=("millions?|milliards?", _de),  # "deux millions d'euros"
    # "3 Mds €", "2 millions €" (fr/amounts.py writes "1,2 M€" so): the currency after a scale
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    day_suffix=r"er|\.?",
    day=_day,
    time_format="{h} {hw} {m}",
    time_format_hour="{h} {hw}",
    hour_word=word("heure", "heures", gender="f"),  # "une heure", "vingt et une heures"
    hour_gender="f",
    time_trailer="h|heures?",
    time_letter=True,  # "14h30"
    time_keywords="à|dès|vers|jusqu'à",  # "à 15.30"
    ordinal_suffix="ère|ème|eme|nde|nd|er|re|e",
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols=data.table("fr", "unit_symbols"),
    phone_pairs=True,
    range_word="à",
    version_word="version",
    version_keywords="version|Version",
    point_word="point",
    and_word="et",
    equals_word="égale",
    section_word="paragraphe",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("fr", "titles")),  # never end a sentence
    extra_rules=(
        time_spans.hour_letter_rule("à"),  # "9h-18h" neuf heures à dix-huit heures
        seasons.rule(),
        day_month.rule("fr", r"le|du|au|dès le|jusqu'au|depuis le"),
        postcodes.rule("fr"),
        halves.rule("fr"),  # "1/2 comprimido" after the dates
        fr_amounts.rule,  # "1,5k", "10 € - 20 €", "15/20", "24h/24", "2:03:45", "18+", "€/kg"
    ),  # "75002 Paris": a code, not a number
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
