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


@dataclass(frozen=True)
class _Days:
    short: tuple[tuple[str, ...], ...]  # Monday..Sunday: the ways each is abbreviated
    first: tuple[str, ...]  # the first day's form ("с понедельника")
    last: tuple[str, ...]  # the last day's form ("по пятницу")
    template: str  # "{a} bis {b}"
    joints: str = r"\s?[-–—]\s?"  # regex: what joins the two days


_DE = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
_SV = ("måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag")
_DA = ("mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag")
_NL = ("maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag")
_FR = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_ES = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
_IT = ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica")
_PT = ("segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo")
_VI = ("thứ hai", "thứ ba", "thứ tư", "thứ năm", "thứ sáu", "thứ bảy", "chủ nhật")
_CS = ("pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota", "neděle")

_TABLES = {
    "de": _Days((("Mo",), ("Di",), ("Mi",), ("Do",), ("Fr",), ("Sa",), ("So",)), _DE, _DE,
                "{a} bis {b}", r"\s?(?:[-–—]|bis)\s?"),
    "nl": _Days((("ma",), ("di",), ("wo",), ("do",), ("vr",), ("za",), ("zo",)), _NL, _NL,
                "{a} tot en met {b}", r"\s?(?:[-–—]|t/m|tot en met)\s?"),
    "sv": _Days((("mån",), ("tis",), ("ons",), ("tors", "tor"), ("fre",), ("lör",), ("sön",)),
                _SV, _SV, "{a} till {b}"),
    "da": _Days((("man",), ("tirs", "tir"), ("ons",), ("tors", "tor"), ("fre",), ("lør",),
                 ("søn",)), _DA, _DA, "{a} til {b}"),
    # "lun.-ven." du lundi au vendredi, "lun-vie" de lunes a viernes, "lun-ven" dal lunedì al
    # venerdì, "seg-sex" de segunda a sexta (opening hours)
    "fr": _Days((("lun",), ("mar",), ("mer",), ("jeu",), ("ven",), ("sam",), ("dim",)), _FR,
                _FR, "du {a} au {b}"),
    "es": _Days((("lun",), ("mar",), ("mié", "mie", "miér"), ("jue",), ("vie",),
                 ("sáb", "sab"), ("dom",)), _ES, _ES, "de {a} a {b}"),
    "it": _Days((("lun",), ("mar",), ("mer",), ("gio",), ("ven",), ("sab",), ("dom",)), _IT,
                ("al lunedì", "al martedì", "al mercoledì", "al giovedì", "al venerdì",
                 "al sabato", "alla domenica"), "dal {a} {b}"),
    "pt": _Days((("seg",), ("ter",), ("qua",), ("qui",), ("sex",), ("sáb", "sab"), ("dom",)),
                _PT, _PT, "de {a} a {b}"),
    "cs": _Days((("po",), ("út",), ("st",), ("čt",), ("pá",), ("so",), ("ne",)), _CS, _CS,
                "{a} až {b}"),
    "pl": _Days((("pon", "pn"), ("wt",), ("śr",), ("czw",), ("pt",), ("sob",), ("niedz", "nd")),
                ("poniedziałku", "wtorku", "środy", "czwartku", "piątku", "soboty", "niedzieli"),
                ("poniedziałku", "wtorku", "środy", "czwartku", "piątku", "soboty", "niedzieli"),
                "od {a} do {b}"),
    "ru": _Days((("пн",), ("вт",), ("ср",), ("чт",), ("пт",), ("сб",), ("вс",)),
                ("понедельника", "вторника", "среды", "четверга", "пятницы", "субботы",
                 "воскресенья"),
                ("понедельник", "вторник", "среду", "четверг", "пятницу", "субботу",
                 "воскресенье"),
                "с {a} по {b}"),
    # vi writes the days by number, "T2" (thứ hai, Monday) to "T7", and "CN" for Sunday
    "vi": _Days((("T2",), ("T3",), ("T4",), ("T5",), ("T6",), ("T7",), ("CN",)), _VI, _VI,
                "{a} đến {b}"),
    "bg": _Days((("пн",), ("вт",), ("ср",), ("чт",), ("пт",), ("сб",), ("нд",)),
                ("понеделник", "вторник", "сряда", "четвъртък", "петък", "събота", "неделя"),
                ("понеделник", "вторник", "сряда", "четвъртък", "петък", "събота", "неделя"),
                "от {a} до {b}"),
    "uk": _Days((("пн",), ("вт",), ("ср",), ("чт",), ("пт",), ("сб",), ("нд",)),
                ("понеділка", "вівторка", "середи", "четверга", "п'ятниці", "суботи", "неділі"),
                ("понеділок", "вівторок", "середу", "четвер", "п'ятницю", "суботу", "неділю"),
                "з {a} по {b}"),
}  # fmt: skip


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
