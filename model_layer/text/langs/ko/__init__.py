"""Korean: numbers, money, dates, times, units and counters as they are said.

Output: Hangul words, spaced by 한글 맞춤법 제43항/제44항 (see `ko_numbers`):
"3시" -> 세 시, "2개" -> 두 개, "₩1,500" -> 천오백 원, "12,345" -> 만 이천삼백사십오,
"2024-03-15" -> 이천이십사 년 삼월 십오 일 (a month is said by its name, one word:
삼월, 유월, 시월, as 표준국어대사전 lists them). Each counter takes the numerals
Korean speakers use with it (`ko_counters`): native for things, people, the
clock's hours, ages and times (세 시, 두 명, 스무 살, 두 번째), Sino-Korean for money,
dates, minutes, seconds, floors and units (삼십 분, 천오백 원, 삼 층, 오 킬로미터).
NeMo's Korean grammar says 삼 개 and 삼 시; speakers say 세 개 and 세 시.

Ambiguities and the rule followed: 번 counts times (세 번) unless a numbered thing
follows (삼 번 출구) or 제 precedes it; 대 counts machines (세 대) but a multiple of
ten is an age group (이십 대); after 제 every number is Sino-Korean (제삼 회).
A signed temperature is 영하/영상 (영하 오 도), as weather reports say it. Phone
numbers are read digit by digit, 0 as 공, groups apart. A range repeats the
counter: 세 개에서 다섯 개. "a/b" is a date unless it is a small proper fraction
(3/15 삼월 십오 일; 1/2 이분의 일).
"""

from __future__ import annotations

import re

from model_layer.text.langs import cjk, data
from model_layer.text.langs.ko import counters as c
from model_layer.text.langs.ko.counters import KoCounter
from model_layer.text.langs.ko.numbers import NATIVE_LIMIT, decimal, digits, native, sino
from model_layer.text.shapes import roman

_UNIT_VALUES = {"천": 1000, "백": 100, "만": 10**4, "억": 10**8, "조": 10**12}
_UNIT_WORDS = {10**4: "만", 10**8: "억", 10**12: "조", 1000: "천", 100: "백"}
_QUANTITY = cjk.quantity("만억조", "천백", spaced=True)
_SIGN_WORDS = data.table("ko", "sign_words")
_MONTHS = ("", "일월", "이월", "삼월", "사월", "오월", "유월", "칠월", "팔월", "구월", "시월",
           "십일월", "십이월")  # fmt: skip

_SHAPES = cjk.number_shapes(_QUANTITY, c.SUFFIXES, c.PREFIX_CURRENCIES, "원|달러|유로|엔")
_FRACTION = cjk.pattern(rf"(?P<b>{_QUANTITY})\s?분의\s?(?P<a>{_QUANTITY})")

_WEEKDAYS = data.table("ko", "weekdays")


def normalize(text: str) -> str:
    """Korean text with every number said in Hangul (see the module docstring)."""
    return cjk.guarded(_normalize, text)


# "2대1", "3 대 2로 이겼다": a score or vote, both numbers Sino-Korean (이 대 일), not
# 대 counting machines (두 대). Only when a number follows 대 and no counter follows it.
_VERSUS = cjk.pattern(
    r"(?<![\d.,])(\d{1,3})\s?대\s?(\d{1,3})(?![.,]\d)"
    r"(?=$|[\s,.!?)]|으로|로|의|를|을|가|이|는|은|까지|에|승|패|무)"
)


# Nationwide service numbers (1588-1234, 1644-0000, 1800-): eight digits in two groups, dialled
# without an area code, read digit by digit like any phone number, not as a range.
_SERVICE_NUMBER = re.compile(
    r"(?<![0-9A-Za-z.-])(1[568]\d\d)-(\d{4})(?![0-9A-Za-z-]|\s?(?:년|시즌|세기))"
)


def _service_number(m: re.Match[str]) -> str:
    first, second = int(m.group(1)), int(m.group(2))
    if 0 < second - first < 100:
        return m.group()  # "1592-1598": years (임진왜란), a range
    return f"{digits(m.group(1))} {digits(m.group(2))}"


# Paper sizes are said in English letters and numbers: A4 에이포.
_PAPER = re.compile(r"(?<![A-Za-z0-9])A([345])(?![A-Za-z0-9])")
_PAPER_WORDS = data.table("ko", "paper_words")
# A season across two years (2023-2024 시즌): both years, then the word once.
_SEASON = re.compile(r"(?<![\d.-])((?:19|20)\d\d)[-~/]((?:19|20)?\d\d)(?=\s?시즌)")


