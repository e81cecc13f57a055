"""Estonian: the spec, and ordinals, dates and years in their cases.

Readings followed (Eesti keele käsiraamat, EKI 2007, "Arvsõnad" and
"Kuupäev"): after 2 and more the noun is in the partitive singular (viis eurot,
kaks kilomeetrit); an ordinal is written with a dot (5. klass); a date is
ordinal day + month (viies märts), and the ordinal takes the month's case
(5. märtsil -> viiendal märtsil); "2024. aastal" is an ordinal in the same case
(kahe tuhande kahekümne neljandal aastal). "2024. aasta" is read as a genitive
(kahe tuhande kahekümne neljanda aasta), the commoner use in running text
("2024. aasta lõpus"). A time is said as two numbers (kell neliteist
kolmkümmend). Numbers come from our own speller (`langs/et/spell.py`: num2words has
no Estonian). Not done: case agreement of cardinals with a following noun in
an oblique case (5 eurost stays "viis eurost").
"""

from __future__ import annotations

import re

from model_layer.text.langs import data, nordic
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.et import spell as et
from model_layer.text.langs.forms import date_from_parts, word
from model_layer.text.shapes import time_spans

MONTHS = data.words("et", "months")
# The genitive, to which the case endings attach (märtsi-l, mai-st).
_MONTH_STEMS = data.words("et", "month_stems")
_CASES = {"l": "ade", "s": "ine", "st": "ela", "le": "all", "lt": "abl", "ks": "tra",
          "sse": "ill", "ni": "ter", "ga": "com", "": "gen"}  # fmt: skip
_YEAR_CASES = data.table("et", "year_cases")

_MONTH_IN_CASE = re.compile(
    rf"(?<![\w.,])(\d{{1,2}})\.\s({'|'.join(_MONTH_STEMS)})"
    rf"({'|'.join(sorted(_CASES, key=len, reverse=True))})(?!\w)"
)
_YEAR_IN_CASE = re.compile(
    rf"(?<![\w.,])(\d{{1,4}})\.\s({'|'.join(_YEAR_CASES)})(?!\w)", re.IGNORECASE
)


def _date(parts: DateParts) -> str | None:
    words = f"{et.ordinal(parts.day)} {MONTHS[parts.month - 1]}"
    return f"{words} {et.year(parts.year)}" if parts.year else words


# "12.-14. juunil": the first day of a span in the month's case too ("kaheteistkümnendal
# kuni neljateistkümnendal juunil")
_DAY_SPAN_IN_CASE = re.compile(
    rf"(?<![\w.,])(\d{{1,2}})\.\s?[-\u2013]\s?(?=\d{{1,2}}\.\s(?:{'|'.join(_MONTH_STEMS)})"
    rf"({'|'.join(sorted(_CASES, key=len, reverse=True))})(?!\w))"
)


def _month_in_case(text: str) -> str:
    """ "5. märtsil" -> "viiendal märtsil": the day takes the month's case."""
    text = _DAY_SPAN_IN_CASE.sub(
        lambda m: f"{et.ordinal(int(m.group(1)), _CASES[m.group(2)])} kuni ", text
    )

    def say(m: re.Match[str]) -> str:
        case = _CASES[m.group(3)]
        return f"{et.ordinal(int(m.group(1)), case)} {m.group(2)}{m.group(3)}"

    return _MONTH_IN_CASE.sub(say, text)


def _year_in_case(text: str) -> str:
    """ "2024. aastal" -> "kahe tuhande kahekümne neljandal aastal"."""

    def say(m: re.Match[str]) -> str:
        case = _YEAR_CASES[m.group(2).lower()]
        return f"{et.ordinal(int(m.group(1)), case)} {m.group(2)}"

    return _YEAR_IN_CASE.sub(say, text)


# The case ending of the word after an ordinal, which the ordinal takes too ("2. korrusel"
# -> "teisel korrusel"): a case ending follows the genitive stem's vowel. A nominative
# that looks so ("kool", "mees") is listed.
_CASE_OF_NEXT = re.compile(r"[aeiuõäöü](sse|st|lt|le|ks|ni|ga|l|s)$")
_NOMINATIVES_LIKE_CASES = frozenset(data.words("et", "nominatives_like_cases"))
# A noun in "-us" is a nominative ("4. korrus", "2. kursus", "3. teenus"), not an
# inessive; a few nouns after an ordinal are mostly genitives ("2. koha", "3. klassi
# õpilane", "21. sajandi"), which the ordinal takes too.
_NOMINATIVE_ENDING = re.compile(r"us$")
_GENITIVES = frozenset(data.words("et", "genitives"))


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "3. klass" -> "kolmas klass", "2. korrusel" -> "teisel korrusel": a dotted number
    before a lowercase word, in that word's case."""
    if not after.lstrip()[:1].islower():
        return None
    following = re.match(r"\s*([a-zõäöüšž]+)", after)
    word_after = following.group(1) if following else ""
    if word_after in _GENITIVES:
        return et.ordinal(n, "gen")
    ending = _CASE_OF_NEXT.search(word_after)
    if ending is None or word_after in _NOMINATIVES_LIKE_CASES:
        return et.ordinal(n)
    if _NOMINATIVE_ENDING.search(word_after) and ending.group(1) == "s":
        return et.ordinal(n)
    return et.ordinal(n, _CASES[ending.group(1)])


