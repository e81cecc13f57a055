"""Romanian amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Romanian words ("de la 10 la 20 de lei", "8 din 10", "peste o mie de
clienți", "pe kilogram"); "între 100 lei - 200 lei" is "între ... și ...".
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit: "pe kilogram", "pe lună".
_PER = data.table("ro", "amounts.per")

_AGREEING = amounts.agreeing_thousands("ro")
STYLE = amounts.AmountStyle(
    lang="ro",
    currency=r"lei\b|leu\b|RON\b|€|\$|£|EUR\b|USD\b|euro\b|dolari\b",
    range_from="de la",
    to="la",
    out_of="din",  # "opt din zece"
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")),  # the unit rule agrees
        between=", ",
        last=" și ",
    ),
    clock_before=("ora", "orele", "la", "de la", "până la"),
    clock_after="",
    more_than="peste",  # "1.000+ clienți": peste o mie de clienți
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:peste|de la|minim|minimum)",
    per_unit=_PER,
    degrees="grade",
    plus_degrees="plus ",
    plus_word="plus",
    thousands_words=_AGREEING,  # "1,5k vizualizări": o mie cinci sute de vizualizări
)
# "între 100 lei - 200 lei": "între" already says "from", and "and" joins the two.
_BETWEEN = re.compile(rf"\bîntre de la ((?:{amounts.NUMBER})(?:\s?(?:{STYLE.currency}))?) la ")


# "peste 1.000 clienți", written "1.000+ clienți": the shared agreement ran before the
# rewrite, so the number agrees here ("peste o mie de clienți").
_OVER = re.compile(rf"(?<!\w)([Pp]este )({amounts.NUMBER})(?=\s+[^\W\d_])")


def _over(m: re.Match[str]) -> str:
    value = int(re.sub(r"\D", "", m.group(2))) if "," not in m.group(2) else None
    words = _AGREEING(value, m) if value is not None else None
    return m.group(1) + (words or m.group(2))


def rule(text: str) -> str:
    text = _BETWEEN.sub(r"între \1 și ", amounts.read(text, STYLE))
    return _OVER.sub(_over, text) if "este " in text else text
