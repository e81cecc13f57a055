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
are read. Numbers come from our own speller (`langs/ar/spell.py`).
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.ar import everyday as ar_everyday
from model_layer.text.langs.ar import spell as ar
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import Word, date_from_parts, plural_one_other, word
from model_layer.text.shapes import day_month, time_spans

MONTHS = data.words("ar", "months")
_LEVANTINE_MONTHS = data.words("ar", "levantine_months")
_QUARTERS = {15: "والربع", 20: "والثلث", 30: "والنصف"}
# Masculine broken plurals in -ة (ثلاثة إخوة): the number keeps its masculine form.
_MASCULINE_IN_A = frozenset(data.words("ar", "masculine_in_a"))
# Plurals in -ات whose singular is masculine: the number keeps its masculine form.
_MASCULINE_IN_AT = frozenset(data.words("ar", "masculine_in_at"))
# Broken plurals of feminine nouns (مدينة مدن، دولة دول): the number is feminine
# ("سبع مدن", "خمس دول"), though the plural's ending does not say so.
_FEMININE_BROKEN_PLURALS = frozenset(data.words("ar", "feminine_broken_plurals"))
_DUALS = frozenset(data.words("ar", "duals"))
_PARTICLES = frozenset(data.words("ar", "particles"))
_EASTERN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)
_YEAR_AFTER = re.compile(r"(?:(?<=عام )|(?<=سنة )|(?<=العام ))(\d{4})(?!\d)(?:\s?م(?!\w))?")
_YEAR_MARKED = re.compile(r"(?<![\w.,])(\d{4})\s?م(?!\w)")
_CENTURY = re.compile(r"(?<=القرن )(\d{1,2})(?!\d)")


def _prepare(text: str) -> str:
    text = text.translate(_EASTERN_DIGITS)
    text = re.sub(r"(?<=\d)\u066b(?=\d)", ".", text)  # Arabic decimal separator
    text = re.sub(r"(?<=\d)\u066c(?=\d{3})", ",", text)  # Arabic thousands separator
    text = text.replace("\u066a", "%")  # Arabic percent sign
    # و/ب/ل/ف written onto a number ("و15 درهم") are held apart by a NUL, so the rules
    # see the number on its own; a final rule joins them again.
    text = re.sub(r"(?<!\w)([وبلف])(?=[-\d$€£])", "\\1\0", text)
    # "بـ 50 ألف": the prefix written apart with a tatweel is the same prefix.
    text = re.sub(r"(?<!\w)([وبلف])\u0640\s?(?=\d)", "\\1\0", text)
    # "الساعة 14:30": the time is said with its own "الساعة".
    return re.sub(r"(?:ال)?ساعة\s+(?=(?:[01]?\d|2[0-3]):[0-5]\d)", "", text)


# "د. أحمد" is "الدكتور أحمد"; "د.إ." and "د.ك." (dirham, dinar) are currencies: the title
# is "د." with a space, then a name of two letters or more.
_DOCTOR = re.compile(r"(?<!\w)د\.\s(?=[^\W\d_]{2,})")


