"""Postal codes in addresses read as codes, not quantities.

"Hauptstraße 12, 10115 Berlin" is "..., eins null eins eins fünf Berlin", not "zehntausend
...": a code before a town is said digit by digit in most languages; French says the
département and the rest ("75002 Paris": "soixante-quinze zéro zéro deux"), Danish the
two pairs ("1620 København": "seksten tyve"), and so does Dutch before the
letters ("1012 NX Amsterdam": "tien twaalf N X").

A code is recognised only in an address's shape: after a comma or at a line's start,
in the country's format (de, es, fr: 5 digits; pt: 4-3; pl: 2-3; da: 4; nl: 4 and two
letters), and before a
capitalised word (the town). "Es kamen 10000 Menschen" is no address (no comma).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers

_SHAPES = {
    "de": r"\d{5}",
    "es": r"\d{5}",
    "fr": r"\d{5}",
    "pt": r"\d{4}-\d{3}",
    "pl": r"\d{2}-\d{3}",
    "da": r"\d{4}",
    "nl": r"\d{4}(?=\s?[A-Z]{2}\b)",
}


def _digits(code: str, lang: str) -> str | None:
    parts = [numbers.digit_by_digit(p, lang) for p in code.split("-")]
    return None if None in parts else ", ".join(p for p in parts if p)


def _french(code: str) -> str | None:
    head = numbers.cardinal(code[:2].lstrip("0") or "0", "fr")
    if code[0] == "0":
        head = f"zéro {head}"
    rest = code[2:]
    zeros = len(rest) - len(rest.lstrip("0"))
    tail = numbers.cardinal(rest.lstrip("0"), "fr") if rest.lstrip("0") else None
    said = " ".join(["zéro"] * zeros + ([tail] if tail else []))
    return None if head is None else f"{head} {said}"


def _pairs(code: str, lang: str) -> str | None:
    """Danish "1620": "seksten tyve"; a pair starting with 0 digit by digit."""
    said = []
    for pair in (code[:2], code[2:]):
        words = (
            numbers.digit_by_digit(pair, lang)
            if pair.startswith("0")
            else numbers.cardinal(pair, lang)
        )
        if words is None:
            return None
        said.append(words)
    return " ".join(said)


def rule(lang: str) -> Callable[[str], str]:
    """The language's rule: its postal codes said as codes."""
    pattern = re.compile(
        rf"(?:(?<=,\s)|^)(?:[A-Z]-)?({_SHAPES[lang]})(?=\s[A-ZÀ-ÖØ-Þ][^\W\d_])",
        re.MULTILINE,
    )

    def say(m: re.Match[str]) -> str:
        code = m.group(1)
        if lang == "fr":
            said = _french(code)
        elif lang in ("da", "nl"):
            said = _pairs(code, lang)
        else:
            said = _digits(code, lang)
        return m.group() if said is None else said

    return lambda text: pattern.sub(say, text) if any(c.isdigit() for c in text) else text
