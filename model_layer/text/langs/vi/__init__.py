"""Vietnamese: its own cardinals (num2words drops "không trăm"), dates, "thứ nhất"/"thứ tư".

Cardinals by groups of three: inside a number every group says its hundreds
("hai nghìn không trăm hai mươi bốn"), "lẻ" marks a zero tens digit, and units
after the tens say "mốt" (1) and "lăm" (5).
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import last_word, plural_none, word
from model_layer.text.langs.vi import everyday as vi_everyday

_DIGITS = data.words("vi", "digits")
_SCALES = ("", "nghìn", "triệu", "tỷ", "nghìn tỷ")


def _group(n: int, inner: bool) -> list[str]:
    hundreds, rest = divmod(n, 100)
    tens, unit = divmod(rest, 10)
    words = [_DIGITS[hundreds], "trăm"] if hundreds or inner else []
    if tens == 0:
        if unit:
            words += (["lẻ"] if words else []) + [_DIGITS[unit]]
    elif tens == 1:
        words += ["mười"] + ([] if not unit else ["lăm" if unit == 5 else _DIGITS[unit]])
    else:
        tail = {0: [], 1: ["mốt"], 5: ["lăm"]}.get(unit, [_DIGITS[unit]])
        words += [_DIGITS[tens], "mươi", *tail]
    return words


def cardinal(digits: str) -> str | None:
    if not digits.isdigit() or len(digits) > 15:
        return None
    if len(digits) > 1 and digits[0] == "0":
        return " ".join(_DIGITS[int(d)] for d in digits)  # an identifier: digit by digit
    n = int(digits)
    if n == 0:
        return _DIGITS[0]
    groups = []
    while n:
        n, g = divmod(n, 1000)
        groups.append(g)
    words: list[str] = []
    for i in range(len(groups) - 1, -1, -1):
        if groups[i]:
            words += _group(groups[i], inner=i < len(groups) - 1)
            words += [_SCALES[i]] if _SCALES[i] else []
    return " ".join(words)


MONTHS = tuple(f"tháng {m}" for m in ("một", "hai", "ba", "tư", "năm", "sáu", "bảy", "tám",
                                      "chín", "mười", "mười một", "mười hai"))  # fmt: skip
_MONTH = re.compile(r"(?<!\w)tháng (\d{1,2})(?!\d)")
_ORDINAL = re.compile(r"(?<!\w)(thứ|hạng) (\d{1,3})(?!\d)")


def _months(text: str) -> str:
    """ "tháng 4" -> "tháng tư" (the month's name), "tháng 1" -> "tháng một"."""
    return _MONTH.sub(
        lambda m: MONTHS[int(m.group(1)) - 1] if 1 <= int(m.group(1)) <= 12 else m.group(), text
    )


def _ordinals(text: str) -> str:
    """ "thứ 1" -> "thứ nhất", "thứ 4" -> "thứ tư"; the others are cardinals after "thứ"."""

    def say(m: re.Match[str]) -> str:
        n = int(m.group(2))
        return f"{m.group(1)} { ({1: 'nhất', 4: 'tư'}.get(n) or cardinal(str(n))) }"

    return _ORDINAL.sub(say, text)


# "Ngày 2/9", "từ 1/5 đến 3/5", "hẹn 15/8": day/month without a year is a date, as
# Vietnamese writes it; "2/3 cử tri" (a small proper fraction before a noun, no date
# word before it) is "hai phần ba".
_DAY_MONTH = re.compile(r"(?<![\w/.,])(\d{1,2})/(\d{1,2})(?![\w/]|[.,]\d)")
_DATE_WORDS = re.compile(
    r"(?:ngày|hôm|mùng|mồng|vào|từ|đến|tới|trước|sau|đầu|cuối|sáng|chiều|tối|trưa|đêm|dịp|lễ|"
    r"hạn|hết|thứ \w+|chủ nhật|CN),?\s$",
    re.IGNORECASE,
)
_DAY_WORD = re.compile(r"(?:ngày|mùng|mồng)\s$", re.IGNORECASE)


def _day_months(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        before = m.string[max(0, m.start() - 20) : m.start()]
        after = m.string[m.end() : m.end() + 2]
        is_date_word = _DATE_WORDS.search(before) is not None
        if not is_date_word and 0 < a < b <= 10 and after[:1] == " " and after[1:].isalpha():
            return f"{cardinal(str(a))} phần {cardinal(str(b))}"
        if not (1 <= a <= 31 and 1 <= b <= 12):
            return m.group()
        day = "" if _DAY_WORD.search(before) else "ngày "
        return f"{day}{cardinal(str(a))} {MONTHS[b - 1]}"

    return _DAY_MONTH.sub(say, text)


# "8h-22h", "7h30-9h": the dash between two times is "đến". "9g sáng", "9g30": g for giờ.
_HOUR_G = re.compile(
    r"(?<![\w.,])([01]?\d|2[0-3])g(?:([0-5]\d)\b|(?=\s(?:sáng|trưa|chiều|tối|đêm)\b))"
)
_TIME_RANGE = re.compile(
    r"(?<![\w.,:])((?:[01]?\d|2[0-3])(?:[h:][0-5]\d|h))\s?[-\u2013]\s?"
    r"(?=(?:[01]?\d|2[0-3])(?:[h:][0-5]\d|h)(?!\w))"
)
# "50k" in a price is năm mươi nghìn; "500 nghìn/đêm" is "một đêm".
_THOUSANDS_K = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)[kK](?!\w)")
_PER = data.table("vi", "per")
_PER_UNIT = re.compile(rf"(?<=[\w%€$])/({'|'.join(sorted(_PER, key=len, reverse=True))})(?!\w)")


# Hotlines 1900 xxxx, 1800 xxxx (nationwide service numbers) are dialled digit by digit.
_HOTLINE = re.compile(r"(?<![\w.,])(1[89]00)[\s.-]?(\d{4}|\d{3}[\s.-]?\d{3})(?![\w.,]?\d)")
_DIGITS = data.words("vi", "digits2")


def _digit_words(run: str) -> str:
    return " ".join(_DIGITS[int(d)] for d in run if d.isdigit())


def _everyday(text: str) -> str:
    text = _HOTLINE.sub(lambda m: f"{_digit_words(m.group(1))}, {_digit_words(m.group(2))}", text)
    text = _HOUR_G.sub(lambda m: f"{m.group(1)}h{m.group(2) or ''}", text)
    text = _TIME_RANGE.sub(lambda m: f"{m.group(1)} đến ", text)
    text = _THOUSANDS_K.sub(lambda m: f"{m.group(1)} nghìn", text)
    return _PER_UNIT.sub(lambda m: f" một {_PER[m.group(1)]}", text)


def _date(parts: DateParts) -> str | None:
    day = f"{'' if last_word(parts.before) == 'ngày' else 'ngày '}{cardinal(str(parts.day))}"
    said = f"{day} {MONTHS[parts.month - 1]}"
    return said if parts.year is None else f"{said} năm {cardinal(str(parts.year))}"


_UNITS = data.nouns("vi", "units")
_ABBREVIATIONS = data.table("vi", "abbreviations")
SPEC = LanguageSpec(
    code="vi",
    decimal_word=word("phẩy"),  # "ba phẩy mười bốn": the fraction as a number
    plural=plural_none,
    cardinal=cardinal,
    percent=word("phần trăm"),
    currencies=data.currencies("vi"),
    currency_symbols=data.table("vi", "currency_symbols"),
    months=MONTHS,
    date=_date,
    time_format="{h} giờ {m} phút",
    time_format_hour="{h} giờ",
    time_letter=True,  # "14h30"
    units=_UNITS,
    unit_symbols={"m2": "m2", "m²": "m2"},
    range_word="đến",
    version_word="phiên bản",
    version_keywords="phiên bản",
    point_word="chấm",
    plus_word="cộng",
    and_word="và",
    equals_word="bằng",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("vi", "titles")),
    extra_rules=(vi_everyday.everyday, _everyday, _day_months, _months, _ordinals),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
