# ruff: noqa: RUF002  (the dashes are the data here)
"""Amounts as shops, apps and result lists write them, for the languages that write a
decimal comma (one `AmountStyle` each, in `<code>_amounts.py`), rewritten into shapes the
language's rules read (digits kept, so that money, units and agreement still apply):

- "1,5k Aufrufe", "45k €": thousands written with a "k" -> "1.500", "45.000";
- "10 € - 20 €", "1.500 – 2.000 €": a dash between two amounts is the language's "to";
- "85/100", "4,5/5 étoiles": a score out of a round total -> "85 von 100", "4,5 sur 5";
- "2:03:45": hours, minutes and seconds of a duration, unless a word makes it a clock time;
- "18+", "1.000+ Kunden": a number with a plus after it ("über 1.000 Kunden");
- "5,99 €/kg", "12 €/mois": a price per unit -> "pro Kilogramm", "par mois";
- "+3 Grad": the sign of a temperature;
- "1,2 M€": millions before a currency sign, where the language says so.

English writes these its own way (currency first, "$10-$20"): see `en/everyday.py`. Where
a range needs the numbers' cases ("от десяти до двадцати рублей") the language reads it
itself (`slavic_ranges.py`, `central_slavic.py`, fi, et).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from model_layer.text import numbers
from model_layer.text.langs.forms import agree
from model_layer.text.shapes import agreement

# A number as these languages write it: thousands grouped by dots or spaces, a decimal comma.
NUMBER = r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?"
# Only a lowercase "k" (an uppercase "4K" is a screen resolution), glued to the number and
# not the start of a word or unit ("5kg", "3kW").
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3})(?:,(\d{1,3}))?k(?![\w-])")
# A total of 5, 10, 20 or 100 (a grade, a rating, a test score); "24/7" is the idiom. A day
# and month ("le 5/10") was read as a date before this rule.
_SCORE = re.compile(
    r"(?<![\w.,/])(\d{1,3}(?:,\d{1,2})?)\s?/\s?(5|10|20|100)(?![\w/]|[.,]\d)"
    r"|(?<![\w.,/])24/7(?!\w|/)"
)
_SENTENCE_END = ".!?"


@dataclass(frozen=True)
class DurationWords:
    """How "2:03:45" is said: each part with its unit, `in_words` as number words agreeing
    with the unit's gender (`genders` as for `forms.agree`), else digits and a symbol the
    language's unit rule reads ("2 h")."""

    units: tuple[tuple[str, str, str], tuple[str, str, str], tuple[str, str, str]]
    between: str  # between the parts but the last two
    last: str  # before the last part
    in_words: bool = False
    genders: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class AmountStyle:
    lang: str
    currency: str  # a regex of the currency signs, codes and words
    to: str  # between the two amounts of a range
    out_of: str  # between a score and its total
    group_mark: str  # how thousands are grouped when "1,5k" is written out
    duration: DurationWords
    clock_before: tuple[str, ...]  # words that make "h:mm:ss" a clock time ("um", "à")
    clock_after: str  # a regex after it that does the same ("Uhr"), or ""
    more_than: str  # "über": what "1.000+ Kunden" says before the number
    more_than_before_word: str  # a regex for the word after that makes it "more than"
    already_more: str  # a regex of words before that already say it ("über", "ab")
    # the unit after "€/" -> what is said ("pro Kilogramm"); {}: the language says it itself
    per_unit: Mapping[str, str]
    degrees: str  # the word for degrees, for "+3 Grad"
    plus_degrees: str  # what "+" says there
    plus_word: str | None = "plus"  # "18+" alone; None: always `more_than` ("más de 18")
    plus_before: bool = False  # "+18" (a minimum age written before) is read too
    millions: str | None = None  # "1,2 M€" -> "1,2 millions €" where the language says so
    # "1,5k visitas": the thousands in words, where the counted noun must agree.
    thousands_words: Callable[[int, re.Match[str]], str | None] | None = None
    # said before the first amount of a range ("da 10 a 20 €", "van 10 tot 20 €"), or ""
    range_from: str = ""
    # a total said with its preposition in the case it asks for ("z deseti", "ze sta");
    # a total not listed is `out_of` and its digits
    score_totals: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def money_range(self) -> re.Pattern[str]:
        # The currency on the right after the second amount ("10 - 20 €")...
        return re.compile(
            rf"(?<![\w.,])({NUMBER})(?:,[-\u2013])?(\s?(?:{self.currency}))?\s?[-\u2013\u2014]\s?"
            rf"(?=(?:{NUMBER})(?:,[-\u2013])?\s?(?:{self.currency}))"
        )

    @cached_property
    def money_range_left(self) -> re.Pattern[str]:
        # ... or after the first ("10 € - 20").
        return re.compile(
            rf"(?<![\w.,])({NUMBER})(?:,[-\u2013])?(\s?(?:{self.currency}))\s?[-\u2013\u2014]\s?(?=\d)"
        )

    @cached_property
    def money_range_sign_first(self) -> re.Pattern[str]:
        # "€ 10 - € 20", "R$ 10 - 20": the sign before each amount, or before the first only
        signs = "|".join(re.escape(s) for s in ("R$", "US$", "€", "$", "£"))
        return re.compile(
            rf"(?<![\w.,$])({signs})\s?({NUMBER})(?:,[-\u2013])?\s?[-\u2013\u2014]\s?"
            rf"(?:(?:{signs})\s?)?(?=(?:{NUMBER})(?![\w.,]\d|\w))"
        )

    @cached_property
    def duration_pattern(self) -> re.Pattern[str]:
        not_after = "".join(f"(?<!{re.escape(word)} )" for word in self.clock_before)
        not_before = rf"|{self.clock_after}" if self.clock_after else ""
        return re.compile(
            rf"(?<![\w:.,]){not_after}(\d{{1,2}}):([0-5]\d):([0-5]\d)(?![\w:]|[.,]\d{not_before})"
        )

    @cached_property
    def plus_pattern(self) -> re.Pattern[str]:
        # "18+", "(18+)", "1.000+ Kunden": not "2+2" (arithmetic) nor "C++"; "+18" where
        # the language writes a minimum age so (not a phone's "+34 ...").
        after = rf"({NUMBER})\+(?![\w+]|\s?\d)"
        before = r"|\+(\d{1,2})(?=\s*(?:$|[.,;:!?)]))" if self.plus_before else ""
        return re.compile(rf"(?<![\w.,+])(?:{after}{before})")

    @cached_property
    def already_more_pattern(self) -> re.Pattern[str]:
        return re.compile(rf"(?:{self.already_more})\s$")

    @cached_property
    def more_than_word_pattern(self) -> re.Pattern[str]:
        return re.compile(self.more_than_before_word)

    @cached_property
    def per_unit_pattern(self) -> re.Pattern[str] | None:
        if not self.per_unit:  # the language says a price per unit its own way (tr, hu)
            return None
        units = "|".join(re.escape(u) for u in sorted(self.per_unit, key=len, reverse=True))
        return re.compile(rf"(?<=\d)(\s?(?:{self.currency}))\s?/\s?({units})(?![\w²])")

    @cached_property
    def plus_degrees_pattern(self) -> re.Pattern[str]:
        # "zwischen -5 und +3 Grad" (shapes/signs.py reads "+3 °C")
        return re.compile(rf"(?<![\w+)])\+(?=\d+(?:,\d+)?\s?{self.degrees}\b)")


