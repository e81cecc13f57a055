# ruff: noqa: RUF001  (Greek letters that look like Latin ones)
"""Greek amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Greek words ("από 10 € έως 20 €", "8 στα 10", "πάνω από 1.000
πελάτες", "το κιλό")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit, with its article: "το κιλό", "την ώρα".
_PER = data.table("el", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="el",
    currency=r"€|\$|£|EUR\b|USD\b|ευρώ\b|δολάρια\b",
    range_from="από",
    to="έως",
    out_of="στα",  # "οκτώ στα δέκα"
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")),  # the unit rule agrees
        between=", ",
        last=" και ",
    ),
    clock_before=("στις", "τις", "ώρα"),
    clock_after="",
    more_than="πάνω από",  # "1.000+ πελάτες": πάνω από χίλιους πελάτες
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:πάνω από|από|άνω των|άνω του)",
    per_unit=_PER,
    degrees="βαθμ(?:ούς|οί|ός)",
    plus_degrees="συν ",
    plus_word="συν",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
