# ruff: noqa: RUF001  (Cyrillic and Latin letters side by side are the data here)
"""How a Roman numeral's number is said in each language: cardinal or ordinal, capitalised in a
ruler's name, in the gender or case its table asks for (the forms roman.py's tables name)."""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.langs import language_module, language_part

# --- number words in the forms the tables ask for ---------------------------------------


def _module_attr(lang: str, name: str) -> Callable[..., str | None] | None:
    return getattr(language_module(lang), name, None)


def _cardinal(n: int, lang: str) -> str | None:
    language = _module_attr(lang, "LANGUAGE")
    if language is not None:
        return language.cardinal(str(n))  # type: ignore[attr-defined, no-any-return]
    return numbers.cardinal(str(n), lang)


def _ordinal(n: int, lang: str) -> str | None:
    own = _module_attr(lang, "ordinal") if lang in ("cs", "sk", "lt", "lv", "tr") else None
    return own(n) if own else numbers.ordinal(n, lang)


def _capital(words: str | None) -> str | None:
    return None if not words else " ".join(w[:1].upper() + w[1:] for w in words.split(" "))


def _ends(words: str | None, endings: tuple[tuple[str, str], ...]) -> str | None:
    """Every word's ending swapped by the first matching (old, new): adjective forms."""
    if words is None:
        return None
    out = []
    for w in words.split(" "):
        for old, new in endings:
            if w.endswith(old):
                w = w[: len(w) - len(old)] + new
                break
        out.append(w)
    return " ".join(out)


_ROMANCE_FEMININE = (("o", "a"),)
_POLISH = {
    "f": (("ci", "cia"), ("i", "a"), ("y", "a")),
    "gen": (("i", "iego"), ("y", "ego")),
    "loc": (("i", "im"), ("y", "ym")),
    "f_gen": (("ci", "ciej"), ("i", "iej"), ("y", "ej")),
}
_CZECH = {"f": (("ý", "á"),), "n": (("ý", "é"),), "gen": (("ý", "ého"), ("í", "ího"))}


def _east_slavic(lang: str) -> Callable[[int, str], str | None]:
    """ru, uk: the ordinal in a case of the module's own tables ("nom", "gen", "loc", "f", "n")."""

    def say(n: int, form: str) -> str | None:
        cases = language_module(lang).CASES  # type: ignore[union-attr]
        return cases.ordinal(n, form)

    return say


def say_for(lang: str) -> Callable[[int, str], str | None]:
    """`say(value, form)`: "card", "ord" (masculine nominative), or a language's forms."""

    def say(n: int, form: str) -> str | None:
        if form == "card":
            return _cardinal(n, lang)
        if lang in ("ru", "uk"):
            return _east_slavic(lang)(n, "nom" if form == "ord" else form)
        words = _ordinal(n, lang)
        if form == "ord" or words is None:
            return words
        if lang in ("it", "es", "pt") and form == "f":
            return _ends(words, _ROMANCE_FEMININE)
        if lang == "pl":
            return _ends(words, _POLISH[form])
        if lang in ("cs", "sk"):
            return _ends(words, _CZECH[form])
        if lang in ("lt", "lv"):  # the module's ordinal with the ending the form names
            own = _module_attr(lang, "ordinal")
            return own(n, form) if own else None
        if lang == "hr":  # our speller's own forms: "n", "m_gen", "m_loc", ...
            return language_part("hr", "spell").ordinal(n, form)  # type: ignore[no-any-return]
        return words

    return say


# --- how a ruler's number is said -------------------------------------------------------


def after_article(
    article: str, lang: str, capital: bool = True, feminine: str = ""
) -> Callable[[int, str], str | None]:
    def regnal(n: int, name: str) -> str | None:
        words = _ordinal(n, lang)
        said = article if not feminine or name not in _GERMAN_QUEENS else feminine
        return None if words is None else f"{said} {_capital(words) if capital else words}"

    return regnal


def capital_ordinal(lang: str, feminine: Callable[[str], bool] | None = None):  # type: ignore[no-untyped-def]
    say = say_for(lang)

    def regnal(n: int, name: str) -> str | None:
        form = "f" if feminine and feminine(name) else "ord"
        return _capital(say(n, form))

    return regnal


