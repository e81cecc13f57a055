"""Arabic (Modern Standard Arabic): counted nouns in the number's grammar, dates, hours, money.

Readings followed (Ryding, A Reference Grammar of Modern Standard Arabic, ch. 15
and 16): the counted noun follows the number's rules (ريال واحد، ريالان،
ثلاثة ريالات، خمسة عشر ريالًا، مئة ريال), and 3-10 take the opposite gender
of a feminine noun (خمس دقائق); a date is the ordinal day + "من" + month + year
in the genitive (الخامس من مارس ألفين وأربعة وعشرين); after عام/سنة the year is
genitive; an hour is a feminine ordinal (الساعة الرابعة عشرة والنصف); "3.5" is
"ثلاثة فاصلة خمسة". Months are said with the names used in Egypt and the Gulf
(مارس); the Levantine names (آذار) are understood on input. Arabic-Indic digits,
the Arabic decimal and thousands marks (U+066B, U+066C) and percent sign (U+066A)
are read.
"""

from __future__ import annotations

import re

from model_layer.text.langs._rules import Amount, Pipeline, Spec, spelled
from model_layer.text.langs._rules import western_digits as _western_digits
from model_layer.text.langs.forms import date_from_parts
from model_layer.text.spell import ar

# (singular, dual, plural of 3-10, accusative singular of 11-99, gender);
# gender "x" marks a word said after any number unchanged (بالمئة).
Noun = tuple[str, str, str, str, str]

_MONTHS = ("يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر",
           "أكتوبر", "نوفمبر", "ديسمبر")  # fmt: skip
_LEVANTINE_MONTHS = ("كانون الثاني", "شباط", "آذار", "نيسان", "أيار", "حزيران", "تموز", "آب",
                     "أيلول", "تشرين الأول", "تشرين الثاني", "كانون الأول")  # fmt: skip
_RIYAL: Noun = ("ريال", "ريالان", "ريالات", "ريالًا", "m")
_HALALA: Noun = ("هللة", "هللتان", "هللات", "هللةً", "f")
_DIRHAM: Noun = ("درهم", "درهمان", "دراهم", "درهمًا", "m")
_FILS: Noun = ("فلس", "فلسان", "فلوس", "فلسًا", "m")
_DOLLAR: Noun = ("دولار", "دولاران", "دولارات", "دولارًا", "m")
_CENT: Noun = ("سنت", "سنتان", "سنتات", "سنتًا", "m")
_EURO: Noun = ("يورو", "يوروان", "يورو", "يورو", "m")
_POUND: Noun = ("جنيه", "جنيهان", "جنيهات", "جنيهًا", "m")
_PIASTRE: Noun = ("قرش", "قرشان", "قروش", "قرشًا", "m")
_DINAR: Noun = ("دينار", "ديناران", "دنانير", "دينارًا", "m")
_CURRENCIES: dict[str, tuple[Noun, Noun | None]] = {
    **dict.fromkeys(("ر.س.", "ر.س", "SAR", "ريال"), (_RIYAL, _HALALA)),
    **dict.fromkeys(("د.إ.", "د.إ", "AED", "درهم"), (_DIRHAM, _FILS)),
    **dict.fromkeys(("$", "USD", "دولار"), (_DOLLAR, _CENT)),
    **dict.fromkeys(("€", "EUR", "يورو"), (_EURO, _CENT)),
    **dict.fromkeys(("ج.م.", "ج.م", "EGP", "£", "GBP", "جنيه"), (_POUND, _PIASTRE)),
    **dict.fromkeys(("د.ك.", "د.ك", "KWD", "دينار"), (_DINAR, _FILS)),
    **dict.fromkeys(("¥", "JPY", "ين"), (("ين", "ينان", "ينات", "ينًا", "m"), None)),
}  # fmt: skip
_KM: Noun = ("كيلومتر", "كيلومتران", "كيلومترات", "كيلومترًا", "m")
_KMH: Noun = ("كيلومتر في الساعة", "كيلومتران في الساعة", "كيلومترات في الساعة",
              "كيلومترًا في الساعة", "m")  # fmt: skip
_KG: Noun = ("كيلوغرام", "كيلوغرامان", "كيلوغرامات", "كيلوغرامًا", "m")
_CELSIUS: Noun = ("درجة مئوية", "درجتان مئويتان", "درجات مئوية", "درجةً مئوية", "f")
_UNITS: dict[str, Noun] = {
    "km/h": _KMH, "كم/س": _KMH, "km": _KM, "كم": _KM, "m": ("متر", "متران", "أمتار", "مترًا", "m"),
    "cm": ("سنتيمتر", "سنتيمتران", "سنتيمترات", "سنتيمترًا", "m"), "kg": _KG, "كغ": _KG,
    "كجم": _KG, "g": ("غرام", "غرامان", "غرامات", "غرامًا", "m"),
    "l": ("لتر", "لتران", "لترات", "لترًا", "m"), "°C": _CELSIUS, "°م": _CELSIUS, "℃": _CELSIUS,
    "°": ("درجة", "درجتان", "درجات", "درجةً", "f"),
    # A scale word after digits is a counted noun too: 35 مليون -> خمسة وثلاثون مليونًا.
    "ألف": ("ألف", "ألفان", "آلاف", "ألفًا", "m"),
    "مليون": ("مليون", "مليونان", "ملايين", "مليونًا", "m"),
    "مليار": ("مليار", "ملياران", "مليارات", "مليارًا", "m"),
}  # fmt: skip
_MONTH_NUMBERS = {
    **{name: n for n, name in enumerate(_MONTHS, start=1)},
    **{name: n for n, name in enumerate(_LEVANTINE_MONTHS, start=1)},
    "ابريل": 4, "اغسطس": 8, "اكتوبر": 10,  # written without hamza
}  # fmt: skip
_MINUTE: Noun = ("دقيقة", "دقيقتان", "دقائق", "دقيقةً", "f")
_SECOND: Noun = ("ثانية", "ثانيتان", "ثوانٍ", "ثانيةً", "f")
_QUARTERS = {15: "والربع", 20: "والثلث", 30: "والنصف"}
# Masculine broken plurals in -ة (ثلاثة إخوة): the number keeps its masculine form.
_MASCULINE_IN_A = frozenset(("إخوة", "أخوة", "طلبة", "أساتذة", "قضاة", "دعاة", "رعاة"))
# Plurals in -ات whose singular is masculine: the number keeps its masculine form.
_MASCULINE_IN_AT = frozenset(("ريالات", "دولارات", "جنيهات", "سنتات", "كيلومترات", "مليارات",
                              "غرامات", "لترات", "حيوانات", "مطارات", "قطارات"))  # fmt: skip


