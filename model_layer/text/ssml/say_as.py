"""`<say-as>`: the caller says what a string is, and it is read as that, in the span's language.

Numbers come from `model_layer.text.numbers`; a language num2words cannot say
(bg, el, et, hi, hr, na) keeps the digits as written, which the model reads
better than nothing, as everywhere else in normalization. Text that is not what
`interpret-as` claims (letters in a cardinal, a month 13) is the caller's error.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.normalize import normalize_text
from model_layer.text.ssml.dates import say_date
from model_layer.text.ssml.values import SsmlValueError

_SIGNED_INTEGER = re.compile(
    r"(?P<sign>[-+\u2212])?(?P<digits>\d{1,3}(?:(?P<sep>[,.'\u00a0\u202f ])\d{3})"
    r"(?:(?P=sep)\d{3})*|\d+)"
)
_ORDINAL = re.compile(r"(\d+)\s*(?:\.|º|ª|[^\W\d_]{1,3})?")
_TIME = re.compile(
    r"(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?)?"
    r"(?:\s?(?P<ampm>[AaPp])\.?[Mm]\.?)?"
)
_PHONE_GROUP = re.compile(r"\d+")
_PHONE = re.compile(r"\+?[\d\s().\-/]*\d[\d\s().\-/]*")
# The "+" of an international number, where we know the word.
_PLUS = {"en": "plus", "de": "plus", "fr": "plus", "es": "más", "it": "più", "pt": "mais",
         "nl": "plus"}  # fmt: skip

INTERPRETATIONS = (
    "characters",
    "spell-out",
    "cardinal",
    "number",  # Polly's and Azure's name for cardinal
    "ordinal",
    "digits",
    "date",
    "time",
    "telephone",
)


def say_as(interpret_as: str, text: str, lang: str, date_format: str | None = None) -> str:
    """The words for `text` read as `interpret_as`; `date_format` only for dates."""
    text = text.strip()
    if not text:
        raise SsmlValueError("say-as holds no text to read")
    if interpret_as == "date":
        return say_date(text, lang, date_format)
    if date_format is not None:
        raise SsmlValueError("say-as format applies only to interpret-as 'date'")
    return _READERS[interpret_as](text, lang)


def _spell(text: str, lang: str) -> str:
    """Every letter and digit on its own; letters as capitals, which the model
    reads as letter names ("a" alone is the article)."""
    out = []
    for ch in text:
        if ch.isspace():
            continue
        if ch in "0123456789":
            out.append(numbers.cardinal(ch, lang) or ch)
        else:
            out.append(ch.upper())
    return " ".join(out)


def _cardinal(text: str, lang: str) -> str:
    m = _SIGNED_INTEGER.fullmatch(text)
    if not m:
        raise SsmlValueError(f"say-as cardinal needs a whole number, not '{text}'")
    digits = re.sub(r"\D", "", m.group("digits"))
    words = numbers.signed(numbers.cardinal(digits, lang), m.group("sign") in ("-", "\u2212"), lang)
    return words or text


def _ordinal(text: str, lang: str) -> str:
    m = _ORDINAL.fullmatch(text)
    if not m:
        raise SsmlValueError(f"say-as ordinal needs a number such as '3' or '3rd', not '{text}'")
    return numbers.ordinal(int(m.group(1)), lang) or m.group(1)


def _digits(text: str, lang: str) -> str:
    if not re.fullmatch(r"[\d\s.,\-]*\d[\d\s.,\-]*", text):
        raise SsmlValueError(f"say-as digits needs digits, not '{text}'")
    digits = re.sub(r"\D", "", text)
    return numbers.digit_by_digit(digits, lang) or digits


def _time(text: str, lang: str) -> str:
    m = _TIME.fullmatch(text)
    if not m or (m.group("m") is None and m.group("ampm") is None):
        raise SsmlValueError(f"say-as time needs a time such as '14:30' or '3 pm', not '{text}'")
    # A valid time, read exactly as the language's normalizer reads times in prose.
    return normalize_text(text, lang)


def _telephone(text: str, lang: str) -> str:
    """Digit by digit, a short pause (a comma) between the groups as written."""
    if not _PHONE.fullmatch(text):
        raise SsmlValueError(f"say-as telephone needs a phone number, not '{text}'")
    groups = []
    for digits in _PHONE_GROUP.findall(text):
        groups.append(numbers.digit_by_digit(digits, lang) or digits)
    spoken = ", ".join(groups)
    if text.startswith("+"):
        spoken = f"{_PLUS.get(lang, '+')} {spoken}"
    return spoken


_READERS: dict[str, Callable[[str, str], str]] = {
    "characters": _spell,
    "spell-out": _spell,
    "cardinal": _cardinal,
    "number": _cardinal,
    "ordinal": _ordinal,
    "digits": _digits,
    "time": _time,
    "telephone": _telephone,
}
