"""Arabic everyday text: 12-hour times with ص/م, ranks and floors,
prices per unit, scale words before their noun.

Each rule runs on text whose Arabic-Indic digits are already Western (`ar._prepare`).
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.ar import spell as ar

# "9:30 ص", "10:00 م", "من 9 ص إلى 5 م": ص and م after a time are صباحًا and مساءً.
# After a bare number م is a metre ("الطول 5 م"): it is the evening only after a time with
# minutes, after الساعة, or as the end of a span that ص begins.
_MORNING, _EVENING = "صباحًا", "مساءً"
_HALF = {"ص": _MORNING, "م": _EVENING}
_CLOCK = r"(?:[01]?\d|2[0-3])(?::[0-5]\d)?"
_HALF_SPAN = re.compile(
    rf"(?<![\d.,:])({_CLOCK})\s?([صم])(\s*(?:-|\u2013|إلى|الى|حتى)\s*)({_CLOCK})\s?([صم])(?!\w)"
)
_HALF_AFTER = re.compile(
    r"(?<![\d.,:])((?:[01]?\d|2[0-3]):[0-5]\d)\s?([صم])(?!\w)"
    r"|(?<![\d.,:])(1[0-2]|0?[1-9])\s?(ص)(?!\w)"
    r"|(?<=الساعة )([01]?\d)\s?(م)(?!\w)"
)


def half_days(text: str) -> str:
    def span(m: re.Match[str]) -> str:
        dash = m.group(3).strip() in ("-", "\u2013")
        joint = " إلى " if dash else m.group(3)
        return f"{m.group(1)} {_HALF[m.group(2)]}{joint}{m.group(4)} {_HALF[m.group(5)]}"

    def one(m: re.Match[str]) -> str:
        time = m.group(1) or m.group(3) or m.group(5)
        mark = m.group(2) or m.group(4) or m.group(6)
        return f"{time} {_HALF[mark]}"

    if "ص" not in text and "م" not in text:
        return text
    return _HALF_AFTER.sub(one, _HALF_SPAN.sub(span, text))


# "المركز 1", "الطابق 3", "الحلقة 5": a rank, a floor, a chapter or an episode is said with
# the ordinal (المركز الأول، الحلقة الخامسة), agreeing with the noun, in the genitive after a
# preposition ("في الطابق الثاني والعشرين").
_RANKED = (
    r"المركز|المرتبة|الطابق|الدور|الفصل|الجزء|الحلقة|الموسم|الجولة|الأسبوع|الصف|الشوط|"
    r"المرحلة|الدرس|الباب|الطبعة|الدورة"
)
_RANK = re.compile(rf"(?<!\w)((?:[وبلف])?(?:{_RANKED}) )([1-9]\d?)(?![\d:/\-]|[.,]\d|\s?%)")
_PREPOSITIONS = frozenset(data.words("ar", "everyday.prepositions"))


def ranks(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        noun = m.group(1).strip()
        gender = "f" if noun.endswith("ة") else "m"
        words = ar.ordinal(int(m.group(2)), gender)
        before = m.string[: m.start()].split()
        if noun[0] in "بل" or (before and before[-1] in _PREPOSITIONS):
            words = ar.oblique(words)
        return m.group(1) + words

    return _RANK.sub(say, text)


# "2.33 ريال/لتر", "150 درهم/ليلة": a price per unit is "لكل لتر".
_PER_UNIT = re.compile(
    r"(?<=[\w%])\s?/\s?(لتر|كيلو|كيلوغرام|كغ|كجم|غرام|جرام|متر|م2|ساعة|يوم|ليلة|شهر|سنة|"
    r"أسبوع|شخص|فرد|قطعة|دقيقة)(?!\w)"
)


def per_unit(text: str) -> str:
    return _PER_UNIT.sub(r" لكل \1", text) if "/" in text else text


# "رقم الطلب #45821": the shared code reader says "#" as رقم, already written before it.
_TWICE = re.compile(r"(?<!\w)(رقم(?: [^\W\d_]+)? )رقم (?=\S)")


def number_word_once(text: str) -> str:
    return _TWICE.sub(r"\1", text) if "رقم" in text else text


# "15 مليون دولار", "25 ألف مشجع": a scale word counted by 11-99 is in the accusative
# (خمسة عشر مليونًا), but before the noun it counts it is in construct with it and drops
# its tanween (خمسة عشر مليون دولار); a dual drops its ن (مليونا دولار).
_SCALE_BEFORE_NOUN = re.compile(
    r"(?<!\w)(ألف|مليون|مليار)ًا(?= ([^\W\d_]+))|(?<!\w)(ألفان|مليونان|ملياران)(?= ([^\W\d_]+))"
)
# Nouns in و: after a scale word any other word in و goes on the number (ألفًا وخمسمئة).
_NOUNS_IN_WAW = frozenset(data.words("ar", "everyday.nouns_in_waw"))
# Words after a scale word that are not the noun it counts.
_NOT_COUNTED = frozenset(data.words("ar", "everyday.not_counted"))


def scales_before_nouns(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        following = m.group(2) or m.group(4)
        if following in _NOT_COUNTED or (following[0] == "و" and following not in _NOUNS_IN_WAW):
            return m.group()
        if m.group(1):
            return m.group(1)
        return m.group(3)[:-1]

    return _SCALE_BEFORE_NOUN.sub(say, text)
