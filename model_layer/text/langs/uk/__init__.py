# ruff: noqa: RUF001, RUF002, RUF003  (the text is Cyrillic, not look-alike Latin)
"""Ukrainian: the spec, and ordinals and years in the case their context asks for.

Rules followed (Український правопис 2019, § 106-108 on numerals; Пономарів,
Культура слова): a written ending names the case ("5-го" -> "п'ятого"); a date
is "п'яте березня", genitive after з, від, до, після ("до п'ятого березня"); the
year in a date is a genitive ordinal ("... двадцять четвертого року"); "у 2024
році" is locative; the hour is a feminine ordinal ("о чотирнадцятій тридцять").
Only the last word of a compound ordinal changes; cardinals are not declined.
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.east_slavic import CaseRules, CaseTables
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import last_word, plural_east_slavic, word
from model_layer.text.shapes import slavic_ranges, slavic_times

MONTHS = data.words("uk", "months")
MONTH_NAMES = data.words("uk", "month_names")

_TABLES = CaseTables(
    code="uk",
    months=MONTHS,
    hard={"gen": "ого", "dat": "ому", "ins": "им", "loc": "ому", "f": "а", "f_acc": "у",
          "f_obl": "ій", "n": "е", "pl": "і", "pl_gen": "их", "pl_ins": "ими", "f_gen": "ої"},
    hard_ends=("ий",),
    soft={"gen": "ього", "dat": "ьому", "ins": "ім", "loc": "ьому", "f": "я", "f_acc": "ю",
          "f_obl": "ій", "n": "є", "pl": "і", "pl_gen": "іх", "pl_ins": "іми", "f_gen": "ьої"},
    soft_end="ій",
    suffix_case={"й": "nom", "ий": "nom", "ій": "f_obl", "го": "gen", "ого": "gen", "ому": "dat",
                 "м": "ins", "им": "ins", "а": "f", "я": "f", "у": "f_acc", "ю": "f_acc",
                 "е": "n", "є": "n", "і": "pl", "ї": "f_gen", "х": "pl_gen", "ми": "pl_ins",
                 # with the stem's last consonant, as often written: "2-ге", "3-тє", "1-ша"
                 "ге": "n", "те": "n", "тє": "n", "ше": "n", "ме": "n",
                 "га": "f", "та": "f", "тя": "f", "ша": "f", "ма": "f",
                 "гий": "nom", "тий": "nom", "ший": "nom", "мий": "nom",
                 "гого": "gen", "того": "gen", "тього": "gen", "шого": "gen", "мого": "gen"},
    ambiguous={"му": ("loc", "dat")},  # "на 5-му поверсі", "5-му учневі"
    locative=frozenset(("у", "в", "на", "при", "о", "об", "по")),
    genitive=frozenset(("з", "із", "зі", "від", "до", "після", "біля", "близько", "для", "без",
                        "починаючи", "середини", "кінця", "початку")),
    dative=frozenset(),
    cardinal_genitive={2: "двох", 3: "трьох", 4: "чотирьох"},  # "3-х годин"
    year_nouns={"рік": "nom", "року": "gen", "році": "loc", "роком": "ins", "роках": "pl_gen",
                "роками": "pl_ins"},
    year_abbreviation=r"рр?\.",
    year_said={"nom": "рік", "gen": "року", "loc": "році"},
    year_in_date="року",
    drop_prefix="одна ",  # "тисяча дев'ятсот ...", as it is said
    named_after=frozenset(("сьогодні", "завтра", "вчора", "післязавтра", "це", "був", "була",
                           "було", "буде", "настало", "настане", "дата", "число", "на", "по",
                           "в", "у", "за", "про", "через", "і", "й", "та", "або", "а", "ж")),
)  # fmt: skip
CASES = CaseRules(_TABLES)


def _hour(h: int, before: str) -> str | None:
    """ "о чотирнадцятій", "чотирнадцята": the hour is a feminine ordinal (година)."""
    if h == 0:
        return "нуль"
    prep = last_word(before)
    if prep in _HOUR_GENITIVE:
        return CASES.ordinal(h, "f_gen")  # "з дев'ятої до двадцять першої"
    return CASES.ordinal(h, "f_obl" if prep in ("о", "об") else "f")


_HOUR_GENITIVE = frozenset(data.words("uk", "hour_genitive"))


_UNITS = data.nouns("uk", "units")
_UNIT_SYMBOLS = data.table("uk", "unit_symbols")
_ABBREVIATIONS = data.table("uk", "abbreviations")
# A settlement before its name ("м. Київ", "с. Петрівка"): not after a number, where
# "м." is a metre and "с." a page or a second.
_SETTLEMENT = re.compile(
    r"(?<!\w)(?<!\d )(?<!\d\u00a0)(?:([Уув]) )?([мс])\.[ \u00a0]?(?=[А-ЯЄІЇҐ][а-яєіїґ'])"
)
_SETTLEMENTS = {"м": ("місто", "місті"), "с": ("село", "селі")}  # "у місті Києві"


def _settlements(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        plain, located = _SETTLEMENTS[m.group(2)]
        return f"{m.group(1)} {located} " if m.group(1) else f"{plain} "

    return _SETTLEMENT.sub(say, text)


_SCALES = data.nouns("uk", "scales")  # written abbreviations of large numbers
# Months abbreviated after a day: "12 okt."
_MONTH_ABBREVIATIONS = data.numbered("uk", "month_abbreviations")
# "5–7 дней": a range before its noun, read "от пяти до семи дней" (slavic_ranges.py)
_PERCENT = word("відсоток", "відсотки", "відсотків", "відсотка")
_RANGES = slavic_ranges.east_rule(
    "uk", slavic_ranges.unit_words(_UNITS, _UNIT_SYMBOLS, _PERCENT, _SCALES), MONTHS
)
SPEC = LanguageSpec(
    word_fixes=((r"^одна тисяча\b", "тисяча"),),  # "тисяча двісті гривень", as it is said
    code="uk",
    plural=plural_east_slavic,  # одна гривня, дві гривні, п'ять гривень, 2,5 гривні
    genders={"f": {"один": "одна", "два": "дві"}, "n": {"один": "одне"}},
    percent=_PERCENT,
    currencies=data.currencies("uk"),
    currency_symbols=data.table("uk", "currency_symbols"),
    scales=_SCALES,
    months=MONTHS,
    month_aliases=_MONTH_ABBREVIATIONS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    year_suffix=r"року|р\.",
    date=CASES.date,
    hour=_hour,
    minute_zero="нуль",
    ordinal_suffix="-(?:[гтшм](?:ого|ього|ий|е|є|а|я)|ого|ому|ий|ій|им|го|му|ми|й|м|а|я|у|ю|е|є|і|ї|х)",
    ordinal=CASES.suffixed,
    units=_UNITS,
    unit_symbols=_UNIT_SYMBOLS,
    version_word="версія",
    version_keywords="версія|версії|Версія",
    point_word="крапка",
    plus_word="плюс",
    and_word="і",
    equals_word="дорівнює",
    section_word="параграф",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("uk", "titles")),  # never end a sentence
    extra_rules=(_settlements, slavic_times.rule("uk"), CASES.years, CASES.first_days, _RANGES),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
