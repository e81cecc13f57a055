"""Japanese: numbers, money, dates, times, units and counters as they are said.

Output script (decided here, followed in tests/model_layer/golden/ja.tsv):
every number is written as its reading in hiragana, together with the counter
or unit that follows it; loanword units keep katakana; nothing else is
rewritten. So "¥1,500" -> せんごひゃくえん, "3匹" -> さんびき, "6本" -> ろっぽん,
"9:05" -> くじごふん, "2024年4月1日" -> にせんにじゅうよねんしがつついたち,
"50%" -> ごじゅっパーセント, "5km" -> ごキロメートル.

Why kana and not kanji numerals (which NeMo emits): the model reads characters,
and a kanji numeral leaves every reading decision to it. Those decisions are
exactly the ones users hear wrong: the counters' sound changes (三匹 さんびき,
六本 ろっぽん, 一分 いっぷん), their own words (一人 ひとり, 一日 ついたち, 二十日
はつか, 二十歳 はたち), 4/7/9 (四時 よじ, 四月 しがつ, 九時 くじ), and the same
changes inside plain numbers (三百 さんびゃく, 六百 ろっぴゃく, 八千 はっせん).
Kana have one reading each, so the reading is decided here by rule
(`ja_numbers`) and the model only voices it. What the rules write is plain
Japanese text (kana, the prolonged sound mark ー, 、, and the words 時速, 華氏,
午前, 午後), and no digit is left. Kana readings are longer than digits (about
1.6x on number-dense text), but at about a mora per kana they are spoken in
the time chunking.py allots to its 100-character Japanese chunks.

Readings: NHK日本語発音アクセント新辞典 (2016). 0 is ゼロ, but れい in 0時 and
0.5 (れいてんご). Phone numbers are read digit by digit, 2 and 5 drawn out
(にー, ごー) and groups joined by の, as announcers do. "a/b" is a date when it
can be one and is no small proper fraction (3/15 さんがつじゅうごにち; 1/2
にぶんのいち). A range "3〜5人" repeats the counter: さんにんからごにん.
"""

from __future__ import annotations

import re

from model_layer.text.langs import cjk, data
from model_layer.text.langs.ja import counters as c
from model_layer.text.langs.ja.numbers import (
    POINT,
    Counter,
    Token,
    attach,
    decimal_tokens,
    digit_tokens,
    integer_tokens,
    say,
)
from model_layer.text.shapes import roman

_UNIT_VALUES = {"千": 1000, "百": 100, "万": 10**4, "億": 10**8, "兆": 10**12}
_UNIT_KANA = {10**4: "まん", 10**8: "おく", 10**12: "ちょう", 1000: "せん", 100: "ひゃく"}
_QUANTITY = cjk.quantity("万億兆", "千百", spaced=False)
_SIGN_WORDS = data.table("ja", "sign_words")


_SHAPES = cjk.number_shapes(_QUANTITY, c.SUFFIXES, c.PREFIX_CURRENCIES, "円|ドル|ユーロ|ウォン")
# Not before Latin letters: "徒歩3分の1LDK" is three minutes' walk to a 1LDK flat.
_FRACTION = cjk.pattern(rf"(?P<b>{_QUANTITY})分の(?P<a>{_QUANTITY})(?![A-Za-z])")
_DATE_FOLLOWERS = data.words("ja", "date_followers")
_ADDRESS = cjk.pattern(
    r"(?<![\w.-])\d{1,4}(?:-\d{1,4}){2,3}(?![\w-])"  # 西新宿2-8-1
    # 千代田1-1: right after a place name, no counter after ("1-3月", "第1-3章" are ranges)
    r"|(?<=[\u4e00-\u9fff])\d{1,4}-\d{1,4}(?![\w.\-\u4e00-\u9fff\u30a0-\u30ff])"
)

_WEEKDAYS = data.table("ja", "weekdays")


