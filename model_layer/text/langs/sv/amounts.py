"""Swedish amounts as shops, apps and result lists write them: the shared classes in
`amounts.py` with Swedish words ("100 kr - 200 kr" is "100 kr till 200 kr", "8/10" "8 av
10", "1,5k" "1 500", "18+" "arton plus", "1 000+ kunder" "över tusen kunder")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# After "kr/", "€/": the rates rule has said the common ones ("per kilo") already.
_PER = data.table("sv", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="sv",
    currency=r"kr\b|:-|€|\$|£|SEK\b|EUR\b|USD\b|kronor\b|euro\b",
    to="till",
    out_of="av",  # "åtta av tio"
    group_mark=" ",  # Swedish groups thousands with a space
    # digits and symbols: the unit rule counts them ("1 h" -> "en timme")
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" och "
    ),
    clock_before=("kl.", "kl", "klockan", "från", "till", "vid"),
    clock_after="",
    more_than="över",
    more_than_before_word=r"\s+[^\W\d_]",  # "1 000+ kunder": a word follows
    already_more=r"(?i:över|mer än|fler än|från)",
    per_unit=_PER,
    degrees="grader",
    plus_degrees="plus ",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
