"""Capitals with a number glued on, and the few glued the other way:
"A4", "Vitamin B12", "MP3", "G7", "CO2" (also written "CO₂"), "F1" are said as their
letters then the number ("A vier", "B douze", "C O dos"), "5G", "4K", "3D" as the number
then the letter. English has its own rule; these were left as written elsewhere, which
the model cannot read.

Letters stay capitals, for the language's acronym speller ("M P", "C O"). Only whole
tokens: a code mixing letters and digits back and forth ("K7XQ2M") is `codes.py`'s, a
lower-case start ("iPhone15") or a unit ("100km") is not one of these.
"""

from __future__ import annotations

import re

from model_layer.text import numbers

LANGUAGES = frozenset((
    "de", "fr", "es", "it", "pt", "nl", "sv", "da", "fi", "et", "lt", "lv", "pl", "cs", "sk",
    "sl", "hr", "hu", "ro", "tr", "id", "vi", "el", "ru", "uk", "bg",
))  # fmt: skip
_LETTERS_NUMBER = re.compile(r"(?<![\w.,/-])([A-Z]{1,4})(\d{1,3})(?![\w/]|[.,]\d)")
_NUMBER_LETTER = re.compile(r"(?<![\w.,/-])([1-9]\d?)([GKD])(?![\w/]|[.,]\d)")


def read(text: str, lang: str) -> str:
    """`text` with "A4", "B12", "5G" said in `lang`."""
    if lang not in LANGUAGES or not any(ch.isdigit() for ch in text):
        return text

    def letters_first(m: re.Match[str]) -> str:
        words = numbers.cardinal(m.group(2), lang)
        return m.group() if words is None else f"{m.group(1)} {words}"

    def number_first(m: re.Match[str]) -> str:
        words = numbers.cardinal(m.group(1), lang)
        return m.group() if words is None else f"{words} {m.group(2)}"

    text = _LETTERS_NUMBER.sub(letters_first, text)
    return _NUMBER_LETTER.sub(number_first, text)
