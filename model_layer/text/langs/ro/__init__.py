"""Romanian: the spec; "de" before the noun from twenty on, feminine "o"/"două", "al treilea"."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import plural_romanian, word
from model_layer.text.langs.ro import amounts as ro_amounts
from model_layer.text.shapes import day_month, roman

MONTHS = data.words("ro", "months")

# the feminine ordinal ("a doua", "a treia") from num2words' masculine ("al doilea")
_FEMININE_ORDINAL = data.table("ro", "feminine_ordinal")


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
_UNITS = data.nouns("ro", "units")
_ABBREVIATIONS = data.table("ro", "abbreviations")
# Feminine plurals in -i, which the shared agreement rule takes for masculine ones ("doi
# lei"): "două mașini", "douăsprezece cărți". Nouns in -ții, -ăți, -iuni, -ări are feminine.
_FEMININE_I = (
    r"cărți|mașini|săptămâni|luni|nopți|țări|flori|ori|uși|mâini|pâini|sticle|bănci|"
    r"școli|familii|femei|fete|mame|surori|limbi|pagini|imagini|regiuni|unități|"
    r"\w+(?:ții|ăți|iuni|ări)"
)
_TWO_BEFORE_FEMININE_I = re.compile(rf"\b(doi|doisprezece)(\s(?:de\s)?)(?=(?:{_FEMININE_I})\b)")

# "2/3 dintre alegători": două treimi; 1/2 jumătate, 1/4 un sfert, 3/4 trei sferturi.
_FRACTION = re.compile(r"(?<![\w/.,])(\d)/(\d{1,2})(?![\w/]|[.,]\d)(?=\s[^\W\d_])")
_PARTS = {3: ("o treime", "treimi"), 5: ("o cincime", "cincimi"), 6: ("o șesime", "șesimi"),
          7: ("o șeptime", "șeptimi"), 8: ("o optime", "optimi"), 9: ("o noime", "noimi"),
          10: ("o zecime", "zecimi")}  # fmt: skip
# "250 lei/noapte": pe noapte.
_PER_UNIT = re.compile(r"(?<=[\w€%])/(noapte|zi|lună|an|oră|persoană|kg|buc|cameră|km)(?!\w)")


def _fractions(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if not 0 < a < b or (b not in _PARTS and b not in (2, 4)):
            return m.group()
        # "trei sferturi de cană": "de" before a noun, not before "dintre"/"din"
        de = "" if re.match(r"\s(?:de|dintre|din|la|și|sau)\b", m.string[m.end() :]) else " de"
        if (a, b) == (1, 2):
            return "o jumătate" + de
        if b == 4:
            return ("un sfert" if a == 1 else f"{'două' if a == 2 else 'trei'} sferturi") + de
        one, many = _PARTS[b]
        numerator = "două" if a == 2 else numbers.cardinal(str(a), "ro")
        return (one if a == 1 else f"{numerator} {many}") + de

    text = _FRACTION.sub(say, text)
    return _PER_UNIT.sub(lambda m: f" pe {m.group(1)}", text)


def _feminine_twos(text: str) -> str:
    feminine = {"doi": "două", "doisprezece": "douăsprezece"}
    return _TWO_BEFORE_FEMININE_I.sub(lambda m: feminine[m.group(1)] + m.group(2), text)


# "secolul al XIX-lea", "locul al II-lea", "ediția a III-a": a Roman numeral with the
# ordinal's ending is the ordinal, as "al 19-lea" is ("al nouăsprezecelea", "a treia").
_ROMAN_ORDINAL = re.compile(
    r"(?<!\w)(al|a)\s(M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))(-lea|-a)(?!\w)"
)


def _roman_ordinals(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        if not m.group(2) or (m.group(1) == "al") != (m.group(3) == "-lea"):
            return m.group()
        return f"{m.group(1)} {roman.value(m.group(2))}{m.group(3)}"

    return _ROMAN_ORDINAL.sub(say, text) if "-" in text else text


# "Codul de verificare este 482913", "CNP: 1850101123456", "CUI: RO12345678", "cod poștal
# 400001": a code or an identifier is read digit by digit, in the groups it is written
# in, never as a count ("patru sute optzeci și doi de mii ...", "bilion ...").
_CODE_DIGITS = re.compile(
    r"(?<![\w-])(?i:cod(?:ul)?(?:\s(?:de|verificare|confirmare|activare|acces|securitate|"
    r"autentificare|unic|poștal|postal|PIN|dvs\.|tău|dumneavoastră)){0,4}|"
    r"OTP|PIN(?:-ul)?|CNP(?:-ul)?|CUI|CIF)(?:\s*:\s*|\s+este\s+|\s+)((?:RO\s?)?)"
    r"(\d{1,13}(?:[ -]\d{1,8}){0,3})(?![\w.,]\d|[\w-])"
)


def _codes(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        groups = re.split("[ -]", m.group(2))
        said = [numbers.digit_by_digit(g, "ro") for g in groups]
        if sum(len(g) for g in groups) < 4 or None in said:
            return m.group()  # "cod 12": a label, not a code to read out
        prefix = "R O " if m.group(1) else ""
        return m.group()[: m.start(1) - m.start()] + prefix + ", ".join(w for w in said if w)

    return _CODE_DIGITS.sub(say, text) if any(ch.isdigit() for ch in text) else text


# "09:00-18:00": opening hours from one time to the other ("de la nouă la optsprezece";
# after "între": "între nouă și optsprezece"), each read as a time.
_CLOCK = r"(?:[01]?\d|2[0-3])[:.][0-5]\d"
_CLOCK_RANGE = re.compile(
    rf"(?<![\w:.,-])(între\s|de la\s)?({_CLOCK})\s?[-\u2013]\s?({_CLOCK})(?![\w:-]|[.,]\d)"
)


# "S 10:00-14:00", "D: închis": a weekday's letter before a time is the day.
_DAY_BEFORE_CLOCK = re.compile(rf"(?<![\w.-])(S|D|Sâ|Du)\.?(?=:?\s+{_CLOCK})")
_DAY_NAMES = data.table("ro", "day_names")


def _clock_ranges(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        first, last = (t.replace(".", ":") for t in m.group(2, 3))
        if m.group(1) and m.group(1).startswith("între"):
            return f"{m.group(1)}{first} și {last}"
        return f"de la {first} la {last}"

    if ":" not in text and "." not in text:
        return text
    text = _DAY_BEFORE_CLOCK.sub(lambda m: _DAY_NAMES[m.group(1)], text)
    return _CLOCK_RANGE.sub(say, text)


_SCALES = {
    "mil.": word("milion", "milioane", "de milioane", gender="n"),
    "mld.": word("miliard", "miliarde", "de miliarde", gender="n"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="ro",
    decimal_word=word("virgulă", gender=""),  # "trei virgulă paisprezece", "unu virgulă cinci"
    plural=plural_romanian,  # "doi lei", "douăzeci de lei" (GBLR: "de" from 20 on)
    genders={
        "m": {"=unu": "un"},  # "un leu", but "douăzeci și unu de lei"
        "f": {"=unu": "o", "unu": "una", **_TWO_F},  # "o liră", "două ore"
        "n": {"=unu": "un", **_TWO_F},  # neuters count like feminines in the plural: "două grade"
        "hour": _TWO_F,  # "ora unu", "ora două"
    },
    percent=word("la sută"),  # "douăzeci la sută": no "de" before "la sută"
    currencies=data.currencies("ro"),
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
    unit_symbols={"mp": "mp"},
    version_word="versiunea",
    version_keywords="versiunea|Versiunea",
    point_word="punct",
    and_word="și",
    equals_word="egal cu",
    section_word="paragraful",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(data.words("ro", "titles")),  # never end a sentence
    extra_rules=(
        _roman_ordinals,
        _codes,
        _clock_ranges,
        ro_amounts.rule,  # "1,5k", "10-20 lei", "8/10", "1:25:30", "18+", "lei/kg"
        _fractions,
        day_month.rule("ro", r"pe|din|până pe|până la|de pe|începând cu|data de"),  # "pe 5/3"
    ),
    final_rules=(_feminine_twos,),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
