"""Hindi everyday text: "₹499/-", AM/PM and clock spans, year spans.

Each rule runs on text whose Devanagari digits are already Western (`hi._digits`).
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.hi import spell as hi

# "₹499/-", "Rs 500/-", "10,000/- रुपये": the "/-" that closes an amount on Indian price
# tags and cheques ("and no paise") is not said.
_CLOSED_AMOUNT = re.compile(r"(?<=\d)/-(?=\s|$|[।,.;:)!?])")


def closed_amounts(text: str) -> str:
    return _CLOSED_AMOUNT.sub("", text) if "/-" in text else text


# "10:00 AM", "5 PM", "10:00 AM - 6:00 PM", "9:00-18:00": Hindi says the part of the day
# before the time (सुबह दस बजे, शाम पाँच बजे), and a span "से ... तक".
_HALF = r"[AaPp]\.?[Mm]\.?(?![\w.])"
_TIME = rf"([01]?\d|2[0-3])(?::([0-5]\d))?(?:\s?({_HALF}))?"
_CLOCK_SPAN = re.compile(rf"(?<![\d.,:/-]){_TIME}\s?[-\u2013]\s?{_TIME}(?![\d.,:/-]?\d)")
_CLOCK_HALF = re.compile(rf"(?<![\d.,:/-])([01]?\d)(?::([0-5]\d))?\s?({_HALF})")
_PARTS_OF_DAY = data.words("hi", "everyday.parts_of_day")
_AFTER_SPAN = re.compile(r"\s*(?:तक|के|का|की|को|में|से|बजे)(?![\u0900-\u097F])")


def _part_of_day(hour: int, half: str) -> str:
    if half[0] in "Aa":
        return "सुबह" if 4 <= hour <= 11 else "रात"
    if hour == 12 or hour <= 3:
        return "दोपहर"
    return "शाम" if hour <= 7 else "रात"


def _clock(hour: str, minute: str | None, half: str | None, before: str) -> str:
    time = f"{hour}:{minute}" if minute else f"{hour} बजे"
    if not half:
        return time
    words_before = before.split()
    if words_before and words_before[-1] in _PARTS_OF_DAY:
        return time
    return f"{_part_of_day(int(hour), half)} {time}"


def clock_halves(text: str) -> str:
    def span(m: re.Match[str]) -> str:
        h1, m1, a1, h2, m2, a2 = m.groups()
        if not ((m1 or a1) and (m2 or a2)):
            return m.group()  # "9-17": a span of numbers, read elsewhere
        if (a1 or a2) and (int(h1) > 12 or int(h2) > 12):
            return m.group()
        first = _clock(h1, m1, a1, m.string[: m.start()])
        second = _clock(h2, m2, a2, "")
        until = "" if _AFTER_SPAN.match(m.string, m.end()) else " तक"
        return f"{first} से {second}{until}"

    def one(m: re.Match[str]) -> str:
        if not 1 <= int(m.group(1)) <= 12:
            return m.group()
        return _clock(m.group(1), m.group(2), m.group(3), m.string[: m.start()])

    if not re.search(r"\d", text):
        return text
    text = _CLOCK_SPAN.sub(span, text)
    return _CLOCK_HALF.sub(one, text)


# "वित्त वर्ष 2023-24" is "दो हज़ार तेईस-चौबीस"; "1999-2004 तक", "(1869-1948)" are two
# years, "उन्नीस सौ निन्यानवे से दो हज़ार चार": a span of years is read as years, not as
# "एक हज़ार नौ सौ ...". Where no postposition, bracket or year word shows it is years
# ("1500-2000 रुपये") the span is left to the number reader.
_FISCAL = re.compile(r"(?<![\d.,:/-])((?:19|20)\d\d)-(\d\d)(?![\d.,:/-]|\s?%)")
_YEAR_SPAN = re.compile(
    r"(?<![\d.,:/-])((?:1[1-9]|20)\d\d)\s?[-\u2013]\s?((?:1[1-9]|20)\d\d)(?![\d.,:/-])"
)
_YEAR_WORD_BEFORE = re.compile(r"(?:सन्|सन|साल|वर्ष|वर्षों|अवधि|कार्यकाल|दौरान|\()\s?$")
_POSTPOSITION_AFTER = re.compile(r"\s?(?:\)|(?:में|से|तक|के|का|की|को|ई\.|ईस्वी)(?![\u0900-\u097F]))")
_BETWEEN = re.compile(r"\s?के बीच")


def year_spans(text: str) -> str:
    def fiscal(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(2))
        if second != (first + 1) % 100:
            return m.group()
        return f"{hi.year(first)}-{hi.cardinal(second)}"

    def span(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(2))
        if not first < second <= first + 200:
            return m.group()
        before = m.string[max(0, m.start() - 12) : m.start()]
        if not (_YEAR_WORD_BEFORE.search(before) or _POSTPOSITION_AFTER.match(m.string, m.end())):
            return m.group()
        joint = "और" if _BETWEEN.match(m.string, m.end()) else "से"
        return f"{hi.year(first)} {joint} {hi.year(second)}"

    if "-" not in text and "\u2013" not in text:
        return text
    return _YEAR_SPAN.sub(span, _FISCAL.sub(fiscal, text))
