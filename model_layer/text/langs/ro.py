"""Romanian: the spec; "de" before the noun from twenty on, feminine "o"/"două", "al treilea"."""

from __future__ import annotations

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, Language, LanguageSpec
from model_layer.text.langs.forms import plural_romanian, word

MONTHS = ("ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august",
          "septembrie", "octombrie", "noiembrie", "decembrie")  # fmt: skip

# the feminine ordinal ("a doua", "a treia") from num2words' masculine ("al doilea")
_FEMININE_ORDINAL = {
    "unulea": "una", "doilea": "doua", "treilea": "treia", "patrulea": "patra",
    "cincilea": "cincea", "șaselea": "șasea", "șaptelea": "șaptea", "optulea": "opta",
    "nouălea": "noua", "zecelea": "zecea",
}  # fmt: skip


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "al 3-lea" -> "al treilea", "a 3-a" -> "a treia"; the article is already written."""
    words = numbers.ordinal(n, "ro")
    if words is None or not words.startswith("al "):
        return None  # 1 is "primul", never written "al 1-lea"
    words = words[3:]
    if suffix == "-lea":
        return words
    head, _, last = words.rpartition(" ")
    if last in _FEMININE_ORDINAL:
        last = _FEMININE_ORDINAL[last]
    elif last.endswith("ilea"):  # "douăzecilea" -> "douăzecea"
        last = last[:-4] + "ea"
    elif last.endswith("lea"):  # "unsprezecelea" -> "unsprezecea"
        last = last[:-3] + "a"
    return f"{head} {last}" if head else last


def _day(n: int, before: str) -> str | None:
    return "întâi" if n == 1 else LANGUAGE.cardinal(str(n))  # "întâi mai", "două mai"


_TWO_F = {"doi": "două", "doisprezece": "douăsprezece"}
_CENT = word("cent", "cenți", "de cenți")
_UNITS = {
    "km": word("kilometru", "kilometri", "de kilometri"), "m": word("metru", "metri", "de metri"),
    "cm": word("centimetru", "centimetri", "de centimetri"),
    "mm": word("milimetru", "milimetri", "de milimetri"),
    "kg": word("kilogram", "kilograme", "de kilograme", gender="n"),
    "g": word("gram", "grame", "de grame", gender="n"), "l": word("litru", "litri", "de litri"),
    "ml": word("mililitru", "mililitri", "de mililitri"),
    "km/h": word("kilometru pe oră", "kilometri pe oră", "de kilometri pe oră"),
    "m2": word("metru pătrat", "metri pătrați", "de metri pătrați"),
    "h": word("oră", "ore", "de ore", gender="f"),
    "min": word("minut", "minute", "de minute", gender="n"),
    "s": word("secundă", "secunde", "de secunde", gender="f"),
    "kWh": word("kilowatt-oră", "kilowați-oră", "de kilowați-oră"),
    "GB": word("gigabyte", "gigabyți", "de gigabyți"),
    "MB": word("megabyte", "megabyți", "de megabyți"),
    "C": word("grad Celsius", "grade Celsius", "de grade Celsius", gender="n"),
    "deg": word("grad", "grade", "de grade", gender="n"),
}  # fmt: skip
_ABBREVIATIONS = {
    "dl.": "domnul", "d-l": "domnul", "dna.": "doamna", "d-na": "doamna", "dr.": "doctor",
    "Dr.": "doctor", "etc.": "etcetera", "nr.": "numărul", "str.": "strada", "p. ex.": "de exemplu",
}  # fmt: skip
_SCALES = {
    "mil.": word("milion", "milioane", "de milioane", gender="n"),
    "mld.": word("miliard", "miliarde", "de miliarde", gender="n"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="ro",
    decimal_word=word("virgulă"),  # "trei virgulă paisprezece"
    plural=plural_romanian,  # "doi lei", "douăzeci de lei" (GBLR: "de" from 20 on)
    genders={
        "m": {"=unu": "un"},  # "un leu", but "douăzeci și unu de lei"
        "f": {"=unu": "o", "unu": "una", **_TWO_F},  # "o liră", "două ore"
        "n": {"=unu": "un", **_TWO_F},  # neuters count like feminines in the plural: "două grade"
        "hour": _TWO_F,  # "ora unu", "ora două"
    },
    percent=word("la sută"),  # "douăzeci la sută": no "de" before "la sută"
    currencies={
        "RON": Currency(word("leu", "lei", "de lei"), word("ban", "bani", "de bani")),
        "EUR": Currency(word("euro", "euro", "de euro"), _CENT),
        "USD": Currency(word("dolar", "dolari", "de dolari"), _CENT),
        "GBP": Currency(
            word("liră", "lire", "de lire", gender="f"), word("penny", "pence", "de pence")
        ),
    },
    currency_symbols={"lei": "RON", "leu": "RON"},
    currency_and="și",
    scales=_SCALES,
    months=MONTHS,
    day=_day,
    time_format="{h} și {m}",  # "ora paisprezece și treizeci"
    hour_gender="hour",
    time_keywords="ora",  # "ora 14.30"
    ordinal_suffix="-lea|-a",
    ordinal=_ordinal,
    units=_UNITS,
    version_word="versiunea",
    version_keywords="versiunea|Versiunea",
    point_word="punct",
    and_word="și",
    equals_word="egal cu",
    section_word="paragraful",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(
        ("dl.", "dna.", "dr.", "Dr.", "nr.", "str.", "p. ex.")
    ),  # never end a sentence
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
