"""Hindi: Indian grouping (1,00,000) and scales, rupees and paise, बजे/बजकर times, years.

Readings followed: the usage of Hindi news (आकाशवाणी, दूरदर्शन) and Hindi school
grammar: a date is day + month + year (पंद्रह अगस्त उन्नीस सौ सैंतालीस); a year
from 1100 to 1999 is said in hundreds; "3.5" is "तीन दशमलव पाँच"; a time is
"चौदह बजकर तीस मिनट", a full hour "दस बजे"; ordinals are written 1ला, 2रा,
5वाँ/5वां, 21वीं with their ending (masculine, feminine, oblique). Devanagari
digits (U+0966-U+096F) are read as digits. Numbers come from our own speller
(`langs/hi/spell.py`: num2words has no Hindi).
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.langs.engine import (
    DateParts,
    Language,
    LanguageSpec,
    number_pattern,
)
from model_layer.text.langs.forms import date_from_parts, word
from model_layer.text.langs.hi import everyday as hi_everyday
from model_layer.text.langs.hi import spell as hi

MONTHS = data.words("hi", "months")
_MONTH_SPELLINGS = {"फरवरी": 2, "सितम्बर": 9, "अक्तूबर": 10, "नवम्बर": 11, "दिसम्बर": 12}
_DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
_RUPEE_MARKS = data.words("hi", "rupee_marks")
_YEAR = re.compile(
    r"(?:(?<=सन् )|(?<=सन )|(?<=वर्ष )|(?<=साल ))(1[1-9]\d\d)(?!\d)"
    r"|(?<![\d.,])(1[1-9]\d\d)(?=\s(?:में|से|तक|के|का|की|को|ई\.|ईस्वी)(?!\w))"
)
_ORDINAL_ENDINGS = "ला|ली|ले|रा|री|रे|था|थी|थे|ठा|ठी|ठे|वाँ|वां|वीं|वी|वें|वे"


def _digits(text: str) -> str:
    return text.translate(_DEVANAGARI_DIGITS)


def _rupees_with_scale(text: str) -> str:
    """ "₹5 लाख" is said "पाँच लाख रुपये": the rupee mark moves after the scale word."""
    return _RUPEES_WITH_SCALE.sub(lambda m: f"{m.group('amount')} {m.group('scale')} रुपये", text)


# A match result written with a hyphen ("भारत ने 2-1 से जीता") is said "दो-एक से",
# not as a range ("दो से एक"): a hyphen between two small numbers, then से, in a
# sentence about a match or a vote.
_SPORTS = r"जीत|हार|हराया|हराकर|मैच|मुकाबल|स्कोर|गोल|फ़ाइनल|फाइनल|टीम|वोट|मतों"
_HYPHEN_SCORE = re.compile(r"(?<![\d.,:/-])(\d{1,2})-(\d{1,2})(?=\sसे(?:\s|$))")


def _hyphen_scores(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        sentence = re.split(r"[।.!?]", m.string[max(0, m.start() - 60) : m.start()])[-1]
        sentence += re.split(r"[।.!?]", m.string[m.end() : m.end() + 60])[0]
        if not re.search(_SPORTS, sentence):
            return m.group()
        return f"{hi.cardinal(int(m.group(1)))}-{hi.cardinal(int(m.group(2)))}"

    return _HYPHEN_SCORE.sub(say, text)


# Roman numerals in Hindi text: after a ruler's name the Sanskrit ordinal, as Hindi
# writes them (एलिज़ाबेथ द्वितीय, जॉर्ज पंचम, चार्ल्स तृतीय), above X the Hindi ordinal
# (लुई चौदहवाँ); after a numbering word the number (भाग II -> भाग दो, अध्याय IV -> अध्याय
# चार). Only I, V and X up to XXXIX, after a Devanagari word and not before a Latin one
# ("कहा I love").
_SANSKRIT_ORDINALS = ("", "प्रथम", "द्वितीय", "तृतीय", "चतुर्थ", "पंचम", "षष्ठ", "सप्तम", "अष्टम",
                      "नवम", "दशम")  # fmt: skip
_NUMBERING = r"भाग|अध्याय|खंड|खण्ड|पाठ|चरण|सीज़न|सीजन"
# Rulers' and popes' names as Hindi writes them: only after one of these is a numeral
# a ruler's ("टाइप II", "नाम X" stay).
_RULER_NAMES = """
चार्ल्स एलिज़ाबेथ एलिजाबेथ जॉर्ज हेनरी एडवर्ड लुई विलियम जेम्स रिचर्ड फिलिप फ़िलिप
बेनेडिक्ट जॉन पॉल फ्रांसिस फ़्रांसिस नेपोलियन निकोलस पीटर कैथरीन अलेक्ज़ेंडर अलेक्जेंडर
फ्रेडरिक फ़्रेडरिक विक्टोरिया मैरी ऐनी ग्रेगरी लियो पायस इनोसेंट क्लेमेंट अर्बन सिक्सटस
फर्डिनेंड फ़र्डिनेंड चार्ल्स ओटो रुडोल्फ़ रुडोल्फ कार्ल मुराद मेहमद सुलेमान
"""
_RULERS = frozenset(_RULER_NAMES.split())
_ROMAN_AFTER_WORD = re.compile(
    r"(?<=[\u0900-\u097F] )(?P<num>(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3}))(?![A-Za-z])"
    r"(?!\s+[A-Za-z])"
)
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}
_POSTPOSITIONS = frozenset(data.words("hi", "postpositions"))


def _roman_value(numeral: str) -> int:
    values = [_ROMAN_VALUES[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _roman_numerals(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        n = _roman_value(m.group("num"))
        previous = m.string[: m.start()].split()[-1]
        if re.fullmatch(_NUMBERING, previous):
            return hi.cardinal(n)
        if previous in _RULERS and n <= 10:
            return _SANSKRIT_ORDINALS[n]
        if previous in _RULERS:
            # above ten Hindi says its own ordinal (लुई चौदहवाँ), oblique before a
            # postposition (लुई चौदहवें ने, पोप पायस बारहवें की)
            following = m.string[m.end() :].split(maxsplit=1)
            oblique = bool(following) and following[0] in _POSTPOSITIONS
            return hi.ordinal(n, "obl" if oblique else "m")
        return m.group()

    return _ROMAN_AFTER_WORD.sub(say, text)


# "2-3 दिन", "5-6 किताबें", "10-15 मिनट": an estimate of neighbouring numbers is said
# as a pair, "दो-तीन दिन", not the span "दो से तीन" (which stays for other ranges).
_ESTIMATE = re.compile(r"(?<![\d.,:/-])(\d{1,2})-(\d{1,2})(?=\s[\u0900-\u097F])(?!\sसे\s)")


_NUMBERED_BEFORE = re.compile(r"(?:पेज|पृष्ठ|पन्न[ाे]|अध्याय|खंड|धारा|अनुच्छेद|नंबर|क्रमांक|कक्षा)\s$")


def _estimates(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if not (b == a + 1 or (a % 5 == 0 and b == a + 5 and a >= 5)):
            return m.group()
        if _NUMBERED_BEFORE.search(m.string, 0, m.start()):
            return m.group()  # "पेज 10-15": pages, a span
        return f"{hi.cardinal(a)}-{hi.cardinal(b)}"

    return _ESTIMATE.sub(say, text)


# A PIN code (six digits, the first not 0) after a town or "पिन"/"पिनकोड" is said digit by
# digit: "नई दिल्ली 110001" एक एक शून्य शून्य शून्य एक, not "एक लाख दस हज़ार एक".
_PIN = re.compile(
    r"((?:,\s*[\u0900-\u097F]+(?:\s[\u0900-\u097F]+)?|(?:पिन|पिनकोड|पिन कोड)\s?:?|-)\s?)"
    r"([1-9]\d{5})(?=\s*(?:$|[,।|)\n]))"  # the address ends there: no noun counted after it
)


def _pin_codes(text: str) -> str:
    return _PIN.sub(lambda m: m.group(1) + (hi.digits(m.group(2)) or m.group(2)), text)


# A day/month date without a year, as Indian usage writes it (day first): "1/5 को" is
# "एक मई को"; "3/4 दिसंबर की रात" is the night of the third to the fourth.
_MONTH_NAMES = "|".join((*MONTHS, *_MONTH_SPELLINGS))
_DAY_PAIR = re.compile(rf"(?<![\d.,:/-])(\d{{1,2}})/(\d{{1,2}})(?=\s(?:{_MONTH_NAMES})(?!\w))")
_DAY_MONTH = re.compile(r"(?<![\d.,:/-])(\d{1,2})/(\d{1,2})(?![\d/])(?=\s(?:को|तक|तारीख|से)(?!\w))")


# A cricket score, runs for wickets: "250/4" is "दो सौ पचास पर चार"; "₹105/लीटर" is
# "प्रति लीटर".
_CRICKET = r"रन|विकेट|ओवर|पारी|बल्लेबाज|गेंदबाज|टेस्ट|वनडे|टी20|मैच|स्कोर"
_RUNS_WICKETS = re.compile(r"(?<![\d.,:/-])(\d{1,3})/(\d{1,2})(?![\d/])")
_PER_UNIT = re.compile(
    r"(?<=[\w\u0900-\u097F%₹])/(लीटर|किलो|किलोग्राम|दिन|महीना|माह|घंटा|व्यक्ति|रात|यूनिट|किमी|kg)"
    r"(?![\w\u0900-\u097F])"
)


def _cricket_and_rates(text: str) -> str:
    def runs(m: re.Match[str]) -> str:
        runs_n, wickets = int(m.group(1)), int(m.group(2))
        sentence = re.split(r"[।.!?]", m.string[max(0, m.start() - 60) : m.start()])[-1]
        sentence += re.split(r"[।.!?]", m.string[m.end() : m.end() + 60])[0]
        if wickets > 10 or not re.search(_CRICKET, sentence):
            return m.group()
        return f"{hi.cardinal(runs_n)} पर {hi.cardinal(wickets)}"

    text = _RUNS_WICKETS.sub(runs, text)
    return _PER_UNIT.sub(lambda m: f" प्रति {m.group(1)}", text)


def _slash_days(text: str) -> str:
    def pair(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if not (1 <= a <= 31 and b == a + 1):
            return m.group()
        return f"{hi.cardinal(a)}-{hi.cardinal(b)}"

    def day_month(m: re.Match[str]) -> str:
        day, month = int(m.group(1)), int(m.group(2))
        if not (1 <= day <= 31 and 1 <= month <= 12):
            return m.group()
        return f"{hi.cardinal(day)} {MONTHS[month - 1]}"

    return _DAY_MONTH.sub(day_month, _DAY_PAIR.sub(pair, text))


def _years(text: str) -> str:
    return _YEAR.sub(lambda m: hi.year(int(m.group(1) or m.group(2))), text)


def _date(parts: DateParts) -> str | None:
    words = f"{hi.cardinal(parts.day)} {MONTHS[parts.month - 1]}"
    return f"{words} {hi.year(parts.year)}" if parts.year else words


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    form = "f" if "ी" in suffix else "obl" if "े" in suffix else "m"
    return hi.ordinal(n, form)


_UNITS = data.nouns("hi", "units")

SPEC = LanguageSpec(
    code="hi",
    decimal_point=True,  # 1,00,000.50
    plural=lambda n, fraction: 0 if n == 1 and not fraction else 1,
    percent=word("प्रतिशत"),
    currencies=data.currencies("hi"),
    currency_symbols=dict.fromkeys(_RUPEE_MARKS, "INR"),
    months=MONTHS,
    month_aliases=_MONTH_SPELLINGS,
    date=_date,
    time_format="{h} बजकर {m} मिनट",
    time_format_hour="{h} बजे",
    time_trailer="बजे",  # "7:00 बजे" is said once: "सात बजे"
    ordinal_suffix=_ORDINAL_ENDINGS,
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols={"किमी": "km", "किग्रा": "kg"},
    phone_extra=r"[6-9]\d{4}[ -]?\d{5}",  # mobile numbers: 98765 43210
    range_word="से",
    version_keywords="वर्ज़न|वर्जन|संस्करण",
    point_word="पॉइंट",
    plus_word="प्लस",
    and_word="और",
    equals_word="बराबर",
    abbreviations=data.table("hi", "abbreviations"),
    titles=frozenset(data.words("hi", "titles")),
    # _rupees_with_scale is defined below
    extra_rules=(
        _digits,
        hi_everyday.closed_amounts,
        hi_everyday.clock_halves,
        hi_everyday.year_spans,
        _pin_codes,
        lambda text: _rupees_with_scale(text),
        _hyphen_scores,
        _estimates,
        _slash_days,
        _cricket_and_rates,
        _roman_numerals,
        _years,
    ),
)
_RUPEES_WITH_SCALE = re.compile(
    rf"(?:{'|'.join(re.escape(mark) for mark in _RUPEE_MARKS)})\s?"
    rf"(?P<amount>{number_pattern(SPEC, 'n')})\s(?P<scale>हज़ार|हजार|लाख|करोड़|करोड|अरब|खरब)(?!\w)"
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(day, month, year, full, MONTHS, hi.year, hi.cardinal)
