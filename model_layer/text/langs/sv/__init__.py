"""Swedish: the spec; "en" before common-gender nouns, years by hundreds, 3:e and 1:a."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data, nordic
from model_layer.text.langs.engine import Language, LanguageSpec, plain_ordinal
from model_layer.text.langs.forms import by_hundreds, word
from model_layer.text.langs.sv import amounts as sv_amounts
from model_layer.text.shapes import day_month, halves, rates, seasons, time_spans

MONTHS = data.words("sv", "months")


_ABBREVIATIONS = data.table("sv", "abbreviations")

_UNITS = data.nouns("sv", "units")

_SCALES = {
    "milj.": word("miljon", "miljoner", gender="c"),
    "mdr": word("miljard", "miljarder", gender="c"),
}  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("sv", "month_abbreviations")


# "betalas den 25 varje månad", "den 25.": the day of the month (not "den 25 år gamla")
_DAY_OF_MONTH = re.compile(
    r"(?<!\w)([Dd]en) (0?[1-9]|[12]\d|3[01])"
    r"(?=\s*(?:[.,;!?)]|$)|\s(?:varje|i månaden|kl\b|klockan|och den|till den))"
    # ... or the second day of a span: "mellan den 1 och den 5"
    r"|(?<=och |ill )(den) (0?[1-9]|[12]\d|3[01])(?![\d/.:]|,\d|\s?%)"
)


def _day_of_month(text: str) -> str:
    if "en " not in text:
        return text
    return _DAY_OF_MONTH.sub(
        lambda m: f"{m[1] or m[3]} {numbers.ordinal(int(m[2] or m[4]), 'sv')}", text
    )


# "2 tabletter/dag", "25 kr/kg": a rate, "per dag", "per kilo"
_PER_WORDS = data.table("sv", "per_words")


# "Din kod är 483920", "Verifieringskod: 123 456", "PIN-kod 1234"
_CODE_WORDS = r"\w*kod(?:en)?(?:\s+är)?:?|PIN(?:\s+är)?:?|bankgiro:?|plusgiro:?|BG:?|PG:?"
_INVOICE_WORDS = r"(?:faktura|order|kund|referens|bokning|ärende)(?:nummer|nr)?:?"
# a unit or sign after a falling pair: "22-4 °C", "5-3 kr" (no result)
_UNIT_AFTER = r"°|%|kr|:-|€|\$|grader|procent|km|m|kg|g|l|dl|cl|ml|cm|mm|h|min|tim"
# "version 10.15", "kapitel 12.30": no clock time after these
_NOT_TIMES = r"version|v|kapitel|avsnitt|punkt|paragraf|§|sidan|s\."


SPEC = LanguageSpec(
    code="sv",
    decimal_word=word("komma"),  # "tre komma fjorton"
    genders={"c": {"ett": "en"}},  # num2words says "ett"; "en krona", "en timme"
    word_fixes=((r"ettt", "ett"),),  # num2words: "etttusen"
    percent=word("procent", gender="c"),
    currencies=data.currencies("sv"),
    currency_symbols={"kr": "SEK", ":-": "SEK"},
    currency_and="och",
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    day=lambda n, before: numbers.ordinal(n, "sv"),  # "den femte mars"
    minute_zero="noll",  # "nio noll fem"
    hour_gender="c",
    time_keywords="[Kk]lockan(?: är)?",  # "kl. 14.30", "Klockan är 23.59"
    ordinal_suffix=":e|:a",
    ordinal=plain_ordinal("sv"),
    year=by_hundreds(
        lambda digits: LANGUAGE.cardinal(digits), "hundra"
    ),  # 1100-1999 by hundreds, one word: "nittonhundranittionio" (Språkrådet)
    agreeing=nordic.common_gender_one("sv", lambda digits: LANGUAGE.cardinal(digits)),
    units={**_UNITS, "dl": word("deciliter", gender="c"), "cl": word("centiliter", gender="c")},
    unit_symbols=data.table("sv", "unit_symbols"),  # recipes: "2 dl mjölk"
    range_word="till",
    version_word="version",
    version_keywords="version|Version",
    point_word="punkt",
    and_word="och",
    equals_word="är lika med",
    section_word="paragraf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("sv", "titles")),  # never end a sentence
    extra_rules=(
        nordic.code_rule(_CODE_WORDS, "sv"),  # "Din kod är 483920": digit by digit
        nordic.personal_id_rule("sv", year_first=True, tail=r"\d{4}"),
        nordic.dotted_time_rule(_NOT_TIMES),  # "avgår 07.45": a clock time
        nordic.blood_pressure_rule("blodtryck|BT", "över"),  # "130/85": 130 över 85
        nordic.code_rule(_INVOICE_WORDS, "sv", min_digits=5),  # "Faktura 2024-0456"
        nordic.descending_score_rule(_UNIT_AFTER, r"kl\.?|klockan|från|öppet"),
        rates.rule(_PER_WORDS, "till"),
        _day_of_month,
        day_month.rule(
            "sv",
            r"den|från|till|före|efter|senast|till och med|från och med|förfaller|"
            r"måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag",
        ),  # "den 12/3" den tolfte mars
        halves.rule("sv"),  # "1/2 tablett" after the dates
        sv_amounts.rule,  # "1,5k", "100 kr - 200 kr", "8/10", "18+": after the dates
        seasons.rule(),
        time_spans.rule("till"),
    ),  # "kl. 9.00-17.00"
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
