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

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import last_word, plural_east_slavic, word

MONTHS = ("січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня",
          "вересня", "жовтня", "листопада", "грудня")  # fmt: skip

# case -> ending, for hard stems (п'ятий) and the soft "третій"
_HARD = {
    "nom": "ий",
    "gen": "ого",
    "dat": "ому",
    "ins": "им",
    "loc": "ому",
    "f": "а",
    "f_acc": "у",
    "f_obl": "ій",
    "n": "е",
    "pl": "і",
    "pl_gen": "их",
    "pl_ins": "ими",
}
_SOFT = {
    "nom": "ій",
    "gen": "ього",
    "dat": "ьому",
    "ins": "ім",
    "loc": "ьому",
    "f": "я",
    "f_acc": "ю",
    "f_obl": "ій",
    "n": "є",
    "pl": "і",
    "pl_gen": "іх",
    "pl_ins": "іми",
}
_SUFFIX_CASE = {"й": "nom", "ий": "nom", "ій": "f_obl", "го": "gen", "ого": "gen", "му": "dat",
                "ому": "dat", "м": "ins", "им": "ins", "а": "f", "я": "f", "у": "f_acc",
                "ю": "f_acc", "е": "n", "є": "n", "і": "pl", "ї": "pl", "х": "pl_gen",
                "ми": "pl_ins"}  # fmt: skip
_LOCATIVE = frozenset(("у", "в", "на", "при", "о", "об", "по"))
_GENITIVE = frozenset(("з", "із", "зі", "від", "до", "після", "біля", "близько", "для", "без",
                       "починаючи", "середини", "кінця", "початку"))  # fmt: skip


def ordinal(n: int, case: str) -> str | None:
    words = numbers.ordinal(n, "uk")
    if words is None:
        return None
    if words.startswith("одна тисяча "):  # "тисяча дев'ятсот ...", as it is said
        words = words[len("одна ") :]
    head, _, last = words.rpartition(" ")
    if last.endswith("ій"):  # третій
        last = last[:-2] + _SOFT[case]
    elif last.endswith("ий"):
        last = last[:-2] + _HARD[case]
    return f"{head} {last}" if head else last


# "3-х часов" is the cardinal's genitive; "5-х", "1990-х" an ordinal plural
_CARDINAL_GENITIVE = {2: "двох", 3: "трьох", 4: "чотирьох"}


def _suffixed(n: int, suffix: str, before: str, after: str) -> str | None:
    if suffix == "-х" and n in _CARDINAL_GENITIVE:
        return _CARDINAL_GENITIVE[n]
    case = _SUFFIX_CASE[suffix.lstrip("-")]
    if case == "dat" and last_word(before) in _LOCATIVE:
        case = "loc"  # "на 5-му поверсі"
    return ordinal(n, case)


def _date(parts: DateParts) -> str | None:
    case = "gen" if last_word(parts.before) in _GENITIVE else "n"
    day = ordinal(parts.day, case)
    if day is None:
        return None
    said = f"{day} {MONTHS[parts.month - 1]}"
    if parts.year is None:
        return said
    year = ordinal(parts.year, "gen")
    return None if year is None else f"{said} {year} року"


def _hour(h: int, before: str) -> str | None:
    """ "о чотирнадцятій", "чотирнадцята": the hour is a feminine ordinal (година)."""
    if h == 0:
        return "нуль"
    return ordinal(h, "f_obl" if last_word(before) in ("о", "об") else "f")


_YEAR_NOUN = re.compile(r"(?<![\w.,])(\d{3,4})\s?(роками|роках|роком|році|року|рік|рр?\.)(?!\w)")
_YEAR_CASE = {"рік": ("nom", "рік"), "року": ("gen", "року"), "році": ("loc", "році"),
              "роком": ("ins", "роком"), "роках": ("pl_gen", "роках"),
              "роками": ("pl_ins", "роками")}  # fmt: skip


