# ruff: noqa: RUF001  (multilingual words and look-alike symbols are the data here)
"""Building blocks every language module can use: nothing here speaks one language.

- `NumberStyle`: the regex of a written number for each way of separating thousands
  and decimals (1,234.5 / 1.234,5 / 1 234,5 with a space, NBSP or narrow NBSP).
- `CURRENCY_SYMBOLS`, `CURRENCY_CODES`: what a currency sign or ISO code stands for (the
  one table: English and the spec engine's languages read the same codes).
- Recognisers for phone numbers, version numbers, URLs and e-mail addresses, each
  with a reader that takes the language's own words (`SPOKEN_SYMBOLS`).
- `spell_acronyms`: all-caps words of Latin or Cyrillic letters spelled out letter by
  letter, except those a language says as words.

Every reader returns None for what it cannot say, and the caller keeps the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from model_layer.text.langs import data

SPACES = " \u00a0\u202f"  # space, no-break space, narrow no-break space (fr, ru, ...)


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes 1234.5: its decimal mark and the marks grouping thousands.

    `pattern(name)` has named groups `<name>i` (integer part, with group marks) and
    `<name>f` (fraction digits). A space only groups when every group after the first
    has exactly three digits ("1 234 567"); "3 apples" stays two words.
    """

    decimal: str  # "." or ","
    groups: str  # characters accepted between groups of three digits
    also_point: bool = False  # a comma-decimal language that also reads "3.5" as 3,5

    def pattern(self, name: str) -> str:
        group = f"[{re.escape(self.groups)}]"
        marks = re.escape(self.decimal + ("." if self.also_point else ""))
        return (
            rf"(?P<{name}i>\d{{1,3}}(?:{group}\d{{3}})+(?![\d])|\d+)"
            rf"(?:[{marks}](?P<{name}f>\d+))?(?!\d)"
        )

    @staticmethod
    def digits(m: re.Match[str], name: str) -> tuple[str, str | None]:
        """(integer digits without group marks, fraction digits or None)."""
        return re.sub(r"\D", "", m.group(f"{name}i")), m.group(f"{name}f")


POINT_DECIMAL = NumberStyle(decimal=".", groups=",")  # en, ko, ja, hi, ...: 1,234.5
COMMA_DECIMAL = NumberStyle(decimal=",", groups="." + SPACES[1:], also_point=True)  # de: 1.234,5
SPACE_GROUPED = NumberStyle(decimal=",", groups=SPACES + ".", also_point=True)  # fr, ru: 1 234,5

# Currency signs -> ISO 4217. "$" is the US dollar unless a language says otherwise.
CURRENCY_SYMBOLS: dict[str, str] = {
    "$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "￥": "JPY", "₩": "KRW",
    "₹": "INR", "₽": "RUB", "₴": "UAH", "₺": "TRY", "₫": "VND", "₪": "ILS", "₱": "PHP",
    "R$": "BRL", "C$": "CAD", "A$": "AUD", "zł": "PLN", "Kč": "CZK", "Ft": "HUF", "лв": "BGN",
    "lei": "RON", "Rp": "IDR", "CHF": "CHF",
}  # fmt: skip
CURRENCY_CODES = frozenset((
    "USD", "EUR", "GBP", "JPY", "KRW", "CNY", "INR", "RUB", "UAH", "TRY", "VND", "ILS", "PHP",
    "BRL", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "BGN", "RON",
    "IDR", "MXN", "SGD", "HKD", "ZAR", "AED", "SAR", "EGP", "KWD", "HRK",
))  # fmt: skip
CURRENCY_SIGN = "|".join(
    re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True) if not s.isalpha()
)
CURRENCY_CODE = "|".join(sorted(CURRENCY_CODES))


@dataclass(frozen=True)
class SpokenSymbols:
    """A language's words for the symbols of addresses and identifiers."""

    dot: str
    at: str
    slash: str
    dash: str
    underscore: str
    colon: str
    plus: str
    point: str  # between the parts of a version number ("three point ten")


