"""Hungarian amounts as shops, apps and result lists write them: the shared classes in
`amounts.py` ("1,5k", "8/10", "1:25:30", "18+", "+3 fok").

Left out: a dash between two amounts ("100 Ft - 200 Ft") is said with the cases of the
numbers ("száztól kétszáz forintig"), which a rewrite before the number words cannot
give: the currency pattern matches nothing, so the range stays a dash, read as a pause
as "5-10 km" is ("öt-tíz"); "Ft/kg" is read by `rates` ("per kilogramm"). "1 000+
vásárló" is "ezer plusz": "more than" would need "több mint ezer", with the noun's
agreement checked, and "18+ korhatáros" must not become "több mint".
"""

from __future__ import annotations

from model_layer.text.shapes import amounts

STYLE = amounts.AmountStyle(
    lang="hu",
    currency=r"(?!)",  # see the docstring: no money ranges, no "Ft/kg" here
    to="-",
    out_of="per",  # "8/10-re" nyolc per tízre, as the slash is said
    group_mark=" ",  # "1 500 ember": one number to the number rule, never a year
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")),  # the unit rule's words
        between=" ",
        last=" ",
    ),
    clock_before=(),
    clock_after="-kor",  # "10:30:00-kor" is a time
    more_than="",
    more_than_before_word=r"(?!)",
    already_more=r"(?!)",
    per_unit={},
    degrees="fok",
    plus_degrees="plusz ",
    plus_word="plusz",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