# A number after a preposition (من، إلى، بين، في، خلال، ب، ل ...) or a noun that governs
# the genitive (حوالي، نحو، لمدة، بنسبة) is in the genitive: "أكثر من عشرين دولة",
# "خلال ثمانٍ وأربعين ساعة", "بين خمسة وعشرين وثلاثين". The number is marked here
# and its words are put in the oblique case once spelled (`_genitive_numbers`).
_GENITIVE_MARK = "\x02"
_GOVERNS_GENITIVE = (
    r"من|إلى|الى|بين|في|على|عن|حتى|منذ|مع|خلال|بعد|قبل|حوالي|حوالى|نحو|لمدة|بنسبة|بقيمة|"
    r"بمعدل|بحوالي|قرابة|زهاء|بسرعة|بسعر|بتكلفة|بوزن|بطول|بعمق|بارتفاع|بمساحة"
)
# A number right after a transitive verb is its object, in the accusative, which is said
# as the genitive is ("دفعت عشرين ريالًا", "سجل اثنين وعشرين هدفًا", "زرنا ثلاثين مدينة"):
# the frequent verbs whose object a count is (past, present and imperative forms).
_GOVERNS_ACCUSATIVE = (
    r"اشتريت|اشترى|اشترت|اشترينا|يشتري|تشتري|نشتري|دفعت|دفع|دفعنا|يدفع|تدفع|ندفع|ادفع|"
    r"ربح|ربحت|ربحنا|خسر|خسرت|خسرنا|سجل|سجلت|سجّل|سجّلت|يسجل|زار|زرت|زارت|زرنا|"
    r"قرأت|قرأ|قرأنا|باع|بعت|باعت|بعنا|يبيع|أنفق|أنفقت|أنفقنا|استغرق|استغرقت|يستغرق|"
    r"تستغرق|كلف|كلّف|كلفت|يكلف|تكلف|يكلّف|تكلّف|ضم|ضمت|يضم|تضم|أرسل|أرسلت|أرسلنا|"
    r"قطع|قطعت|قطعنا|شاهد|شاهدت|شاهدنا|حقق|حققت|حققنا|حقّق|أضاف|أضف|أضيفي|أضيفوا|"
    r"جمع|جمعت|جمعنا|بلغ|بلغت|يبلغ|تبلغ|تجاوز|تجاوزت|يتجاوز|تتجاوز|خذ|خذي|نحتاج|أحتاج|"
    r"أطلق|أطلقت|استقبل|استقبلت|يستقبل|يحمل|تحمل|حمل|حملت|أكل|أكلت|شرب|شربت|وظف|وظفت|"
    r"قتل|قتلت|أصاب|أصابت|أنقذ|أنقذت|أحرز|أحرزت|يحرز|فاز ب"
)
# Not a phone number or code: no leading zero, no digit group after a space or hyphen.
_GENITIVE_NUMBER = re.compile(
    rf"(?<!\w)((?:{_GOVERNS_GENITIVE}|{_GOVERNS_ACCUSATIVE}) |[بل]\0)"
    r"(?=(?!0\d)\d+(?:[.,]\d+)*(?![\s\-/]\d|[\d.,]))"
)
# "بين 5 و10", "من 20 إلى 30": the second number of a pair after بين is governed too.
_AND_SECOND = re.compile(rf"(?<={_GENITIVE_MARK})(\d[\d.,]*\s+(?:و\0|و\s?))(?=\d)")
_CONSTRUCT_DUALS = data.table("ar", "construct_duals")
_NUMBER_WORDS: frozenset[str] = frozenset()


# "7,5%", "1,2 مليون": a comma before one or two digits is the decimal separator (the
# Arabic decimal separator typed as a comma); three digits after it are a thousands group.
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(\d{1,3}),(\d{1,2})(?![\d,]|\.\d)")
# "25-30 دقيقة", "4-6 ساعات": a range is "من ... إلى ...", both numbers after a preposition
# (genitive: "من خمسة وعشرين إلى ثلاثين دقيقة") and agreeing with the noun after them
# ("من أربع إلى ست ساعات").
_RANGE = re.compile(
    r"(?<![\d.,:/\-])(\d{1,4})\s?[-\u2013]\s?(\d{1,4})(?![\d.,:/\-])(?:\s([^\W\d_]+))?"
)


_NO_FROM_AFTER = frozenset(data.words("ar", "no_from_after"))


def _decimals_and_ranges(text: str) -> str:
    text = _DECIMAL_COMMA.sub(r"\1.\2", text) if "," in text else text

    def span(m: re.Match[str]) -> str:
        a, b, noun = m.group(1), m.group(2), m.group(3) or ""
        if int(a) >= int(b):
            return m.group()  # "3-1": a score
        first = _agreeing(a, noun) if noun else ar.cardinal(int(a))
        if first is None:
            return m.group()
        words_before = m.string[max(0, m.start() - 12) : m.start()].split()
        lead = "" if words_before and words_before[-1] in _NO_FROM_AFTER else "من "
        tail = f" {noun}" if noun else ""
        return f"{lead}{_GENITIVE_MARK}{first} إلى {b}{tail}"

    return _RANGE.sub(span, text) if "-" in text or "\u2013" in text else text