# The commonly spoken forms; where a language has several, the one heard in radio
# and phone support ("arobase", "chiocciola", "Klammeraffe" is colloquial: "ät").
SPOKEN_SYMBOLS: dict[str, SpokenSymbols] = {
    code: SpokenSymbols(**symbols) for code, symbols in data.tables("spoken_symbols").items()
}

DigitReader = Callable[[str], str | None]  # "0100" -> the digits said one by one

# --- phone numbers -------------------------------------------------------------

# International (+CC and groups), or national shapes of 3+ groups, or the US/UK
# local 3-4 shape with a hyphen; groups separated by space, hyphen or dot.
PHONE = re.compile(
    r"(?<![\w+.,-])(?:"
    r"(?P<intl>\+\d{1,3})(?:[ .-]?\(?\d{1,4}\)?){2,5}"
    r"|\(\d{2,5}\)[ .-]?\d{2,4}(?:[ .-]\d{2,4}){1,2}"
    r"|\d{1,4}(?:[ .-]\d{2,4}){2,4}"
    r"|\d{3}-\d{4}"
    r")(?![\w,-]|\.\d)"
)
_PHONE_SEPARATOR = re.compile(r"[ .\-()]+")
_GROUPED_DECIMAL = re.compile(r"\d{1,3}(?:[ .]\d{3})+$")


def read_phone(
    m: re.Match[str], digits: DigitReader, plus: str, separator_groups: bool = True
) -> str | None:
    """Digits one by one, a comma (a pause) between the groups as written.

    Returns None for shapes that are not phone numbers after all: too few or too
    many digits, or a grouped number such as "1 234 567" or "1.000.000"."""
    text = m.group()
    groups = [g for g in _PHONE_SEPARATOR.split(text) if g]
    count = sum(len(g) for g in groups)
    if not 7 <= count <= 15 or (not m.group("intl") and _GROUPED_DECIMAL.match(text)):
        return None
    spoken = []
    for index, group in enumerate(groups):
        if index == 0 and m.group("intl"):
            words = digits(group.lstrip("+"))
            spoken.append(None if words is None else f"{plus} {words}")
        else:
            spoken.append(digits(group))
    if None in spoken:
        return None
    return (", " if separator_groups else " ").join(w for w in spoken if w)


# --- version numbers -----------------------------------------------------------

# Three or more dotted parts, or two after "v"/"version" (the caller passes its word).
VERSION = re.compile(r"(?<![\w.])(?P<v>[vV])?(?P<parts>\d+(?:\.\d+){2,5})(?![\w]|\.\d)")


def version_after(words: str) -> re.Pattern[str]:
    """Two-part versions after one of `words` ("version 2.1", "Python 3.12")."""
    return re.compile(rf"(?i:\b(?:{words})\s?)(?:[vV])?(?P<parts>\d+(?:\.\d+)+)(?![\w]|\.\d)")


def read_version(parts: str, cardinal: DigitReader, point: str) -> str | None:
    """ "3.10.2" -> each part as a whole number ("three point ten point two")."""
    words = [cardinal(p) if len(p) == 1 or p[0] != "0" else cardinal_each(p, cardinal)
             for p in parts.split(".")]  # fmt: skip
    return None if None in words else f" {point} ".join(w for w in words if w)


def cardinal_each(digits: str, cardinal: DigitReader) -> str | None:
    words = [cardinal(d) for d in digits]
    return None if None in words else " ".join(w for w in words if w)


# --- URLs and e-mail addresses -------------------------------------------------

