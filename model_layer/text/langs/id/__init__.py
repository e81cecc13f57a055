"""Indonesian: the spec, and "ke-3" said "ketiga"."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import plural_none, word
from model_layer.text.langs.id import everyday as id_everyday

MONTHS = data.words("id", "months")

_KE = re.compile(r"(?<!\w)ke-?(\d{1,4})(?!\w)")


def _ke_ordinal(text: str) -> str:
    """ "ke-3" -> "ketiga", "ke-1" -> "pertama" (KBBI: ke- forms ordinals)."""
    return _KE.sub(lambda m: numbers.ordinal(int(m.group(1)), "id") or m.group(), text)


# "08.00-22.00": the dash between two times is "sampai", and each is a time ("pukul").
_TIME_RANGE = re.compile(
    r"(?<![\w.,:])((?:pukul|jam)\s)?((?:[01]?\d|2[0-3])[.:][0-5]\d)\s?[-\u2013]\s?"
    r"(?=(?:[01]?\d|2[0-3])[.:][0-5]\d(?![\d:]|[.,]\d))"
)
# "90-an", "1990-an", "2000-an": a decade is the number with -an (sembilan puluhan).
_DECADE = re.compile(r"(?<![\w.,])(\d{2,4})-an(?!\w)")
# "Tanggal 17/8", "sejak 1/5": day/month after a word of dates; "2/3 pemilih" (a small
# proper fraction before a noun) is "dua pertiga"; 1/2 setengah, 1/4 seperempat.
_SLASH = re.compile(r"(?<![\w/.,])(\d{1,2})/(\d{1,2})(?![\w/]|[.,]\d)")
_DATE_BEFORE = re.compile(
    r"(?:tanggal|tgl\.?|pada|sejak|hingga|sampai|mulai|sebelum|setelah|"
    r"senin|selasa|rabu|kamis|jumat|sabtu|minggu),?\s$",
    re.IGNORECASE,
)
_PER_UNIT = re.compile(
    r"(?<=\w)/(malam|hari|bulan|tahun|jam|orang|porsi|kg|kWh|liter|lembar|unit|pcs|buah|minggu|kamar|pax)(?!\w)"
)

_PER_WORDS = {"kg": "kilogram", "kWh": "kilowatt jam"}


# "Senin-Jumat": Senin sampai Jumat; "31 Des.": a month's short name after a day.
_WEEKDAYS = "Senin|Selasa|Rabu|Kamis|Jumat|Jum'at|Sabtu|Minggu"
_DAY_RANGE = re.compile(rf"(?<!\w)({_WEEKDAYS})\s?[-\u2013]\s?({_WEEKDAYS})(?!\w)")
_SHORT_MONTHS = {"Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "Jun": 6, "Jul": 7, "Agu": 8,
                 "Agt": 8, "Ags": 8, "Sep": 9, "Sept": 9, "Okt": 10, "Nov": 11,
                 "Des": 12}  # fmt: skip
_SHORT_MONTH = re.compile(
    rf"(?<=\d )({'|'.join(sorted(_SHORT_MONTHS, key=len, reverse=True))})"
    r"(?:\.(?=\s+[a-z0-9]))?(?![\w])"
)


def _everyday(text: str) -> str:
    text = _DAY_RANGE.sub(lambda m: f"{m.group(1)} sampai {m.group(2)}", text)
    text = _SHORT_MONTH.sub(lambda m: MONTHS[_SHORT_MONTHS[m.group(1)] - 1], text)

    def time_range(m: re.Match[str]) -> str:
        return f"{m.group(1) or 'pukul '}{m.group(2)} sampai pukul "

    def slash(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        before = m.string[max(0, m.start() - 12) : m.start()]
        after = m.string[m.end() : m.end() + 2]
        if _DATE_BEFORE.search(before):
            if 1 <= a <= 31 and 1 <= b <= 12:
                return f"{cardinal(str(a))} {MONTHS[b - 1]}"
            return m.group()
        if 0 < a < b <= 10 and after[:1] == " " and after[1:].isalpha():
            return _fraction(a, b)
        return m.group()

    text = _TIME_RANGE.sub(time_range, text)
    text = _DECADE.sub(lambda m: f"{cardinal(m.group(1))}an", text)
    text = _SLASH.sub(slash, text)
    return _PER_UNIT.sub(lambda m: f" per {_PER_WORDS.get(m.group(1), m.group(1))}", text)


def cardinal(digits: str) -> str:
    return numbers.cardinal(digits, "id") or digits


def _fraction(a: int, b: int) -> str:
    if b == 2 and a == 1:
        return "setengah"
    denominator = "perempat" if b == 4 else f"per{cardinal(str(b))}"
    return ("se" if a == 1 else f"{cardinal(str(a))} ") + denominator


_UNITS = data.nouns("id", "units")
_ABBREVIATIONS = data.table("id", "abbreviations")
_SCALES = data.nouns("id", "scales")  # written abbreviations of large numbers
# "Jakarta 10220", "Kode Pos 10220": a postal code after the town, said digit by digit.
_POSTAL = re.compile(
    r"((?:,\s[A-Z][a-z]+(?:\s[A-Z][a-z]+)?|(?i:kode\s?pos)\s?:?)\s)(\d{5})(?![\d.,])"
)


def _postal_codes(text: str) -> str:
    return _POSTAL.sub(
        lambda m: m.group(1) + (numbers.digit_by_digit(m.group(2), "id") or m.group(2)), text
    )


SPEC = LanguageSpec(
    code="id",
    decimal_word=word("koma"),
    fraction_digits=True,  # "tiga koma satu empat", as decimals are usually read aloud
    plural=plural_none,
    percent=word("persen"),
    currencies=data.currencies("id"),
    currency_symbols={"Rp": "IDR", "Rp.": "IDR"},
    scales=_SCALES,
    months=MONTHS,
    minute_zero="nol",  # "pukul sembilan nol lima"
    time_keywords="pukul|jam",  # "pukul 14.30"
    units=_UNITS,
    unit_symbols={"gr": "g", "gr.": "g"},
    range_word="sampai",
    version_word="versi",
    version_keywords="versi|Versi",
    point_word="titik",
    and_word="dan",
    equals_word="sama dengan",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("id", "titles")),
    extra_rules=(_ke_ordinal, _postal_codes, id_everyday.everyday, _everyday),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
