"""Slovak amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Slovak words ("8 z 10" read "osem z desiatich" by the case rules,
"1,5k" as "1 500", "3:45:12" "tri hodiny, štyridsaťpäť minút a dvanásť sekúnd"). A range
of money keeps "až" ("1 500 až 2 000 €")."""

from __future__ import annotations

import re

from model_layer.text.langs import amounts

_PER = {
    "kg": "za kilogram", "g": "za gram", "l": "za liter", "m": "za meter", "km": "za kilometer",
    "m2": "za štvorcový meter", "m²": "za štvorcový meter", "ks": "za kus", "kus": "za kus",
    "h": "za hodinu", "hod": "za hodinu", "deň": "za deň", "noc": "za noc",
    "os.": "za osobu", "osobu": "za osobu", "mes.": "mesačne", "mesiac": "mesačne",
    "rok": "ročne", "týždeň": "týždenne",
}  # fmt: skip

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
)


# "8 z 10": the total in the genitive "z" asks for (the case rules ran before this one)
_TOTALS = {"5": "z piatich", "10": "z desiatich", "20": "z dvadsiatich", "100": "zo sto"}
_SCORE_TOTAL = re.compile(r"(?<=\d) z (5|10|20|100)(?![\w.,]\d|\w)")


def rule(text: str) -> str:
    text = amounts.read(text, STYLE)
    if " z " not in text:
        return text
    return _SCORE_TOTAL.sub(lambda m: f" {_TOTALS[m.group(1)]}", text)
