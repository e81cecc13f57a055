"""The reference text preparation, reproduced exactly.

The model was trained on text shaped by `UnicodeProcessor._preprocess_text` of
the official `supertonic` package, so every transformation below (and its
order) matches it; tests compare the two on many strings.  Improvements belong
in `normalize.py`, which runs before this, never here.
"""

from __future__ import annotations

import re
import unicodedata

from model_layer.constants import ALL_LANGUAGE_CODES

_EMOJI = re.compile(
    "[\U0001f600-\U0001f64f\U0001f300-\U0001f5ff\U0001f680-\U0001f6ff"
    "\U0001f700-\U0001f77f\U0001f780-\U0001f7ff\U0001f800-\U0001f8ff"
    "\U0001f900-\U0001f9ff\U0001fa00-\U0001fa6f\U0001fa70-\U0001faff"
    "\u2600-\u26ff\u2700-\u27bf\U0001f1e6-\U0001f1ff]+"
)

# One `translate` pass equals the reference's sequential `str.replace` calls
# because no replacement produces a character that is itself replaced; the
# decorative symbols it deletes afterwards are folded into the same table.
_SYMBOLS = str.maketrans(
    {
        "\u2013": "-",  # en dash
        "\u2011": "-",  # non-breaking hyphen
        "\u2014": "-",  # em dash
        "\u00af": " ",  # macron
        "_": " ",
        "\u201c": '"',
        "\u201d": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u00b4": "'",  # acute accent
        "`": "'",
        "[": " ",
        "]": " ",
        "|": " ",
        "/": " ",
        "#": " ",
        "\u2192": " ",  # rightwards arrow
        "\u2190": " ",  # leftwards arrow
        "\u2665": None,  # the decorative symbols: hearts, star, copyright, backslash
        "\u2606": None,
        "\u2661": None,
        "\u00a9": None,
        "\\": None,
    }
)

# Order matters: "@" first, as in the reference.
_EXPANSIONS = (("@", " at "), ("e.g.,", "for example, "), ("i.e.,", "that is, "))

# Applied one after another like the reference; `str.replace` is the literal,
# left-to-right, non-overlapping substitution its regexes perform.
_SPACE_BEFORE_PUNCTUATION = (" ,", " .", " !", " ?", " ;", " :", " '")

_DUPLICATE_QUOTES = re.compile(r"([\"'`])\1+")
_WHITESPACE = re.compile(r"\s+")
_ENDS_IN_PUNCTUATION = re.compile(r"[.!?;:,'\"')\]}…。」』】〉》\u203a»]$")


def preprocess(text: str, lang: str | None) -> str:
    """Prepare text for the indexer exactly as the official package does.

    `lang=None` adds no language tags (the reference's v1 behaviour); any other
    value must be one of `ALL_LANGUAGE_CODES`.
    """
    if lang is not None and lang not in ALL_LANGUAGE_CODES:
        raise ValueError(
            f"Invalid language: {lang!r}. Supported languages: {', '.join(ALL_LANGUAGE_CODES)}"
        )
    text = unicodedata.normalize("NFKD", text)
    text = _EMOJI.sub("", text)
    text = text.translate(_SYMBOLS)
    for old, new in _EXPANSIONS:
        text = text.replace(old, new)
    for spaced in _SPACE_BEFORE_PUNCTUATION:
        text = text.replace(spaced, spaced[1])
    text = _DUPLICATE_QUOTES.sub(r"\1", text)
    text = _WHITESPACE.sub(" ", text).strip()
    if not _ENDS_IN_PUNCTUATION.search(text):
        text += "."
    if lang is not None:
        text = f"<{lang}>{text}</{lang}>"
    return text


def deleted_by_preprocess(ch: str) -> bool:
    """True for a character `preprocess` removes outright (emoji, decorative symbols),
    as opposed to one it rewrites, such as "_" to a space."""
    nfkd = unicodedata.normalize("NFKD", ch)
    return bool(nfkd) and not _EMOJI.sub("", nfkd).translate(_SYMBOLS)
