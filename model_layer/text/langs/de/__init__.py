"""German: the spec, and the ordinal endings that follow the article or preposition before them.

An ordinal is an adjective: "der dritte Mai", "am dritten Mai", "dritter Mai"
(no article: strong ending). Duden, Grammatik, Adjektivdeklination.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.de import amounts as de_amounts
from model_layer.text.langs.de import case as de_case
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import last_word, word
from model_layer.text.shapes import noun_genders, postcodes, seasons, time_spans

MONTHS = data.words("de", "months")

# dative/genitive contexts ("am dritten", "vom ersten bis dritten", "des dritten")
_WEAK_N = frozenset(data.words("de", "weak_n"))
_WEAK_E = frozenset(data.words("de", "weak_e"))
# "in der dritten Klasse": after a preposition "der" is dative or genitive
_PREPOSITIONS = frozenset(data.words("de", "prepositions"))
_MONTH_AFTER = re.compile(rf"\s*(?:bis\s+\d{{1,2}}\.\s*)?(?:{'|'.join(MONTHS)})\b")


def _ending(before: str) -> str:
    article = last_word(before)
    if article in _WEAK_N:
        return "en"
    if article in _WEAK_E:
        words = before.lower().split()
        return "en" if article == "der" and len(words) > 1 and words[-2] in _PREPOSITIONS else "e"
    return "er"


def _ordinal_adjective(n: int, before: str) -> str | None:
    words = numbers.ordinal(n, "de")  # "dritte"
    return None if words is None else words[:-1] + _ending(before)


# "bis 3." may end a sentence ("zählen Sie bis 3. Dann ..."): there only a month makes an ordinal
_CARDINAL_TOO = frozenset(data.words("de", "cardinal_too"))


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "3." is an ordinal after an article or contraction, or before a month."""
    article = last_word(before)
    if (article in _WEAK_N | _WEAK_E and article not in _CARDINAL_TOO) or _MONTH_AFTER.match(after):
        return _ordinal_adjective(n, before)
    return None


_AFTER_WEEKDAY = re.compile(
    r"(\w+)\s+(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Sonnabend),\s*$"
)


def _date(parts: DateParts) -> str | None:
    before = parts.before
    found = _AFTER_WEEKDAY.search(before)
    if found:  # "am Samstag, 12. Oktober": the case of "am"
        before = found.group(1) + " "
    day = _ordinal_adjective(parts.day, before)
    if day is None:
        return None
    said = f"{day} {MONTHS[parts.month - 1]}"
    if parts.year is None:
        return said
    year = _year(parts.year)
    return None if year is None else f"{said} {year}"


def _year(n: int) -> str | None:
    """1100-1999 by hundreds ("neunzehnhundertneunundneunzig"), later ones as cardinals."""
    return numbers.year(n, "de")


_SHORT_DATE = re.compile(
    r"(?<!\w)((?:(?i:am|vom|bis|zum|ab|seit|den|dem|der|spätestens|frühestens)|"
    r"(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Sonnabend),?)\s+)"
    r"(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(?!\d)"
)


# "am Fr., 15.3.", "Sa., 12 Uhr": a weekday abbreviated before a date or a time.
_WEEKDAY_SHORT = re.compile(r"(?<![\w.])(Mo|Di|Mi|Do|Fr|Sa|So)\.(?=,?\s*\d)")
_WEEKDAY_NAMES = data.table("de", "weekday_names")


