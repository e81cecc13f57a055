"""Spanish, Portuguese, Italian and French numbers agreeing with their nouns ("una casa",
"duas casas", "une maison"): the noun's gender from its ending, corrected by the tables
of nouns that contradict it, and what is no noun (a month, a verb, a label) left alone."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.shapes.noun_genders import (
    Gender,
    form_genders,
    learned_ending_gender,
)

# --- Romance languages: the ending, and the nouns that contradict it ---------------

# Words after which a four-digit number is a year, which agrees with nothing ("Em 2025
# entra em vigor" is no "duas mil"); and "de" after a month ("1 de janeiro de 2025").
_YEAR_INTRODUCERS = data.word_sets("agreement.year_introducers")
_OF = frozenset(("de", "di", "du", "del"))
_LAST_WORD = re.compile(r"(\w+)\W*$")


def is_year(n: int, digits: str, before_word: str, text_before: str, lang: str) -> bool:
    if len(digits) != 4 or not 1100 <= n <= 2099:
        return False
    if before_word in _YEAR_INTRODUCERS.get(lang, ()):
        return True
    if before_word not in _OF:
        return False
    month = _LAST_WORD.search(text_before[-24:])
    return month is not None and month.group(1).lower() in _MONTHS.get(lang, frozenset())


_MONTHS = data.word_sets("agreement.months_and_days")
# Never a counted noun: the function words, the months and days, and frequent verb forms
# that follow a subject with a number ("o 2 tem", "la 1 llega"; "TP 1234 tem" was read
# "duzentas").
NOT_NOUN_SETS = {
    lang: data.word_set(lang, "agreement.not_nouns")
    | _MONTHS[lang]
    | data.word_set(lang, "agreement.verb_forms")
    for lang in ("es", "pt", "it", "fr")
}
# A code before a number makes it a name ("TP 1234", "AF 1", "A4 2"): two to four
# capitals, perhaps with digits.
CODE = re.compile(r"[A-Z][A-Z0-9]{1,3}")
# Nouns that a number names rather than counts ("página 3", "capítulo 1 parte 2"): a
# number after them, or before them, is left to the language module.
LABELS: Mapping[str, frozenset[str]] = data.word_sets("agreement.labels")

# French masculine nouns in -e (the default for -e is feminine), with the nouns of either
# gender that name people: the generic masculine when counted.
_FR_MASCULINE_IN_E = data.word_set("fr", "agreement.masculine_in_e")
_FR_MASCULINE_ENDINGS = ("age", "isme", "ment", "eau", "ème", "acle", "eur")


_OTHER_GENDER = {
    "m": data.word_sets("agreement.masculine_in_a"),
    "f": data.word_sets("agreement.feminine_not_in_a"),
}


@functools.cache
def _word_set(table: str, lang: str) -> frozenset[str]:
    """Frequent nouns whose ending says the other gender (singular forms; plurals are
    looked up by their singular)."""
    return _OTHER_GENDER[table].get(lang, frozenset())


def _singulars(noun: str, lang: str) -> list[str]:
    """The noun and what its singular may be ("páginas" -> "página", "ciudades" ->
    "ciudad", "voitures" -> "voiture", "case" -> "casa")."""
    forms = [noun]
    if lang == "it":
        if noun.endswith("e"):
            forms.append(noun[:-1] + "a")
        if noun.endswith("i"):
            forms += [noun[:-1] + "o", noun[:-1] + "e"]
        return forms
    if noun.endswith("es"):
        forms.append(noun[:-2])
        if lang == "pt" and noun.endswith("ões"):
            forms.append(noun[:-3] + "ão")
    if noun.endswith("s") or noun.endswith("x"):
        forms.append(noun[:-1])
    if lang == "pt" and noun.endswith("ns"):
        forms.append(noun[:-2] + "m")
    return forms


def romance_gender(noun: str, lang: str) -> Gender:
    """The gender of a Spanish, Portuguese, Italian or French noun form: the hand lists
    above, then the built table of frequent nouns' forms (the form itself, then what its
    singular may be), then the learned endings, then the hand-written endings."""
    lower = noun.lower()
    forms = _singulars(lower, lang)
    for form in forms:
        if form in _word_set("m", lang) or (lang == "fr" and form in _FR_MASCULINE_IN_E):
            return "m"
        if form in _word_set("f", lang):
            return "f"
    table = form_genders(lang)
    for form in forms:
        known = table.get(form)
        if known is not None:
            return known
    learned = learned_ending_gender(lower, lang)
    if learned is not None:
        return learned
    single = forms[-1] if lang != "it" else lower
    if lang == "fr":
        for form in forms:
            if form.endswith(_FR_MASCULINE_ENDINGS[:-1]):
                return "m"
        return "f" if any(f.endswith("e") for f in forms[1:] or forms) else "m"
    if lang == "it":
        feminine = ("a", "zione", "sione", "gione", "tà", "tù", "trice", "ie")
        return "f" if lower.endswith(feminine) else "m"
    feminine_endings = ("a", "ción", "sión", "dad", "tad", "tud", "umbre", "ção", "são", "dade")
    return "f" if single.endswith(feminine_endings) or lower.endswith("as") else "m"


# Feminine nouns that begin with a stressed a/ha, which take "un" (RAE).
_ES_STRESSED_A = frozenset(
    ("agua", "águila", "alma", "arma", "área", "aula", "hambre", "hacha", "ala", "ancla",
     "arca", "arpa", "asa", "aspa", "hada", "habla", "haba", "ave", "hampa")
)  # fmt: skip


def spanish(n: int, noun: str, before: str) -> str | None:
    if noun in NOT_NOUN_SETS["es"]:
        return None
    words = numbers.cardinal(str(n), "es")
    if words is None:
        return None
    if n == 1 and noun.lower() in _ES_STRESSED_A:
        return "un"  # "un águila", "un aula": feminine, but "una" is not said before á
    if romance_gender(noun, "es") == "f":
        head, sep, tail = _after_last(words, ("millón", "millones"))
        tail = re.sub(r"ientos\b", "ientas", tail)
        tail = re.sub(r"\bquinientos\b", "quinientas", tail)
        tail = re.sub(r"uno$", "una", tail)
        tail = re.sub(r"\bún$", "una", tail)
        return head + sep + tail
    return re.sub(r"veintiuno$", "veintiún", re.sub(r"\buno$", "un", words))


def portuguese(n: int, noun: str, before: str) -> str | None:
    if noun in NOT_NOUN_SETS["pt"] or romance_gender(noun, "pt") != "f":
        return None
    words = numbers.cardinal(str(n), "pt")
    if words is None:
        return None
    head, sep, tail = _after_last(words, ("milhão", "milhões"))
    tail = re.sub(r"entos\b", "entas", tail)
    tail = re.sub(r"\bum\b", "uma", tail)
    tail = re.sub(r"\bdois\b", "duas", tail)
    return head + sep + tail


def italian(n: int, noun: str, before: str) -> str | None:
    if noun in NOT_NOUN_SETS["it"] or n != 1:
        return None
    if romance_gender(noun, "it") == "f":
        return "un'" if noun[0] in "aeiouàèéìòù" else "una"
    # "uno" before s + consonant, z, gn, ps, x, y; "un" elsewhere.
    if re.match(r"s[^aeiouàèéìòù]|z|gn|ps|pn|x|y", noun):
        return "uno"
    return "un"


def french(n: int, noun: str, before: str) -> str | None:
    if noun in NOT_NOUN_SETS["fr"] or n % 10 != 1 or n % 100 == 11 or n % 100 == 71:
        return None
    if romance_gender(noun, "fr") != "f":
        return None
    words = numbers.cardinal(str(n), "fr")
    return None if words is None else re.sub(r"\bun$", "une", words)


def _after_last(words: str, markers: tuple[str, ...]) -> tuple[str, str, str]:
    """Split after the last of `markers` (millions do not agree; what follows does)."""
    best = max((words.rfind(m) + len(m) for m in markers if m in words), default=0)
    return words[:best], "", words[best:]
