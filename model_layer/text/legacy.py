"""The shared rules for languages that have no module of their own in `langs/` yet.

Numbers, money, dates, times, percentages and symbols, through num2words (see
`numbers.py` for its coverage), with a few language-specific branches (de, fr, es,
pt, it, nl, tr). Where a language has no rule or num2words cannot say a number, the
digits stay as written: never an error. These go once every language has a module.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers

# Languages that write 1,234.5; the others write 1.234,5 (or 1 234,5 with a
# non-breaking space), and also accept "3.5" as a decimal when it is no group.
_DECIMAL_POINT = frozenset({"ko", "ja", "ar", "hi", "na"})


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


_MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
              "September", "Oktober", "November", "Dezember")  # fmt: skip
_MONTH_DE = "|".join(_MONTHS_DE)

_CURRENCY_SYMBOLS = {"$": "USD", "£": "GBP", "€": "EUR", "¥": "JPY", "₩": "KRW"}
_CODES = "USD|EUR|GBP|JPY|KRW"
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
_TIME = re.compile(r"(?<![\w:])([01]?\d|2[0-3]):([0-5]\d)(?![\w:])")
_ORDINAL_FR = re.compile(r"(?<!\w)(\d+)(er|re|e|ème|eme)\b")
_ORDINAL_ROMANCE = re.compile(r"(?<!\w)(\d+)\.?([ºª])")
_ORDINAL_DE_DATE = re.compile(rf"(?<!\w)(\d{{1,2}})\.\s(?=(?:{_MONTH_DE})\b)")
_DE_DATIVE_BEFORE = re.compile(r"\b(?:am|vom|zum|beim|dem|den)\s$")
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


def normalize_legacy(text: str, lang: str) -> str:
    for rule in _RULES:
        text = rule(text, lang)
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
        words = numbers.currency(units, cents, code, lang)
        if words is None:
            amount = _say(m, "c", lang)
            if amount is None:
                return m.group()
            words = f"{amount} {m.group('sym') or code}"
        return words

    style = _style(lang)
    text = style.currency_before.sub(say, text)
    return style.currency_after.sub(say, text)


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
    if lang == "de":
        return f"{numbers.ordinal(day, 'de')}r {_MONTHS_DE[month - 1]} {numbers.year(year, 'de')}"
    # Elsewhere at least the numbers, in the order they were written.
    words = [numbers.cardinal(str(int(part)), lang) for part in written]
    return " ".join(w for w in words if w) if all(words) else None


def _times(text: str, lang: str) -> str:
    def say(m: re.Match[str]) -> str:
        hour = numbers.cardinal(str(int(m.group(1))), lang)
        minute = int(m.group(2))
        minute_words = numbers.cardinal(str(minute), lang) if minute else ""
        if hour is None or minute_words is None:
            return m.group()
        return " ".join(w for w in (hour, _HOUR_WORD.get(lang, ""), minute_words) if w)

    return _TIME.sub(say, text)


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
    if lang == "de":
        return _YEAR_DE.sub(lambda m: m.group(1) + str(numbers.year(int(m.group(2)), "de")), text)
    return text


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
