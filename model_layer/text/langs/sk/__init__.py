"""Slovak: the spec; ordinals from tables (num2words has none), dates and hours in their case.

Rules followed (Pravidlá slovenského pravopisu; Jazyková poradňa JÚĽŠ SAV): a
date is a genitive ordinal ("piateho marca"), the hour a feminine ordinal
("o štrnástej tridsať", locative after "o"); every word of a compound ordinal
inflects; "3,5" is "tri celé päť" (celá, celé, celých by the whole number).
"""

from __future__ import annotations

import re

from model_layer.text.langs import central_slavic, data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import (
    inflect,
    last_word,
    ordinal_tables,
    plural_czech,
    table_ordinal,
    word,
)
from model_layer.text.langs.sk import amounts as sk_amounts
from model_layer.text.shapes import time_spans
from model_layer.text.shapes.slavic_times import dotted_times

MONTHS = data.words("sk", "months")
MONTH_NAMES = data.words("sk", "month_names")
_GENITIVE = (("ý", "ého"), ("y", "eho"), ("í", "ieho"))
_FEMININE = (("ý", "á"), ("y", "a"), ("í", "ia"))
_FEMININE_LOCATIVE = (("ý", "ej"), ("y", "ej"), ("í", "ej"))
_UNITS_ORD, _TENS_ORD, _ = ordinal_tables(data.by_number("sk", "ordinals"))


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
    # "o šiestej", "od deviatej do jedenástej": the locative and genitive are alike
    oblique = last_word(before).lower() in ("o", "od", "do", "okolo", "po", "pred", "medzi", "a")
    return inflect(words, _FEMININE_LOCATIVE if oblique else _FEMININE)


# "na 2. poschodí", "v 90. rokoch", "2. trieda": an ordinal written with a period takes the
# form its noun asks for, read from the preposition before it and the noun's ending.
_FORMS = {
    "nom_f": (("ý", "á"), ("y", "a"), ("í", "ia")),
    "nom_n": (("ý", "é"), ("y", "e"), ("í", "ie")),
    "gen_mn": _GENITIVE,
    "f_obl": _FEMININE_LOCATIVE,  # genitive, dative, locative feminine: -ej
    "dat_mn": (("ý", "ému"), ("y", "emu"), ("í", "iemu")),
    "loc_mn": (("ý", "om"), ("y", "om"), ("í", "om")),
    "ins_mn": (("ý", "ým"), ("y", "ym"), ("í", "ím")),
    "ins_f": (("ý", "ou"), ("y", "ou"), ("í", "ou")),
    "pl_gen_loc": (("ý", "ých"), ("y", "ych"), ("í", "ích")),
    "pl_ins": (("ý", "ými"), ("y", "ymi"), ("í", "ími")),
}
_LOCATIVE_PREPOSITIONS = frozenset(data.words("sk", "locative_prepositions"))
_GENITIVE_PREPOSITIONS = frozenset(data.words("sk", "genitive_prepositions"))
_DATIVE_PREPOSITIONS = frozenset(data.words("sk", "dative_prepositions"))
_INSTRUMENTAL_PREPOSITIONS = frozenset(data.words("sk", "instrumental_prepositions"))
# Feminine nouns whose locative ends in -e like the masculine and neuter ones.
_FEMININE_LOCATIVES = re.compile(
    r"(?:triede|kapitole|časti|etape|lige|sezóne|polovici|tabuľke|hodine|vlne|ulici|stanici|"
    r"kategórii|línii|rade|skupine|fáze|úrovni|verzii|epizóde|sérii|krajine|sekcii|miestnosti)$"
)
_ORDINAL_BEFORE_NOUN = re.compile(r"(?<![\w.,])(\d{1,3})\.\s(?=([a-záäčďéíĺľňóôŕšťúýž]+))")


_ADJECTIVE_FORMS = (("ého", "gen_mn"), ("ému", "dat_mn"), ("ých", "pl_gen_loc"),
                    ("ými", "pl_ins"), ("ej", "f_obl"), ("á", "nom_f"), ("é", "nom_n"),
                    ("ý", "nom_m"))  # fmt: skip