def _years(text: str) -> str:
    """ "у 2024 році" -> "у дві тисячі двадцять четвертому році"; "р." by the preposition."""

    def say(m: re.Match[str]) -> str:
        noun = m.group(2)
        prep = last_word(m.string[: m.start()])
        if prep in MONTHS:
            return m.group()  # "5 мая 2024 г.": the date says it
        if noun.endswith("."):
            case, noun = (
                ("loc", "році") if prep in _LOCATIVE else
                ("gen", "року") if prep in _GENITIVE else ("nom", "рік")
            )  # fmt: skip
        else:
            case, noun = _YEAR_CASE[noun]
        words = ordinal(int(m.group(1)), case)
        return m.group() if words is None else f"{words} {noun}"

    return _YEAR_NOUN.sub(say, text)


_KOPEK = word("копійка", "копійки", "копійок", "копійки", gender="f")
_CENT = word("цент", "центи", "центів", "цента")
_UNITS = {
    "km": word("кілометр", "кілометри", "кілометрів", "кілометра"),
    "m": word("метр", "метри", "метрів", "метра"),
    "cm": word("сантиметр", "сантиметри", "сантиметрів", "сантиметра"),
    "mm": word("міліметр", "міліметри", "міліметрів", "міліметра"),
    "kg": word("кілограм", "кілограми", "кілограмів", "кілограма"),
    "g": word("грам", "грами", "грамів", "грама"),
    "l": word("літр", "літри", "літрів", "літра"),
    "km/h": word("кілометр на годину", "кілометри на годину", "кілометрів на годину",
                 "кілометра на годину"),
    "h": word("година", "години", "годин", "години", gender="f"),
    "min": word("хвилина", "хвилини", "хвилин", "хвилини", gender="f"),
    "s": word("секунда", "секунди", "секунд", "секунди", gender="f"),
    "GB": word("гігабайт", "гігабайти", "гігабайтів", "гігабайта"),
    "MB": word("мегабайт", "мегабайти", "мегабайтів", "мегабайта"),
    "C": word("градус Цельсія", "градуси Цельсія", "градусів Цельсія", "градуса Цельсія"),
    "deg": word("градус", "градуси", "градусів", "градуса"),
}  # fmt: skip
_UNIT_SYMBOLS = {"км": "km", "м": "m", "см": "cm", "мм": "mm", "кг": "kg", "г": "g", "л": "l",
                 "км/год": "km/h", "год": "h", "хв": "min", "сек": "s", "ГБ": "GB",
                 "МБ": "MB"}  # fmt: skip
_ABBREVIATIONS = {
    "т. зв.": "так званий", "т. д.": "так далі", "т. п.": "тому подібне",
    "напр.": "наприклад", "вул.": "вулиця", "див.": "дивись", "ім.": "імені",
}  # fmt: skip
_SCALES = {
    "тис.": word("тисяча", "тисячі", "тисяч", "тисячі", gender="f"),
    "млн": word("мільйон", "мільйони", "мільйонів", "мільйона"),
    "млрд": word("мільярд", "мільярди", "мільярдів", "мільярда"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="uk",
    plural=plural_east_slavic,  # одна гривня, дві гривні, п'ять гривень, 2,5 гривні
    genders={"f": {"один": "одна", "два": "дві"}, "n": {"один": "одне"}},
    percent=word("відсоток", "відсотки", "відсотків", "відсотка"),
    currencies={
        "UAH": Currency(word("гривня", "гривні", "гривень", "гривні", gender="f"), _KOPEK),
        "USD": Currency(word("долар", "долари", "доларів", "долара"), _CENT),
        "EUR": Currency(word("євро"), _CENT),
        "GBP": Currency(word("фунт", "фунти", "фунтів", "фунта"), word("пенні")),
    },
    currency_symbols={"₴": "UAH", "грн.": "UAH", "грн": "UAH"},
    scales=_SCALES,
    months=MONTHS,
    year_suffix=r"року|р\.",
    date=_date,
    hour=_hour,
    minute_zero="нуль",
    ordinal_suffix="-(?:ого|ому|ий|ій|им|го|му|ми|й|м|а|я|у|ю|е|є|і|ї|х)",
    ordinal=_suffixed,
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
    titles=frozenset(("т. зв.", "напр.", "вул.", "див.", "ім.")),  # never end a sentence
    extra_rules=(_years,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
