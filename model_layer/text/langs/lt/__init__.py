"""Lithuanian: the spec; ordinals from tables (num2words has none), dates year first.

Rules followed (VLKK, Kalbos patarimai): a date "2024-03-05" or "2024 m. kovo
5 d." is said "du tūkstančiai dvidešimt ketvirtųjų metų kovo penktoji (diena)":
the year a genitive plural definite ordinal, the day a feminine definite
ordinal; only the last word of a compound ordinal is an ordinal.
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import ordinal_with_ending, plural_lithuanian, word
from model_layer.text.langs.lt import everyday as lt_everyday

MONTHS = data.words("lt", "months")
MONTH_NAMES = data.words("lt", "month_names")
# The ordinal with its last word's "-as" replaced as asked: "oji" (f. definite), "ųjų" (gen. pl.).
ordinal = ordinal_with_ending(
    data.by_number("lt", "ordinals"), lambda digits: LANGUAGE.cardinal(digits), "as"
)


def _date(parts: DateParts) -> str | None:
    day = ordinal(parts.day, "oji")
    if day is None:
        return None
    said = f"{MONTHS[parts.month - 1]} {day}"
    if parts.year is None:
        return said
    year = ordinal(parts.year, "ųjų")
    return None if year is None else f"{year} metų {said}"


_WRITTEN = re.compile(
    rf"(?<![\w.])(\d{{4}})\s?m\.\s({'|'.join(MONTHS)})\s(\d{{1,2}})\s?d(\.)?(?!\w)"
)


def _written_dates(text: str) -> str:
    """ "2024 m. kovo 5 d." -> "... metų kovo penktoji diena"."""

    def say(m: re.Match[str]) -> str:
        day = int(m.group(3))
        year = ordinal(int(m.group(1)), "ųjų")
        named = _names_the_day(m.string[: m.start()])
        words = ordinal(day, "oji" if named else "ąją") if 1 <= day <= 31 else None
        if words is None or year is None:
            return m.group()
        rest = m.string[m.end() : m.end() + 3].lstrip()
        end = "." if m.group(4) and (not rest or rest[0].isupper()) else ""
        return f"{year} metų {m.group(2)} {words} {'diena' if named else 'dieną'}{end}"

    text = _WRITTEN.sub(say, text)
    return _DAY_OF_MONTH.sub(_day_of_month, text) if " d" in text else text


# "gegužės 4 d." without a year: "gegužės ketvirtoji diena"; after "iki", "nuo" the
# genitive ("iki birželio penkioliktosios dienos").
_DAY_OF_MONTH = re.compile(
    rf"(?<![\w.])(?:(?P<prep>[Ii]ki|[Nn]uo)\s)?(?P<month>{'|'.join(MONTHS)})\s(?P<day>\d{{1,2}})"
    r"\s?d(?P<dot>\.)?(?!\w)"
)


def _names_the_day(before: str) -> bool:
    """A date that starts the text or follows "šiandien", "yra", a colon or a dash names
    the day (the nominative: "Šiandien gegužės ketvirtoji diena"); elsewhere it says when
    (the accusative: "vyks kovo dvyliktąją dieną")."""
    words = before.split()
    return (
        not words
        or words[-1].lower() in ("šiandien", "yra", "data")
        or before.rstrip()[-1:] in (":", "\u2013", "\u2014", "-", ".")
    )


def _day_of_month(m: re.Match[str]) -> str:
    day = int(m.group("day"))
    genitive = m.group("prep") is not None
    named = not genitive and _names_the_day(m.string[: m.start()])
    ending, noun = (
        ("osios", "dienos") if genitive else ("oji", "diena") if named else ("ąją", "dieną")
    )
    words = ordinal(day, ending) if 1 <= day <= 31 else None
    if words is None:
        return m.group()
    prep = f"{m.group('prep')} " if genitive else ""
    rest = m.string[m.end() : m.end() + 3].lstrip()
    end = "." if m.group("dot") and (not rest or rest[0].isupper()) else ""
    return f"{prep}{m.group('month')} {words} {noun}{end}"


# "2023 m. parduota": the year alone, said as when (the instrumental, "du tūkstančiai
# dvidešimt trečiaisiais metais"); after "nuo", "iki", "po" the genitive ("nuo ...
# dvidešimtųjų metų").
_YEAR_ALONE = re.compile(
    rf"(?<![\w.])(?:(?P<prep>[Nn]uo|[Ii]ki|[Pp]o|[Pp]rieš)\s)?(?P<year>\d{{4}})\s?m\.(?!\w)"
    rf"(?!\s(?:{'|'.join(MONTHS)})\b)"
)


def _years_alone(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        prep = m.group("prep")
        genitive = prep is not None and prep.lower() != "prieš"
        ending, noun = (
            ("ųjų", "metų") if genitive else ("uosius", "metus") if prep else ("aisiais", "metais")
        )
        words = ordinal(int(m.group("year")), ending)
        if words is None:
            return m.group()
        rest = m.string[m.end() : m.end() + 3].lstrip()
        end = "." if not rest or rest[0].isupper() else ""  # the dot also ends a sentence
        return f"{prep + ' ' if prep else ''}{words} {noun}{end}"

    return _YEAR_ALONE.sub(say, text) if " m." in text or "m." in text else text


# "nuo 9 iki 18 val.": the hours are feminine ordinals in the genitive (valanda):
# "nuo devintos iki aštuonioliktos valandos".
_HOURS_SPAN = re.compile(
    r"(?<!\w)(?P<from>[Nn]uo)\s(?P<a>[01]?\d|2[0-4])\s(?P<to>iki)\s(?P<b>[01]?\d|2[0-4])\s?val\."
)


def _hours_span(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b = ordinal(int(m.group("a")), "os"), ordinal(int(m.group("b")), "os")
        if a is None or b is None:
            return m.group()
        rest = m.string[m.end() : m.end() + 3].lstrip()
        end = "." if not rest or rest[0].isupper() else ""
        return f"{m.group('from')} {a} {m.group('to')} {b} valandos{end}"

    return _HOURS_SPAN.sub(say, text) if "val." in text else text


# "vienas šimtas penkiasdešimt" is said "šimtas penkiasdešimt": one hundred or one
# thousand starting a number needs no "vienas" ("dvidešimt vienas tūkstantis" keeps it).
_ONE_HUNDRED = re.compile(r"(?<!\w)(\w+ )?vienas (šimtas|tūkstantis)(?!\w)")
_TENS_BEFORE = re.compile(r"(dešimt|šimtai|šimtas|tūkstančiai|tūkstantis) $")


def _one_hundred(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        before = m.group(1) or ""
        if _TENS_BEFORE.search(before):
            return m.group()
        return f"{before}{m.group(2)}"

    return _ONE_HUNDRED.sub(say, text) if "vienas " in text else text


# "15.30 val.", "7:45 val.": a time, said with its hours and minutes (penkiolika valandų
# trisdešimt minučių), not a decimal.
_TIME_VAL = re.compile(
    r"(?<![\w.,:])([01]?\d|2[0-3])[.:]([0-5]\d)\s?val(?:\.(?=\s+[a-ząčęėįšųūž0-9]))?(?!\w)"
)
# "3,2 proc.": percent; "Gedimino g. 25": gatvė after a name; "Gedimino pr.": prospektas.
_PERCENT = re.compile(r"(?<=\d)\s?proc(?:\.(?=\s+[a-ząčęėįšųūž0-9]))?(?!\w)")
_STREET = re.compile(r"(\b[A-ZĄČĘĖĮŠŲŪŽ][a-ząčęėįšųūž]+) (g|pr|al)\.(?=\s\d)")
_STREET_WORDS = data.table("lt", "street_words")
_PARTS = {2: ("pusė", "pusės"), 3: ("trečdalis", "trečdaliai"), 4: ("ketvirtis", "ketvirčiai"),
          5: ("penktadalis", "penktadaliai"), 10: ("dešimtadalis", "dešimtadaliai")}  # fmt: skip
_FRACTION = re.compile(r"(?<![\w/.,])(\d)/(\d{1,2})(?![\w/]|[.,]\d)(?=\s[^\W\d_])")
_PER_UNIT = re.compile(r"(?<=[\w€%])/(naktis|naktį|para|parą|mėn\.|d\.|val\.|kg|vnt\.)(?!\w)")
_PER_WORDS = data.table("lt", "per_words")


def _per_unit(m: re.Match[str]) -> str:
    # "5 Eur/mėn." at the end: the unit's period also ends the sentence
    rest = m.string[m.end() : m.end() + 3].lstrip()
    end = "." if m.group(1).endswith(".") and (not rest or rest[0].isupper()) else ""
    return f" {_PER_WORDS[m.group(1)]}{end}"


def _everyday(text: str) -> str:
    def feminine(n: int) -> str:  # valanda and minutė are feminine: "septynios valandos"
        head, _, last = str(LANGUAGE.cardinal(str(n))).rpartition(" ")
        return f"{head} {_FEMININE.get(last, last)}".strip()

    def time(m: re.Match[str]) -> str:
        hour, minute = int(m.group(1)), int(m.group(2))
        hours = f"{feminine(hour)} {_UNITS['h'].forms[plural_lithuanian(hour, False)]}"
        if not minute:
            return hours
        minutes = _UNITS["min"].forms[plural_lithuanian(minute, False)]
        return f"{hours} {feminine(minute)} {minutes}"

    def fraction(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if not (0 < a < b and b in _PARTS):
            return m.group()
        one, many = _PARTS[b]
        return one if a == 1 else f"{LANGUAGE.cardinal(str(a))} {many}"

    text = _TIME_VAL.sub(time, text)
    text = _PERCENT.sub("%", text)
    text = _STREET.sub(lambda m: f"{m.group(1)} {_STREET_WORDS[m.group(2)]}", text)
    text = _PER_UNIT.sub(_per_unit, text)
    return _FRACTION.sub(fraction, text)


_UNITS = data.nouns("lt", "units")
_ABBREVIATIONS = data.table("lt", "abbreviations")
_FEMININE = data.table("lt", "feminine")
_SCALES = data.nouns("lt", "scales")  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="lt",
    plural=plural_lithuanian,  # vienas euras, du eurai, dešimt eurų, 2,5 euro
    genders={"f": _FEMININE},
    percent=word("procentas", "procentai", "procentų", "procento"),
    currencies=data.currencies("lt"),
    currency_symbols={"Eur": "EUR", "eur": "EUR"},  # "12,50 Eur", as shops write it
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    date=_date,
    minute_zero="nulis",  # "devyni nulis penki"
    units=_UNITS,
    version_word="versija",
    version_keywords="versija|Versija",
    point_word="taškas",
    plus_word="plius",
    and_word="ir",
    equals_word="lygu",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("lt", "titles")),
    extra_rules=(_written_dates, _years_alone, lt_everyday.everyday, _hours_span, _everyday),
    final_rules=(_one_hundred,),
    unit_symbols={"val": "h"},  # "2 val. 15 min."
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