_MILLIONS = re.compile(r"(?<=\d)\s?M(?=\s?(?:€|\$|£)|\s(?:EUR|USD)\b)")


def read(text: str, style: AmountStyle) -> str:
    if style.millions and "M" in text:  # "talla M", "Taille 38 M" are sizes
        text = _MILLIONS.sub(f" {style.millions}", text)
    if "k" in text:
        text = _THOUSANDS.sub(lambda m: _thousands(m, style), text)
    if "/" in text:
        if style.per_unit_pattern is not None:
            text = style.per_unit_pattern.sub(
                lambda m: f"{m.group(1)} {style.per_unit[m.group(2)]}", text
            )
        text = _SCORE.sub(lambda m: _score(m, style), text)
    if ":" in text:
        text = style.duration_pattern.sub(lambda m: _duration(m, style), text)
    if "+" in text:
        text = style.plus_pattern.sub(lambda m: _plus(m, style), text)
        text = style.plus_degrees_pattern.sub(style.plus_degrees, text)
    if "-" in text or "\u2013" in text or "\u2014" in text:
        text = style.money_range_sign_first.sub(
            lambda m: f"{_from(m, style)}{m.group(1)} {m.group(2)} {style.to} {m.group(1)} ", text
        )
    text = style.money_range.sub(
        lambda m: f"{_from(m, style)}{m.group(1)}{m.group(2) or ''} {style.to} ", text
    )
    return style.money_range_left.sub(
        lambda m: f"{_from(m, style)}{m.group(1)}{m.group(2)} {style.to} ", text
    )


