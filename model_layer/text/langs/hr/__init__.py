"""Croatian: numbers agree with their noun; ordinals, dates and years in their cases.

Readings followed (Hrvatski pravopis, IHJJ 2013; Barić et al., Hrvatska
gramatika): an ordinal is written with a dot (5. mjesto, 21. stoljeće); a date
is said in the genitive of time, the year a feminine ordinal (petog ožujka dvije
tisuće dvadeset četvrte); after "od, do, nakon, ..." the
ordinal is genitive (do petog ožujka), after "u, na, o, po, pri" locative
(u petom razredu); a time is "sati" and "minuta" (četrnaest sati i trideset
minuta); "3,5" is "tri zarez pet"; "posto" does not inflect. Numbers come from
our own speller (`langs/hr/spell.py`: num2words has no Croatian).
"""

from __future__ import annotations

import re

from model_layer.text.langs import central_slavic, data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import Word, date_from_parts, last_word, word
from model_layer.text.langs.hr import amounts as hr_amounts
from model_layer.text.langs.hr import spell as hr
from model_layer.text.shapes import time_spans
from model_layer.text.shapes.slavic_times import dotted_times

MONTHS_GENITIVE = data.words("hr", "months_genitive")
MONTHS_NOMINATIVE = data.words("hr", "months_nominative")
_GENITIVE_AFTER = frozenset(data.words("hr", "genitive_after"))
_LOCATIVE_AFTER = frozenset(data.words("hr", "locative_after"))
_NOT_NOUNS = frozenset(data.words("hr", "not_nouns"))
_YEAR_FORMS = data.table("hr", "year_forms")
_MONTHS = "|".join(MONTHS_GENITIVE + MONTHS_NOMINATIVE + ("studenog",))
_YEAR = re.compile(r"(?<![\w.,])(\d{4})\.(?:\s(godin[aeiu])(?!\w)|(?<=\b[uU] \d{4}\.))")
# A date's year keeps no period when the sentence goes on ("5. ožujka 1990. u Zagrebu").
_DATE_YEAR_DOT = re.compile(
    rf"(?<![\w.])((?:\d{{1,2}}\.\s?\d{{1,2}}\.\s?|\d{{1,2}}\.\s(?:{_MONTHS})\s)\d{{4}})\."
    r"(?=\s+[a-zčćđšž]|[,;:)])"
)


def plural_croatian(n: int, fraction: bool) -> int:
    """1, 21 euro; 2-4, 22 eura (paucal); 5-20, 25 eura (genitive plural); 2,5 eura."""
    if fraction:
        return 1
    if 11 <= n % 100 <= 14:
        return 2
    if n % 10 == 1:
        return 0
    return 1 if 2 <= n % 10 <= 4 else 2


def _date(parts: DateParts) -> str | None:
    words = f"{hr.ordinal(parts.day, 'm_gen')} {MONTHS_GENITIVE[parts.month - 1]}"
    return f"{words} {hr.year(parts.year)}" if parts.year else words


_HOUR = word("sat", "sata", "sati")
_MINUTE = word("minuta", "minute", "minuta", gender="f")
_SECOND = word("sekunda", "sekunde", "sekundi", gender="f")


def _counted(n: int, noun: Word) -> str:
    return f"{hr.cardinal(n, noun.gender)} {noun.form(plural_croatian(n, False))}"


