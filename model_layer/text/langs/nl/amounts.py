"""Dutch amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Dutch words ("van 10 tot 20 euro", "8 op 10", "meer dan duizend klanten")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit: "per kilo", "per maand".
_PER = data.table("nl", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="nl",
    currency=r"€|\$|£|EUR\b|USD\b|euro\b|dollar\b",
    range_from="van",
    to="tot",
    out_of="op",
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("uur", "uur", ""), ("minuut", "minuten", ""), ("seconde", "seconden", "")),
        between=", ",
        last=" en ",
        in_words=True,
    ),
    clock_before=("om", "tegen", "vanaf", "tot", "rond"),
    clock_after=r"\s?uur\b",
    more_than="meer dan",  # "1.000+ klanten": meer dan duizend klanten
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:meer dan|vanaf|boven)",
    per_unit=_PER,
    degrees="graden",
    plus_degrees="plus ",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
