"""Shared rules of the bg, el, et, hi, hr and ar modules: one pipeline, filled by a `Spec`.

Each of those modules describes its language as data plus a few functions
(how a number agrees with the noun after it, how a date or a time is said) and
hands it to `normalize`. The passes run in a fixed order so the specific shapes
(dates, phones, times, ranges, money, percentages, units, versions) claim their
digits before the general number rule; every replacement is guarded, so a rule
that fails leaves its match as written and never raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

# The longest digit run read as a number; longer ones are identifiers, read digit by digit.
MAX_NUMBER_DIGITS = 15

Noun = Any  # each language's own noun forms (singular/plural, count forms, gender)
Replace = Callable[[re.Match[str]], str]


@dataclass(frozen=True)
class Amount:
    """A number as written: its digits, its fraction, its sign."""

    int_digits: str
    frac: str | None = None
    negative: bool = False

    @property
    def value(self) -> int:
        return int(self.int_digits)

    @property
    def whole(self) -> bool:
        return not self.frac


@dataclass(frozen=True)
class Spec:
    """A language's part of the pipeline (see the module docstring)."""

    decimal_comma: bool
    number: Callable[[Amount, str], str]  # the amount, said to agree with the word after it
    counted: Callable[[Amount, Noun], str]  # the amount with its noun
    digits: Callable[[str], str]  # digit by digit
    date: Callable[[int, int, int | None], str]  # day, month, year
    time: Callable[[int, int, int | None], str]  # hour, minute, second
    plus: str
    range_template: str  # "от {} до {}": digits stay, the later passes say them
    version_word: str  # what the dots of "2.1.3" are called
    score_word: str  # what the colon of a score or ratio "2:1" is called ("" for none)
    percent: Noun
    money_template: str  # "{} и {}": units and subunits
    currencies: Mapping[str, tuple[Noun, Noun | None]]  # symbol, code or abbreviation
    units: Mapping[str, Noun]
    months: Mapping[str, int]  # every written form of a month name, lower case
    symbols: Mapping[str, str] = field(default_factory=dict)  # "&", "=": their words
    date_suffix: str = ""  # regex eaten after a date's year (the bg year mark)
    time_suffix: str = ""  # regex eaten after a time (the bg hour mark)
    version_lead: str = ""  # regex of the words that announce a version
    phone_extra: str = ""  # national numbers without a leading 0 or + (el 210 1234567)
    passes: tuple[tuple[re.Pattern[str], Replace], ...] = ()  # ordinals, years, ...
    prepare: Callable[[str], str] = str


def number_pattern(decimal_comma: bool, name: str = "") -> str:
    """A number with groups `<name>i` (integer part, grouping kept) and `<name>f` (fraction)."""
    if decimal_comma:  # 1 234 567,89 or 1.234.567,89; "3.5" is also read as a decimal
        integer = r"\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?!\d)|\d+"
        fraction = r"[,.]"
    else:  # 1,234,567.89 and the Indian 12,34,567.89
        integer = r"\d{1,3}(?:,\d{3})+(?!\d)|\d{1,2}(?:,\d{2})*,\d{3}(?!\d)|\d+"
        fraction = r"\."
    return rf"(?<![\d.,])(?P<{name}i>{integer})(?:{fraction}(?P<{name}f>\d+))?(?![\d])"


def amount(m: re.Match[str], name: str = "", negative: bool = False) -> Amount:
    return Amount(re.sub(r"\D", "", m.group(f"{name}i")), m.group(f"{name}f"), negative)


def spelled(
    value: Amount,
    cardinal: Callable[[int], str],
    decimal: Callable[[str, str], str],
    digits: Callable[[str], str],
    minus: str,
) -> str:
    """The words of an amount: long or zero-led digit runs digit by digit."""
    digit_run = value.int_digits
    if len(digit_run) > MAX_NUMBER_DIGITS or (len(digit_run) > 1 and digit_run[0] == "0"):
        words = " ".join(filter(None, (digits(digit_run), value.frac and digits(value.frac))))
    elif value.frac:
        words = decimal(digit_run, value.frac)
    else:
        words = cardinal(value.value)
    return f"{minus} {words}" if value.negative else words


def one_or_many(value: Amount, singular: str, plural: str) -> str:
    """The noun form after an amount, in languages with one form after 1 and one after more."""
    return singular if value.whole and value.value == 1 else plural


def next_word(m: re.Match[str]) -> str:
    following = re.match(r"\s*([^\W\d_]+)", m.string[m.end() :])
    return following.group(1) if following else ""


