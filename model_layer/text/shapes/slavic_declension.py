"""Polish, Czech, Slovak and Slovenian numbers declined into the case a preposition asks
for ("dwóch", "pěti", "piatich", "petih"), feminine where the noun is (`DECLINE`, by language)."""

from __future__ import annotations

import re
from collections.abc import Callable

# --- Polish ------------------------------------------------------------------------

_PL_GEN = {2: "dwóch", 3: "trzech", 4: "czterech", 5: "pięciu", 6: "sześciu", 7: "siedmiu",
           8: "ośmiu", 9: "dziewięciu", 10: "dziesięciu", 11: "jedenastu", 12: "dwunastu",
           13: "trzynastu", 14: "czternastu", 15: "piętnastu", 16: "szesnastu",
           17: "siedemnastu", 18: "osiemnastu", 19: "dziewiętnastu", 20: "dwudziestu",
           30: "trzydziestu", 40: "czterdziestu", 50: "pięćdziesięciu", 60: "sześćdziesięciu",
           70: "siedemdziesięciu", 80: "osiemdziesięciu", 90: "dziewięćdziesięciu", 100: "stu",
           200: "dwustu", 300: "trzystu", 400: "czterystu", 500: "pięciuset",
           600: "sześciuset", 700: "siedmiuset", 800: "ośmiuset", 900: "dziewięciuset"}  # fmt: skip
_PL_DAT_SMALL = {2: "dwóm", 3: "trzem", 4: "czterem"}
_PL_INS_SMALL = {2: "dwoma", 3: "trzema", 4: "czterema", 100: "stoma", 200: "dwustoma",
                 300: "trzystoma", 400: "czterystoma"}  # fmt: skip
_PL_THOUSAND = {"g": ("tysiąca", "tysięcy"), "l": ("tysiącu", "tysiącach"),
                "d": ("tysiącowi", "tysiącom"), "i": ("tysiącem", "tysiącami")}  # fmt: skip


def _pl_part(n: int, case: str) -> str:
    if case == "d" and n in _PL_DAT_SMALL:
        return _PL_DAT_SMALL[n]
    if case == "i":
        if n in _PL_INS_SMALL:
            return _PL_INS_SMALL[n]
        if n < 100:
            return _PL_GEN[n][:-1] + "oma"  # pięciu -> pięcioma, dwudziestu -> dwudziestoma
    return _PL_GEN[n]


