# ruff: noqa: RUF001, RUF002, RUF003  (Turkish is written with the dotless ı)
"""Turkish: the spec; number words apart ("yirmi bir"), "yüzde" first, suffixes after "'".

num2words writes Turkish numbers as one word ("bindokuzyüzdoksandokuz"); TDK
writes each number word apart (its spelling guide: "bin dokuz yüz doksan dokuz").
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import Language, LanguageSpec
from model_layer.text.langs.forms import plural_none, word
from model_layer.text.langs.tr import amounts as tr_amounts

_NUMBER_WORDS = re.compile(
    "katrilyon|trilyon|milyar|milyon|altmış|yetmiş|seksen|doksan|sekiz|dokuz|yirmi|otuz|kırk|"
    "elli|sıfır|dört|dörd|altı|yedi|bir|iki|üç|beş|yüz|bin|on"
)


def _apart(words: str | None) -> str | None:
    return None if words is None else _NUMBER_WORDS.sub(r" \g<0>", words).strip()


def cardinal(digits: str) -> str | None:
    return _apart(numbers.cardinal(digits, "tr"))


def ordinal(n: int) -> str | None:
    """ "on sekizinci": apart like the cardinals (roman.py reads "XVIII. yüzyıl" with it)."""
    return _apart(numbers.ordinal(n, "tr"))


# Capitalized words an ordinal names: "1. Lig", "2. Dünya Savaşı", "3. Köprü", "5. Cadde".
_ORDINAL_NAMES = re.compile(
    r"\s*(?:Lig|Dünya|Köprü|Cadde|Sokak|Bölge|Ordu|Kolordu|Tümen|Murat|Ahmet|Mehmet|Selim|"
    r"Mahmut|Abdülhamit|Meclis|Cumhurbaşkanı|Kat|Sınıf|Etap|Hafta|Gün|Tur|Yüzyıl)\b"
)


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "3. sınıf" -> "üçüncü sınıf": "3." before a lowercase word, or before a name an
    ordinal is part of ("1. Lig", "2. Dünya Savaşı")."""
    if not after.lstrip()[:1].islower() and not _ORDINAL_NAMES.match(after):
        return None
    return _apart(numbers.ordinal(n, "tr"))


# "45-67. sayfalar": a range of ordinals, both ends ordinals ("kırk beşinci ila ...").
_ORDINAL_RANGE = re.compile(r"(?<![\w.,])(\d{1,4})\s?[-\u2013]\s?(\d{1,4})\.(?=\s+[a-zçğıöşü])")


# "120 km/s", "20-30 km/h": kilometres per hour ("km/s" is kilometre/saat in Turkish), said
# "saatte yüz yirmi kilometre".
_SPEED = re.compile(
    r"(?<![\w.,])(\d+(?:,\d+)?(?:\s?[-\u2013]\s?\d+(?:,\d+)?)?)\s?km/(?:sa|s|h)(?![\w/])"
)


def _speeds(text: str) -> str:
    return _SPEED.sub(r"saatte \1 km", text) if "km/" in text else text