# "-5 °C-ni", "3,2%-ni", "10 €-ga": the case ending after a symbol goes on the spoken
# unit's genitive (kraadini, protsendini, euroga).
_UNIT_STEMS = data.table("et", "unit_stems")
_UNIT_CASE = re.compile(rf"\b({'|'.join(_UNIT_STEMS)})-(sse|st|lt|le|ks|ni|ga|l|s|ks)\b")
# "90ndatel", "1990ndad": a decade is the tens' genitive + "ndad" (üheksakümnendatel).
_TENS_GENITIVE = ("", "kümne", "kahekümne", "kolmekümne", "neljakümne", "viiekümne",
                  "kuuekümne", "seitsmekümne", "kaheksakümne", "üheksakümne")  # fmt: skip
_DECADE = re.compile(r"(?<![\w.,])(?:19|20)?([1-9])0[-']?(nda\w*)")
# "E-R" (hyphen or en dash): esmaspäevast reedeni; "Nt": näiteks;
# "2/3 valijatest": kaks kolmandikku.
_DAYS_FROM = data.table("et", "days_from")
_DAYS_TO = data.table("et", "days_to")
_DAY_RANGE = re.compile(r"(?<!\w)([ETKNRLP])\s?[-\u2013]\s?([ETKNRLP])(?!\w)")
# "850 €/kuu", "2,49 €/kg": "kuu kohta", "kilogrammi kohta" (the genitive before "kohta")
_PER = data.table("et", "per")
# "250 €/kuus", "2 korda/päevas": the inessive already says "a month", "a day"
_PER_INESSIVE = data.words("et", "per_inessive")
_PER_UNITS = sorted([*_PER, *_PER_INESSIVE], key=len, reverse=True)
_PER_UNIT = re.compile(rf"(?<=[\w€%])/({'|'.join(_PER_UNITS)})(?![\w²])")
# "L 10-14", "P 11-16": a weekday's letter before opening hours, on that day (adessive)
_DAY_ON = data.table("et", "day_on")
_DAY_BEFORE_HOURS = re.compile(
    r"(?<![\w\u2013-])([ETKNRLP])(?=\s\d{1,2}(?:[.:]\d\d)?\s?[-\u2013]\s?\d)"
)
# "8.00-16.30" without "kell": two clock times, "kaheksa kuni kuusteist kolmkümmend" as
# "9-17" is "üheksa kuni seitseteist" (Estonian writes a decimal comma)
_TIME_RANGE = re.compile(
    r"(?<![\w.,:])([01]?\d|2[0-3])[.:]([0-5]\d)\s?[-\u2013]\s?([01]?\d|2[0-4])[.:]([0-5]\d)"
    r"(?![\w:]|[.,]\d)"
)
# "3-viie tööpäeva jooksul": the shared rules declined the range's second number only
_HALF_DECLINED = re.compile(r"(?<![\w.,])(\d{1,3})\s?[-\u2013]\s?(?=[a-zõäöü])")
_ENDINGS = ("", "st", "s", "l", "le", "lt", "ks", "sse")
# "10 € - 20 €": from one amount to the other
_EURO_RANGE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:\s\d{3})*)\s?€\s?[-\u2013]\s?(?=\d[\d\s]*(?:,\d\d)?\s?€)"
)
# "18+" alone: an age limit
_PLUS = re.compile(r"(?<![\w.,+])(\d{1,2})\+(?![\w+]|\s?\d|\s+[^\W\d_])")
# "1,5k vaatamist": thousands written with a lowercase "k"
# (not "5k lenkki", a run of five kilometres)
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3})(?:,(\d{1,3}))?k(?![\w-]|\s(?:jooks|matk))")
# "kuni 31.05.", "alates 1.07.": the day and month in the case the word asks for
_FROM_TO_DATE = re.compile(
    r"(?<!\w)(?i:(kuni|alates))\s(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.?(?![\w.]|\d)"
)
# ... which the shared date reading may have said already, in the nominative
_DAY_WORDS = {et.ordinal(n): n for n in range(1, 32)}
_FROM_TO_SAID_DATE = re.compile(
    rf"(?<!\w)(?i:(kuni|alates))\s({'|'.join(sorted(_DAY_WORDS, key=len, reverse=True))})"
    rf"\s({'|'.join(MONTHS)})(?!\w)"
)
_CODE_WORDS = r"\w*kood(?:i)?(?:\s+on)?:?|PIN(?:\s+on)?:?"
# "Tellimuse number: 4582193", "Viitenumber 1234567": five digits or more, digit by digit
# ("arve nr 153" keeps its number)
_NUMBER_WORDS = r"\w*number(?:\s+on)?:?|arve:?|tellimus:?"
# "Pärnu mnt 12, 10148 Tallinn", "postiindeks 10115": a postal code digit by digit
_POSTCODE = re.compile(r"(?:(?<=,\s)|(?<=postiindeks\s)|(?<=Postiindeks\s))(\d{5})(?=\s[A-ZÕÄÖÜ])")


