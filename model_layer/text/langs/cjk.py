"""What the Japanese and Korean rules share: the written shapes of numbers.

Both languages write full-width digits (U+FF10-FF19), group numbers by 万/만 and mix
digits with those units ("1万5000円", "3억 5천만 원"), write dates as
2024/3/15 or 2024.3.15, and read phone numbers digit by digit. Only the
shapes live here; what each shape is called lives in `ja.py` and `ko.py`.

Each rule wraps what it spoke in two private-use marks, so that a range sign
left between two spoken spans ("9:00〜17:00", "3-5") can be read as "from ...
to" at the end, whatever rules produced the two sides; the marks never leave
`finish`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

OPEN, CLOSE = "\ue000", "\ue001"


def pattern(regex: str) -> re.Pattern[str]:
    """ASCII classes: in "会議は9:05から" the kana around the time are letters to `\\w`,
    but they end a number as surely as a space does."""
    return re.compile(regex, re.ASCII)


# Full-width ASCII (U+FF01-FF5E) folds to ASCII exactly as the reference's NFKD
# will fold it later; doing it first lets the rules see the digits. The CJK
# squared units (㎞, ㎏, ㌔, ㍍...) fold to their letters or kana by NFKC.
_FOLD = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
_FOLD.update({0xFFE5: ord("¥"), 0xFFE6: ord("₩"), 0x2212: ord("-"), 0x2010: ord("-")})
_FOLD.update({ord(OPEN): None, ord(CLOSE): None})  # our marks, should a text hold them
_SQUARED = re.compile("[\u3300-\u33ff]")
_CIRCLED_DIGIT = re.compile("[\u2460-\u2473]")  # ①..⑳ in lists: the number they hold


def fold(text: str) -> str:
    text = text.translate(_FOLD)
    text = _SQUARED.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    return _CIRCLED_DIGIT.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)


def alternation(words: Iterable[str]) -> str:
    """Longest first, so 時間 wins over 時; a Latin unit must end its word (5m, not 5min)."""
    return "|".join(
        re.escape(w) + ("(?![A-Za-z])" if w[-1].isascii() and w[-1].isalpha() else "")
        for w in sorted(words, key=len, reverse=True)
    )


def spoken(words: str) -> str:
    return f"{OPEN}{words}{CLOSE}"


# A range sign between two spoken spans: "〜" (U+301C), "~", hyphen or en dash.
_RANGE_BETWEEN = re.compile(rf"{CLOSE}\s*[〜~\-\u2013]\s*(?={OPEN})")


# A wave dash after a spoken span with no number after it opens a range: "1,000円〜",
# "18:00〜", "10시~" mean "from" (から, 부터). A note in brackets may come between
# ("5,000円(税込)〜"); a hyphen never opens a range.
_OPEN_END = re.compile(rf"{CLOSE}(?P<note>\s?[(][^()\d]{{1,8}}[)])?\s?[〜~](?![\s〜~]*[\d{OPEN}])")


def finish(text: str, range_word: str, open_end: str = "") -> str:
    text = _RANGE_BETWEEN.sub(range_word, text)
    if open_end:
        text = _OPEN_END.sub(lambda m: CLOSE + (m.group("note") or "") + open_end, text)
    return text.replace(OPEN, "").replace(CLOSE, "")


NUMBER = r"\d{1,3}(?:,\d{3})+(?!\d)|\d+"
DECIMAL = rf"(?:{NUMBER})(?:\.\d+)?"
SIGN = r"[-+▲△]"  # ▲/△ mark a negative amount in Japanese accounts


def quantity(big_units: str, small_units: str, spaced: bool) -> str:
    """Digits with any 万/억-style units: "1,500", "2.5万", "1万5000", "3억 5천만"."""
    piece = rf"(?:{DECIMAL})(?:[{small_units}]?[{big_units}]|[{small_units}])"
    gap = "[ ]?" if spaced else ""
    # Starts only where a digit run starts: tried from inside a long run as well, every
    # rule built on it rescanned the run from each digit, O(n^2) on a run of digits.
    return rf"(?<!\d)(?:{piece}(?:{gap}{piece})*(?:{gap}\d+(?![\d.,]))?|{DECIMAL})"


@dataclass(frozen=True)
class Amount:
    """A parsed quantity: an integer, or a decimal with at most one unit after it."""

    whole: int
    fraction: str = ""  # digits after the point, as written ("05" in 3.05)
    unit: int = 1  # 10**4 for "2.5万": the decimal is read, then the unit named
    digits: str = ""  # set when the number is an identifier read digit by digit


_PIECE = pattern(r"(\d[\d,]*)(?:\.(\d+))?(\D*)")
_MAX_DIGITS = 16  # up to 9,999 兆/조: beyond that a run of digits is an identifier


def parse_amount(text: str, unit_values: dict[str, int], counted: bool = False) -> Amount | None:
    """The value of what `quantity` matched; None when its units make no number.

    A leading zero makes an identifier (007), except before a counter (05分, 09시)."""
    pieces = _PIECE.findall(text.replace(" ", ""))  # `quantity` allows no other whitespace
    if len(pieces) == 1 and not pieces[0][2]:
        whole, fraction, _ = pieces[0]
        whole = whole.replace(",", "")
        leading_zero = len(whole) > 1 and whole[0] == "0" and not counted
        if not fraction and (len(whole) > _MAX_DIGITS or leading_zero):
            return Amount(0, digits=whole)
        return Amount(int(whole), fraction)
    total = Decimal(0)
    for whole, fraction, units in pieces:
        value = Decimal(f"{whole.replace(',', '')}.{fraction or 0}")
        for unit in units:
            value *= unit_values[unit]
        total += value
    if len(pieces) == 1 and pieces[0][1]:  # "2.5万": said as written, "two point five ten-thousand"
        whole, fraction, units = pieces[0]
        unit = 1
        for ch in units:
            unit *= unit_values[ch]
        return Amount(int(whole.replace(",", "")), fraction, unit)
    if total != total.to_integral_value() or total >= 10**_MAX_DIGITS:
        return None
    return Amount(int(total))


_DIGIT_RUN = pattern(r"\d+")


def digit_runs(written: str, say_digits: Callable[[str], str]) -> str:
    """A quantity whose units make no number ("1.5万5000.5", 10**20兆): each run of
    digits said digit by digit, the rest kept, so that no digit goes unsaid."""
    return _DIGIT_RUN.sub(lambda m: say_digits(m.group()), written)


def prefix_for(m: re.Match[str], prefix: str) -> str:
    """A unit's word said before the number (時速, 시속), unless the text says it already."""
    return "" if not prefix or m.string[: m.start()].rstrip().endswith(prefix) else prefix


