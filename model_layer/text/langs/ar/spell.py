"""Arabic numbers (Modern Standard Arabic), replacing num2words' ar paths.

num2words 0.5 gets these wrong (checked): 200, 2000, 2*10^6 come out in the
construct state without their nun (مئتا, ألفا, مليونا for مئتان, ألفان,
مليونان); 11000 is "أحد عشر ألف" (the count noun of 11-99 is accusative:
ألفًا); ordinals above 20 are feminine cardinals (21 -> إحدى و عشرون) and 100th
is the cardinal; the ordinal of 0 is empty; "و" is written apart ("و عشرون").

Grammar followed (Wright, A Grammar of the Arabic Language, §§ 320-335; Ryding,
A Reference Grammar of Modern Standard Arabic, ch. 15): "و" joins every member
(مئة وواحد وعشرون); the count noun after a multiplier is plural for 3-10
(ثلاثة آلاف), accusative singular for 11-99 (أحد عشر ألفًا), genitive singular
for round hundreds (مئة ألف); مئة is spelled without the old alif (مائة).
Cases: "nom" (اثنان، عشرون، ألفان) or "obl" for genitive and accusative
(اثنين، عشرين، ألفين), as after عام and in dates.
"""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.spell import decimal_words, digit_words

MINUS = "سالب"
DECIMAL_WORD = "فاصلة"

_UNITS_M = data.words("ar", "spell.units_m")
_UNITS_F = data.words("ar", "spell.units_f")
_TENS = ("", "", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون")
_HUNDREDS = ("", "مئة", "مئتان", "ثلاثمئة", "أربعمئة", "خمسمئة", "ستمئة", "سبعمئة", "ثمانمئة",
             "تسعمئة")  # fmt: skip
# (singular, dual, plural of 3-10, accusative singular of 11-99)
Noun = tuple[str, str, str, str]
_SCALES: tuple[tuple[int, Noun], ...] = (
    (10**12, ("تريليون", "تريليونان", "تريليونات", "تريليونًا")),
    (10**9, ("مليار", "ملياران", "مليارات", "مليارًا")),
    (10**6, ("مليون", "مليونان", "ملايين", "مليونًا")),
    (10**3, ("ألف", "ألفان", "آلاف", "ألفًا")),
)
_OBLIQUE_WORDS = data.table("ar", "spell.oblique_words")
_OBLIQUE_ENDINGS = (("ون", "ين"), ("ان", "ين"))  # عشرون -> عشرين, مئتان -> مئتين

_ORDINALS_M = ("", "أول", "ثاني", "ثالث", "رابع", "خامس", "سادس", "سابع", "ثامن", "تاسع", "عاشر")
_ORDINALS_F = ("", "أولى", "ثانية", "ثالثة", "رابعة", "خامسة", "سادسة", "سابعة", "ثامنة",
               "تاسعة", "عاشرة")  # fmt: skip


def _oblique(word: str) -> str:
    joined = "و" if word.startswith("و") and word[1:] in _OBLIQUE_WORDS else ""
    if word[len(joined) :] in _OBLIQUE_WORDS:
        return joined + _OBLIQUE_WORDS[word[len(joined) :]]
    for nominative, oblique in _OBLIQUE_ENDINGS:
        if word.endswith(nominative):
            return word[: -len(nominative)] + oblique
    return word


def _below_100(n: int, gender: str) -> str:
    units = _UNITS_F if gender == "f" else _UNITS_M
    if n <= 10:
        return units[n]
    if n < 20:
        if n == 11:
            return "إحدى عشرة" if gender == "f" else "أحد عشر"
        if n == 12:
            return "اثنتا عشرة" if gender == "f" else "اثنا عشر"
        return f"{units[n - 10]} {'عشرة' if gender == 'f' else 'عشر'}"
    tens, unit = divmod(n, 10)
    if not unit:
        return _TENS[tens]
    first = "إحدى" if unit == 1 and gender == "f" else units[unit]
    return f"{first} و{_TENS[tens]}"


def _below_1000(n: int, gender: str) -> list[str]:
    members = []
    if n >= 100:
        members.append(_HUNDREDS[n // 100])
    if n % 100:
        members.append(_below_100(n % 100, gender))
    return members


def counted(n: int, noun: Noun, gender: str = "m", case: str = "nom") -> str:
    """n followed by its noun, in the number's grammar: ريال واحد, ريالان, ثلاثة ريالات..."""
    singular, dual, plural, accusative = noun
    if n == 1:
        return f"{singular} {_UNITS_F[1] if gender == 'f' else _UNITS_M[1]}"
    if n == 2:
        return _oblique(dual) if case == "obl" else dual
    number = cardinal(n, gender, case)
    rest = n % 100
    if 3 <= rest <= 10:
        return f"{number} {plural}"
    if 11 <= rest <= 99:
        return f"{number} {accusative}"
    return f"{number} {singular}"


def _members(n: int, gender: str) -> list[str]:
    members = []
    for value, noun in _SCALES:
        count = n // value if value == _SCALES[0][0] else (n // value) % 1000
        if not count:
            continue
        if count <= 2:
            members.append(noun[count - 1])
        else:
            hundreds, rest = divmod(count, 100)
            if hundreds and rest in (1, 2):  # 101000: مئة ألف وألف
                members.append(counted(hundreds * 100, noun))
                members.append(noun[rest - 1])
            else:
                members.append(counted(count, noun))
    members.extend(_below_1000(n % 1000, gender))
    return members


def cardinal(n: int, gender: str = "m", case: str = "nom") -> str:
    """`gender` of the counted noun (m or f), `case` nom or obl."""
    if n < 0:
        return f"{MINUS} {cardinal(-n, gender, case)}"
    if n == 0:
        return _UNITS_M[0]
    words = " و".join(_members(n, gender))
    return oblique(words) if case == "obl" else words


def oblique(words: str) -> str:
    """The genitive/accusative of spelled numbers: اثنان -> اثنين, عشرون -> عشرين."""
    return " ".join(_oblique(word) for word in words.split(" "))


def ordinal(n: int, gender: str = "m", definite: bool = True) -> str:
    """الأول, الحادي والعشرون, الخامسة عشرة; 101-1099 "... بعد المئة" (the classical form).

    Ordinals of larger, non-round numbers are not said; their cardinal is returned.
    """
    article = "ال" if definite else ""
    head, rest = (n - n % 100, n % 100) if n >= 100 else (0, n)
    head_words = cardinal(head, case="obl") if head else ""
    if n <= 0 or " " in head_words or (head and not rest and " " in cardinal(n)):
        return cardinal(n, gender)
    if head and not rest:
        return article + cardinal(n)
    ordinals = _ORDINALS_F if gender == "f" else _ORDINALS_M
    tens, unit = divmod(rest, 10)
    if rest <= 10:
        words = article + ordinals[rest]
    else:
        first = ("حادية" if gender == "f" else "حادي") if unit == 1 else ordinals[unit]
        if rest < 20:
            words = f"{article}{first} {'عشرة' if gender == 'f' else 'عشر'}"
        elif not unit:
            words = article + _TENS[tens]
        else:
            words = f"{article}{first} و{article}{_TENS[tens]}"
    return f"{words} بعد {article}{head_words}" if head else words


def digits(digit_string: str) -> str:
    return digit_words(digit_string, _UNITS_M)


def decimal(int_digits: str, frac_digits: str) -> str:
    return decimal_words(int_digits, frac_digits, cardinal, _UNITS_M, DECIMAL_WORD, False)


def year(n: int) -> str:
    return cardinal(n, case="obl")  # after عام/سنة, genitive: عام ألفين وأربعة وعشرين
