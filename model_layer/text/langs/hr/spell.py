"""Croatian numbers: gender of 1 and 2, noun forms after numbers, ordinals in their cases.

Grammar followed: Hrvatski pravopis (Institut za hrvatski jezik, 2013) and
Barić et al., Hrvatska gramatika: no "i" inside compounds (dvadeset jedan);
tisuća and milijarda are feminine (dvije tisuće), milijun masculine; the noun
after a number is nominative singular after 1, paucal after 2-4, genitive plural
after 5-20 and 11-14 (pet eura, dvadeset jedan euro, dvadeset dva eura); a year
in a date is a feminine ordinal in the genitive (dvije tisuće dvadeset četvrte).
"""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.spell import below_thousand, decimal_words, digit_words, scale_ordinal

MINUS = "minus"
DECIMAL_WORD = "zarez"

_UNITS = data.words("hr", "spell.units")
_ONE_TWO = {"m": ("jedan", "dva"), "f": ("jedna", "dvije"), "n": ("jedno", "dva"),
            "f_acc": ("jednu", "dvije")}  # fmt: skip
_TEENS = data.words("hr", "spell.teens")
_TENS = ("", "", "dvadeset", "trideset", "četrdeset", "pedeset", "šezdeset", "sedamdeset",
         "osamdeset", "devedeset")  # fmt: skip
_HUNDREDS = ("", "sto", "dvjesto", "tristo", "četiristo", "petsto", "šesto", "sedamsto",
             "osamsto", "devetsto")  # fmt: skip
# value, gender of the scale noun, (singular, paucal, genitive plural)
_SCALES = (
    (10**12, "m", ("bilijun", "bilijuna", "bilijuna")),
    (10**9, "f", ("milijarda", "milijarde", "milijardi")),
    (10**6, "m", ("milijun", "milijuna", "milijuna")),
    (10**3, "f", ("tisuća", "tisuće", "tisuća")),
)
_ORDINAL_UNITS = ("", "prvi", "drugi", "treći", "četvrti", "peti", "šesti", "sedmi", "osmi",
                  "deveti")  # fmt: skip
_SCALE_ORDINALS = data.table("hr", "spell.scale_ordinals")
# Adjective endings replacing the masculine "-i"; soft stems take -eg/-em (trećeg).
_FORM_ENDINGS = data.table("hr", "spell.form_endings")
FORMS = frozenset(_FORM_ENDINGS)
_SOFT_ENDINGS = data.words("hr", "spell.soft_endings")


def count_form(n: int, forms: tuple[str, str, str]) -> str:
    """The noun form after n: (singular, paucal, genitive plural)."""
    if 11 <= n % 100 <= 14:
        return forms[2]
    if n % 10 == 1:
        return forms[0]
    return forms[1] if 2 <= n % 10 <= 4 else forms[2]


def _small(n: int, gender: str) -> list[str]:
    return below_thousand(
        n, _HUNDREDS, _TEENS, _TENS,
        lambda unit: _ONE_TWO[gender][unit - 1] if unit <= 2 else _UNITS[unit],
    )  # fmt: skip


def _members(n: int, gender: str) -> list[str]:
    members = []
    for value, scale_gender, forms in _SCALES:
        count = n // value if value == _SCALES[0][0] else (n // value) % 1000
        if not count:
            continue
        if count == 1:
            # "tisuću" (accusative) is how 1000 is said on its own: tisuću devetsto.
            members.append("tisuću" if value == 1000 else forms[0])
        else:
            members.append(f"{' '.join(_small(count, scale_gender))} {count_form(count, forms)}")
    members.extend(_small(n % 1000, gender))
    return members


def cardinal(n: int, gender: str = "m") -> str:
    if n < 0:
        return f"{MINUS} {cardinal(-n, gender)}"
    return " ".join(_members(n, gender)) if n else _UNITS[0]


def _ordinal_member(member: str) -> str:
    if member in _UNITS[1:] or member in ("jedna", "jedno", "dvije"):
        index = {"jedna": 1, "jedno": 1, "dvije": 2}.get(member) or _UNITS.index(member)
        return _ORDINAL_UNITS[index]
    if member.endswith(("deset", "naest")):
        return member + "i"
    if member in _HUNDREDS:
        return member + "ti"
    return scale_ordinal(member, _SCALE_ORDINALS)


def ordinal(n: int, form: str = "m") -> str:
    """`form`: m, f, n, pl, f_pl, f_acc, m_gen, f_gen, m_loc, f_loc (m_* serve neuter too)."""
    if n <= 0:
        return cardinal(n)
    members = _members(n, "m")
    word = _ordinal_member(members[-1])
    if form != "m":
        stem = word[:-1]
        ending = _FORM_ENDINGS[form]
        if stem.endswith(_SOFT_ENDINGS) and ending in ("og", "om", "o"):  # "treće mjesto"
            ending = "e" + ending[1:]
        word = stem + ending
    return " ".join([*members[:-1], word])


def digits(digit_string: str) -> str:
    return digit_words(digit_string, _UNITS)


def decimal(int_digits: str, frac_digits: str) -> str:
    return decimal_words(int_digits, frac_digits, cardinal, _UNITS, DECIMAL_WORD)


def year(n: int) -> str:
    return ordinal(n, "f_gen")


_NOUN_GENDERS = data.table("hr", "spell.noun_genders")


def noun_gender(noun: str, n: int) -> str:
    """The gender the noun after n asks for, from its ending (count forms above).

    Feminine nouns end in -a in the singular (jedna kuna), -u in its accusative
    (jednu godinu, returned as f_acc) and -e in the paucal (dvije kune);
    masculine and neuter paucals end in -a (dva eura, dva sela).
    """
    word = noun.lower()
    if word in _NOUN_GENDERS:
        return _NOUN_GENDERS[word]
    last = word[-1:]
    if n % 10 == 1 and n % 100 != 11:
        if last in "au":
            return "f" if last == "a" else "f_acc"
        return "n" if last in "oe" else "m"
    return "f" if last == "e" else "m"