# Lithuanian and Latvian: the definite ordinal in the case of the name before it
# ("Mindaugas Antrasis", "Mindaugo Antrojo", "Kārlis Divpadsmitais", "Kārļa
# Divpadsmitā"); the name's ending tells its case and gender.
_LT_REGNAL = (("as", "asis"), ("is", "asis"), ("ys", "asis"), ("us", "asis"), ("ui", "ajam"),
              ("ą", "ąjį"), ("į", "ąjį"), ("ų", "ąjį"), ("yje", "ajame"), ("uje", "ajame"),
              ("os", "osios"), ("ės", "osios"), ("o", "ojo"), ("io", "ojo"), ("aus", "ojo"),
              ("e", "ajame"), ("u", "uoju"), ("a", "oji"), ("ė", "oji"))  # fmt: skip
_LT_KINGS_IN_A = frozenset(("Jogaila", "Jogailos", "Jogailai", "Jogailą"))
_LV_REGNAL = (("is", "ais"), ("s", "ais"), ("š", "ais"), ("im", "ajam"), ("am", "ajam"),
              ("ai", "ajai"), ("ei", "ajai"), ("ī", "ajā"), ("ā", "ajā"), ("ē", "ajā"),
              ("as", "ās"), ("es", "ās"), ("a", "ā"), ("e", "ā"), ("u", "o"),
              ("i", "o"))  # fmt: skip


def baltic_regnal(lang: str) -> Callable[[int, str], str | None]:
    own = _module_attr(lang, "ordinal")

    def regnal(n: int, name: str) -> str | None:
        endings = _LT_REGNAL if lang == "lt" else _LV_REGNAL
        form = next((form for end, form in endings if name.endswith(end)), None)
        if lang == "lt" and name in _LT_KINGS_IN_A:
            form = {"a": "asis", "s": "ojo", "i": "ajam", "ą": "ąjį"}[name[-1]]
        # lv "-a": a king's genitive ("Kārļa") or a queen's nominative ("Katrīna"): both "ā"
        if form is None or own is None:
            return None
        return _capital(own(n, form))

    return regnal


def ordinal_up_to(limit: int, lang: str) -> Callable[[int, str], str | None]:
    """es, pt: "Alfonso décimo", "Felipe sexto", but "Luis catorce" above `limit`."""

    def regnal(n: int, name: str) -> str | None:
        if n > limit:
            return _cardinal(n, lang)
        words = _ordinal(n, lang)
        if words and (feminine_name(name) or name in _ROMANCE_QUEENS):
            words = re.sub(r"o\b", "a", words)  # "Isabel segunda", "Maria segunda"
        return words

    return regnal


# Queens whose names do not end in -a: "Isabel II" is "Isabel segunda".
_ROMANCE_QUEENS = frozenset(("Isabel", "Leonor", "Beatriz", "Inés", "Mercedes", "Elisabeth"))


_GERMAN_QUEENS = frozenset(("Elisabeth", "Maria", "Katharina", "Anna", "Isabella", "Margarethe",
                            "Viktoria", "Christina", "Johanna", "Luise", "Sophie"))  # fmt: skip


def french(n: int, name: str) -> str | None:
    return "premier" if n == 1 else _cardinal(n, "fr")  # "Louis seize", "François premier"


def romanian(n: int, name: str) -> str | None:
    return "întâiul" if n == 1 else _ordinal(n, "ro")  # "Carol întâiul", "Carol al doilea"


def feminine_name(name: str) -> bool:
    return name.endswith(("а", "я", "a"))


def swedish_regnal(n: int, name: str) -> str | None:
    """ "Karl XII" den tolfte; a king is "den förste", "den andre" ("Oskar II"), a queen
    "den första", "den andra" ("Kristina I")."""
    words = _ordinal(n, "sv")
    if words is None:
        return None
    if not feminine_name(name):
        words = re.sub(r"(första|andra)$", lambda m: m.group(1)[:-1] + "e", words)
    return f"den {words}"


def lower(lang: str) -> Callable[[int, str], str | None]:
    return lambda n, name: _ordinal(n, lang)
