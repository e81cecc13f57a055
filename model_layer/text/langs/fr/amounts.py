"""French amounts as shops, apps and result lists write them (the shared classes in
`amounts.py`, with French words), and one of French's own: "24h/24", "7j/7"."""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit: "le kilo" for what is weighed or poured, "par" for time and people
_PER = data.table("fr", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="fr",
    currency=r"€|\$|£|EUR\b|USD\b|CHF\b|euros?\b|dollars?\b|francs?\b",
    to="à",
    out_of="sur",
    group_mark="\u202f",  # "1 500"
    # heure, minute, seconde: all feminine ("une heure", "vingt et une minutes")
    duration=amounts.DurationWords(
        units=(("heure", "heures", "f"), ("minute", "minutes", "f"), ("seconde", "secondes", "f")),
        between=" ",
        last=" et ",
        in_words=True,
        genders={"f": {"un": "une"}},
    ),
    clock_before=("à", "vers", "dès", "jusqu'à"),
    clock_after="",
    more_than="plus de",
    more_than_before_word=r"\s+[^\W\d_]",  # "1 000+ clients": a word follows
    already_more=r"(?i:plus de|dès|à partir de)",
    per_unit=_PER,
    degrees="degrés?",
    plus_degrees="plus ",
    millions="millions",  # "1,2 M€"; "taille 38 M" is a size
)

_ROUND_THE_CLOCK = re.compile(r"(?<![\w.,])(24)\s?h\s?/\s?24\b|(?<![\w.,])(7)\s?j\s?/\s?7\b")


def rule(text: str) -> str:
    if "/" in text:
        text = _ROUND_THE_CLOCK.sub(
            lambda m: "24 heures sur 24" if m.group(1) else "7 jours sur 7", text
        )
    return amounts.read(text, STYLE)
