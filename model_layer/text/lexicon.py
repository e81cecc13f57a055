"""Lexicons: words the caller says how to read, matched before any other rule.

Two sources, one shape: the request's own lexicon and the deployment's, loaded once at
init from a file in the image or an S3 object (see README, "Lexicons"). A match is a
whole word (not part of a longer word), case-insensitive unless the entry asks for
case; its replacement is spoken as given and never rewritten by the normalizer.

The document format (JSON, UTF-8):

    {"entries": [
        {"word": "nginx", "say": "engine x"},
        {"word": "US", "say": "United States", "case_sensitive": true},
        {"word": "Mo.", "say": "Montag", "lang": "de"}
    ]}

A flat object {"nginx": "engine x", ...} is accepted too (all entries case-insensitive,
every language). `lang` limits an entry to one language code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.text.pls import PlsError, looks_like_pls, parse_pls

MAX_WORD_CHARS = 100
MAX_SAY_CHARS = 500


class LexiconError(ValueError):
    """A lexicon document that cannot be used; the message names the entry."""


@dataclass(frozen=True)
class LexiconEntry:
    word: str
    say: str
    case_sensitive: bool = False
    lang: str | None = None  # None: every language

    def key(self) -> tuple[str, str | None]:
        return (self.word if self.case_sensitive else self.word.casefold(), self.lang)


class Lexicon:
    """Entries by word; a later entry for the same word (and language) replaces an earlier."""

    def __init__(self, entries: Iterable[LexiconEntry] = (), unsupported: Iterable[str] = ()):
        by_key: dict[tuple[str, str | None], LexiconEntry] = {}
        for entry in entries:
            by_key[entry.key()] = entry
        self.entries: tuple[LexiconEntry, ...] = tuple(by_key.values())
        # Words the document gave only in a form this model cannot say (PLS phonemes).
        self.unsupported: tuple[str, ...] = tuple(dict.fromkeys(unsupported))
        self._matchers: dict[str, LexiconMatcher | None] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def __add__(self, other: Lexicon) -> Lexicon:
        return Lexicon((*self.entries, *other.entries), (*self.unsupported, *other.unsupported))

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, str] | None) -> Lexicon:
        """A request's {word: say}: case-insensitive, every language."""
        return cls(LexiconEntry(word, say) for word, say in (mapping or {}).items() if word)

    @classmethod
    def from_document(cls, document: Any, source: str = "lexicon") -> Lexicon:
        if isinstance(document, Mapping) and "entries" not in document:
            document = {"entries": [{"word": w, "say": s} for w, s in document.items()]}
        if not isinstance(document, Mapping) or not isinstance(document.get("entries"), list):
            raise LexiconError(f'{source}: expected {{"entries": [...]}} or {{"word": "say"}}')
        items = enumerate(document["entries"])
        return cls(_entry(item, f"{source}: entry {i}") for i, item in items)

    @classmethod
    def from_json(cls, data: str | bytes, source: str = "lexicon") -> Lexicon:
        try:
            document = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise LexiconError(f"{source}: not valid JSON: {exc}") from exc
        return cls.from_document(document, source)

    @classmethod
    def from_pls(cls, data: str | bytes, source: str = "lexicon") -> Lexicon:
        """A W3C PLS document's aliases (see pls.py); its phoneme-only words are kept in
        `unsupported` for the caller to report."""
        try:
            entries, unsupported = parse_pls(data, source)
        except PlsError as exc:
            raise LexiconError(str(exc)) from None
        return cls(
            (LexiconEntry(word, say, True, lang) for word, say, lang in entries), unsupported
        )

    @classmethod
    def from_bytes(cls, data: str | bytes, source: str = "lexicon") -> Lexicon:
        """A lexicon file of either form: PLS (XML) or this project's JSON."""
        if looks_like_pls(data):
            return cls.from_pls(data, source)
        return cls.from_json(data, source)

    @classmethod
    def from_file(cls, path: Path | str) -> Lexicon:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise LexiconError(f"{path}: cannot read the lexicon: {exc.strerror}") from exc
        return cls.from_bytes(data, str(path))

    def matcher(self, lang: str) -> LexiconMatcher | None:
        """The entries that apply to `lang`, compiled once; None when there are none."""
        if lang not in self._matchers:
            self._matchers[lang] = _matcher(self.entries, lang)
        return self._matchers[lang]


@dataclass(frozen=True)
class LexiconMatcher:
    pattern: re.Pattern[str]
    exact: Mapping[str, str]
    folded: Mapping[str, str]

    def say(self, matched: str) -> str:
        said = self.exact.get(matched)
        return said if said is not None else self.folded.get(matched.casefold(), matched)


def _matcher(all_entries: Iterable[LexiconEntry], lang: str) -> LexiconMatcher | None:
    entries = [e for e in all_entries if e.lang in (None, lang)]
    if not entries:
        return None
    # Language-specific entries win over general ones for the same word.
    entries.sort(key=lambda e: e.lang is not None)
    exact = {e.word: e.say for e in entries if e.case_sensitive}
    folded = {e.word.casefold(): e.say for e in entries if not e.case_sensitive}
    # Longest first, so "New York City" wins over "New York".
    alternatives = sorted(entries, key=lambda e: len(e.word), reverse=True)
    words = "|".join(
        re.escape(e.word) if e.case_sensitive else f"(?i:{re.escape(e.word)})" for e in alternatives
    )
    return LexiconMatcher(re.compile(rf"(?<!\w)(?:{words})(?!\w)"), exact, folded)


def _entry(item: Any, where: str) -> LexiconEntry:
    if not isinstance(item, Mapping):
        raise LexiconError(f"{where}: must be an object with 'word' and 'say'")
    unknown = set(item) - {"word", "say", "case_sensitive", "lang"}
    if unknown:
        raise LexiconError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    word, say = item.get("word"), item.get("say")
    if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD_CHARS:
        raise LexiconError(f"{where}: 'word' must be a non-empty string of <= {MAX_WORD_CHARS}")
    if not isinstance(say, str) or len(say) > MAX_SAY_CHARS:
        raise LexiconError(f"{where}: 'say' must be a string of <= {MAX_SAY_CHARS} characters")
    case_sensitive = item.get("case_sensitive", False)
    if not isinstance(case_sensitive, bool):
        raise LexiconError(f"{where}: 'case_sensitive' must be true or false")
    lang = item.get("lang")
    if lang is not None and lang not in ALL_LANGUAGE_CODES:
        raise LexiconError(f"{where}: unknown language {lang!r}")
    return LexiconEntry(word.strip(), say, case_sensitive, lang)