def is_sign(text: str, start: int) -> bool:
    """A "-" at `start` is a minus sign unless it follows a number or a Latin word (3-5,
    COVID-19); after kana, kanji or Hangul it is a sign (気温は-5℃)."""
    before = text[:start].rstrip()
    return not before or not (
        (before[-1].isascii() and before[-1].isalnum()) or before[-1] in ")%" + CLOSE
    )


# Shapes both languages write alike.
PHONE = pattern(
    r"(?<![\w.-])(?:(?P<intl>\+\d{1,3})[-\s]\(?(?P<local>\d{1,4}\)?[-\s]\d{1,4}[-\s]\d{3,4})"
    r"|(?P<groups>\(?0\d{1,4}\)?[-\s]\d{1,4}[-\s]\d{3,4}|0[5-9]0\d{8}|01[016-9]\d{7,8}|0\d{9}))"
    r"(?![\w-])"
)


# 3+4 digits: a Japanese postal code (〒100-0001) or a Korean local phone number.
SHORT_CODE = pattern(r"(?<![\w.-])(?P<mark>〒\s?)?(?P<groups>\d{3}-\d{4})(?![\w-])")


def phone_groups(m: re.Match[str], short_areas: tuple[str, ...]) -> tuple[str | None, list[str]]:
    """The country code (without "+"), if any, and the digit groups of a PHONE match.
    `short_areas` are the two-digit area codes (Seoul 02; Tokyo 03, Osaka 06)."""
    local = m.group("groups") or m.group("local")
    groups = [g for g in re.split(r"[-\s()]+", local) if g]
    if len(groups) == 1:  # written without separators: grouped as it is dialled
        run = groups[0]
        head = 2 if run.startswith(short_areas) and len(run) == 10 else 3
        groups = [run[:head], run[head:-4], run[-4:]]
    intl = m.groupdict().get("intl")
    return (intl[1:] if intl else None), groups


