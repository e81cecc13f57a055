# ruff: noqa: RUF001, RUF002, RUF003  (the text is Cyrillic, not look-alike Latin)
"""Russian: the spec, and ordinals and years in the case their context asks for.

Rules followed (Розенталь, Справочник по правописанию и стилистике, §§ on
numerals): a written ending names the case ("5-го" -> "пятого", "3-я" ->
"третья"); a date is "пятое марта", in the genitive after с, до, от, после,
около ("до пятого марта"), dative after к; the year in a date is a genitive
ordinal ("две тысячи двадцать четвёртого года"); "в 2024 году" is prepositional.
Only the last word of a compound ordinal changes. Cardinals are not declined
("более 5 человек" stays "более пять"): that needs the governing word's case.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import last_word, plural_east_slavic, word

MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
          "сентября", "октября", "ноября", "декабря")  # fmt: skip

# case -> ending, for hard stems (пятый, второй) and the soft "третий"
_HARD = {
    "nom": "ый",
    "gen": "ого",
    "dat": "ому",
    "ins": "ым",
    "prep": "ом",
    "f": "ая",
    "f_acc": "ую",
    "f_obl": "ой",
    "n": "ое",
    "pl": "ые",
    "pl_gen": "ых",
    "pl_ins": "ыми",
}
_SOFT = {
    "nom": "ий",
    "gen": "ьего",
    "dat": "ьему",
    "ins": "ьим",
    "prep": "ьем",
    "f": "ья",
    "f_acc": "ью",
    "f_obl": "ьей",
    "n": "ье",
    "pl": "ьи",
    "pl_gen": "ьих",
    "pl_ins": "ьими",
}
_SUFFIX_CASE = {
    "й": "nom",
    "ый": "nom",
    "ий": "nom",
    "ой": "f_obl",
    "го": "gen",
    "ого": "gen",
    "му": "dat",
    "ому": "dat",
    "я": "f",
    "ая": "f",
    "ю": "f_acc",
    "е": "n",
    "ое": "n",
    "ые": "pl",
    "х": "pl_gen",
    "ых": "pl_gen",
    "ми": "pl_ins",
    "ей": "f_obl",
}
_PREP_M = frozenset(("в", "во", "о", "об", "обо", "на", "при"))  # "-м" after these: prepositional
_GENITIVE = frozenset(
    (
        "с",
        "со",
        "до",
        "от",
        "после",
        "около",
        "из",
        "для",
        "без",
        "у",
        "кроме",
        "накануне",
        "начиная",
        "вплоть",
        "посреди",
        "середины",
        "конца",
        "начала",
    )
)


def ordinal(n: int, case: str) -> str | None:
    words = numbers.ordinal(n, "ru")
    if words is None:
        return None
    head, _, last = words.rpartition(" ")
    if last.endswith("ий"):  # третий
        last = last[:-2] + _SOFT[case]
    elif case == "nom":
        pass  # "второй", "пятый": num2words knows the stressed ending
    elif last.endswith(("ый", "ой")):
        last = last[:-2] + _HARD[case]
    return f"{head} {last}" if head else last


# "3-х часов" is the cardinal's genitive; "5-х", "1990-х" an ordinal plural
_CARDINAL_GENITIVE = {2: "двух", 3: "трёх", 4: "четырёх"}


def _suffixed(n: int, suffix: str, before: str, after: str) -> str | None:
    if suffix == "-х" and n in _CARDINAL_GENITIVE:
        return _CARDINAL_GENITIVE[n]
    suffix = suffix.lstrip("-")
    if suffix == "м":
        case = "prep" if last_word(before) in _PREP_M else "ins"
    else:
        case = _SUFFIX_CASE[suffix]
    return ordinal(n, case)


def _date(parts: DateParts) -> str | None:
    prep = last_word(parts.before)
    case = "gen" if prep in _GENITIVE else "dat" if prep in ("к", "ко") else "n"
    day = ordinal(parts.day, case)
    if day is None:
        return None
    said = f"{day} {MONTHS[parts.month - 1]}"
    if parts.year is None:
        return said
    year = ordinal(parts.year, "gen")
    return None if year is None else f"{said} {year} года"


_FIRST_DAY = re.compile(
    rf"(?<![\w.,])(\d{{1,2}})(?=\s?(?:по|и|или|-|–)\s?\d{{1,2}}\s(?:{'|'.join(MONTHS)})(?!\w))"
)


def _first_days(text: str) -> str:
    """ "с 1 по 3 мая" -> "с первого по третье мая": the first day of a span is a date too."""

    def say(m: re.Match[str]) -> str:
        parts = DateParts(int(m.group(1)), 1, None, m.string[: m.start()])
        words = _date(parts)
        return m.group() if words is None or not 1 <= parts.day <= 31 else words.rsplit(" ", 1)[0]

    return _FIRST_DAY.sub(say, text)


_YEAR_NOUN = re.compile(r"(?<![\w.,])(\d{3,4})\s?(годами|годах|годом|году|года|год|гг?\.)(?!\w)")
_YEAR_CASE = {"год": ("nom", "год"), "года": ("gen", "года"), "году": ("prep", "году"),
              "годом": ("ins", "годом"), "годах": ("pl_gen", "годах"),
              "годами": ("pl_ins", "годами")}  # fmt: skip


def _years(text: str) -> str:
    """ "в 2024 году" -> "в две тысячи двадцать четвёртом году"; "г." by the preposition."""

    def say(m: re.Match[str]) -> str:
        noun = m.group(2)
        prep = last_word(m.string[: m.start()])
        if prep in MONTHS:
            return m.group()  # "5 мая 2024 г.": the date says it
        if noun.startswith("г") and noun.endswith("."):
            case, noun = (
                ("prep", "году") if prep in _PREP_M else
                ("gen", "года") if prep in _GENITIVE else
                ("dat", "году") if prep in ("к", "ко", "по") else ("nom", "год")
            )  # fmt: skip
        else:
            case, noun = _YEAR_CASE[noun]
            if case == "prep" and prep in ("к", "ко", "по"):
                case = "dat"  # "к 2024 году"
        words = ordinal(int(m.group(1)), case)
        return m.group() if words is None else f"{words} {noun}"

    return _YEAR_NOUN.sub(say, text)


_KOPEK = word("копейка", "копейки", "копеек", "копейки", gender="f")
_CENT = word("цент", "цента", "центов", "цента")
_HOURS = word("час", "часа", "часов", "часа")
_UNITS = {
    "km": word("километр", "километра", "километров", "километра"),
    "m": word("метр", "метра", "метров", "метра"),
    "cm": word("сантиметр", "сантиметра", "сантиметров", "сантиметра"),
    "mm": word("миллиметр", "миллиметра", "миллиметров", "миллиметра"),
    "kg": word("килограмм", "килограмма", "килограммов", "килограмма"),
    "g": word("грамм", "грамма", "граммов", "грамма"),
    "l": word("литр", "литра", "литров", "литра"),
    "ml": word("миллилитр", "миллилитра", "миллилитров", "миллилитра"),
    "km/h": word("километр в час", "километра в час", "километров в час", "километра в час"),
    "m2": word("квадратный метр", "квадратных метра", "квадратных метров", "квадратного метра"),
    "h": _HOURS, "min": word("минута", "минуты", "минут", "минуты", gender="f"),
    "s": word("секунда", "секунды", "секунд", "секунды", gender="f"),
    "GB": word("гигабайт", "гигабайта", "гигабайт", "гигабайта"),
    "MB": word("мегабайт", "мегабайта", "мегабайт", "мегабайта"),
    "kW": word("киловатт", "киловатта", "киловатт", "киловатта"),
    "C": word("градус Цельсия", "градуса Цельсия", "градусов Цельсия", "градуса Цельсия"),
    "deg": word("градус", "градуса", "градусов", "градуса"),
}  # fmt: skip
_UNIT_SYMBOLS = {"км": "km", "м": "m", "см": "cm", "мм": "mm", "кг": "kg", "г": "g", "л": "l",
                 "мл": "ml", "км/ч": "km/h", "м²": "m2", "ч": "h", "мин": "min", "сек": "s",
                 "ГБ": "GB", "Гб": "GB", "МБ": "MB", "Мб": "MB", "кВт": "kW"}  # fmt: skip
_ABBREVIATIONS = {
    "т. е.": "то есть", "т. д.": "так далее", "т. п.": "тому подобное", "т. к.": "так как",
    "напр.": "например", "ул.": "улица", "им.": "имени", "др.": "другие", "проф.": "профессор",
}  # fmt: skip
_SCALES = {
    "тыс.": word("тысяча", "тысячи", "тысяч", "тысячи", gender="f"),
    "млн": word("миллион", "миллиона", "миллионов", "миллиона"),
    "млрд": word("миллиард", "миллиарда", "миллиардов", "миллиарда"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="ru",
    plural=plural_east_slavic,  # один рубль, два рубля, пять рублей, 2,5 рубля
    genders={"f": {"один": "одна", "два": "две"}, "n": {"один": "одно"}},
    # num2words makes every "один" of a decimal feminine (for "целая"): "одна миллион"
    word_fixes=((r"\bодна (?=(?:миллион|миллиард|триллион)\b)", "один "),),
    percent=word("процент", "процента", "процентов", "процента"),
    currencies={
        "RUB": Currency(word("рубль", "рубля", "рублей", "рубля"), _KOPEK),
        "USD": Currency(word("доллар", "доллара", "долларов", "доллара"), _CENT),
        "EUR": Currency(word("евро"), _CENT),
        "GBP": Currency(word("фунт", "фунта", "фунтов", "фунта"), word("пенни")),
        "UAH": Currency(word("гривна", "гривны", "гривен", "гривны", gender="f"), _KOPEK),
    },
    currency_symbols={"₽": "RUB", "руб.": "RUB", "руб": "RUB", "₴": "UAH"},
    scales=_SCALES,
    months=MONTHS,
    year_suffix=r"года|г\.",  # said by the date itself: "... четвёртого года"
    date=_date,
    time_format_hour="{h} {hw}",  # "четырнадцать часов", "двадцать один час"
    hour_word=_HOURS,
    minute_zero="ноль",  # "девять ноль пять"
    ordinal_suffix="-(?:ого|ому|ый|ий|ой|ая|ое|ые|ых|ми|го|му|ей|й|я|ю|е|х|м)",
    ordinal=_suffixed,
    units=_UNITS,
    unit_symbols=_UNIT_SYMBOLS,
    version_word="версия",
    version_keywords="версия|версии|Версия",
    point_word="точка",
    plus_word="плюс",
    and_word="и",
    equals_word="равно",
    section_word="параграф",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("т. е.", "т. к.", "напр.", "ул.", "им.", "проф.")),  # never end a sentence
    extra_rules=(_years, _first_days),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
