"""Rules that read a few shapes the same way across languages, each from its own
per-language tables, run (in `passes.py`'s order, `SHARED_RULES`) before the language's own
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