def _mark_genitive(text: str) -> str:
    text = _GENITIVE_NUMBER.sub(lambda m: m.group(1) + _GENITIVE_MARK, text)
    return _AND_SECOND.sub(lambda m: m.group(1) + _GENITIVE_MARK, text)


def _number_words() -> frozenset[str]:
    global _NUMBER_WORDS
    if not _NUMBER_WORDS:
        found = set(_CONSTRUCT_DUALS)
        for n in (*range(100), *range(100, 1000, 100), 1000, 2000, 10**6, 2 * 10**6):
            for gender in ("m", "f"):
                found.update(w.removeprefix("و") for w in ar.cardinal(n, gender).split(" "))
        _NUMBER_WORDS = frozenset(found)
    return _NUMBER_WORDS


def _genitive_numbers(text: str) -> str:
    """The words of each marked number in the oblique case, up to the first other word."""
    if _GENITIVE_MARK not in text:
        return text
    known = _number_words()
    parts = text.split(_GENITIVE_MARK)
    out = [parts[0]]
    for part in parts[1:]:
        words = part.split(" ")
        for i, w in enumerate(words):
            bare = w.removeprefix("و")
            if bare not in known:
                break
            joined = w[: len(w) - len(bare)]
            said = _CONSTRUCT_DUALS.get(bare, ar.oblique(bare))
            following = words[i + 1] if i + 1 < len(words) else ""
            noun_follows = following[:1].isalpha() and following.removeprefix("و") not in known
            if bare in _DUALS and noun_follows and following not in _PARTICLES:
                said = said[:-1]  # "مليوني دولار": a dual before its noun drops its ن
            words[i] = joined + said
        out.append(" ".join(words))
    return "".join(out)


# "الساعة 8", "حتى 4 مساءً": a whole hour is the feminine ordinal (الثامنة، الرابعة).
_HOUR_ALONE = re.compile(
    r"(?:(?<=الساعة )|(?<=الساعة\s\x02))(\d{1,2})(?![\d:.,])"
    r"|(?<![\d.,:])(\d{1,2})(?=\s(?:صباحًا|صباحا|مساءً|مساء|ظهرًا|ظهرا|ليلًا|ليلا|فجرًا|فجرا)(?!\w))"
)
# "بالرقم 920000000", "رقم الهاتف 0501234567": a number of five digits or more after رقم is
# dialled or keyed, digit by digit.
_NUMBER_AFTER_RAQM = re.compile(r"(?<=رقم )(\d{5,})(?!\d)|(?<=الرقم )(\d{5,})(?!\d)")


def _hours_and_codes(text: str) -> str:
    def hour(m: re.Match[str]) -> str:
        h = int(m.group(1) or m.group(2))
        if not 1 <= h <= 12 and not (m.group(1) and 1 <= h <= 24):
            return m.group()
        return "الواحدة" if h == 1 else ar.ordinal(h, "f")

    def code(m: re.Match[str]) -> str:
        digits = m.group(1) or m.group(2)
        return " ".join(ar.cardinal(int(d)) for d in digits)

    text = _NUMBER_AFTER_RAQM.sub(code, text)
    return _HOUR_ALONE.sub(hour, text)


def _titles(text: str) -> str:
    return _DOCTOR.sub("الدكتور ", text)


def _join(text: str) -> str:
    return text.replace("\0", "")


def _agreeing(digits: str, following: str) -> str | None:
    """A sound feminine plural (ساعات) or a singular in -ة asks for the feminine counting
    form (ثلاث ساعات); a dual before its noun is in the construct state (مئتا شخص)."""
    feminine = (following.endswith("ات") and following not in _MASCULINE_IN_AT) or (
        following.endswith("ة") and following not in _MASCULINE_IN_A
    )
    gender = (
        "f" if feminine or following in _FEMININE_BROKEN_PLURALS or following == "دقائق" else "m"
    )
    words = ar.cardinal(int(digits), gender)
    if words in _DUALS and len(following) > 1 and following not in _PARTICLES:
        return words[:-1]
    return words


def _count(n: int, noun: Word) -> str | None:
    """The number and its noun in the number's grammar; "x" nouns never change (بالمئة)."""
    if noun.gender == "x":
        return f"{ar.cardinal(n)} {noun.forms[0]}"
    return ar.counted(n, noun.forms, noun.gender)  # type: ignore[arg-type]


