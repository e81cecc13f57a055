# ruff: noqa: RUF001, RUF002  (letters and words of many alphabets, not look-alikes)
"""The language of short Latin or Cyrillic text (#16 class 7).

py3langid is unsure of a few words: "Zkuste to znovu." is Czech at 0.38 (below the
0.5 it must reach to be trusted), so such text fell back to `DEFAULT_LANG` and was
read as English; "Я перезвоню позже." came out Ukrainian at a confident 0.6. For
text of at most `SHORT_WORDS` words three kinds of evidence are added up instead:

- the identifier's probability for each candidate language (its whole ranking, not
  only its first choice);
- letters that only a few of the languages use ("ř" Czech; "ď" Czech or Slovak;
  "ș" Romanian; "ı" Turkish), each letter's weight shared among them;
- words that are among the most frequent of one language and of no other
  ("jsou", "tudi", "og", "het", "его", "це", "това"), from `data/stopwords.json`
  (built by `scripts/build_text_data.py` from wordfreq's lists).

The best total wins if it reaches `MIN_SCORE`; else the caller falls back as before.
Costs nothing at init but reading a 60 KB word list on first use.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

SHORT_WORDS = 12
MIN_SCORE = 0.5
_LETTER_WEIGHT = 1.0
_STOPWORD_WEIGHT = 0.6
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

# Letters used by only some of the languages (lower case) -> those languages.
_LETTERS: dict[str, str] = {
    "ą": "pl lt", "ę": "pl lt", "ł": "pl", "ń": "pl", "ś": "pl", "ź": "pl", "ż": "pl",
    "ć": "pl hr", "č": "cs sk sl hr lt lv", "š": "cs sk sl hr lt lv et fi",
    "ž": "cs sk sl hr lt lv et fi", "ř": "cs", "ů": "cs", "ě": "cs", "ď": "cs sk",
    "ť": "cs sk", "ň": "cs sk", "ľ": "sk", "ĺ": "sk", "ŕ": "sk", "ô": "sk fr pt vi",
    "ä": "de sv fi et sk", "ö": "de sv fi et hu tr", "ü": "de et hu tr", "ß": "de",
    "å": "da sv", "æ": "da", "ø": "da", "đ": "hr vi", "ė": "lt", "į": "lt", "ų": "lt",
    "ū": "lt lv", "ā": "lv", "ē": "lv", "ī": "lv", "ķ": "lv", "ļ": "lv", "ņ": "lv",
    "ģ": "lv", "õ": "et pt vi", "ș": "ro", "ț": "ro", "ş": "tr ro", "ţ": "ro",
    "ă": "ro vi", "î": "ro fr", "â": "ro fr pt vi tr", "ğ": "tr", "ı": "tr", "ő": "hu",
    "ű": "hu", "ñ": "es", "¿": "es", "¡": "es", "ç": "fr pt tr", "ã": "pt vi",
    "ê": "fr pt vi", "è": "fr it", "ì": "it", "ò": "it", "ù": "it fr", "œ": "fr",
    "ë": "nl fr", "ï": "nl fr", "ơ": "vi", "ư": "vi", "í": "cs sk hu es pt it is vi",
    "ý": "cs sk", "á": "cs sk hu es pt vi", "ú": "cs sk hu es pt",
    "ґ": "uk", "є": "uk", "ї": "uk", "і": "uk", "ы": "ru", "э": "ru", "ё": "ru",
}  # fmt: skip


@functools.cache
def _stopwords() -> dict[str, frozenset[str]]:
    path = Path(__file__).parent / "data" / "stopwords.json"
    try:
        words = json.loads(path.read_text("utf-8"))["words"]
    except (OSError, ValueError, KeyError):
        return {}
    return {lang: frozenset(listed) for lang, listed in words.items()}


def is_short(text: str) -> bool:
    return len(_WORD.findall(text[:400])) <= SHORT_WORDS


def short_text_language(text: str, candidates: Iterable[str], identifier: Any | None) -> str | None:
    """The language the evidence points to among `candidates`, or None if too little."""
    allowed = set(candidates)
    scores = dict.fromkeys(allowed, 0.0)  # the identifier's and the evidence's
    evidence = dict.fromkeys(allowed, 0.0)  # letters and words alone
    lower = text.lower()
    for letter in set(lower):
        shared = _LETTERS.get(letter)
        if shared is None:
            continue
        langs = [lang for lang in shared.split() if lang in allowed]
        for lang in langs:
            evidence[lang] += _LETTER_WEIGHT / len(langs)
    words = _WORD.findall(lower)
    if len(words) > 1:  # one word ("OK", "Hallo") is too little to tell by words
        stopwords = _stopwords()
        for word in words:
            for lang in allowed:
                if word in stopwords.get(lang, ()):
                    evidence[lang] += _STOPWORD_WEIGHT
    if not any(evidence.values()):
        return None  # nothing beyond the identifier: its own cutoff decides, as before
    if identifier is not None:
        for lang, probability in identifier.rank(text):
            if lang in scores:
                scores[lang] += float(probability)
    for lang in allowed:
        scores[lang] += evidence[lang]
    best = max(scores, key=lambda lang: scores[lang])
    return best if scores[best] >= MIN_SCORE and evidence[best] > 0 else None