# Networks and dimensions are said in English: 5G 파이브지, 3D 쓰리디.
_TECH = re.compile(r"(?<![A-Za-z0-9])([2-6])([GD])(?![A-Za-z0-9])")
_ENGLISH_DIGITS = data.table("ko", "english_digits")
# Days that name an event (3·1운동 삼일운동, 6·25 전쟁 육이오, 4·19 혁명 사일구, 5·18
# 오일팔): the month as a number, the day digit by digit, as Koreans call them.
_EVENT_DAY = re.compile(
    r"(?<![\d.·])(1[0-2]|[1-9])[·ㆍ.](\d{1,2})(?![\d.])"
    r"(?=\s?(?:운동|전쟁|혁명|사태|민주화|항쟁|테러|사변|선언|참사|절|사건|남북))"
)


def _event_day(m: re.Match[str]) -> str:
    month, day = m.group(1), m.group(2)
    if month == day == "12":
        return "십이십이"  # 12·12 사태
    return sino(int(month)) + digits(day)


# "월~금", "토-일": opening days by their first syllable, from one to the other.
_DAY_SPAN = re.compile(
    r"(?<![\d가-힣])([월화수목금토일])\s?[~\-\u301c]\s?([월화수목금토일])(?![가-힣])"
)


# "주문번호 4582193", "예약 번호는 12345678": an identifier of five digits or more after
# 번호 (or ID, 코드) is read digit by digit, as account numbers are. A one-time code or
# PIN ("인증번호 [123456]", "인증번호는 [4821]입니다", "OTP 283746") is read so from four
# digits, in the brackets text messages put around it; a letter before the digits
# ("A12345") stays a letter.
_IDENTIFIER = re.compile(
    r"(?P<key>번호|ID|코드|OTP|PIN)(?P<gap>\s?(?:는|은|:)?\s?[\[(【]?\s?)"
    r"(?P<letters>[A-Z]{1,3}-?)?(?P<digits>\d{4,})(?![\d,.])"
)
_identifier = cjk.identifier_reader(data.words("ko", "code_keys"), digits)


# "오전 9시~오후 6시": a range sign between two times, the second with its part of the day.
_TIME_TO_TIME = re.compile(
    r"(?<=\d[시분])\s?[~\u301c]\s?(?=(?:오전|오후|새벽|아침|낮|저녁|밤)\s?\d)"
)

# Floors as signs write them: "3F" is 삼 층, "B1" before 층 or F is 지하 일 층.
_FLOOR = re.compile(
    r"(?<![A-Za-z0-9.])(?:B(?P<b>\d{1,2})\s?(?:F(?![A-Za-z0-9])|층)|(?P<n>\d{1,3})F(?![A-Za-z0-9]))"
)


# Roman numerals number an item after 제 or before a counter of order (제Ⅱ부, Ⅲ장,
# 엘리자베스 Ⅱ세, XXI세기): said in Sino-Korean as the digits would be (제이 부, 삼 장,
# 이 세). A lone Latin letter before a counter is a word (X세대 is Generation X), so
# Latin numerals need two letters there; 부터 is "from", no counter.
_ROMAN_LETTERS = "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"
_SMALL_NUMERAL = r"X{0,3}(?:IX|IV|V?I{0,3})"
_ROMAN = re.compile(
    rf"(?<![A-Za-z])(?:(?<=제)(?P<a>(?=[IVX]){_SMALL_NUMERAL}|[{_ROMAN_LETTERS}])(?![A-Za-z])"
    rf"|(?P<b>(?=[IVX]{{2}}){_SMALL_NUMERAL}|[{_ROMAN_LETTERS}])\s?"
    r"(?=(?:세|장|부|권|편|기|차|막|과|강|회)(?!터)))"
)


def _roman(m: re.Match[str]) -> str:
    written = m.group("a") or m.group("b")
    letter = _ROMAN_LETTERS.find(written)
    value = letter + 1 if letter >= 0 else roman.value(written)
    if m.group("a") and not ("가" <= m.string[m.end() : m.end() + 1] <= "힣"):
        return sino(value)
    return f"{sino(value)} "  # spaced from its counter, as 제삼 회


# A lot number after a 동/리 or a road (역삼동 123-45, 세종대로 110-2) is main and sub
# number, said "백이십삼의 사십오" as the 지적법 wants it, not a range (에서).
_LOT_NUMBER = re.compile(
    r"(?:(?<=[가-힣][동리길])|(?<=[가-힣](?<!으)로)|(?<=\d가))\s(\d{1,4})-(\d{1,4})"
    r"(?=$|[\s,)]|번지)"
)


