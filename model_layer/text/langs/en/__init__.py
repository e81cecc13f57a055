# ruff: noqa: RUF001  (multilingual words and look-alike symbols are the data here)
"""English as it is said: numbers, money, dates, times, phones, versions, units, abbreviations.

English runs on the shared engine (`SPEC`, `LANGUAGE`): its own rules, the spec's
`extra_rules`, read the specific shapes (abbreviations, dates, phone and version numbers,
times, money, percentages, units) and claim their digits; the engine's steps then say the
ordinals and the symbols "&", "+" and "=" in English's words, and English's own number
reading (`own_steps`) takes what is left. Cardinals come from num2words (British "and":
"one hundred and five"); dates are read month first ("March fifth, twenty twenty-four")
and a slash date is month/day/year unless its first part cannot be a month.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import common, data
from model_layer.text.langs.en import everyday as en_everyday
from model_layer.text.langs.en.measures import UNITS, currency, fractions, measures, percent, ranges
from model_layer.text.langs.en.words import (
    LANG,
    MONTH,
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUM,
    cardinal,
    digits_one_by_one,
    number,
    year,
)
from model_layer.text.langs.engine import Language, LanguageSpec, plain_ordinal
from model_layer.text.langs.forms import word

# --- abbreviations ---------------------------------------------------------------

# Said in full before a name ("Dr. Smith"): never the end of a sentence.
_TITLES = data.table("en", "titles")
_OPTIONAL_PERIOD = data.words("en", "optional_period")  # British style writes these without
_TITLE = re.compile(
    rf"(?<![\w.])(?:({'|'.join(_OPTIONAL_PERIOD)})\.?|({'|'.join(_TITLES)})\.)(?=\s+[A-Z])"
)
_CAPITALISED_BEFORE = re.compile(r"\b[A-Z][a-z]+\s$")  # "Main St." is a street, not a saint
# Anywhere; the period may also end the sentence, and is then kept.
_ABBREVIATIONS = data.table("en", "abbreviations")
# The ones that often end a sentence, whose period then also closes it.
_SENTENCE_FINAL = data.words("en", "sentence_final")
ABBREVIATIONS = common.Abbreviations(_ABBREVIATIONS, _SENTENCE_FINAL)
# "Mon-Fri", "Sat-Sun": opening hours. Only a range of two day names is sure to be days
# ("Sun", "Sat" and "Wed" are words too); a day with a period is in `_ABBREVIATIONS`.
_WEEKDAYS = data.table("en", "weekdays")
_WEEKDAY = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_WEEKDAY_RANGE = re.compile(
    rf"(?<![\w.])({_WEEKDAY})\.?\s?[-\u2013]\s?({_WEEKDAY})\b(?:\.(?=\s+[a-z0-9]))?"
)
# "Sat 10am-2pm": one day abbreviated before its hours.
_DAY_BEFORE_HOURS = re.compile(
    rf"(?<![\w.])({_WEEKDAY})\.?(?=\s\d{{1,2}}(?::\d\d)?\s?(?:[ap]\.?m\.?|[-\u2013]))"
)
_ESTIMATE = re.compile(r"(?<![\w.,])(?:([12]\d{3})|(?<=\d)) est\.(?=\)|,|;)")
_NUMBERED = re.compile(r"(?<![\w.])(?:(No|no|Nos|nos)\.|#)\s?(?=\d)")
_PAGES = re.compile(r"(?<![\w.])(pp?)\.\s?(?=\d)")


def _numbered(m: re.Match[str]) -> str:
    written = m.group(1) or "#"
    word = "numbers" if written.lower() == "nos" else "number"
    return (word.capitalize() if written[0] == "N" else word) + " "


def _abbreviations(text: str) -> str:
    def title(m: re.Match[str]) -> str:
        title = m.group(1) or m.group(2)
        if title in ("St", "Dr") and _CAPITALISED_BEFORE.search(m.string, 0, m.start()):
            return m.group()  # left for _ABBREVIATIONS: Street, Drive
        return _TITLES[title]

    text = _TITLE.sub(title, text)
    # "(2023 est.)": the year's estimate, not "established"
    text = _ESTIMATE.sub(lambda m: f"{year(int(m.group(1))) if m.group(1) else ''} estimate", text)
    text = _WEEKDAY_RANGE.sub(lambda m: f"{_WEEKDAYS[m[1]]} to {_WEEKDAYS[m[2]]}", text)
    text = _DAY_BEFORE_HOURS.sub(lambda m: _WEEKDAYS[m[1]], text)
    text = _NUMBERED.sub(_numbered, text)
    text = common.spell_dotted_initials(text)
    text = _PAGES.sub(lambda m: "pages " if m.group(1) == "pp" else "page ", text)

    return ABBREVIATIONS.expand(text)


# --- dates and years -------------------------------------------------------------

_ISO_DATE = re.compile(r"(?<![\w-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])")
_SLASH_DATE = re.compile(r"(?<![\w/])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\w/])")
_MONTH_DAY = re.compile(
    rf"\b({MONTH})\s(\d{{1,2}})(?:st|nd|rd|th)?\b(?!:)(?:,?\s(\d{{4}})\b(?![.,]\d))?"
)
_DAY_MONTH = re.compile(
    rf"(?<![\w.])(\d{{1,2}})(?:st|nd|rd|th)?\s(?:of\s)?({MONTH})(?!\w)(?:,?\s(\d{{4}})\b(?![.,]\d))?"
)
_YEAR_WORDS = (
    "in|since|from|until|till|by|of|during|before|after|around|circa|year|early|late|mid|"
    "summer|winter|spring|autumn|fall|fiscal|FY|Q[1-4]|class of|born|between|to|established|"
    "founded|since|copyright|©|year was|year is|year of|A\\.?\\s?D\\.?|CE"
)
_YEAR = re.compile(rf"\b((?:(?i:{_YEAR_WORDS})|{MONTH}),?\s)([12]\d{{3}})\b(?![.,]\d|\s?%)")
_DECADE = re.compile(r"(?<!\w)(?:(1\d|20)|')?(\d)0s\b")


def date(month: int, day: int, year_value: int | None = None) -> str:
    words = f"{MONTHS[month - 1]} {numbers.ordinal(day, LANG)}"
    return f"{words}, {year(year_value)}" if year_value is not None else words


def _month_number(name: str) -> int:
    name = name.rstrip(".")
    return MONTHS.index(MONTH_ABBREVIATIONS.get(name, name)) + 1


def _dates(text: str) -> str:
    def iso(m: re.Match[str]) -> str:
        y, mo, d = (int(g) for g in m.groups())
        return date(mo, d, y)

    def slash(m: re.Match[str]) -> str:
        first, second, y = int(m.group(1)), int(m.group(2)), m.group(3)
        full_year = int(y) if len(y) == 4 else 2000 + int(y)
        if 1 <= first <= 12 and 1 <= second <= 31:
            return date(first, second, full_year)  # US order: month/day/year
        if 1 <= second <= 12 and 1 <= first <= 31:
            return date(second, first, full_year)  # 25/12/2024 can only be day/month
        return m.group()

    def month_day(m: re.Match[str]) -> str:
        day = int(m.group(2))
        if not 1 <= day <= 31:
            return m.group()
        y = m.group(3)
        return date(_month_number(m.group(1)), day, int(y) if y else None)

    def day_month(m: re.Match[str]) -> str:
        day = int(m.group(1))
        if not 1 <= day <= 31:
            return m.group()
        article = "" if m.string[max(0, m.start() - 4) : m.start()].lower() == "the " else "the "
        words = f"{article}{numbers.ordinal(day, LANG)} of {MONTHS[_month_number(m.group(2)) - 1]}"
        return f"{words}, {year(int(m.group(3)))}" if m.group(3) else words

    text = _ISO_DATE.sub(iso, text)
    text = _SLASH_DATE.sub(slash, text)
    text = _MONTH_DAY.sub(month_day, text)
    return _DAY_MONTH.sub(day_month, text)


# "the 2022 World Cup", "the 1998 season": a year naming an event, not a count.
_THE_YEAR = re.compile(r"\b([Tt]he\s)((?:19|20)\d\d)(?=\s(?P<next>[A-Za-z]+))")
# "(2020 census)", "2024 election": a year before a noun that names a yearly event.
_YEAR_BEFORE_EVENT = re.compile(
    r"(?<![\w.,$€£#-])((?:19|20)\d\d)(?= (?:census|election|elections|season|budget|report|"
    r"edition|model|survey|Olympics|World Cup|championship|championships|tournament|"
    r"campaign|crisis|earthquake|pandemic|recession|summit|conference|festival|vintage|"
    r"graduate|graduates|class|tax year|fiscal year|school year|midterms|primary)\b)"
)
# "Smith v. Jones (2019)", "(1998)": a year alone in parentheses, as citations write it.
_YEAR_IN_PARENTHESES = re.compile(r"\((1[89]\d\d|20\d\d)\)")
# "42 U.S.C. § 1983": a section, its number said as lawyers say it ("nineteen eighty-three").
_SECTION_SIGN = re.compile(r"(§§?)\s?(\d{1,4})(?![\w.,]\d|\w)")
# "1066 AD", "44 B.C.", "1492 CE": a year before its era (the initials are spelled by now).
_YEAR_BEFORE_ERA = re.compile(r"(?<![\w.,])(\d{3,4})(?= ?(?:A ?D|B ?C|CE|BCE)\b)")
# "FY2023", "FY 2024": a fiscal year, said as a year ("F Y twenty twenty-three").
_FISCAL_YEAR = re.compile(r"(?<![\w.])(FY|CY)\s?((?:19|20)\d\d)(?![\w.,]\d|\w)")


def _the_year(m: re.Match[str]) -> str:
    if m.group("next") in UNITS or m.group("next").lower() in ("people", "times", "years"):
        return m.group()  # "the 2000 m", "the 1500 people": a measure or a count
    return m.group(1) + year(int(m.group(2)))


def _section(m: re.Match[str]) -> str:
    digits = m.group(2)
    value = int(digits)
    said = year(value) if len(digits) == 4 and 1100 <= value <= 2099 else cardinal(digits)
    return f"{'sections' if m.group(1) == '§§' else 'section'} {said}"


def _years(text: str) -> str:
    text = _SECTION_SIGN.sub(_section, text) if "§" in text else text
    text = _YEAR_IN_PARENTHESES.sub(lambda m: f"({year(int(m.group(1)))})", text)
    text = _FISCAL_YEAR.sub(lambda m: f"{m.group(1)} {year(int(m.group(2)))}", text)
    text = _YEAR_BEFORE_EVENT.sub(lambda m: year(int(m.group(1))), text)
    text = _YEAR_BEFORE_ERA.sub(lambda m: year(int(m.group(1))), text)
    text = _YEAR.sub(lambda m: m.group(1) + year(int(m.group(2))), text)
    text = _THE_YEAR.sub(_the_year, text)
    return _DECADE.sub(_decade, text)


def _decade(m: re.Match[str]) -> str:
    century, decade = m.groups()
    # "1990s" -> "nineteen nineties"; "'80s", "80s" -> "eighties"
    words = year(int(f"{century}{decade}0")) if century else str(cardinal(f"{decade}0"))
    return words[:-1] + "ies" if words.endswith("y") else words + "s"


# --- phone and version numbers ---------------------------------------------------

_VERSION_AFTER = common.version_after(
    "version|ver\\.|release|v|Python|Java|Node|iOS|Android|Windows|macOS|Ubuntu|Debian|Firefox|"
    "Chrome|PHP|Perl|Ruby|Rust|Go|Bluetooth|HTTP|TLS|USB|Wi-Fi|IPv|Linux|kernel|firmware|update"
)
_SYMBOLS = common.SPOKEN_SYMBOLS[LANG]


def _phones(text: str) -> str:
    return common.PHONE.sub(
        lambda m: common.read_phone(m, digits_one_by_one, _SYMBOLS.plus) or m.group(), text
    )


def _versions(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        words = common.read_version(m.group("parts"), cardinal, _SYMBOLS.point)
        if words is None:
            return m.group()
        lead = m.group()[: m.start("parts") - m.start()]
        if lead[-1:] in ("v", "V"):  # "v2.1" says "version", unless a word before says it
            lead = lead[:-1] or "version "
        return lead + words

    text = _VERSION_AFTER.sub(say, text)
    return common.VERSION.sub(say, text)


# --- times -----------------------------------------------------------------------

_TIME = re.compile(
    r"(?<![\w:.,])([01]?\d|2[0-3])(?::([0-5]\d)(?::([0-5]\d))?)?"
    r"(?:\s?(?P<ampm>[AaPp])\.?[Mm](?:\.(?=\s(?:[a-z]|"
    r"(?:[ECMP][SD]T|GMT|UTC|BST|CES?T|ET|PT|CT|MT)\b)))?(?!\w))?(?![\w:])"
)


# "9am-5pm", "7:30-9:00 pm", "9-5pm": the dash between two times is "to". The second must
# be a time (a colon or am/pm) so that scores ("3-1") and ranges stay theirs.
_TIME_RANGE_DASH = re.compile(
    r"(?<![\w:.,])((?:[01]?\d|2[0-3])(?::[0-5]\d)?(?:\s?[AaPp]\.?[Mm]\.?)?)\s?[-\u2013]\s?"
    r"(?=(?:[01]?\d|2[0-3])(?::[0-5]\d\b|\s?[AaPp]\.?[Mm]\b))"
)


# "at 0630", "1830 hours": a 24-hour time written without a colon, said "oh six thirty"
# ("eighteen thirty hours"). Only with a leading zero after at/by/until/from, or before
# "hours": "in 2020" stays a year.
_MILITARY_TIME = re.compile(
    r"(?:(?<=\b(?:at|by) )|(?<=\buntil )|(?<=\bfrom )|(?<=\bbefore ))(0\d)([0-5]\d)\b"
    r"|\b([01]\d|2[0-3])([0-5]\d)(?= (?:hours|hrs)\b)"
)


def _military(m: re.Match[str]) -> str:
    hour, minute = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    hour_words = str(cardinal(str(int(hour))))
    said = "zero" if hour == "00" else ("oh " if hour[0] == "0" else "") + hour_words
    if minute == "00":
        return f"{said} hundred"
    return f"{said} {'oh ' if minute[0] == '0' else ''}{cardinal(str(int(minute)))}"


def _times(text: str) -> str:
    text = _MILITARY_TIME.sub(_military, text)
    text = _TIME_RANGE_DASH.sub(_time_range, text)
    return _TIME.sub(_time, text)


def _time_range(m: re.Match[str]) -> str:
    first = m.group(1)
    after = m.string[m.end() :]
    if ":" not in first and not re.search("[AaPp]", first) and not re.match(r"\d+\s?[AaPp]", after):
        return m.group()  # "3-10:30"? only "9-5pm" (a bare hour before am/pm) is a time range
    return f"{first} to "


def _time(m: re.Match[str]) -> str:
    hour_digits, minutes, seconds, ampm = m.groups()
    if minutes is None and ampm is None:
        return m.group()  # a bare number, not a time
    hour = int(hour_digits)
    words = [str(cardinal(str(hour)))]
    minute = int(minutes or 0)
    if minute:
        words.append(("oh " if minute < 10 else "") + str(cardinal(str(minute))))
    elif ampm is None:
        words.append("o'clock" if 1 <= hour <= 12 else "hundred")
    if ampm:
        words.append(f"{ampm.upper()} M")
    if seconds and int(seconds):
        words.append(f"and {cardinal(str(int(seconds)))} seconds")
    return " ".join(words)


# --- ordinals, symbols, plain numbers ---------------------------------------------

# `(?<!\s)\s*+`: a run of spaces is tried once from its start, not from each of its
# characters (which is O(n^2) on a long run).
_CELSIUS = re.compile(r"(?<!\s)\s*+(?:°\s?C|℃)(?![A-Za-z])")
_FAHRENHEIT = re.compile(r"(?<!\s)\s*+(?:°\s?F|℉)(?![A-Za-z])")
_DEGREES = re.compile(r"(?<=\d)\s*°")
_PLUS_MINUS = re.compile(r"(?<!\s)\s*+±\s*")
_APPROX = re.compile(r"(?<![\w~])~\s?(?=\d)")
# "Q2", "B12", "MP3", "x64": letters with a number glued on; the letters are left for
# the acronym speller ("M P three").
_LETTERS_NUMBER = re.compile(r"(?<![\w.])([A-Za-z]{1,6})(\d{1,4})(?!\w|[.,]\d)")
_NUMBER = re.compile(rf"(?<![\w.])(?P<neg>[-\u2212](?=\d))?{NUM.pattern('n')}")
_POINT_ONLY = re.compile(r"(?<![\w.,])\.(\d+)\b")


# "€9.99/month", "$15/hr", "£3/kg": a price or rate per unit.
_PER_WORDS = data.table("en", "per_words")
_PER = re.compile(rf"(?<=[a-z0-9%])/({'|'.join(sorted(_PER_WORDS, key=len, reverse=True))})\b(?!/)")


# "She is 5'7\"": feet and inches of a height.
_FEET_INCHES = re.compile(r"(?<![\w.])([1-9])['\u2032\u2019]\s?(\d{1,2})(?:\"|\u2033|''|\u201d)")
# "8.3M people", "a $2B deal" is money's: a bare number with M, B, bn, mn or tn is its scale.
# Only with a decimal part or as bn/mn/tn: "room 4B", "the 3M company" stay letters.
_BARE_SCALE = re.compile(r"(?<![\w.,$€£¥])(?:(\d+\.\d+)(M|B)|(\d+(?:\.\d+)?)\s?(bn|mn|tn))\b")
_SCALE_WORDS = data.table("en", "scale_words")
# "New York, NY 10118": a ZIP code after a state's code is said digit by digit.
_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|"
    "NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC"
)
_ZIP = re.compile(rf"\b((?:{_STATES}) )(\d{{5}})(?:-(\d{{4}}))?\b")


# "2h 15m", "1h30", "2 h 15 min": a duration in hours and minutes.
_HOURS_MINUTES = re.compile(
    r"(?<![\w.,:])(\d{1,3})\s?h\s?([0-5]?\d)(?:\s?(?:m|min|mins)\b|(?=\s|$|[.,;)]))"
)
# "on 3/15", "by 12/1": a month and day after a word that introduces a date (US order).
_INTRODUCED_MONTH_DAY = re.compile(
    r"(?<![\w])((?:[Oo]n|[Bb]y|[Uu]ntil|[Ff]rom|[Ss]ince|[Bb]efore|[Aa]fter|[Dd]ue|[Tt]ill|"
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?)\s)"
    r"(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])(?![\d/]|[.,]\d|\s+(?:of|an?)\b)"
)
# "2023/24", "2023-24": a fiscal or school year, "twenty twenty-three to twenty-four".
_SPLIT_YEAR = re.compile(r"(?<![\w./-])((?:19|20)\d\d)[/\u2013-](\d\d)(?![\w/-]|[.,]\d)")


# "in Oct.", "since Sept.": a month abbreviated without a day after it.
_MONTH_ALONE = re.compile(
    r"(?<![\w.])((?:in|In|since|Since|by|until|from|of|late|early|mid|mid-|through)\s)"
    r"(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.(?=\s|$|[,;)])"
)
_MONTH_NAMES = data.table("en", "month_names")
# "24/7", "50/50": said as words that belong together.
_SET_PHRASES = re.compile(r"(?<![\w/])(24/7|50/50)(?![\w/])")
_SET_PHRASE_WORDS = {"24/7": "twenty-four seven", "50/50": "fifty-fifty"}


def _durations_and_dates(text: str) -> str:
    def month(m: re.Match[str]) -> str:
        end = "." if not m.string[m.end() :].strip() else ""
        return m.group(1) + _MONTH_NAMES[m.group(2)] + end

    text = _MONTH_ALONE.sub(month, text) if "." in text else text
    text = _SET_PHRASES.sub(lambda m: _SET_PHRASE_WORDS[m.group(1)], text)

    def hours(m: re.Match[str]) -> str:
        h, minutes = m.group(1), str(int(m.group(2)))
        hour_word = "hour" if h == "1" else "hours"
        minute_word = "minute" if minutes == "1" else "minutes"
        return f"{cardinal(h)} {hour_word} {cardinal(minutes)} {minute_word}"

    def split_year(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(2))
        if second != (first + 1) % 100:
            return m.group()
        return f"{year(first)} to {cardinal(m.group(2))}"

    text = _HOURS_MINUTES.sub(hours, text) if "h" in text else text
    if "/" in text:
        text = _INTRODUCED_MONTH_DAY.sub(
            lambda m: m.group(1) + date(int(m.group(2)), int(m.group(3))), text
        )
    return _SPLIT_YEAR.sub(split_year, text)


def _everyday_shapes(text: str) -> str:
    def feet(m: re.Match[str]) -> str:
        feet_n, inches = m.group(1), m.group(2)
        inch_word = "inch" if inches == "1" else "inches"
        foot_word = "foot" if feet_n == "1" else "feet"
        return f"{cardinal(feet_n)} {foot_word} {cardinal(inches)} {inch_word}"

    def zip_code(m: re.Match[str]) -> str:
        said = m.group(1) + str(digits_one_by_one(m.group(2)))
        return said + (f", {digits_one_by_one(m.group(3))}" if m.group(3) else "")

    def bare_scale(m: re.Match[str]) -> str:
        digits, scale = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        whole, _, fraction = digits.partition(".")
        words = numbers.decimal(whole, fraction, LANG) if fraction else cardinal(whole)
        return f"{words} {_SCALE_WORDS[scale]}"

    text = _FEET_INCHES.sub(feet, text)
    text = _ZIP.sub(zip_code, text)
    return _BARE_SCALE.sub(bare_scale, text)


def _numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        words = number(m, "n", bool(m.group("neg")))
        if words is None:
            return m.group()
        following = m.string[m.end() : m.end() + 1]
        return f"{words} " if following.isalpha() else words  # "10km" -> "ten km"

    text = _POINT_ONLY.sub(lambda m: f"point {digits_one_by_one(m.group(1))}", text)
    text = _LETTERS_NUMBER.sub(lambda m: f"{m.group(1)} {cardinal(m.group(2)) or m.group(2)}", text)
    return _NUMBER.sub(say, text)


# A house number before a street is said in pairs, as Americans and Britons say it:
# "221B Baker Street" two twenty-one B, "1600 Pennsylvania Avenue" sixteen hundred,
# "305 Oak Road" three oh five.
_HOUSE_NUMBER = re.compile(
    r"(?<![\w.,#$£€-])([1-9]\d{2,3})([A-Z])?"
    r"(?=\s+(?:[A-Z0-9][\w.'-]*\s+){1,3}(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|"
    r"Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Dr\.?|Way|Place|Pl\.?|Court|Ct\.?|Terrace|"
    r"Parkway|Pkwy\.?|Highway|Hwy\.?|Square|Sq\.?|Crescent|Close|Circle)(?!\w))"
)


def _pair(digits: str) -> str:
    """The second pair of a house number: "00" hundred, "05" oh five, "21" twenty-one."""
    if digits == "00":
        return "hundred"
    if digits[0] == "0":
        return f"oh {cardinal(digits[1])}"
    return cardinal(digits) or digits


def _in_pairs(digits: str) -> str:
    """A house or flight number of 3-4 digits said in pairs: "two twenty-one", "nine oh one"."""
    return f"{cardinal(digits[:-2]) or digits[:-2]} {_pair(digits[-2:])}"


def _house_numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        digits, letter = m.group(1), m.group(2) or ""
        if digits.endswith("000") or (len(digits) == 3 and digits.endswith("00")):
            return m.group()  # "2000 Main Street", "100 Main Street": the number itself
        said = _in_pairs(digits)
        return f"{said} {letter}" if letter else said

    text = _HOUSE_NUMBER.sub(say, text)
    return _FLIGHT.sub(_flight, text)


# "Flight BA 2491", "flight UA 901": the number in pairs as crews and announcers say it
# ("twenty-four ninety-one", "nine oh one").
_FLIGHT = re.compile(r"(?<=\b[Ff]light )([A-Z]{2}|[A-Z]\d|\d[A-Z])\s?([1-9]\d{2,3})(?!\w)")


def _flight(m: re.Match[str]) -> str:
    return f"{m.group(1)} {_in_pairs(m.group(2))}"


def _english_symbols(text: str) -> str:
    """What English says of symbols beyond the engine's "and", "plus" and "equals"."""
    text = _PER.sub(lambda m: f" per {_PER_WORDS[m.group(1)]}", text)
    text = _CELSIUS.sub(" degrees Celsius", text)
    text = _FAHRENHEIT.sub(" degrees Fahrenheit", text)
    text = _DEGREES.sub(" degrees", text)
    text = _PLUS_MINUS.sub(" plus or minus ", text)
    return _APPROX.sub("about ", text)


