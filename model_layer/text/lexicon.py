"""How single words are said: the caller's lexicon, and English acronyms.

An all-caps English word of 2-5 letters is usually an initialism the model
would otherwise try to pronounce as a word ("API" -> "A P I"). The ones people
do say as words are listed below and left alone; a caller's lexicon overrides
both. Text that is mostly capitals is shouting, not acronyms, and is left as is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Without a lexicon nothing is protected: plain text has no markup, so "<" and ">"
# are text like any other (SSML is read in model_layer/text/ssml, before this).
_NOTHING = re.compile(r"(?!)")

# Said as words, not letters.
PRONOUNCED_ACRONYMS = frozenset((
    "NASA", "NATO", "UNESCO", "UNICEF", "LASER", "RADAR", "SCUBA", "AIDS", "COVID", "FIFA",
    "OPEC", "NAFTA", "IKEA", "LEGO", "GIF", "JPEG", "PIN", "SIM", "RAM", "ROM", "ASCII", "SWAT",
    "ASAP", "POTUS", "FOMO", "YOLO", "WASP", "UEFA",
))  # fmt: skip
_SAID_AS = {"OK": "okay"}

_CAPS_WORD = re.compile(r"\b([A-Z]{2,5})(s?)\b")
_WORD = re.compile(r"\b[^\W\d_]{2,}\b")
# Roman numerals made of I, V and X ("World War II", "Henry VIII") are not initialisms.
_ROMAN = re.compile(r"X{0,3}(?:IX|IV|V?I{0,3})")


def protected_pattern(lexicon: Mapping[str, str] | None) -> re.Pattern[str]:
    """Matches, whole-word and case-sensitive, the lexicon's keys
    (longest first, so "New York City" wins over "New York")."""
    keys = sorted((k for k in (lexicon or {}) if k), key=len, reverse=True)
    if not keys:
        return _NOTHING
    words = "|".join(re.escape(k) for k in keys)
    return re.compile(rf"(?<!\w)(?:{words})(?!\w)")


def is_shouting(text: str) -> bool:
    words = _WORD.findall(text)
    caps = sum(w.isupper() for w in words)
    return caps >= 2 and caps > len(words) - caps


def spell_acronyms(text: str) -> str:
    return _CAPS_WORD.sub(_acronym, text)


def _acronym(m: re.Match[str]) -> str:
    word, plural = m.groups()
    if word in _SAID_AS:
        return _SAID_AS[word] + plural
    if word in PRONOUNCED_ACRONYMS or _ROMAN.fullmatch(word):
        return m.group()
    return " ".join(word) + ("'s" if plural else "")
