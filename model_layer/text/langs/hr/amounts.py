# ruff: noqa: RUF002  (the dashes are the data here)
"""Croatian amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Croatian words ("8/10" "osam od deset", "1,5k" as "1.500", a range of
money "od 1.500 do 2.000 €" as the module reads "100–200 €")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_PER = data.table("hr", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="hr",
    currency=r"€|\$|£|EUR\b|USD\b|kn\b",
    range_from="od",
    to="do",
    out_of="od",
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" i "
    ),
    clock_before=("u", "od", "do", "oko", "nakon", "prije", "poslije", "vrijeme"),
    clock_after=r"\s?(?:sati|h)\b",
    more_than="više od",  # "1.000+ kupaca": više od tisuću kupaca
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:više od|preko|iznad|od)",
    per_unit=_PER,
    degrees=r"stup(?:anj|nja|njeva)",
    plus_degrees="plus ",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