ISO_DATE = pattern(
    r"(?<![\w./-])(?P<y>\d{4})(?P<sep>[-/]|\.\s?)(?P<m>0?[1-9]|1[0-2])(?P=sep)"
    r"(?P<d>0?[1-9]|[12]\d|3[01])(?![\w/-]|\.\d)\.?"
)
SLASH = pattern(r"(?<![\w./])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\w/]|\.\d)")
CLOCK = pattern(
    r"(?<![\w:.])(?:(?P<pre>AM|PM|am|pm|a\.m\.|p\.m\.)\s?)?(?P<h>[01]?\d|2[0-4]):(?P<min>[0-5]\d)"
    r"(?::(?P<s>[0-5]\d))?(?![\w:])(?:\s?(?P<post>AM|PM|am|pm|a\.m\.|p\.m\.)(?![A-Za-z]))?"
)
VERSION = pattern(
    # A bare capital V is a version only before a dotted number: V8 is an engine.
    r"(?<![\w.])(?:(?P<v>v|[vV]er\.?\s?|[vV]ersion\s|V(?=\d+\.\d)|バージョン|버전\s?)(?=\d)"
    r"(?P<main>\d+(?:\.\d+)*)|(?P<dotted>\d+\.\d+\.\d+(?:\.\d+)*))(?![\w.]|\.\d)"
)


def is_fraction(numerator: int, denominator: int) -> bool:
    """Is "a/b" a fraction rather than month/day? Small proper fractions are (1/2, 3/4);
    so is anything that is no valid date (5/40)."""
    if 0 < numerator < denominator <= 10:
        return True
    return not (1 <= numerator <= 12 and 1 <= denominator <= 31)


def is_pm(m: re.Match[str]) -> bool | None:
    marker = (m.group("pre") or m.group("post") or "").lower()
    return None if not marker else marker.startswith("p")


def sub_spoken(
    pattern: re.Pattern[str], say: Callable[[re.Match[str], str | None], str | None], text: str
) -> str:
    """`pattern.sub` with `say(match, sign)`, the match kept as written where `say` has no
    words. `sign` is the match's group "sign" when it is a minus or plus sign; a "-" that
    joins two numbers (3-5) stays outside the spoken span, for `finish` to read."""

    def replace(m: re.Match[str]) -> str:
        written = m.groupdict().get("sign")
        sign = written if written and is_sign(m.string, m.start()) else None
        words = say(m, sign)
        if words is None:
            return m.group()
        return (written if written and not sign else "") + spoken(words)

    return pattern.sub(replace, text)


Say = Callable[[re.Match[str], str | None], str | None]


@dataclass(frozen=True)
class NumberShapes:
    """The regexes of a number with what follows or precedes it, in one language.

    Groups: `sign`, `q` (the quantity), `suffix` (a counter or unit) and `me` (目);
    a range adds `first` (the first number's own suffix), `sign2` and `q2`;
    `cur` is a currency written before the number."""

    counted: re.Pattern[str]
    range: re.Pattern[str]
    currency_first: re.Pattern[str]
    number: re.Pattern[str]


def number_shapes(
    quantity: str, suffixes: Iterable[str], currencies: Iterable[str], currency_names: str
) -> NumberShapes:
    suffix = alternation(suffixes)
    q = rf"(?P<sign>{SIGN})?(?P<q>{quantity})"
    return NumberShapes(
        counted=pattern(rf"{q}\s?(?P<suffix>{suffix})(?P<me>目)?"),
        range=pattern(
            rf"{q}\s?(?P<first>{suffix})?\s?[〜~\-\u2013]\s?(?P<sign2>[-+])?(?P<q2>{quantity})"
            rf"\s?(?P<suffix>{suffix})(?P<me>目)?"
        ),
        # "¥1,500円" names its currency twice: it is said once.
        currency_first=pattern(
            rf"(?<![A-Za-z])(?P<cur>{alternation(currencies)})\s?{q}(?:\s?(?:{currency_names}))?"
        ),
        number=pattern(q),
    )


def run(
    text: str, rules: Iterable[tuple[re.Pattern[str], Say]], range_word: str, open_end: str = ""
) -> str:
    """Fold the text, apply each rule in order, and read what is left between spans."""
    text = fold(text)
    for pattern, say in rules:
        text = sub_spoken(pattern, say, text)
    return finish(text, range_word, open_end)


