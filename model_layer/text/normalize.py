"""Make the model read what people write: the driver of text normalization.

The model has no normalizer of its own, so "$5.50", "14:30" or "API" come out as
noise. `normalize_text` cuts out what must not be rewritten, in this order of
precedence, and says each piece:

0. the model's expression tags (`tags.py`): kept whole, in the model's lowercase form;
1. the request's lexicon, then the deployment's (see `lexicon.py`): their `say`;
2. e-mail addresses and URLs: their symbols as the language's words;
3. everything else: the language's own module (`langs/<code>.py`; every one of the
   31 has one, and `na` is left as written), then all-caps acronyms spelled
   letter by letter for the languages written in Latin or Cyrillic letters.

Plain text has no markup: apart from the ten expression tags, "<" and ">" are
characters like any other (SSML is read in `model_layer/text/ssml`, which calls this
on each span's text).
Nothing here raises on odd text: what cannot be said stays as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from model_layer.text import numbers, passes, tags
from model_layer.text.langs import acronym_speller_for, common, normalizer_for
from model_layer.text.lexicon import Lexicon

# Languages whose all-caps words are spelled out; the others' scripts have no capitals
# (ja, ko, ar, hi) or keep their own rules (el), and `na` has no letter names to use.
SPELLS_ACRONYMS = frozenset((
    "en", "bg", "cs", "da", "de", "es", "et", "fi", "fr", "hr", "hu", "id", "it", "lt", "lv",
    "nl", "pl", "pt", "ro", "ru", "sk", "sl", "sv", "tr", "uk", "vi",
))  # fmt: skip

Say = Callable[[str], str]


def normalize_text(
    text: str,
    lang: str,
    lexicon: Lexicon | Mapping[str, str] | None = None,
    deployment_lexicon: Lexicon | None = None,
) -> str:
    """Rewrite numbers, money, dates, times, symbols, addresses and acronyms as words.

    `lexicon` (the request's; a mapping is read as case-insensitive entries) wins over
    `deployment_lexicon`; both match whole words and their output is not rewritten.
    """
    if not isinstance(lexicon, Lexicon):
        lexicon = Lexicon.from_mapping(lexicon)
    shouting = common.is_shouting(tags.TAG.sub(" ", text) if "<" in text else text)
    # Expression tags first: no lexicon, language rule or acronym reader may touch them.
    cutters: list[tuple[re.Pattern[str], Say]] = [(tags.TAG, tags.fold)]
    for source in (lexicon, deployment_lexicon):
        matcher = source.matcher(lang) if source else None
        if matcher is not None:
            cutters.append((matcher.pattern, matcher.say))
    if lang in SPELLS_ACRONYMS or lang in common.SPOKEN_SYMBOLS:
        cutters.append((common.EMAIL, lambda address: _read_address(address, lang)))
        cutters.append((common.URL, lambda address: _read_address(address, lang)))
    return _cut(text, cutters, lambda plain: _normalize_plain(plain, lang, shouting))


def _cut(text: str, cutters: list[tuple[re.Pattern[str], Say]], plain: Say) -> str:
    """Say the matches of the first cutter, and the text between them with the rest."""
    if not text:
        return text
    if not cutters:
        return plain(text)
    (pattern, say), rest = cutters[0], cutters[1:]
    out: list[str] = []
    pos = 0
    for m in pattern.finditer(text):
        out.append(_cut(text[pos : m.start()], rest, plain))
        out.append(say(m.group()))
        pos = m.end()
    out.append(_cut(text[pos:], rest, plain))
    return "".join(out)


def _read_address(address: str, lang: str) -> str:
    return common.read_address(address, lang, lambda d: numbers.digit_by_digit(d, lang))


def _normalize_plain(text: str, lang: str, shouting: bool) -> str:
    if not text.strip():
        return text
    # The order of every pass, and why: passes.py.
    text = passes.read_shared(text, lang)
    text = passes.apply_rules(text, lang)
    own = normalizer_for(lang)
    if own is not None:
        text = own(text)
    if lang in SPELLS_ACRONYMS and not shouting:
        text = (acronym_speller_for(lang) or common.spell_acronyms)(text)
    return text
