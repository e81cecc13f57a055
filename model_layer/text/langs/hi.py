"""Hindi: Indian grouping (1,00,000) and scales, rupees and paise, बजे/बजकर times, years.

Readings followed: the usage of Hindi news (आकाशवाणी, दूरदर्शन) and Hindi school
grammar: a date is day + month + year (पंद्रह अगस्त उन्नीस सौ सैंतालीस); a year
from 1100 to 1999 is said in hundreds; "3.5" is "तीन दशमलव पाँच"; a time is
"चौदह बजकर तीस मिनट", a full hour "दस बजे"; ordinals are written 1ला, 2रा,
5वाँ/5वां, 21वीं with their ending (masculine, feminine, oblique). Devanagari
digits (U+0966-U+096F) are read as digits.
"""

from __future__ import annotations

import re

from model_layer.text.langs._rules import (
    Amount,
    Pipeline,
    Spec,
    number_pattern,
    one_or_many,
    spelled,
)
from model_layer.text.langs._rules import western_digits as _western_digits
from model_layer.text.langs.forms import date_from_parts
from model_layer.text.spell import hi

# (singular, plural)
Noun = tuple[str, str]

_MONTHS = ("जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर",
           "अक्टूबर", "नवंबर", "दिसंबर")  # fmt: skip
_MONTH_SPELLINGS = {"फरवरी": 2, "सितम्बर": 9, "अक्तूबर": 10, "नवम्बर": 11, "दिसम्बर": 12}
_RUPEE: Noun = ("रुपया", "रुपये")
_PAISA: Noun = ("पैसा", "पैसे")
_CENT: Noun = ("सेंट", "सेंट")
_RUPEE_MARKS = ("₹", "Rs.", "Rs", "रु.", "रु", "INR")
_CURRENCIES: dict[str, tuple[Noun, Noun | None]] = {
    **dict.fromkeys(_RUPEE_MARKS, (_RUPEE, _PAISA)),
    "$": (("डॉलर", "डॉलर"), _CENT), "USD": (("डॉलर", "डॉलर"), _CENT),
    "€": (("यूरो", "यूरो"), _CENT), "EUR": (("यूरो", "यूरो"), _CENT),
    "£": (("पाउंड", "पाउंड"), None), "GBP": (("पाउंड", "पाउंड"), None),
    "¥": (("येन", "येन"), None), "JPY": (("येन", "येन"), None),
}  # fmt: skip
_KM: Noun = ("किलोमीटर", "किलोमीटर")
_KG: Noun = ("किलोग्राम", "किलोग्राम")
_UNITS: dict[str, Noun] = {
    "km/h": ("किलोमीटर प्रति घंटा", "किलोमीटर प्रति घंटा"), "km": _KM, "किमी": _KM,
    "m": ("मीटर", "मीटर"), "cm": ("सेंटीमीटर", "सेंटीमीटर"), "mm": ("मिलीमीटर", "मिलीमीटर"),
    "kg": _KG, "किग्रा": _KG, "g": ("ग्राम", "ग्राम"), "l": ("लीटर", "लीटर"),
    "ml": ("मिलीलीटर", "मिलीलीटर"), "°C": ("डिग्री सेल्सियस", "डिग्री सेल्सियस"),
    "℃": ("डिग्री सेल्सियस", "डिग्री सेल्सियस"), "°": ("डिग्री", "डिग्री"),
    "min": ("मिनट", "मिनट"),
}  # fmt: skip
_ORDINAL_ENDINGS = "ला|ली|ले|रा|री|रे|था|थी|थे|ठा|ठी|ठे|वाँ|वां|वीं|वी|वें|वे"
# "₹5 लाख" is said "पाँच लाख रुपये": the rupee mark moves after the scale word.
_RUPEES_WITH_SCALE = re.compile(
    rf"(?:{'|'.join(re.escape(mark) for mark in _RUPEE_MARKS)})\s?({number_pattern(False)})"
    r"\s(हज़ार|हजार|लाख|करोड़|करोड|अरब|खरब)(?!\w)"
)
_YEAR = re.compile(
    r"(?:(?<=सन् )|(?<=सन )|(?<=वर्ष )|(?<=साल ))(1[1-9]\d\d)(?!\d)"
    r"|(?<![\d.,])(1[1-9]\d\d)(?=\s(?:में|से|तक|के|का|की|को|ई\.|ईस्वी)(?!\w))"
)


def _prepare(text: str) -> str:
    text = _western_digits(text)
    return _RUPEES_WITH_SCALE.sub(lambda m: f"{m.group(1)} {m.group(4)} रुपये", text)


def _number(value: Amount, following: str) -> str:
    return spelled(value, hi.cardinal, hi.decimal, hi.digits, hi.MINUS)


def _counted(value: Amount, noun: Noun) -> str:
    singular, plural = noun
    return f"{_number(value, '')} {one_or_many(value, singular, plural)}"


def _date(day: int, month: int, year: int | None) -> str:
    words = f"{hi.cardinal(day)} {_MONTHS[month - 1]}"
    return f"{words} {hi.year(year)}" if year else words


def _time(hour: int, minute: int, second: int | None) -> str:
    if not minute and not second:
        return f"{hi.cardinal(hour)} बजे"
    words = f"{hi.cardinal(hour)} बजकर {hi.cardinal(minute)} मिनट"
    return f"{words} {hi.cardinal(second)} सेकंड" if second else words


def _ordinal(m: re.Match[str]) -> str:
    ending = m.group(2)
    form = "f" if "ी" in ending else "obl" if "े" in ending else "m"
    return hi.ordinal(int(m.group(1)), form)


def _year(m: re.Match[str]) -> str:
    return hi.year(int(m.group(1) or m.group(2)))


_PIPELINE = Pipeline(
    Spec(
        decimal_comma=False,
        number=_number,
        counted=_counted,
        digits=hi.digits,
        date=_date,
        time=_time,
        plus="प्लस",
        range_template="{} से {}",
        score_word="",
        version_word="पॉइंट",
        percent=("प्रतिशत", "प्रतिशत"),
        money_template="{} {}",
        currencies=_CURRENCIES,
        units=_UNITS,
        months={**{name: n for n, name in enumerate(_MONTHS, start=1)}, **_MONTH_SPELLINGS},
        symbols={"&": "और", "=": "बराबर"},
        time_suffix=r"(?:\s?बजे(?!\w))?",
        version_lead="वर्ज़न|वर्जन|संस्करण",
        phone_extra=r"(?<!\d)[6-9]\d{4}[ -]?\d{5}(?!\d)",
        passes=(
            (re.compile(rf"(?<![\w.,])(\d+)({_ORDINAL_ENDINGS})(?!\w)"), _ordinal),
            (_YEAR, _year),
        ),
        prepare=_prepare,
    )
)


def normalize(text: str) -> str:
    return _PIPELINE.normalize(text)


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text."""
    return date_from_parts(day, month, year, _date, _MONTHS, hi.year, hi.cardinal)
