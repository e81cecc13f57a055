# ruff: noqa: RUF002  (Turkish dotless i in the examples)
"""A plus sign before a change, said: "+5 %" is "plus fünf Prozent", "más
cinco por ciento", "artı yüzde beş", "プラスごパーセント"; it was left as a sign. In ja,
ko and tr a minus before a percentage too ("-3%" マイナスさんパーセント, "eksi yüzde üç",
where the Turkish percent word came first: "yüzde eksi üç").

Only before a percentage, points or degrees ("+5%", "+3 Punkte", "+2 °C"), or standing
between spaces before a word ("19,99 € + IVA": "más IVA"): a "+" before a phone number is
the phone rule's ("+49 30 ..."), and "2+2" is arithmetic.
"""

from __future__ import annotations

import re

from model_layer.text.shapes.phones import PLUS_WORDS

_WORDS = {**PLUS_WORDS, "ja": "プラス", "ko": "플러스"}
_PLUS_SIGN = re.compile(
    r"(?<![\w+)])\+\s?(?=\d+(?:[.,]\d+)?\s?(?:%|pp\b|pts?\b|points\b|Punkte?\b|points?\b|"
    r"°|ポイント|포인트))"
)


# "19,99 € + IVA", "+ Versand": a plus between spaces before a word is said too.
_PLUS_WORD = re.compile(r"(?<=\s)\+(?=\s+[^\W\d_])")

_MINUS_WORDS = {"ja": "マイナス", "ko": "마이너스", "tr": "eksi"}
_MINUS_SIGN = re.compile(r"(?<![\w)])[-\u2212](?=\d+(?:[.,]\d+)?\s?%)")


def read(text: str, lang: str) -> str:
    """`text` with a plus sign before a change said as the language's word."""
    minus = _MINUS_WORDS.get(lang)
    if minus is not None and "%" in text:
        text = _MINUS_SIGN.sub(minus + ("" if lang == "ja" else " "), text)
    if "+" not in text:
        return text
    word = _WORDS.get(lang)
    if word is None:
        return text
    joiner = "" if lang == "ja" else " "
    text = _PLUS_WORD.sub(word, text)
    return _PLUS_SIGN.sub(word + joiner, text)