def _date(parts: DateParts) -> str | None:
    words = f"{ar.ordinal(parts.day)} من {MONTHS[parts.month - 1]}"
    return f"{words} {ar.year(parts.year)}" if parts.year else words


_MINUTE = word("دقيقة", "دقيقتان", "دقائق", "دقيقةً", gender="f")
_SECOND = word("ثانية", "ثانيتان", "ثوانٍ", "ثانيةً", gender="f")


def _clock(hour: int, minute: int, second: int | None) -> str:
    words = f"الساعة {'الواحدة' if hour == 1 else ar.ordinal(hour, 'f')}"
    if minute in _QUARTERS and not second:
        return f"{words} {_QUARTERS[minute]}"
    if minute:
        words += " و" + (_count(minute, _MINUTE) or "")
    if second:
        words += " و" + (_count(second, _SECOND) or "")
    return words


def _years(text: str) -> str:
    """ "عام 2024", "1990م": the year in the genitive; "القرن 21": the ordinal century."""

    def century(m: re.Match[str]) -> str:
        words = ar.ordinal(int(m.group(1)))
        before = m.string[: m.start()].split()
        if len(before) >= 2 and before[-2] in _PARTICLES:  # في القرن: genitive
            words = ar.oblique(words)
        return words

    text = _YEAR_AFTER.sub(lambda m: ar.year(int(m.group(1))), text)
    text = _YEAR_MARKED.sub(lambda m: ar.year(int(m.group(1))), text)
    return _CENTURY.sub(century, text)


# A scale word after digits is a counted noun too: 35 مليون -> خمسة وثلاثون مليونًا.
_UNITS = data.nouns("ar", "units")

SPEC = LanguageSpec(
    code="ar",
    decimal_point=True,
    # after a decimal the noun is singular: "واحد فاصلة اثنان مليون", not the dual
    plural=lambda n, fraction: 0 if fraction else plural_one_other(n, fraction),
    agreeing=_agreeing,
    count=_count,
    percent=word("بالمئة", gender="x"),
    currencies=data.currencies("ar"),
    currency_symbols={
        **dict.fromkeys(("ر.س.", "ر.س", "ريال"), "SAR"),
        **dict.fromkeys(("د.إ.", "د.إ", "درهم"), "AED"),
        **dict.fromkeys(("ج.م.", "ج.م", "جنيه"), "EGP"),
        **dict.fromkeys(("د.ك.", "د.ك", "دينار"), "KWD"),
        "دولار": "USD",
        "يورو": "EUR",
        "ين": "JPY",
    },
    currency_and="و",
    currency_and_joined=True,
    months=MONTHS,
    month_aliases={
        **{name: n for n, name in enumerate(_LEVANTINE_MONTHS, start=1)},
        "ابريل": 4,
        "اغسطس": 8,
        "اكتوبر": 10,  # written without hamza
    },
    year_suffix="م",
    date=_date,
    clock=_clock,
    units=_UNITS,
    unit_symbols=data.table("ar", "unit_symbols"),
    abbreviations=data.table("ar", "abbreviations"),
    titles=frozenset(("أ.د.",)),
    range_template="من {} إلى {}",
    version_keywords="الإصدار|إصدار|النسخة|نسخة",
    point_word="نقطة",
    plus_word="زائد",
    and_word="و",
    equals_word="يساوي",
    extra_rules=(
        _prepare,
        ar_everyday.half_days,
        ar_everyday.ranks,
        ar_everyday.per_unit,
        ar_everyday.number_word_once,
        time_spans.rule("إلى"),  # "9:00-17:00": from one time to the other
        day_month.rule("ar", r"يوم|في|من|إلى|حتى|بتاريخ|منذ|بين"),  # "يوم 5/3" الخامس من مارس
        _hours_and_codes,
        _decimals_and_ranges,
        _mark_genitive,
        _titles,
        _years,
    ),
    final_rules=(_genitive_numbers, ar_everyday.scales_before_nouns, _join),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(day, month, year, full, MONTHS, ar.year, ar.ordinal)
