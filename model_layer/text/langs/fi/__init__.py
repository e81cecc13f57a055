"""Finnish: the spec; partitive after numbers ("viisi euroa"), "klo 14.30".

Case endings that a following noun or a postposition asks for ("3. kerralla",
"5-10" as "viidestä kymmeneen") are not made: the nominative stays.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data, nordic
from model_layer.text.langs.engine import Language, LanguageSpec, plain_ordinal
from model_layer.text.langs.fi import dates as fi_dates
from model_layer.text.langs.forms import plural_finnish, word
from model_layer.text.shapes import time_spans

MONTHS = fi_dates.MONTHS  # in a date the month is in the partitive: "viides maaliskuuta"
MONTH_NAMES = data.words("fi", "month_names")

# "5.6." (no year) is a date: "viides kesäkuuta". The year-less form ends in a period.
_DAY_MONTH = re.compile(r"(?<![\w.,])(\d{1,2})\.(\d{1,2})\.(?![\d.])")
# "ma-pe", "ma-la" (hyphen or en dash): opening days, from one day to another.
_DAYS_FROM = data.table("fi", "days_from")
_DAYS_TO = data.table("fi", "days_to")
_DAY_RANGE = re.compile(
    r"(?<!\w)([Mm]a|[Tt]i|[Kk]e|[Tt]o|[Pp]e|[Ll]a|[Ss]u)\s?[-\u2013]\s?(ma|ti|ke|to|pe|la|su)(?!\w)"
)
# "2/3 äänestäjistä": kaksi kolmasosaa; "1/2 dl": puoli.
_PARTS = {3: "kolmasosa", 4: "neljäsosa", 5: "viidesosa", 6: "kuudesosa", 7: "seitsemäsosa",
          8: "kahdeksasosa", 9: "yhdeksäsosa", 10: "kymmenesosa"}  # fmt: skip
_FRACTION = re.compile(
    r"(?<![\w/.,])(\d)/(\d{1,2})(?![\w/]|[.,]\d)(?=\s[^\W\d_])(?:\s(dl|tl|rkl|l|kg|g|km|h)\b)?"
)
# "120 €/yö": per night, said as Finnish does (euroa yöltä).
_PER = data.table("fi", "per")
_PER_UNIT = re.compile(rf"(?<=[\w€%])/({'|'.join(_PER)})(?!\w)")
# After a count of things rather than a price ("2 tablettia/päivä", "3 kertaa/vrk"), a
# time unit is how often: the inessive ("kaksi tablettia päivässä").
_HOW_OFTEN = data.table("fi", "how_often")


# "klo 9-17": kello yhdeksästä seitsemääntoista (from: elative, to: illative).
_HOUR_RANGE = re.compile(
    r"(\b[Kk](?:lo|ello) )([01]?\d|2[0-3])\s?[-\u2013]\s?([01]?\d|2[0-4])(?![\d:]|[.,]\d)"
)
# "3. kerroksessa", "15. päivänä": the ordinal takes the case of the word after it
# (kolmannessa, viidentenätoista); the essive only before the words of time that take it
# ("3. sauna" is no essive).
_ORDINAL_CASED = re.compile(
    r"(?<![\w.,])([1-9]\d?)\.\s(?=(?:[a-zäö]+?(ssa|ssä|sta|stä|lla|llä|lta|ltä|lle|ksi)"
    r"|(?:päivä|ilta|aamu|yö|viikko|kerta|kuukaute|vuorokaute|vuo)(n[aä]))\b)"
)
_ORDINAL_CASES = data.table("fi", "ordinal_cases")


def _cased(m: re.Match[str]) -> str:
    ending = (m.group(2) or m.group(3)).replace("ä", "a")
    said = fi_dates.ordinal(int(m.group(1)), _ORDINAL_CASES[ending])
    return m.group() if said is None else said + " "


def _everyday(text: str) -> str:
    text = fi_dates.rule(text)
    text = _HOUR_RANGE.sub(_hour_range, text)
    text = _ORDINAL_CASED.sub(_cased, text)

    def day_month(m: re.Match[str]) -> str:
        day, month = int(m.group(1)), int(m.group(2))
        if not (1 <= day <= 31 and 1 <= month <= 12):
            return m.group()
        if re.search(r"(?i:versio\w*|v)\s$", m.string[max(0, m.start() - 12) : m.start()]):
            return m.group()  # "versio 5.6.": a version, not a date
        end = "." if re.match(r"\s*$", m.string[m.end() :]) else ""
        return f"{numbers.ordinal(day, 'fi')} {MONTHS[month - 1]}{end}"

    def fraction(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        unit = f" {_UNITS[m.group(3)].forms[-1]}" if m.group(3) else ""  # the partitive
        if (a, b) == (1, 2):
            return "puoli" + unit
        if not (0 < a < b and b in _PARTS):
            return m.group()
        words = _PARTS[b] if a == 1 else f"{numbers.cardinal(str(a), 'fi')} {_PARTS[b]}a"
        return words + unit

    text = _DAY_MONTH.sub(day_month, text)
    text = _DAY_RANGE.sub(_day_range, text)
    text = _FRACTION.sub(fraction, text)

    def per(m: re.Match[str]) -> str:
        unit, before = m.group(1), m.string[m.start() - 1]
        if before.isalpha() and unit in _HOW_OFTEN:
            return f" {_HOW_OFTEN[unit]}"
        return f" {_PER[unit]}"

    return _PER_UNIT.sub(per, text)


# "8.00-16.30" without "klo": from one time to the other, every number in its case
# ("kahdeksasta kuuteentoista kolmeenkymmeneen"); Finnish writes a decimal comma.
_TIME_RANGE = re.compile(
    r"(?<![\w.,:])([01]?\d|2[0-3])[.:]([0-5]\d)\s?[-\u2013]\s?([01]?\d|2[0-4])[.:]([0-5]\d)"
    r"(?![\w:]|[.,]\d)"
)
# "10 € - 20 €": from one amount to the other; "10-20 €" after the shared rules is
# "kymmenestä kahteenkymmeneen €", whose sign is in the illative too.
_EURO_RANGE = re.compile(r"(?<![\w.,])(\d{1,4})\s?€\s?[-\u2013]\s?(\d{1,4})\s?€(?!\w)")
_EURO_AFTER_ILLATIVE = re.compile(r"(?<=[a-zäö]st[aä] )([a-zäö]+n(?:toista)?)\s?€(?!\w)")
# "18+" (an age limit), "1 000+ asiakasta" (yli tuhat asiakasta)
_PLUS = re.compile(r"(?<![\w.,+])(\d{1,3}(?:\s\d{3})*)\+(?![\w+]|\s?\d)(\s+[^\W\d_])?")
# "1,5k katselukertaa": thousands written with a lowercase "k"
# (not "5k lenkki", a run of five kilometres)
_THOUSANDS = re.compile(
    r"(?<![\w.,])(\d{1,3})(?:,(\d{1,3}))?k(?![\w-]|\s(?:lenk|juoks|kävel|hölk))"
)
# "Vahvistuskoodisi on 483920", "PIN-koodi: 1234": digit by digit
_CODE_WORDS = r"\w*koodi(?:si|nne)?(?:\s+on)?:?|PIN(?:\s+on)?:?"
# "Tilausnumero: 4582193", "Viitenumero 12345 67890": an identifier, digit by digit
_NUMBER_WORDS = (
    r"\w+numero(?:si|nne)?(?:\s+on)?:?|viite(?:\s+on)?:?|lasku:?|laskun|tilaus:?|tilauksen"
)
# "3h+k", "2h+kk+s": rooms and what comes with them, as housing ads write them
_ROOMS = re.compile(r"(?<![\w.,])(\d)\s?h((?:\s?\+\s?(?:kk|kt|k|s|p|rt))+)(?!\w)")
_ROOM_PARTS = data.table("fi", "room_parts")


def _rooms(m: re.Match[str]) -> str:
    count = int(m.group(1))
    parts = [_ROOM_PARTS[p] for p in re.findall(r"[a-z]+", m.group(2))]
    rooms = "yksi huone" if count == 1 else f"{numbers.cardinal(str(count), 'fi')} huonetta"
    said = [rooms, *parts]
    return ", ".join(said[:-1]) + " ja " + said[-1]


def _amounts(text: str) -> str:
    from model_layer.text.shapes.suffixes import finnish_case

    def time_range(m: re.Match[str]) -> str:
        parts = []
        for hour, minute, case in ((m[1], m[2], "ela"), (m[3], m[4], "ill")):
            parts.append(finnish_case(int(hour), case))
            if int(minute):
                parts.append(finnish_case(int(minute), case))
        return m.group() if None in parts else " ".join(parts)  # type: ignore[arg-type]

    def euro_range(m: re.Match[str]) -> str:
        first, last = finnish_case(int(m[1]), "ela"), finnish_case(int(m[2]), "ill")
        if first is None or last is None or int(m[1]) >= int(m[2]):
            return m.group()
        return f"{first} eurosta {last} euroon"

    def plus(m: re.Match[str]) -> str:
        before = m.string[max(0, m.start() - 12) : m.start()]
        if not m.group(2) or re.search(r"(?i:yli|vähintään|ainakin)\s$", before):
            return f"{m.group(1)} plus" if not m.group(2) else m.group(1) + m.group(2)
        said = f"yli {m.group(1)}{m.group(2)}"
        return said.capitalize() if re.fullmatch(r"\s*|.*[.!?]\s*", before) else said

    def thousands(m: re.Match[str]) -> str:
        value = int(m[1]) * 1000 + int((m[2] or "").ljust(3, "0"))
        return f"{value:,}".replace(",", " ")

    text = _TIME_RANGE.sub(time_range, text)
    text = _ROOMS.sub(_rooms, text)
    text = _EURO_RANGE.sub(euro_range, text)
    text = _EURO_AFTER_ILLATIVE.sub(r"\1 euroon", text)
    if "+" in text:
        text = _PLUS.sub(plus, text)
    return _THOUSANDS.sub(thousands, text) if "k" in text else text


def _day_range(m: re.Match[str]) -> str:
    said = f"{_DAYS_FROM[m.group(1).lower()]} {_DAYS_TO[m.group(2)]}"
    return said.capitalize() if m.group(1)[0].isupper() else said


def _hour_range(m: re.Match[str]) -> str:
    from model_layer.text.shapes.suffixes import finnish_case

    first, second = finnish_case(int(m.group(2)), "ela"), finnish_case(int(m.group(3)), "ill")
    return m.group() if first is None or second is None else f"{m.group(1)}{first} {second}"


# "-5 °C:seen", "3,2 %:iin", "5 €:lla": the case ending written after the symbol goes on
# the spoken unit (celsiusasteeseen, prosenttiin, eurolla); the number stays nominative.
_UNIT_CASE = re.compile(
    r"\b(prosentti|celsiusaste|fahrenheitaste|aste|euro)(?:tta|a)?:([a-zäö]+)\b"
)
_WEAK_STEMS = {"prosentti": "prosenti"}  # consonant gradation before a closed syllable


def _unit_cases(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        unit, ending = m.group(1), m.group(2)
        if unit.endswith("aste"):
            return unit + ("e" + ending if not ending.startswith("e") else ending)
        if unit == "prosentti":
            if ending in ("iin", "in"):
                return "prosenttiin"
            if ending in ("a", "ia"):
                return "prosenttia"
            return _WEAK_STEMS[unit] + ending
        if ending in ("oon", "on"):
            return "euroon"
        return unit + ending

    return _UNIT_CASE.sub(say, text)


_UNITS = data.nouns("fi", "units")
_ABBREVIATIONS = data.table("fi", "abbreviations")
_SCALES = {
    "milj.": word("miljoona", "miljoonaa"),
    "mrd.": word("miljardi", "miljardia"),
}  # written abbreviations of large numbers


SPEC = LanguageSpec(
    code="fi",
    plural=plural_finnish,  # "yksi euro", "viisi euroa", "2,5 euroa"
    percent=word("prosentti", "prosenttia"),
    currencies=data.currencies("fi"),
    currency_and="ja",
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    day=lambda n, before: numbers.ordinal(n, "fi"),  # "viides maaliskuuta"
    minute_zero="nolla",  # "yhdeksän nolla viisi"
    time_keywords="[Kk]ello",  # "klo 14.30", "Klo 14.30"
    ordinal_dot=True,  # "3. kerta"
    ordinal=plain_ordinal("fi"),
    units=_UNITS,
    unit_symbols=data.table("fi", "unit_symbols"),
    version_word="versio",
    version_keywords="versio|Versio",
    point_word="piste",
    and_word="ja",
    equals_word="on yhtä kuin",
    section_word="pykälä",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("fi", "titles")),  # never end a sentence
    extra_rules=(
        nordic.code_rule(_CODE_WORDS, "fi"),  # "Koodi: 123 456": digit by digit
        nordic.code_rule(_NUMBER_WORDS, "fi", min_digits=5),
        nordic.blood_pressure_rule("verenpaine|RR", "kautta"),  # "130/85": 130 kautta 85
        # "120385-123A": a personal identity code, not a subtraction of two numbers
        nordic.personal_id_rule("fi", year_first=False, tail=r"\d{3}[0-9A-Y]"),
        _amounts,  # before the clock word's rule: "klo 9.00-11.30" from one to the other
        time_spans.clock_word_rule("klo|kello|Klo|Kello"),
        _everyday,
    ),
    final_rules=(_unit_cases,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