def _time(hour: str, minute: str) -> str:
    words = et.cardinal(int(hour))
    if int(minute):
        words += " " + (
            f"null {et.cardinal(int(minute))}" if minute[0] == "0" else et.cardinal(int(minute))
        )
    return words


def _half_declined(m: re.Match[str]) -> str:
    first = int(m.group(1))
    rest = m.string[m.end() : m.end() + 60]
    for second in range(first + 1, first + 200):
        genitive = et.cardinal(second, "gen").split(" ")
        for ending in _ENDINGS:
            said = " ".join(word + ending for word in genitive)
            if re.match(rf"{said}\b", rest) and said != et.cardinal(second):
                words = " ".join(w + ending for w in et.cardinal(first, "gen").split(" "))
                return f"{words} kuni "
    return m.group()


def _amounts(text: str) -> str:
    text = _TIME_RANGE.sub(lambda m: f"{_time(m[1], m[2])} kuni {_time(m[3], m[4])}", text)
    text = _DAY_BEFORE_HOURS.sub(lambda m: _DAY_ON[m.group(1)], text)
    text = _HALF_DECLINED.sub(_half_declined, text)
    text = _EURO_RANGE.sub(r"\1 kuni ", text)
    text = _FROM_TO_DATE.sub(
        lambda m: (
            f"{m[1]} {m[2]}. {_MONTH_STEMS[int(m[3]) - 1]}"
            + ("ni" if m[1].lower() == "kuni" else "st")
        ),
        text,
    )
    text = _FROM_TO_SAID_DATE.sub(
        lambda m: (
            f"{m[1]} {_DAY_WORDS[m[2]]}. {_MONTH_STEMS[MONTHS.index(m[3])]}"
            + ("ni" if m[1].lower() == "kuni" else "st")
        ),
        text,
    )
    text = _POSTCODE.sub(lambda m: et.digits(m.group(1)), text)
    if "+" in text:
        text = _PLUS.sub(r"\1 pluss", text)
    if "k" in text:
        text = _THOUSANDS.sub(
            lambda m: f"{int(m[1]) * 1000 + int((m[2] or '').ljust(3, '0')):,}".replace(",", " "),
            text,
        )
    return text


def _everyday(text: str) -> str:
    text = _DAY_RANGE.sub(lambda m: f"{_DAYS_FROM[m.group(1)]} {_DAYS_TO[m.group(2)]}", text)
    text = _DECADE.sub(lambda m: _TENS_GENITIVE[int(m.group(1))] + m.group(2), text)
    return _PER_UNIT.sub(lambda m: f" {_PER[m[1]]} kohta" if m[1] in _PER else f" {m[1]}", text)


def _unit_cases(text: str) -> str:
    return _UNIT_CASE.sub(lambda m: _UNIT_STEMS[m.group(1)] + m.group(2), text)


_UNITS = data.nouns("et", "units")


SPEC = LanguageSpec(
    code="et",
    percent=word("protsent", "protsenti"),
    currencies=data.currencies("et"),
    currency_and="ja",
    months=MONTHS,
    date=_date,
    time_format="{h} {m}",  # "neliteist kolmkümmend"
    minute_zero="null",  # "üheksa null viis"
    time_keywords="kell",  # "kell 9.05"
    ordinal_dot=True,
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols={"dl": "dl", "tk": "tk"},
    scales={
        "tuh": word("tuhat", "tuhat"),
        "mln": word("miljon", "miljonit"),
        "mld": word("miljard", "miljardit"),
        "mln.": word("miljon", "miljonit"),
        "mld.": word("miljard", "miljardit"),
    },
    abbreviations=data.table("et", "abbreviations"),
    titles=frozenset(data.words("et", "titles")),
    phone_extra=r"5\d{2,3}[ -]?\d{4}",  # mobile numbers: 5123 4567
    foreign_grouping=True,
    range_word="kuni",
    version_keywords="versioon|versiooni",
    point_word="punkt",
    plus_word="pluss",
    and_word="ja",
    equals_word="võrdub",
    extra_rules=(
        nordic.code_rule(_CODE_WORDS, "et"),  # "Kood: 123 456": digit by digit
        nordic.code_rule(_NUMBER_WORDS, "et", min_digits=5),
        time_spans.clock_word_rule("kell|Kell"),
        _everyday,
        _amounts,
        _month_in_case,
        _year_in_case,
    ),
    final_rules=(_unit_cases,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(day, month, year, full, MONTHS, et.year, et.ordinal)
