"""Text rules per language: one module per language code, one place to read and extend.

A language module `model_layer.text.langs.<code>` defines

    def normalize(text: str) -> str

which rewrites plain text of that language (numbers, money, dates, times, units,
abbreviations, ...) as the words a speaker would say. It receives text with
lexicon matches already cut out, and it must never raise: what it cannot say
stays as written.

Languages without a module fall back to the shared rules in `normalize.py`.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

from model_layer.constants import ALL_LANGUAGE_CODES

Normalizer = Callable[[str], str]


@functools.cache
def normalizer_for(lang: str) -> Normalizer | None:
    """The language's own `normalize`, or None when it has no module (yet)."""
    if lang not in ALL_LANGUAGE_CODES:
        return None
    try:
        module = importlib.import_module(f"{__name__}.{lang}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{lang}":
            raise  # a module that exists but fails to import is a bug, not a gap
        return None
    return module.normalize
