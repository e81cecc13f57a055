# ruff: noqa: RUF001, RUF002  (Cyrillic letters and dashes are the data here)
"""Bulgarian amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Bulgarian words ("8/10" "осем от десет", "1,5k" as "1 500", a range of
money "от 1500 до 2000 лв." as the module reads "100–200 лв.")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

_PER = data.table("bg", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="bg",
    currency=r"лв\.|лв\b|€|\$|£|EUR\b|USD\b|BGN\b",
    range_from="от",
    to="до",
    out_of="от",
    group_mark=" ",
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" и "
    ),
    clock_before=("в", "от", "до", "около", "след", "преди", "час"),
    clock_after=r"\s?(?:ч\.|ч\b|часа)",
    more_than="над",  # "1000+ клиенти": над хиляда клиенти
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:над|повече от|от)",
    per_unit=_PER,
    degrees=r"градус(?:а)?",
    plus_degrees="плюс ",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
