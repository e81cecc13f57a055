"""A bare fraction before a measure read as the language says it:
"1/2 Liter Milch" is "ein halber Liter Milch", "1/2 litre" "un demi-litre",
"1/2 litro" "medio litro", "3/4 de taza" already reads, "3/4 litro" is "tres cuartos de
litro", "1/2 l" "půl litru", "1/2 літра" "пів літра".

A slash between two numbers is also a date ("le 1/2" is the first of February), so
this fires only before a word that measures: a unit the language's module reads
("kg", "l", "dl"), or a word in the language's short list of measures (cups, spoons,
hours, pieces of a recipe). The Slavic languages write the measure in the genitive
already ("1/2 litru", "1/2 літра"), so there the fraction word goes before any word.
Those languages' "of" cases ("3/4 der Mitglieder") are `fractions.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from model_layer.text.langs import data
from model_layer.text.shapes import noun_genders
from model_layer.text.shapes.romance_agreement import romance_gender

_BARE = re.compile(
    r"(?<![\w.,/])(?<!\d )(?P<a>[13])/(?P<b>[234])(?![\d/]|[.,]\d)(?P<gap> )"
    r"(?P<next>[^\W\d_][\w²³]*(?:/[^\W\d_]+)?)"
)

# Measures by gender: "m", "f", "n" (de), "c"/"n" (common/neuter in nl, sv, da).
_MEASURES: Mapping[str, dict[str, str]] = data.tables("measure_fractions.genders")


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split(" "))


_ROMANCE_MEASURES: Mapping[str, frozenset[str]] = data.word_sets("measure_fractions.measures")
_PARTS = {"es": "partes", "pt": "partes"}  # "3/4 partes": "tres cuartas partes"

_DE = {(1, 4): "ein Viertel", (3, 4): "drei Viertel", (1, 3): "ein Drittel",
       (2, 3): "zwei Drittel"}  # fmt: skip
_DE_HALF = {"m": "ein halber", "f": "eine halbe", "n": "ein halbes"}
# After a preposition that takes the dative: "mit einem halben Liter", "nach einer halben Stunde".
_DE_DATIVE = frozenset(["mit", "nach", "von", "aus", "bei", "seit", "zu", "in", "vor"])
_DE_HALF_DATIVE = {"m": "einem halben", "f": "einer halben", "n": "einem halben"}
_NL = {(1, 4): "een kwart", (3, 4): "driekwart", (1, 3): "een derde", (2, 3): "twee derde"}
_SV = {(1, 4): "en kvarts", (3, 4): "tre fjärdedels", (1, 3): "en tredjedels",
       (2, 3): "två tredjedels"}  # fmt: skip
_DA = {(1, 4): "en kvart", (3, 4): "tre kvart", (1, 3): "en tredjedel",
       (2, 3): "to tredjedele"}  # fmt: skip
_NORDIC_HALF = {"nl": ("een halve", "een half"), "sv": ("en halv", "ett halvt"),
                "da": ("en halv", "et halvt")}  # fmt: skip
_ROMANCE = {
    "fr": {(1, 4): "un quart", (3, 4): "trois quarts", (1, 3): "un tiers", (2, 3): "deux tiers"},
    "es": {(1, 4): "un cuarto", (3, 4): "tres cuartos", (1, 3): "un tercio",
           (2, 3): "dos tercios"},
    "pt": {(1, 4): "um quarto", (3, 4): "três quartos", (1, 3): "um terço",
           (2, 3): "dois terços"},
    "it": {(1, 4): "un quarto", (3, 4): "tre quarti", (1, 3): "un terzo", (2, 3): "due terzi"},
}  # fmt: skip
_ROMANCE_PARTS = {
    "es": {(1, 4): "una cuarta", (3, 4): "tres cuartas", (1, 3): "una tercera",
           (2, 3): "dos terceras"},
    "pt": {(1, 4): "uma quarta", (3, 4): "três quartas", (1, 3): "uma terça",
           (2, 3): "duas terças"},
}  # fmt: skip
_ROMANCE_HALF = {"es": ("medio", "media"), "pt": ("meio", "meia"), "it": ("mezzo", "mezza")}
_OF = {"fr": ("de", "d'"), "es": ("de", "de"), "pt": ("de", "de"), "it": ("di", "d'")}
# The Slavic measure is written in the genitive: only the fraction's word is said.
_SLAVIC = {
    "cs": {(1, 2): "půl", (1, 4): "čtvrt", (3, 4): "tři čtvrtě"},
    "pl": {(1, 2): "pół", (1, 4): "ćwierć"},
    "uk": {(1, 2): "пів", (1, 4): "чверть", (3, 4): "три чверті"},
}
# Before a unit the module reads ("1/2 kg", "3/4 l"), the fraction's words and the unit
# in the form the language puts after a part of it (the genitive singular; Estonian the
# partitive, Bulgarian the plain singular), as the module says the unit after `_UNIT_AFTER`.
_BEFORE_UNITS = {
    "sk": {(1, 2): "pol", (1, 4): "štvrť", (3, 4): "tri štvrte"},
    "sl": {(1, 2): "pol", (1, 4): "četrt", (3, 4): "tri četrtine"},
    "hr": {(1, 2): "pola", (1, 4): "četvrt", (3, 4): "tri četvrtine"},
    "ru": {(1, 2): "пол", (1, 4): "четверть", (3, 4): "три четверти"},
    "bg": {(1, 2): "половин", (1, 4): "четвърт"},
    "lt": {(1, 2): "pusė", (1, 4): "ketvirtis", (3, 4): "trys ketvirčiai"},
    "lv": {(1, 2): "puse", (1, 4): "ceturtdaļa", (3, 4): "trīs ceturtdaļas"},
    "et": {(1, 2): "pool", (1, 4): "veerand", (3, 4): "kolmveerand"},
}
# Turkish says a half ("yar\u0131m", with a dotless i) and a quarter before any noun,
# which stays singular as after any number: "1/2 su barda\u011f\u0131" (half a glass),
# "1/4 saat" -> "çeyrek saat"; other parts are `fractions.py`'s ("dörtte üç").
_BEFORE_ANY_NOUN = {"tr": {(1, 2): "yar\u0131m", (1, 4): "çeyrek"}}
_UNIT_AFTER = {"sk": "1,5", "sl": "2", "hr": "2", "ru": "2", "bg": "1", "lt": "1,5", "et": "1,5"}
# Latvian says the unit after "1,5" in the nominative plural: the genitive by hand.
_LV_GENITIVE = {"kg": "kilograma", "g": "grama", "l": "litra", "ml": "mililitra",
                "dl": "decilitra", "km": "kilometra", "m": "metra", "cm": "centimetra",
                "h": "stundas", "min": "minūtes"}  # fmt: skip

# Words after which "1/2" is a date: "am 1/2", "le 1/2", "el 1/2".
_DATE_BEFORE = {
    "de": frozenset(["am", "vom", "zum", "bis"]),
    "fr": frozenset(["le", "du", "au"]),
    "es": frozenset(["el", "del", "al"]),
    "pt": frozenset(["dia", "em"]),
    "it": frozenset(["il", "del", "al", "dal"]),
    "nl": frozenset(["op"]),
}
LANGUAGES = (
    frozenset(_MEASURES)
    | frozenset(_ROMANCE)
    | frozenset(_SLAVIC)
    | frozenset(_BEFORE_UNITS)
    | frozenset(_BEFORE_ANY_NOUN)
)


def _unit(word: str, lang: str, reader: Callable[[str], str] | None, n: str) -> str | None:
    """The unit's word after the number `n` as the language's module says it, or None."""
    if reader is None:
        return None
    # "1 l" is "ein Liter", "un litre": the words after the number's (one word; "1,5"
    # is said in several, as many as "1,5" alone)
    skip = len(reader(n).split()) if "," in n else 1
    parts = reader(f"{n} {word}").strip().split(" ")
    said = " ".join(parts[skip:])
    return said if said and said != word else None


def _vowel(word: str) -> bool:
    return word[:1].lower() in "aeiouyàâéèêîôûh"


def read(text: str, lang: str, reader: Callable[[str], str] | None) -> str:
    """`text` with fractions before a measure read in `lang`."""
    if lang not in LANGUAGES or "/" not in text:
        return text

    def say(m: re.Match[str]) -> str:
        a, b, word = int(m.group("a")), int(m.group("b")), m.group("next")
        before = m.string[max(0, m.start() - 5) : m.start()].split()
        if a >= b or (before and before[-1].lower() in _DATE_BEFORE.get(lang, ())):
            return m.group()
        lower = word.lower()
        if lang in _BEFORE_ANY_NOUN:
            said = _BEFORE_ANY_NOUN[lang].get((a, b))
            if word[:1].isupper():
                return m.group()  # a name or a month, not a measure
            unit = _unit(word, lang, reader, "1") or word
            return m.group() if said is None else f"{said} {unit}"
        if lang in _BEFORE_UNITS:
            said = _BEFORE_UNITS[lang].get((a, b))
            if lang == "lv":
                unit = _LV_GENITIVE.get(word) if reader is not None else None
            else:
                unit = _unit(word, lang, reader, _UNIT_AFTER[lang])
            if said is None or unit is None:
                return m.group()  # not a unit: "3/4 voličov" is the fraction rule's
            return f"{said} {unit}"
        if lang in _SLAVIC:
            said = _SLAVIC[lang].get((a, b))
            unit = _unit(word, lang, reader, "1,5") or word  # "1,5 l": the genitive
            return m.group() if said is None else f"{said} {unit}"
        unit = _unit(word, lang, reader, "1")
        if lang in _ROMANCE:
            if lower == _PARTS.get(lang) and (a, b) in _ROMANCE_PARTS.get(lang, {}):
                return f"{_ROMANCE_PARTS[lang][(a, b)]} {word}"
            noun = unit or (word if lower in _ROMANCE_MEASURES[lang] else None)
            if noun is None:
                return m.group()
            feminine = romance_gender(noun.split()[0], lang) == "f"
            if (a, b) == (1, 2):
                if lang == "fr":
                    return f"{'une' if feminine else 'un'} demi-{noun}"
                if lang == "it" and noun == "ora":
                    return "mezz'ora"
                return f"{_ROMANCE_HALF[lang][feminine]} {noun}"
            said = _ROMANCE[lang].get((a, b))
            if said is None:
                return m.group()
            of, elided = _OF[lang]
            return (
                f"{said} {elided}{noun}" if _vowel(noun) and elided != of else f"{said} {of} {noun}"
            )
        # de, nl, sv, da
        noun = unit or word
        gender = _MEASURES[lang].get(noun.lower())
        if gender is None and lang == "de" and unit is None and word[:1].isupper():
            gender = noun_genders.form_genders("de").get(lower)  # a German noun: its gender
        if gender is None:
            return m.group()
        if (a, b) == (1, 2):
            if lang == "de":
                dative = bool(before) and before[-1].lower() in _DE_DATIVE
                return f"{(_DE_HALF_DATIVE if dative else _DE_HALF)[gender]} {noun}"
            common, neuter = _NORDIC_HALF[lang]
            return f"{neuter if gender == 'n' else common} {noun}"
        said = {"de": _DE, "nl": _NL, "sv": _SV, "da": _DA}[lang].get((a, b))
        return m.group() if said is None else f"{said} {noun}"

    return _BARE.sub(say, text)
