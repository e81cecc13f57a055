"""The text half of the engine: pure functions from what people write to model inputs.

Order of use: `LanguageDetector.detect` (when no language is given) -> `normalize_text`
(lexicons, addresses, the language's rules in `langs/`, acronyms) -> `sanitize`
(unsupported characters) -> `split_into_chunks` -> per chunk `preprocess`
(the reference's exact preparation) -> `TextIndexer.encode`.
"""

from model_layer.text.chunking import DEFAULT_MAX_CHARS, default_max_chars, split_into_chunks
from model_layer.text.indexer import TextIndexer
from model_layer.text.language import LanguageDetector, detect_language
from model_layer.text.lexicon import Lexicon, LexiconEntry, LexiconError
from model_layer.text.normalize import normalize_text
from model_layer.text.prepare import preprocess
from model_layer.text.sanitize import SanitizedText, UnsupportedCharactersError, sanitize

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