def _lot_number(m: re.Match[str]) -> str:
    return f" {sino(int(m.group(1)))}의 {sino(int(m.group(2)))}" + (
        " " if m.string[m.end() : m.end() + 2] == "번지" else ""
    )


# A blood pressure "120/80" is said 백이십에 팔십, as doctors and nurses say it: neither
# a date nor a fraction.
_BLOOD_PRESSURE = re.compile(r"(혈압[^\d/]{0,6}?\d{2,3})/(?=\d{2,3}(?![\d/]))")


def _floor(m: re.Match[str]) -> str:
    return f"지하 {m.group('b')}층" if m.group("b") else f"{m.group('n')}층"


def _season(m: re.Match[str]) -> str:
    return f"{sino(int(m.group(1)))} {sino(int(m.group(2)))}"


def _normalize(text: str) -> str:
    text = cjk.fold(text)
    text = _SERVICE_NUMBER.sub(_service_number, text)
    text = _IDENTIFIER.sub(_identifier, text)
    text = _TIME_TO_TIME.sub("에서 ", text)
    text = _FLOOR.sub(_floor, text)
    text = _BLOOD_PRESSURE.sub(r"\1에 ", text)
    text = _LOT_NUMBER.sub(_lot_number, text)
    text = _ROMAN.sub(_roman, text)
    text = _PAPER.sub(lambda m: _PAPER_WORDS[m.group(1)], text)
    text = _SEASON.sub(_season, text)
    text = _DAY_SPAN.sub(lambda m: f"{_WEEKDAYS[m.group(1)]}부터 {_WEEKDAYS[m.group(2)]}까지", text)
    text = _EVENT_DAY.sub(_event_day, text)
    text = _TECH.sub(
        lambda m: _ENGLISH_DIGITS[m.group(1)] + ("지" if m.group(2) == "G" else "디"), text
    )
    text = _VERSUS.sub(lambda m: f"{sino(int(m.group(1)))} 대 {sino(int(m.group(2)))}", text)
    return cjk.run(text, _RULES, "에서 ", open_end="부터")


def _amount(written: str, counted: bool = False) -> cjk.Amount | None:
    return cjk.parse_amount(written, _UNIT_VALUES, counted)


def _sino_words(amount: cjk.Amount) -> str:
    if amount.digits:
        return digits(amount.digits)
    if not amount.fraction:
        return sino(amount.whole)
    return decimal(amount.whole, amount.fraction) + _UNIT_WORDS.get(amount.unit, "")


def _with_counter(amount: cjk.Amount, counter: KoCounter, sino_only: bool) -> str:
    n = amount.whole
    whole = not amount.fraction and not amount.digits
    if counter is c.MONTH and whole and 1 <= n <= 12:
        return _MONTHS[n]
    if whole and not sino_only and 1 <= n <= counter.native_max and n < NATIVE_LIMIT:
        if counter is c.ORDINAL and n == 1:
            return "첫 번째"
        return f"{native(n)} {counter.word}"
    return f"{_sino_words(amount)} {counter.word}"


def _sino_only(m: re.Match[str], counter: KoCounter, amount: cjk.Amount) -> bool:
    """Where a native counter still takes Sino-Korean numerals: after 제, 번 naming a
    numbered thing, 대 for an age group."""
    if m.string[: m.start()].endswith("제"):
        return True
    if counter is c.TIMES:
        return m.string[m.end() :].lstrip().startswith(c.NUMBERED_BY_BEON)
    return counter is c.MACHINES and amount.whole % 10 == 0 and not amount.fraction


def _sign_word(sign: str | None, counter: KoCounter | None = None) -> str:
    if not sign:
        return ""
    if counter is c.CELSIUS:  # as weather reports say it: 영하 오 도, 영상 삼 도
        return "영상 " if sign == "+" else "영하 "
    return _SIGN_WORDS[sign] + " "


def _counted_words(
    m: re.Match[str], written: str, counter: KoCounter, sign: str | None
) -> str | None:
    amount = _amount(written, counted=True)
    if amount is None:
        return None
    subunit = c.SUBUNITS.get(counter.word)
    if subunit and len(amount.fraction) == 2 and amount.unit == 1:  # $1.50: dollars and cents
        cents = int(amount.fraction)
        parts = [f"{sino(amount.whole)} {counter.word}"] if amount.whole else []
        if cents or not parts:
            parts.append(f"{sino(cents)} {subunit.word}")
        words = " ".join(parts)
    else:
        words = _with_counter(amount, counter, _sino_only(m, counter, amount))
    prefix = cjk.prefix_for(m, counter.prefix)
    return (f"{prefix} " if prefix else "") + _sign_word(sign, counter) + words


