"""Guess the language of a text from its script, only where that is unambiguous.

A wrong language tag makes the model read with the wrong accent, which is worse
than the neutral `na` tag, so every rule here names a language only when the
evidence fits exactly one of the 31. Plain Latin text without telltale
letters (English, Indonesian, Italian, Dutch, ...) therefore gets `na`, and so
does Cyrillic without a letter or pattern unique to Russian, Ukrainian or
Bulgarian.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from model_layer.constants import UNKNOWN_LANGUAGE

# Scripts that belong to a single language among the 31.
_SCRIPT_LANGUAGE = {"HANGUL": "ko", "KANA": "ja", "GREEK": "el", "DEVANAGARI": "hi"}

# Letters of the Arabic script used by Persian, Urdu and others but not by
# Arabic: their presence means an unsupported language, not `ar`.
_NON_ARABIC_LETTERS = frozenset("پچژگکیۀےٹڈڑںھ")

_UKRAINIAN = frozenset("ґєїіҐЄЇІ")
_RUSSIAN = frozenset("ыэёЫЭЁ")
# Russian writes the hard sign only before iotated vowels; Bulgarian uses it as a vowel.
_BULGARIAN_HARD_SIGN = re.compile(r"[ъЪ](?![еёюяЕЁЮЯ])")

# Latin letters (lower case) that, alone or in the listed pairs, occur in only
# one of the 31 languages. Pairs settle letters that two languages share;
# ą and ę (Polish and Lithuanian) and ä, ö, ü, é, ç, ... decide nothing alone.
_LATIN_UNIQUE = {
    "hu": "őű",
    "cs": "řůě",
    "pl": "łńśźż",
    "ro": "șțţ",
    "tr": "ğı",
    "lt": "ėįų",
    "lv": "āēīķļņģ",
    "sk": "ľĺŕ",
    "de": "ß",
    "da": "æø",
    "es": "ñ¿¡",
    "fr": "œ",
    "vi": "ơư",  # the Latin Extended Additional block is checked separately
}
_LATIN_PAIRS = (
    ("õ", "äöü", "et"),  # õ alone is also Portuguese / Vietnamese
    ("å", "äö", "sv"),  # å alone is also Danish
    ("ã", "ç", "pt"),  # ã alone is also Vietnamese
    ("đ", "čć", "hr"),  # đ alone is also Vietnamese
    ("ş", "öüç", "tr"),  # ş alone is also (legacy) Romanian
    ("ă", "îș", "ro"),  # ă alone is also Vietnamese
)


def detect_language(text: str) -> str:
    """One of `constants.ALL_LANGUAGE_CODES`; `na` unless the script is conclusive."""
    scripts = Counter(_script(ch) for ch in text if ch.isalpha())
    scripts.pop(None, None)
    if scripts["KANA"]:
        scripts["KANA"] += scripts.pop("HAN", 0)  # kanji belong with the kana
    elif scripts["HANGUL"]:
        scripts["HANGUL"] += scripts.pop("HAN", 0)  # hanja in Korean text
    if not scripts:
        return UNKNOWN_LANGUAGE
    script = scripts.most_common(1)[0][0]
    if script in _SCRIPT_LANGUAGE:
        return _SCRIPT_LANGUAGE[script]
    if script == "ARABIC":
        return UNKNOWN_LANGUAGE if _NON_ARABIC_LETTERS.intersection(text) else "ar"
    if script == "CYRILLIC":
        return _cyrillic_language(text)
    if script == "LATIN":
        return _latin_language(text.lower())
    return UNKNOWN_LANGUAGE  # Han alone (Chinese or Japanese), Thai, Hebrew, ...


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    if "HIRAGANA" in name or "KATAKANA" in name:  # incl. half-width and the ー mark
        return "KANA"
    if name.startswith("CJK"):
        return "HAN"
    for script in ("LATIN", "CYRILLIC", "GREEK", "ARABIC", "DEVANAGARI", "HANGUL"):
        if name.startswith(script):
            return script
    return None


def _cyrillic_language(text: str) -> str:
    votes = {
        "uk": bool(_UKRAINIAN.intersection(text)),
        "ru": bool(_RUSSIAN.intersection(text)),
        "bg": bool(_BULGARIAN_HARD_SIGN.search(text)),
    }
    return _only_one(votes)


def _latin_language(lower: str) -> str:
    letters = set(lower)
    votes = {lang: bool(letters.intersection(chars)) for lang, chars in _LATIN_UNIQUE.items()}
    votes["vi"] = votes["vi"] or any("\u1ea0" <= ch <= "\u1ef9" for ch in letters)
    for key, partners, lang in _LATIN_PAIRS:
        if key in letters and letters.intersection(partners):
            votes[lang] = True
    return _only_one(votes)


def _only_one(votes: dict[str, bool]) -> str:
    winners = [lang for lang, voted in votes.items() if voted]
    return winners[0] if len(winners) == 1 else UNKNOWN_LANGUAGE
