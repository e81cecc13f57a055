"""Dutch: the spec, and years said by hundreds ("negentienhonderdnegenennegentig")."""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec, plain_ordinal
from model_layer.text.langs.forms import by_hundreds, word
from model_layer.text.langs.nl import amounts as nl_amounts
from model_layer.text.langs.nl import everyday as nl_everyday
from model_layer.text.shapes import day_month, halves, postcodes, seasons, time_spans

MONTHS = data.words("nl", "months")


_UNITS = data.nouns("nl", "units")

_ABBREVIATIONS = data.table("nl", "abbreviations")

_SCALES = data.nouns("nl", "scales")  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("nl", "month_abbreviations")
# "in okt.", "eind sept.": a month abbreviated without a day before it.
_MONTH_ALONE = re.compile(
    r"(?<![\w.])((?:in|In|eind|Eind|begin|Begin|half|medio|sinds|vanaf|tot|per)\s)"
    r"(jan|feb|mrt|apr|jun|jul|aug|sept?|okt|nov|dec)\.(?=\s|$|[,;)])"
)


def _months_alone(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        end = "." if not m.string[m.end() :].strip() else ""  # its dot ends the sentence too
        return m.group(1) + MONTHS[_MONTH_ABBREVIATIONS[m.group(2) + "."] - 1] + end

    return _MONTH_ALONE.sub(say, text)


SPEC = LanguageSpec(
    code="nl",
    decimal_word=word("komma"),  # "drie komma veertien"
    percent=word("procent"),
    currencies=data.currencies("nl"),
    currency_and="en",
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    time_format="{h} uur {m}",
    time_format_hour="{h} uur",
    time_keywords="om|vanaf|rond",  # "om 15.30"
    time_trailer="uur",  # "om 14:30 uur" says "uur" once
    ordinal_suffix="ste|de|e",  # 1e, 1ste, 3de
    ordinal=plain_ordinal("nl"),
    year=by_hundreds(
        lambda digits: LANGUAGE.cardinal(digits), "honderd"
    ),  # 1100-1999 by hundreds, one word (Taalunie: "negentienhonderdnegentig")
    units=_UNITS,
    # "120 km/u": kilometer per uur; "2 u" twee uur; recipes: "200 gr", "2 el", "1 tl"
    unit_symbols=data.table("nl", "unit_symbols"),
    range_word="tot",
    version_word="versie",
    version_keywords="versie|Versie",
    point_word="punt",
    and_word="en",
    equals_word="is gelijk aan",
    section_word="paragraaf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("nl", "titles")),  # never end a sentence
    extra_rules=(
        nl_everyday.scale_dots,
        nl_everyday.registration_numbers,
        nl_everyday.blood_pressure,
        time_spans.two_times_rule("en|tot"),
        _months_alone,
        day_month.rule("nl", r"op|vanaf|tot|t/m|per|sinds|voor|na"),  # "op 3/4" drie april
        halves.rule("nl"),  # "1/2 tablet" after the dates
        seasons.rule(),
        postcodes.rule("nl"),
        time_spans.rule("tot"),  # "9.00-18.00 uur"
        nl_amounts.rule,  # "1,5k", "10 € - 20 €", "8/10", "2:03:45", "18+", "€/kg"
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
