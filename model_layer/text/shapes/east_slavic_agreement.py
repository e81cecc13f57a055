# ruff: noqa: RUF001  (Cyrillic words are the data here)
"""Russian and Ukrainian numbers agreeing with their nouns, by pymorphy3's analysis: the case
a preposition or the number asks for, the noun's gender and animacy."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from model_layer.text.langs import data

# --- East Slavic: pymorphy3 ---------------------------------------------------------

# the words of ru and uk after which a number and its noun are in the genitive
_GENITIVE_PREPOSITIONS = data.word_set("ru", "agreement.genitive_prepositions") | data.word_set(
    "uk", "agreement.genitive_prepositions"
)
_NOT_COUNTED = frozenset(("Abbr", "Name", "Surn", "Patr", "Init"))  # pymorphy3 grammemes
_RU_CASES = {"nomn": "n", "gent": "g", "datv": "d", "accs": "a", "ablt": "i", "loct": "p"}
_UK_CASES = {
    "nomn": "nominative", "gent": "genitive", "datv": "dative", "accs": "accusative",
    "ablt": "instrumental", "loct": "locative",
}  # fmt: skip


@functools.cache
def analyzer(lang: str) -> Any | None:
    """pymorphy3 for `lang` (ru or uk), loaded once; None when it is not installed."""
    try:
        import pymorphy3
    except ImportError:
        return None
    try:
        return pymorphy3.MorphAnalyzer(lang=lang)
    except Exception:  # a missing dictionary package: read without agreement
        return None


def preload(langs: tuple[str, ...] = ("ru", "uk")) -> None:
    """Load the analysers now (at init) rather than on the first request that needs them."""
    for lang in langs:
        analyzer(lang)


def _expected_form(n: int) -> str:
    """The form a noun takes after `n` in the nominative: one, few or many."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def east_slavic(lang: str) -> Callable[[int, str, str], str | None]:
    def read(n: int, noun: str, before: str) -> str | None:
        morph = analyzer(lang)
        if morph is None:
            return None
        parses = [
            p
            for p in morph.parse(noun)
            if p.tag.POS == "NOUN"
            and not {"Abbr", "Name", "Surn", "Patr", "Init"} & p.tag.grammemes
        ]
        if not parses:
            return None
        form = _expected_form(n)
        case = "nomn"
        chosen = None
        for p in parses:  # the reading that a number in the nominative asks for
            tag = p.tag
            if form == "one" and tag.number in ("sing", None) and tag.case in ("nomn", "accs"):
                chosen, case = p, tag.case
            elif (
                form == "few"
                and (
                    (lang == "ru" and tag.number in ("sing", None) and tag.case == "gent")
                    or (lang == "uk" and tag.case in ("nomn", "gent"))
                )
            ) or (form == "many" and tag.number == "plur" and tag.case == "gent"):
                chosen = p
            if chosen is not None:
                break
        if chosen is None or (form != "one" and before in _GENITIVE_PREPOSITIONS):
            # After 2 and more an oblique noun is plural: "на 5 этаже" is an ordinal.
            number = "sing" if form == "one" else "plur"
            oblique = [
                p
                for p in parses
                if p.tag.case in ("datv", "ablt", "loct", "gent") and p.tag.number == number
            ]
            if not oblique:
                return None
            chosen = oblique[0]
            case = chosen.tag.case
            if case == "gent" and before not in _GENITIVE_PREPOSITIONS:
                return None
        gender = chosen.tag.gender or chosen.normalized.tag.gender or "masc"
        if form == "one" and case == "accs" and gender != "femn":
            case = "nomn"  # "один стол" in the accusative is "один" (inanimate)
        return east_slavic_words(n, lang, case, gender)

    return read


def east_slavic_words(n: int, lang: str, case: str, gender: str) -> str | None:
    """num2words in the case, with the noun's gender on the last three digits only:
    num2words would put it on "миллион" too ("одна миллион")."""
    if n >= 1000 and n % 1000:
        whole = _east_slavic_words_raw(n, lang, case, "masc")
        tail_m = _east_slavic_words_raw(n % 1000, lang, case, "masc")
        tail = _east_slavic_words_raw(n % 1000, lang, case, gender)
        if whole is None or tail_m is None or tail is None or not whole.endswith(tail_m):
            return None
        return whole[: len(whole) - len(tail_m)] + tail
    if n >= 1000:
        return _east_slavic_words_raw(n, lang, case, "masc")
    return _east_slavic_words_raw(n, lang, case, gender)


def _east_slavic_words_raw(n: int, lang: str, case: str, gender: str) -> str | None:
    from num2words import num2words

    try:
        if lang == "ru":
            g = {"masc": "m", "femn": "f", "neut": "n"}.get(gender, "m")
            words = num2words(n, lang="ru", case=_RU_CASES[case], gender=g)
        else:
            kwargs = {"case": _UK_CASES[case]}
            if gender == "femn":
                kwargs["gender"] = "feminine"
            words = num2words(n, lang="uk", **kwargs)
            if gender == "neut" and case == "nomn" and n % 10 == 1 and n % 100 != 11:
                words = re.sub(r"один$", "одне", words)
    except Exception:  # num2words raises on gaps: keep the plain reading
        return None
    words = words.replace("тисячи", "тисячі")  # num2words' genitive of тисяча
    if lang == "uk" and case == "gent":
        # num2words' "двохста": the genitive of the hundreds is "двохсот" ("ста" stays)
        words = re.sub(
            r"(двох|трьох|чотирьох|п'яти|шести|семи|восьми|дев'яти)ста\b", r"\1сот", words
        )
    # "около тысячи рублей": a thousand alone is said without "one"
    return re.sub(
        r"^(одной|однієї|одній|одною|однією|одну) (?=тысяч|тисяч)", "", " ".join(words.split())
    )
