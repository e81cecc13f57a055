# ruff: noqa: RUF001, RUF002, RUF003  (Turkish is written with the dotless ı)
"""Turkish amounts as shops, apps and result lists write them: the shared classes in
`amounts.py` ("1,5k", "100 TL - 200 TL", "1:25:30", "18+", "+3 derece"), and a price per
unit said the Turkish way, the unit first ("24,90 ₺/kg" kilosu yirmi dört lira doksan
kuruş, "15.000 TL/ay" aylık on beş bin lira).

"8/10" is left to the shared fraction reader ("onda sekiz", as a Turk reads it), and
"1.000+" is "bin artı": "more than" takes the ablative of the number ("binden fazla"),
which a rewrite before the number words cannot give.
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_CURRENCY = r"TL\b|₺|€|\$|£|EUR\b|USD\b|TRY\b|lira\b|avro\b|euro\b|dolar\b"
# The unit of a price tag, said before the price: "kilosu", "aylık", "kişi başı".
_PER = data.table("tr", "amounts.per")
_PER_UNIT = re.compile(
    rf"(?<![\w.,])({amounts.NUMBER})(\s?(?:{_CURRENCY}))\s?/\s?"
    rf"({'|'.join(re.escape(u) for u in sorted(_PER, key=len, reverse=True))})(?![\w²'’])"
)

STYLE = amounts.AmountStyle(
    lang="tr",
    currency=_CURRENCY,
    to="ila",  # "yüz lira ila iki yüz lira", as the number ranges ("beş ila on")
    out_of="üzerinden",  # not used: the shared fraction reader said "8/10" before
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")),  # the unit rule's words
        between=" ",
        last=" ",
    ),
    clock_before=("saat", "Saat"),
    clock_after="['’]",  # "10:30:00'da" is a time with its suffix
    more_than="",
    more_than_before_word=r"(?!)",  # never: see the module's docstring
    already_more=r"(?!)",
    per_unit={},  # the unit goes first: `_per_unit` below
    degrees="derece",
    plus_degrees="artı ",
    plus_word="artı",
)


# "100 TL - 200 TL arasında": between two amounts, "ile" ("yüz lira ile iki yüz lira arasında").
_BETWEEN = re.compile(
    rf" ila (?=(?:{amounts.NUMBER})\s?(?:{_CURRENCY})\s+ara(?:sı|sında|sındaki)\b)"
)
# "%10-%20": one "yüzde" for both ends ("yüzde on ila yirmi").
_PERCENT_RANGE = re.compile(r"(?<![\w.,])%(\d+(?:,\d+)?)\s?[-\u2013]\s?%(?=\d)")


def rule(text: str) -> str:
    if "/" in text:
        text = _PER_UNIT.sub(lambda m: f"{_PER[m.group(3)]} {m.group(1)}{m.group(2)}", text)
    if "%" in text:
        text = _PERCENT_RANGE.sub(r"%\1 ila ", text)
    return _BETWEEN.sub(" ile ", amounts.read(text, STYLE))