def _from(m: re.Match[str], style: AmountStyle) -> str:
    """The word before a range's first amount, unless the text already says it ("da 10 €
    - 20 €")."""
    if not style.range_from:
        return ""
    before = m.string[max(0, m.start() - len(style.range_from) - 1) : m.start()]
    return "" if before.strip().lower() == style.range_from else f"{style.range_from} "


_NEXT_WORD = re.compile(r"\s+([^\W\d_]+)")


def agreeing_thousands(lang: str) -> Callable[[int, re.Match[str]], str | None]:
    """For `AmountStyle.thousands_words`: the counted noun after "1,5k" agreed before this
    rule ran, so the number says its gender itself ("1,5k visitas": mil quinientas)."""

    def words(value: int, m: re.Match[str]) -> str | None:
        noun = _NEXT_WORD.match(m.string, m.end())
        return agreement.agreeing_number(value, noun.group(1), lang) if noun else None

    return words


def _thousands(m: re.Match[str], style: AmountStyle) -> str:
    value = int(m.group(1)) * 1000 + int((m.group(2) or "").ljust(3, "0"))
    words = style.thousands_words(value, m) if style.thousands_words else None
    return words or f"{value:,}".replace(",", style.group_mark)  # grouped: never a year


def _score(m: re.Match[str], style: AmountStyle) -> str:
    if m.group(1) is None:
        return "24 7"
    if float(m.group(1).replace(",", ".")) > int(m.group(2)):
        return m.group()  # "30/10" is no score
    return f"{m.group(1)} {style.score_totals.get(m.group(2)) or f'{style.out_of} {m.group(2)}'}"


def _duration(m: re.Match[str], style: AmountStyle) -> str:
    words = style.duration
    parts = []
    for value, (one, many, gender) in zip(m.groups(), words.units, strict=True):
        if not int(value):
            continue
        if not words.in_words:
            parts.append(f"{int(value)} {one}")
            continue
        said = numbers.cardinal(str(int(value)), style.lang)
        if said is None:
            return m.group()
        said = agree(said, gender, words.genders) if words.genders else said
        parts.append(f"{said} {one if int(value) == 1 else many}")
    if not parts:
        return m.group()
    if len(parts) == 1:
        return parts[0]
    return f"{words.between.join(parts[:-1])}{words.last}{parts[-1]}"


def _plus(m: re.Match[str], style: AmountStyle) -> str:
    number = m.group(1) or m.group(2)
    if style.already_more_pattern.search(m.string, max(0, m.start() - 14), m.start()):
        return number  # "über 1.000+", "ab 18+": the words already say it
    word_after = style.more_than_word_pattern.match(m.string, m.end())
    if style.plus_word is not None and word_after is None:
        return f"{number} {style.plus_word}"
    said = f"{style.more_than} {number}"  # "1.000+ Kunden": über tausend Kunden
    head = m.string[max(0, m.start() - 3) : m.start()].strip()
    return said[:1].upper() + said[1:] if not head or head[-1] in _SENTENCE_END else said
