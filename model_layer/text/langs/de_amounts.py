"""German amounts as shops, apps and result lists write them, rewritten into shapes the
engine reads (digits kept, so that money, units and agreement still apply):

- "1,5k Aufrufe", "45k €": thousands written with a "k" -> "1.500", "45.000";
- "10 € - 20 €", "1.500 \u2013 2.000 €": a dash between two amounts is "bis";
- "85/100", "4,5/5 Sternen": a score out of a round total -> "85 von 100";
- "2:03:45": hours, minutes and seconds of a duration, not a clock time;
- "18+", "1.000+ Kunden": a number with a plus after it;
- "5,99 €/kg", "12 €/Monat": a price per unit -> "pro Kilogramm", "pro Monat";
- "199,- Euro": the ",-" of a whole amount before the currency's word.
"""

from __future__ import annotations

import re

# A number as written in German: thousands grouped by dots or spaces, a decimal comma.
_NUM = r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?"
_CURRENCY = r"€|\$|£|EUR\b|USD\b|CHF\b|Euro\b|Dollar\b|Franken\b"

# Only a lowercase "k" (an uppercase "4K" is a screen resolution), glued to the number
# and not the start of a word ("5kg", "3kW").
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3})(?:,(\d{1,3}))?k(?![\w-])")


def _thousands(m: re.Match[str]) -> str:
    value = int(m.group(1)) * 1000 + int((m.group(2) or "").ljust(3, "0"))
    return f"{value:,}".replace(",", ".")  # "1.500": grouped, so never read as a year


# The currency on the left, or on the right after the second amount.
_MONEY_RANGE = re.compile(
    rf"(?<![\w.,])({_NUM})(?:,[-\u2013])?(\s?(?:{_CURRENCY}))?\s?[-\u2013\u2014]\s?"
    rf"(?=(?:{_NUM})(?:,[-\u2013])?\s?(?:{_CURRENCY}))"
)
_MONEY_RANGE_LEFT = re.compile(
    rf"(?<![\w.,])({_NUM})(?:,[-\u2013])?(\s?(?:{_CURRENCY}))\s?[-\u2013\u2014]\s?(?=\d)"
)

# A total of 5, 10, 20 or 100 (a grade, a rating, a test score); "24/7" is the idiom.
_SCORE = re.compile(
    r"(?<![\w.,/])(\d{1,3}(?:,\d)?)\s?/\s?(5|10|20|100)(?![\w/]|[.,]\d)|(?<![\w.,/])24/7(?!\w|/)"
)


def _score(m: re.Match[str]) -> str:
    if m.group(1) is None:
        return "24 7"
    if float(m.group(1).replace(",", ".")) > int(m.group(2)):
        return m.group()  # "30/10" is no score
    return f"{m.group(1)} von {m.group(2)}"


# "um 7:05:30", "14:30:00 Uhr": a clock time; otherwise three parts are a duration.
_DURATION = re.compile(
    r"(?<![\w:.,])(?<!um )(?<!gegen )(?<!ab )(?<!bis )(\d{1,2}):([0-5]\d):([0-5]\d)"
    r"(?![\w:]|[.,]\d|\s?Uhr\b)"
)


def _duration(m: re.Match[str]) -> str:
    parts = [
        f"{int(value)} {unit}"
        for value, unit in zip(m.groups(), ("h", "min", "s"), strict=True)
        if int(value)
    ]
    if not parts:
        return m.group()
    return " und ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


# "18+", "(18+)", "1.000+ Kunden": not "2+2" (arithmetic) nor "C++".
_PLUS_AFTER = re.compile(rf"(?<![\w.,+])({_NUM})\+(?![\w+]|\s?\d)")

_MORE_BEFORE = re.compile(r"(?:über|mehr als|ab)\s$", re.IGNORECASE)


def _plus_after(m: re.Match[str]) -> str:
    if _MORE_BEFORE.search(m.string, max(0, m.start() - 10), m.start()):
        return m.group(1)  # "über 1.000+", "ab 18+": the word already says it
    if re.match(r"\s+[A-ZÄÖÜ]", m.string[m.end() :]):
        said = f"über {m.group(1)}"  # "1.000+ Kunden": über tausend Kunden
        head = m.string[max(0, m.start() - 3) : m.start()].strip()
        return said.capitalize() if not head or head[-1] in ".!?" else said
    return f"{m.group(1)} plus"


_PER = {
    "kg": "Kilogramm", "g": "Gramm", "l": "Liter", "m": "Meter", "m²": "Quadratmeter",
    "m2": "Quadratmeter", "qm": "Quadratmeter", "km": "Kilometer", "h": "Stunde",
    "Std.": "Stunde", "Std": "Stunde", "Stunde": "Stunde", "min": "Minute", "Min.": "Minute",
    "Tag": "Tag", "Nacht": "Nacht", "Woche": "Woche", "Monat": "Monat", "Mon.": "Monat",
    "Jahr": "Jahr", "Person": "Person", "Pers.": "Person", "Stück": "Stück", "Stk.": "Stück",
}  # fmt: skip
_PER_UNIT = re.compile(
    rf"(?<=\d)(\s?(?:{_CURRENCY}))\s?/\s?"
    rf"({'|'.join(re.escape(u) for u in sorted(_PER, key=len, reverse=True))})(?![\w²])"
)

# "199,- Euro", "99,- bis 149,-": the engine reads ",-" only right before a currency sign.
_WHOLE_BEFORE_WORD = re.compile(r"(?<=\d),[-\u2013](?=\s|$|[.,;:!?)])")
# "zwischen -5 und +3 Grad": the sign of a temperature (langs/signs.py reads "+3 °C").
_PLUS_DEGREES = re.compile(r"(?<![\w+)])\+(?=\d+(?:,\d+)?\s?Grad\b)")


def rule(text: str) -> str:
    if "k" in text:
        text = _THOUSANDS.sub(_thousands, text)
    if "/" in text:
        text = _PER_UNIT.sub(lambda m: f"{m.group(1)} pro {_PER[m.group(2)]}", text)
        text = _SCORE.sub(_score, text)
    if ":" in text:
        text = _DURATION.sub(_duration, text)
    if "+" in text:
        text = _PLUS_AFTER.sub(_plus_after, text)
        text = _PLUS_DEGREES.sub("plus ", text)
    if ",-" in text or ",\u2013" in text:
        text = _WHOLE_BEFORE_WORD.sub("", text)
    text = _MONEY_RANGE.sub(lambda m: f"{m.group(1)}{m.group(2) or ''} bis ", text)
    return _MONEY_RANGE_LEFT.sub(lambda m: f"{m.group(1)}{m.group(2)} bis ", text)
