"""French amounts as shops, apps and result lists write them, rewritten into shapes the
engine reads (digits kept, so that money, units and agreement still apply):

- "1,5k vues", "45k €": thousands written with a "k" -> "1 500", "45 000";
- "10 € - 20 €", "10 € \u2013 20 €": a dash between two amounts is "à";
- "15/20", "4,5/5 étoiles": a mark out of a round total -> "15 sur 20";
- "24h/24", "7j/7": "vingt-quatre heures sur vingt-quatre", "sept jours sur sept";
- "2:03:45": hours, minutes and seconds of a duration, not a clock time;
- "18+", "1 000+ clients": a number with a plus after it;
- "5,99 €/kg", "12 €/mois": a price per unit -> "le kilo", "par mois";
- "1,2 M€": millions before a currency sign.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs.forms import agree

# A number as written in French: thousands grouped by (narrow no-break) spaces or dots.
_NUM = r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?"
_CURRENCY = r"€|\$|£|EUR\b|USD\b|CHF\b|euros?\b|dollars?\b|francs?\b"

# Only a lowercase "k" (an uppercase "4K" is a screen resolution), glued to the number
# and not the start of a word or unit ("5kg", "3kW").
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3})(?:,(\d{1,3}))?k(?![\w-])")


def _thousands(m: re.Match[str]) -> str:
    value = int(m.group(1)) * 1000 + int((m.group(2) or "").ljust(3, "0"))
    return f"{value:,}".replace(",", "\u202f")  # "1 500": grouped, so never read as a year


# The currency on the left, or on the right after the second amount.
_MONEY_RANGE = re.compile(
    rf"(?<![\w.,])({_NUM})(\s?(?:{_CURRENCY}))?\s?[-\u2013\u2014]\s?"
    rf"(?=(?:{_NUM})\s?(?:{_CURRENCY}))"
)
_MONEY_RANGE_LEFT = re.compile(
    rf"(?<![\w.,])({_NUM})(\s?(?:{_CURRENCY}))\s?[-\u2013\u2014]\s?(?=\d)"
)

# A total of 5, 10, 20 or 100 (a mark, a rating); "24/7" is the idiom. A day and month
# ("le 5/10") was read as a date before this rule.
_SCORE = re.compile(
    r"(?<![\w.,/])(\d{1,3}(?:,\d{1,2})?)\s?/\s?(5|10|20|100)(?![\w/]|[.,]\d)"
    r"|(?<![\w.,/])24/7(?!\w|/)"
)


def _score(m: re.Match[str]) -> str:
    if m.group(1) is None:
        return "24 7"
    if float(m.group(1).replace(",", ".")) > int(m.group(2)):
        return m.group()  # "30/10" is no mark
    return f"{m.group(1)} sur {m.group(2)}"


_ROUND_THE_CLOCK = re.compile(r"(?<![\w.,])(24)\s?h\s?/\s?24\b|(?<![\w.,])(7)\s?j\s?/\s?7\b")


# "à 7:05:30", "vers 14:30:00": a clock time; otherwise three parts are a duration.
_DURATION = re.compile(
    r"(?<![\w:.,])(?<!à )(?<!vers )(?<!dès )(?<!jusqu'à )(\d{1,2}):([0-5]\d):([0-5]\d)"
    r"(?![\w:]|[.,]\d)"
)
_DURATION_UNITS = (("heure", "heures"), ("minute", "minutes"), ("seconde", "secondes"))


def _duration(m: re.Match[str]) -> str:
    parts = []
    for value, unit in zip(m.groups(), _DURATION_UNITS, strict=True):
        if int(value):
            words = numbers.cardinal(str(int(value)), "fr")
            if words is None:
                return m.group()
            # heure, minute, seconde: all feminine ("une heure", "vingt et une minutes")
            parts.append(f"{agree(words, 'f', {'f': {'un': 'une'}})} {unit[int(value) > 1]}")
    if not parts:
        return m.group()
    return " et ".join([" ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


# "18+", "(18+)", "1 000+ clients": not "2+2" (arithmetic) nor "C++".
_PLUS_AFTER = re.compile(rf"(?<![\w.,+])({_NUM})\+(?![\w+]|\s?\d)")
_MORE_BEFORE = re.compile(r"(?:plus de|dès|à partir de)\s$", re.IGNORECASE)
# "entre -5 et +3 degrés": the sign of a temperature (langs/signs.py reads "+3 °C").
_PLUS_DEGREES = re.compile(r"(?<![\w+)])\+(?=\d+(?:,\d+)?\s?degrés?\b)")


def _plus_after(m: re.Match[str]) -> str:
    if _MORE_BEFORE.search(m.string, max(0, m.start() - 14), m.start()):
        return m.group(1)  # "plus de 1 000+": the words already say it
    if re.match(r"\s+[^\W\d_]", m.string[m.end() :]):
        said = f"plus de {m.group(1)}"  # "1 000+ clients": plus de mille clients
        head = m.string[max(0, m.start() - 3) : m.start()].strip()
        return said.capitalize() if not head or head[-1] in ".!?" else said
    return f"{m.group(1)} plus"


# A price tag's unit: "le kilo" for what is weighed or poured, "par" for time and people.
_PER = {
    "kg": "le kilo", "g": "le gramme", "l": "le litre", "L": "le litre", "m": "le mètre",
    "m²": "le mètre carré", "m2": "le mètre carré", "km": "le kilomètre",
    "h": "de l'heure", "heure": "de l'heure", "min": "la minute", "jour": "par jour",
    "j": "par jour", "nuit": "par nuit", "semaine": "par semaine", "mois": "par mois",
    "an": "par an", "pers.": "par personne", "pers": "par personne",
    "personne": "par personne", "pièce": "la pièce", "pce": "la pièce",
}  # fmt: skip
_PER_UNIT = re.compile(
    rf"(?<=\d)(\s?(?:{_CURRENCY}))\s?/\s?"
    rf"({'|'.join(re.escape(u) for u in sorted(_PER, key=len, reverse=True))})(?![\w²])"
)


# "1,2 M€", "300 M$": "M" for millions only right before a currency ("taille 38 M" is a size)
_MILLIONS = re.compile(r"(?<=\d)\s?M(?=\s?(?:€|\$|£)|\s(?:EUR|USD)\b)")


def rule(text: str) -> str:
    if "M" in text:
        text = _MILLIONS.sub(" millions", text)
    if "k" in text:
        text = _THOUSANDS.sub(_thousands, text)
    if "/" in text:
        text = _PER_UNIT.sub(lambda m: f"{m.group(1)} {_PER[m.group(2)]}", text)
        text = _ROUND_THE_CLOCK.sub(
            lambda m: "24 heures sur 24" if m.group(1) else "7 jours sur 7", text
        )
        text = _SCORE.sub(_score, text)
    if ":" in text:
        text = _DURATION.sub(_duration, text)
    if "+" in text:
        text = _PLUS_AFTER.sub(_plus_after, text)
        text = _PLUS_DEGREES.sub("plus ", text)
    text = _MONEY_RANGE.sub(lambda m: f"{m.group(1)}{m.group(2) or ''} à ", text)
    return _MONEY_RANGE_LEFT.sub(lambda m: f"{m.group(1)}{m.group(2)} à ", text)
