"""Czech: the spec; ordinals from tables (num2words has none), dates as "pátého března".

Rules followed (Internetová jazyková příručka ÚJČ AV ČR): a date is a genitive
ordinal with the month's genitive ("pátého března"); every word of a compound
ordinal inflects ("dvacátého prvního"); "3,5" is "tři celé pět" (celá, celé,
celých by the whole number); hundreds are written apart ("dvě stě", "pět set").
"""

from __future__ import annotations

import re

from model_layer.text.langs import central_slavic, data
from model_layer.text.langs.cs import amounts as cs_amounts
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import (
    inflect,
    last_word,
    ordinal_tables,
    plural_czech,
    table_ordinal,
    word,
)
from model_layer.text.shapes import time_spans
from model_layer.text.shapes.slavic_times import dotted_times

MONTHS = data.words("cs", "months")
MONTH_NAMES = data.words("cs", "month_names")
_GENITIVE = (("ý", "ého"), ("í", "ího"))
_UNITS_ORD, _TENS_ORD, _ = ordinal_tables(data.by_number("cs", "ordinals"))


def ordinal(n: int) -> str | None:
    return table_ordinal(n, _UNITS_ORD, _TENS_ORD, LANGUAGE.cardinal)


# "19. století", "2. místo", "ve 2. kole": the ordinal takes the case its preposition asks
# and the gender its noun shows; hard ordinals ("druhý") and soft ones ("třetí") decline apart.
_CS_LOCATIVE = frozenset(data.words("cs", "cs_locative"))
_CS_GENITIVE = frozenset(data.words("cs", "cs_genitive"))
_CS_DATIVE = frozenset(data.words("cs", "cs_dative"))
_CS_INSTRUMENTAL = frozenset(data.words("cs", "cs_instrumental"))
# Feminine nouns that ordinals count, by stem (their case forms all start so).
_CS_FEMININE = data.words("cs", "cs_feminine")
_CS_ENDINGS = {  # (case, feminine) -> (hard, soft)
    ("nom", "m"): ("ý", "í"), ("nom", "f"): ("á", "í"), ("nom", "n"): ("é", "í"),
    ("gen", "m"): ("ého", "ího"), ("gen", "f"): ("é", "í"),
    ("dat", "m"): ("ému", "ímu"), ("dat", "f"): ("é", "í"),
    ("loc", "m"): ("ém", "ím"), ("loc", "f"): ("é", "í"),
    ("ins", "m"): ("ým", "ím"), ("ins", "f"): ("ou", "í"),
}  # fmt: skip


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    found = re.match(r"\s*([^\W\d_]+)", after)
    noun = found.group(1) if found else ""
    words = ordinal(n)
    if words is None or not noun[:1].islower():
        return None
    preposition = last_word(before)
    feminine = noun.startswith(_CS_FEMININE)
    if noun.endswith(("á", "é", "ý", "ou", "ém", "ého", "ému", "ým")):  # an adjective: its form
        adjective = {"á": ("nom", "f"), "ý": ("nom", "m"), "ou": ("ins", "f"), "ém": ("loc", "m"),
                     "ého": ("gen", "m"), "ému": ("dat", "m"), "ým": ("ins", "m")}  # fmt: skip
        key = next((v for k, v in adjective.items() if noun.endswith(k)), None)
        if key is None:  # "-é": feminine oblique or neuter nominative
            key = ("gen", "f") if preposition in _CS_GENITIVE | _CS_LOCATIVE else ("nom", "n")
        case, gender = key
    elif noun.endswith(("o", "um")) or (preposition not in _CS_LOCATIVE | _CS_GENITIVE
                                         | _CS_DATIVE | _CS_INSTRUMENTAL):  # fmt: skip
        case = "nom"
        gender = (
            "f" if noun.endswith("a") else "n" if noun.endswith(("o", "í", "e", "ě", "um")) else "m"
        )
    else:
        case = ("loc" if preposition in _CS_LOCATIVE else "gen" if preposition in _CS_GENITIVE
                else "dat" if preposition in _CS_DATIVE else "ins")  # fmt: skip
        gender = "f" if feminine else "m"
    hard, soft = _CS_ENDINGS[(case, gender)]
    return inflect(words, (("ý", hard), ("í", soft)))


# "21 let" is "dvacet jedna let": a compound ending in one says "jedna" whatever the
# noun's gender (Internetová jazyková příručka, "dvacet jedna").
# A masculine noun may keep "jeden" ("dvacet jeden dolarů").
_TENS_ONE = re.compile(
    r"\b(dvacet|třicet|čtyřicet|padesát|šedesát|sedmdesát|osmdesát|devadesát) (?:jeden|jedno)"
    r" ([^\W\d_]+)"
)


