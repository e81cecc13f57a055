"""Latvian: the spec; ordinals from tables (num2words has none), dates year first.

Rules followed (LVA, Valodas konsultācijas): "2024. gada 5. martā" is said
"divi tūkstoši divdesmit ceturtā gada piektajā martā": the year a genitive
definite ordinal, the day a definite ordinal agreeing with the month (locative
with the locative month); only the last word of a compound ordinal changes.
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import ordinal_with_ending, plural_latvian, word
from model_layer.text.langs.lv import everyday as lv_everyday

MONTHS = data.words("lv", "months")
MONTHS_LOCATIVE = data.words("lv", "months_locative")
# The ordinal with its last word's "-ais" replaced as asked: "ā" (genitive), "ajā" (locative).
ordinal = ordinal_with_ending(
    data.by_number("lv", "ordinals"), lambda digits: LANGUAGE.cardinal(digits), "ais"
)


def _date(parts: DateParts) -> str | None:
    day = ordinal(parts.day)
    if day is None:
        return None
    said = f"{day} {MONTHS[parts.month - 1]}"
    if parts.year is None:
        return said
    year = ordinal(parts.year, "ā")
    return None if year is None else f"{year} gada {said}"


_WRITTEN = re.compile(
    rf"(?<![\w.])(\d{{4}})\.\s?gada\s(\d{{1,2}})\.\s?({'|'.join(MONTHS + MONTHS_LOCATIVE)})(?!\w)"
)


def _written_dates(text: str) -> str:
    """ "2024. gada 5. martā" -> "... ceturtā gada piektajā martā"."""

    def say(m: re.Match[str]) -> str:
        month = m.group(3)
        locative = month in MONTHS_LOCATIVE
        year, day = (
            ordinal(int(m.group(1)), "ā"),
            ordinal(int(m.group(2)), "ajā" if locative else "ais"),
        )
        if year is None or day is None or not 1 <= int(m.group(2)) <= 31:
            return m.group()
        return f"{year} gada {day} {month}"

    return _WRITTEN.sub(say, text)


_YEAR = re.compile(r"(?<![\w.])(\d{4})\.\s?(gadā|gada|gads|gadu)(?!\w)")
_YEAR_ENDING = data.table("lv", "year_ending")


def _years(text: str) -> str:
    """ "2024. gadā" -> "divi tūkstoši divdesmit ceturtajā gadā": the ordinal in the noun's case."""

    def say(m: re.Match[str]) -> str:
        words = ordinal(int(m.group(1)), _YEAR_ENDING[m.group(2)])
        return m.group() if words is None else f"{words} {m.group(2)}"

    return _YEAR.sub(say, text)


# "2. stāvā", "90. gados", "3. klase": an ordinal written with a period takes the case of
# the word after it, read from that word's ending (otrajā stāvā, deviņdesmitajos gados).
_NEXT_ENDINGS = (("iem", "ajiem"), ("os", "ajos"), ("ās", "ajās"), ("ēs", "ajās"),
                 ("am", "ajam"), ("ai", "ajai"), ("ā", "ajā"), ("ē", "ajā"), ("ī", "ajā"),
                 ("ū", "ajā"), ("s", "ais"), ("š", "ais"), ("a", "ā"), ("e", "ā"), ("u", "o"),
                 ("i", "ie"))  # fmt: skip
_ORDINAL_BEFORE_WORD = re.compile(r"(?<![\w.,])(\d{1,3})\.\s(?=([a-zāčēģīķļņšūž]+))")


