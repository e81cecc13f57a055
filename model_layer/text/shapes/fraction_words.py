# ruff: noqa: RUF001  (tables in Cyrillic, Greek and other scripts, not look-alike Latin)
"""The words of a fraction in each language: its numerator and denominator in the gender,
case and number they take ("two thirds", "zwei Drittel", "две трети"), one table a language."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from model_layer.text import numbers
from model_layer.text.langs import data, language_part


@dataclass(frozen=True)
class FractionWords:
    """How a language says fractions."""

    of: frozenset[str]  # words after which "a/b" is a fraction; empty: any word (cases)
    fraction: Callable[[int, int], str | None]  # a/b as words
    # whole + half + unit: the order and the words ("{n} and a half {unit}")
    half: str
    other: str  # whole + fraction + unit
    unit_from: str = "{n}"  # the number whose reading gives the unit's form
    mixed: bool = True  # False: mixed numbers are left to the language module (ar, el)
    # The fraction's words after the word before it (Arabic case: على ثلثين).
    inflect: Callable[[str, str], str] | None = None
    # A whole and a fraction said as one word or phrase (hi: 2 1/2 ढाई, 3 1/4 सवा तीन).
    # (whole, a, b, the unit's words or "") -> the words before the unit, or None
    mixed_words: Callable[[int, int, int, str], str | None] | None = None
    not_before: frozenset[str] = frozenset()  # words after which "a/b" is a date (hi: को)


def _de(a: int, b: int) -> str | None:
    names = {2: "halb", 3: "Drittel", 4: "Viertel", 100: "Hundertstel", 1000: "Tausendstel"}
    if b in names:
        name = names[b]
    else:
        stem = numbers.cardinal(str(b), "de")
        if stem is None:
            return None
        name = (stem + ("tel" if b < 20 else "stel")).capitalize().replace("Siebentel", "Siebtel")
        name = name.replace("Achttel", "Achtel")
    numerator = "ein" if a == 1 else numbers.cardinal(str(a), "de")
    return None if numerator is None else f"{numerator} {name}"


def _romance(lang: str, plural: Callable[[str], str]) -> Callable:
    """The fraction of a Romance language, its denominators' names from its
    `data/fractions.denominators.tsv` (2: "medio", 3: "tercio", ...)."""
    names = data.by_number(lang, "fractions.denominators")
    one = {"fr": "un", "es": "un", "pt": "um", "it": "un"}[lang]

    def fraction(a: int, b: int) -> str | None:
        if b in names:
            name = names[b]
        elif lang in ("es", "pt") and b > 10:
            cardinal = numbers.cardinal(str(b), lang)
            name = (
                None
                if cardinal is None
                else (cardinal + "avo" if lang == "es" else cardinal + " avo")
            )
        else:
            name = numbers.ordinal(b, lang)
        numerator = one if a == 1 else numbers.cardinal(str(a), lang)
        if name is None or numerator is None:
            return None
        return f"{numerator} {name if a == 1 else plural(name)}"

    return fraction


def _fr_plural(word: str) -> str:
    return word if word.endswith(("s", "x")) else word + "s"


def _it_plural(word: str) -> str:
    return word[:-1] + "i" if word.endswith("o") else word


_NL_NAMES = {2: "half", 4: "kwart"}


def _nl(a: int, b: int) -> str | None:
    name = _NL_NAMES.get(b) or numbers.ordinal(b, "nl")
    numerator = "een" if a == 1 else numbers.cardinal(str(a), "nl")
    if name is None or numerator is None:
        return None
    return f"{numerator} {name}"


_RU_ONE = {2: "вторая", 3: "третья", 4: "четверть", 5: "пятая", 6: "шестая", 7: "седьмая",
           8: "восьмая", 9: "девятая", 10: "десятая", 100: "сотая", 1000: "тысячная"}  # fmt: skip
_RU_MANY = {2: "вторых", 3: "третьих", 4: "четвёртых", 5: "пятых", 6: "шестых",
            7: "седьмых", 8: "восьмых", 9: "девятых", 10: "десятых", 100: "сотых",
            1000: "тысячных"}  # fmt: skip
_RU_SPECIAL = {(1, 3): "одна треть", (2, 3): "две трети", (1, 4): "одна четверть",
               (3, 4): "три четверти", (1, 2): "одна вторая"}  # fmt: skip


def _ru(a: int, b: int) -> str | None:
    if (a, b) in _RU_SPECIAL:
        return _RU_SPECIAL[(a, b)]
    if b not in _RU_MANY:
        return None
    from num2words import num2words

    numerator = num2words(a, lang="ru", gender="f")
    return f"{numerator} {_RU_ONE[b] if a % 10 == 1 and a % 100 != 11 else _RU_MANY[b]}"


_PL_ONE = {2: "druga", 3: "trzecia", 4: "czwarta", 5: "piąta", 6: "szósta", 7: "siódma",
           8: "ósma", 9: "dziewiąta", 10: "dziesiąta", 100: "setna"}  # fmt: skip
_PL_FEW = {2: "drugie", 3: "trzecie", 4: "czwarte", 5: "piąte", 6: "szóste", 7: "siódme",
           8: "ósme", 9: "dziewiąte", 10: "dziesiąte", 100: "setne"}  # fmt: skip
_PL_MANY = {2: "drugich", 3: "trzecich", 4: "czwartych", 5: "piątych", 6: "szóstych",
            7: "siódmych", 8: "ósmych", 9: "dziewiątych", 10: "dziesiątych",
            100: "setnych"}  # fmt: skip


def _pl(a: int, b: int) -> str | None:
    if b not in _PL_ONE:
        return None
    numerator = numbers.cardinal(str(a), "pl")
    if numerator is None:
        return None
    if a == 1:
        return f"jedna {_PL_ONE[b]}"
    if 2 <= a % 10 <= 4 and not 12 <= a % 100 <= 14:
        numerator = re.sub(r"dwa$", "dwie", numerator)
        return f"{numerator} {_PL_FEW[b]}"
    return f"{numerator} {_PL_MANY[b]}"


_TR_LOCATIVE = {2: "ikide", 3: "üçte", 4: "dörtte", 5: "beşte", 6: "altıda", 7: "yedide",
                8: "sekizde", 9: "dokuzda", 10: "onda", 100: "yüzde", 1000: "binde"}  # fmt: skip


def _tr(a: int, b: int) -> str | None:
    numerator = numbers.cardinal(str(a), "tr")
    if b not in _TR_LOCATIVE or numerator is None:
        return None
    return f"{_TR_LOCATIVE[b]} {numerator}"


def _en(a: int, b: int) -> str | None:
    names = {2: "half", 4: "quarter"}
    name = names.get(b) or numbers.ordinal(b, "en")
    numerator = "one" if a == 1 else numbers.cardinal(str(a), "en")
    if name is None or numerator is None:
        return None
    return f"{numerator} {name if a == 1 else name + 's'}"


# Arabic (Ryding ch. 17): 1/b the fraction noun (ثلث), 2/b its dual (ثلثان), 3-10
# over b the masculine-noun form of the number and the broken plural (ثلاثة أرباع).
_AR_ONE = {2: "نصف", 3: "ثلث", 4: "ربع", 5: "خمس", 6: "سدس", 7: "سبع", 8: "ثمن", 9: "تسع",
           10: "عشر"}  # fmt: skip
_AR_MANY = {3: "أثلاث", 4: "أرباع", 5: "أخماس", 6: "أسداس", 7: "أسباع", 8: "أثمان",
            9: "أتساع", 10: "أعشار"}  # fmt: skip
_AR_PREPOSITIONS = frozenset(("على", "من", "في", "إلى", "عن", "مع", "حتى", "منذ", "نحو"))


def _ar(a: int, b: int) -> str | None:
    if b not in _AR_ONE:
        return None
    if a == 1:
        return _AR_ONE[b]
    if a == 2:
        return _AR_ONE[b] + "ان"  # the dual, nominative: ثلثان
    if 3 <= a <= 10 and b in _AR_MANY:
        return f"{language_part('ar', 'spell').cardinal(a, 'm')} {_AR_MANY[b]}"
    return None


def _ar_case(words: str, before: str) -> str:
    """A dual after a preposition is genitive: "على ثلثين من الأصوات"."""
    previous = before.split()[-1] if before.split() else ""
    if previous in _AR_PREPOSITIONS and words.endswith("ان"):
        return words[:-2] + "ين"
    return words


# Hindi: the everyday fractions have their own words (आधा, चौथाई, तिहाई), any other
# is "a बटा b"; with a whole: डेढ़ (1 1/2), ढाई (2 1/2), साढ़े n, सवा n, पौने n+1.
_HI_NAMES = {(1, 2): "आधा", (1, 4): "एक चौथाई", (3, 4): "तीन चौथाई", (1, 3): "एक तिहाई",
             (2, 3): "दो तिहाई"}  # fmt: skip


def _parts(
    names: dict[int, tuple[str, ...]],
    one: str,
    numerators: dict[int, str],
    lang: str,
    special: dict[tuple[int, int], str] | None = None,
    many: dict[int, str] | None = None,
) -> Callable[[int, int], str | None]:
    """a/b from the names of one part and of several ("dve tretiny", "една трета"):
    `names[b]` is (one part, several parts[, two parts where the language has a dual:
    sl "dve tretjini"]); `one` says 1 ("" where the part's name alone says it: et
    "kolmandik"), `numerators` the forms the part's gender asks, else the cardinal;
    `special` whole readings ("pola" for hr 1/2); `many` the genitive plural a part takes
    after five and more where it differs (sk "päť tretín", sl "pet tretjin")."""

    def read(a: int, b: int) -> str | None:
        if special and (a, b) in special:
            return special[(a, b)]
        if b not in names:
            return None
        single, several, *dual = names[b]
        if a == 1:
            return f"{one} {single}".strip()
        if a == 2 and dual:
            several = dual[0]
        if many and b in many and ((a % 100 >= 5 and not 2 <= a % 10 <= 4) or 12 <= a % 100 <= 14):
            several = many[b]
        numerator = numerators.get(a) or numbers.cardinal(str(a), lang)
        return None if numerator is None else f"{numerator} {several}"

    return read


_BG = _parts(
    {2: ("половина", "половини"), 3: ("трета", "трети"), 4: ("четвърт", "четвърти"),
     5: ("пета", "пети"), 10: ("десета", "десети")},
    "една", {2: "две"}, "bg",
)  # fmt: skip
_SK = _parts(
    {2: ("polovica", "polovice"), 3: ("tretina", "tretiny"), 4: ("štvrtina", "štvrtiny"),
     5: ("pätina", "pätiny"), 10: ("desatina", "desatiny")},
    "jedna", {2: "dve"}, "sk",
    many={2: "polovíc", 3: "tretín", 4: "štvrtín", 5: "pätín", 10: "desatín"},
)  # fmt: skip
_LV = _parts(
    {2: ("puse", "puses"), 3: ("trešdaļa", "trešdaļas"), 4: ("ceturtdaļa", "ceturtdaļas"),
     5: ("piektdaļa", "piektdaļas"), 10: ("desmitdaļa", "desmitdaļas")},
    "viena", {2: "divas", 4: "četras", 5: "piecas", 6: "sešas", 7: "septiņas", 8: "astoņas",
              9: "deviņas"}, "lv",
)  # fmt: skip

# Slovenian: one, several (3 and more), and the dual for two.
_SL = _parts(
    {2: ("polovica", "polovice", "polovici"), 3: ("tretjina", "tretjine", "tretjini"),
     4: ("četrtina", "četrtine", "četrtini"), 5: ("petina", "petine", "petini"),
     10: ("desetina", "desetine", "desetini")},
    "ena", {2: "dve", 3: "tri", 4: "štiri"}, "sl",
    many={2: "polovic", 3: "tretjin", 4: "četrtin", 5: "petin", 10: "desetin"},
)  # fmt: skip
# Croatian: a half is "pola" ("pola birača"); the paucal after 2-4.
_HR = _parts(
    {2: ("polovina", "polovine"), 3: ("trećina", "trećine"), 4: ("četvrtina", "četvrtine"),
     5: ("petina", "petina"), 10: ("desetina", "desetina")},
    "jedna", {2: "dvije", 3: "tri", 4: "četiri"}, "hr", special={(1, 2): "pola"},
    many={2: "polovina", 3: "trećina", 4: "četvrtina", 5: "petina", 10: "desetina"},
)  # fmt: skip
# Estonian: the part's name says one ("kolmandik"); after a number the partitive
# ("kaks kolmandikku", "kolm veerandit").
_ET = _parts(
    {2: ("pool", "poolt"), 3: ("kolmandik", "kolmandikku"), 4: ("veerand", "veerandit"),
     5: ("viiendik", "viiendikku"), 10: ("kümnendik", "kümnendikku")},
    "", {}, "et",
)  # fmt: skip


def _hi(a: int, b: int) -> str | None:
    if (a, b) in _HI_NAMES:
        return _HI_NAMES[(a, b)]
    numerator, denominator = numbers.cardinal(str(a), "hi"), numbers.cardinal(str(b), "hi")
    return None if numerator is None or denominator is None else f"{numerator} बटा {denominator}"


def _hi_mixed(whole: int, a: int, b: int, unit: str) -> str | None:
    if (whole, a, b) == (1, 1, 2):
        return "डेढ़"
    if (whole, a, b) == (2, 1, 2):
        return "ढाई"
    said = {(1, 2): ("साढ़े", whole), (1, 4): ("सवा", whole), (3, 4): ("पौने", whole + 1)}
    if (a, b) not in said:
        return None
    word, n = said[(a, b)]
    number = numbers.cardinal(str(n), "hi")
    return None if number is None else f"{word} {number}"


def _el(a: int, b: int) -> str | None:
    """Greek: a neuter cardinal and the neuter ordinal (τα δύο τρίτα, το ένα τέταρτο);
    a half is "μισό" (το μισό των μαθητών)."""
    el = language_part("el", "spell")
    if (a, b) == (1, 2):
        return "μισό"
    return f"{el.cardinal(a, 'n')} {el.ordinal(b, 'n' if a == 1 else 'n_pl')}"


# Greek "and a half" is one word with the whole: δυόμισι ώρες, πεντέμισι κιλά; 1, 3 and
# 4 by gender (μιάμιση ώρα, ενάμισι κιλό; τρεισήμισι ώρες, τριάμισι λίτρα).
_EL_HALVES = {2: "δυόμισι", 5: "πεντέμισι", 6: "εξήμισι", 7: "εφτάμισι", 8: "οχτώμισι",
              9: "εννιάμισι", 10: "δεκάμισι", 11: "εντεκάμισι", 12: "δωδεκάμισι"}  # fmt: skip
_EL_GENDERED_HALVES = {(1, "f"): "μιάμιση", (1, "n"): "ενάμισι", (3, "f"): "τρεισήμισι",
                       (3, "m"): "τρεισήμισι", (3, "n"): "τριάμισι", (4, "f"): "τεσσερισήμισι",
                       (4, "m"): "τεσσερισήμισι", (4, "n"): "τεσσεράμισι"}  # fmt: skip


def _el_mixed(whole: int, a: int, b: int, unit: str) -> str | None:
    """Only "and a half" before a unit; the masculine ενάμισης/ενάμιση (by case) is left."""
    el = language_part("el", "spell")
    if (a, b) != (1, 2) or not unit:
        return None
    if whole in _EL_HALVES:
        return _EL_HALVES[whole]
    return _EL_GENDERED_HALVES.get((whole, el.noun_gender(unit.split()[0], whole)))


TABLES: dict[str, FractionWords] = {
    "en": FractionWords(frozenset(), _en, "{n} and a half {unit}", "{n} and {f} {unit}", "2"),
    "de": FractionWords(
        frozenset(["der", "des", "von", "vom"]), _de, "{n}einhalb {unit}", "{n} und {f} {unit}", "2"
    ),
    "fr": FractionWords(
        frozenset(["de", "des", "du", "d'"]),
        _romance("fr", _fr_plural),
        "{n} {unit} et demi",
        "{n} {unit} et {f}",
    ),
    "es": FractionWords(
        frozenset(["de", "del"]),
        _romance(
            "es",
            lambda w: w + "s",
        ),
        "{n} {unit} y medio",
        "{n} {unit} y {f}",
    ),
    "pt": FractionWords(
        frozenset(["de", "do", "da", "dos", "das"]),
        _romance(
            "pt",
            lambda w: w + "s",
        ),
        "{n} {unit} e meio",
        "{n} {unit} e {f}",
    ),
    "it": FractionWords(
        frozenset(["di", "del", "della", "dei", "delle", "degli", "dello"]),
        _romance(
            "it",
            _it_plural,
        ),
        "{n} {unit} e mezzo",
        "{n} {unit} e {f}",
    ),
    "nl": FractionWords(
        frozenset(["van"]), _nl, "{n} en een halve {unit}", "{n} en {f} {unit}", "2"
    ),
    "ru": FractionWords(frozenset(), _ru, "{n} с половиной {unit}", "{n} и {f} {unit}"),
    "pl": FractionWords(frozenset(), _pl, "{n} i pół {unit}", "{n} i {f} {unit}", "1,5"),
    "tr": FractionWords(frozenset(), _tr, "{n} buçuk {unit}", "{n} tam {f} {unit}", "1"),
    # A proper fraction before a word, said with the part's name; mixed numbers are left
    # to the language module.
    **{
        lang: FractionWords(frozenset(), read, "", "", mixed=False)
        for lang, read in (("bg", _BG), ("sk", _SK), ("lv", _LV), ("sl", _SL), ("et", _ET))
    },
    # "1/2 kg", "3/4 l": before a unit, measure_fractions.py's or the module's
    "hr": FractionWords(
        frozenset(),
        _HR,
        "",
        "",
        mixed=False,
        not_before=frozenset(["kg", "g", "l", "km", "m", "h"]),
    ),
    "ar": FractionWords(frozenset(["من"]), _ar, "", "", mixed=False, inflect=_ar_case),
    "el": FractionWords(frozenset(["των", "του", "της"]), _el, "", "", mixed_words=_el_mixed),
    "hi": FractionWords(
        frozenset(),
        _hi,
        "",
        "",
        mixed_words=_hi_mixed,
        # "1/5 को", "3/4 दिसंबर की रात" (the night of the 3rd to the 4th): dates
        not_before=frozenset(
            [
                "को",
                "से",
                "तक",
                "तारीख",
                "जनवरी",
                "फ़रवरी",
                "फरवरी",
                "मार्च",
                "अप्रैल",
                "मई",
                "जून",
                "जुलाई",
                "अगस्त",
                "सितंबर",
                "सितम्बर",
                "अक्टूबर",
                "अक्तूबर",
                "नवंबर",
                "नवम्बर",
                "दिसंबर",
                "दिसम्बर",
            ]
        ),
    ),
}
