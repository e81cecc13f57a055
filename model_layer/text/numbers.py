"""Numbers as words, through num2words where it is trustworthy.

num2words covers 26 of the 31 languages (not bg, el, et, hi, hr); those five,
and ar, whose num2words paths are wrong, are said by our own spellers in
`model_layer/text/spell/` instead. Some other num2words paths are broken
(e.g. negative numbers in cs/pl/sk/vi, decimals in it/tr/vi, currency in
several languages falls back to English words). Those paths are replaced by
our own small compositions here, and every call is guarded: a number we
cannot say is returned as `None`, and the caller keeps the digits, which the
model reads better than a crash.
"""

from __future__ import annotations

import functools
from decimal import Decimal

from num2words import CONVERTER_CLASSES, num2words

from model_layer.constants import LANGUAGES
from model_layer.text import spell

SPELLED_LANGUAGES = frozenset(
    lang for lang in LANGUAGES if lang in CONVERTER_CLASSES or lang in spell.LANGUAGES
)

# Longer digit runs are identifiers (phone, account numbers): read digit by digit.
_MAX_CARDINAL_DIGITS = 15

_MINUS = {
    "en": "minus", "ko": "마이너스", "ja": "マイナス", "ar": "سالب", "cs": "minus",
    "da": "minus", "de": "minus", "es": "menos", "fi": "miinus", "fr": "moins",
    "hu": "mínusz", "id": "minus", "it": "meno", "lt": "minus", "lv": "mīnus",
    "nl": "min", "pl": "minus", "pt": "menos", "ro": "minus", "ru": "минус",
    "sk": "mínus", "sl": "minus", "sv": "minus", "tr": "eksi", "uk": "мінус", "vi": "âm",
}  # fmt: skip
# Where num2words reads decimals badly (or, for en, as a sum instead of digit by
# digit), "<int> <word> <fraction>" is composed here.
_DECIMAL_WORD = {"en": "point", "it": "virgola", "tr": "virgül", "vi": "phẩy", "ar": "فاصلة"}
# Languages whose num2words class has its own currency names; the others
# inherit English ones ("dollars" in a Danish sentence) or none.
_NATIVE_CURRENCY = frozenset((
    "cs", "de", "es", "fi", "fr", "it", "ja", "ko", "lt", "lv", "nl", "pl", "pt", "ru", "sk", "uk",
))  # fmt: skip


def _words(value: int | Decimal, lang: str, **kwargs: str) -> str | None:
    own = spell.speller(lang)
    try:
        if own is not None:  # our speller: to= cardinal, ordinal or year, as num2words
            return getattr(own, kwargs.get("to", "cardinal"))(value)
        words = num2words(value, lang=lang, **kwargs)
    except Exception:  # num2words raises anything from TypeError to IndexError on gaps
        return None
    # en/ar put commas inside numbers ("one thousand, two hundred"): they would be read as pauses.
    return " ".join(words.replace(",", " ").split()) or None


def cardinal(digits: str, lang: str) -> str | None:
    """A non-negative integer given as digits."""
    if lang not in SPELLED_LANGUAGES:
        return None
    if len(digits) > _MAX_CARDINAL_DIGITS or (len(digits) > 1 and digits[0] == "0"):
        return digit_by_digit(digits, lang)
    return _small_cardinal(int(digits), lang)


@functools.lru_cache(maxsize=4096)
def _small_cardinal(n: int, lang: str) -> str | None:
    return _words(n, lang)


def digit_by_digit(digits: str, lang: str) -> str | None:
    words = [_small_cardinal(int(d), lang) for d in digits]
    return None if None in words else " ".join(w for w in words if w)


def signed(words: str | None, negative: bool, lang: str) -> str | None:
    if words is None or not negative:
        return words
    own = spell.speller(lang)
    return f"{own.MINUS if own is not None else _MINUS[lang]} {words}"


def decimal(int_digits: str, frac_digits: str, lang: str) -> str | None:
    if lang not in SPELLED_LANGUAGES:
        return None
    own = spell.speller(lang)
    if own is not None:
        return own.decimal(int_digits, frac_digits)
    if lang not in _DECIMAL_WORD:
        return _words(Decimal(f"{int(int_digits)}.{frac_digits}"), lang)
    whole = cardinal(int_digits, lang)
    fraction = digit_by_digit(frac_digits, lang)
    if whole is None or fraction is None:
        return None
    return f"{whole} {_DECIMAL_WORD[lang]} {fraction}"


def ordinal(n: int, lang: str) -> str | None:
    return _words(n, lang, to="ordinal") if lang in SPELLED_LANGUAGES else None


def year(n: int, lang: str) -> str | None:
    return _words(n, lang, to="year") if lang in SPELLED_LANGUAGES else None


def currency(units: int, cents: int, code: str, lang: str) -> str | None:
    """An amount in a currency, in languages whose num2words knows its names."""
    if lang not in _NATIVE_CURRENCY:
        return None
    converter = CONVERTER_CLASSES[lang]
    if cents:
        return _words(Decimal(units) + Decimal(cents) / 100, lang, to="currency", currency=code)
    try:
        # num2words always says "and zero cents"; a whole amount is number + unit name.
        unit = converter.pluralize(units, converter.CURRENCY_FORMS[code][0])
    except Exception:  # no such currency, or a class-specific pluralize signature
        return _words(Decimal(units), lang, to="currency", currency=code)
    number = cardinal(str(units), lang)
    return None if number is None else f"{number} {unit}"
