"""Korean numerals in Hangul: Sino-Korean (일, 이, 삼) and native (한, 두, 세).

Spacing follows 한글 맞춤법 (문화체육관광부 고시 제2017-12호):
- 제44항: a number written in Hangul is spaced by 만 units: 십이억 삼천사백오십육만
  칠천팔백구십팔;
- 제43항: a counter (단위를 나타내는 명사) is spaced from the number: 한 개, 세 시,
  천오백 원 (the same article allows 두시 and 삼학년 written together; the main
  rule is followed throughout, so every counter reads the same way).
"""

from __future__ import annotations

from model_layer.text.langs import data

_SINO = data.words("ko", "numbers.sino")
_POWERS = ((1000, "천"), (100, "백"), (10, "십"))
_BIG = ((10**12, "조"), (10**8, "억"), (10**4, "만"))
_MAX = 10**16

# Native numerals before a counter (관형사 forms: 한, 두, 세, 네, 스무) and alone.
_NATIVE_UNITS = ("", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉")
_NATIVE_UNITS_ALONE = ("", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉")
_NATIVE_TENS = ("", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔")
NATIVE_LIMIT = 100  # 고유어 수사 run to 아흔아홉; from 백 Korean counts in Sino-Korean


def sino(n: int) -> str:
    if n == 0:
        return "영"
    if n >= _MAX:
        return digits(str(n), zero="영")
    words = []
    for value, unit in _BIG:
        group, n = divmod(n, value)
        if group:
            # 10000 is 만, not 일만; 일억 and 일조 keep their 일.
            words.append(
                unit if group == 1 and unit == "만" and not words else _group(group) + unit
            )
    if n:
        words.append(_group(n))
    return " ".join(words)


def _group(n: int) -> str:
    words = ""
    for value, power in _POWERS:
        digit, n = divmod(n, value)
        if digit:
            words += ("" if digit == 1 else _SINO[digit]) + power  # 천, not 일천
    return words + (_SINO[n] if n else "")


def digits(written: str, zero: str = "공") -> str:
    """Digit by digit, as phone and account numbers are read (0 is 공 there)."""
    return "".join(zero if d == "0" else _SINO[int(d)] for d in written if d.isdigit())


def decimal(whole: int, fraction: str) -> str:
    return f"{sino(whole)} 점 {digits(fraction, zero='영')}"


def native(n: int, alone: bool = False) -> str:
    """1..99 in native numerals: before a counter (스물한 살) or alone (스물하나)."""
    tens, units = divmod(n, 10)
    if not units:
        return "스무" if tens == 2 and not alone else _NATIVE_TENS[tens]
    return _NATIVE_TENS[tens] + (_NATIVE_UNITS_ALONE if alone else _NATIVE_UNITS)[units]