# Roman numerals in Japanese number an item only next to 第 or a counter of order
# (第II章, エリザベスII世, 第Ⅲ部): said as that number with its counter (だいにしょう,
# エリザベスにせい). Elsewhere (FFVII, "I love") they stay as written.
_ROMAN_COUNTERS = "世|章|部|巻|期|次|編|幕"
_ROMAN_LETTERS = "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"
# Letters I, V and X only (up to XXXIX): "CD部" and "DX部" are names, not 400 and 510.
_SMALL_NUMERAL = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})"
_ROMAN = re.compile(
    rf"(?<![A-Za-z])(?:(?<=第)(?P<a>{_SMALL_NUMERAL}|[{_ROMAN_LETTERS}])(?![A-Za-z])"
    rf"|(?P<b>{_SMALL_NUMERAL}|[{_ROMAN_LETTERS}])(?=(?:{_ROMAN_COUNTERS})))"
)


def _roman_numbers(text: str) -> str:
    def arabic(m: re.Match[str]) -> str:
        written = m.group("a") or m.group("b")
        if written in _ROMAN_LETTERS:
            return str(_ROMAN_LETTERS.index(written) + 1)
        return str(roman.value(written))

    return _ROMAN.sub(arabic, text)


# Abbreviations of Japanese writing: "No.1" (業界No.1, 人気No.1) is the loanword
# ナンバーワン; "vs" between two names is 対 (日本vs韓国 にほんたいかんこく), as
# matches are announced.
_NUMBER_ONE = re.compile(r"(?<![A-Za-z])(?:No|NO|no)\.\s?1(?![\d.,])")
_VERSUS = re.compile(r"(?<![A-Za-z])\s?(?:vs|VS|Vs)\.?\s?(?![A-Za-z])")


# The police number called without 番 ("110へ通報") is still ひゃくとお, as with 番;
# 119 keeps NHK's ひゃくじゅうきゅう.
_EMERGENCY = re.compile(r"(?<![\d.,])(110)(?=\s?(?:に|へ|を)?\s?(?:電話|通報|連絡|かけ))")
_EMERGENCY_WORDS = {"110": "ひゃくとお"}


# "午前9時〜午後6時", "10時〜翌2時": the wave dash between two times is から.
_TIME_TO_TIME = re.compile(r"(?<=\d[時分])\s?[〜~\uff5e]\s?(?=(?:午前|午後|翌|夜)\d)")


# "月〜金", "土・日": opening days by their kanji, a span read as the days' names.
_DAY_SPAN = re.compile(
    r"(?<![\d\u4e00-\u9fff])([月火水木金土日])\s?[〜~\uff5e\-\uff0d]\s?([月火水木金土日])"
    r"(?![\u4e00-\u9fff])"
)


# "注文番号: 4582193", "お問い合わせ番号は1234567": an identifier of five digits or more
# after 番号 (or ID, コード) is read digit by digit, as on the phone. A one-time code or
# PIN ("確認コード: 5839", "ワンタイムパスワード: 739201", "認証番号【123456】") is
# read so from four digits, and a letter before the digits ("A12345") stays a letter.
_IDENTIFIER = re.compile(
    r"(?P<key>番号|ID|コード|No\.?|パスワード|PIN|OTP)"
    r"(?P<gap>\s?(?:は|:)?\s?[\[(【「]?\s?)(?P<letters>[A-Z]{1,3}-?)?(?P<digits>\d{4,})(?![\d,.])"
)
_identifier = cjk.identifier_reader(
    data.words("ja", "code_keys"), lambda digits: say(digit_tokens(digits, spelled=True))
)


# Floors as signs and floor guides write them: "3F" is 3階 (さんがい), "B1F" 地下1階.
_FLOOR = re.compile(r"(?<![A-Za-z0-9.])(B)?(\d{1,3})F(?![A-Za-z0-9])")
# Dates of the Japanese eras in forms and receipts: "R6.4.1" is 令和6年4月1日, "H31.4.30"
# 平成31年4月30日, "R6年度" 令和6年度.
_ERAS = data.table("ja", "eras")
_ERA_DATE = re.compile(
    r"(?<![A-Za-z0-9.])([RHS])(\d{1,2})(?:\.(\d{1,2})\.(\d{1,2})(?![\d.])|(?=年))"
)


def _era_date(m: re.Match[str]) -> str:
    era, year, month, day = m.groups()
    return f"{_ERAS[era]}{year}" + (f"年{month}月{day}日" if month else "")


# An earthquake's magnitude in the news: "M6.5" is マグニチュード6.5 (a size M takes no
# decimal).
_MAGNITUDE = re.compile(r"(?<![A-Za-z0-9])M(?=\d\.\d(?![\d.]))")


