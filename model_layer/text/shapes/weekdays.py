# ruff: noqa: RUF001, RUF002, RUF003  (Cyrillic and Latin letters side by side are the data here)
"""Abbreviated weekday spans in opening hours and timetables:
"Mo–Fr 9–18 Uhr" is "Montag bis Freitag ...", "пн–пт" "с понедельника по пятницу",
"pon.–pt." "od poniedziałku do piątku", "ma t/m vr" "maandag tot en met vrijdag".

Only a span is read: two of the language's weekday abbreviations joined by a dash (or
"t/m", "bis"), so that "Do", "po", "so", "ma" stay words elsewhere. Run before the
other abbreviations (`abbreviations.read`), which would say one side alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from model_layer.text.langs import data


@dataclass(frozen=True)
class _Days:
    short: tuple[tuple[str, ...], ...]  # Monday..Sunday: the ways each is abbreviated
    first: tuple[str, ...]  # the first day's form ("с понедельника")
    last: tuple[str, ...]  # the last day's form ("по пятницу")
    template: str  # "{a} bis {b}"
    joints: str  # regex: what joins the two days


def _days(lang: str, template: str, joints: str = r"\s?[-–—]\s?") -> _Days:
    """The language's days from `data/weekdays.spans.tsv`, said in `template`."""
    rows = data.rows(lang, "weekdays.spans")
    return _Days(
        tuple(tuple(short.split()) for short, _, _ in rows),
        tuple(first for _, first, _ in rows),
        tuple(last for _, _, last in rows),
        template,
        joints,
    )


# "lun.-ven." du lundi au vendredi, "seg-sex" de segunda a sexta (opening hours); vi writes
# the days by number, "T2" (thứ hai, Monday) to "T7", and "CN" for Sunday
_TABLES = {
    "de": _days("de", "{a} bis {b}", r"\s?(?:[-–—]|bis)\s?"),
    "nl": _days("nl", "{a} tot en met {b}", r"\s?(?:[-–—]|t/m|tot en met)\s?"),
    "sv": _days("sv", "{a} till {b}"),
    "da": _days("da", "{a} til {b}"),
    "fr": _days("fr", "du {a} au {b}"),
    "es": _days("es", "de {a} a {b}"),
    "it": _days("it", "dal {a} {b}"),
    "pt": _days("pt", "de {a} a {b}"),
    "cs": _days("cs", "{a} až {b}"),
    "pl": _days("pl", "od {a} do {b}"),
    "ru": _days("ru", "с {a} по {b}"),
    "vi": _days("vi", "{a} đến {b}"),
    "bg": _days("bg", "от {a} до {b}"),
    "uk": _days("uk", "з {a} по {b}"),
}


def _day_alternatives(days: _Days) -> str:
    """Every abbreviation of the days as one regex alternation, the longest first."""
    forms = {form for forms in days.short for form in forms}
    return "|".join(sorted(map(re.escape, forms), key=len, reverse=True))


def _compile(days: _Days) -> tuple[re.Pattern[str], dict[str, int]]:
    index = {form.lower(): i for i, forms in enumerate(days.short) for form in forms}
    day = rf"(?:{_day_alternatives(days)})"
    pattern = re.compile(
        rf"(?<![\w.])(?P<a>{day})\.?(?:{days.joints})(?P<b>{day})\.?(?!\w)", re.IGNORECASE
    )
    return pattern, index


_COMPILED = {lang: _compile(days) for lang, days in _TABLES.items()}


def read(text: str, lang: str) -> str:
    """`text` with its weekday spans said."""
    compiled = _COMPILED.get(lang)
    if compiled is None:
        return text
    pattern, index = compiled
    days = _TABLES[lang]

    def say(m: re.Match[str]) -> str:
        a, b = index[m.group("a").lower()], index[m.group("b").lower()]
        if a == b:
            return m.group()
        said = days.template.format(a=days.first[a], b=days.last[b])
        if m.group()[:1].isupper() and lang not in ("de", "vi"):
            said = said[:1].upper() + said[1:]
        rest = m.string[m.end() :]
        if m.group().endswith(".") and (not rest.strip() or rest[:2].strip()[:1].isupper()):
            said += "."  # "pn–pt." ends the sentence
        return said

    text = pattern.sub(say, text)
    one_day = _ONE_DAY.get(lang)
    if one_day is not None:  # "Sa 10–14 Uhr", "сб 10-15": one day before its hours
        names = _NOMINATIVE.get(lang, days.first)
        text = one_day.sub(lambda m: names[index[m.group(1).lower()]], text)
    day_alone = _DAY_ALONE.get(lang)
    if day_alone is not None:  # "Nghỉ T7, CN": a day alone, no letters-and-digits reader's
        text = day_alone.sub(lambda m: days.first[index[m.group(1).lower()]], text)
    before_date = _BEFORE_DATE.get(lang)
    if before_date is not None:
        names = _NOMINATIVE.get(lang, days.first)

        def day(m: re.Match[str]) -> str:
            before = m.string[max(0, m.start() - 6) : m.start()].split()
            if before and before[-1].lower() in _PREPOSITIONS:
                return m.group()  # "w sob." w sobotę: the abbreviation tables' case
            return names[index[m.group(1).lower()]] + ("," if "," in m.group(2) else "") + " "

        text = before_date.sub(day, text)
    return text


# One day before a date, "ma. 3 juni", "pon., 3 czerwca", "пн, 3 июня": the day's name.
# Only with its dot or a comma after it, so that "po 3. června" (cs "after") and "do 3"
# stay words; de, fr, es, it, pt say it through their abbreviation tables.
_PREPOSITIONS = frozenset(
    ("w", "we", "od", "do", "na", "przez", "в", "во", "с", "по", "до", "на", "у", "з", "v", "ve")
)
_NOMINATIVE = {
    "pl": ("poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"),
    "ru": ("понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"),
    "uk": ("понеділок", "вівторок", "середа", "четвер", "п'ятниця", "субота", "неділя"),
}


def _before_date(lang: str) -> re.Pattern[str]:
    alternatives = _day_alternatives(_TABLES[lang])
    return re.compile(rf"(?<![\w.])({alternatives})(\.,?|,)\s(?=\d{{1,2}}\.?\s)", re.IGNORECASE)


_BEFORE_DATE = {lang: _before_date(lang) for lang in ("nl", "sv", "da", "pl", "ru", "uk", "cs")}


def _one_day(lang: str) -> re.Pattern[str]:
    alternatives = _day_alternatives(_TABLES[lang])
    flags = 0 if lang == "de" else re.IGNORECASE  # de: "So" the day, "so" the word
    return re.compile(rf"(?<![\w.])({alternatives})\.?(?=\s\d{{1,2}}(?:[:.]\d\d)?\s?[-–])", flags)


_ONE_DAY = {lang: _one_day(lang) for lang in ("de", "nl", "sv", "da", "pl", "ru", "uk", "bg")}


# vi writes its days as tokens that are never words ("T7", "CN"): one alone is a day.
_DAY_ALONE = {
    "vi": re.compile(rf"(?<![\w/])({_day_alternatives(_TABLES['vi'])})(?=[\s,.;:)]|$)"),
}
