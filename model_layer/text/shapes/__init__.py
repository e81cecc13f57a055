"""The shared shape readers: each reads one written shape (a phone number, a score, a Roman
numeral, a fraction, a number in a case...) the same way in every language that writes it,
from that language's words. `passes.py` runs them in order; a language's folder may call
them too. A shape never imports a language or a family's module: it reaches a language's
words through the registry (`langs.language_module`/`language_part`) or takes them as
arguments, and it takes its grammar from `langs.forms` and `langs.spec`
(`tests/test_structure.py` holds that direction).

Read everywhere, before the language's own rules (`passes.SHARED_READINGS`):
  abbreviations (with weekdays), roman (with roman_forms), scores, suffixes, dimensions,
  codes, split_years, signs, legal_numbers, letter_numbers.

Read where there are digits, with the grammar of the words around them
(`passes.SHARED_RULES`):
  phones; day_ranges; fractions (fraction_words, measure_fractions); times; cases (their
  context: case_context, before_cases; the declensions: slavic_declension,
  finnic_baltic_cases); agreement (noun_genders with its tables in `data/`,
  romance_agreement, west_slavic_agreement, east_slavic_agreement).

Called by the languages that write them (imported from their folders or families):
  amounts, day_month, halves, postcodes, rates, seasons, slavic_ranges, slavic_times,
  time_spans.
"""
