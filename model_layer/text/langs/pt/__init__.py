"""Portuguese: the spec, and ordinals in the gender their mark shows (1.º primeiro, 1.ª primeira).

Numbers are num2words' European Portuguese ("dezasseis"); Brazil says "dezesseis".
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import inflect, word
from model_layer.text.langs.pt import amounts as pt_amounts
from model_layer.text.langs.pt import everyday as pt_everyday
from model_layer.text.shapes import day_month, halves, postcodes, seasons, time_spans

MONTHS = data.words("pt", "months")


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    words = numbers.ordinal(n, "pt")
    return inflect(words, (("o", "a"),)) if words and suffix.endswith("ª") else words


def _day(n: int, before: str) -> str | None:
    return "primeiro" if n == 1 else LANGUAGE.cardinal(str(n))  # "primeiro de maio"


_ABBREVIATIONS = data.table("pt", "abbreviations")

_UNITS = data.nouns("pt", "units")

# "D. Pedro II", "D. Maria I": Dom before a king's or nobleman's name, Dona before a woman's.
_DOM = re.compile(r"(?<![\w.])D\.\s?(?=([A-ZÁÉÍÓÚÂÊÔÃÕ][a-záéíóúâêôãõç]+))")


def _dom(text: str) -> str:
    return _DOM.sub(lambda m: "Dona " if m.group(1).endswith("a") else "Dom ", text)


# "O filme dura 2h15": after a verb of duration, hours and minutes, not a clock time.
_DURATION = re.compile(
    r"(\b(?:dura|durou|demora|demorou|leva|levou|durante|duração de) )"
    r"(\d{1,2})\s?h\s?([0-5]\d)(?:\s?min)?(?![\w:])"
)


def _durations(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        hours, minutes = int(m.group(2)), int(m.group(3))
        hour_words = "uma hora" if hours == 1 else f"{numbers.cardinal(str(hours), 'pt')} horas"
        hour_words = hour_words.replace("dois horas", "duas horas")
        minute_words = (
            "um minuto" if minutes == 1 else f"{numbers.cardinal(str(minutes), 'pt')} minutos"
        )
        return f"{m.group(1)}{hour_words} e {minute_words}"

    return _DURATION.sub(say, text) if "h" in text else text


SPEC = LanguageSpec(
    code="pt",
    decimal_word=word("vírgula"),  # "três vírgula catorze": the fraction as a number
    genders={"f": {"um": "uma", "dois": "duas"}},  # "uma libra", "duas horas"
    percent=word("por cento"),
    currencies=data.currencies("pt"),
    currency_symbols={"R$": "BRL"},
    currency_and="e",
    scale_link=("milhão|milhões|bilião|biliões|bilhão|bilhões", lambda noun: "de "),
    months=MONTHS,
    date_link="de",
    date_format="{day} de {month} de {year}",
    day_suffix=r"\.?º|\.?",
    day=_day,
    time_format="{h} e {m}",  # "às catorze e trinta"
    time_format_hour="{h} {hw}",  # "às dez horas", "à uma hora"
    hour_word=word("hora", "horas", gender="f"),
    hour_gender="f",
    time_letter=True,  # "14h30"
    time_keywords="às|as|das|até às|pelas|a partir das",  # "às 15.30"
    ordinal_suffix=r"\.?[ºª]",
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols={"gr": "g", "mmHg": "mmHg"},  # "200 gr de farinha"
    range_word="a",
    version_word="versão",
    version_keywords="versão|Versão",
    point_word="ponto",
    plus_word="mais",
    and_word="e",
    equals_word="igual a",
    section_word="parágrafo",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("pt", "titles")),  # never end a sentence
    extra_rules=(
        pt_everyday.intervals,  # "de 8/8 horas": before the dates take "8/8"
        pt_everyday.law_articles,
        pt_everyday.time_spans,
        pt_everyday.floors,
        pt_everyday.tax_numbers,
        pt_everyday.blood_pressure,
        _durations,
        time_spans.hour_letter_rule("às"),  # "9h-18h" nove horas às dezoito horas
        seasons.rule(),
        _dom,
        day_month.rule("pt", r"a|o|dia|em|de|até|desde"),
        postcodes.rule("pt"),
        halves.rule("pt"),  # "1/2 comprimido" after the dates
        pt_amounts.rule,  # "1,5k", "10 € - 20 €", "8/10", "2:03:45", "18+", "€/kg"
    ),  # "1100-048 Lisboa": a code, not a number
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
