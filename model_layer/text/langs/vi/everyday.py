"""Vietnamese everyday shapes that were read as quantities or left as symbols (used by vi
only):

- a one-time code, PIN or password ("Mã OTP của bạn là 482913", "Mật khẩu mới: 7391") is
  read digit by digit;
- a mobile number written with dots or in one run ("0987.654.321", "0901234567") is read
  in its groups of four, three and three digits;
- "1,5tr", "2tr5": triệu ("2tr5" is two and a half million);
- "1.200.000 - 1.500.000đ", "100k-200k": the dash between two amounts is "đến";
- "8,5/10", "điểm 9/10": a mark out of ten is "trên" ("tám phẩy năm trên mười").
"""

from __future__ import annotations

import re

from model_layer.text.langs import data

_DIGITS = data.words("vi", "everyday.digits")

_CODE = re.compile(
    r"(?<!\w)(?i:mã(?:\s(?:OTP|PIN|xác thực|xác nhận|kích hoạt|bảo mật|giao dịch))?|OTP|PIN|"
    r"mật khẩu(?:\smới)?)(?:\scủa\s(?:bạn|quý khách))?(?:\s?(?::|là))?\s?(\d{4,8})"
    r"(?![\w.,]\d|\w)(?!\s?(?:%|đ|₫|(?i:vnđ|vnd|đồng|nghìn|triệu|k)\b))"
)
_MOBILE = re.compile(r"(?<![\w.,+])(0\d{3})(?:\.(\d{3})\.(\d{3})|(\d{3})(\d{3}))(?![\w.,]?\d)")
_TRIEU = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{1,2})?)tr(\d)?(?!\w)")
_AMOUNT = r"\d{1,3}(?:\.\d{3})+|\d+(?:,\d{1,2})?k?"
_MONEY_RANGE = re.compile(
    rf"(?<![\w.,])({_AMOUNT})\s?(đ|₫)?\s?[-\u2013]\s?"
    rf"(?=(?:{_AMOUNT})\s?(?:đ|₫|k\b|(?i:vnđ|vnd|đồng|nghìn|triệu)\b))"
)
_MARK = re.compile(
    r"(?<![\w.,/])((?i:điểm|đánh giá|chấm)\s)?(\d{1,2}(?:,\d{1,2})?)/(10|5|100)"
    r"(?![\w/]|[.,]\d)"
)


def _words(run: str) -> str:
    return " ".join(_DIGITS[int(d)] for d in run)


def _mobile(m: re.Match[str]) -> str:
    groups = [g for g in m.groups() if g]
    return ", ".join(_words(g) for g in groups)


def _trieu(m: re.Match[str]) -> str:
    if m.group(2):  # "2tr5": 2.500.000
        return f"{m.group(1)}.{m.group(2)}00.000" if "," not in m.group(1) else m.group()
    return f"{m.group(1)} triệu"


def _mark(m: re.Match[str]) -> str:
    # a whole mark only after a word of marks: "8/10" alone is the 8th of October
    if m.group(1) is None and "," not in m.group(2):
        return m.group()
    return f"{m.group(1) or ''}{m.group(2)} trên {m.group(3)}"


def everyday(text: str) -> str:
    if not any(c.isdigit() for c in text):
        return text
    text = _CODE.sub(lambda m: m.group()[: m.start(1) - m.start()] + _words(m.group(1)), text)
    text = _MOBILE.sub(_mobile, text)
    text = _TRIEU.sub(_trieu, text)
    text = _MONEY_RANGE.sub(lambda m: f"{m.group(1)}{m.group(2) or ''} đến ", text)
    return _MARK.sub(_mark, text)
