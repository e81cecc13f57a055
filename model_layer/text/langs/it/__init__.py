"""Italian: the spec, and ordinals in the gender their mark shows (1º primo, 1ª prima)."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import inflect, word
from model_layer.text.langs.it import amounts as it_amounts
from model_layer.text.langs.it import everyday as it_everyday
from model_layer.text.shapes import day_month, halves, seasons

MONTHS = data.words("it", "months")


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    words = numbers.ordinal(n, "it")
    return inflect(words, (("o", "a"),)) if words and suffix.endswith("ª") else words


def _day(n: int, before: str) -> str | None:
    return "primo" if n == 1 else LANGUAGE.cardinal(str(n))  # "il primo maggio", "il due maggio"


_UNA_ORA = re.compile(r"\buna ora\b")


# Before "zero" (a phone number, a code) the article is "lo": "allo zero sei", "dello zero".
_BEFORE_ZERO = re.compile(r"\b(?:([Ii])l|([AaDdNnSs]u?)[el]l?)(?= zero\b)")


def _lo_before_zero(m: re.Match[str]) -> str:
    if m.group(1):
        return "Lo" if m.group(1) == "I" else "lo"
    word = m.group()
    said = {"al": "allo", "dal": "dallo", "del": "dello", "nel": "nello", "sul": "sullo"}.get(
        word.lower()
    )
    if said is None:
        return word
    return said.capitalize() if word[0].isupper() else said


def _elide(text: str) -> str:
    text = _BEFORE_ZERO.sub(_lo_before_zero, text) if "zero" in text else text
    return _UNA_ORA.sub("un'ora", text)


# "l'1 gennaio", "dall'1 marzo": the first of the month is "il primo", "dal primo".
_FIRST_OF_MONTH = re.compile(
    r"\b([Ll]|[Dd]ell|[Aa]ll|[Dd]all|[Nn]ell|[Ss]ull)'1(?= (?:gennaio|febbraio|marzo|aprile|"
    r"maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\b)"
)
_FIRST_ARTICLES = data.table("it", "first_articles")


def _first_of_month(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        article = _FIRST_ARTICLES[m.group(1).lower()]
        return f"{article.capitalize() if m.group(1)[0].isupper() else article} primo"

    return _FIRST_OF_MONTH.sub(say, text) if "'1" in text else text


_ABBREVIATIONS = data.table("it", "abbreviations")

_UNITS = data.nouns("it", "units")

_SCALES = {
    "mln": word("milione", "milioni"),
    "mld": word("miliardo", "miliardi"),
}  # written abbreviations of large numbers
# "dura 1h30", "2h15": a duration, "un'ora e trenta", "due ore e quindici" (the "h" was
# left glued to the minutes).
_HOURS_MINUTES = re.compile(r"(?<![\w.,:])(\d{1,2})\s?h\s?([0-5]\d)(?:\s?min)?(?![\w:])")


def _hours_and_minutes(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        hours = int(m.group(1))
        hour_words = "un'ora" if hours == 1 else f"{numbers.cardinal(str(hours), 'it')} ore"
        minutes = int(m.group(2))
        if minutes == 0:
            return hour_words
        return f"{hour_words} e {numbers.cardinal(str(minutes), 'it')}"

    return _HOURS_MINUTES.sub(say, text) if "h" in text else text


SPEC = LanguageSpec(
    code="it",
    # num2words writes "centoventitre", "duemilaventitre": a compound ending in -tre is -tré
    word_fixes=((r"(?<=[a-z])tre\b", "tré"),),
    decimal_word=word("virgola", gender=""),  # "tre virgola quattordici", "uno virgola cinque"
    genders={"m": {"uno": "un"}, "f": {"uno": "una"}},
    percent=word("per cento"),
    currencies=data.currencies("it"),
    currency_and="e",
    scale_link=("milione|milioni|miliardo|miliardi", lambda noun: "di "),  # "un milione di euro"
    scales=_SCALES,
    months=MONTHS,
    day_suffix=r"[º°]|\.?",
    day=_day,
    time_format="{h} e {m}",  # "le quattordici e trenta", "le nove e cinque"
    hour_gender="f",  # "l'una"
    # "alle 20.30", "sono le 15.30"; capitalised at the start of a line ("Ore 9.30: apertura")
    time_keywords="alle|dalle|ore|le|entro le|verso le|fino alle|Alle|Dalle|Ore|Le",
    # "2° piano", "al 45° minuto": a degree sign before what ordinals count is º
    ordinal_suffix=r"[ºª]|°(?=\s+(?:piano|posto|anno|secolo|classe|giorno|livello|turno|premio|"
    r"volta|capitolo|comma|articolo|tempo|minuto|giro|tappa|edizione|anniversario|millennio|"
    r"grado|gradino|round|set|gol|figlio|figlia|mese|anno|trimestre|semestre|classificato|"
    r"arrivato|compleanno|corso|reggimento|circolo|municipio|lotto|stadio|episodio)\b)",
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols=data.table("it", "unit_symbols"),  # "85 mq": metri quadrati; "200 gr" of a recipe
    version_word="versione",
    version_keywords="versione|Versione",
    point_word="punto",
    plus_word="più",
    and_word="e",
    equals_word="uguale a",
    section_word="paragrafo",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("it", "titles")),  # never end a sentence
    final_rules=(_elide,),
    extra_rules=(
        it_everyday.tax_numbers,  # before the mobile numbers: "P.IVA 31234567890"
        it_everyday.mobiles,
        it_everyday.postcodes,
        it_everyday.time_spans,
        it_everyday.primes,
        it_everyday.blood_pressure,
        _hours_and_minutes,
        _first_of_month,
        seasons.rule(),
        day_month.rule("it", r"il|del|al|dal|entro il|l'"),
        halves.rule("it"),  # "1/2 comprimido" after the dates
        it_amounts.rule,  # "1,5k", "10 € - 20 €", "8/10", "2:03:45", "18+", "€/kg"
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
