"""Spanish amounts as shops, apps and result lists write them, rewritten into shapes the
engine reads (digits kept, so that money, units and agreement still apply):

- "1,5k visitas", "45k €": thousands written with a "k" -> "1.500", "45.000";
- "10 € - 20 €", "1.500 \u2013 2.000 €": a dash between two amounts is "a";
- "8,5/10", "4,5/5 estrellas": a mark out of a round total -> "8,5 sobre 10";
- "2:03:45": hours, minutes and seconds of a duration, not a clock time;
- "18+", "+18", "1.000+ clientes": a number with a plus, "más de";
- "5,99 €/kg", "12 €/mes": a price per unit -> "el kilo", "al mes";
- "1,2 M€", "3.000 millones de €": millions before a currency sign.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs.forms import agree
from model_layer.text.rules import agreement

# A number as written in Spanish: thousands grouped by dots or spaces, a decimal comma.
_NUM = r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?"
_CURRENCY = r"€|\$|£|EUR\b|USD\b|euros?\b|dólar(?:es)?\b"

# Only a lowercase "k" (an uppercase "4K" is a screen resolution), glued to the number
# and not the start of a word or unit ("5kg", "3kW").
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3})(?:,(\d{1,3}))?k(?![\w-])")


_NEXT_WORD = re.compile(r"\s+([^\W\d_]+)")


def _thousands(m: re.Match[str]) -> str:
    value = int(m.group(1)) * 1000 + int((m.group(2) or "").ljust(3, "0"))
    # The counted nouns agreed before this rule ran: "1,5k visitas" is "mil quinientas".
    noun = _NEXT_WORD.match(m.string, m.end())
    words = agreement.agreeing_number(value, noun.group(1), "es") if noun else None
    return words or f"{value:,}".replace(",", ".")  # "1.500": grouped, never a year


# The currency on the left, or on the right after the second amount.
_MONEY_RANGE = re.compile(
    rf"(?<![\w.,])({_NUM})(\s?(?:{_CURRENCY}))?\s?[-\u2013\u2014]\s?"
    rf"(?=(?:{_NUM})\s?(?:{_CURRENCY}))"
)
_MONEY_RANGE_LEFT = re.compile(
    rf"(?<![\w.,])({_NUM})(\s?(?:{_CURRENCY}))\s?[-\u2013\u2014]\s?(?=\d)"
)

# A total of 5, 10, 20 or 100 (a mark, a rating); "24/7" is the idiom. A day and month
# ("el 5/10") was read as a date before this rule.
_SCORE = re.compile(
    r"(?<![\w.,/])(\d{1,3}(?:,\d{1,2})?)\s?/\s?(5|10|20|100)(?![\w/]|[.,]\d)"
    r"|(?<![\w.,/])24/7(?!\w|/)"
)


def _score(m: re.Match[str]) -> str:
    if m.group(1) is None:
        return "24 7"
    if float(m.group(1).replace(",", ".")) > int(m.group(2)):
        return m.group()  # "30/10" is no mark
    return f"{m.group(1)} sobre {m.group(2)}"


# "a las 7:05:30", "las 14:30:00": a clock time; otherwise three parts are a duration.
_DURATION = re.compile(
    r"(?<![\w:.,])(?<!las )(?<!la )(\d{1,2}):([0-5]\d):([0-5]\d)(?![\w:]|[.,]\d|\s?h\b)"
)
_DURATION_UNITS = (("hora", "horas", "f"), ("minuto", "minutos", "m"), ("segundo", "segundos", "m"))
_GENDERS = {
    "m": {"uno": "un", "veintiuno": "veintiún"},
    "f": {"uno": "una", "veintiuno": "veintiuna"},
}


def _duration(m: re.Match[str]) -> str:
    parts = []
    for value, (one, many, gender) in zip(m.groups(), _DURATION_UNITS, strict=True):
        if int(value):
            words = numbers.cardinal(str(int(value)), "es")
            if words is None:
                return m.group()
            parts.append(f"{agree(words, gender, _GENDERS)} {one if int(value) == 1 else many}")
    if not parts:
        return m.group()
    return " y ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


# "18+", "(+18)", "1.000+ clientes": not "2+2" (arithmetic), "C++" nor a phone's "+34 ...".
_PLUS = re.compile(
    rf"(?<![\w.,+])(?:({_NUM})\+(?![\w+]|\s?\d)|\+(\d{{1,2}})(?=\s*(?:$|[.,;:!?)])))"
)
_MORE_BEFORE = re.compile(r"(?:más de|mayores de|desde)\s$", re.IGNORECASE)
# "entre -5 y +3 grados": the sign of a temperature (langs/signs.py reads "+3 °C").
_PLUS_DEGREES = re.compile(r"(?<![\w+)])\+(?=\d+(?:,\d+)?\s?grados?\b)")


def _plus(m: re.Match[str]) -> str:
    n = m.group(1) or m.group(2)
    if _MORE_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return n  # "más de 1.000+": the words already say it
    said = f"más de {n}"  # "1.000+ clientes": más de mil clientes; "+18": más de dieciocho
    head = m.string[max(0, m.start() - 3) : m.start()].strip()
    return said.capitalize() if not head or head[-1] in ".!?" else said


# A price tag's unit: "el kilo" for what is weighed or poured, "al mes" for time.
_PER = {
    "kg": "el kilo", "g": "el gramo", "l": "el litro", "L": "el litro", "m": "el metro",
    "m²": "el metro cuadrado", "m2": "el metro cuadrado", "km": "el kilómetro",
    "h": "la hora", "hora": "la hora", "min": "el minuto", "día": "al día", "noche": "por noche",
    "semana": "a la semana", "mes": "al mes", "año": "al año", "persona": "por persona",
    "pers.": "por persona", "pers": "por persona", "ud.": "la unidad", "ud": "la unidad",
    "unidad": "la unidad",
}  # fmt: skip
_PER_UNIT = re.compile(
    rf"(?<=\d)(\s?(?:{_CURRENCY}))\s?/\s?"
    rf"({'|'.join(re.escape(u) for u in sorted(_PER, key=len, reverse=True))})(?![\w²])"
)

# "1,2 M€": "M" for millions only right before a currency ("talla M" is a size); "3.000
# millones de €": the sign after "de" is read with the amount.
_MILLIONS = re.compile(r"(?<=\d)\s?M(?=\s?(?:€|\$|£)|\s(?:EUR|USD)\b)")
_MILLIONS_OF = re.compile(r"(?<=\d)(\s(?:millón|millones))\sde\s(?=€|\$|EUR\b|USD\b)")


def rule(text: str) -> str:
    if "k" in text:
        text = _THOUSANDS.sub(_thousands, text)
    if "M" in text:
        text = _MILLIONS.sub(" millones", text)
    if "mill" in text:
        text = _MILLIONS_OF.sub(r"\1 ", text)
    if "/" in text:
        text = _PER_UNIT.sub(lambda m: f"{m.group(1)} {_PER[m.group(2)]}", text)
        text = _SCORE.sub(_score, text)
    if ":" in text:
        text = _DURATION.sub(_duration, text)
    if "+" in text:
        text = _PLUS.sub(_plus, text)
        text = _PLUS_DEGREES.sub("más ", text)
    text = _MONEY_RANGE.sub(lambda m: f"{m.group(1)}{m.group(2) or ''} a ", text)
    return _MONEY_RANGE_LEFT.sub(lambda m: f"{m.group(1)}{m.group(2)} a ", text)
