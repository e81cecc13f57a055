"""Grammar helpers shared by the language specs: plural rules, agreeing words, ordinal tables.

A `Word` is a noun (currency, unit, "percent") with one form per plural class of
its language; a plural rule maps a number to that class. The rules follow the
CLDR plural categories (https://cldr.unicode.org/index/cldr-spec/plural-rules),
except that a decimal amount gets its own class where the language says it
differently (Russian "2,5 километра": genitive singular).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# (n, is_fraction) -> index into Word.forms
PluralRule = Callable[[int, bool], int]


@dataclass(frozen=True)
class Word:
    """A noun said after a number: its forms by plural class, and its gender."""

    forms: tuple[str, ...]
    gender: str = "m"

    def form(self, index: int) -> str:
        return self.forms[min(index, len(self.forms) - 1)]


def word(*forms: str, gender: str = "m") -> Word:
    return Word(tuple(forms), gender)


def plural_none(n: int, fraction: bool) -> int:
    """Hungarian, Turkish, Finnish singular after a number, Indonesian, Vietnamese."""
    return 0


def plural_one_other(n: int, fraction: bool) -> int:
    """Germanic and most Romance languages: singular for exactly one."""
    return 0 if n == 1 and not fraction else 1


def plural_french(n: int, fraction: bool) -> int:
    """French (and Portuguese of Brazil) keep the singular below two: "1,5 kilomètre"."""
    return 0 if n < 2 else 1


def plural_finnish(n: int, fraction: bool) -> int:
    """Finnish: nominative singular for one, partitive singular otherwise."""
    return 0 if n == 1 and not fraction else 1


def plural_east_slavic(n: int, fraction: bool) -> int:
    """Russian, Ukrainian: один рубль, два рубля, пять рублей; 2,5 рубля (gen. sg.)."""
    if fraction:
        return 3
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def plural_polish(n: int, fraction: bool) -> int:
    """Polish: jeden złoty, dwa złote, pięć złotych, 22 złote; fractions take the genitive sg."""
    if fraction:
        return 3
    if n == 1:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def plural_czech(n: int, fraction: bool) -> int:
    """Czech, Slovak: 1 koruna, 2-4 koruny, 5+ korun; fractions take the genitive sg."""
    if fraction:
        return 3
    if n == 1:
        return 0
    return 1 if 2 <= n <= 4 else 2


def plural_slovenian(n: int, fraction: bool) -> int:
    """Slovenian: singular, dual, plural (3-4), genitive plural (5+), by the last two digits."""
    if fraction:
        return 3
    last = n % 100
    return {1: 0, 2: 1, 3: 2, 4: 2}.get(last, 3)


def plural_lithuanian(n: int, fraction: bool) -> int:
    """Lithuanian: 1, 21 euras; 2-9 eurai; 10-20, 30 eurų; fractions take the genitive sg."""
    if fraction:
        return 3
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 9 and not 12 <= n % 100 <= 19:
        return 1
    return 2


def plural_latvian(n: int, fraction: bool) -> int:
    """Latvian: singular after numbers ending in 1 (not 11), plural otherwise."""
    return 0 if n % 10 == 1 and n % 100 != 11 and not fraction else 1


def plural_romanian(n: int, fraction: bool) -> int:
    """Romanian: 1 leu, 2-19 lei, 20+ "de lei" (when the last two digits are 00 or 20-99)."""
    if n == 1 and not fraction:
        return 0
    if fraction or n == 0 or 1 <= n % 100 <= 19:
        return 1
    return 2


def agree(words: str, gender: str, table: Mapping[str, Mapping[str, str]]) -> str:
    """The number's last word in the gender of the noun that follows ("ein Euro", "две копейки").

    A key "=<words>" swaps the whole number only: Romanian "unu" -> "o" (liră), but
    "douăzeci și unu" -> "douăzeci și una". A key "~<end>" swaps the end of the
    last word: Hungarian "huszonkettő" -> "huszonkét" (forint).
    """
    swaps = table.get(gender)
    if not swaps:
        return words
    if f"={words}" in swaps:
        return swaps[f"={words}"]
    head, _, last = words.rpartition(" ")
    if last not in swaps:
        end = next((k for k in swaps if k[0] == "~" and last.endswith(k[1:])), None)
        if end is None:
            return words
        last = last[: len(last) - len(end) + 1] + swaps[end]
        return f"{head} {last}" if head else last
    return f"{head} {swaps[last]}" if head else swaps[last]


def inflect(words: str, endings: Sequence[tuple[str, str]], count: int = 0) -> str:
    """Replace the endings of the last `count` words (0: every word that has one).

    Ordinals inflect like adjectives; the first matching (old, new) pair wins
    for each word, and words without such an ending (cardinal parts like
    "две тысячи") are left as they are.
    """
    tokens = words.split(" ")
    start = len(tokens) - count if count else 0
    for i in range(max(start, 0), len(tokens)):
        for old, new in endings:
            if tokens[i].endswith(old):
                tokens[i] = tokens[i][: len(tokens[i]) - len(old)] + new
                break
    return " ".join(tokens)


def table_ordinal(
    n: int,
    units: Sequence[str],
    tens: Sequence[str],
    cardinal: Callable[[str], str | None],
    compound: Callable[[int], str | None] | None = None,
    round_ones: Mapping[int, str] | None = None,
) -> str | None:
    """An ordinal from tables of 1-19 (`units`, index = n) and 20-90 (`tens`, index = n // 10).

    Above 99 the hundreds and thousands stay cardinal and only the rest is an
    ordinal ("dva tisíce dvacátý čtvrtý"); round hundreds and thousands come from
    `round_ones` ({2000: "dutūkstantas"}), or are not covered (None).
    `compound(tens_digit)` gives the tens word inside a compound where it differs
    ("dvidešimt pirmas", not "dvidešimtas pirmas").
    """
    if n <= 0:
        return None
    if n >= 100:
        rest = n % 100
        if not rest:
            return (round_ones or {}).get(n)
        head = cardinal(str(n - rest))
        tail = table_ordinal(rest, units, tens, cardinal, compound)
        return f"{head} {tail}" if head and tail else None
    if n < 20:
        return units[n]
    ten, unit = divmod(n, 10)
    if not unit:
        return tens[ten]
    lead = compound(ten) if compound else tens[ten]
    return f"{lead} {units[unit]}" if lead else None


def ordinal_tables(
    by_number: Mapping[int, str],
) -> tuple[tuple[str, ...], tuple[str, ...], dict[int, str]]:
    """`table_ordinal`'s `units`, `tens` and `round_ones` from one table of ordinal words by
    number (a language's `data/ordinals.tsv`): 1-19, the round tens 20-90, and the round
    hundreds and thousands said as one word."""
    units = ("", *(by_number[n] for n in range(1, 20)))
    tens = ("", "", *(by_number[n * 10] for n in range(2, 10)))
    return units, tens, {n: said for n, said in by_number.items() if n >= 100}


def ordinal_with_ending(
    by_number: Mapping[int, str], cardinal: Callable[[str], str | None], base: str
) -> Callable[..., str | None]:
    """lt and lv: `ordinal(n, ending=base)` from the table of ordinal words by number, the
    tens inside a compound said as the cardinal ("dvidešimt pirmas"), the last word's
    ending `base` ("-as", "-ais") replaced by the one asked for ("pirmoji", "pirmajā")."""
    units, tens, round_ones = ordinal_tables(by_number)

    def ordinal(n: int, ending: str = base) -> str | None:
        words = table_ordinal(n, units, tens, cardinal, lambda ten: cardinal(f"{ten}0"), round_ones)
        return None if words is None else words[: -len(base)] + ending

    return ordinal


def by_hundreds(cardinal: Callable[[str], str | None], hundred: str) -> Callable[[int], str | None]:
    """Years 1100-1999 said by hundreds as one word: "negentienhonderdnegentig" (nl, sv)."""

    def year(n: int) -> str | None:
        century, rest = divmod(n, 100)
        head = cardinal(str(century))
        tail = cardinal(str(rest)) if rest else ""
        return None if head is None or tail is None else f"{head}{hundred}{tail}"

    return year


def last_word(text: str) -> str:
    """The word just before a position (lowercase), for rules that depend on a preposition."""
    m = _LAST_WORD.search(text[-40:])
    return m.group(1).lower() if m else ""


_LAST_WORD = re.compile(r"(\w+)\W*$")


def date_from_parts(
    day: int | None,
    month: int | None,
    year: int | None,
    full: Callable[[int, int, int | None], str],
    month_names: Sequence[str],
    year_words: Callable[[int], str],
    day_words: Callable[[int], str],
) -> str:
    """A date with any of its parts missing (SSML `say-as`), for a module with its own
    `full(day, month, year)` reading: day and month as a date, the rest by their names."""
    if day is not None and month is not None:
        return full(day, month, year)
    said = [day_words(day) if day is not None else ""]
    said.append(month_names[month - 1] if month is not None else "")
    said.append(year_words(year) if year is not None else "")
    return " ".join(w for w in said if w)