_DUALS = frozenset(("مئتان", "ألفان", "مليونان", "ملياران"))
_PARTICLES = frozenset(("من", "في", "على", "إلى", "عن", "مع", "أو", "ثم", "حتى", "منذ"))


def _prepare(text: str) -> str:
    text = _western_digits(text)
    text = re.sub(r"(?<=\d)\u066b(?=\d)", ".", text)  # Arabic decimal separator
    text = re.sub(r"(?<=\d)\u066c(?=\d{3})", ",", text)  # Arabic thousands separator
    text = text.replace("\u066a", "%")  # Arabic percent sign
    # و/ب/ل/ف written onto a number ("و15 درهم") are held apart by a NUL, so the rules
    # see the number on its own; normalize() joins them again.
    text = re.sub(r"(?<!\w)([وبلف])(?=[-\d$€£])", "\\1\0", text)
    # "الساعة 14:30": the time is said with its own "الساعة".
    return re.sub(r"(?:ال)?ساعة\s+(?=(?:[01]?\d|2[0-3]):[0-5]\d)", "", text)


def _number(value: Amount, following: str) -> str:
    # A sound feminine plural (ساعات، سنوات) or a singular in -ة (سنة) asks for the
    # feminine counting form (ثلاث ساعات، خمس وعشرون سنة).
    feminine = (following.endswith("ات") and following not in _MASCULINE_IN_AT) or (
        following.endswith("ة") and following not in _MASCULINE_IN_A
    )
    gender = "f" if feminine or following == "دقائق" else "m"
    words = spelled(value, lambda n: ar.cardinal(n, gender), ar.decimal, ar.digits, ar.MINUS)
    if words in _DUALS and len(following) > 1 and following not in _PARTICLES:
        return words[:-1]  # a dual before its noun is in the construct state: مئتا شخص
    return words


def _counted(value: Amount, noun: Noun) -> str:
    singular, dual, plural, accusative, gender = noun
    if gender == "x" or not value.whole or value.int_digits.startswith("0"):
        return f"{_number(value, '')} {singular}"
    words = ar.counted(value.value, (singular, dual, plural, accusative), gender)
    return f"{ar.MINUS} {words}" if value.negative else words


def _date(day: int, month: int, year: int | None) -> str:
    words = f"{ar.ordinal(day)} من {_MONTHS[month - 1]}"
    return f"{words} {ar.year(year)}" if year else words


def _time(hour: int, minute: int, second: int | None) -> str:
    words = f"الساعة {'الواحدة' if hour == 1 else ar.ordinal(hour, 'f')}"
    if minute in _QUARTERS and not second:
        return f"{words} {_QUARTERS[minute]}"
    if minute:
        words += " و" + _counted(Amount(str(minute)), _MINUTE)
    if second:
        words += " و" + _counted(Amount(str(second)), _SECOND)
    return words


def _year(m: re.Match[str]) -> str:
    return ar.year(int(m.group(1)))


def _century(m: re.Match[str]) -> str:
    words = ar.ordinal(int(m.group(1)))
    before = m.string[: m.start()].split()
    if len(before) >= 2 and before[-2] in _PARTICLES:  # في القرن: genitive (الحادي والعشرين)
        words = ar.oblique(words)
    return words


_PIPELINE = Pipeline(
    Spec(
        decimal_comma=False,
        number=_number,
        counted=_counted,
        digits=ar.digits,
        date=_date,
        time=_time,
        plus="زائد",
        range_template="من {} إلى {}",
        score_word="مقابل",
        version_word="نقطة",
        percent=("بالمئة", "بالمئة", "بالمئة", "بالمئة", "x"),
        money_template="{} و{}",
        currencies=_CURRENCIES,
        units=_UNITS,
        months=_MONTH_NUMBERS,
        symbols={"&": "و", "=": "يساوي"},
        date_suffix=r"(?:\s?م(?!\w))?",
        version_lead="الإصدار|إصدار|النسخة|نسخة",
        passes=(
            (re.compile(r"(?:(?<=عام )|(?<=سنة )|(?<=العام ))(\d{4})(?!\d)(?:\s?م(?!\w))?"), _year),
            (re.compile(r"(?<![\w.,])(\d{4})\s?م(?!\w)"), _year),
            (re.compile(r"(?<=القرن )(\d{1,2})(?!\d)"), _century),
        ),
        prepare=_prepare,
    )
)


def normalize(text: str) -> str:
    return _PIPELINE.normalize(text).replace("\0", "")


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""
    return date_from_parts(day, month, year, _date, _MONTHS, ar.year, ar.ordinal)