# "im Okt.", "Ende Sept.", "seit Jan. 2024": a month abbreviated without a day before it.
_MONTH_SHORT = re.compile(
    r"(?<![\w.])((?:im|Im|ab|Ab|seit|Seit|bis|Bis|Ende|Anfang|Mitte|vom|zum|den|des)\s)"
    r"(Jan|Febr?|Mär|Mrz|Apr|Jun|Jul|Aug|Sept?|Okt|Nov|Dez)\.(?=\s|$|[,;)])"
)
# "Sie wurde 2.", "Er landete als 3. im Ziel": a place in a ranking, said as a noun
# (Zweite, Dritter), after a verb of finishing; "Sie"/"sie" and plural verbs take -e.
_PLACE = re.compile(
    r"(?<!\w)(?P<verb>wurde|wurden|wird|werden|landete|landeten|ist|war|"
    r"waren|kam|kamen|als)\s(?P<n>[1-9]\d?)\.(?=\s+(?:[a-zäöü]|$)|\s*$|[,;!?])"
)
_SUBJECT_BEFORE = re.compile(r"\b([Ss]ie)(?:\s+\w+){0,2}\s+$")  # "Sie landete als 3."
# "3. OG", "im EG": a floor, where the letters name one (after an ordinal or "im"); "OG"
# elsewhere may be anything ("OG-Wahl").
_FLOORS = data.table("de", "floors")
_FLOOR = re.compile(r"(?<=\d\. |im |Im |ns )(OG|EG|UG|DG)\b(?!-)")
# "1.-3. Mai": two days of one month, "ersten bis dritten Mai" (the dash is "bis").
_DAY_SPAN = re.compile(
    rf"(?<![\w.])(\d{{1,2}})\.\s?[-\u2013]\s?(?=\d{{1,2}}\.\s+(?:{'|'.join(MONTHS)})\b)"
)
# "24.12.-6.1.", "24.12. bis 6.1.", "24.12.2024-6.1.2025": two dates, "vom ... bis ...".
_DATE_SPAN = re.compile(
    r"(?<![\w.,])(\d{1,2}\.\d{1,2}\.(?:\d{4})?)(?:\s?[-\u2013]\s?|\s+bis\s+)"
    r"(?=\d{1,2}\.\d{1,2}\.(?:\d{4})?(?!\d))"
)
# "Das ist 3. Klasse", "Er war 1. Vorsitzender": an ordinal before a noun with no article,
# after a copula: the strong nominative (dritte Klasse, erster Vorsitzender); after a
# comma, the floor of an address ("12, 3. Stock": dritter Stock).
_ORDINAL_NOUN = re.compile(
    r"(?P<lead>\b(?:ist|war|sind|waren|wird|wurde|bleibt|blieb)\s|\d,\s)(?P<n>[1-9]\d?)\.\s"
    r"(?P<noun>[A-ZÄÖÜ][a-zäöüß]+)\b"
)
# "1. Platz: Anna, 2. Platz: Ben", "3. Etage, links": an ordinal with no word before it
# (a list, a result, a label), before a noun that counts places or rounds: the strong
# nominative. Other nouns there may start a numbered step ("1. Eier trennen"): left alone.
_RANK_NOUNS = data.table("de", "rank_nouns")
_RANK = re.compile(
    rf"(?:^|(?<=[:;,(\n\u2013-])|(?<=[:;,(\n\u2013-]\s))(?P<n>[1-9]\d?)\.\s"
    rf"(?P<noun>{'|'.join(_RANK_NOUNS)})\b",
    re.MULTILINE,
)
# "auf der A7", "die B27": a motorway or a federal road, the letter then the number.
_ROAD = re.compile(r"(?<=\b[dD]ie |\b[dD]er )([AB])\s?(\d{1,3})(?![\w-])")
# "km 120" (a motorway's kilometre mark), "Ab 18 J." (years of age)
_KM_MARK = re.compile(r"(?<![\w.])km(?=\s\d)")
# "Geschäftsjahr 2023/24", "Saison 2024/25": both years, the second by its last two digits.
_SPLIT_YEAR = re.compile(r"(?<![\w./-])((?:19|20)\d\d)/(\d\d)(?![\w/]|[.,]\d)")


def _split_year(m: re.Match[str]) -> str:
    first, second = int(m.group(1)), int(m.group(2))
    if second != (first + 1) % 100:
        return m.group()
    return f"{_year(first)} {LANGUAGE.cardinal(m.group(2))}"


_DATIVE_BEFORE_YEARS = frozenset(data.words("de", "dative_before_years"))
_YEARS_OF_AGE = re.compile(r"(?<=\d)\sJ\.(?=\s|$|[,;)])")


def _day_span(m: re.Match[str]) -> str:
    """ "vom 1.-3. Mai" -> "vom 1. bis 3. Mai", "24.12.-6.1." -> "vom 24.12. bis 6.1.";
    with no article before it, "vom" is said ("Messe 12.-15. März": "vom zwölften bis
    fünfzehnten März"), so that both are read as dates."""
    before = m.string[max(0, m.start() - 5) : m.start()].split()
    lead = "" if before and before[-1].lower() in ("am", "vom", "zum", "ab", "bis") else "vom "
    first = m.group(1) if "." in m.group(1) else m.group(1) + "."  # "1" -> "1."
    return f"{lead}{first} bis "


def _everyday(text: str) -> str:
    text = _FLOOR.sub(lambda m: _FLOORS[m.group(1)], text)
    text = _DAY_SPAN.sub(_day_span, text)
    text = _DATE_SPAN.sub(_day_span, text)
    text = _MONTH_SHORT.sub(
        lambda m: (
            m.group(1)
            + MONTHS[_MONTH_ABBREVIATIONS[m.group(2) + "."] - 1]
            + ("." if not m.string[m.end() :].strip() else "")
        ),  # its dot ends the sentence too
        text,
    )

    def place(m: re.Match[str]) -> str:
        words = numbers.ordinal(int(m["n"]), "de")  # "zweite"
        if words is None:
            return m.group()
        found = _SUBJECT_BEFORE.search(m.string, max(0, m.start() - 30), m.start())
        plural = m["verb"] in ("wurden", "werden", "landeten", "waren", "kamen")
        feminine = found is not None or plural
        said = words.capitalize() + ("" if feminine else "r")
        end = "." if not m.string[m.end() :].strip() else ""  # its dot ends the sentence too
        return f"{m['verb']} {said}{end}"

    def ordinal_before_noun(m: re.Match[str]) -> str:
        gender = noun_genders.form_genders("de").get(m["noun"].lower())
        words = numbers.ordinal(int(m["n"]), "de")
        if gender is None or words is None:
            return m.group()
        ending = {"m": "r", "f": "", "n": "s"}[gender]  # strong nominative: dritter, dritte
        return f"{m['lead']}{words}{ending} {m['noun']}"

    def rank(m: re.Match[str]) -> str:
        words = numbers.ordinal(int(m["n"]), "de")
        if words is None:
            return m.group()
        ending = {"m": "r", "f": "", "n": "s"}[_RANK_NOUNS[m["noun"]]]
        said = f"{words}{ending} {m['noun']}"
        return said[0].upper() + said[1:] if m.start() == 0 else said

    text = _PLACE.sub(place, text)
    text = _RANK.sub(rank, text)
    text = _ORDINAL_NOUN.sub(ordinal_before_noun, text)
    text = _ROAD.sub(lambda m: f"{m.group(1)} {LANGUAGE.cardinal(m.group(2))}", text)
    text = _KM_MARK.sub("Kilometer", text)
    text = _SPLIT_YEAR.sub(_split_year, text) if "/" in text else text

    def years(m: re.Match[str]) -> str:
        before = m.string[max(0, m.start() - 12) : m.start()].split()
        dative = len(before) >= 2 and before[-2].lower() in _DATIVE_BEFORE_YEARS
        end = "." if not m.string[m.end() :].strip() else ""
        return (" Jahren" if dative else " Jahre") + end

    return _YEARS_OF_AGE.sub(years, text)