SPEC = LanguageSpec(
    code="en",
    decimal_word=word("point"),
    fraction_digits=True,
    decimal_point=True,
    ordinal_suffix="st|nd|rd|th",
    ordinal=plain_ordinal("en"),
    and_word="and",
    equals_word="equals",
    # English reads these shapes itself, before the engine's steps (which then find
    # them said): the specific shapes claim their digits before the general ones.
    extra_rules=(
        en_everyday.normalize,
        _abbreviations,
        _house_numbers,
        _durations_and_dates,
        _everyday_shapes,
        _dates,
        _phones,
        _versions,
        _times,
        currency,
        percent,
        measures,
        ranges,
        _years,
        fractions,
        _english_symbols,
    ),
    # phone numbers are read above, among the shapes; a comma between digits is a list
    # ("pages 5,7"), not a decimal, so English reads its numbers itself
    own_steps={"phones": None, "numbers": _numbers},
)
LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


# --- acronyms (used by the driver after `normalize`) ------------------------------

PRONOUNCED_ACRONYMS = common.PRONOUNCED_ACRONYMS | {"JSON", "YAML", "NASDAQ", "GIFs", "SCSI"}
SAID_AS = {"OK": "okay", "Ok": "okay"}
# The name of a letter in the plural: "APIs" -> "A P eyes", "CDs" -> "C dees".
_LETTER_PLURALS = data.table("en", "letter_plurals")


def acronym_plural(spelled: str, suffix: str) -> str:
    if suffix in ("'s", "’s"):
        return spelled + suffix  # possessive: "the F B I's"
    head, _, last = spelled.rpartition(" ")
    plural = _LETTER_PLURALS.get(last)
    if plural is None:
        return spelled + "s"
    return f"{head} {plural}" if head else plural


def spell_acronyms(text: str) -> str:
    return common.spell_acronyms(text, PRONOUNCED_ACRONYMS, SAID_AS, acronym_plural)


def say_date(day: int | None, month: int | None, year_value: int | None, day_first: bool) -> str:
    """SSML `say-as date`: "March fifth, twenty twenty-four", or "the fifth of March, ..."
    when the day was written first."""
    month_name = MONTHS[month - 1] if month is not None else None
    said_year = year(year_value) if year_value is not None else None
    day_words = numbers.ordinal(day, LANG) if day is not None else None
    if day_words and month_name:
        head = f"the {day_words} of {month_name}" if day_first else f"{month_name} {day_words}"
        return f"{head}, {said_year}" if said_year else head
    return " ".join(w for w in (f"the {day_words}" if day_words else month_name, said_year) if w)
