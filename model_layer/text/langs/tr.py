# ruff: noqa: RUF001, RUF002, RUF003  (Turkish is written with the dotless ı)
"""Turkish: the spec; number words apart ("yirmi bir"), "yüzde" first, suffixes after "'".

num2words writes Turkish numbers as one word ("bindokuzyüzdoksandokuz"); TDK
writes each number word apart (its spelling guide: "bin dokuz yüz doksan dokuz").
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, Language, LanguageSpec
from model_layer.text.langs.forms import plural_none, word

_NUMBER_WORDS = re.compile(
    "katrilyon|trilyon|milyar|milyon|altmış|yetmiş|seksen|doksan|sekiz|dokuz|yirmi|otuz|kırk|"
    "elli|sıfır|dört|altı|yedi|bir|iki|üç|beş|yüz|bin|on"
)


def _apart(words: str | None) -> str | None:
    return None if words is None else _NUMBER_WORDS.sub(r" \g<0>", words).strip()


def cardinal(digits: str) -> str | None:
    return _apart(numbers.cardinal(digits, "tr"))


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "3. sınıf" -> "üçüncü sınıf": "3." before a lowercase word."""
    if not after.lstrip()[:1].islower():
        return None
    return _apart(numbers.ordinal(n, "tr"))


_SUFFIXED = re.compile(r"(?<![\w.,])(\d+)'([a-zçğıöşü]+)")


_TIME_SUFFIXED = re.compile(r"(?<![\w:.,])([01]?\d|2[0-3])[:.]([0-5]\d)'([a-zçğıöşü]+)")


def _suffixes(text: str) -> str:
    """ "1999'da" -> "bin dokuz yüz doksan dokuzda": the suffix already follows the spoken word.

    A time too: "10.00'da" -> "onda", "14:30'da" -> "on dört otuzda".
    """

    def time(m: re.Match[str]) -> str:
        minute = int(m.group(2))
        words = [cardinal(str(int(m.group(1))))]
        if minute:
            words += [*(["sıfır"] if minute < 10 else []), cardinal(str(minute))]
        said = [w for w in words if w]
        return m.group() if len(said) < len(words) else " ".join(said) + m.group(3)

    text = _TIME_SUFFIXED.sub(time, text)
    return _SUFFIXED.sub(lambda m: f"{cardinal(m.group(1)) or m.group(1)}{m.group(2)}", text)


MONTHS = ("Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül",
          "Ekim", "Kasım", "Aralık")  # fmt: skip
_SENT = word("sent")
_UNITS = {
    "km": word("kilometre"), "m": word("metre"), "cm": word("santimetre"), "mm": word("milimetre"),
    "kg": word("kilogram"), "g": word("gram"), "mg": word("miligram"), "l": word("litre"),
    "ml": word("mililitre"), "m2": word("metrekare"), "m3": word("metreküp"), "h": word("saat"),
    "min": word("dakika"), "s": word("saniye"), "kWh": word("kilovatsaat"), "kW": word("kilovat"),
    "W": word("vat"), "GB": word("gigabayt"), "MB": word("megabayt"), "TB": word("terabayt"),
    "GHz": word("gigahertz"), "MHz": word("megahertz"), "C": word("santigrat derece"),
    "F": word("Fahrenhayt derece"), "deg": word("derece"),
}  # fmt: skip
_ABBREVIATIONS = {
    "Dr.": "doktor", "Prof.": "profesör", "vb.": "ve benzeri", "vs.": "vesaire",
    "örn.": "örneğin", "No.": "numara", "Sn.": "sayın", "bkz.": "bakınız", "Av.": "avukat",
}  # fmt: skip
SPEC = LanguageSpec(
    code="tr",
    decimal_word=word("virgül"),  # "üç virgül on dört": the fraction as a number
    plural=plural_none,  # no plural after a number: "beş lira"
    cardinal=cardinal,
    percent=word("yüzde"),
    percent_first=True,  # "%50" and "50%" are both said "yüzde elli"
    currencies={
        "TRY": Currency(word("lira"), word("kuruş")),
        "EUR": Currency(word("avro"), _SENT),
        "USD": Currency(word("dolar"), _SENT),
        "GBP": Currency(word("sterlin"), word("peni")),
    },
    currency_symbols={"₺": "TRY", "TL": "TRY"},
    months=MONTHS,
    minute_zero="sıfır",  # "dokuz sıfır beş"
    time_keywords="saat",  # "saat 14.30"
    ordinal_dot=True,
    ordinal=_ordinal,
    units=_UNITS,
    range_word="ila",  # "beş ila on"
    version_word="sürüm",
    version_keywords="sürüm|Sürüm",
    point_word="nokta",
    plus_word="artı",
    and_word="ve",
    equals_word="eşittir",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("Dr.", "Prof.", "örn.", "No.", "Sn.", "bkz.", "Av.")),  # never end a sentence
    extra_rules=(_suffixes,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
