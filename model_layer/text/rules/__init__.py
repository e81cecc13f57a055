"""Rules that read a few shapes the same way across languages, each from its own
per-language tables, run by the driver (`normalize.py`) before the language's own
module:

- `phones`: phone numbers in digit groups, emergency numbers digit by digit;
- `day_ranges`: "3.-4. mája" (any dash), "3/4 maja", "dňa 3. 4." as dates, before the fraction
  rules can take "3/4" for three quarters;
- `fractions`: "2/3 of", "5 1/2 km" as fractions, not "a slash b";
- `measure_fractions`: "1/2 Liter", "1/2 litro" before a measure;
- `times`: "3x denně" třikrát denně, "2x dziennie" dwa razy dziennie;
- `cases`: numbers in the case their preposition or noun asks for;
- `agreement`: numbers that agree with the noun they count.

Each rewrites only what it recognizes into words and leaves the rest (dates, times,
units, addresses) to the language module, which runs next. Language identification of
short text is in `langid.py`, used by `model_layer.text.detection`.
"""

from __future__ import annotations

from model_layer.text.langs import normalizer_for
from model_layer.text.rules import (
    agreement,
    cases,
    day_ranges,
    fractions,
    measure_fractions,
    phones,
    times,
)


def apply(text: str, lang: str) -> str:
    """`text` with the shapes these rules know read as words in `lang`."""
    if not any(ch.isdigit() for ch in text):
        return text
    module = normalizer_for(lang)
    text = phones.read_phones(text, lang, module)
    text = day_ranges.read(text, lang, module)
    text = measure_fractions.read(text, lang, module)
    text = fractions.read_fractions(text, lang, module)
    text = times.read(text, lang)
    text = cases.read(text, lang, module)
    return agreement.agree(text, lang, module)