def _tens_one(text: str) -> str:
    # here, not at the top: the agreement rules import the language modules
    from model_layer.text.shapes.west_slavic_agreement import west_slavic_gender

    def say(m: re.Match[str]) -> str:
        noun = m.group(2)
        if noun != "let" and west_slavic_gender(noun, "cs") == "m":
            return m.group()
        return f"{m.group(1)} jedna {noun}"

    return _TENS_ONE.sub(say, text)


def _date(parts: DateParts) -> str | None:
    day = ordinal(parts.day)
    if day is None:
        return None
    said = f"{inflect(day, _GENITIVE)} {MONTHS[parts.month - 1]}"
    year = LANGUAGE.cardinal(str(parts.year)) if parts.year else None
    return f"{said} {year}" if year else said


_UNITS = data.nouns("cs", "units")
_ABBREVIATIONS = data.table("cs", "abbreviations")
# Words before a number that names (read digit by digit): company, tax and birth numbers,
# bank accounts, payment symbols, orders and parcels.
_IDS = (
    r"IČO|IČ|DIČ|rodné číslo|rodného čísla|číslo účtu|čísla účtu|účet|účtu|na účet|"
    r"variabilní symbol|variabilním symbolem|VS|objednávk\w*|faktur\w*|zásilk\w*|"
    r"rezervac\w*|smlouv\w*"
)
_SCALES = data.nouns("cs", "scales")  # written abbreviations of large numbers

# "od devíti do jedenácti třiceti": after od, do, kolem the hour is a genitive cardinal.
_HOUR_GENITIVE = data.words("cs", "hour_genitive")


def _hour(h: int, before: str) -> str | None:
    if before.split()[-1:] and before.split()[-1].lower() in ("od", "do", "kolem", "okolo"):
        return _HOUR_GENITIVE[h]
    return {1: "jedna", 2: "dvě"}.get(h) or LANGUAGE.cardinal(str(h))


# "od 9.00 do 11.30", "o 6.45": a clock time written with a dot after a word of time
# (read as a time, not "devět celých nula nula").
_dotted_times = dotted_times(
    r"[Vv]|[Vv]e|[Oo]d|[Dd]o|[Kk]olem|[Oo]kolo|[Pp]o|[Pp]řed|[Mm]ezi|a|[Hh]od\."
)


SPEC = LanguageSpec(
    code="cs",
    decimal_word=word("celá", "celé", "celých", gender="f"),  # "tři celé čtrnáct"
    plural=plural_czech,  # jedna koruna, dvě koruny, pět korun, 2,5 koruny
    genders={
        "m": {"jedna": "jeden", "dvě": "dva"},
        "f": {"jeden": "jedna", "dva": "dvě"},
        "n": {"jedna": "jedno", "jeden": "jedno", "dva": "dvě"},
    },
    word_fixes=(
        (r"dvěstě", "dvě stě"),
        (r"(tři|čtyři)sta", r"\1 sta"),
        (r"(pět|šest|sedm|osm|devět)set", r"\1 set"),
    ),
    percent=word("procento", "procenta", "procent", "procenta", gender="n"),
    currencies=data.currencies("cs"),
    currency_symbols={"Kč": "CZK"},
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    date=_date,
    time_format_hour="{h} {hw}",  # "čtrnáct hodin"
    hour_word=word("hodina", "hodiny", "hodin", gender="f"),
    hour_gender="f",
    minute_zero="nula",  # "devět nula pět"
    units=_UNITS,
    unit_symbols={"hod": "h", "ks": "pcs"},  # "2 hod. 15 min", "3 ks"
    ordinal_dot=True,  # "2. místo" druhé místo
    final_rules=(_tens_one,),
    extra_rules=(
        central_slavic.id_rule(_IDS, "cs", "lomeno", codes=r"kód\w*|PIN"),
        central_slavic.time_span_rule("od", "do", ("mezi", "a")),
        cs_amounts.rule,
        central_slavic.west_range_rule("cs", "až"),
        time_spans.hour_word_after_time_rule("hod|h"),
        _dotted_times,
    ),
    hour=_hour,
    ordinal=_ordinal,
    range_word="až",  # "pět až deset"
    version_word="verze",
    version_keywords="verze|Verze",
    point_word="tečka",
    and_word="a",
    equals_word="rovná se",
    section_word="paragraf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("cs", "titles")),  # never end a sentence
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
