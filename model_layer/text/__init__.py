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

from typing import TYPE_CHECKING

from model_layer.lazy import lazy_attributes
from model_layer.text.indexer import TextIndexer
from model_layer.text.prepare import preprocess
from model_layer.text.sanitize import SanitizedText, UnsupportedCharactersError, sanitize

if TYPE_CHECKING:
    from model_layer.text.chunking import DEFAULT_MAX_CHARS, default_max_chars, split_into_chunks
    from model_layer.text.detection import LanguageDetector, detect_language
    from model_layer.text.lexicon import Lexicon, LexiconEntry, LexiconError
    from model_layer.text.normalize import normalize_text

__getattr__ = lazy_attributes(
    __name__,
    {
        "DEFAULT_MAX_CHARS": f"{__name__}.chunking",
        "default_max_chars": f"{__name__}.chunking",
        "split_into_chunks": f"{__name__}.chunking",
        "LanguageDetector": f"{__name__}.detection",
        "detect_language": f"{__name__}.detection",
        "Lexicon": f"{__name__}.lexicon",
        "LexiconEntry": f"{__name__}.lexicon",
        "LexiconError": f"{__name__}.lexicon",
        "normalize_text": f"{__name__}.normalize",
    },
)

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
