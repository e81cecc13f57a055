"""Everyday shapes that Swedish shares with Danish, Finnish and Estonian (used by sv, da,
fi and et only; each passes its own words):

- a one-time or PIN code after the word for "code" ("Din kod är 483920", "Koodi: 123 456")
  is read digit by digit in the groups it is written in, never as hundreds of thousands;
- a personal identity number ("850312-1234", "120385-123A") likewise, its birth date
  first, so that it is no subtraction or range of two huge numbers;
- "18.00", "07.45" with a dot (these languages write a decimal comma) is a clock time,
  handed on as "18:00" for the time rule;
- (sv, da) "1" before a noun is "en" for the common gender (most nouns), "ett"/"et" before
  the neuter ones their `data/neuter.tsv` lists.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.langs import data

Rule = Callable[[str], str]
Cardinal = Callable[[str], str | None]


def common_gender_one(code: str, cardinal: Cardinal) -> Callable[[str, str], str | None]:
    """The spec's `agreeing` hook for sv and da: "1 kvinna" is "en kvinna", "1 barn" "ett
    barn"; the words of `data/not_nouns.tsv` after a number are no noun ("klockan 1 och"
    is "klockan ett och"), so the number keeps its own form."""
    not_common = data.word_set(code, "neuter") | data.word_set(code, "not_nouns")

    def one(digits: str, following: str) -> str | None:
        if digits == "1" and following[:1].islower() and following not in not_common:
            return "en"
        return cardinal(digits)

    return one


def _groups(digits: str, lang: str) -> str | None:
    said = [numbers.digit_by_digit(group, lang) for group in re.split(r"[\s-]", digits) if group]
    return None if None in said else ", ".join(said)  # type: ignore[arg-type]


def code_rule(words: str, lang: str, min_digits: int = 3) -> Rule:
    """Digits after a word of regex `words` (with its "is"/":" in `words` too), at least
    `min_digits` of them."""
    pattern = re.compile(
        rf"(?i:(?<!\w)(?:{words})\s?)(\d{{2,8}}(?:[ -]\d{{2,5}}){{0,2}})(?![\w.,:/]\d|\w)"
        # "Faktura 12500 kr", "arve 12345 eurot": an amount, not a number that names
        r"(?!\s?(?:[€$£%]|(?i:kr|kronor|kroner|sek|dkk|eur|euro|eurot|euroa)\b))"
    )

    def say(m: re.Match[str]) -> str:
        if sum(c.isdigit() for c in m.group(1)) < min_digits:
            return m.group()
        said = _groups(m.group(1), lang)
        return m.group() if said is None else m.group()[: m.start(1) - m.start()] + said

    return lambda text: pattern.sub(say, text) if any(c.isdigit() for c in text) else text


# Day 01-31 (61-91: a Swedish coordination number), month 01-12, then the year.
_BIRTH_DATE = r"(?:0[1-9]|[12]\d|3[01]|[6-8]\d|9[01])(?:0[1-9]|1[0-2])\d\d"


def personal_id_rule(lang: str, *, year_first: bool, tail: str, pairs: bool = False) -> Rule:
    """`year_first`: yymmdd (sv) or ddmmyy (da, fi); `tail`: a regex of what follows the
    separator ("\\d{4}", "\\d{3}[0-9A-Y]"); `pairs`: said in pairs, as Danes say numbers."""
    if year_first:
        date = r"(?:19|20)?\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]|[6-8]\d|9[01])"
    else:
        date = _BIRTH_DATE
    pattern = re.compile(rf"(?<![\w.,/-])({date})([-+A-FU-Y])({tail})(?![\w/-]|[.,]\d)")

    def said(part: str) -> str | None:
        if not pairs:
            return _groups(part, lang)
        words = []
        for i in range(0, len(part), 2):
            pair = part[i : i + 2]
            word = (
                numbers.digit_by_digit(pair, lang)
                if pair.startswith("0") or not pair.isdigit()
                else numbers.cardinal(pair, lang)
            )
            if word is None:
                return None
            words.append(word)
        return " ".join(words)

    def say(m: re.Match[str]) -> str:
        tail_digits = re.match(r"\d+", m.group(3))
        tail_said = said(tail_digits.group()) if tail_digits else ""
        letters = m.group(3)[tail_digits.end() if tail_digits else 0 :]
        head = said(m.group(1))
        if head is None or tail_said is None:
            return m.group()
        sep = "" if m.group(2) == "-" else f" {m.group(2)}"
        return f"{head}{sep}, {tail_said}{' ' + letters if letters else ''}"

    return lambda text: pattern.sub(say, text) if any(c.isdigit() for c in text) else text


def dotted_time_rule(not_after: str) -> Rule:
    """ "18.00", "07.45": two digits of hour; not after a word of regex `not_after`
    (versions, chapters), and not a day and month ("07.05." or "07.05.2025")."""
    pattern = re.compile(
        r"(?<![\w.,:/-])([01]\d|2[0-3])\.([0-5]\d)(?![\w:/]|[.,]\d|\.[0-5]?\d)"
        # "10.45 sekunder", "12.50 kr": a measure written with an English decimal point
        r"(?!\s?(?:s|sek|sekunder|min|m|km|kg|g|l|%|procent|kr|€)(?!\w))"
    )
    excluded = re.compile(rf"(?i:(?<!\w)(?:{not_after})\s*$)")

    def say(m: re.Match[str]) -> str:
        if excluded.search(m.string[max(0, m.start() - 20) : m.start()]):
            return m.group()
        if int(m.group(2)) in range(1, 13) and m.string[m.end() : m.end() + 1] == ".":
            return m.group()  # "07.05.": a date
        return f"{m.group(1)}:{m.group(2)}"

    return lambda text: pattern.sub(say, text) if "." in text else text


def blood_pressure_rule(words: str, over: str) -> Rule:
    """ "Blodtrycket var 130/85": systolic `over` diastolic ("över", "kautta"), after a
    word of regex `words` within a few words; elsewhere "130/85" is no blood pressure."""
    pattern = re.compile(
        rf"(?i:(?<!\w)(?:{words})\w*)(?:\s+[^\W\d]+){{0,3}}:?\s+"
        r"(?:\d{2,3}/\d{2,3}(?:,?\s+(?:och|og|ja)\s+)?)+"
    )
    reading = re.compile(r"(?<![\w/])(\d{2,3})/(\d{2,3})(?![\w/])")

    def say(m: re.Match[str]) -> str:
        return reading.sub(
            lambda r: f"{r[1]} {over} {r[2]}" if int(r[1]) > int(r[2]) else r.group(), m.group()
        )

    return lambda text: pattern.sub(say, text) if "/" in text else text


def descending_score_rule(not_before: str, not_after: str) -> Rule:
    """ "Sverige-Finland 3-2" (or an en dash): a range rises, so a falling pair of small
    numbers is a result, said as two numbers ("tre två"), not "tre till två". Not before
    a unit or sign (regex `not_before`: "22-4 °C" is no result) nor after a clock word
    (regex `not_after`)."""
    pattern = re.compile(
        r"(?<![\w.,:/-])(1[0-2]|\d)\s?[-\u2013]\s?([1-9]?\d)"
        rf"(?![\w:/%-]|[.,]\d|\s?(?:{not_before})(?!\w))"
    )
    clock = re.compile(rf"(?i:(?<!\w)(?:{not_after})\s*$)")

    def say(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(2))
        if first <= second or (m.group(2).startswith("0") and second):
            return m.group()
        if clock.search(m.string[max(0, m.start() - 12) : m.start()]):
            return m.group()
        return f"{m.group(1)} {m.group(2)}"

    return lambda text: pattern.sub(say, text) if any(c in text for c in "-\u2013") else text