def _ordinals_before_words(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        following = m.group(2)
        # "4. maijā" ceturtajā maijā, "līdz 15. jūnijam" piecpadsmitajam jūnijam: a day
        # before a month takes the month's case like any ordinal; "no 3. līdz 5. maijam":
        # after "no" the genitive (no trešā).
        before = m.string[max(0, m.start() - 4) : m.start()].split()
        if following == "līdz" and before and before[-1].lower() == "no":
            ending = "ā"
        else:
            ending = next((new for old, new in _NEXT_ENDINGS if following.endswith(old)), "ais")
        words = ordinal(int(m.group(1)), ending)
        return m.group() if words is None else words + " "

    return _ORDINAL_BEFORE_WORD.sub(say, text)


# "P-Pk" (hyphen or en dash): no pirmdienas līdz piektdienai;
# "2/3 vēlētāju": divas trešdaļas; "€/naktī": par nakti.
_DAYS_FROM = data.table("lv", "days_from")
_DAYS_TO = data.table("lv", "days_to")
_DAY = "(Pk|Sv|P|O|T|C|S)"
_DAY_RANGE = re.compile(rf"(?<!\w){_DAY}\s?[-\u2013]\s?{_DAY}(?!\w)")
_PER_UNIT = re.compile(
    r"(?<=[\w€%])/(naktī|nakts|dienā|diena|mēnesī|mēn\.|gadā|stundā|kg|gab\.)(?!\w)"
)
_PER_WORDS = data.table("lv", "per_words")


# "no 9 līdz 18" (hours, nothing counted after): the dative plural, as hours are said
# ("no deviņiem līdz astoņpadsmitiem").
_HOURS_SPAN = re.compile(
    r"(?<!\w)([Nn]o)\s([01]?\d|2[0-4])\s(līdz)\s([01]?\d|2[0-4])(?![\d.,:]\d|\s?[\w€$£%°])"
)
_DATIVE_HOURS = data.table("lv", "dative_hours")


def _hour_dative(n: int) -> str | None:
    words = LANGUAGE.cardinal(str(n))
    if words is None:
        return None
    head, _, last = words.rpartition(" ")
    last = _DATIVE_HOURS.get(last, last + "iem")  # "desmitiem", "astoņpadsmitiem"
    return f"{head} {last}" if head else last


def _hours_span(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b = _hour_dative(int(m.group(2))), _hour_dative(int(m.group(4)))
        return m.group() if a is None or b is None else f"{m.group(1)} {a} {m.group(3)} {b}"

    return _HOURS_SPAN.sub(say, text) if "līdz" in text else text


def _per_unit(m: re.Match[str]) -> str:
    # "5 EUR/mēn." at the end: the unit's period also ends the sentence
    rest = m.string[m.end() : m.end() + 3].lstrip()
    end = "." if m.group(1).endswith(".") and (not rest or rest[0].isupper()) else ""
    return f" {_PER_WORDS[m.group(1)]}{end}"


def _everyday(text: str) -> str:
    text = _DAY_RANGE.sub(
        lambda m: f"no {_DAYS_FROM[m.group(1)]} līdz {_DAYS_TO[m.group(2)]}", text
    )
    text = _PER_UNIT.sub(_per_unit, text)
    return text


_UNITS = data.nouns("lv", "units")
_ABBREVIATIONS = data.table("lv", "abbreviations")
_FEMININE = data.table("lv", "feminine")
_SCALES = data.nouns("lv", "scales")  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="lv",
    plural=plural_latvian,  # viens kilometrs, divi kilometri, divdesmit viens kilometrs
    genders={"f": _FEMININE},
    percent=word("procents", "procenti"),
    currencies=data.currencies("lv"),
    currency_symbols={"Eur": "EUR", "eur": "EUR"},  # "5 eur", as shops write it
    scales=_SCALES,
    months=MONTHS,
    date=_date,
    minute_zero="nulle",  # "deviņi nulle pieci"
    time_keywords="pulksten|Pulksten",  # "plkst. 15.30": a time, not "komats"
    units=_UNITS,
    version_word="versija",
    version_keywords="versija|Versija",
    point_word="punkts",
    and_word="un",
    equals_word="ir vienāds ar",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("lv", "titles")),
    extra_rules=(
        _written_dates,
        _years,
        lv_everyday.everyday,
        _hours_span,
        _everyday,
        _ordinals_before_words,
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
