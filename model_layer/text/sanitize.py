"""Keep one unsupported character from failing a whole request.

The reference refuses any text holding a character its indexer lacks (it
preprocesses each character alone and checks the result). Here each distinct
character is decided once: kept, mapped to a supported look-alike, or dropped
and reported, so the caller can still speak the rest and tell the user what
was left out. `strict=True` refuses instead, for every character that would
go unspoken, including emoji (which the reference deletes without a word).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from model_layer.text.indexer import TextIndexer
from model_layer.text.prepare import deleted_by_preprocess, preprocess

# Look-alikes that Unicode normalization does not fold but a reader treats as
# the plain form. Invisible format characters map to nothing: they carry no
# sound, so removing them is not worth reporting.
_LOOK_ALIKES = {
    "\u2010": "-",  # hyphen
    "\u2012": "-",  # figure dash
    "\u2015": "-",  # horizontal bar
    "\u2212": "-",  # minus sign
    "\u2032": "'",  # prime
    "\u2033": '"',  # double prime
    "\u201a": ",",  # single low-9 quotation mark
    "\u201e": '"',  # double low-9 quotation mark
    "\u00ab": '"',
    "\u00bb": '"',
    "\u2039": "'",
    "\u203a": "'",
    "\u300c": '"',  # CJK corner brackets
    "\u300d": '"',
    "\u2022": ",",  # bullet: a pause, like a list separator
    "\u00b7": ",",  # middle dot
    "\u00d7": "x",
    "\u200b": "",  # zero width space
    "\u200c": "",  # zero width non-joiner
    "\u200d": "",  # zero width joiner
    "\u2060": "",  # word joiner
    "\ufeff": "",  # byte order mark
    "\u00ad": "",  # soft hyphen
    "\ufe0e": "",  # variation selectors: text / emoji presentation
    "\ufe0f": "",
}


class UnsupportedCharactersError(ValueError):
    """Raised by `sanitize(strict=True)`; `.codepoints` lists the offending characters."""

    def __init__(self, codepoints: tuple[int, ...]) -> None:
        self.codepoints = codepoints
        listed = ", ".join(f"U+{cp:04X} {chr(cp)!r}" for cp in codepoints)
        super().__init__(f"{len(codepoints)} unsupported character(s): {listed}")


@dataclass(frozen=True)
class SanitizedText:
    text: str
    dropped: tuple[int, ...]  # sorted unique codepoints removed from the caller's text


def sanitize(
    text: str, indexer: TextIndexer, lang: str | None, strict: bool = False
) -> SanitizedText:
    """Replace or drop every character that would reach the model unsupported.

    `lang` only validates the code: the language tags are added later and the
    per-character decision does not depend on them.
    """
    if lang is not None:
        preprocess("", lang)  # raises on an unknown language code
    # Decided once per distinct character: a long text repeats few of them.
    replacements = {ch: _decide(ch, indexer) for ch in set(text)}
    dropped = tuple(sorted(ord(ch) for ch, rep in replacements.items() if rep is None))
    if strict and dropped:
        raise UnsupportedCharactersError(dropped)
    if not dropped and all(rep == ch for ch, rep in replacements.items()):
        return SanitizedText(text, ())
    out: list[str] = []
    last = len(text) - 1
    for i, ch in enumerate(text):
        rep = replacements[ch]
        if rep is not None:
            out.append(rep)
        elif _separates_words(ch, text[i - 1] if i else " ", text[i + 1] if i < last else " "):
            out.append(" ")
    return SanitizedText("".join(out), dropped)


def _separates_words(ch: str, before: str, after: str) -> bool:
    """A dropped symbol between two words must not glue them together ("a✈b" -> "a b");
    a dropped letter is part of its word, so nothing takes its place."""
    return not _is_letter(ch) and not before.isspace() and not after.isspace()


def _is_letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


def _decide(ch: str, indexer: TextIndexer) -> str | None:
    """`ch` itself when fine, else the first supported replacement, else None (drop it).

    Emoji and decorative symbols, which `preprocess` would delete silently, are
    dropped here so that they are reported like any other unspoken character.
    """
    if deleted_by_preprocess(ch):
        return None
    for candidate in (ch, *_candidates(ch)):
        if _survives(candidate, indexer):
            return candidate
    return None


def _survives(s: str, indexer: TextIndexer) -> bool:
    # The reference's `validate_text` test: preprocess alone, then check each char.
    return all(indexer.supported(c) for c in preprocess(s, None))


def _candidates(ch: str) -> list[str]:
    candidates = []
    if ch in _LOOK_ALIKES:
        candidates.append(_LOOK_ALIKES[ch])
    nfkc = unicodedata.normalize("NFKC", ch)
    if nfkc != ch:
        candidates.append(nfkc)
    # An accented letter the model lacks reads better as its base letter than not at all.
    bare = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if bare and bare != ch:
        candidates.append(bare)
    return candidates
