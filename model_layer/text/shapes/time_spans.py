"""Two clock times joined by a dash: "9.00-18.00 Uhr", "kl. 9.00-17.00", "10:00-12:00"
in timetables and opening hours. Each side is a clock time; the dash is the
language's "to" ("bis", "tot", "til", "till"), and the engine then reads both times
("neun Uhr bis achtzehn Uhr"), where "9.00" alone before a dash was read as a decimal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_TIME_SPAN = re.compile(
    r"(?<![\w.,:])([01]?\d|2[0-3])[.:]([0-5]\d)\s?[-\u2013\u2014]\s?"
    r"([01]?\d|2[0-3])[.:]([0-5]\d)(?!\d|[.,:]\d)"
)


def rule(to: str) -> Callable[[str], str]:
    """The rule for a language whose "to" between two times is `to`."""
    return lambda text: (
        _TIME_SPAN.sub(rf"\1:\2 {to} \3:\4", text) if ":" in text or "." in text else text
    )


# "9h-18h", "9 h 30 - 12 h" (fr, pt): two hours written with "h" joined by a dash.
_HOUR_LETTER_SPAN = re.compile(
    r"(?<![\w.,:])(\d{1,2}\s?h(?:\s?[0-5]\d)?)\s?[-\u2013]\s?(?=\d{1,2}\s?h(?![^\W\d_]))"
)


def hour_letter_rule(to: str) -> Callable[[str], str]:
    """The rule for hours written "9h-18h" in a language whose "to" is `to`."""
    return lambda text: _HOUR_LETTER_SPAN.sub(rf"\1 {to} ", text) if "h" in text else text


def clock_word_rule(clock_words: str) -> Callable[[str], str]:
    """ "klo 9.00-11.30" (fi), "kell 9.00-11.30" (et), either dash: the range's end is a
    clock time too, said after the clock word again ("kello yhdeksän, kello yksitoista
    kolmekymmentä"), not a decimal. `clock_words`: a regex alternation ("klo|kello")."""
    span = re.compile(
        rf"(?<!\w)({clock_words})\s([01]?\d|2[0-3])[.:]([0-5]\d)\s?[\u2013-]\s?"
        r"([01]?\d|2[0-3])[.:]([0-5]\d)(?!\d)"
    )
    return lambda text: span.sub(
        lambda m: f"{m[1]} {m[2]}.{m[3]} \u2013 {m[1]} {m[4]}.{m[5]}", text
    )


def hour_word_after_time_rule(words: str) -> Callable[[str], str]:
    """ "ve 14:30 hod.", "u 14:30 sati", "ob 14.30 uri": the word for "o'clock" after a
    clock time with minutes is dropped, as the time's reading already says the hour
    ("čtrnáct třicet", "četrnaest sati i trideset minuta"); its dot stays only where it
    ends the sentence. `words`: a regex alternation of the word and its abbreviations."""
    after_time = re.compile(
        rf"(?<![\w.,:])([01]?\d|2[0-3])([:.][0-5]\d)\s?(?:{words})(?P<dot>\.)?(?!\w)"
    )

    def drop(m: re.Match[str]) -> str:
        rest = m.string[m.end() :]
        ends = m.group("dot") and (not rest.strip() or rest.lstrip()[:1].isupper())
        return f"{m.group(1)}{m.group(2)}{'.' if ends else ''}"

    return lambda text: after_time.sub(drop, text)


def two_times_rule(joins: str) -> Callable[[str], str]:
    """ "zwischen 9.00 und 17.00 Uhr", "tussen 9.00 en 17.00 uur": two clock times with a
    dot joined by the language's "and" or "to" (`joins`, a regex alternation), with the
    hour word after them, are written with colons, so that both are read as times; the
    first has no "Uhr" after it and was read as a decimal ("neun Komma null null")."""
    pair = re.compile(
        rf"(?<![\w.,:])([01]?\d|2[0-3])\.([0-5]\d)(\s+(?:{joins})\s+)"
        r"([01]?\d|2[0-3])[.:]([0-5]\d)(?![\d.,]\d)"
        r"(?=\s*(?:Uhr|uur|h)\b)"  # an hour word after them: "9.50 und 12.00 Euro" are prices
    )
    return lambda text: pair.sub(r"\1:\2\3\4:\5", text) if "." in text else text
