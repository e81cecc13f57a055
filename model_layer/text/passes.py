"""Every pass the text front end makes over a stretch of plain text, in the order it makes
them: read this list top to bottom to know what runs before what, and why.

Before these, `normalize.normalize_text` cuts out what no pass may touch: expression tags,
the request's and the deployment's lexicon entries, e-mail addresses and URLs.

1. `SHARED_READINGS`: shapes decided from context, the same in many languages, each in
   its own module with a table per language; abbreviations first, so "Kap. IV" is
   "Kapitel IV" before the Roman numerals are read.
2. `SHARED_RULES` (only where there are digits): shapes whose words depend on grammar,
   read before the language's module takes the digits; each asks the language's module
   how it reads a number, so it sees the same words the module would say.
3. The language's own rules: `langs/<code>/` `normalize`; for the languages on the shared
   engine, in the engine's order (`Language._compile`: abbreviations, the spec's
   `extra_rules`, phones, ranges, currency, dates, times, percentages, ordinals, years,
   units, versions, symbols, numbers, the spec's `final_rules`; a step the spec names in
   `own_steps` is its own: English reads its phones and numbers so); ja and ko in `_RULES`.
4. Acronyms spelled out (unless the whole text is shouted).
"""

from __future__ import annotations

from collections.abc import Callable

from model_layer.text.langs import normalizer_for
from model_layer.text.shapes import (
    abbreviations,
    agreement,
    cases,
    codes,
    day_ranges,
    dimensions,
    fractions,
    legal_numbers,
    letter_numbers,
    measure_fractions,
    phones,
    roman,
    scores,
    signs,
    split_years,
    suffixes,
    times,
)

Normalizer = Callable[[str], str]
Reading = Callable[[str, str], str]
Rule = Callable[[str, str, Normalizer | None], str]

_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")

SHARED_READINGS: tuple[Reading, ...] = (
    lambda text, _lang: fractions.spell_vulgar_fractions(text),  # "2½" -> "2 1/2"
    lambda text, _lang: text.translate(_SUBSCRIPT_DIGITS),  # "CO₂", "H₂O" as "CO2", "H2O"
    abbreviations.read,
    roman.read,
    scores.read,
    suffixes.read,
    dimensions.read,  # "3x2 m"
    codes.read,  # identifiers digit by digit
    split_years.read,  # "2023/24"
    signs.read,  # a plus before a change
    legal_numbers.read,  # "Ley 39/2015"
    letter_numbers.read,  # "A4", "B12", "5G"
)

SHARED_RULES: tuple[Rule, ...] = (
    phones.read_phones,  # digit groups; emergency numbers digit by digit
    day_ranges.read,  # "3.-4. mája" as dates, before "3/4" can be taken for a fraction
    measure_fractions.read,  # "1/2 Liter"
    fractions.read_fractions,  # "2/3 of", "5 1/2 km"
    lambda text, lang, _module: times.read(text, lang),  # "3x denně"
    cases.read,  # numbers in the case their preposition or noun asks for
    agreement.agree,  # numbers that agree with the noun they count
)


def read_shared(text: str, lang: str) -> str:
    for read in SHARED_READINGS:
        try:
            text = read(text, lang)
        except Exception:  # a gap in one reading must not cost the whole text
            continue
    return text


def apply_rules(text: str, lang: str) -> str:
    if not any(ch.isdigit() for ch in text):
        return text
    module = normalizer_for(lang)
    for rule in SHARED_RULES:
        text = rule(text, lang, module)
    return text