def guarded(rules: Callable[[str], str], text: str) -> str:
    """`rules(text)`, or the text as written should a rule have a bug: the user still
    hears the sentence, unnormalized, rather than an error."""
    try:
        return rules(text)
    except Exception:
        return text


DateWords = Callable[[int | None, int, int], str]  # (year or None, month, day) -> words


def iso_date(date_words: DateWords) -> Say:
    def say(m: re.Match[str], sign: str | None) -> str:
        words = date_words(int(m.group("y")), int(m.group("m")), int(m.group("d")))
        # The trailing "." belongs to a dotted date (2024. 3. 15.), not to an ISO one's sentence.
        dot = m.group().endswith(".") and not m.group("sep").startswith(".")
        return words + "." if dot else words

    return say


def month_day_or_fraction(date_words: DateWords, fraction: Callable[[int, int], str]) -> Say:
    """For SLASH: `fraction(denominator, numerator)` or the month and day."""

    def say(m: re.Match[str], sign: str | None) -> str:
        a, b = int(m.group("a")), int(m.group("b"))
        if is_fraction(a, b) and not _dated(m):
            return fraction(b, a)
        return date_words(None, a, b)

    return say


_WEEKDAY_AFTER = pattern(r"\s?[(][月火水木金土日월화수목금토일]")
# The other end of a range of two a/b: "4/1〜4/5" is two dates when either end can only
# be a date, though 4/5 alone would be a fraction ("1/4〜1/2カップ" stays two fractions).
_SLASH_BEFORE = pattern(r"(\d{1,2})/(\d{1,2})(?:\s?[(]\S{1,3}[)])?\s?[〜~\-\u2013]\s?$")
_SLASH_AFTER = pattern(r"(?:\s?[(]\S{1,3}[)])?\s?[〜~\-\u2013]\s?(\d{1,2})/(\d{1,2})(?![\w/])")


def _dated(m: re.Match[str]) -> bool:
    """Does the context make a small proper "a/b" a date: a weekday after it, "3/4(金)",
    or a date at the other end of its range?"""
    after = m.string[m.end() :]
    if _WEEKDAY_AFTER.match(after):
        return True
    other = _SLASH_BEFORE.search(m.string[max(0, m.start() - 16) : m.start()])
    other = other or _SLASH_AFTER.match(after)
    return bool(other) and not is_fraction(int(other.group(1)), int(other.group(2)))


def weekday(names: Mapping[str, str], separator: str) -> tuple[re.Pattern[str], Say]:
    """A weekday in brackets after a spoken date, "3/15(金)", said after it."""
    regex = pattern(rf"(?<={CLOSE})\s?[(](?P<day>[{''.join(names)}])[)]")
    return regex, lambda m, sign: separator + names[m.group("day")]


# A phone number after the word for "phone number" keeps its groups (PHONE reads it), not
# one run of digits.
_PHONE_DIGITS = re.compile(r"0\d{9,10}")


def identifier_reader(
    code_keys: tuple[str, ...], say_digits: Callable[[str], str]
) -> Callable[[re.Match[str]], str]:
    """The reader of an identifier matched after its key word (groups `key`, `gap`,
    `letters`, `digits`): five digits or more are said digit by digit, as on the phone,
    and from four digits after a key of a one-time code or PIN (`code_keys`, matched at
    the key's end); a letter before the digits stays a letter; a phone number is left
    to the phone rule."""

    def read(m: re.Match[str]) -> str:
        written = m.group("digits")
        if _PHONE_DIGITS.fullmatch(written) and not m.group("letters"):
            return m.group()
        code = m.string[: m.end("key")].endswith(code_keys)
        if len(written) < 5 and not code:
            return m.group()
        return m.group("key") + m.group("gap") + (m.group("letters") or "") + say_digits(written)

    return read


_T = TypeVar("_T")
# The currencies both languages name by sign and by code, each sign with its ISO code.
_CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₩": "KRW"}
_CURRENCY_CODES = ("USD", "EUR", "GBP", "JPY", "KRW", "CNY")


def currencies(by_code: Mapping[str, _T]) -> dict[str, _T]:
    """The language's word for each currency (`by_code`: ISO code -> its counter) under
    every sign and code it is written with ("$", "USD" -> the dollar's)."""
    signs = {sign: by_code[code] for sign, code in _CURRENCY_SIGNS.items()}
    return signs | {code: by_code[code] for code in _CURRENCY_CODES}
