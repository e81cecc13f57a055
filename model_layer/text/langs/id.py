"""Indonesian: the spec, and "ke-3" said "ketiga"."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, Language, LanguageSpec
from model_layer.text.langs.forms import plural_none, word

MONTHS = ("Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus",
          "September", "Oktober", "November", "Desember")  # fmt: skip

_KE = re.compile(r"(?<!\w)ke-?(\d{1,4})(?!\w)")


def _ke_ordinal(text: str) -> str:
    """ "ke-3" -> "ketiga", "ke-1" -> "pertama" (KBBI: ke- forms ordinals)."""
    return _KE.sub(lambda m: numbers.ordinal(int(m.group(1)), "id") or m.group(), text)


_SEN = word("sen")
_UNITS = {
    "km": word("kilometer"), "m": word("meter"), "cm": word("sentimeter"), "mm": word("milimeter"),
    "kg": word("kilogram"), "g": word("gram"), "mg": word("miligram"), "l": word("liter"),
    "ml": word("mililiter"), "km/h": word("kilometer per jam"), "m/s": word("meter per detik"),
    "m2": word("meter persegi"), "km2": word("kilometer persegi"), "h": word("jam"),
    "min": word("menit"), "s": word("detik"), "ms": word("milidetik"), "kWh": word("kilowatt jam"),
    "kW": word("kilowatt"), "W": word("watt"), "TB": word("terabita"), "GB": word("gigabita"),
    "MB": word("megabita"), "GHz": word("gigahertz"), "MHz": word("megahertz"), "Hz": word("hertz"),
    "C": word("derajat Celsius"), "F": word("derajat Fahrenheit"), "deg": word("derajat"),
}  # fmt: skip
_ABBREVIATIONS = {
    "dll.": "dan lain-lain", "dsb.": "dan sebagainya", "yth.": "yang terhormat", "No.": "nomor",
    "Jl.": "jalan", "Bpk.": "Bapak", "Sdr.": "Saudara", "tgl.": "tanggal", "Dr.": "doktor",
}  # fmt: skip
_SCALES = {
    "rb": word("ribu"),
    "jt": word("juta"),
    "rb.": word("ribu"),
    "jt.": word("juta"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="id",
    decimal_word=word("koma"),
    fraction_digits=True,  # "tiga koma satu empat", as decimals are usually read aloud
    plural=plural_none,
    percent=word("persen"),
    currencies={
        "IDR": Currency(word("rupiah")),
        "USD": Currency(word("dolar"), _SEN),
        "EUR": Currency(word("euro"), _SEN),
    },
    currency_symbols={"Rp": "IDR", "Rp.": "IDR"},
    scales=_SCALES,
    months=MONTHS,
    minute_zero="nol",  # "pukul sembilan nol lima"
    time_keywords="pukul|jam",  # "pukul 14.30"
    units=_UNITS,
    range_word="sampai",
    version_word="versi",
    version_keywords="versi|Versi",
    point_word="titik",
    and_word="dan",
    equals_word="sama dengan",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("yth.", "No.", "Jl.", "Bpk.", "Sdr.", "tgl.", "Dr.")),  # never end a sentence
    extra_rules=(_ke_ordinal,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
