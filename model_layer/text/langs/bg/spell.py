"""Bulgarian numbers: gender of 1 and 2, "и" before the last member, ordinals in every form.

Grammar followed: Правописен речник на българския език (БАН, 2012), numerals:
"и" joins the last two members (сто двадесет и пет, хиляда и сто, един милион и
двеста хиляди); хиляда is feminine (две хиляди), милион/милиард masculine; a year
is said as a feminine ordinal (две хиляди двадесет и четвърта година).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001, RUF002, RUF003

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.spell import below_thousand, decimal_words, digit_words, scale_ordinal

MINUS = "минус"
DECIMAL_WORD = "цяло и"  # "3,5" is "три цяло и пет", as news readers say it

_UNITS = data.words("bg", "spell.units")
_ONE_TWO = {"m": ("един", "два"), "f": ("една", "две"), "n": ("едно", "две")}
_DIGITS = (_UNITS[0], *_ONE_TWO["n"], *_UNITS[3:])  # digits are counted aloud: едно, две
_TEENS = data.words("bg", "spell.teens")
_TENS = ("", "", "двадесет", "тридесет", "четиридесет", "петдесет", "шестдесет",
         "седемдесет", "осемдесет", "деветдесет")  # fmt: skip
_HUNDREDS = ("", "сто", "двеста", "триста", "четиристотин", "петстотин", "шестстотин",
             "седемстотин", "осемстотин", "деветстотин")  # fmt: skip
_SCALES = ((10**12, "трилион", "трилиона"), (10**9, "милиард", "милиарда"),
           (10**6, "милион", "милиона"))  # fmt: skip

_ORDINAL_UNITS = ("", "първи", "втори", "трети", "четвърти", "пети", "шести", "седми", "осми",
                  "девети")  # fmt: skip
# Endings that replace the masculine "-и" / "-ен": indefinite and definite forms.
_FORM_ENDINGS = data.table("bg", "spell.form_endings")
FORMS = frozenset(_FORM_ENDINGS)


def _small(n: int, gender: str) -> list[str]:
    """The members of 1..999: hundreds, tens, units (teens are one member)."""
    return below_thousand(n, _HUNDREDS, _TEENS, _TENS, lambda unit: _unit(unit, gender))


def _unit(unit: int, gender: str) -> str:
    return _ONE_TWO[gender][unit - 1] if unit <= 2 else _UNITS[unit]


def _joined(members: list[str]) -> str:
    """ "и" before the last member, unless that member already has its own."""
    if len(members) > 1 and " и " not in f" {members[-1]} ":
        members = [*members[:-1], "и", members[-1]]
    return " ".join(members)


def _members(n: int, gender: str) -> list[str]:
    members = []
    for value, one, many in _SCALES:
        count = n // value if value == _SCALES[0][0] else (n // value) % 1000
        if count:
            words = cardinal(count, "m")
            members.append(f"{words} {one if count == 1 else many}")
    thousands = (n // 1000) % 1000
    if thousands == 1:
        members.append("хиляда")
    elif thousands:
        members.append(f"{_joined(_small(thousands, 'f'))} хиляди")
    members.extend(_small(n % 1000, gender))
    return members


def cardinal(n: int, gender: str = "n") -> str:
    """`gender` m/f/n for 1 and 2; neuter is the form of counting aloud (едно, две, три)."""
    if n < 0:
        return f"{MINUS} {cardinal(-n, gender)}"
    if n == 0:
        return _UNITS[0]
    return _joined(_members(n, gender))


_UNIT_ORDINALS = {**dict(zip(_UNITS[1:], _ORDINAL_UNITS[1:], strict=True)),
                  "една": "първи", "едно": "първи", "две": "втори"}  # fmt: skip
_SCALE_ORDINALS = data.table("bg", "spell.scale_ordinals")


def _ordinal_member(member: str) -> str:
    """The masculine ordinal of a number's last member (двадесет и пет хиляди -> ...петхиляден)."""
    if member in _UNIT_ORDINALS:
        return _UNIT_ORDINALS[member]
    if member.endswith("десет"):
        return member + "и"
    if member in _HUNDREDS:
        special = {"сто": "стотен", "двеста": "двестотен", "триста": "тристотен"}
        return special.get(member, member.removesuffix("стотин") + "стотен")
    return scale_ordinal(member, _SCALE_ORDINALS, silent_one="един")  # милионен, not едномилионен


def ordinal(n: int, form: str = "m") -> str:
    """`form`: m, f, n, pl, or their definite m_def, m_def_short, f_def, n_def, pl_def."""
    if n <= 0:
        return cardinal(n)
    members = _members(n, "m")
    word = _ordinal_member(members[-1])
    if form != "m":
        head, last = word.rsplit(" ", 1) if " " in word else ("", word)
        stem = last[:-1] if last.endswith("и") else last[:-2] + "н"
        word = f"{head} {stem}{_FORM_ENDINGS[form]}".strip()
    return _joined([*members[:-1], word])


def digits(digit_string: str) -> str:
    return digit_words(digit_string, _DIGITS)


def decimal(int_digits: str, frac_digits: str) -> str:
    # The whole part agrees with "цяло", a neuter: едно цяло, две цяло.
    return decimal_words(int_digits, frac_digits, cardinal, _DIGITS, DECIMAL_WORD)


def year(n: int) -> str:
    return ordinal(n, "f")


# Nouns whose ending misleads the rule below: masculine plurals in -и, neuter plurals in -а.
_NOUN_GENDERS = data.table("bg", "spell.noun_genders")


def noun_gender(noun: str, n: int) -> str:
    """The gender a noun after the number asks for, from its ending.

    After 1 the noun is singular: a consonant ends a masculine (един лев), -а/-я a
    feminine (една минута), -о/-е a neuter (едно евро). After more the noun is a
    plural or the masculine count form: -и is feminine or plural (две минути),
    -а/-я the masculine count form (два лева), -ета a neuter plural (две момичета).
    """
    word = noun.lower()
    if word in _NOUN_GENDERS:
        return _NOUN_GENDERS[word]
    last = word[-1:]
    if n == 1:
        if last in "ая":
            return "f"
        return "n" if last in "оеу" else "m"
    if word.endswith("ета") or last not in "аяи":
        return "n"
    return "m" if last in "ая" else "f"