def _clock(hour: int, minute: int, second: int | None) -> str:
    words = _counted(hour, _HOUR)
    if minute:
        words += " i " + _counted(minute, _MINUTE)
    if second:
        words += " i " + _counted(second, _SECOND)
    return words


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "3. mjesto", "u 5. razredu" (locative), "od 1. do 10. rujna" (genitive)."""
    following = re.match(r"\s*([^\W\d_]+)", after)
    noun = following.group(1) if following else ""
    if noun[:1].isupper():
        return None
    word_before = last_word(before)
    case = (
        "gen" if word_before in _GENITIVE_AFTER else "loc" if word_before in _LOCATIVE_AFTER else ""
    )
    lower = noun.lower()
    if lower in ("do", "i", "ili"):
        # "od 8. do 20. sata": the first takes the case and gender of the noun after the second
        later = re.match(r"\s*[^\W\d_]+\s\d{1,3}\.\s([^\W\d_]+)", after)
        lower = later.group(1).lower() if later and later.group(1).islower() else lower
    if word_before in ("s", "sa", "z") and lower.endswith(("a", "e")) and len(lower) > 3:
        case = "gen"  # "s 3. perona": from, the genitive ("s 3. razredom": with)
    if case == "loc" and lower.endswith(("o", "e")) and len(lower) > 3:
        case = ""  # "na 3. mjesto": an accusative (the locative is "na 3. mjestu")
    if len(lower) <= 2 or lower in _NOT_NOUNS:
        form = f"m_{case}" if case else "m"  # "od 1. do 10. rujna": od prvog
    elif case:  # the case ending tells the gender: -e/-i feminine, -a/-u masculine or neuter
        form = f"{'f' if lower[-1] == ('e' if case == 'gen' else 'i') else 'm'}_{case}"
    else:
        form = hr.noun_gender(lower, 1)
    return hr.ordinal(n, form)


def _years(text: str) -> str:
    """ "2024. godine" -> "dvije tisuće dvadeset četvrte godine", "u 2024." -> locative."""

    def say(m: re.Match[str]) -> str:
        noun = m.group(2)
        if noun:
            return f"{hr.ordinal(int(m.group(1)), _YEAR_FORMS[noun.lower()])} {noun}"
        return hr.ordinal(int(m.group(1)), "f_loc")

    text = _DATE_YEAR_DOT.sub(lambda m: m.group(1), text)
    return _YEAR.sub(say, text)


# "90-ih", "90-ima", "1990-ih": a decade is its number with the ending (devedesetih).
_DECADE = re.compile(r"(?<![\w.,])(\d{0,2}\d0)-(ih|ima|im|e|a)(?!\w)")
# "pon.-pet.": od ponedjeljka do petka; "80 €/noć": po noći; "2/3 birača": dvije trećine.
_DAYS_FROM = data.table("hr", "days_from")
_DAY = "(pon|uto|sri|čet|pet|sub|ned)"
_DAY_RANGE = re.compile(rf"(?<!\w){_DAY}\.?\s?[-\u2013]\s?{_DAY}(?:\.(?=\s+[a-z0-9]))?(?![\w])")
_PER_UNIT = re.compile(r"(?<=[\w€%])/(noć|dan|mjesec|godinu|sat|osobi|osobu|kom|kg)(?!\w)")
_PER_WORDS = data.table("hr", "per_words")


def _everyday(text: str) -> str:
    def decade(m: re.Match[str]) -> str:
        return f"{hr.cardinal(int(m.group(1)))}{m.group(2)}"

    text = _DAY_RANGE.sub(
        lambda m: f"od {_DAYS_FROM[m.group(1)]} do {_DAYS_FROM[m.group(2)]}", text
    )
    text = _PER_UNIT.sub(lambda m: f" {_PER_WORDS[m.group(1)]}", text)
    return _DECADE.sub(decade, text)


_ABBREVIATIONS = data.table("hr", "abbreviations")
# Words before a number that names (read digit by digit): the personal and company
# numbers, payment references, orders and parcels.
_IDS = (
    r"OIB|MBS|JMBG|poziv na broj|narudžb\w*|račun\w*|pošiljk\w*|paket\w*|rezervacij\w*|"
    r"ugovor\w*"
)
# "za 3-5 dana", "nakon 2-3 tjedna": the preposition stands where "od" would ("za tri do
# pet dana", not "za od tri do pet")
_RANGE_PREPOSITIONS = frozenset(data.words("hr", "range_prepositions"))
_SCALES = data.nouns("hr", "scales")  # written abbreviations of large numbers


_UNITS = data.nouns("hr", "units")


# "u 6.45", "od 9.00 do 11.30": a clock time written with a dot after a word of time
# (read as a time, not "šest zarez četrdeset pet").
_dotted_times = dotted_times(r"[Uu]|[Oo]d|[Dd]o|[Oo]ko|[Nn]akon|[Pp]rije|[Pp]oslije|[Ii]zmeđu|i")


SPEC = LanguageSpec(
    code="hr",
    plural=plural_croatian,
    gendered=lambda digits, gender: hr.cardinal(int(digits), gender),
    agreeing=central_slavic.one_and_two_agreeing(hr, _NOT_NOUNS, "m"),
    percent=word("posto"),
    currencies=data.currencies("hr"),
    currency_symbols={"kn": "HRK"},
    currency_and="i",
    months=MONTHS_GENITIVE,
    month_aliases={
        **{name: n for n, name in enumerate(MONTHS_NOMINATIVE, start=1)},
        "studenog": 11,
    },
    month_names=MONTHS_NOMINATIVE,
    date=_date,
    clock=_clock,
    time_trailer="h",
    ordinal_dot=True,
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols={"kom": "pcs"},
    foreign_grouping=True,
    range_template="od {} do {}",
    version_keywords="verzija|verzije|verziju|inačica",
    point_word="točka",
    plus_word="plus",
    and_word="i",
    equals_word="jednako",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("hr", "titles")),
    scales=_SCALES,
    extra_rules=(
        central_slavic.id_rule(_IDS, "hr", codes=r"kod\w*|kôd|PIN"),
        central_slavic.time_span_rule("od", "do", ("između", "i")),
        hr_amounts.rule,
        central_slavic.preposition_range_rule(_RANGE_PREPOSITIONS, "do"),
        time_spans.hour_word_after_time_rule("sati|h"),
        _dotted_times,
        _everyday,
        _years,
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text; a month alone in the nominative."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(day, month, year, full, MONTHS_NOMINATIVE, hr.year, hr.ordinal)
