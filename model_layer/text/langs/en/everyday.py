# ruff: noqa: RUF003  (look-alike dashes are the data here)
"""English shapes from everyday documents that the core rules (`en.py`) leave half read:
"18+", "1.2k stars", "WWII", "$10-$20", "85/100", race times, compass points after a
street. Each function rewrites the shape into one the core rules read, or into words.
They run before the core rules (see `en._RULES`) except where a docstring says otherwise.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import common, data

LANG = "en"
_NUM = common.POINT_DECIMAL


def _cardinal(digits: str) -> str:
    return numbers.cardinal(digits, LANG) or digits


def _digits(run: str) -> str:
    return numbers.digit_by_digit(run, LANG) or run


def _number_words(whole: str, fraction: str | None) -> str:
    return (numbers.decimal(whole, fraction, LANG) if fraction else None) or _cardinal(whole)


# Names written with numbers. "WWII", "WW2", "WWI": the wars are said by name ("World War
# two", as "World War II" is).
_WORLD_WAR = re.compile(r"(?<![\w.])WW(II|I|2|1)(?![\w])")


# "after 9/11", "post-9/11": the day named by its date, "nine eleven"; "on 9/11" (a date
# in September) is the date rules'.
_NINE_ELEVEN = re.compile(r"(?<![\w/])(?<!on )(?<!by )(?<!due )(?<!until )9/11(?![\w/])")
# "a Boeing 747", "an Airbus A320": a plane's model number in pairs, as crews say it.
_AIRCRAFT = re.compile(r"(?<=\b(?:Boeing|Airbus) )(A)?([1-9]\d{2})(?![\w.,]\d|\w)")


def _pairs(digits: str) -> str:
    tail = digits[1:]
    said_tail = f"oh {_cardinal(tail[1])}" if tail[0] == "0" else _cardinal(tail)
    return f"{_cardinal(digits[0])} {said_tail}"


# "100s of people", "1,000s of copies": hundreds, thousands ("the 1990s" is a decade).
_ROUND_PLURALS = data.table("en", "everyday.round_plurals")
_ROUND_PLURAL = re.compile(r"(?<![\w.,])(100,000|10,000|1,000|1000|100)s(?= of\b)")


def names_with_numbers(text: str) -> str:
    text = _ROUND_PLURAL.sub(lambda m: _ROUND_PLURALS[m[1]], text)
    text = _WORLD_WAR.sub(lambda m: f"World War {'two' if m[1] in ('II', '2') else 'one'}", text)
    text = _NINE_ELEVEN.sub("nine eleven", text) if "9/11" in text else text
    return _AIRCRAFT.sub(lambda m: (f"{m[1]} " if m[1] else "") + _pairs(m[2]), text)


# "18+", "30+ degrees", "10k+ stars", "Python 3.11+": "plus" after the number. Before a
# digit it is addition ("2+2"), which the core rules say; "C++" has no digit before it.
_PLUS_AFTER_NUMBER = re.compile(r"(?:(?<=\d)|(?<=\d[kK])|(?<=°[CF]))\+(?![\w+])")


def plus_after_numbers(text: str) -> str:
    return _PLUS_AFTER_NUMBER.sub(" plus", text) if "+" in text else text


# "1.2k employees", "10k+ stars", "5.5K followers": thousands. A capital K only with a
# decimal part, since "a 5K race", "4K video" are said "K"; a whole number of k after an
# article or before "run" is a race too ("a 10k on Sunday", "the 10k run"). Money ("$50k")
# is the currency rule's.
_THOUSANDS = re.compile(
    r"(?<![\w.,$€£¥])(\d{1,3})(?:\.(\d{1,2}))?(k|K)(?![\w])"
    r"(?!\s(?:run|runs|race|races|walk|walks|fun run)\b)"
)
_RACE_ARTICLE = re.compile(r"(?i:\b(?:a|an|the|my|his|her|their|our|your)\s)$")


def thousands(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        whole_number = m[2] is None
        if whole_number and (m[3] == "K" or _RACE_ARTICLE.search(m.string, 0, m.start())):
            return m.group()
        return f"{_number_words(m[1], m[2])} thousand"

    return _THOUSANDS.sub(say, text)


# "$10-$20", "$15–25", "€5k-€8k": a range of amounts. The dash becomes "to" and the second
# amount takes the first's sign, so both are read as money: "ten dollars to twenty dollars".
_MONEY_RANGE = re.compile(
    rf"(?<![\w$])(?P<sign>{common.CURRENCY_SIGN})(?P<first>{_NUM.pattern('a')}(?:[kKmMB]|bn)?)"
    rf"\s?[-\u2013]\s?(?P<second_sign>{common.CURRENCY_SIGN})?"
    rf"(?P<second>{_NUM.pattern('b')}(?:[kKmMB]|bn)?)(?![\w.,]\d|\w)"
)


def money_ranges(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        if m["second_sign"] not in (None, m["sign"]):
            return m.group()  # "$10-€20": two currencies, no range
        return f"{m['sign']}{m['first']} to {m['sign']}{m['second']}"

    return _MONEY_RANGE.sub(say, text)


# "scored 85/100", "72.5/100", "38/40": a score out of a round total that no day or month can
# be (dates are "3/15", "12/1"; "17/20" stays for the date and fraction rules, cricket's
# "5/32" for its own reading): "eighty-five out of one hundred".
_OUT_OF = re.compile(r"(?<![\w/.,])(\d{1,3}(?:\.\d)?)/(\d{1,3})(?![\w/]|[.,]\d)")


# "Score: 3/10", "rated 4.5/5", "gave it 9/10": after a word that introduces a score, any
# total is one.
_SCORE_BEFORE = re.compile(
    r"(?i:\b(?:score|scored|scores|rated|rating|ratings|rate|grade|graded|got|gave it|"
    r"marks?|stars?)\b:?\s)$"
)


def scores_out_of(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        score, total = m[1], int(m[2])
        introduced = _SCORE_BEFORE.search(m.string, max(0, m.start() - 12), m.start())
        round_total = total > 31 and (total % 10 == 0 or total % 25 == 0)
        if not (introduced or round_total) or float(score) > total or m.group() == "50/50":
            return m.group()  # "50/50" is fifty-fifty (en.py's set phrases)
        whole, _, fraction = score.partition(".")
        return f"{_number_words(whole, fraction or None)} out of {_cardinal(m[2])}"

    return _OUT_OF.sub(say, text)


# A race or lap time: "1:02.35" (minutes, seconds and hundredths: never a clock time) and
# "finished in 2:03:45" (hours after "in"/"of"/"time"). Before the clock-time rule.
_LAP_TIME = re.compile(r"(?<![\w:.,])(\d{1,2}):([0-5]\d)\.(\d{1,3})(?![\w:]|\.\d|,\d)")
_RACE_TIME = re.compile(
    r"(?:(?<=\bin )|(?<=\bof )|(?<=\btime )|(?<=\btime: ))"
    r"(\d{1,2}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?(?![\w:]|\.\d|,\d)"
)


def _amount(count: str, unit: str) -> str:
    return f"{_cardinal(str(int(count)))} {unit}{'' if int(count) == 1 else 's'}"


def _seconds(whole: str, fraction: str | None) -> str:
    plural = "" if int(whole) == 1 and not fraction else "s"
    return f"{_number_words(str(int(whole)), fraction)} second{plural}"


def race_times(text: str) -> str:
    if ":" not in text:
        return text

    def lap(m: re.Match[str]) -> str:
        minutes, seconds, fraction = m.groups()
        head = _amount(minutes, "minute") + " " if int(minutes) else ""
        return head + _seconds(seconds, fraction)

    def race(m: re.Match[str]) -> str:
        hours, minutes, seconds, fraction = m.groups()
        parts = [_amount(hours, "hour"), _amount(minutes, "minute")]
        if int(seconds) or fraction:
            return f"{', '.join(parts)} and {_seconds(seconds, fraction)}"
        return " and ".join(parts)

    return _LAP_TIME.sub(lap, _RACE_TIME.sub(race, text))


# "1600 Pennsylvania Ave. NW, Washington": a compass point after a street type belongs to
# the address ("Avenue Northwest"); the period of "Ave." is then no sentence end.
_STREET_TYPES = data.table("en", "everyday.street_types")
_COMPASS = data.table("en", "everyday.compass")
_STREET_COMPASS = re.compile(
    rf"(?<=[A-Za-z0-9] )({'|'.join(_STREET_TYPES)})\.?\s+(NE|NW|SE|SW|N|S|E|W)\b"
    r"(?=\s*(?:[,;)]|$)|\.(?:\s|$))"
)


def street_compass_points(text: str) -> str:
    return _STREET_COMPASS.sub(lambda m: f"{_STREET_TYPES[m[1]]} {_COMPASS[m[2]]}", text)


# "1-800-FLOWERS": a toll-free number with a word for its last digits, said as written.
_VANITY_NUMBER = re.compile(r"(?<![\w-])1-(8(?:00|88|77|66|55|44|33))-([A-Z]{3,10})(?![\w-])")


def vanity_numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        prefix = "eight hundred" if m[1] == "800" else " ".join(_cardinal(d) for d in m[1])
        return f"one {prefix} {m[2].lower()}"

    return _VANITY_NUMBER.sub(say, text)


# "Tue, 3/14", "Fri Mar 14": a weekday abbreviated before a date is said in full (the
# core rules then read "Tuesday, 3/14" as a date).
_WEEKDAY_NAMES = data.table("en", "everyday.weekday_names")
_MONTH_WORD = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_WEEKDAY_BEFORE_DATE = re.compile(
    rf"(?<![\w.])({'|'.join(sorted(_WEEKDAY_NAMES, key=len, reverse=True))})\.?(,?)"
    rf"(?=\s+(?:(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])\b|{_MONTH_WORD}\s\d))"
)
# "Mon–Fri" is the core rules'; "M-F" (business hours) only here.
_MONDAY_TO_FRIDAY = re.compile(r"(?<![\w-])M\s?[-\u2013]\s?F(?![\w-])")


def weekdays_before_dates(text: str) -> str:
    text = _MONDAY_TO_FRIDAY.sub("Monday to Friday", text)
    return _WEEKDAY_BEFORE_DATE.sub(lambda m: _WEEKDAY_NAMES[m[1]] + m[2], text)


# "Jan 1 – Dec 31", "March 3-April 2": the dash between two dates is "to".
_DATE_RANGE_DASH = re.compile(
    rf"(?<![\w.])({_MONTH_WORD} \d{{1,2}}(?:st|nd|rd|th)?)\s?[-\u2013]\s?(?={_MONTH_WORD} \d)"
)


def date_range_dashes(text: str) -> str:
    return _DATE_RANGE_DASH.sub(lambda m: f"{m[1]} to ", text)


# Blood pressure: "BP 130/85", "120/80 mmHg" is "one hundred and twenty over eighty".
_BLOOD_PRESSURE = re.compile(
    r"(?:(?<=\bBP )|(?<=\bBP: )|(?<=\bpressure )|(?<=\bpressure of )|(?<=\bpressure was )"
    r"|(?<=\bpressure is )|(?<![\w/.,])(?=\d{2,3}/\d{2,3}\s?mm\s?Hg\b))"
    r"(\d{2,3})/(\d{2,3})(?![\w/]|[.,]\d)(\s?mm\s?Hg\b)?"
)


def blood_pressure(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        unit = " millimeters of mercury" if m[3] else ""
        return f"{_cardinal(m[1])} over {_cardinal(m[2])}{unit}"

    return _BLOOD_PRESSURE.sub(say, text) if "/" in text else text


# "~8.3M", "~ 40 people": about, before the number rules turn the number into words.
_TILDE_BEFORE_NUMBER = re.compile(r"(?<![\w~])~\s?(?=\d)")
# "card ending 4821", "account ending in 0457": the last digits, one by one.
_LAST_DIGITS = re.compile(r"(?<=\bending )(in )?(\d{4})(?![\w.,]\d|\w)")
# "a 45 y/o male", "a 3yo": years old.
_YEARS_OLD = re.compile(r"(?<=\d)\s?y/?o(?![\w/])")


def small_marks(text: str) -> str:
    text = _TILDE_BEFORE_NUMBER.sub("about ", text) if "~" in text else text
    text = _LAST_DIGITS.sub(lambda m: (m[1] or "") + _digits(m[2]), text)
    return _YEARS_OLD.sub(" year old", text)


# '6.1" screen', '24" W x 18" D': a straight quote or double prime right after a number is
# inches where what follows says so: a dimension ("x 18", "W"), or a thing measured in
# inches. Anywhere else it may close a quotation ('she said "take 5" and left').
_INCHES_CONTEXT = (
    r"\s?(?:x|\u00d7|by)\s?\d|\s[WDHL]\b|\s(?:wide|deep|tall|long|high|thick|screen|screens|"
    r"display|monitor|TV|TVs|laptop|tablet|phone|pipe|tire|tires|tyre|tyres|wheel|wheels|"
    r"rims|pizza|ruler|subwoofer|speaker|speakers|woofer|frame|inseam|waist|diagonal)\b"
)
_INCH_MARK = re.compile(
    r"(?<![\w.,'\u2019\u2032])(\d{1,3}(?:\.\d{1,2})?)(?:\"|\u2033)"
    rf"(?=(?P<dimension>\s?(?:x|\u00d7|by)\s?\d|\s[WDHL]\b)|{_INCHES_CONTEXT})"
)


# '12" x 10" x 4"': a size in inches, "12 by 10 by 4 inches".
_INCH = r"(\d{1,3}(?:\.\d{1,2})?)(?:\"|\u2033)"
_INCH_SIZE = re.compile(rf"(?<![\w.,'\u2019\u2032]){_INCH}(?:\s?(?:x|\u00d7|by)\s?{_INCH}){{1,2}}")
_INCH_NUMBER = re.compile(_INCH)


def inch_marks(text: str) -> str:
    if '"' not in text and "\u2033" not in text:
        return text

    def size(m: re.Match[str]) -> str:
        return " by ".join(_INCH_NUMBER.findall(m.group())) + " inches"

    def say(m: re.Match[str]) -> str:
        # before a noun it is an adjective: "a 6.1-inch screen", "six point one inch"
        adjective = m["dimension"] is None or m[1] == "1"
        return f"{m[1]} {'inch' if adjective else 'inches'}"

    return _INCH_MARK.sub(say, _INCH_SIZE.sub(size, text))


# "a 30-yr loan", "a 5-min break", "a 10-km walk": a unit joined to its number by a hyphen
# is an adjective, said in the singular ("thirty-year").
_HYPHEN_UNITS = data.table("en", "everyday.hyphen_units")
_HYPHEN_UNIT = re.compile(
    rf"(?<![\w.,-])(\d+(?:\.\d+)?)-({'|'.join(sorted(_HYPHEN_UNITS, key=len, reverse=True))})"
    r"(?![\w-])"
)


def hyphenated_units(text: str) -> str:
    return (
        _HYPHEN_UNIT.sub(lambda m: f"{m[1]}-{_HYPHEN_UNITS[m[2]]}", text) if "-" in text else text
    )


# "Smith v. Jones": a case name's "v." is "versus".
_CASE_VERSUS = re.compile(r"(?<=[A-Za-z] )v\.(?= [A-Z])")
# "3-5 in. of rain", "a 2 in. pipe": "in." after a number is inches.
_INCHES_ABBREVIATED = re.compile(
    r"(?<![\w.,])(\d+(?:\.\d+)?(?:\s?[-\u2013]\s?\d+(?:\.\d+)?)?)\s?in\.(?=\s+[a-z(]|\s*$|[,;)])"
)
# "I-95 N", "I-5": an interstate, its direction spelled out.
_INTERSTATE = re.compile(r"(?<![\w-])I-(\d{1,3})(?:\s([NSEW])\b(?!\.\w))?(?![\w-])")
# "40 km SE of the city": a compass point after a distance.
_DISTANCE_COMPASS = re.compile(
    r"(?<=\d)(\s?(?:km|mi|miles?|kilometers?|kilometres?|m|ft|feet|yards?|nm)\s)"
    r"(NNE|ENE|ESE|SSE|SSW|WSW|WNW|NNW|NE|NW|SE|SW|N|S|E|W)(?=\s+of\b)"
)
_POINTS = data.table("en", "everyday.points")
# "2nd fl.", "3rd flr": a floor.
_FLOOR = re.compile(r"(?<=\d(?:st|nd|rd|th) )(?:fl|flr)\.?(?![\w])")
# "ext. 4471": an extension of three digits or more is dialled, so said, digit by digit.
_EXTENSION = re.compile(r"(?<![\w.])([Ee]xt\.?|[Ee]xtension)\s?(\d{3,6})(?![\w.,]\d|\w)")
# "born in '98": a year with its century left out ("'80s" is the decades rule's).
_SHORT_YEAR = re.compile(r"(?<![\w'\u2019])['\u2019](\d\d)(?![\w'\u2019])")


_ARTICLE_BEFORE = re.compile(r"(?i:\b(?:a|an)\s)$")


def _inches(m: re.Match[str]) -> str:
    # "a 2 in. pipe": a measure used as an adjective takes the singular
    adjective = _ARTICLE_BEFORE.search(m.string, 0, m.start()) is not None
    return f"{m[1]} {'inch' if adjective or m[1] == '1' else 'inches'}"


def legal_and_travel(text: str) -> str:
    text = _CASE_VERSUS.sub("versus", text)
    text = _INCHES_ABBREVIATED.sub(_inches, text)
    text = _INTERSTATE.sub(lambda m: f"I {m[1]}" + (f" {_COMPASS[m[2]]}" if m[2] else ""), text)
    text = _DISTANCE_COMPASS.sub(lambda m: m[1] + _POINTS[m[2]], text)
    text = _FLOOR.sub("floor", text)
    text = _EXTENSION.sub(lambda m: f"extension {_digits(m[2])}", text)
    return _SHORT_YEAR.sub(lambda m: m[1], text) if "'" in text or "\u2019" in text else text


# "200C", "400F" in a kitchen or a forecast: degrees, where the sentence says temperature.
_GLUED_DEGREES = re.compile(r"(?<![\w.,])(\d{2,3})([CF])(?![\w°])")
_TEMPERATURE_WORDS = re.compile(
    r"(?i:oven|bake|baking|preheat|heat|roast|temperature|temp|degrees|fridge|freezer|"
    r"weather|forecast|high of|low of|gas mark)"
)


def glued_degrees(text: str) -> str:
    if not _TEMPERATURE_WORDS.search(text):
        return text
    scale = {"C": "degrees Celsius", "F": "degrees Fahrenheit"}
    return _GLUED_DEGREES.sub(lambda m: f"{m[1]} {scale[m[2]]}", text)


# "10.30am", "7.15 p.m.": a British time, read as the clock time it is.
_DOTTED_TIME = re.compile(r"(?<![\w.,])([01]?\d|2[0-3])\.([0-5]\d)(?=\s?[AaPp]\.?[Mm]\b)")
# "07700 900123", "01632 960001": a British number of 5 + 6 digits, each group digit by
# digit. "020 7946 0958" is the shared phone rule's.
_UK_PHONE = re.compile(r"(?<![\w+.,])(0\d{4}) (\d{6})(?![\w.,]\d|\w)")
# "SW1A 1AA", "M1 1AE": a British postcode, said character by character.
_UK_POSTCODE = re.compile(r"(?<![\w-])([A-Z]{1,2}\d[A-Z\d]?) (\d[ABD-HJLNP-UW-Z]{2})(?![\w-])")


def _spelled(code: str) -> str:
    return " ".join(_digits(ch) if ch.isdigit() else ch for ch in code)


def british_forms(text: str) -> str:
    text = _DOTTED_TIME.sub(lambda m: f"{m[1]}:{m[2]}", text)
    text = _UK_PHONE.sub(lambda m: f"{_digits(m[1])}, {_digits(m[2])}", text)
    return _UK_POSTCODE.sub(lambda m: f"{_spelled(m[1])}, {_spelled(m[2])}", text)


# "Your code is 482913", "OTP: 384 912", "PIN 0417": a code is read digit by digit, in
# the groups it is written in.
_CODE_DIGITS = re.compile(
    r"(?i:\b(?:code|OTP|PIN|passcode|passcodes|CVV|CVC|one-time password)\b(?: is|:)?\s?)"
    r"(\d{2,8}(?:[ -]\d{2,4}){0,2})(?![\w.,]\d|\w)"
)
# "v3.2.0-beta.1", "2.0.0-rc2": a pre-release tag after a version.
_PRE_RELEASE = re.compile(r"(?<=\d)-(alpha|beta|rc|pre|preview)\.?(\d{1,3})?(?![\w.])")
# "6:45ish", "5ish": about.
_ISH = re.compile(r"(?<=\d)ish\b")
# "12 ft x 14 ft", "3 m × 4 m": a size with its unit on each side is "by".
_UNIT_BY = re.compile(r"(?<=\d)(\s?(?:ft|m|cm|mm|in|yd|km|mi)\.?)\s?[x\u00d7]\s?(?=\d)")
# "Fri 6/30 @ 5pm": a spaced "@" is "at" (addresses have no space around theirs).
_SPACED_AT = re.compile(r"(?<=\S) @ (?=\S)")
# "@supertonic", "#TTS": a handle and a hashtag as they are read out. "#5" is a number,
# "C#" and e-mail addresses are neither.
_HANDLE = re.compile(r"(?<![\w.@])@([A-Za-z_][\w]{1,30})(?![\w.@-]*@)(?![\w@])")
_HASHTAG = re.compile(r"(?<![\w&#])#([A-Za-z][\w]{0,60})(?!\w)")


def _code_digits(m: re.Match[str]) -> str:
    groups = re.split(r"[ -]", m[1])
    if sum(len(group) for group in groups) < 3:
        return m.group()  # "code 12": a count or a label, not a code to read out
    return m.group()[: m.start(1) - m.start()] + ", ".join(_digits(g) for g in groups)


def apps_and_chat(text: str) -> str:
    text = _CODE_DIGITS.sub(_code_digits, text)
    text = _PRE_RELEASE.sub(
        lambda m: f" {'RC' if m[1] == 'rc' else m[1]}" + (f" {m[2]}" if m[2] else ""), text
    )
    text = _ISH.sub("-ish", text)
    text = _UNIT_BY.sub(lambda m: f"{m[1]} by ", text)
    if "@" in text:
        text = _SPACED_AT.sub(" at ", text)
        text = _HANDLE.sub(lambda m: "at " + m[1].replace("_", " "), text)
    if "#" in text:
        text = _HASHTAG.sub(lambda m: "hashtag " + m[1].replace("_", " "), text)
    return text


# Run before the core rules, in this order: plus and thousands before the number rules
# that would read "18" and "1.2" alone.
BEFORE_CORE_RULES = (
    names_with_numbers,
    vanity_numbers,
    apps_and_chat,
    british_forms,
    legal_and_travel,
    glued_degrees,
    street_compass_points,
    weekdays_before_dates,
    date_range_dashes,
    race_times,
    blood_pressure,
    money_ranges,
    scores_out_of,
    small_marks,
    inch_marks,
    hyphenated_units,
    plus_after_numbers,
    thousands,
)


def normalize(text: str) -> str:
    for rule in BEFORE_CORE_RULES:
        text = rule(text)
    return text