def _weekdays_short(text: str) -> str:
    return _WEEKDAY_SHORT.sub(lambda m: _WEEKDAY_NAMES[m.group(1)], text)


def _short_dates(text: str) -> str:
    """ "am 3.5." -> "am dritten Mai": a day and month without a year, after a preposition."""

    def say(m: re.Match[str]) -> str:
        lead = m.group(1)
        if lead.rstrip().endswith(","):  # "am Montag, 5.2.": the case of "am"
            lead = m.string[max(0, m.start() - 4) : m.start()]
        elif lead.strip().lower() in ("spätestens", "frühestens"):
            lead = "am "  # "bis spätestens 31.03.": "einunddreißigsten März"
        words = _date(DateParts(int(m.group(2)), int(m.group(3)), None, lead))
        if words is None:
            return m.group()
        rest = m.string[m.end() :]
        if not rest.strip() or rest[:2].strip()[:1].isupper():
            words += "."  # "am 24.12." ends the sentence: its last dot is the full stop too
        return m.group(1) + words

    return _SHORT_DATE.sub(say, text)


_ONE_OCLOCK = re.compile(r"(?<![\w.,])1\s?Uhr\b")


_TIMES = re.compile(r"(?<![\w.,])(\d{1,3})\s?x(?=\s+[a-zäöüß])")


def _times(text: str) -> str:
    """ "3x täglich", "2x gewonnen": "dreimal", "zweimal"."""
    return _TIMES.sub(
        lambda m: (
            ("ein" if m.group(1) == "1" else LANGUAGE.cardinal(m.group(1)) or m.group(1)) + "mal"
        ),
        text,
    )


def _one_oclock(text: str) -> str:
    return _ONE_OCLOCK.sub("ein Uhr", text)


_ABBREVIATIONS = data.table("de", "abbreviations")

_UNITS = data.nouns("de", "units")

_SCALES = data.nouns("de", "scales")  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("de", "month_abbreviations")
SPEC = LanguageSpec(
    code="de",
    capitalized_nouns=True,
    decimal_word=word("Komma", gender=""),  # "eins Komma fünf": the number, not "ein"
    fraction_digits=True,  # "drei Komma eins vier": digits after the comma one by one
    genders={"m": {"eins": "ein"}, "n": {"eins": "ein"}, "f": {"eins": "eine"}},
    percent=word("Prozent"),
    currencies=data.currencies("de"),
    currency_symbols={"Fr.": "CHF"},
    currency_and="und",
    scales=_SCALES,
    months=MONTHS,
    month_aliases={"Jänner": 1, **_MONTH_ABBREVIATIONS},
    date=_date,
    time_format="{h} Uhr {m}",
    time_format_hour="{h} Uhr",
    time_trailer="Uhr",  # "um 14:30 Uhr" is said once: "vierzehn Uhr dreißig"
    ordinal_dot=True,
    ordinal=_ordinal,
    year=_year,
    units={**_UNITS, "TL": word("Teelöffel"), "EL": word("Esslöffel")},
    unit_symbols=data.table("de", "unit_symbols"),  # recipes: "2 EL Öl" zwei Esslöffel Öl
    range_word="bis",
    version_word="Version",
    version_keywords="Version|Update|Release",
    point_word="Punkt",
    and_word="und",
    equals_word="gleich",
    section_word="Paragraf",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("de", "titles")),  # never end a sentence
    extra_rules=(
        de_amounts.rule,  # "1,5k", "10 € - 20 €", "85/100", "2:03:45", "18+", "€/kg"
        time_spans.two_times_rule("und|bis"),
        _times,
        seasons.rule(),
        time_spans.rule("bis"),
        postcodes.rule("de"),
        _one_oclock,
        _weekdays_short,
        _everyday,
        _short_dates,
    ),
    final_rules=(de_case.rule,),  # "für ein Tag" -> "für einen Tag": after every number rule
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
