# ruff: noqa: RUF001  (multilingual words and look-alike symbols are the data here)
"""English money, percentages, units, ranges and fractions: "$12.50" is "twelve dollars
fifty cents", "5 km" "five kilometres", "2-3 days" "two to three days", "3/4 cup" "three
quarters of a cup"."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import common, data
from model_layer.text.langs.en.words import (
    LANG,
    NUM,
    cardinal,
    digits_one_by_one,
    is_one,
    number,
    year,
)

# --- money -----------------------------------------------------------------------

# ISO code -> (unit, units, subunit, subunits); "" subunit: amounts are said with a point.
CURRENCY_NAMES = {
    "USD": ("dollar", "dollars", "cent", "cents"),
    "EUR": ("euro", "euros", "cent", "cents"),
    "GBP": ("pound", "pounds", "penny", "pence"),
    "JPY": ("yen", "yen", "", ""),
    "KRW": ("won", "won", "", ""),
    "CNY": ("yuan", "yuan", "", ""),
    "INR": ("rupee", "rupees", "paisa", "paise"),
    "RUB": ("ruble", "rubles", "kopeck", "kopecks"),
    "UAH": ("hryvnia", "hryvnias", "kopiyka", "kopiykas"),
    "TRY": ("lira", "lira", "kuruş", "kuruş"),
    "VND": ("dong", "dong", "", ""),
    "ILS": ("shekel", "shekels", "agora", "agorot"),
    "PHP": ("peso", "pesos", "centavo", "centavos"),
    "MXN": ("peso", "pesos", "centavo", "centavos"),
    "BRL": ("real", "reais", "centavo", "centavos"),
    "CAD": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "AUD": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "NZD": ("New Zealand dollar", "New Zealand dollars", "cent", "cents"),
    "SGD": ("Singapore dollar", "Singapore dollars", "cent", "cents"),
    "HKD": ("Hong Kong dollar", "Hong Kong dollars", "cent", "cents"),
    "CHF": ("Swiss franc", "Swiss francs", "centime", "centimes"),
    "SEK": ("krona", "kronor", "öre", "öre"),
    "NOK": ("krone", "kroner", "øre", "øre"),
    "DKK": ("krone", "kroner", "øre", "øre"),
    "PLN": ("zloty", "zlotys", "grosz", "groszy"),
    "CZK": ("koruna", "korunas", "haler", "halers"),
    "HUF": ("forint", "forints", "", ""),
    "BGN": ("lev", "leva", "stotinka", "stotinki"),
    "RON": ("leu", "lei", "ban", "bani"),
    "IDR": ("rupiah", "rupiah", "", ""),
    "ZAR": ("rand", "rand", "cent", "cents"),
    "AED": ("dirham", "dirhams", "fils", "fils"),
    "SAR": ("riyal", "riyals", "halala", "halalas"),
    "EGP": ("Egyptian pound", "Egyptian pounds", "piastre", "piastres"),
}
_SCALES = data.table("en", "measures.scales")
_SCALE = "|".join(sorted(_SCALES, key=len, reverse=True))
_CURRENCY_BEFORE = re.compile(
    rf"(?<![\w$])(?P<neg>[-\u2212])?(?:(?P<sym>{common.CURRENCY_SIGN})|(?P<code>{common.CURRENCY_CODE})\s?)"
    rf"\s?{NUM.pattern('c')}(?:\s?(?P<scale>{_SCALE})\b)?"
)
_CURRENCY_AFTER = re.compile(
    rf"(?<![\w.,])(?P<neg>[-\u2212])?{NUM.pattern('c')}(?:\s?(?P<scale>{_SCALE})\b)?"
    rf"\s?(?:(?P<sym>{common.CURRENCY_SIGN})|(?P<code>{common.CURRENCY_CODE})\b)"
)


def currency(text: str) -> str:
    text = _CURRENCY_BEFORE.sub(_money, text)
    return _CURRENCY_AFTER.sub(_money, text)


def _money(m: re.Match[str]) -> str:
    code = m.group("code") or common.CURRENCY_SYMBOLS[m.group("sym")]
    unit, units_name, sub, subs = CURRENCY_NAMES[code]
    negative = bool(m.group("neg"))
    int_digits, frac = NUM.digits(m, "c")
    scale = m.group("scale")
    # "a $5k bonus": an amount used as an adjective takes the singular.
    if _ARTICLE_BEFORE.search(m.string, 0, m.start()):
        units_name = unit
    if scale:  # "$2.5 million" -> "two point five million dollars"
        return f"{number(m, 'c', negative)} {_SCALES[scale]} {units_name}"
    if frac and (len(frac) != 2 or not sub):
        return f"{number(m, 'c', negative)} {units_name}"
    units, cents = int(int_digits), int(frac or 0)
    parts = []
    if units or not cents:
        name = unit if units == 1 else units_name
        parts.append(f"{cardinal(int_digits.lstrip('0') or '0')} {name}")
    if cents:
        parts.append(f"{cardinal(str(cents))} {sub if cents == 1 else subs}")
    return numbers.signed(" ".join(parts), negative, LANG) or m.group()


# --- percentages, units, ranges, fractions ----------------------------------------

_RANGE_TAIL = rf"(?:\s?[-\u2013]\s?{NUM.pattern('r')})?"
_PERCENT = re.compile(rf"(?<![\w.,])(?P<neg>[-\u2212])?{NUM.pattern('p')}{_RANGE_TAIL}\s?%")

# Unit as written -> (singular, plural). Case matters: "m" is metres, "M" is not a unit.
UNITS = {key: tuple(forms) for key, *forms in data.rows("en", "measures.units")}
_UNIT = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
_MEASURE = re.compile(
    rf"(?<![\w.,])(?P<neg>[-\u2212])?{NUM.pattern('u')}{_RANGE_TAIL}\s?(?P<unit>{_UNIT})"
    r"(?![\w/²³])(?:\.(?=\s+[a-z\d]))?"  # "2 tbsp. olive oil", "5 ft. 4 in.": no sentence end
)
# only a unit when apart from the number ("the 5s", "80s"); "3h" is hours either way
_SPACED_UNITS = frozenset(("s", "t"))
_ARTICLE_BEFORE = re.compile(r"(?i:\b(?:a|an|one)\s)$")
_RANGE = re.compile(
    rf"(?<![\w.,:/-])(?P<neg>[-\u2212])?{NUM.pattern('a')}\s?[-\u2013]\s?{NUM.pattern('b')}"
    r"(?![\w:/-]|[.,]\d)"
)
_FRACTION = re.compile(r"(?<![\w/.,])([1-9])/([2-9]|10)(?![\w/]|[.,]\d)")
_HALVES = {2: ("half", "halves"), 4: ("quarter", "quarters")}
_NOUN_AFTER = re.compile(r" ([a-z]+)\b")
_NOT_NOUNS_AFTER_HALF = frozenset(data.words("en", "measures.not_nouns_after_half"))


def percent(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        words = number(m, "p", bool(m.group("neg")))
        if m.group("ri"):
            words = f"{words} to {number(m, 'r')}"
        return f"{words} percent"

    return _PERCENT.sub(say, text)


def measures(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        unit = m.group("unit")
        glued = not m.string[m.start("unit") - 1].isspace()
        if unit in _SPACED_UNITS and glued and not m.group("uf"):
            return m.group()  # "the 5s", "80s": no seconds; "9.58s" is
        singular, plural = UNITS[unit]
        words = number(m, "u", bool(m.group("neg")))
        last = "u"
        if m.group("ri"):
            words, last = f"{words} to {number(m, 'r')}", "r"
        # "a 10 km run": a measure used as an adjective takes the singular.
        adjective = _ARTICLE_BEFORE.search(m.string, 0, m.start()) is not None
        name = singular if is_one(m, last) or adjective else plural
        if m.group("unit") in ("x", "×"):
            return f"{words} times"
        return f"{words} {name}"

    text = _FRACTION_MEASURE.sub(_fraction_of_unit, text)
    text = _MEASURE.sub(say, text)
    # "6 ft 2 in": "in" after a number is the preposition, except as the inches of a height.
    return _INCHES_AFTER_FEET.sub(
        lambda m: f"{cardinal(m.group(1))} {'inch' if m.group(1) == '1' else 'inches'}", text
    )


# "3/4 tsp", "1/3 cup": a part of one unit ("three quarters of a teaspoon"); the number
# after the slash is no measure of its own.
_FRACTION_MEASURE = re.compile(
    rf"(?<![\w.,/])([1-9])/([2-9]|10)\s?(?P<unit>{_UNIT})(?![\w/²³])(?:\.(?=\s+[a-z]))?"
)


def _fraction_of_unit(m: re.Match[str]) -> str:
    numerator, denominator = int(m.group(1)), int(m.group(2))
    singular = UNITS[m.group("unit")][0]
    if numerator >= denominator or m.group("unit") in ("x", "×"):
        return m.group()
    an = indefinite_article(singular)
    if (numerator, denominator) == (1, 2):
        return f"half {an} {singular}"
    parts = _parts_name(numerator, denominator)
    count = indefinite_article(parts) if numerator == 1 else cardinal(str(numerator))
    return f"{count} {parts} of {an} {singular}"


_INCHES_AFTER_FEET = re.compile(r"(?<=\b(?:feet|foot) )(\d{1,2})\s?in\b")


def ranges(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        first, second = m.group("ai"), m.group("bi")
        if second[:1] == "0" and len(second) > 1 and not m.group("bf"):
            # "no. 2024-0157", "ref 12-034": a code, read in digit groups, not a range
            return f"{digits_one_by_one(first)}, {digits_one_by_one(second)}"
        if not (m.group("af") or m.group("bf")) and _both_years(first, second):
            return f"{year(int(first))} to {year(int(second))}"
        return f"{number(m, 'a', bool(m.group('neg')))} to {number(m, 'b')}"

    return _RANGE.sub(say, text)


def _both_years(first: str, second: str) -> bool:
    return all(len(n) == 4 and 1000 <= int(n) <= 2099 for n in (first, second))


# Singular nouns of measure a fraction is "of": "3/4 cup" is three quarters of a cup. Other
# nouns keep the plain fraction ("2/3 majority").
_MEASURE_NOUNS = frozenset(data.words("en", "measures.measure_nouns"))
# Words written with a vowel letter said with a consonant ("a one-way", "a university")
# are rare after a fraction; the silent h is not.
_SILENT_H = data.words("en", "measures.silent_h")


def _is_plural_noun(word: str) -> bool:
    """A plural count noun after a fraction, as far as the spelling shows it ("dentists",
    "people"): not "less", "this", "was", and not a plural of measure ("3/4 cups")."""
    if word in ("people", "men", "women", "children"):
        return True
    return (
        len(word) > 3
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is"))
        and word not in _NOT_NOUNS_AFTER_HALF
        and word[:-1] not in _MEASURE_NOUNS
        and word[:-2] not in _MEASURE_NOUNS
    )


def indefinite_article(word: str) -> str:
    """ "a" or "an" before `word`, by its first sound as far as the spelling shows it."""
    return "an" if word[:1].lower() in "aeiou" or word.lower().startswith(_SILENT_H) else "a"


def _parts_name(numerator: int, denominator: int) -> str:
    """ "quarter", "thirds", "eighths": the name of the parts, singular for one of them."""
    if denominator in _HALVES:
        return _HALVES[denominator][numerator > 1]
    return str(numbers.ordinal(denominator, LANG)) + ("s" if numerator > 1 else "")


def fractions(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        numerator, denominator = int(m.group(1)), int(m.group(2))
        if numerator >= denominator:
            return m.group()
        noun = _NOUN_AFTER.match(m.string, m.end())
        if (numerator, denominator) == (1, 2):
            if noun is not None and noun.group(1) in ("a", "an"):
                return "half"  # "1/2 an hour": half an hour
            if noun is not None and noun.group(1) not in _NOT_NOUNS_AFTER_HALF:
                article = _ARTICLE_BEFORE.search(m.string, 0, m.start())
                if article is not None:
                    return "half"  # "a 1/2 hour": a half hour
                # "1/2 tablet": half a tablet, "1/2 cup": half a cup, "1/2 hour": half an hour
                return f"half {indefinite_article(noun.group(1))}"
        parts = _parts_name(numerator, denominator)
        if noun is not None and _is_plural_noun(noun.group(1)):
            # "9/10 dentists agree": nine out of ten of them
            return f"{cardinal(str(numerator))} out of {cardinal(str(denominator))}"
        if noun is not None and noun.group(1) in _MEASURE_NOUNS:
            # "3/4 cup": three quarters of a cup, "1/3 mile": a third of a mile
            count = indefinite_article(parts) if numerator == 1 else cardinal(str(numerator))
            return f"{count} {parts} of {indefinite_article(noun.group(1))}"
        return f"{cardinal(str(numerator))} {parts}"

    return _FRACTION.sub(say, text)
