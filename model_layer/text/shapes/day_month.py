"""A day and month without a year after the word that introduces a date:
"le 24/12" is "le vingt-quatre décembre", "el 24/12" "el veinticuatro de diciembre",
"il 24/12" "il ventiquattro dicembre", "a 24/12" "a vinte e quatro de dezembro".

Only after those words ("le", "du", "au", "el", "del", "al", "il", "dal", "a", "dia",
"em", ...): a bare "3/4" elsewhere is a fraction or a ratio. The language's own date
reading says it, as for a date with a year.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text.langs import language_module
from model_layer.text.langs.spec import DateParts


def rule(lang: str, introducers: str) -> Callable[[str], str]:
    """The rule for `lang`, whose dates follow the words of regex `introducers`."""
    pattern = re.compile(
        rf"(?<!\w)((?:{introducers})\s)(0?[1-9]|[12]\d|3[01])/(0?[1-9]|1[0-2])(?![\d/]|[.,]\d)",
        re.IGNORECASE,
    )

    def say(m: re.Match[str]) -> str:
        language = language_module(lang).LANGUAGE  # type: ignore[union-attr]
        words = language.say_date(DateParts(int(m.group(2)), int(m.group(3)), None, m.group(1)))
        return m.group() if words is None else m.group(1) + words

    return lambda text: pattern.sub(say, text) if "/" in text else text