def _ordinal_ranges(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        first, second = ordinal(int(m.group(1))), ordinal(int(m.group(2)))
        if first is None or second is None or int(m.group(1)) >= int(m.group(2)):
            return m.group()
        return f"{first} ila {second}"

    return _ORDINAL_RANGE.sub(say, text) if "." in text else text


_SUFFIXED = re.compile(r"(?<![\w.,%])(\d+)'([a-zçğıöşü]+)")


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
    return _SUFFIXED.sub(
        lambda m: _softened(cardinal(m.group(1)) or m.group(1), m.group(2)) + m.group(2), text
    )


def _softened(word: str, suffix: str) -> str:
    """ "dört" before a vowel is "dörd": "2024'ün" iki bin yirmi dördün, "4'e" dörde."""
    if word.endswith("dört") and suffix[:1] in _VOWELS:
        return word[:-1] + "d"
    return word


def dative(digits: str) -> str:
    """A whole number in the dative: "3" üçe, "4" dörde, "6" altıya ("3x2" üçe iki)."""
    words = cardinal(digits) or digits
    suffix = _harmonized(words, "e")
    return _softened(words, suffix) + suffix


# "1.299,90 TL'dir", "-5°C'ye", "%64,8'e": the suffix was written after a symbol or
# digits; once they are words it joins the last word and follows its harmony, as one
# writes it in full: "kuruştur", "dereceye", "sekize". Only a lowercase word (a
# name keeps its apostrophe: "İstanbul'a").
_SPOKEN_SUFFIX = re.compile(r"(?<![\w'])([a-zçğıöşü]+)'([a-zçğıöşü]+)\b")
_BACK, _ROUNDED = frozenset("aıou"), frozenset("oöuü")
_VOICELESS = frozenset("fstkçşhp")
_VOWELS = frozenset("aeıioöuü")


def _joined(m: re.Match[str]) -> str:
    word, suffix = m.group(1), m.group(2)
    suffix = _harmonized(word, suffix)
    return _softened(word, suffix) + suffix


def _harmonized(word: str, suffix: str) -> str:
    """The suffix fitted to the word: vowel harmony, d/t and c/ç after a voiceless
    consonant, and the buffer letters y, n, s only after a vowel."""
    ends_in_vowel = word[-1] in _VOWELS
    if ends_in_vowel and suffix[0] in _VOWELS:
        suffix = ("n" if re.fullmatch("[ıiuü]n", suffix[:2]) else "y") + suffix
    elif (
        not ends_in_vowel
        and len(suffix) > 1
        and suffix[0] in "yns"
        and suffix[1] in _VOWELS
        and (suffix[0] != "s" or len(suffix) == 2)  # "si" (his), "nin", "ye"; not "sız"
    ):
        suffix = suffix[1:]
    if suffix[0] in "dt":
        suffix = ("t" if word[-1] in _VOICELESS else "d") + suffix[1:]
    elif suffix[0] in "cç":
        suffix = ("ç" if word[-1] in _VOICELESS else "c") + suffix[1:]
    last = next((ch for ch in reversed(word) if ch in _VOWELS), "e")
    out = []
    for ch in suffix:
        if ch in "ea":
            ch = "a" if last in _BACK else "e"
            last = ch
        elif ch in "ıiuü":
            back, rounded = last in _BACK, last in _ROUNDED
            ch = ("u" if back else "ü") if rounded else ("ı" if back else "i")
            last = ch
        out.append(ch)
    return "".join(out)


# "09:00-18:00" is "dokuzdan on sekize", "Pzt-Cuma" "pazartesiden cumaya": from (-dan)
# one to (-a) the other, each suffix in the word's harmony.
_CLOCK = r"(?:[01]?\d|2[0-3])[:.][0-5]\d"
_CLOCK_RANGE = re.compile(rf"(?<![\w:.,])({_CLOCK})\s?[-\u2013]\s?({_CLOCK})(?![\d'’])")
_DAYS = data.table("tr", "days")
_DAY = "|".join(sorted(_DAYS, key=len, reverse=True))
_DAY_RANGE = re.compile(
    rf"(?<!\w)({_DAY})\.?\s?[-\u2013]\s?({_DAY})\b(?:\.(?=\s+[a-zçğıöşü0-9]))?", re.IGNORECASE
)
_BETWEEN = re.compile(r"\s+ara(?:sı|sında|sındaki)\b")
# "Cmt 09:00-13:00": a day's abbreviation alone before a time is the day.
_DAY_BEFORE_CLOCK = re.compile(rf"(?<!\w)({_DAY})\.?(?=:?\s+{_CLOCK})", re.IGNORECASE)


def _clock_words(written: str) -> str:
    hour, minute = (int(p) for p in re.split("[:.]", written))
    words = [cardinal(str(hour)) or str(hour)]
    if minute:
        words += [*(["sıfır"] if minute < 10 else []), cardinal(str(minute)) or str(minute)]
    return " ".join(words)


def _day_before_clock(m: re.Match[str]) -> str:
    day = _DAYS[m.group(1).lower()]
    if day == m.group(1).lower():
        return m.group()  # written in full: as it is
    return day.capitalize() if m.group(1)[0].isupper() else day


def _ranges_from_to(text: str) -> str:
    def from_to(m: re.Match[str], first: str, second: str) -> str:
        if _BETWEEN.match(m.string, m.end()):  # "10:00-22:00 arası": on ile yirmi iki arası
            return f"{first} ile {second}"
        return f"{first}{_harmonized(first, 'dan')} {second}{_harmonized(second, 'a')}"

    def clock(m: re.Match[str]) -> str:
        return from_to(m, _clock_words(m.group(1)), _clock_words(m.group(2)))

    def days(m: re.Match[str]) -> str:
        return from_to(m, _DAYS[m.group(1).lower()], _DAYS[m.group(2).lower()])

    text = _DAY_BEFORE_CLOCK.sub(_day_before_clock, text)
    return _DAY_RANGE.sub(days, _CLOCK_RANGE.sub(clock, text))


# "Doğrulama kodunuz: 482913", "şifreniz 4829'dur", "Posta kodu 34710": a code is read
# digit by digit, in the groups it is written in, never as a count ("dört yüz seksen
# iki bin ..."); a suffix after it joins the last digit ("dokuzdur").
_CODE_DIGITS = re.compile(
    r"(?<!\w)(?i:kod(?:u|unuz|un)?|şifre(?:si|niz|n)?|numaranız|numaran|OTP|PIN)(?:\s*:\s*|\s+)"
    r"(\d{2,8}(?:[ -]\d{2,4}){0,2})(?![\w.,]\d|[\w-])"
)


def _codes(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        groups = re.split("[ -]", m.group(1))
        said = [numbers.digit_by_digit(g, "tr") for g in groups]
        if sum(len(g) for g in groups) < 4 or None in said:
            return m.group()  # "kod 12": a label, not a code to read out
        return m.group()[: m.start(1) - m.start()] + ", ".join(w for w in said if w)

    return _CODE_DIGITS.sub(say, text) if any(ch.isdigit() for ch in text) else text


# "Cumhuriyet Cad. No:12 D:5", "No: 7 K:3": an address's door (numara), flat (daire)
# and floor (kat) glued to their numbers; the abbreviation table only sees "No:" apart.
# (An order number after "No:" was read digit by digit by codes.py before.)
_DOOR = re.compile(
    r"(?<![\w.])No\s?:\s?(?=\d|(?:sıfır|bir|iki|üç|dört|beş|altı|yedi|sekiz|dokuz)\b)"
)
_FLAT_FLOOR = re.compile(r"(?<=\d)(\s+|\s?/\s?)(D|Daire|K|Kat)\s?[:.]\s?(?=\d)")


def _addresses(text: str) -> str:
    if ":" not in text:
        return text
    text = _DOOR.sub("numara ", text)
    return _FLAT_FLOOR.sub(lambda m: " daire " if m.group(2)[0] == "D" else " kat ", text)


MONTHS = data.words("tr", "months")
_UNITS = data.nouns("tr", "units")
_ABBREVIATIONS = data.table("tr", "abbreviations")
SPEC = LanguageSpec(
    code="tr",
    decimal_word=word("virgül"),  # "üç virgül on dört": the fraction as a number
    plural=plural_none,  # no plural after a number: "beş lira"
    cardinal=cardinal,
    percent=word("yüzde"),
    percent_first=True,  # "%50" and "50%" are both said "yüzde elli"
    currencies=data.currencies("tr"),
    currency_symbols={"₺": "TRY", "TL": "TRY"},
    months=MONTHS,
    minute_zero="sıfır",  # "dokuz sıfır beş"
    time_keywords="saat",  # "saat 14.30"
    ordinal_dot=True,
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols=data.table("tr", "unit_symbols"),  # "15 dk" on beş dakika
    range_word="ila",  # "beş ila on"
    version_word="sürüm",
    version_keywords="sürüm|Sürüm",
    point_word="nokta",
    plus_word="artı",
    and_word="ve",
    equals_word="eşittir",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("tr", "titles")),
    scales={w: word(w) for w in ("bin", "milyon", "milyar", "trilyon")},
    extra_rules=(
        _codes,
        _addresses,
        tr_amounts.rule,  # "1,5k", "100 TL - 200 TL", "1:25:30", "18+", "₺/kg"
        _speeds,
        _ordinal_ranges,
        _ranges_from_to,
        _suffixes,
    ),
    final_rules=(lambda text: _SPOKEN_SUFFIX.sub(_joined, text),),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
