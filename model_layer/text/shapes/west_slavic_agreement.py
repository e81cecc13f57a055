"""Polish, Czech and Slovak numbers agreeing with their nouns: the noun's gender from the
table of forms, then from its ending; what is no counted noun is left alone."""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.shapes.noun_genders import (
    Gender,
    form_genders,
)

# --- West Slavic: a table of forms, then the ending ---------------------------------


_PL_NEUTER_E = ("mię", "zwierzę", "kurczę", "cielę", "źrebię", "prosię", "kocię", "szczenię",
                "dziewczę", "niemowlę", "pisklę", "książę")  # fmt: skip


def west_slavic_gender(noun: str, lang: str, use_table: bool = True) -> Gender:
    """The gender of a Polish or Czech noun form: the built table, else the ending."""
    lower = noun.lower()
    known = form_genders(lang).get(lower) if use_table else None
    if known is not None:
        return known
    if lang == "sk" and lower.endswith("á"):
        return "n"  # the Slovak neuter plural: "okná", "mestá", "autá"
    if lang == "pl" and lower.endswith("ę") and not lower.endswith(_PL_NEUTER_E):
        return "f"  # a feminine accusative ("tabletkę"); neuter "-ę" is "imię", "zwierzę"
    if lower.endswith("a"):
        return "f"
    if lower.endswith(("o", "e", "ę", "um", "í", "ě")):
        return "n"
    if lang == "pl" and lower.endswith("ść"):
        return "f"
    if lang == "cs" and lower.endswith("ost"):
        return "f"
    return "m"


_WEST_SLAVIC_NOT_NOUNS = data.word_sets("agreement.not_nouns")


def west_slavic(lang: str) -> Callable[[int, str, str], str | None]:
    two, two_f = {"pl": ("dwa", "dwie"), "cs": ("dva", "dvě"), "sk": ("dva", "dve")}[lang]
    one = {"m": "jeden", "f": "jedna", "n": "jedno"}  # alike in pl, cs and sk

    def read(n: int, noun: str, before: str) -> str | None:
        if noun in _WEST_SLAVIC_NOT_NOUNS["cs" if lang == "sk" else lang]:
            return None
        words = numbers.cardinal(str(n), lang)
        if words is None:
            return None
        gender = west_slavic_gender(noun, lang)
        if n == 1:
            lower = noun.lower()
            if gender == "f" and lang == "pl" and lower.endswith("ę"):
                return "jedną"  # the accusative: "mam jedną książkę"
            if gender == "f" and lang in ("cs", "sk") and lower.endswith("u"):
                return "jednu"  # "mám jednu knihu"
            return one[gender]
        if n % 10 == 2 and n % 100 != 12:
            feminine = gender == "f" or (lang in ("cs", "sk") and gender == "n")  # "dvě okna"
            return re.sub(rf"\b{two}$", two_f if feminine else two, words)
        if lang in ("cs", "sk") and words.endswith("jedna"):
            return words[: -len("jedna")] + "jeden"  # "dvacet jeden" counts anything
        return words

    return read
