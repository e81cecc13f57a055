# ruff: noqa: RUF001, RUF002  (the multiplication sign is the data here)
"""Sizes written with an "x" between numbers, read as the language says them.

"3x2 m", "4 x 5 m", "1920×1080", "4x100 m" are sizes, screens and relays: "three by two
metres", "drei mal zwei Meter", "tres por dos metros", "üçe iki metre"; they were read
"three x2 m". Only two or three numbers joined by "x" or "×" with nothing else touching
them ("2x + 3", "0x1F", "3x täglich" keep their readings; "2 x 3 = 6" is arithmetic and
is left to the language). The numbers stay digits here, with the language's word between
them, so the language's module still reads each number and the unit after it; Turkish
puts the first number in the dative instead ("üçe iki").
"""

from __future__ import annotations

import re

from model_layer.text.langs import language_module

# The word said between the numbers. Languages without a row keep their own reading.
WORDS: dict[str, str] = {
    "en": "by", "de": "mal", "fr": "sur", "es": "por", "pt": "por", "it": "per",
    "nl": "bij", "sv": "gånger", "da": "gange", "id": "kali", "vi": "nhân", "ro": "pe",
    "el": "επί", "hi": "बाई",
}  # fmt: skip
_NUMBER = r"\d{1,5}(?:[.,]\d{1,3})?"
_SIZE = re.compile(
    rf"(?<![\w.,+\-*/=])({_NUMBER})\s?[x×]\s?({_NUMBER})(?:\s?[x×]\s?({_NUMBER}))?"
    r"(?![\w×]|[.,]\d|\s?[=+*/])"
)


def _turkish(m: re.Match[str]) -> str:
    tr = language_module("tr")
    assert tr is not None
    parts = [p for p in m.groups() if p]
    said = []
    for i, part in enumerate(parts):
        if i < len(parts) - 1 and part.isdigit():
            said.append(tr.dative(part))  # "3x2" üçe iki
        else:
            said.append(part)
    return " ".join(said)


# "3x1 tablet", "2x1 Tablette": a dose, how many times a number of tablets ("three times
# one tablet", "üç kez bir tablet"), not a size; the word where a size's differs.
_DOSE = re.compile(
    r"(?<![\w.,+\-*/=])([1-9])\s?[x×]\s?([1-9])(?=\s+(?:tablet|Tablette|comprim|compress|"
    r"capsul|Kapsel|kapsül|kapsułk|tablett|tabletk|таблет|draje|damla|drop|gota|goccia|"
    r"Tropfen|viên|kaplet|ölçek|sachet|Beutel|pastill|pill|Pille))",
    re.IGNORECASE,
)
_DOSE_WORDS = {"en": "times", "fr": "fois", "nl": "keer", "ro": "ori", "tr": "kez", "es": "veces",
               "pt": "vezes", "it": "volte"}  # fmt: skip


def read(text: str, lang: str) -> str:
    """`text` with its sizes joined by the language's word ("3 by 2 m")."""
    if "x" not in text and "×" not in text:
        return text
    dose = _DOSE_WORDS.get(lang, WORDS.get(lang))
    if dose is not None:
        text = _DOSE.sub(rf"\1 {dose} \2", text)
    if lang == "tr":
        return _SIZE.sub(_turkish, text)
    word = WORDS.get(lang)
    if word is None:
        return text
    return _SIZE.sub(lambda m: f" {word} ".join(p for p in m.groups() if p), text)
