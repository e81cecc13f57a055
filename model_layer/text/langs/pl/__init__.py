"""Polish: the spec; dates and hours as ordinals in their case.

Rules followed (Wielki słownik ortograficzny PWN; poradnia językowa PWN): a date
is a genitive ordinal with the month's genitive ("piątego marca"), the year too
("dwa tysiące dwudziestego czwartego roku"); every word of a compound ordinal
inflects. The hour is a feminine ordinal (godzina): "o czternastej trzydzieści".
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec, before
from model_layer.text.langs.forms import inflect, last_word, plural_polish, word
from model_layer.text.shapes import postcodes, slavic_ranges, slavic_times

MONTHS = data.words("pl", "months")
MONTH_NAMES = data.words("pl", "month_names")
# cardinal words that end like an ordinal adjective and must not inflect
_CARDINALS = frozenset(data.words("pl", "cardinals"))
_GENITIVE = (("gi", "giego"), ("ki", "kiego"), ("i", "iego"), ("y", "ego"))
_FEMININE = (("gi", "ga"), ("ki", "ka"), ("i", "ia"), ("y", "a"))
_FEMININE_LOCATIVE = (("gi", "giej"), ("ki", "kiej"), ("i", "iej"), ("y", "ej"))
_FEMININE_INSTRUMENTAL = (("gi", "gą"), ("ki", "ką"), ("i", "ią"), ("y", "ą"))
_LOCATIVE = (("gi", "gim"), ("ki", "kim"), ("i", "im"), ("y", "ym"))
_YEAR_NOUN = re.compile(r"(?<![\w.,])(\d{3,4})\s?(roku|rok|r\.)(?!\w)")


_AT_HOUR = re.compile(r"(?<!\w)(?<!\d )(?:(o)\s)?godz\.\s?")  # "2 godz.": a unit


# "w godz. 8-16", "w godzinach 8.00-16.00": opening hours, said "od ósmej do szesnastej"
_IN_HOURS = re.compile(
    r"(?<!\w)([Ww]) (?:godz\.|godzinach)\s?([01]?\d|2[0-3])(?:[:.]([0-5]\d))?\s?[-\u2013]\s?"
    r"([01]?\d|2[0-3])(?:[:.]([0-5]\d))?(?![\w:]|[.,]\d)"
)


def _in_hours(m: re.Match[str]) -> str:
    start, end = f"{m.group(2)}:{m.group(3) or '00'}", f"{m.group(4)}:{m.group(5) or '00'}"
    return f"{m.group(1)} godzinach od {start} do {end}"


# "zadzwoń pod tel. 600 123 456" (the shared readers make it "pod telefon sześć ..."):
# one calls "pod numer telefonu"
_CALL_UNDER = re.compile(
    r"(?<!\w)([Pp]od) (?:telefon|tel\.)(?= ?[+\d]| (?:plus|zero|jeden|dwa|trzy|cztery|pięć|"
    r"sześć|siedem|osiem|dziewięć)\b)"
)


def _call_under(text: str) -> str:
    return _CALL_UNDER.sub(r"\1 numer telefonu", text)


def _hour_word(text: str) -> str:
    """ "o godz. 12:00" -> "o godzinie dwunastej", "godz. 12" -> "godzina dwunasta"."""
    text = _IN_HOURS.sub(_in_hours, text)
    text = _DOTTED_TIME.sub(lambda m: f"{m.group(1)} {m.group(2)}:{m.group(3)}", text)
    return _AT_HOUR.sub(lambda m: "o godzinie " if m.group(1) else "godzina ", text)


# "o 14.30", "od 9.00 do 17.00": a clock time written with a dot after a word of time
# (read as "o czternastej trzydzieści", not a decimal).
_DOTTED_TIME = re.compile(
    r"(?<!\w)([Oo]|[Oo]d|[Dd]o|[Oo]koło|[Pp]o|[Pp]rzed|[Gg]odz\.|[Gg]odzinie|[Gg]odzina|"
    r"[Mm]iędzy|a)\s([01]?\d|2[0-3])\.([0-5]\d)(?![\d.,]\d)"
)


def _years(text: str) -> str:
    """ "w 2024 roku" -> "w dwa tysiące dwudziestym czwartym roku"; genitive after other words."""

    def say(m: re.Match[str]) -> str:
        if m.group(2) == "rok":
            words, noun = numbers.ordinal(int(m.group(1)), "pl"), "rok"
        else:
            locative = last_word(before(m)) in ("w", "we", "o", "przy")
            words, noun = _inflect(int(m.group(1)), _LOCATIVE if locative else _GENITIVE), "roku"
        if words is None:
            return m.group()
        rest = m.string[m.end() :]
        if m.group(2) == "r." and (not rest.strip() or rest[:2].strip()[:1].isupper()):
            noun += "."  # "w 1998 r." ends the sentence: its period stays
        return f"{words} {noun}"

    return _YEAR_NOUN.sub(say, text)


_MONTH_ALTERNATION = "|".join(MONTHS)
# "od 1 do 10 czerwca": the first day of a span is a date too ("od pierwszego")
_FIRST_DAY = re.compile(
    rf"(?<![\w.,])(0?[1-9]|[12]\d|3[01])(?=\s?(?:do|i|lub|albo)\s(?:0?[1-9]|[12]\d|3[01])\s"
    rf"(?:{_MONTH_ALTERNATION})(?!\w))"
)


def _first_days(text: str) -> str:
    return _FIRST_DAY.sub(lambda m: _inflect(int(m.group(1)), _GENITIVE) or m.group(), text)


def _inflect(n: int, endings: tuple[tuple[str, str], ...]) -> str | None:
    words = numbers.ordinal(n, "pl")
    if words is None:
        return None
    tokens = words.split(" ")
    return " ".join(t if t in _CARDINALS else inflect(t, endings) for t in tokens)


_NEUTER = (("gi", "gie"), ("ki", "kie"), ("i", "ie"), ("y", "e"))
_LOCATIVE_AFTER = frozenset(data.words("pl", "locative_after"))
_GENITIVE_AFTER = frozenset(data.words("pl", "genitive_after"))


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "1. miejsce" -> "pierwsze miejsce", "3. klasa" -> "trzecia klasa", "w 3. klasie" ->
    "w trzeciej klasie", "z 2. miejsca" -> "z drugiego miejsca": the ordinal takes the
    gender and case its noun shows (nominative, or after a preposition)."""
    found = re.match(r"\s*([^\W\d_]+)", after)
    noun = found.group(1) if found else ""
    if not noun[:1].islower():
        return None
    preposition = last_word(before)
    if preposition in _LOCATIVE_AFTER:
        endings = _FEMININE_LOCATIVE if noun.endswith(("ie", "ii", "y")) else _LOCATIVE
    elif preposition in _GENITIVE_AFTER:
        endings = _FEMININE_LOCATIVE if noun.endswith(("y", "i")) else _GENITIVE
    elif noun.endswith("a"):
        endings = _FEMININE
    elif noun.endswith(("o", "e", "ę", "um")):
        endings = _NEUTER
    else:
        return numbers.ordinal(n, "pl")
    return _inflect(n, endings)


