"""Slovak amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Slovak words ("8 z 10" read "osem z desiatich" by the case rules,
"1,5k" as "1 500", "3:45:12" "tri hodiny, štyridsaťpäť minút a dvanásť sekúnd"). A range
of money keeps "až" ("1 500 až 2 000 €")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_PER = data.table("sk", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="sk",
    currency=r"€|\$|£|EUR\b|USD\b|Kč",
    to="až",
    out_of="z",
    group_mark=" ",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" a "
    ),
    clock_before=("o", "od", "do", "okolo", "po", "pred", "čas"),
    clock_after=r"\s?(?:hod|h)\b",
    more_than="viac ako",  # "1 000+ zákazníkov": viac ako tisíc zákazníkov
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:viac ako|vyše|nad|od)",
    per_unit=_PER,
    degrees=r"stup(?:eň|ne|ňov)",
    plus_degrees="plus ",
    # the total in the genitive the preposition asks for
    score_totals={"5": "z piatich", "10": "z desiatich", "20": "z dvadsiatich", "100": "zo sto"},
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
