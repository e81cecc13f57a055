"""Finnish dates and ordinals in the case the sentence asks for.

A date "when" is in the essive ("maanantaina 3.5." -> "maanantaina kolmantena
toukokuuta", also after "viimeistään"); from a date on is the elative ("1.7. alkaen" ->
"ensimmäisestä heinäkuuta alkaen"), up to a date the illative ("31.5. asti", "mennessä",
"saakka"), and a span of days both ("12.-14.6." -> "kahdennestatoista neljänteentoista
kesäkuuta"). Elsewhere a date stays in the nominative ("viides kesäkuuta"), as before.

An ordinal before a noun in the essive takes it too ("3. päivänä" -> "kolmantena
päivänä"), as the other cases already did (fi.py).
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data

# In a date the month is in the partitive: "viides maaliskuuta".
MONTHS = data.words("fi", "dates.months")

# Each part of an ordinal: (weak stem, strong stem); a part in the teens' or tens' place
# of 11-99 uses the compound forms ("kahdennestatoista", not "toisestatoista").
_STEMS = {
    1: ("ensimmäise", "ensimmäise"), 2: ("toise", "toise"), 3: ("kolmanne", "kolmante"),
    4: ("neljänne", "neljänte"), 5: ("viidenne", "viidente"), 6: ("kuudenne", "kuudente"),
    7: ("seitsemänne", "seitsemänte"), 8: ("kahdeksanne", "kahdeksante"),
    9: ("yhdeksänne", "yhdeksänte"), 10: ("kymmenenne", "kymmenente"),
}  # fmt: skip
_COMPOUND = {1: ("yhdenne", "yhdente"), 2: ("kahdenne", "kahdente")}
# case -> (ending after the weak stem, or None: the strong stem's ending)
_ENDINGS = {
    "ela": ("stA", None), "ine": ("ssA", None), "ade": ("llA", None), "abl": ("ltA", None),
    "all": ("lle", None), "gen": ("n", None), "tra": ("ksi", None),
    "ess": (None, "nA"), "ill": (None, "en"),
}  # fmt: skip


def _part(stems: tuple[str, str], case: str) -> str:
    weak, strong = _ENDINGS[case]
    stem, ending = (stems[0], weak) if weak is not None else (stems[1], strong)
    back = any(v in stem for v in "aou")
    return stem + ending.replace("A", "a" if back else "ä")  # type: ignore[union-attr]


def ordinal(n: int, case: str) -> str | None:
    """The ordinal 1-99 in `case` (a key of `_ENDINGS`), every part declined."""
    if not 1 <= n <= 99 or case not in _ENDINGS:
        return None
    if n <= 10:
        return _part(_STEMS[n], case)
    if n < 20:
        return _part(_COMPOUND.get(n - 10, _STEMS[n - 10]), case) + "toista"
    tens, units = divmod(n, 10)
    said = _part(_COMPOUND.get(tens, _STEMS[tens]), case) + _part(_STEMS[10], case)
    return said + (_part(_STEMS[units], case) if units else "")


_WEEKDAYS = data.table("fi", "dates.weekdays")
_ESSIVE_BEFORE = (
    r"maanantaina|tiistaina|keskiviikkona|torstaina|perjantaina|lauantaina|sunnuntaina"
    r"|viimeistään|ma|ti|ke|to|pe|la|su"
)
_CASE_AFTER = data.table("fi", "dates.case_after")
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MONTH = r"(?:0?[1-9]|1[0-2])"
# "3.5.", "3.5.2025": the day, the month, the year
_DATE = rf"({_DAY})\.({_MONTH})\.(\d{{4}})?"
_BEFORE_DATE = re.compile(
    rf"(?<![\w.,])(?i:({_ESSIVE_BEFORE})\.?\s|(alkaen|lähtien)\s)?{_DATE}(?!\w|\.?\d)"
    rf"(?:(\s)(alkaen|lähtien|asti|saakka|mennessä)\b)?"
)
# "12.-14.6.", "3.5.-5.6.2025" (or an en dash): from one day to the other of a month
_DAY_SPAN = re.compile(
    rf"(?<![\w.,])({_DAY})(?!\d)(?:\.({_MONTH})(?!\d))?\.?\s?[-\u2013]\s?{_DATE}(?!\w|\.?\d)"
)
# "la 10-14", "ma klo 9": a weekday's abbreviation before a time or a date is its essive
_WEEKDAY_BEFORE = re.compile(
    r"(?<![\w.,\u2013-])(?i:(ma|ti|ke|to|pe|la|su))\.?(?=\s(?:klo\b|[Kk]ello\b|\d{1,2}(?:[.:]\d\d)?\s?[-\u2013]\s?\d"
    # ... or the range the shared rules have said already ("kymmenestä neljääntoista")
    r"|(?:yhde|kahde|kolme|neljä|viide|kuude|seitsemä|kahdeksa|yhdeksä|kymmene)\w*st[aä]\s))"
)


def _date(day: int, month: int, year: str | None, case: str) -> str | None:
    said = ordinal(day, case)
    if said is None:
        return None
    year_said = numbers.cardinal(year, "fi") if year else ""
    return f"{said} {MONTHS[month - 1]}{' ' + year_said if year_said else ''}"


def _full_stop(m: re.Match[str]) -> str:
    """The date's last dot also ended the sentence: keep it."""
    rest = m.string[m.end() :]
    return "." if m.group().endswith(".") and re.match(r"\s*(?:$|[A-ZÄÖÅ])", rest) else ""


def _before_date(m: re.Match[str]) -> str:
    before = (m.group(1) or "").lower()
    case = "ess" if before else None
    if m.group(2):
        case = "ela"
    if m.group(7):
        case = _CASE_AFTER[m.group(7)]
    if case is None:
        return m.group()
    said = _date(int(m.group(3)), int(m.group(4)), m.group(5), case)
    if said is None:
        return m.group()
    lead = ""
    if m.group(1):
        lead = _WEEKDAYS.get(before, m.group(1)) + " "
    elif m.group(2):
        lead = m.group(2) + " "
    return f"{lead}{said}{m.group(6) or ''}{m.group(7) or _full_stop(m)}"


def _day_span(m: re.Match[str]) -> str:
    day, month = int(m.group(1)), int(m.group(2) or m.group(4))
    if (month, day) >= (int(m.group(4)), int(m.group(3))):
        return m.group()
    # "3.5.-5.6.": each day with its month
    first = _date(day, month, None, "ela") if m.group(2) else ordinal(day, "ela")
    last = _date(int(m.group(3)), int(m.group(4)), m.group(5), "ill")
    if first is None or last is None:
        return m.group()
    return f"{first} {last}{_full_stop(m)}"


def rule(text: str) -> str:
    if "." not in text:
        return text
    text = _DAY_SPAN.sub(_day_span, text)
    text = _BEFORE_DATE.sub(_before_date, text)
    return _WEEKDAY_BEFORE.sub(lambda m: _said_weekday(m.group(1)), text)


def _said_weekday(abbreviation: str) -> str:
    said = _WEEKDAYS[abbreviation.lower()]
    return said.capitalize() if abbreviation[0].isupper() else said