def _date(parts: DateParts) -> str | None:
    day = _inflect(parts.day, _GENITIVE)
    if day is None:
        return None
    said = f"{day} {MONTHS[parts.month - 1]}"
    if parts.year is None:
        return said
    year = _inflect(parts.year, _GENITIVE)
    return None if year is None else f"{said} {year} roku"


def _hour(h: int, before: str) -> str | None:
    if h == 0:
        return "zero"
    word = last_word(before).lower()
    if word in ("między", "przed", "za", "nad") or (
        word == "a" and "między" in before[-30:].lower()
    ):
        return _inflect(h, _FEMININE_INSTRUMENTAL)  # "między ósmą a dziesiątą"
    # "o czternastej", "od dziewiątej do siedemnastej", "po piątej": the genitive and the
    # locative of the feminine ordinal are alike
    oblique = word in ("o", "godzinie", "od", "do", "około", "po", "koło", "godziny")
    return _inflect(h, _FEMININE_LOCATIVE if oblique else _FEMININE)


_UNITS = data.nouns("pl", "units")
_ABBREVIATIONS = data.table("pl", "abbreviations")
_SCALES = data.nouns("pl", "scales")  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("pl", "month_abbreviations")
_PERCENT = word("procent")  # "pięć procent", "dwa procent": not inflected after a number
_UNIT_SYMBOLS = {"godz": "h"}  # "2 godz. 15 min"
# "7-10 dni": a range before its noun, read "od siedmiu do dziesięciu dni" (slavic_ranges.py)
_RANGES = slavic_ranges.polish_rule(
    slavic_ranges.unit_words(_UNITS, _UNIT_SYMBOLS, _PERCENT, _SCALES), MONTHS
)
SPEC = LanguageSpec(
    code="pl",
    plural=plural_polish,  # jeden złoty, dwa złote, pięć złotych, 2,5 złotego
    genders={"f": {"jeden": "jedna", "dwa": "dwie"}, "n": {"jeden": "jedno"}},
    percent=_PERCENT,
    currencies=data.currencies("pl"),
    currency_symbols={"zł": "PLN"},
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    year_suffix=r"roku|r\.",
    date=_date,
    ordinal_dot=True,
    ordinal=_ordinal,
    hour=_hour,
    minute_zero="zero",  # "dziewiąta zero pięć"
    time_keywords="godzinie|godzina",  # "o godz. 14.30"
    units=_UNITS,
    unit_symbols=_UNIT_SYMBOLS,
    version_word="wersja",
    version_keywords="wersja|wersji|Wersja",
    point_word="kropka",
    and_word="i",
    equals_word="równa się",
    section_word="paragraf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("pl", "titles")),  # never end a sentence
    extra_rules=(
        _call_under,
        postcodes.rule("pl"),
        slavic_times.rule("pl"),
        _hour_word,
        _years,
        _first_days,
        _RANGES,
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
