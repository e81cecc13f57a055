"""Danish: the spec, and num2words' spelling mended ("tres", "en million")."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data, nordic
from model_layer.text.langs.da import amounts as da_amounts
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import word
from model_layer.text.shapes import day_month, halves, postcodes, rates, seasons, time_spans

MONTHS = data.words("da", "months")

_ABBREVIATIONS = data.table("da", "abbreviations")

_UNITS = data.nouns("da", "units")

_SCALES = {
    "mio.": word("million", "millioner", gender="c"),
    "mia.": word("milliard", "milliarder", gender="c"),
}  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("da", "month_abbreviations")


# num2words' ordinals from 30 on are not Danish ("tredivete", "fyrreende"): Retskrivnings-
# ordbogen writes "tredivte", "fyrretyvende", "halvtredsindstyvende" ... "halvfemsindstyvende".
_ORDINAL_TENS = (
    ("tredivete", "tredivte"), ("halvtredsende", "halvtredsindstyvende"),
    ("halvfjerdsende", "halvfjerdsindstyvende"), ("halvfemsende", "halvfemsindstyvende"),
    ("fyrreende", "fyrretyvende"), ("tredsende", "tresindstyvende"),
    ("firsende", "firsindstyvende"),
)  # fmt: skip


def _ordinal_words(n: int) -> str | None:
    words = numbers.ordinal(n, "da")
    if words is None:
        return None
    for wrong, right in _ORDINAL_TENS:
        if words.endswith(wrong):
            return words[: -len(wrong)] + right
    return words


# Words that start Danish sentences: after "25." one of them begins a new sentence.
_SENTENCE_STARTERS = frozenset(data.words("da", "sentence_starters"))


def _ordinal_before(n: int, suffix: str, after: str) -> str | None:
    """ "3. plads", "1. Division" are ordinals; "Der var 25. Alle kom." ends a sentence
    after a count."""
    words = after.split(maxsplit=1)
    if suffix == "." and words and words[0].strip(",.;:!?") in _SENTENCE_STARTERS:
        return None
    return _ordinal_words(n)


# "2 tabletter/dag", "25 kr/kg": a rate, "per dag", "per kilo"
_PER_WORDS = data.table("da", "per_words")


# "Din kode er 483920", "Engangskode: 123 456", "PIN-kode 1234"
_CODE_WORDS = r"\w*kode(?:n)?(?:\s+er)?:?|PIN(?:\s+er)?:?"
_INVOICE_WORDS = r"(?:faktura|ordre|kunde|reference|booking|sag)(?:nummer|nr\.?)?:?"
# a unit or sign after a falling pair: "22-4 °C", "5-3 kr." (no result)
_UNIT_AFTER = r"°|%|kr\.?|,-|€|\$|grader|procent|km|m|kg|g|l|dl|cl|ml|cm|mm|t|min"
# "version 10.15", "kapitel 12.30": no clock time after these
_NOT_TIMES = r"version|v|kapitel|afsnit|punkt|paragraf|§|side|s\."

# "Nørregade 12, 2. tv.", "st. th.": the floor's side of an address (til venstre, til
# højre, midt for), "st." the ground floor (stuen)
# (a dot that also ends the sentence stays)
_SIDE_END = r"\b(?:\.(?!\s*$|\s[A-ZÆØÅ]))?(?=\s*(?:[.,;)]|$|\s[\dA-ZÆØÅ]))"
_SIDE = re.compile(rf"(?<=\d\.\s)(tv|th|mf){_SIDE_END}")
_STREET_LEVEL = re.compile(rf"(?<=,\s)st\.?\s(tv|th|mf){_SIDE_END}")
_SIDES = data.table("da", "sides")
# "d. 5. maj": "d." before a day is "den"
_DEN = re.compile(r"(?<![\w.])d\.\s(?=\d{1,2}\.?\s)")
# "kr./md." ending a sentence: the rate takes its abbreviation's dot, keep the full stop
_RATE_AT_END = re.compile(r"(/(?:md|stk)\.)(?=\s*$|\s+[A-ZÆØÅ])")


# "Lønnen udbetales den 25.": a day of the month whose dot also ends the sentence
_DAY_AT_END = re.compile(r"(?<!\w)([Dd]en) (0?[1-9]|[12]\d|3[01])\.(?=\s*$|\s+[A-ZÆØÅ])")


def _everyday(text: str) -> str:
    if "." not in text:
        return text
    text = _DAY_AT_END.sub(lambda m: f"{m[1]} {_ordinal_words(int(m[2]))}.", text)
    text = _STREET_LEVEL.sub(lambda m: "stuen " + _SIDES[m.group(1)], text)
    text = _SIDE.sub(lambda m: _SIDES[m.group(1)], text)
    text = _DEN.sub("den ", text)
    return _RATE_AT_END.sub(r"\1.", text)


SPEC = LanguageSpec(
    code="da",
    decimal_word=word("komma"),  # "tre komma fjorten"
    genders={"c": {"et": "en"}},  # num2words says "et"; "en krone", "en time"
    # num2words: "treds" for 60 (Retskrivningsordbogen: "tres"), "en millioner"
    word_fixes=(
        (r"(?<!halv)treds", "tres"),
        (r"\ben millioner\b", "en million"),
        (r"tusinde\b", "tusind"),  # "to tusind og fireogtyve", thousands apart
        (r"(?<=\w)(tusind)", r" \1"),
        (r"(tusind)(?=\w)", r"\1 "),
        (r"tusind og (?=\w+hundrede)", "tusind "),  # "og" only before the last tens and units
    ),
    percent=word("procent"),
    currencies=data.currencies("da"),
    currency_symbols={"kr.": "DKK", "kr": "DKK"},
    currency_and="og",
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    day=lambda n, before: _ordinal_words(n),  # "den femte marts"
    minute_zero="nul",  # "ni nul fem"
    hour_gender="c",
    time_keywords="[Kk]lokken(?: er)?",  # "kl. 14.30", "Klokken er 23.59"
    ordinal_dot=True,  # "3. plads"
    ordinal=lambda n, suffix, before, after: _ordinal_before(n, suffix, after),
    year=lambda n: numbers.year(n, "da"),  # "nitten hundrede nioghalvfems"
    agreeing=nordic.common_gender_one("da", lambda digits: LANGUAGE.cardinal(digits)),
    units={**_UNITS, "dl": word("deciliter", gender="c"), "cl": word("centiliter", gender="c")},
    unit_symbols=data.table("da", "unit_symbols"),  # "km/t": i timen
    phone_pairs=True,  # Danes say phone numbers in pairs: "tolv fireogtredive"
    range_word="til",
    version_word="version",
    version_keywords="version|Version",
    point_word="punktum",
    and_word="og",
    equals_word="er lig med",
    section_word="paragraf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("da", "titles")),  # never end a sentence
    extra_rules=(
        nordic.code_rule(_CODE_WORDS, "da"),  # "Din kode er 483920": digit by digit
        # "120385-1234": a CPR number, in pairs as Danes say numbers
        nordic.personal_id_rule("da", year_first=False, tail=r"\d{4}", pairs=True),
        nordic.dotted_time_rule(_NOT_TIMES),  # "afgår 07.45": a clock time
        nordic.blood_pressure_rule("blodtryk|BT", "over"),  # "130/85": 130 over 85
        nordic.code_rule(_INVOICE_WORDS, "da", min_digits=5),  # "Faktura 2024-0456"
        nordic.descending_score_rule(_UNIT_AFTER, r"kl\.?|klokken|fra|åbent"),
        _everyday,
        rates.rule(_PER_WORDS, "til"),
        day_month.rule(
            "da",
            r"den|fra|til|før|efter|senest|til og med|fra og med|forfalder|"
            r"mandag|tirsdag|onsdag|torsdag|fredag|lørdag|søndag",
        ),  # "den 12/3" den tolfte mars
        halves.rule("da"),  # "1/2 tablett" after the dates
        da_amounts.rule,  # "1,5k", "100 kr. - 200 kr.", "8/10", "18+": after the dates
        seasons.rule(),
        time_spans.rule("til"),
        postcodes.rule("da"),
    ),  # "1620 København": a code, not a number
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