# A blood pressure "120/80" is said as medical staff say it, ひゃくにじゅうのはちじゅう:
# neither a date nor a fraction.
_BLOOD_PRESSURE = re.compile(r"(血圧[^\d/]{0,6}?\d{2,3})/(?=\d{2,3}(?![\d/]))")


def _abbreviations(text: str) -> str:
    text = _BLOOD_PRESSURE.sub(r"\1の", text)
    text = _MAGNITUDE.sub("マグニチュード", text)
    text = _IDENTIFIER.sub(_identifier, text)
    text = _ERA_DATE.sub(_era_date, text)
    text = _FLOOR.sub(lambda m: ("地下" if m.group(1) else "") + m.group(2) + "階", text)
    text = _TIME_TO_TIME.sub("から", text)
    text = _DAY_SPAN.sub(lambda m: f"{_WEEKDAYS[m.group(1)]}から{_WEEKDAYS[m.group(2)]}", text)
    text = _EMERGENCY.sub(lambda m: _EMERGENCY_WORDS[m.group(1)], text)
    return _VERSUS.sub("対", _NUMBER_ONE.sub("ナンバーワン", text))


def normalize(text: str) -> str:
    """Japanese text with every number said in kana (see the module docstring)."""
    return cjk.guarded(_normalize, text)


def _normalize(text: str) -> str:
    text = _roman_numbers(_abbreviations(cjk.fold(text)))
    return cjk.run(text, _RULES, "から", open_end="から")


def _tokens(amount: cjk.Amount) -> tuple[list[Token], int | None]:
    """The number's tokens, and its value when it is a whole number (for 一人 ひとり)."""
    if amount.digits:
        return digit_tokens(amount.digits), None
    if not amount.fraction:
        return integer_tokens(amount.whole), amount.whole
    tokens = decimal_tokens(amount.whole, amount.fraction)
    if amount.unit > 1:
        tokens.append((_UNIT_KANA[amount.unit], amount.unit))
    return tokens, None


def _parsed(written: str) -> list[Token] | None:
    amount = cjk.parse_amount(written, _UNIT_VALUES)
    return None if amount is None else _tokens(amount)[0]


def _sign_word(sign: str | None) -> str:
    return _SIGN_WORDS[sign] if sign else ""


def _counted_words(
    m: re.Match[str], written: str, counter: Counter, sign: str | None, me: str | None
) -> str | None:
    amount = cjk.parse_amount(written, _UNIT_VALUES, counted=True)
    if amount is None:
        return None
    subunit = c.SUBUNITS.get(counter.plain)
    if subunit and len(amount.fraction) == 2 and amount.unit == 1:  # $1.50: dollars and cents
        cents = int(amount.fraction)
        words = attach(integer_tokens(amount.whole), counter) if amount.whole else ""
        words += attach(integer_tokens(cents), subunit) if cents or not words else ""
    else:
        tokens, whole = _tokens(amount)
        words = attach(tokens, counter, whole)
    prefix = cjk.prefix_for(m, counter.prefix)
    return f"{prefix}{_sign_word(sign)}{words}{'め' if me else ''}"


def _counter_at(m: re.Match[str], suffix: str) -> Counter:
    counter = c.SUFFIXES[suffix]
    # 1日 is the first of a month after a month or before から/まで/(weekday)
    # (4月1日, 1日から); elsewhere a span (1日に3回 いちにち).
    if counter is c.DAYS and (
        m.string[: m.start()].rstrip().endswith(("月", "がつ"))
        or m.string[m.end() :].startswith(_DATE_FOLLOWERS)
    ):
        return c.DAY_OF_MONTH
    return counter


def _counted(m: re.Match[str], sign: str | None) -> str | None:
    counter = _counter_at(m, m.group("suffix"))
    return _counted_words(m, m.group("q"), counter, sign, m.group("me"))


def _range(m: re.Match[str], sign: str | None) -> str | None:
    counter = _counter_at(m, m.group("suffix"))
    first_counter = c.SUFFIXES[m.group("first")] if m.group("first") else counter
    if first_counter.prefix != counter.prefix:
        return None
    first = _counted_words(m, m.group("q"), first_counter, sign, None)
    second = _counted_words(m, m.group("q2"), counter, m.group("sign2"), m.group("me"))
    if first is None or second is None:
        return None
    return f"{first}から{second.removeprefix(counter.prefix)}"


