# ruff: noqa: RUF002  (the dashes are the data here)
"""Slovenian amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Slovenian words ("8/10" "osem od desetih" by the case rules, "1,5k" as
"1.500", "3:45:12" "tri ure, petinštirideset minut in dvanajst sekund"). A range of money
is "1.500 do 2.000 €", as the module reads "100–200 €"."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_PER = data.table("sl", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="sl",
    currency=r"€|\$|£|EUR\b|USD\b",
    to="do",
    out_of="od",
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" in "
    ),
    clock_before=("ob", "od", "do", "okoli", "okrog", "po", "pred", "čas"),
    clock_after=r"\s?(?:uri|ura|h)\b",
    more_than="več kot",  # "1.000+ strank": več kot tisoč strank
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:več kot|nad|od)",
    per_unit=_PER,
    degrees=r"stopinj[aeo]?",
    plus_degrees="plus ",
    # the total in the genitive the preposition asks for
    score_totals={"5": "od petih", "10": "od desetih", "20": "od dvajsetih", "100": "od sto"},
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
