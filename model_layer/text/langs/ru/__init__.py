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

from model_layer.text.langs import data
from model_layer.text.langs.east_slavic import CaseRules, CaseTables
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import plural_east_slavic, word
from model_layer.text.shapes import slavic_ranges, slavic_times

MONTHS = data.words("ru", "months")
MONTH_NAMES = data.words("ru", "month_names")

_TABLES = CaseTables(
    code="ru",
    months=MONTHS,
    hard={"gen": "ого", "dat": "ому", "ins": "ым", "loc": "ом", "f": "ая", "f_acc": "ую",
          "f_obl": "ой", "n": "ое", "pl": "ые", "pl_gen": "ых", "pl_ins": "ыми"},
    hard_ends=("ый", "ой"),
    soft={"gen": "ьего", "dat": "ьему", "ins": "ьим", "loc": "ьем", "f": "ья", "f_acc": "ью",
          "f_obl": "ьей", "n": "ье", "pl": "ьи", "pl_gen": "ьих", "pl_ins": "ьими"},
    soft_end="ий",
    suffix_case={"й": "nom", "ый": "nom", "ий": "nom", "ой": "f_obl", "го": "gen", "ого": "gen",
                 "му": "dat", "ому": "dat", "я": "f", "ая": "f", "ю": "f_acc", "е": "n",
                 "ое": "n", "ые": "pl", "х": "pl_gen", "ых": "pl_gen", "ми": "pl_ins",
                 "ей": "f_obl"},
    ambiguous={"м": ("loc", "ins")},  # "на 5-м этаже", "5-м номером"
    locative=frozenset(("в", "во", "о", "об", "обо", "на", "при")),
    genitive=frozenset(("с", "со", "до", "от", "после", "около", "из", "для", "без", "у",
                        "кроме", "накануне", "начиная", "вплоть", "середины", "конца",
                        "начала")),
    dative=frozenset(("к", "ко")),
    cardinal_genitive={2: "двух", 3: "трёх", 4: "четырёх"},  # "3-х часов"
    year_nouns={"год": "nom", "года": "gen", "году": "loc", "годом": "ins", "годах": "pl_gen",
                "годами": "pl_ins"},
    year_abbreviation=r"гг?\.",
    year_said={"nom": "год", "gen": "года", "loc": "году", "dat": "году"},
    year_in_date="года",
    named_after=frozenset(("сегодня", "завтра", "вчера", "послезавтра", "это", "был", "была",
                           "было", "будет", "наступило", "наступит", "настало", "наступает",
                           "дата", "число", "на", "по", "в", "во", "за", "про", "через", "и",
                           "или", "а", "же")),
)  # fmt: skip
CASES = CaseRules(_TABLES)


_HOURS = word("час", "часа", "часов", "часа")
_UNITS = data.nouns("ru", "units")
_UNIT_SYMBOLS = data.table("ru", "unit_symbols")
_ABBREVIATIONS = data.table("ru", "abbreviations")
# A city before its name ("г. Москва"): not after a number, where "г." is a year or a gram.
_CITY = re.compile(r"(?<!\w)(?<!\d )(?<!\d\u00a0)(?:([Вв]о?) )?г\.[ \u00a0]?(?=[А-ЯЁ][а-яё])")


def _cities(text: str) -> str:
    return _CITY.sub(lambda m: f"{m.group(1)} городе " if m.group(1) else "город ", text)


_SCALES = data.nouns("ru", "scales")  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("ru", "month_abbreviations")
# "5–7 дней": a range before its noun, read "от пяти до семи дней" (slavic_ranges.py)
_PERCENT = word("процент", "процента", "процентов", "процента")
_RANGES = slavic_ranges.east_rule(
    "ru", slavic_ranges.unit_words(_UNITS, _UNIT_SYMBOLS, _PERCENT, _SCALES), MONTHS
)
SPEC = LanguageSpec(
    code="ru",
    plural=plural_east_slavic,  # один рубль, два рубля, пять рублей, 2,5 рубля
    genders={"f": {"один": "одна", "два": "две"}, "n": {"один": "одно"}},
    # num2words makes every "один" of a decimal feminine (for "целая"): "одна миллион"
    word_fixes=(
        (r"\bодна (?=(?:миллион|миллиард|триллион)\b)", "один "),
        (r"^одна тысяча\b", "тысяча"),  # "тысяча двести рублей", as it is said
    ),
    percent=_PERCENT,
    currencies=data.currencies("ru"),
    currency_symbols=data.table("ru", "currency_symbols"),
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    year_suffix=r"года|г\.",  # said by the date itself: "... четвёртого года"
    date=CASES.date,
    time_format_hour="{h} {hw}",  # "четырнадцать часов", "двадцать один час"
    hour_word=_HOURS,
    minute_zero="ноль",  # "девять ноль пять"
    ordinal_suffix="-(?:ого|ому|ый|ий|ой|ая|ое|ые|ых|ми|го|му|ей|й|я|ю|е|х|м)",
    ordinal=CASES.suffixed,
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
    titles=frozenset(data.words("ru", "titles")),  # never end a sentence
    extra_rules=(_cities, slavic_times.rule("ru"), CASES.years, CASES.first_days, _RANGES),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
