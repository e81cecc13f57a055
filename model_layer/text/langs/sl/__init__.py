"""Slovenian: the spec; singular, dual, plural and genitive plural after numbers.

Rules followed (Slovenski pravopis 2001; Jezikovna svetovalnica ZRC SAZU): a
date is a genitive ordinal ("petega marca"); "ob" takes the locative of the
hour ("ob štirinajstih trideset"); "3,5" is "tri cele pet" (cela, celi, cele,
celih by the whole number, like any feminine noun).
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import central_slavic, data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import inflect, last_word, plural_slovenian, word
from model_layer.text.langs.sl import amounts as sl_amounts
from model_layer.text.shapes import time_spans

MONTHS = data.words("sl", "months")
MONTH_NAMES = data.words("sl", "month_names")
_LOCATIVE_HOURS = data.table("sl", "locative_hours")


def _date(parts: DateParts) -> str | None:
    day = numbers.ordinal(parts.day, "sl")
    if day is None:
        return None
    said = f"{inflect(day, (('i', 'ega'),))} {MONTHS[parts.month - 1]}"
    year = LANGUAGE.cardinal(str(parts.year)) if parts.year else None
    return f"{said} {year}" if year else said


def _hour(h: int, before: str) -> str | None:
    """After "ob" the locative: "ob dveh", "ob štirinajstih"; otherwise the cardinal."""
    words = LANGUAGE.number(str(h), None, "f")
    word_before = last_word(before).lower()
    if words is None or word_before not in ("ob", "od", "do", "okoli", "okrog") or h == 0:
        return words
    # "od osmih do šestnajstih": the genitive, which is the locative's form but for "ene"
    if words == "ena" and word_before != "ob":
        return "ene"
    return _LOCATIVE_HOURS.get(words) or f"{words}ih"


# "v 2. nadstropju", "v 90. letih", "2. svetovna vojna": an ordinal written with a period
# takes the form its noun asks for, read from the preposition and the next word's ending.
_ORDINAL_FORMS = {
    "f": (("i", "a"),), "n": (("i", "o"),), "gen": (("i", "ega"),), "dat": (("i", "emu"),),
    "loc": (("i", "em"),), "ins": (("i", "im"),), "f_gen": (("i", "e"),), "f_loc": (("i", "i"),),
    "f_ins": (("i", "o"),), "pl": (("i", "ih"),), "pl_ins": (("i", "imi"),),
}  # fmt: skip
_LOC = frozenset(data.words("sl", "loc"))
_GEN = frozenset(data.words("sl", "gen"))
_DAT = frozenset(data.words("sl", "dat"))
_INS = frozenset(data.words("sl", "ins"))
_NEXT_FORMS = (("ega", "gen"), ("emu", "dat"), ("imi", "pl_ins"), ("ih", "pl"), ("ah", "pl"),
               ("em", "loc"), ("im", "ins"))  # fmt: skip
_SECOND_ORDINAL = re.compile(r"\s\d{1,3}\.\s([a-zčšž]+)")
_ORDINAL_BEFORE_WORD = re.compile(r"(?<![\w.,])(\d{1,3})\.\s(?=([a-zčšž]+))")


def _ordinal_form(preposition: str, following: str) -> str:
    for ending, form in _NEXT_FORMS:
        if following.endswith(ending) and len(following) > len(ending) + 2:
            return form
    if preposition in _LOC:
        if following.endswith(("u", "ju")):
            return "loc"
        return "f_loc" if following.endswith("i") else "loc"
    if preposition in _GEN:
        return "f_gen" if following.endswith("e") else "gen"
    if preposition in _DAT:
        return "f_loc" if following.endswith("i") else "dat"
    if preposition in ("s", "z") and following.endswith(("a", "e")):
        # "s 3. tira", "z 2. postaje": from, the genitive (with: "s 3. razredom")
        return "f_gen" if following.endswith("e") else "gen"
    if preposition in _INS:
        return "f_ins" if following.endswith("o") else "ins"
    if following.endswith("a"):
        return "f"
    if following.endswith(("o", "e")):
        return "n"
    return "m"


def _ordinals_before_words(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        following = m.group(2)
        if following in MONTHS or following in MONTH_NAMES:
            return m.group()  # a date: the date rule reads it
        words = numbers.ordinal(int(m.group(1)), "sl")
        if words is None:
            return m.group()
        if following in ("do", "in", "ali"):
            # "od 8. do 20. ure": the first takes the form of the noun after the second
            later = _SECOND_ORDINAL.match(m.string, m.end(2))
            following = later.group(1) if later else following
        form = _ordinal_form(last_word(m.string[: m.start()]).lower(), following)
        return (inflect(words, _ORDINAL_FORMS[form]) if form in _ORDINAL_FORMS else words) + " "

    return _ORDINAL_BEFORE_WORD.sub(say, text)


# "pon.-pet." (hyphen or en dash): od ponedeljka do petka; "80 €/noč": na noč;
# "2/3 volivcev": dve tretjini.
_DAYS_FROM = data.table("sl", "days_from")
_DAY = "(pon|tor|sre|čet|pet|sob|ned)"
_DAY_RANGE = re.compile(rf"(?<!\w){_DAY}\.?\s?[-\u2013]\s?{_DAY}(?:\.(?=\s+[a-z0-9]))?(?![\w])")
_PER_UNIT = re.compile(r"(?<=[\w€%])/(noč|dan|mesec|leto|uro|osebo|kos|kg)(?!\w)")


def _everyday(text: str) -> str:
    text = _DAY_RANGE.sub(
        lambda m: f"od {_DAYS_FROM[m.group(1)]} do {_DAYS_FROM[m.group(2)]}", text
    )
    text = _PER_UNIT.sub(lambda m: f" na {'kilogram' if m.group(1) == 'kg' else m.group(1)}", text)
    return _ordinals_before_words(text)


_UNITS = data.nouns("sl", "units")
_ABBREVIATIONS = data.table("sl", "abbreviations")
# Words before a number that names (read digit by digit): company and tax numbers, the
# personal number, bank accounts and payment references, orders and parcels.
_IDS = (
    r"matična številka|matične številke|davčna številka|davčne številke|ID za DDV|EMŠO|TRR|"
    r"sklic\w*|naročil\w*|račun\w*|pošiljk\w*|paket\w*|rezervacij\w*|pogodb\w*"
)
_SCALES = {
    "mio.": word("milijon", "milijona", "milijoni", "milijonov"),
    "mrd.": word("milijarda", "milijardi", "milijarde", "milijard", gender="f"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="sl",
    decimal_word=word("cela", "celi", "cele", "celih", gender="f"),  # "tri cele štirinajst"
    plural=plural_slovenian,  # en evro, dva evra, trije evri, pet evrov
    genders={
        "m": {"ena": "en", "dve": "dva", "tri": "trije", "štiri": "štirje"},
        "f": {},
        "n": {"ena": "eno"},
    },
    percent=word("odstotek", "odstotka", "odstotki", "odstotkov"),
    currencies=data.currencies("sl"),
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    date=_date,
    hour=_hour,
    minute_zero="nič",  # "devet nič pet"
    # "ob 15.30": a time, not "petnajst celih trideset"
    time_keywords="ob|od|do|okoli|okrog|Ob|Od|Do|Okoli",
    units=_UNITS,
    range_word="do",  # "pet do deset"
    version_word="različica",
    version_keywords="različica|različice|Različica",
    point_word="pika",
    and_word="in",
    equals_word="je enako",
    section_word="člen",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("sl", "titles")),
    extra_rules=(
        central_slavic.id_rule(_IDS, "sl", codes=r"kod[aoei]?|PIN"),
        central_slavic.time_span_rule("od", "do", ("med", "in")),
        sl_amounts.rule,
        central_slavic.west_range_rule("sl", "do"),
        time_spans.hour_word_after_time_rule("uri|h"),
        _everyday,
    ),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
