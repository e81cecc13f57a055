"""Czech amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Czech words ("8 z 10" read "osm z deseti" by the case rules, "1,5k" as
"1 500", "29,90 Kč/kg" "za kilogram", "3:45:12" "tři hodiny, čtyřicet pět minut a
dvanáct sekund"). A range of money keeps "až" ("30 000 až 40 000 Kč")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_PER = data.table("cs", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="cs",
    currency=r"Kč|€|\$|£|EUR\b|USD\b|CZK\b",
    to="až",
    out_of="z",
    group_mark=" ",
    # digits and symbols: the unit rules say them in their case ("tři hodiny", "pět minut")
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" a "
    ),
    clock_before=("v", "ve", "o", "od", "do", "kolem", "okolo", "po", "před", "čas"),
    clock_after=r"\s?(?:hod|h)\b",
    more_than="více než",  # "1 000+ zákazníků": více než tisíc zákazníků
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:více než|přes|nad|od)",
    per_unit=_PER,
    degrees=r"stup(?:eň|ně|ňů)",
    plus_degrees="plus ",
    # the total in the genitive the preposition asks for
    score_totals={"5": "z pěti", "10": "z deseti", "20": "z dvaceti", "100": "ze sta"},
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
