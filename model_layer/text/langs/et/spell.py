"""Estonian numbers: cardinals in the nominative and genitive, ordinals in their cases.

Grammar followed: Eesti keele käsiraamat (EKI, 2007), "Arvsõnad": tens and
hundreds are one word (kakskümmend, kolmsada); after 2 and more the noun is in
the partitive singular (kaks miljonit, viis eurot); in a compound ordinal every
member but the last is in the genitive (kahekümne esimene, tuhande
üheksasaja üheksakümne üheksas), and the last carries the case (viiendal).
"""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.spell import decimal_words, digit_words

MINUS = "miinus"
DECIMAL_WORD = "koma"

_UNITS = data.words("et", "spell.units")
_UNITS_GEN = data.words("et", "spell.units_gen")
_ORDINAL_UNITS = data.words("et", "spell.ordinal_units")
# value, nominative after 1, partitive after more, genitive, ordinal
_SCALES = (
    (10**12, "triljon", "triljonit", "triljoni", "triljones"),
    (10**9, "miljard", "miljardit", "miljardi", "miljardes"),
    (10**6, "miljon", "miljonit", "miljoni", "miljones"),
    (10**3, "tuhat", "tuhat", "tuhande", "tuhandes"),
)
# case -> ending after the ordinal's genitive (kolmanda-l). In the terminative and the
# comitative an attribute stays genitive (viienda märtsini), so they add nothing.
CASE_ENDINGS = {"gen": "", "ade": "l", "ine": "s", "ela": "st", "all": "le", "abl": "lt",
                "tra": "ks", "ill": "sse", "ter": "", "com": ""}  # fmt: skip

Member = tuple[str, str, str]  # nominative, genitive, ordinal


def _small(n: int) -> list[Member]:
    members = []
    hundreds, rest = divmod(n, 100)
    if hundreds:
        prefix = (_UNITS[hundreds], _UNITS_GEN[hundreds]) if hundreds > 1 else ("", "")
        members.append((prefix[0] + "sada", prefix[1] + "saja", prefix[1] + "sajas"))
    tens, unit = divmod(rest, 10)
    if rest == 10:
        members.append(("kümme", "kümne", "kümnes"))
    elif tens == 1:
        gen = _UNITS_GEN[unit]
        members.append((_UNITS[unit] + "teist", gen + "teistkümne", gen + "teistkümnes"))
    else:
        if tens:
            gen = _UNITS_GEN[tens]
            members.append((_UNITS[tens] + "kümmend", gen + "kümne", gen + "kümnes"))
        if unit:
            members.append((_UNITS[unit], _UNITS_GEN[unit], _ORDINAL_UNITS[unit]))
    return members


def _members(n: int) -> list[Member]:
    members = []
    for value, one, many, gen, ordinal_word in _SCALES:
        count = n // value if value == _SCALES[0][0] else (n // value) % 1000
        if count:
            if count > 1:
                members.extend(_members(count))
            members.append((one if count == 1 else many, gen, ordinal_word))
    members.extend(_small(n % 1000))
    return members


def cardinal(n: int, case: str = "nom") -> str:
    """`case`: nom or gen (kahe tuhande, as in compound ordinals and "kahe euro eest")."""
    if n < 0:
        return f"{MINUS} {cardinal(-n, case)}"
    if n == 0:
        return _UNITS[0] if case == "nom" else _UNITS_GEN[0]
    return " ".join(member[case == "gen"] for member in _members(n))


def ordinal(n: int, case: str = "nom") -> str:
    """`case`: nom, gen, or one of CASE_ENDINGS (ade: viiendal, ine: viiendas, ...)."""
    if n <= 0:
        return cardinal(n)
    members = _members(n)
    last = members[-1][2]
    if case != "nom":
        # esimene -> esimese, teine -> teise; kolmas -> kolmanda, viies -> viienda
        irregular = last in ("esimene", "teine")
        genitive = last[:-2] + "se" if irregular else last[:-1] + "nda"
        last = genitive + CASE_ENDINGS[case]
    return " ".join([*(member[1] for member in members[:-1]), last])


def digits(digit_string: str) -> str:
    return digit_words(digit_string, _UNITS)


def decimal(int_digits: str, frac_digits: str) -> str:
    return decimal_words(int_digits, frac_digits, cardinal, _UNITS, DECIMAL_WORD)


def year(n: int) -> str:
    return cardinal(n)  # "aastal 1999": the year is said as the number
