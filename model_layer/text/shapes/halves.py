"""Half of any noun in es, pt, it, fr, nl, sv, da: "1/2 comprimido" is "medio comprimido",
"1/2 compressa" "mezza compressa", "1/2 comprimé" "un demi-comprimé", "1/2 tablet" "een
halve tablet" (medicine doses).

The shared rule (`shapes/measure_fractions.py`) reads a fraction before a word of its
measure list; a half before another noun was left as "uno/dos comprimido". This rule,
run by the language module after its dates ("el 1/2" is the first of February), reads
what is still "1/2" before a lower-case noun, in the noun's gender.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text.shapes import romance_agreement

_HALF = re.compile(r"(?<![\w.,/])1/2(?![\d/]|[.,]\d) (?P<noun>[a-zà-ÿ][\w-]*)")
_WORDS = {"es": ("medio", "media"), "pt": ("meio", "meia"), "it": ("mezzo", "mezza")}
# nl, sv, da: the common gender's form, that of most nouns ("een halve tablet", "en halv
# tablett"); no gender table here.
_COMMON = {"nl": "een halve", "sv": "en halv", "da": "en halv"}


def rule(lang: str) -> Callable[[str], str]:
    """The rule for `lang` (es, pt, it, fr; nl, sv, da)."""

    def say(m: re.Match[str]) -> str:
        noun = m.group("noun")
        if lang in _COMMON:
            return f"{_COMMON[lang]} {noun}"
        if noun in romance_agreement.NOT_NOUN_SETS.get(lang, ()):
            return m.group()  # "1/2 de", "1/2 o": not a noun
        feminine = romance_agreement.romance_gender(noun, lang) == "f"
        if lang == "fr":
            return f"{'une' if feminine else 'un'} demi-{noun}"
        return f"{_WORDS[lang][feminine]} {noun}"

    return lambda text: _HALF.sub(say, text) if "1/2" in text else text
