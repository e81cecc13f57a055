"""Hindi numbers: the irregular 0-99 as a table, Indian grouping (हज़ार, लाख, करोड़, अरब, खरब).

Sources followed: the standard Hindi number names as taught in Indian schools
(NCERT); where spellings vary the commoner one is used (छह, चवालीस, तिरपन,
तिरसठ, उन्यासी, -नवे for 91-99). Scales: हज़ार 10^3, लाख 10^5, करोड़ 10^7,
अरब 10^9, खरब 10^11 (above that, खरब is counted: सौ खरब). A year from 1100
to 1999 is said in hundreds (उन्नीस सौ निन्यानवे), as Hindi speakers do.
"""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.spell import decimal_words, digit_words

MINUS = "माइनस"  # as said aloud; the formal ऋण is for arithmetic
DECIMAL_WORD = "दशमलव"

_UPTO_99 = data.words("hi", "spell.upto_99")
_SCALES = ((10**9, "अरब"), (10**7, "करोड़"), (10**5, "लाख"), (10**3, "हज़ार"), (10**2, "सौ"))
# The first ordinals are words of their own; the rest add -वाँ (पाँचवाँ, इक्कीसवाँ).
_ORDINAL_STEMS = {1: "पहल", 2: "दूसर", 3: "तीसर", 4: "चौथ", 6: "छठ"}
# form -> (ending of the stems above, ending after -व): masculine, feminine, oblique
_FORM_ENDINGS = {"m": ("ा", "ाँ"), "f": ("ी", "ीं"), "obl": ("े", "ें")}
FORMS = frozenset(_FORM_ENDINGS)


def cardinal(n: int) -> str:
    if n < 0:
        return f"{MINUS} {cardinal(-n)}"
    if n < 100:
        return _UPTO_99[n]
    words = []
    kharab, n = divmod(n, 10**11)
    if kharab:
        words.append(f"{cardinal(kharab)} खरब")
    for value, name in _SCALES:
        count, n = divmod(n, value)
        if count:
            words.append(f"{_UPTO_99[count]} {name}")
    if n:
        words.append(_UPTO_99[n])
    return " ".join(words)


def ordinal(n: int, form: str = "m") -> str:
    """`form`: m (पहला, पाँचवाँ), f (पहली, पाँचवीं), obl (पहले, पाँचवें)."""
    if n <= 0:
        return cardinal(n)
    stem_ending, suffix_ending = _FORM_ENDINGS[form]
    if n in _ORDINAL_STEMS:
        return _ORDINAL_STEMS[n] + stem_ending
    return f"{cardinal(n)}व{suffix_ending}"


def digits(digit_string: str) -> str:
    return digit_words(digit_string, _UPTO_99)


def decimal(int_digits: str, frac_digits: str) -> str:
    return decimal_words(int_digits, frac_digits, cardinal, _UPTO_99, DECIMAL_WORD, False)


def year(n: int) -> str:
    if 1100 <= n <= 1999:
        hundreds, rest = divmod(n, 100)
        return f"{_UPTO_99[hundreds]} सौ" + (f" {_UPTO_99[rest]}" if rest else "")
    return cardinal(n)
