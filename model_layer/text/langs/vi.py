"""Vietnamese: its own cardinals (num2words drops "không trăm"), dates, "thứ nhất"/"thứ tư".

Cardinals by groups of three: inside a number every group says its hundreds
("hai nghìn không trăm hai mươi bốn"), "lẻ" marks a zero tens digit, and units
after the tens say "mốt" (1) and "lăm" (5).
"""

from __future__ import annotations

import re

from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import last_word, plural_none, word

_DIGITS = ("không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín")
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


def _date(parts: DateParts) -> str | None:
    day = f"{'' if last_word(parts.before) == 'ngày' else 'ngày '}{cardinal(str(parts.day))}"
    said = f"{day} {MONTHS[parts.month - 1]}"
    return said if parts.year is None else f"{said} năm {cardinal(str(parts.year))}"


_UNITS = {
    "km": word("ki-lô-mét"), "m": word("mét"), "cm": word("xăng-ti-mét"), "mm": word("mi-li-mét"),
    "kg": word("ki-lô-gam"), "g": word("gam"), "l": word("lít"), "ml": word("mi-li-lít"),
    "km/h": word("ki-lô-mét trên giờ"), "m2": word("mét vuông"), "h": word("giờ"),
    "min": word("phút"), "s": word("giây"), "GB": word("gi-ga-bai"), "MB": word("mê-ga-bai"),
    "C": word("độ C"), "F": word("độ F"), "deg": word("độ"),
}  # fmt: skip
_ABBREVIATIONS = {
    "TP.": "thành phố", "TS.": "tiến sĩ", "ThS.": "thạc sĩ", "PGS.": "phó giáo sư",
    "GS.": "giáo sư", "v.v.": "vân vân", "Q.": "quận",
}  # fmt: skip
SPEC = LanguageSpec(
    code="vi",
    decimal_word=word("phẩy"),  # "ba phẩy mười bốn": the fraction as a number
    plural=plural_none,
    cardinal=cardinal,
    percent=word("phần trăm"),
    currencies={
        "VND": Currency(word("đồng")),
        "USD": Currency(word("đô la"), word("xu")),
        "EUR": Currency(word("euro"), word("xu")),
    },
    currency_symbols={"₫": "VND", "đ": "VND", "VNĐ": "VND"},
    months=MONTHS,
    date=_date,
    time_format="{h} giờ {m} phút",
    time_format_hour="{h} giờ",
    time_letter=True,  # "14h30"
    units=_UNITS,
    range_word="đến",
    version_word="phiên bản",
    version_keywords="phiên bản",
    point_word="chấm",
    plus_word="cộng",
    and_word="và",
    equals_word="bằng",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("TP.", "TS.", "ThS.", "PGS.", "GS.", "Q.")),  # never end a sentence
    extra_rules=(_months, _ordinals),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