def _ordinal_form(preposition: str, noun: str) -> str:
    """`noun`: the word after the ordinal, a noun or an adjective before it ("2. svetová")."""
    for ending, form in _ADJECTIVE_FORMS:
        if noun.endswith(ending) and len(noun) > len(ending) + 2:
            return form
    if noun.endswith(("och", "ách", "iach")):
        return "pl_gen_loc"
    if noun.endswith(("ami", "ými", "iami")):
        return "pl_ins"
    if preposition in _LOCATIVE_PREPOSITIONS and noun.endswith(("e", "i", "í", "u")):
        feminine = noun.endswith("i") or _FEMININE_LOCATIVES.search(noun)
        return "f_obl" if feminine else "loc_mn"
    if preposition in _GENITIVE_PREPOSITIONS:
        if noun.endswith("ov"):
            return "pl_gen_loc"
        return "f_obl" if noun.endswith(("y", "e", "i")) else "gen_mn"
    if preposition in _DATIVE_PREPOSITIONS:
        return "f_obl" if noun.endswith(("e", "i")) else "dat_mn"
    if preposition in _INSTRUMENTAL_PREPOSITIONS and noun.endswith(("om", "ou", "ím")):
        return "ins_f" if noun.endswith("ou") else "ins_mn"
    if noun.endswith("a"):
        return "nom_f"
    if noun.endswith(("o", "ie", "e")):
        return "nom_n"
    return "nom_m"


def _ordinals_before_nouns(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        noun = m.group(2)
        if noun in MONTHS or noun in MONTH_NAMES:
            return m.group()  # a date: the date rule reads it
        words = ordinal(int(m.group(1)))
        if words is None:
            return m.group()
        preposition = last_word(m.string[: m.start()]).lower()
        form = _ordinal_form(preposition, noun)
        return (inflect(words, _FORMS[form]) if form in _FORMS else words) + " "

    return _ORDINAL_BEFORE_NOUN.sub(say, text)


# "po-pi", "po-pia" (hyphen or en dash): opening days; "80 €/noc": za noc.
_DAYS = data.table("sk", "days")
_DAY = r"(po|ut|st|št|pi|pia|so|ne)"
_DAY_RANGE = re.compile(rf"(?<!\w){_DAY}\s?[-\u2013]\s?{_DAY}(?!\w)", re.IGNORECASE)  # "Po-Pi"
_PER_UNIT = re.compile(r"(?<=[\w€%])/(noc|deň|mesiac|rok|hod|osobu|os\.|kus|ks|kg)(?!\w)")
_PER_WORDS = data.table("sk", "per_words")


def _everyday(text: str) -> str:
    text = _DAY_RANGE.sub(
        lambda m: f"{_DAYS[m.group(1).lower()]} až {_DAYS[m.group(2).lower()]}", text
    )
    text = _PER_UNIT.sub(lambda m: f" za {_PER_WORDS.get(m.group(1), m.group(1))}", text)
    return _ordinals_before_nouns(text)


_UNITS = data.nouns("sk", "units")
_ABBREVIATIONS = data.table("sk", "abbreviations")
# Words before a number that names (read digit by digit): company, tax and birth numbers,
# bank accounts, payment symbols, orders and parcels.
_IDS = (
    r"IČO|IČ DPH|DIČ|rodné číslo|rodného čísla|číslo účtu|účet|účtu|na účet|"
    r"variabilný symbol|variabilným symbolom|VS|objednávk\w*|faktúr\w*|zásielk\w*|"
    r"rezerváci\w*|zmluv\w*"
)
_SCALES = data.nouns("sk", "scales")  # written abbreviations of large numbers

# "od 9.00 do 11.30", "o 6.45": a clock time written with a dot after a word of time
# (read as a time, not "devět celých nula nula").
_dotted_times = dotted_times(r"[Oo]|[Oo]d|[Dd]o|[Oo]kolo|[Pp]o|[Pp]red|[Mm]edzi|a|[Hh]od\.")


SPEC = LanguageSpec(
    code="sk",
    decimal_word=word("celá", "celé", "celých", gender="f"),  # "tri celé štrnásť"
    plural=plural_czech,  # jedno euro, dve eurá, päť eur, 2,5 eura
    genders={"f": {"jeden": "jedna", "dva": "dve"}, "n": {"jeden": "jedno", "dva": "dve"}},
    percent=word("percento", "percentá", "percent", "percenta", gender="n"),
    currencies=data.currencies("sk"),
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    date=_date,
    hour=_hour,
    minute_zero="nula",  # "o deviatej nula päť"
    units=_UNITS,
    unit_symbols={"hod": "h", "ks": "pcs"},  # "2 hod. 15 min", "3 ks"
    range_word="až",
    version_word="verzia",
    version_keywords="verzia|verzie|Verzia",
    point_word="bodka",
    and_word="a",
    equals_word="sa rovná",
    section_word="paragraf",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("sk", "titles")),
    extra_rules=(
        central_slavic.id_rule(_IDS, "sk", "lomené", codes=r"kód\w*|PIN"),
        central_slavic.time_span_rule("od", "do", ("medzi", "a")),
        sk_amounts.rule,
        central_slavic.west_range_rule("sk", "až"),
        time_spans.hour_word_after_time_rule("hod|h"),
        _dotted_times,
        _everyday,
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
