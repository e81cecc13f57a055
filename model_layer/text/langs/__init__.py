"""Text rules per language: one folder per language code, one place to read and extend.

Adding a language: write `langs/<code>/__init__.py` as a spec on the engine (see de/ or et/),
its words in `langs/<code>/data/*.tsv` (read with `data.words`, `data.table`, `data.nouns`...)

    SPEC = LanguageSpec(code="xx", decimal_word=word("..."), months=(...), ...)
    LANGUAGE = Language(SPEC)
    normalize = LANGUAGE.normalize

(the module is found by its code: nothing else to register), fill
`tests/model_layer/golden/<code>.tsv`, and give the shared readers in `shapes/` the
language's words where it writes their forms: as data files in its folder
(`data/abbreviations.words.tsv`, ...), or a row in the tables `shapes/roman.py`,
`scores.py`, `suffixes.py` and `fraction_words.py` still hold. Every language but ja and
ko runs on the engine (en reads most shapes with its own rules, the spec's `extra_rules`,
and names the engine steps it reads its own way in `own_steps`); docs/languages.md, "Add
a language", has the whole recipe.

A language module `model_layer.text.langs.<code>` defines

    def normalize(text: str) -> str

which rewrites plain text of that language (numbers, money, dates, times, units,
abbreviations, ...) as the words a speaker would say. It receives text with
lexicon matches already cut out, and it must never raise: what it cannot say
stays as written.

and may define

    def spell_acronyms(text: str) -> str

to spell all-caps words its own way (letter names, plurals, words said as words);
without it the driver uses `common.spell_acronyms` for Latin and Cyrillic scripts;
and

    def say_date(day: int | None, month: int | None, year: int | None,
                 day_first: bool) -> str | None

for SSML `<say-as interpret-as="date">` (any of the parts may be missing;
`day_first`: the caller wrote the day before the month). A module built on the
engine (`LANGUAGE = Language(SPEC)`) has it from `Language.say_date_parts`.

`na` (no language) has no module: its text is read as written.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType

from model_layer.constants import ALL_LANGUAGE_CODES

Normalizer = Callable[[str], str]
DateReader = Callable[[int | None, int | None, int | None, bool], str | None]


def normalizer_for(lang: str) -> Normalizer | None:
    """The language's own `normalize`, or None when it has no module (yet)."""
    module = language_module(lang)
    return None if module is None else module.normalize


def acronym_speller_for(lang: str) -> Normalizer | None:
    """The language's own `spell_acronyms`, or None when it has none."""
    return getattr(language_module(lang), "spell_acronyms", None)


def date_reader_for(lang: str) -> DateReader | None:
    """The language's own date reader (`say_date`, or its engine's), or None."""
    module = language_module(lang)
    own = getattr(module, "say_date", None)
    if own is not None:
        return own  # type: ignore[no-any-return]
    language = getattr(module, "LANGUAGE", None)
    return None if language is None else language.say_date_parts  # type: ignore[no-any-return]


@functools.cache
def language_module(lang: str) -> ModuleType | None:
    """The one place a language's rules are found by its code (`langs/<code>/`), or None
    for a code without a folder. Shared readers reach a language's tables through it,
    never by importing the folder: a language is imported on its first use, because
    importing all 31 at start would add ~0.35 s to every cold start."""
    if lang not in ALL_LANGUAGE_CODES:
        return None
    try:
        return importlib.import_module(f"{__name__}.{lang}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{lang}":
            raise  # a module that exists but fails to import is a bug, not a gap
        return None


def language_part(lang: str, part: str) -> ModuleType:
    """A side module of a language's folder (`spell`, `numbers`, ...), by the same rule."""
    if language_module(lang) is None:
        raise LookupError(f"no language folder for {lang!r}")
    return importlib.import_module(f"{__name__}.{lang}.{part}")
