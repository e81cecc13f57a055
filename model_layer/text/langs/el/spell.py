"""Greek numbers: gender of 1, 3, 4, 13, 14, the hundreds and χίλια; ordinals in every ending.

Grammar followed: Τριανταφυλλίδης, Νεοελληνική Γραμματική (1941, rev.), numerals:
εκατόν before a following number (εκατόν ένα); χιλιάδες is feminine, so the
thousands count is feminine (τρεις χιλιάδες, διακόσιες χιλιάδες, είκοσι μία
χιλιάδες); εκατομμύρια is neuter (τρία εκατομμύρια); compound ordinals inflect
every member (εικοστός πρώτος, εικοστή πρώτη).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import unicodedata

from model_layer.text.langs import data
from model_layer.text.spell import below_thousand, decimal_words, digit_words

MINUS = "μείον"
DECIMAL_WORD = "κόμμα"

_UNITS = data.words("el", "spell.units")
_GENDERED = {  # neuter -> (masculine, feminine)
    "ένα": ("ένας", "μία"), "τρία": ("τρεις", "τρεις"), "τέσσερα": ("τέσσερις", "τέσσερις"),
    "δεκατρία": ("δεκατρείς", "δεκατρείς"), "δεκατέσσερα": ("δεκατέσσερις", "δεκατέσσερις"),
    "χίλια": ("χίλιοι", "χίλιες"),
}  # fmt: skip
_TEENS = data.words("el", "spell.teens")
_TENS = ("", "", "είκοσι", "τριάντα", "σαράντα", "πενήντα", "εξήντα", "εβδομήντα", "ογδόντα",
         "ενενήντα")  # fmt: skip
_HUNDREDS = ("", "εκατό", "διακόσια", "τριακόσια", "τετρακόσια", "πεντακόσια", "εξακόσια",
             "επτακόσια", "οκτακόσια", "εννιακόσια")  # fmt: skip
_SCALES = ((10**12, "τρισεκατομμύριο", "τρισεκατομμύρια"),
           (10**9, "δισεκατομμύριο", "δισεκατομμύρια"),
           (10**6, "εκατομμύριο", "εκατομμύρια"))  # fmt: skip

# Ordinal stems; those with the accent on the ending are listed in _ENDING_STRESSED.
_ORDINAL_UNITS = ("", "πρώτ", "δεύτερ", "τρίτ", "τέταρτ", "πέμπτ", "έκτ", "έβδομ", "όγδο",
                  "ένατ")  # fmt: skip
_ORDINAL_TENS = ("", "δέκατ", "εικοστ", "τριακοστ", "τεσσαρακοστ", "πεντηκοστ", "εξηκοστ",
                 "εβδομηκοστ", "ογδοηκοστ", "ενενηκοστ")  # fmt: skip
_ORDINAL_HUNDREDS = ("", "εκατοστ", "διακοσιοστ", "τριακοσιοστ", "τετρακοσιοστ",
                     "πεντακοσιοστ", "εξακοσιοστ", "επτακοσιοστ", "οκτακοσιοστ",
                     "εννεακοσιοστ")  # fmt: skip
_ORDINAL_THOUSANDS = ("", "χιλιοστ", "δισχιλιοστ", "τρισχιλιοστ", "τετρακισχιλιοστ",
                      "πεντακισχιλιοστ", "εξακισχιλιοστ", "επτακισχιλιοστ", "οκτακισχιλιοστ",
                      "εννιακισχιλιοστ", "δεκακισχιλιοστ")  # fmt: skip
# form -> (ending after a stressed stem, ending that carries the stress)
_FORM_ENDINGS = {
    "m": ("ος", "ός"), "f": ("η", "ή"), "n": ("ο", "ό"), "gen": ("ου", "ού"),
    "f_gen": ("ης", "ής"), "m_acc": ("ο", "ό"), "m_pl": ("οι", "οί"), "f_pl": ("ες", "ές"),
    "n_pl": ("α", "ά"), "pl_gen": ("ων", "ών"),
}  # fmt: skip
FORMS = frozenset(_FORM_ENDINGS)
GENDER_OF_FORM = data.table("el", "spell.gender_of_form")


# The genitive plural (των τριών ωρών, των διακοσίων μαθητών): the forms that change.
_GENITIVE = data.table("el", "spell.genitive")


def _gendered(word: str, gender: str) -> str:
    if gender == "n":
        return word
    if gender == "gen":
        if word.endswith("κόσια"):  # διακόσια -> διακοσίων
            return word[:-5] + "κοσίων"
        return _GENITIVE.get(word, word)
    if word in _GENDERED:
        return _GENDERED[word][gender == "f"]
    if word.endswith("κόσια"):  # διακόσια -> διακόσιοι / διακόσιες
        return word[:-1] + ("οι" if gender == "m" else "ες")
    return word


def _small(n: int, gender: str) -> list[str]:
    members = below_thousand(n, _HUNDREDS, _TEENS, _TENS, _UNITS.__getitem__)
    if n // 100 == 1 and n % 100:
        members[0] = "εκατόν"  # before a following number: εκατόν ένα
    return [_gendered(w, gender) for w in members]


def cardinal(n: int, gender: str = "n") -> str:
    """`gender` m/f/n, or gen (genitive plural); neuter is the form of counting aloud."""
    if n < 0:
        return f"{MINUS} {cardinal(-n, gender)}"
    if n == 0:
        return _UNITS[0]
    members = []
    for value, one, many in _SCALES:
        count = n // value if value == _SCALES[0][0] else (n // value) % 1000
        if count:
            scale = one if count == 1 else many
            if gender == "gen":  # των τριών εκατομμυρίων
                scale = scale.replace("μύρι", "μυρί")[:-1] + ("ου" if count == 1 else "ων")
            members.append(f"{cardinal(count, 'gen' if gender == 'gen' else 'n')} {scale}")
    thousands = (n // 1000) % 1000
    if thousands == 1:
        members.append(_gendered("χίλια", gender))
    elif thousands:
        genitive = gender == "gen"
        members.append(" ".join([*_small(thousands, gender if genitive else "f"),
                                 "χιλιάδων" if genitive else "χιλιάδες"]))  # fmt: skip
    members.extend(_small(n % 1000, gender))
    return " ".join(members)


def _ordinal_stems(n: int) -> list[str]:
    """Stems of n below 11000; every member is an ordinal (χιλιοστός εικοστός πρώτος)."""
    stems = []
    if n >= 1000:
        stems.append(_ORDINAL_THOUSANDS[n // 1000])
        n %= 1000
    if n >= 100:
        stems.append(_ORDINAL_HUNDREDS[n // 100])
        n %= 100
    if n in (11, 12):
        stems.append("ενδέκατ" if n == 11 else "δωδέκατ")
    else:
        if n >= 10:
            stems.append(_ORDINAL_TENS[n // 10])
        if n % 10:
            stems.append(_ORDINAL_UNITS[n % 10])
    return stems


def _has_accent(word: str) -> bool:
    return any(unicodedata.combining(c) for c in unicodedata.normalize("NFD", word))


def ordinal(n: int, form: str = "m") -> str:
    """`form`: m, f, n, gen, f_gen, m_acc, m_pl, f_pl, n_pl, pl_gen.

    From 11000 on nobody says the ordinal (it is written as digits and read as
    the number): the cardinal in the form's gender is returned.
    """
    if n <= 0 or n >= 11000:
        return cardinal(n, GENDER_OF_FORM.get(form, "n"))
    plain, stressed = _FORM_ENDINGS[form]
    return " ".join(stem + (plain if _has_accent(stem) else stressed) for stem in _ordinal_stems(n))


def digits(digit_string: str) -> str:
    return digit_words(digit_string, _UNITS)


def decimal(int_digits: str, frac_digits: str) -> str:
    return decimal_words(int_digits, frac_digits, cardinal, _UNITS, DECIMAL_WORD)


def year(n: int) -> str:
    return cardinal(n)


def strip_accents(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Common masculine plurals in -ες, which the ending rule below would read as feminine.
_MASCULINE_IN_ES = frozenset(data.words("el", "spell.masculine_in_es"))


def noun_gender(noun: str, n: int) -> str:
    """The gender of the noun after n, from its ending.

    Singular after 1: -α/-η feminine (μία ώρα), -ος/-ας/-ης masculine (ένας
    βαθμός), else neuter (ένα ευρώ). Plural: -ες feminine (τρεις ώρες; masculine
    -ες plurals such as μήνες read the same for 3, 4, 13, 14), -οι/-ους masculine,
    -ων a genitive plural (των τριών ωρών), else neuter (τρία λεπτά).
    """
    word = strip_accents(noun)
    if word in _MASCULINE_IN_ES:
        return "m"
    if n > 1 and word.endswith("ων"):
        return "gen"
    if n == 1:
        if word.endswith(("ος", "ας", "ης")):
            return "m"
        return "f" if word.endswith(("α", "η")) else "n"
    if word.endswith("ες"):
        return "f"
    return "m" if word.endswith(("οι", "ους")) else "n"