def _upper_next(rest: str) -> bool:
    letter = re.search(r"[^\W\d_]", rest)
    return bool(letter and letter.group().isupper())


def _alternatives(keys: Mapping[str, object]) -> str:
    return "|".join(re.escape(key) for key in sorted(keys, key=len, reverse=True))


def _guarded(replace: Replace) -> Replace:
    def safe(m: re.Match[str]) -> str:
        try:
            words = replace(m)
        except Exception:  # a rule that cannot say its match leaves it as written
            return m.group()
        # An abbreviation's dot that also ends the sentence ("5 лв." at the end) is kept.
        if m.group().endswith(".") and not words.endswith("."):
            rest = m.string[m.end() :]
            if not rest.strip() or (rest[:1].isspace() and _upper_next(rest)):
                words += "."
        return words

    return safe


class Pipeline:
    """The compiled passes of one language."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        num = number_pattern(spec.decimal_comma)
        money_keys = _alternatives(spec.currencies)
        unit_keys = _alternatives(spec.units)
        self.passes: list[tuple[re.Pattern[str], Replace]] = [
            (re.compile(r"(?<![\w-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])"
                        + spec.date_suffix), self._iso_date),
            (re.compile(r"(?<![\w./])(0?[1-9]|[12]\d|3[01])(?:\.\s?|/)(0?[1-9]|1[0-2])(?:\.\s?|/)"
                        r"(\d{4})(?!\d)" + spec.date_suffix), self._numeric_date),
            (re.compile(rf"(?<![\w.])(0?[1-9]|[12]\d|3[01])\.?\s({_alternatives(spec.months)})"
                        rf"(?!\w)(?:\s(\d{{4}})(?!\d){spec.date_suffix})?", re.IGNORECASE),
             self._written_date),
            (re.compile(r"(?<![\w+])(?:\+\d{1,3}(?:[ \-/]?\(?\d{1,5}\)?){1,5}"
                        r"|0\d{1,4}(?:[ \-/]\d{2,5}){1,4}"
                        rf"|{spec.phone_extra or '(?!)'})(?![\w])"), self._phone),
            (re.compile(r"(?<![\w+])\+(?=\d)"), _constant(f"{spec.plus} ")),  # +5 °C
            (re.compile(r"(?<![\w:.,])([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?![\w:])"
                        + spec.time_suffix), self._time),
            (re.compile(r"(?<![\w:.,])(\d{1,3}):(\d{1,3})(?![\w:]|[.,]\d)"), self._score),
            (re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?[\u2013\u2014]\s?(\d+)(?![\w.,]\d)"
                        r"|(?<![\w.,\-])(\d+)-(\d+)(?![\w\-]|[.,]\d)"), self._range),
            (re.compile(rf"(?<!\w)(?P<neg>[-\u2212])?(?P<cur>{money_keys})\s?{num}"),
             self._money),
            (re.compile(rf"(?<!\w)(?P<neg>[-\u2212])?{num}\s?(?P<cur>{money_keys})(?![^\W\d_])"),
             self._money),
            (re.compile(rf"(?<!\w)(?P<neg>[-\u2212])?{num}\s?%"), self._percent),
            (re.compile(rf"(?<!\w)(?P<neg>[-\u2212])?{num}\s?(?P<unit>{unit_keys})(?![^\W\d_])"),
             self._unit),
            (re.compile(rf"(?:(?<!\w)[vV]\.?\s?|(?<!\w)(?:{spec.version_lead or '(?!)'})\s)"
                        r"(\d+(?:\.\d+)+)(?!\w|[.,]\d)"
                        r"|(?<![\w.,])(?!\d{1,3}(?:\.\d{3})+(?![\d.]))"
                        r"(\d+\.\d+\.\d+(?:\.\d+)*)(?!\w|[.,]\d)"), self._version),
            *((pattern, _guarded(replace)) for pattern, replace in spec.passes),
            (re.compile(r"(?<=\d)\s*\+\s*(?=\d)"), lambda m: f" {spec.plus} "),
            *((re.compile(rf"\s*{re.escape(symbol)}\s*"), _constant(f" {words} "))
              for symbol, words in spec.symbols.items()),
            (re.compile(rf"(?P<neg>(?<![\w\-\u2212])[-\u2212](?=\d))?{num}"), self._number),
        ]  # fmt: skip
        self.passes = [(pattern, _guarded(replace)) for pattern, replace in self.passes]
        # A number grouped and pointed the other way round is unambiguous: read it as meant.
        group, point = (",", r"\.") if spec.decimal_comma else (r"\.", ",")
        self._foreign_number_style = re.compile(
            rf"(?<![\d.,])(\d{{1,3}}(?:{group}\d{{3}})+){point}(\d+)(?![\d.,]?\d)"
        )

    def normalize(self, text: str) -> str:
        try:
            text = self.spec.prepare(text)
        except Exception:  # a language's preparation must not cost the whole text
            return text
        text = self._foreign_number_style.sub(self._own_style, text)
        for pattern, replace in self.passes:
            text = pattern.sub(replace, text)
        return re.sub(r"(?<=\S) {2,}(?=\S)", " ", text)

    def _own_style(self, m: re.Match[str]) -> str:
        integer, fraction = m.group(1), m.group(2)
        if self.spec.decimal_comma:  # "1,234.56" in a text that writes "1 234,56"
            return f"{integer.replace(',', ' ')},{fraction}"
        return f"{integer.replace('.', ',')}.{fraction}"  # "1.234,56" where "1,234.56" is usual

    def _iso_date(self, m: re.Match[str]) -> str:
        return self.spec.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))

    def _numeric_date(self, m: re.Match[str]) -> str:
        return self.spec.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))

    def _written_date(self, m: re.Match[str]) -> str:
        year = int(m.group(3)) if m.group(3) else None
        return self.spec.date(int(m.group(1)), self.spec.months[m.group(2).lower()], year)

    def _phone(self, m: re.Match[str]) -> str:
        groups = re.findall(r"\d+", m.group())
        if sum(len(g) for g in groups) < 7:
            return m.group()
        words = [self.spec.digits(g) for g in groups]
        return " ".join([self.spec.plus, *words] if m.group().startswith("+") else words)

    def _time(self, m: re.Match[str]) -> str:
        second = int(m.group(3)) if m.group(3) else None
        return self.spec.time(int(m.group(1)), int(m.group(2)), second)

    def _score(self, m: re.Match[str]) -> str:
        # Digits stay for the number rule; the colon becomes the language's word.
        return " ".join(filter(None, (m.group(1), self.spec.score_word, m.group(2))))

    def _range(self, m: re.Match[str]) -> str:
        low, high = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if not m.group(1) and int(low) >= int(high):
            return m.group()  # "5-3" is no range: a difference, a score, a code
        template = self.spec.range_template
        first_word = template.split("{}", 1)[0].strip()
        if first_word and m.string[: m.start()].endswith(f"{first_word} "):
            template = template.split(first_word, 1)[1].lstrip()  # "от 5-10": "от" is written
        return template.format(low, high)

    def _money(self, m: re.Match[str]) -> str:
        unit, subunit = self.spec.currencies[m.group("cur")]
        value = amount(m, negative=bool(m.group("neg")))
        if value.frac and len(value.frac) == 2 and subunit is not None:
            units = Amount(value.int_digits, None, value.negative)
            cents = Amount(value.frac.lstrip("0") or "0")
            if not cents.value:
                return self.spec.counted(units, unit)
            if not units.value:
                return self.spec.counted(Amount(cents.int_digits, None, value.negative), subunit)
            return self.spec.money_template.format(
                self.spec.counted(units, unit), self.spec.counted(cents, subunit)
            )
        return self.spec.counted(value, unit)

    def _percent(self, m: re.Match[str]) -> str:
        return self.spec.counted(amount(m, negative=bool(m.group("neg"))), self.spec.percent)

    def _unit(self, m: re.Match[str]) -> str:
        noun = self.spec.units[m.group("unit")]
        return self.spec.counted(amount(m, negative=bool(m.group("neg"))), noun)

    def _version(self, m: re.Match[str]) -> str:
        version = m.group(1) or m.group(2)
        lead = m.group()[: m.group().index(version)]
        lead = "" if lead.strip().rstrip(".").lower() == "v" else lead
        parts = [self.spec.number(Amount(part), "") for part in version.split(".")]
        return lead + f" {self.spec.version_word} ".join(parts)

    def _number(self, m: re.Match[str]) -> str:
        words = self.spec.number(amount(m, negative=bool(m.group("neg"))), next_word(m))
        following = m.string[m.end() : m.end() + 1]
        return f"{words} " if following.isalpha() else words  # "10km" -> "ten km"


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
ROMAN = r"(?<!\w)(?=[IVXLCDM])(M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))"


def roman_value(numeral: str) -> int:
    """The value of a well-formed Roman numeral (matched by ROMAN)."""
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _constant(words: str) -> Replace:
    return lambda m: words


EASTERN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९", "0123456789" * 3)


def western_digits(text: str) -> str:
    """Arabic-Indic, Persian and Devanagari digits as 0-9, so every rule sees one kind."""
    return text.translate(EASTERN_DIGITS)