_TLDS = (
    "com|org|net|edu|gov|io|dev|ai|app|info|biz|co|us|uk|de|fr|es|it|nl|se|dk|fi|pl|cz|sk|ru|"
    "ua|bg|gr|jp|kr|in|br|pt|ro|hu|tr|vn|id|eu|ch|at|be|ca|au|lt|lv|ee|si|hr|me|tv|xyz|online"
)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
EMAIL = re.compile(rf"(?<![\w.+-])[\w.+-]+@{_LABEL}(?:\.{_LABEL})+(?![\w-])")
# With a scheme or www. anything up to a space; bare domains only with a known TLD.
URL = re.compile(
    rf"(?<![\w@./-])(?:(?:https?|ftp)://[^\s<>\"']+[^\s<>\"'.,;:!?)\]]"
    rf"|www\.{_LABEL}(?:\.{_LABEL})+(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?"
    rf"|{_LABEL}(?:\.{_LABEL})*\.(?:{_TLDS})(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?)"
    rf"(?![\w@-])"
)
_SCHEME = re.compile(r"^(?:https?|ftp)://", re.IGNORECASE)
_URL_PIECE = re.compile(r"([./@_:-]|\d+|[^\W\d_]+)")


def read_address(address: str, lang: str, digits: DigitReader) -> str:
    """A URL or e-mail address with its symbols as words: "example dot com slash docs".

    The scheme is dropped (nobody says "h t t p s"); runs of digits are read one by
    one; "www", all-caps runs and two-letter country domains are spelled."""
    words = SPOKEN_SYMBOLS.get(lang, SPOKEN_SYMBOLS["en"])
    names = {".": words.dot, "/": words.slash, "@": words.at, "_": words.underscore,
             "-": words.dash, ":": words.colon}  # fmt: skip
    body = _SCHEME.sub("", address).rstrip("/")
    host, slash, path = body.partition("/")
    user, at, domain = host.rpartition("@")
    labels = domain.split(".")
    spoken = [_say_pieces(user, names, digits), names["@"]] if at else []
    for index, label in enumerate(labels):
        if index:
            spoken.append(names["."])
        country = index == len(labels) - 1 and len(label) == 2 and label.isalpha()
        if country or label.lower() == "www":
            spoken.append(" ".join(label.lower()))
        else:
            spoken.append(_say_pieces(label, names, digits))
    if slash:
        spoken += [names["/"], _say_pieces(path, names, digits)]
    return " ".join(w for w in spoken if w)


def _say_pieces(text: str, names: Mapping[str, str], digits: DigitReader) -> str:
    spoken = []
    for piece in (p for p in _URL_PIECE.split(text) if p):
        if piece in names:
            spoken.append(names[piece])
        elif piece.isdigit():
            spoken.append(digits(piece) or piece)
        elif piece.isalpha() and piece.isupper() and len(piece) > 1:
            spoken.append(" ".join(piece))
        else:
            spoken.append(piece)  # words as written; "%", "?", "=" left for the model
    return " ".join(spoken)


# --- abbreviations ---------------------------------------------------------------


class Abbreviations:
    """A language's written abbreviations and what is said for them ("etc." -> "et cetera").

    Matched as whole tokens, case as written. The period of an abbreviation listed in
    `sentence_final` also ends the sentence when the text ends or a capital follows
    ("..., pears, etc. We like them."), and is then kept after the words."""

    def __init__(self, table: Mapping[str, str], sentence_final: Collection[str] = ()):
        self.table = dict(table)
        self.sentence_final = frozenset(sentence_final)
        alternatives = "|".join(re.escape(a) for a in sorted(self.table, key=len, reverse=True))
        self.pattern = re.compile(
            rf"(?<![\w.])({alternatives})(?!\w)(?P<end>(?=\s*$)|(?=\s+[A-ZÀ-ÞА-Я]))?"
        )

    def expand(self, text: str) -> str:
        return self.pattern.sub(self._say, text)

    def _say(self, m: re.Match[str]) -> str:
        written = m.group(1)
        words = self.table[written]
        ends_sentence = written in self.sentence_final and m.group("end") is not None
        return words + "." if ends_sentence else words


