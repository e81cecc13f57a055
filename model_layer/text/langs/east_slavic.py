# ruff: noqa: RUF001, RUF002, RUF003  (the text is Cyrillic, not look-alike Latin)
"""Russian and Ukrainian ordinals in the case their context shows, from one set of tables.

An ordinal is an adjective; only the last word of a compound one changes
("двадцать пятого"). Its case comes from what is written: an ending after a
hyphen ("5-го"), the preposition before a date ("до 5 мая"), or the noun after
a year ("в 2024 году"). `CaseTables` holds a language's endings and words;
`CaseRules` turns them into the hooks and rules a `LanguageSpec` takes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from model_layer.text import numbers
from model_layer.text.langs.engine import DateParts, before
from model_layer.text.langs.forms import last_word


@dataclass(frozen=True)
class CaseTables:
    code: str
    months: tuple[str, ...]  # genitive, as said in a date
    hard: Mapping[str, str]  # case -> ending of a hard stem ("пят-ого")
    hard_ends: tuple[str, ...]  # the nominative endings it replaces ("ый", "ой")
    soft: Mapping[str, str]  # case -> ending of the soft "третий"/"третій"
    soft_end: str
    suffix_case: Mapping[str, str]  # written ending ("го") -> case
    # a written ending whose case depends on the preposition: (after `locative`, otherwise)
    ambiguous: Mapping[str, tuple[str, str]]
    locative: frozenset[str]  # prepositions taking the locative ("в 2024 году")
    genitive: frozenset[str]  # ... the genitive ("до пятого мая")
    dative: frozenset[str]  # ... the dative ("к пятому мая")
    cardinal_genitive: Mapping[int, str]  # "3-х" is "трёх", not an ordinal
    year_nouns: Mapping[str, str]  # written noun after a year -> case
    year_abbreviation: str  # regex: "г." / "р."
    year_said: Mapping[str, str]  # case -> the noun said for an abbreviated one
    year_in_date: str  # "года" / "року"
    drop_prefix: str = ""  # num2words' "одна тысяча ..." where one says "тысяча ..."
    # After a verb or noun a date says when: the genitive ("родился первого января",
    # "встретимся третьего октября"); after these words, or starting a sentence or a
    # heading, it names the day: "сегодня третье октября", "на пятое мая", "по третье".
    named_after: frozenset[str] = frozenset()


_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")


def _feminine_oblique(after: str, lang: str) -> bool:
    """The word after "-й" is a feminine noun in a case other than the nominative."""
    found = _NEXT_WORD.match(after)
    if found is None:
        return False
    from model_layer.text.shapes.east_slavic_agreement import analyzer

    morph = analyzer(lang)
    if morph is None:
        return False
    parses = [p for p in morph.parse(found.group(1)) if p.tag.POS == "NOUN"]
    return bool(parses) and all(
        p.tag.gender == "femn" and p.tag.case not in ("nomn", "accs") for p in parses
    )


class CaseRules:
    def __init__(self, tables: CaseTables) -> None:
        self.tables = tables
        months = "|".join(tables.months)
        nouns = "|".join(sorted(tables.year_nouns, key=len, reverse=True))
        self._year = re.compile(
            rf"(?<![\w.,])(\d{{3,4}})\s?({nouns}|{tables.year_abbreviation})(?!\w)"
        )
        self._first_day = re.compile(
            rf"(?<![\w.,])(\d{{1,2}})(?=\s?(?:по|и|или|і|або|-|–)\s?\d{{1,2}}\s(?:{months})(?!\w))"
        )

    def ordinal(self, n: int, case: str) -> str | None:
        t = self.tables
        words = numbers.ordinal(n, t.code)
        if words is None:
            return None
        if t.drop_prefix and words.startswith(t.drop_prefix):
            words = words[len(t.drop_prefix) :]
        if case == "nom":
            return words  # num2words knows the stressed ending: "второй"
        head, _, last = words.rpartition(" ")
        if last.endswith(t.soft_end):
            last = last[: -len(t.soft_end)] + t.soft[case]
        elif last.endswith(t.hard_ends):
            last = last[:-2] + t.hard[case]
        return f"{head} {last}" if head else last

    def suffixed(self, n: int, suffix: str, before: str, after: str) -> str | None:
        """The `ordinal` hook: "5-го" -> "пятого", "на 5-м" -> "пятом"."""
        t = self.tables
        ending = suffix.lstrip("-")
        if ending == "х" and n in t.cardinal_genitive:
            return t.cardinal_genitive[n]
        if ending in t.ambiguous:
            after_locative, otherwise = t.ambiguous[ending]
            case = after_locative if last_word(before) in t.locative else otherwise
        else:
            case = t.suffix_case[ending]
        if ending == "й" and case == "nom" and _feminine_oblique(after, t.code):
            case = "f_obl"  # "на 90-й минуте": на девяностой минуте
        return self.ordinal(n, case)

    def date(self, parts: DateParts) -> str | None:
        """The `date` hook: "пятое марта", "до пятого марта", the year a genitive ordinal."""
        t = self.tables
        prep = last_word(parts.before)
        case = "gen" if prep in t.genitive else "dat" if prep in t.dative else "n"
        tail = parts.before.rstrip()[-1:]
        if case == "n" and t.named_after and tail.isalpha() and prep not in t.named_after:
            case = "gen"  # "он родился первого января"
        day = self.ordinal(parts.day, case)
        if day is None:
            return None
        said = f"{day} {t.months[parts.month - 1]}"
        if parts.year is None:
            return said
        year = self.ordinal(parts.year, "gen")
        return None if year is None else f"{said} {year} {t.year_in_date}"

    def years(self, text: str) -> str:
        """A rule: the year before its noun ("в 2024 году", "2024 г.") in the noun's case."""
        t = self.tables

        def say(m: re.Match[str]) -> str:
            noun = m.group(2)
            prep = last_word(before(m))
            if prep in t.months:
                return m.group()  # "5 мая 2024 г.": the date says it
            if noun in t.year_nouns:
                case = t.year_nouns[noun]
                if case == "loc" and prep in t.dative:
                    case = "dat"  # "к 2024 году"
            else:
                case = (
                    "loc" if prep in t.locative else
                    "gen" if prep in t.genitive else
                    "dat" if prep in t.dative else "nom"
                )  # fmt: skip
                noun = t.year_said[case]
                rest = m.string[m.end() :]
                if not rest.strip() or rest[:2].strip()[:1].isupper():
                    noun += "."  # "в 1998 г." ends the sentence: its period stays
            words = self.ordinal(int(m.group(1)), case)
            return m.group() if words is None else f"{words} {noun}"

        return self._year.sub(say, text)

    def first_days(self, text: str) -> str:
        """A rule: "с 1 по 3 мая" -> "с первого по третье мая", the span's first day a date too."""

        def say(m: re.Match[str]) -> str:
            day = int(m.group(1))
            words = self.date(DateParts(day, 1, None, before(m)))
            return m.group() if words is None or not 1 <= day <= 31 else words.rsplit(" ", 1)[0]

        return self._first_day.sub(say, text)