def _counted(m: re.Match[str], sign: str | None) -> str | None:
    return _counted_words(m, m.group("q"), c.SUFFIXES[m.group("suffix")], sign)


def _range(m: re.Match[str], sign: str | None) -> str | None:
    counter = c.SUFFIXES[m.group("suffix")]
    first_counter = c.SUFFIXES[m.group("first")] if m.group("first") else counter
    if first_counter.prefix != counter.prefix:
        return None
    first = _counted_words(m, m.group("q"), first_counter, sign)
    second = _counted_words(m, m.group("q2"), counter, m.group("sign2"))
    if first is None or second is None:
        return None
    return f"{first}에서 {second.removeprefix(f'{counter.prefix} ')}"


def _number(m: re.Match[str], sign: str | None) -> str | None:
    amount = _amount(m.group("q"))
    if amount is None:
        return _sign_word(sign) + cjk.digit_runs(m.group("q"), lambda d: digits(d, zero="영"))
    return _sign_word(sign) + _sino_words(amount)


def _currency_first(m: re.Match[str], sign: str | None) -> str | None:
    return _counted_words(m, m.group("q"), c.PREFIX_CURRENCIES[m.group("cur").strip()], sign)


def _phone(m: re.Match[str], sign: str | None) -> str:
    intl, groups = cjk.phone_groups(m, ("02",))
    words = [digits(g) for g in groups]
    return " ".join([f"플러스 {digits(intl, zero='영')}", *words] if intl else words)


def _date(year: int | None, month: int, day: int) -> str:
    words = f"{sino(year)} 년 " if year is not None else ""
    return f"{words}{_MONTHS[month]} {sino(day)} 일"


def _fraction_words(denominator: int, numerator: int) -> str:
    return f"{sino(denominator)}분의 {sino(numerator)}"


def _fraction(m: re.Match[str], sign: str | None) -> str | None:
    denominator, numerator = _amount(m.group("b")), _amount(m.group("a"))
    if denominator is None or numerator is None:
        return None
    return f"{_sino_words(denominator)}분의 {_sino_words(numerator)}"


def _clock(m: re.Match[str], sign: str | None) -> str | None:
    hour, minute = int(m.group("h")), int(m.group("min"))
    pm = cjk.is_pm(m)
    if pm is not None and hour > 12:
        return None  # "14:00 PM" contradicts itself: leave it as written
    words = [] if pm is None else ["오후" if pm else "오전"]
    words.append(f"{native(hour)} 시" if hour else "영 시")
    if minute:
        words.append(f"{sino(minute)} 분")
    if m.group("s") and int(m.group("s")):
        words.append(f"{sino(int(m.group('s')))} 초")
    return " ".join(words)


def _version(m: re.Match[str], sign: str | None) -> str:
    """Each part of a version is a number of its own: 3.12 is 삼 점 십이, newer than 3.9."""
    parts = (m.group("main") or m.group("dotted")).split(".")
    words = " 점 ".join(sino(int(p)) for p in parts)
    return f"버전 {words}" if m.group("v") else words


# Order matters: the specific shapes claim their digits before the general ones.
_RULES: tuple[tuple[re.Pattern[str], cjk.Say], ...] = (
    (cjk.PHONE, _phone),
    (cjk.SHORT_CODE, _phone),
    (cjk.ISO_DATE, cjk.iso_date(_date)),
    (cjk.CLOCK, _clock),
    (cjk.VERSION, _version),
    (cjk.SLASH, cjk.month_day_or_fraction(_date, _fraction_words)),
    (_FRACTION, _fraction),
    (_SHAPES.currency_first, _currency_first),
    (_SHAPES.range, _range),
    (_SHAPES.counted, _counted),
    (_SHAPES.number, _number),
    cjk.weekday(_WEEKDAYS, " "),
)


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: 년, 월 and 일 as in running text, whichever parts are given."""
    if day is not None and month is not None:
        return _date(year, month, day)
    said = [f"{sino(year)} 년" if year is not None else "",
            _MONTHS[month] if month is not None else "",
            f"{sino(day)} 일" if day is not None else ""]  # fmt: skip
    return " ".join(w for w in said if w)