# "U.S.", "U.K.", "D.C.": capitals with periods are spelled; a period that also ends
# the sentence is kept: at the end, or before a word that starts sentences ("in the U.S.
# Then ..."). Before another capitalized word it is the initials' own ("the U.S. GDP",
# "the U.K. Prime Minister"), and a pause there would cut the phrase.
_DOTTED_INITIALS = re.compile(
    r"(?<![\w.])((?:[A-Z]\.){2,})(?P<end>(?=\s*$)|(?=\s+(?:[A-Z]\w*\b)))?"
)
_SENTENCE_STARTERS = frozenset((
    "The", "A", "An", "This", "That", "These", "Those", "There", "Then", "It", "He", "She",
    "We", "They", "I", "You", "But", "And", "So", "Yet", "Or", "In", "On", "At", "After",
    "Before", "When", "While", "Since", "As", "If", "Its", "His", "Her", "Our", "Their",
    "My", "Your", "However", "Meanwhile", "Also", "Now", "Today", "Yesterday", "Later",
    "Still", "Many", "Most", "Some", "All", "One", "Two",
))  # fmt: skip


def spell_dotted_initials(text: str) -> str:
    def spell(m: re.Match[str]) -> str:
        spelled = " ".join(m.group(1).replace(".", ""))
        if m.group("end") is None:
            return spelled
        following = m.string[m.end() :].split(maxsplit=1)
        ends = not following or following[0].strip(",;:") in _SENTENCE_STARTERS
        return spelled + "." if ends else spelled

    return _DOTTED_INITIALS.sub(spell, text)


# --- acronyms ------------------------------------------------------------------

# Said as words in most of the languages that use them; a language adds its own.
PRONOUNCED_ACRONYMS = frozenset((
    "NASA", "NATO", "UNESCO", "UNICEF", "LASER", "RADAR", "SCUBA", "AIDS", "COVID", "FIFA",
    "OPEC", "NAFTA", "IKEA", "LEGO", "GIF", "JPEG", "PIN", "SIM", "RAM", "ROM", "ASCII", "SWAT",
    "ASAP", "POTUS", "FOMO", "YOLO", "WASP", "UEFA", "ASEAN", "INTERPOL", "EURO", "CAPTCHA",
    "WIFI", "BASIC", "COBOL", "FORTRAN", "SQL", "MIDI",
))  # fmt: skip
# Upper-case Latin letters of the 31 languages (Latin-1 and Extended-A), and Cyrillic.
_LETTERS = r"[A-ZÀ-ÖØ-ÞĀĂĄĆČĎĐĒĖĘĚĞĢĪĮİĶĹĻĽŁŃŅŇŐŒŔŘŚŞŠŢŤŪŮŰŲŹŻŽȘȚА-ЯЁЄІЇҐ]"
_CAPS_WORD = re.compile(rf"(?<![\w'’-])({_LETTERS}{{2,6}})(s|'s|’s|s')?(?![\w'’])")
# Roman numerals made of I, V and X ("World War II", "Henry VIII") are not initialisms.
_ROMAN = re.compile(r"X{0,3}(?:IX|IV|V?I{0,3})")
_WORD = re.compile(r"\b[^\W\d_]{2,}\b")


def is_shouting(text: str) -> bool:
    """Mostly capitals: emphasis, not acronyms, so nothing is spelled."""
    words = _WORD.findall(text)
    caps = sum(w.isupper() for w in words)
    return caps >= 2 and caps > len(words) - caps


def spell_acronyms(
    text: str,
    pronounced: Collection[str] = PRONOUNCED_ACRONYMS,
    said_as: Mapping[str, str] | None = None,
    plural: Callable[[str, str], str] | None = None,
) -> str:
    """ "API" -> "A P I". `plural(spelled, suffix)` says a plural or possessive ending
    ("s", "'s", "s'"); by default the ending is glued to the last letter."""
    said_as = said_as or {}

    def spell(m: re.Match[str]) -> str:
        word, suffix = m.group(1), m.group(2) or ""
        if word in said_as:
            return said_as[word] + suffix
        if word in pronounced or _ROMAN.fullmatch(word):
            return m.group()
        spelled = " ".join(word)
        return plural(spelled, suffix) if suffix and plural else spelled + suffix

    return _CAPS_WORD.sub(spell, text)