def _pl_below_thousand(n: int, case: str) -> list[str] | None:
    words = []
    hundreds, rest = n // 100 * 100, n % 100
    if hundreds:
        words.append(_pl_part(hundreds, case))
    if rest >= 20 and rest % 10:
        words.append(_pl_part(rest // 10 * 10, case))
        rest %= 10
        if rest == 1:
            words.append("jeden")  # "dwudziestu jeden": one in a compound stays
            return words
    if rest == 1:
        return None if not words else [*words, "jeden"]
    if rest:
        words.append(_pl_part(rest, case))
    return words


def polish_forms(n: int, case: str, feminine: bool) -> str | None:
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands:
        one, many = _PL_THOUSAND[case]
        if thousands == 1:
            words.append(one)
        else:
            count = _pl_below_thousand(thousands, case)
            if count is None:
                return None
            words += [*count, many]
    if rest:
        tail = _pl_below_thousand(rest, case)
        if tail is None:
            return None
        words += tail
    said = " ".join(words)
    if feminine and case == "i":
        said = re.sub(r"\bdwoma$", "dwiema", said)
    return said or None


# --- Czech -------------------------------------------------------------------------

_CS_OBLIQUE = {5: "pěti", 6: "šesti", 7: "sedmi", 8: "osmi", 9: "devíti", 10: "deseti",
               11: "jedenácti", 12: "dvanácti", 13: "třinácti", 14: "čtrnácti",
               15: "patnácti", 16: "šestnácti", 17: "sedmnácti", 18: "osmnácti",
               19: "devatenácti", 20: "dvaceti", 30: "třiceti", 40: "čtyřiceti",
               50: "padesáti", 60: "šedesáti", 70: "sedmdesáti", 80: "osmdesáti",
               90: "devadesáti"}  # fmt: skip
_CS_SMALL = {"g": {2: "dvou", 3: "tří", 4: "čtyř"}, "d": {2: "dvěma", 3: "třem", 4: "čtyřem"},
             "l": {2: "dvou", 3: "třech", 4: "čtyřech"},
             "i": {2: "dvěma", 3: "třemi", 4: "čtyřmi"}}  # fmt: skip
_CS_HUNDRED = {"g": ("sta", "set"), "d": ("stu", "stům"), "l": ("stu", "stech"),
               "i": ("stem", "sty")}  # fmt: skip
_CS_THOUSAND = {"g": ("tisíce", "tisíc"), "d": ("tisíci", "tisícům"), "l": ("tisíci", "tisících"),
                "i": ("tisícem", "tisíci")}  # fmt: skip


def _cs_below_hundred(n: int, case: str) -> list[str] | None:
    if n in _CS_SMALL[case]:
        return [_CS_SMALL[case][n]]
    if n in _CS_OBLIQUE:
        return [_CS_OBLIQUE[n]]
    if n % 10 == 1:
        return None  # "dvacet jedna": its gender decides, left as read
    return [_CS_OBLIQUE[n // 10 * 10], *(_cs_below_hundred(n % 10, case) or [])]


def _cs_below_thousand(n: int, case: str) -> list[str] | None:
    hundreds, rest = divmod(n, 100)
    words: list[str] = []
    if hundreds:
        one, many = _CS_HUNDRED[case]
        if hundreds == 1:
            words.append(one)
        else:
            count = _cs_below_hundred(hundreds, case)
            if count is None:
                return None
            words += [*count, many]
    if rest:
        tail = _cs_below_hundred(rest, case) if rest != 1 else None
        if tail is None:
            return None
        words += tail
    return words


def _czech(n: int, case: str, feminine: bool) -> str | None:
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands:
        one, many = _CS_THOUSAND[case]
        if thousands == 1:
            words.append(one)
        else:
            count = _cs_below_thousand(thousands, case)
            if count is None:
                return None
            words += [*count, many]
    if rest:
        tail = _cs_below_thousand(rest, case)
        if tail is None:
            return None
        words += tail
    return " ".join(words) or None


# --- Slovak ------------------------------------------------------------------------

_SK_STEMS = {5: "piat", 6: "šiest", 7: "siedm", 8: "ôsm", 9: "deviat", 10: "desiat",
             11: "jedenást", 12: "dvanást", 13: "trinást", 14: "štrnást", 15: "pätnást",
             16: "šestnást", 17: "sedemnást", 18: "osemnást", 19: "devätnást",
             20: "dvadsiat", 30: "tridsiat", 40: "štyridsiat", 50: "päťdesiat",
             60: "šesťdesiat", 70: "sedemdesiat", 80: "osemdesiat",
             90: "deväťdesiat"}  # fmt: skip
SK_SMALL = {"g": {2: "dvoch", 3: "troch", 4: "štyroch"}, "l": {2: "dvoch", 3: "troch",
             4: "štyroch"}, "d": {2: "dvom", 3: "trom", 4: "štyrom"},
             "i": {2: "dvoma", 3: "troma", 4: "štyrmi"}}  # fmt: skip
_SK_ENDINGS = {"g": "ich", "l": "ich", "d": "im", "i": "imi"}


def _sk_word(n: int, case: str) -> str:
    return SK_SMALL[case].get(n) or _SK_STEMS[n] + _SK_ENDINGS[case]


def _slovak(n: int, case: str, feminine: bool) -> str | None:
    if n >= 100 or n < 2 or n % 10 == 1:
        return None
    if n in SK_SMALL[case] or n in _SK_STEMS:
        return _sk_word(n, case)
    return f"{_sk_word(n // 10 * 10, case)} {_sk_word(n % 10, case)}"  # "šesťdesiatich piatich"


# --- Slovenian ---------------------------------------------------------------------

_SL_STEMS = {5: "pet", 6: "šest", 7: "sedm", 8: "osm", 9: "devet", 10: "deset",
             11: "enajst", 12: "dvanajst", 13: "trinajst", 14: "štirinajst", 15: "petnajst",
             16: "šestnajst", 17: "sedemnajst", 18: "osemnajst", 19: "devetnajst",
             20: "dvajset", 30: "trideset", 40: "štirideset", 50: "petdeset",
             60: "šestdeset", 70: "sedemdeset", 80: "osemdeset", 90: "devetdeset"}  # fmt: skip
_SL_SMALL = {"g": {2: "dveh", 3: "treh", 4: "štirih"}, "l": {2: "dveh", 3: "treh",
             4: "štirih"}, "d": {2: "dvema", 3: "trem", 4: "štirim"},
             "i": {2: "dvema", 3: "tremi", 4: "štirimi"}}  # fmt: skip
_SL_ENDINGS = {"g": "ih", "l": "ih", "d": "im", "i": "imi"}
_SL_UNITS = {1: "ena", 2: "dva", 3: "tri", 4: "štiri", 5: "pet", 6: "šest", 7: "sedem",
             8: "osem", 9: "devet"}  # fmt: skip


def _slovenian(n: int, case: str, feminine: bool) -> str | None:
    if n >= 100 or n < 2:
        return None
    if n in _SL_SMALL[case]:
        return _SL_SMALL[case][n]
    if n in _SL_STEMS:
        return _SL_STEMS[n] + _SL_ENDINGS[case]
    # "petinšestdesetih": the unit as it is said, "in", the tens declined
    return f"{_SL_UNITS[n % 10]}in{_SL_STEMS[n // 10 * 10]}{_SL_ENDINGS[case]}"


DECLINE: dict[str, Callable[[int, str, bool], str | None]] = {
    "pl": polish_forms,
    "cs": _czech,
    "sk": _slovak,
    "sl": _slovenian,
}
