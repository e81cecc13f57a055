"""German amounts as shops, apps and result lists write them (the shared classes in
`amounts.py`, with German words), and one of German's own: "199,- Euro", the ",-" of a
whole amount before the currency's word."""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_PER = data.table("de", "amounts.per")
STYLE = amounts.AmountStyle(
    lang="de",
    currency=r"€|\$|£|EUR\b|USD\b|CHF\b|Euro\b|Dollar\b|Franken\b",
    to="bis",
    out_of="von",
    group_mark=".",
    # digits and symbols: the unit rule counts them ("2 h" -> "zwei Stunden")
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" und "
    ),
    clock_before=("um", "gegen", "ab", "bis"),
    clock_after=r"\s?Uhr\b",
    more_than="über",
    more_than_before_word=r"\s+[A-ZÄÖÜ]",  # "1.000+ Kunden": a noun follows
    already_more=r"(?i:über|mehr als|ab)",
    per_unit={unit: f"pro {said}" for unit, said in _PER.items()},
    degrees="Grad",
    plus_degrees="plus ",
)

# "199,- Euro", "99,- bis 149,-": the engine reads ",-" only right before a currency sign.
_WHOLE_BEFORE_WORD = re.compile(r"(?<=\d),[-\u2013](?=\s|$|[.,;:!?)])")


def rule(text: str) -> str:
    if ",-" in text or ",\u2013" in text:
        text = _WHOLE_BEFORE_WORD.sub("", text)
    return amounts.read(text, STYLE)
