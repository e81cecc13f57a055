"""Make the model read what people write: numbers, money, dates, times, symbols.

The model has no normalizer of its own, so "$5.50" or "14:30" come out as
noise. `normalize_text` rewrites them as words in the target language, using
num2words (see `numbers.py` for its coverage). Where a language has no rule or
num2words cannot say a number, the digits stay as written: never an error.
The caller's lexicon entries pass through untouched; "<" and ">" are plain text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from model_layer.text import numbers
from model_layer.text.langs import normalizer_for
from model_layer.text.lexicon import is_shouting, protected_pattern, spell_acronyms

# Languages that write 1,234.5; the others write 1.234,5 (or 1 234,5 with a
# non-breaking space), and also accept "3.5" as a decimal when it is no group.
_DECIMAL_POINT = frozenset({"en", "ko", "ja", "ar", "hi", "na"})


def _num(name: str, decimal_point: bool) -> str:
    """A number with named groups `<name>i` (integer part) and `<name>f` (fraction)."""
    if decimal_point:
        return rf"(?P<{name}i>\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.(?P<{name}f>\d+))?(?!\d)"
    return rf"(?P<{name}i>\d{{1,3}}(?:[.\u00a0\u202f]\d{{3}})+|\d+)(?:[,.](?P<{name}f>\d+))?(?!\d)"


def _say(m: re.Match[str], name: str, lang: str, negative: bool = False) -> str | None:
    int_digits = re.sub(r"\D", "", m.group(f"{name}i"))
    frac = m.group(f"{name}f")
    words = numbers.decimal(int_digits, frac, lang) if frac else numbers.cardinal(int_digits, lang)
    return numbers.signed(words, negative, lang)


_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")  # fmt: skip
_MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
              "September", "Oktober", "November", "Dezember")  # fmt: skip
_MONTH_EN = "|".join(_MONTHS_EN)
_MONTH_DE = "|".join(_MONTHS_DE)

_CURRENCY_SYMBOLS = {"$": "USD", "£": "GBP", "€": "EUR", "¥": "JPY", "₩": "KRW"}
_CODES = "USD|EUR|GBP|JPY|KRW"
# en names: (unit, units, subunit, subunits); num2words' en says "euro" for plural.
_CURRENCY_EN = {
    "USD": ("dollar", "dollars", "cent", "cents"),
    "EUR": ("euro", "euros", "cent", "cents"),
    "GBP": ("pound", "pounds", "penny", "pence"),
    "JPY": ("yen", "yen", "", ""),
    "KRW": ("won", "won", "", ""),
}
_SCALES_EN = "thousand|million|billion|trillion"

_PERCENT = {
    "en": "percent", "de": "Prozent", "fr": "pour cent", "es": "por ciento",
    "it": "per cento", "pt": "por cento", "nl": "procent", "sv": "procent",
    "da": "procent", "fi": "prosenttia", "pl": "procent", "cs": "procent",
    "sk": "percent", "sl": "odstotkov", "hr": "posto", "hu": "százalék",
    "ro": "la sută", "ru": "процентов", "uk": "відсотків", "bg": "процента",
    "el": "τοις εκατό", "id": "persen", "vi": "phần trăm", "ko": "퍼센트",
    "ja": "パーセント", "ar": "بالمئة", "hi": "प्रतिशत", "lt": "procentų",
    "lv": "procenti", "et": "protsenti",
}  # fmt: skip
_PERCENT_FIRST = {"tr": "yüzde"}  # Turkish says (and writes) the percent before the number

# and, plus, equals, degrees, degrees Celsius, degrees Fahrenheit
_SYMBOL_WORDS = {
    "en": ("and", "plus", "equals", "degrees", "degrees Celsius", "degrees Fahrenheit"),
    "de": ("und", "plus", "gleich", "Grad", "Grad Celsius", "Grad Fahrenheit"),
    "fr": ("et", "plus", "égale", "degrés", "degrés Celsius", "degrés Fahrenheit"),
    "es": ("y", "más", "igual a", "grados", "grados Celsius", "grados Fahrenheit"),
    "it": ("e", "più", "uguale a", "gradi", "gradi Celsius", "gradi Fahrenheit"),
    "pt": ("e", "mais", "igual a", "graus", "graus Celsius", "graus Fahrenheit"),
    "nl": ("en", "plus", "is gelijk aan", "graden", "graden Celsius", "graden Fahrenheit"),
}
_HOUR_WORD = {"de": "Uhr", "fr": "heures", "nl": "uur"}

Rule = Callable[[str, str], str]


class _Patterns:
    """The regexes of one number style, compiled once at import."""

    def __init__(self, decimal_point: bool) -> None:
        def num(name: str) -> str:
            return _num(name, decimal_point)

        self.currency_before = re.compile(
            rf"(?<!\w)(?:(?P<sym>[$£€¥₩])|(?P<code>{_CODES})\s?)\s?{num('c')}"
            rf"(?:\s(?P<scale>{_SCALES_EN})\b)?"
        )
        self.currency_after = re.compile(
            rf"(?<!\w){num('c')}\s?(?:(?P<sym>[$£€¥₩])|(?P<code>{_CODES})\b)"
        )
        self.percent = re.compile(rf"(?<!\w)(?P<neg>[-\u2212])?{num('p')}\s?%")
        self.percent_first = re.compile(rf"%\s?{num('p')}")
        self.number = re.compile(rf"(?<!\w)(?P<neg>[-\u2212](?=\d))?{num('n')}")


_POINT_STYLE = _Patterns(decimal_point=True)
_COMMA_STYLE = _Patterns(decimal_point=False)

_ISO_DATE = re.compile(r"(?<![\w-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])")
_DOTTED_DATE = re.compile(r"(?<![\w.])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(\d{4})(?![\w])")
_TIME_EN = re.compile(
    r"(?<![\w:])([01]?\d|2[0-3])(?::([0-5]\d)(?::([0-5]\d))?)?"
    r"(?:\s?(?P<ampm>[AaPp])\.?[Mm](?:\.(?=\s[a-z]))?(?!\w))?(?![\w:])"
)
_TIME = re.compile(r"(?<![\w:])([01]?\d|2[0-3]):([0-5]\d)(?![\w:])")
_ORDINAL_EN = re.compile(r"(?<!\w)(\d+)(st|nd|rd|th)\b")
_ORDINAL_FR = re.compile(r"(?<!\w)(\d+)(er|re|e|ème|eme)\b")
_ORDINAL_ROMANCE = re.compile(r"(?<!\w)(\d+)\.?([ºª])")
_ORDINAL_DE_DATE = re.compile(rf"(?<!\w)(\d{{1,2}})\.\s(?=(?:{_MONTH_DE})\b)")
_DE_DATIVE_BEFORE = re.compile(r"\b(?:am|vom|zum|beim|dem|den)\s$")
_MONTH_DAY_EN = re.compile(
    rf"\b({_MONTH_EN})\s(\d{{1,2}})(?:st|nd|rd|th)?\b(?!:)(?:,?\s(\d{{4}})\b(?![.,]\d))?"
)
_YEAR_EN = re.compile(
    r"\b((?:(?i:in|since|from|until|till|by|of|during|before|after|around|circa|year)"
    rf"|{_MONTH_EN}),?\s)([12]\d{{3}})\b(?![.,]\d)"
)
_DECADE_EN = re.compile(r"(?<!\w)(?:(1\d|20)|')?(\d)0s\b")
_YEAR_DE = re.compile(
    rf"\b((?:im Jahre?|seit|bis|von|ab|um|anno|Anfang|Mitte|Ende|{_MONTH_DE})\s)(1[1-9]\d\d)\b"
    r"(?![.,]\d)"
)
_CELSIUS = re.compile(r"\s*(?:°\s?C|℃)(?![A-Za-z])")
_FAHRENHEIT = re.compile(r"\s*(?:°\s?F|℉)(?![A-Za-z])")
_DEGREES = re.compile(r"(?<=\d)\s*°")
_AMPERSAND = re.compile(r"\s*&\s*")
_PLUS = re.compile(r"(?<=\d)\s*\+\s*(?=\d)")
_EQUALS = re.compile(r"(?<=[\w)])\s*=\s*(?=[\w(])")


def normalize_text(text: str, lang: str, lexicon: Mapping[str, str] | None = None) -> str:
    """Rewrite numbers, currency, dates, times, symbols and (en) acronyms as words.

    `lexicon` maps a word to its replacement (whole word, case-sensitive); it is
    applied first and its output is not rewritten further.
    """
    lexicon = lexicon or {}
    shouting = is_shouting(text)
    out: list[str] = []
    pos = 0
    for m in protected_pattern(lexicon).finditer(text):
        out.append(_normalize_plain(text[pos : m.start()], lang, shouting))
        out.append(lexicon[m.group()])
        pos = m.end()
    out.append(_normalize_plain(text[pos:], lang, shouting))
    return "".join(out)


def _normalize_plain(text: str, lang: str, shouting: bool) -> str:
    if not text:
        return text
    own = normalizer_for(lang)
    if own is not None:
        return own(text)
    for rule in _RULES:
        text = rule(text, lang)
    if lang == "en" and not shouting:
        text = spell_acronyms(text)
    return text


def _style(lang: str) -> _Patterns:
    return _POINT_STYLE if lang in _DECIMAL_POINT else _COMMA_STYLE


def _spaced_before_letter(words: str, m: re.Match[str]) -> str:
    """Keep a unit glued to a number apart from its words: "10km" -> "ten km"."""
    following = m.string[m.end() : m.end() + 1]
    return f"{words} " if following.isalpha() else words


def _currency(text: str, lang: str) -> str:
    def say(m: re.Match[str]) -> str:
        code = m.group("code") or _CURRENCY_SYMBOLS[m.group("sym")]
        frac = m.group("cf") or ""
        if len(frac) > 2:
            return m.group()
        units = int(re.sub(r"\D", "", m.group("ci")))
        cents = int(frac.ljust(2, "0")) if frac else 0
        scale = m.groupdict().get("scale")
        if lang == "en":
            return _currency_en(m, units, cents, code, scale)
        words = numbers.currency(units, cents, code, lang) if not scale else None
        if words is None:
            amount = _say(m, "c", lang)
            if amount is None:
                return m.group()
            words = f"{amount} {m.group('sym') or code}"
        return words

    style = _style(lang)
    text = style.currency_before.sub(say, text)
    return style.currency_after.sub(say, text)


def _currency_en(m: re.Match[str], units: int, cents: int, code: str, scale: str | None) -> str:
    unit, units_name, sub, subs = _CURRENCY_EN[code]
    if scale:  # "$2.5 million" -> "two point five million dollars"
        return f"{_say(m, 'c', 'en')} {scale} {units_name}"
    if not sub and cents:
        return f"{_say(m, 'c', 'en')} {units_name}"
    parts = []
    if units or not cents:
        parts.append(f"{numbers.cardinal(str(units), 'en')} {unit if units == 1 else units_name}")
    if cents:
        parts.append(f"{numbers.cardinal(str(cents), 'en')} {sub if cents == 1 else subs}")
    return " ".join(parts)


def _dates(text: str, lang: str) -> str:
    def iso(m: re.Match[str]) -> str:
        y, mo, d = m.groups()
        return _date_words(lang, int(d), int(mo), int(y), written=(y, mo, d)) or m.group()

    def dotted(m: re.Match[str]) -> str:
        d, mo, y = m.groups()
        if lang == "de":  # "5.3.2024" is said "fünfter dritter ..."
            words = [numbers.ordinal(int(d), lang), numbers.ordinal(int(mo), lang)]
            year = numbers.cardinal(y, lang)
            if None in words or year is None:
                return m.group()
            ending = "n" if _DE_DATIVE_BEFORE.search(m.string, 0, m.start()) else "r"
            return f"{words[0]}{ending} {words[1]}{ending} {year}"
        return _date_words(lang, int(d), int(mo), int(y), written=(d, mo, y)) or m.group()

    text = _ISO_DATE.sub(iso, text)
    if lang not in _DECIMAL_POINT:
        text = _DOTTED_DATE.sub(dotted, text)
    return text


def _date_words(
    lang: str, day: int, month: int, year: int, written: tuple[str, str, str]
) -> str | None:
    if lang == "en":
        return f"{_MONTHS_EN[month - 1]} {numbers.ordinal(day, 'en')}, {numbers.year(year, 'en')}"
    if lang == "de":
        return f"{numbers.ordinal(day, 'de')}r {_MONTHS_DE[month - 1]} {numbers.year(year, 'de')}"
    # Elsewhere at least the numbers, in the order they were written.
    words = [numbers.cardinal(str(int(part)), lang) for part in written]
    return " ".join(w for w in words if w) if all(words) else None


def _times(text: str, lang: str) -> str:
    if lang == "en":
        return _TIME_EN.sub(_time_en, text)

    def say(m: re.Match[str]) -> str:
        hour = numbers.cardinal(str(int(m.group(1))), lang)
        minute = int(m.group(2))
        minute_words = numbers.cardinal(str(minute), lang) if minute else ""
        if hour is None or minute_words is None:
            return m.group()
        return " ".join(w for w in (hour, _HOUR_WORD.get(lang, ""), minute_words) if w)

    return _TIME.sub(say, text)


def _time_en(m: re.Match[str]) -> str:
    hour_digits, minutes, seconds, ampm = m.groups()
    if minutes is None and ampm is None:
        return m.group()  # a bare number, not a time
    hour = int(hour_digits)
    words = [numbers.cardinal(str(hour), "en")]
    minute = int(minutes or 0)
    if minute:
        words.append(("oh " if minute < 10 else "") + str(numbers.cardinal(str(minute), "en")))
    elif ampm is None:
        words.append("o'clock" if 1 <= hour <= 12 else "hundred")
    if ampm:
        words.append(f"{ampm.upper()} M")
    if seconds and int(seconds):
        words.append(f"and {numbers.cardinal(str(int(seconds)), 'en')} seconds")
    return " ".join(str(w) for w in words)


def _percent(text: str, lang: str) -> str:
    style = _style(lang)
    if lang in _PERCENT_FIRST:

        def first(m: re.Match[str]) -> str:
            words = _say(m, "p", lang, negative=bool(m.groupdict().get("neg")))
            return f"{_PERCENT_FIRST[lang]} {words or m.group('pi')}"

        return style.percent.sub(first, style.percent_first.sub(first, text))
    if lang not in _PERCENT:
        return text

    def say(m: re.Match[str]) -> str:
        words = _say(m, "p", lang, negative=bool(m.group("neg")))
        return f"{words or m.group()[:-1].rstrip()} {_PERCENT[lang]}"

    return style.percent.sub(say, text)


def _ordinals(text: str, lang: str) -> str:
    def ordinal_of(digits: str) -> str | None:
        return numbers.ordinal(int(digits), lang)

    if lang == "en":
        return _ORDINAL_EN.sub(lambda m: ordinal_of(m.group(1)) or m.group(), text)
    if lang == "fr":

        def fr(m: re.Match[str]) -> str:
            if m.group(1) == "1":
                return "première" if m.group(2) == "re" else "premier"
            return ordinal_of(m.group(1)) or m.group()

        return _ORDINAL_FR.sub(fr, text)
    if lang in ("es", "pt", "it"):

        def romance(m: re.Match[str]) -> str:
            words = ordinal_of(m.group(1))
            if words is None:
                return m.group()
            # ª marks the feminine: primero -> primera, primeiro -> primeira, primo -> prima
            return words[:-1] + "a" if m.group(2) == "ª" and words.endswith("o") else words

        return _ORDINAL_ROMANCE.sub(romance, text)
    if lang == "de":

        def de(m: re.Match[str]) -> str:
            words = ordinal_of(m.group(1))
            if words is None:
                return m.group()
            dative = _DE_DATIVE_BEFORE.search(m.string, 0, m.start())
            return f"{words}{'n' if dative else 'r'} "

        return _ORDINAL_DE_DATE.sub(de, text)
    return text


def _years(text: str, lang: str) -> str:
    if lang == "en":
        text = _MONTH_DAY_EN.sub(_month_day_en, text)
        text = _YEAR_EN.sub(lambda m: m.group(1) + str(numbers.year(int(m.group(2)), "en")), text)
        return _DECADE_EN.sub(_decade_en, text)
    if lang == "de":
        return _YEAR_DE.sub(lambda m: m.group(1) + str(numbers.year(int(m.group(2)), "de")), text)
    return text


def _month_day_en(m: re.Match[str]) -> str:
    month, day, year = m.groups()
    words = f"{month} {numbers.ordinal(int(day), 'en')}"
    return f"{words}, {numbers.year(int(year), 'en')}" if year else words


def _decade_en(m: re.Match[str]) -> str:
    century, decade = m.groups()
    if century:  # "1990s" -> "nineteen nineties"
        words = str(numbers.year(int(f"{century}{decade}0"), "en"))
    else:  # "'80s", "80s" -> "eighties"
        words = str(numbers.cardinal(f"{decade}0", "en"))
    return words[:-1] + "ies" if words.endswith("y") else words + "s"


def _symbols(text: str, lang: str) -> str:
    if lang not in _SYMBOL_WORDS:
        return text
    and_, plus, equals, degrees, celsius, fahrenheit = _SYMBOL_WORDS[lang]
    text = _CELSIUS.sub(f" {celsius}", text)
    text = _FAHRENHEIT.sub(f" {fahrenheit}", text)
    text = _DEGREES.sub(f" {degrees}", text)
    text = _AMPERSAND.sub(f" {and_} ", text)
    text = _PLUS.sub(f" {plus} ", text)
    return _EQUALS.sub(f" {equals} ", text)


def _numbers(text: str, lang: str) -> str:
    def say(m: re.Match[str]) -> str:
        words = _say(m, "n", lang, negative=bool(m.group("neg")))
        return m.group() if words is None else _spaced_before_letter(words, m)

    return _style(lang).number.sub(say, text)


# Order matters: the specific shapes (money, dates, times, percentages,
# ordinals, years) must claim their digits before the general number rule.
_RULES: tuple[Rule, ...] = (
    _currency,
    _dates,
    _times,
    _percent,
    _ordinals,
    _years,
    _symbols,
    _numbers,
)
