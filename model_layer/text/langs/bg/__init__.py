# ruff: noqa: RUF001, RUF003  (Cyrillic letters that look Latin are the data here)
"""Bulgarian: numbers agree with the noun after them; dates, years and ordinals as said.

Readings followed (Правописен речник на българския език, БАН 2012): a date is
ordinal day + month + feminine ordinal year + "година" (пети март две хиляди
двадесет и четвърта година); "3,5" is "три цяло и пет"; a time is "часа" and
"минути" (четиринадесет часа и тридесет минути); ordinals are written 1-ви,
2-ри, 3-ти, 5-и, 21-ви, with the form in their ending (1-ва, 1-во, 1-вият).
Numbers come from our own speller (`langs/bg/spell.py`: num2words has no Bulgarian).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import re

from model_layer.text.langs import central_slavic, data
from model_layer.text.langs.bg import amounts as bg_amounts
from model_layer.text.langs.bg import spell as bg
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import date_from_parts, word
from model_layer.text.shapes import time_spans

MONTHS = data.words("bg", "months")
# Short words after a number that are no counted noun: they leave the counting form.
_NOT_NOUNS = frozenset(data.words("bg", "not_nouns"))
_ORDINAL_FORMS = (("ият", "m_def"), ("ия", "m_def_short"), ("ата", "f_def"), ("ото", "n_def"),
                  ("ите", "pl_def"), ("а", "f"), ("о", "n"))  # fmt: skip
_YEAR = re.compile(r"(?<![\w.,])(\d{3,4})\s?(г\.|година|годината)(?!\w)")
_PLUS = re.compile(r"(?<![\w+])\+\s?(?=[^\W\d_])")
_DATE_YEAR_MARK = re.compile(r"(?<![\w.])(\d{1,2}[./]\d{1,2}[./]\d{4})\s?г\.")


def _date(parts: DateParts) -> str | None:
    words = f"{bg.ordinal(parts.day)} {MONTHS[parts.month - 1]}"
    return f"{words} {bg.year(parts.year)} година" if parts.year else words


_HOUR = word("час", "часа")
_MINUTE = word("минута", "минути", gender="f")
_SECOND = word("секунда", "секунди", gender="f")


def _counted(n: int, noun: word) -> str:  # type: ignore[valid-type]
    return f"{bg.cardinal(n, noun.gender)} {noun.form(0 if n == 1 else 1)}"  # type: ignore[attr-defined]


def _clock(hour: int, minute: int, second: int | None) -> str:
    words = _counted(hour, _HOUR)
    if minute:
        words += " и " + _counted(minute, _MINUTE)
    if second:
        words += " и " + _counted(second, _SECOND)
    return words


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    form = next((f for ending, f in _ORDINAL_FORMS if suffix.endswith(ending)), "m")
    return bg.ordinal(n, form)


def _ends_sentence(m: re.Match[str]) -> str:
    rest = m.string[m.end() :]
    return "." if not rest.strip() or (rest[:1].isspace() and rest.lstrip()[:1].isupper()) else ""


def _years(text: str) -> str:
    """ "1999 г." -> "хиляда деветстотин деветдесет и девета година"; "05.03.2024 г.":
    the date says "година" itself, so only the mark goes."""

    def say(m: re.Match[str]) -> str:
        definite = m.group(2) == "годината"
        said = f"{bg.ordinal(int(m.group(1)), 'f_def' if definite else 'f')} {m.group(2)}"
        said = said.replace(" г.", " година")
        return said + (_ends_sentence(m) if m.group(2) == "г." else "")

    text = _DATE_YEAR_MARK.sub(lambda m: m.group(1) + _ends_sentence(m), text)
    return _YEAR.sub(say, text)


# "90-те години": деветдесетте; "пон.-пет.": от понеделник до петък; "лв./нощувка": на
# нощувка; "2/3 от избирателите": две трети; "200 г брашно": грама (not the year mark "г.").
_DECADE = re.compile(r"(?<![\w.,])(\d{0,2}\d0)-те(?!\w)")
_DAYS = data.table("bg", "days")
_DAY = "(пон|вт|ср|чет|пет|съб|нед)"
_DAY_RANGE = re.compile(rf"(?<!\w){_DAY}\.?\s?[-\u2013]\s?{_DAY}(?:\.(?=\s+[а-я0-9]))?(?![\w])")
_PER_UNIT = re.compile(r"(?<=[\w.€%])/(нощувка|нощ|ден|месец|година|час|човек|бр\.|кг)(?!\w)")
_PER_WORDS = {"бр.": "брой", "кг": "килограм"}
# "гр. София", "с. Равда": town and village before a name; "200 гр." stays grams.
_TOWN = re.compile(r"(?<![\w.])(?<!\d )(гр|с)\.\s(?=[А-Я])")
_GRAMS = re.compile(r"(?<=\d)(\s?)г(?=\s+[а-я])(?!\.)")


def _everyday(text: str) -> str:
    def decade(m: re.Match[str]) -> str:
        words = bg.cardinal(int(m.group(1)))
        return words + "те"  # the definite plural: "деветдесетте"

    text = _DECADE.sub(decade, text)
    text = _DAY_RANGE.sub(lambda m: f"от {_DAYS[m.group(1)]} до {_DAYS[m.group(2)]}", text)
    text = _PER_UNIT.sub(lambda m: f" на {_PER_WORDS.get(m.group(1), m.group(1))}", text)
    text = _GRAMS.sub(lambda m: f"{m.group(1)}гр", text)
    text = _TOWN.sub(lambda m: "град " if m.group(1) == "гр" else "село ", text)
    return text


def _plus(text: str) -> str:
    return _PLUS.sub("плюс ", text)  # "+5 °C": a sign, said after the phones were read


def _spaces(text: str) -> str:
    return re.sub(r"(?<=\S) {2,}(?=\S)", " ", text)


# Words before a number that names (read digit by digit): the personal and company
# numbers, orders, invoices, parcels, accounts.
_IDS = (
    r"ЕГН|ЕИК|БУЛСТАТ|ЛНЧ|ИН по ДДС|поръчка\w*|фактура\w*|пратка\w*|резервация\w*|"
    r"договор\w*|сметка\w*"
)
# "до 3–5 дни", "след 2–3 седмици": the preposition stands where "от" would ("след две до
# три седмици", not "след от две до три")
_RANGE_PREPOSITIONS = frozenset(data.words("bg", "range_prepositions"))
_UNITS = data.nouns("bg", "units")

SPEC = LanguageSpec(
    code="bg",
    gendered=lambda digits, gender: bg.cardinal(int(digits), gender),
    agreeing=central_slavic.one_and_two_agreeing(bg, _NOT_NOUNS, "n"),
    percent=word("процент", "процента"),
    currencies=data.currencies("bg"),
    currency_symbols={"лв.": "BGN", "лв": "BGN"},
    currency_and="и",
    months=MONTHS,
    year_suffix=r"г\.|година",
    date=_date,
    clock=_clock,
    time_trailer=r"ч\.|ч",
    ordinal_suffix="-[врмнт]?(?:ият|ия|ата|ото|ите|ен|и|а|о)",
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols=data.table("bg", "unit_symbols"),
    foreign_grouping=True,
    range_template="от {} до {}",
    version_keywords="версия|версията",
    point_word="точка",
    plus_word="плюс",
    and_word="и",
    equals_word="равно на",
    abbreviations=data.table("bg", "abbreviations"),
    titles=frozenset(data.words("bg", "titles")),
    scales={
        "хил.": word("хиляда", "хиляди", gender="f"),
        "млн.": word("милион", "милиона"),
        "млн": word("милион", "милиона"),  # also written without its dot
        "млрд": word("милиард", "милиарда"),
        "млрд.": word("милиард", "милиарда"),
    },
    extra_rules=(
        central_slavic.id_rule(_IDS, "bg", codes=r"(?<!пощенски )код\w*|ПИН|PIN"),
        central_slavic.time_span_rule("от", "до", ("между", "и")),
        bg_amounts.rule,
        central_slavic.preposition_range_rule(_RANGE_PREPOSITIONS, "до"),
        time_spans.rule("до"),
        _everyday,
        _years,
    ),
    final_rules=(_plus, _spaces),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(
        day, month, year, full, MONTHS, lambda y: f"{bg.year(y)} година", bg.ordinal
    )