def _number(m: re.Match[str], sign: str | None) -> str | None:
    tokens = _parsed(m.group("q"))
    if tokens is None:
        return _sign_word(sign) + cjk.digit_runs(m.group("q"), lambda d: say(digit_tokens(d)))
    return _sign_word(sign) + say(tokens)


def _currency_first(m: re.Match[str], sign: str | None) -> str | None:
    counter = c.PREFIX_CURRENCIES[m.group("cur").strip()]
    return _counted_words(m, m.group("q"), counter, sign, None)


def _phone(m: re.Match[str], sign: str | None) -> str:
    intl, groups = cjk.phone_groups(m, ("03", "06"))
    words = "の".join(say(digit_tokens(g, spelled=True)) for g in groups)
    return f"プラス{say(digit_tokens(intl, spelled=True))}の{words}" if intl else words


def _postal_code(m: re.Match[str], sign: str | None) -> str:
    return ("ゆうびんばんごう" if m.group("mark") else "") + _phone(m, sign)


def _date(year: int | None, month: int, day: int) -> str:
    words = attach(integer_tokens(year), c.YEAR) if year is not None else ""
    return (
        words
        + attach(integer_tokens(month), c.MONTH)
        + attach(integer_tokens(day), c.DAY_OF_MONTH, day)
    )


def _fraction_words(denominator: int, numerator: int) -> str:
    return attach(integer_tokens(denominator), c.FRACTION) + say(integer_tokens(numerator))


def _fraction(m: re.Match[str], sign: str | None) -> str | None:
    denominator, numerator = _parsed(m.group("b")), _parsed(m.group("a"))
    if denominator is None or numerator is None:
        return None
    return attach(denominator, c.FRACTION) + say(numerator)


def _clock(m: re.Match[str], sign: str | None) -> str | None:
    hour, minute = int(m.group("h")), int(m.group("min"))
    pm = cjk.is_pm(m)
    if pm is not None and hour > 12:
        return None  # "14:00 PM" contradicts itself: leave it as written
    words = "" if pm is None else ("午後" if pm else "午前")
    words += attach(integer_tokens(hour), c.HOUR)
    if minute:
        words += attach(integer_tokens(minute), c.MINUTE)
    if m.group("s") and int(m.group("s")):
        words += attach(integer_tokens(int(m.group("s"))), c.SECOND)
    return words


def _version(m: re.Match[str], sign: str | None) -> str:
    """Each part of a version is a number of its own: 3.12 is さんてんじゅうに, newer than 3.9."""
    parts = (m.group("main") or m.group("dotted")).split(".")
    words = "".join(attach(integer_tokens(int(p)), POINT) for p in parts[:-1])
    words += say(integer_tokens(int(parts[-1])))
    return ("バージョン" if m.group("v") else "") + words


def _address(m: re.Match[str], sign: str | None) -> str:
    """A block address (2-8-1: 丁目, 番, 号) joins its numbers with の."""
    return "の".join(say(integer_tokens(int(p))) for p in m.group().split("-"))


# Order matters: the specific shapes claim their digits before the general ones.
_RULES: tuple[tuple[re.Pattern[str], cjk.Say], ...] = (
    (cjk.PHONE, _phone),
    (cjk.SHORT_CODE, _postal_code),
    (cjk.ISO_DATE, cjk.iso_date(_date)),
    (cjk.CLOCK, _clock),
    (cjk.VERSION, _version),
    (_ADDRESS, _address),
    (cjk.SLASH, cjk.month_day_or_fraction(_date, _fraction_words)),
    (_FRACTION, _fraction),
    (_SHAPES.currency_first, _currency_first),
    (_SHAPES.range, _range),
    (_SHAPES.counted, _counted),
    (_SHAPES.number, _number),
    cjk.weekday(_WEEKDAYS, "、"),
)


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: 年, 月 and 日 as in running text, whichever parts are given."""
    if day is not None and month is not None:
        return _date(year, month, day)
    return (
        (attach(integer_tokens(year), c.YEAR) if year is not None else "")
        + (attach(integer_tokens(month), c.MONTH) if month is not None else "")
        + (attach(integer_tokens(day), c.DAY_OF_MONTH, day) if day is not None else "")
    )
