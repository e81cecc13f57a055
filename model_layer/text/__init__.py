"""The text half of the engine: pure functions from what people write to model inputs.

Order of use: `LanguageDetector.detect` (when no language is given) -> `normalize_text`
(lexicons, addresses, the language's rules in `langs/`, acronyms) -> `sanitize`
(unsupported characters) -> `split_into_chunks` -> per chunk `preprocess`
(the reference's exact preparation) -> `TextIndexer.encode`.

The detector, lexicons, chunker and normalizer are imported on first use, not with the
package: the loader needs only `TextIndexer`, and importing the rules of 31 languages
(~0.15 s) then runs while the graphs load in the background instead of before they start
(see `model_layer.start_loading`). `sanitize` is imported here because it is also the
name of its module, which would otherwise shadow the function once imported.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from model_layer.text.indexer import TextIndexer
from model_layer.text.prepare import preprocess
from model_layer.text.sanitize import SanitizedText, UnsupportedCharactersError, sanitize

if TYPE_CHECKING:
    from model_layer.text.chunking import DEFAULT_MAX_CHARS, default_max_chars, split_into_chunks
    from model_layer.text.language import LanguageDetector, detect_language
    from model_layer.text.lexicon import Lexicon, LexiconEntry, LexiconError
    from model_layer.text.normalize import normalize_text

_HOMES = {
    "DEFAULT_MAX_CHARS": "chunking",
    "default_max_chars": "chunking",
    "split_into_chunks": "chunking",
    "LanguageDetector": "language",
    "detect_language": "language",
    "Lexicon": "lexicon",
    "LexiconEntry": "lexicon",
    "LexiconError": "lexicon",
    "normalize_text": "normalize",
}

__all__ = [
    "DEFAULT_MAX_CHARS",
    "LanguageDetector",
    "Lexicon",
    "LexiconEntry",
    "LexiconError",
    "SanitizedText",
    "TextIndexer",
    "UnsupportedCharactersError",
    "default_max_chars",
    "detect_language",
    "normalize_text",
    "preprocess",
    "sanitize",
    "split_into_chunks",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # once imported, a plain attribute
    return value
