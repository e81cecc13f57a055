"""Danish amounts as shops, apps and result lists write them: the shared classes in
`amounts.py` with Danish words ("100 kr. - 200 kr." is "100 kr. til 200 kr.", "8/10" "8 ud
af 10", "1,5k" "1.500", "18+" "atten plus", "1.000+ kunder" "over tusind kunder")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# After "kr./", "€/": the rates rule has said the common ones ("per kilo") already.
_PER = data.table("da", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="da",
    currency=r"kr\.|kr\b|,-|€|\$|£|DKK\b|EUR\b|USD\b|kroner\b|euro\b",
    to="til",
    out_of="ud af",  # "otte ud af ti"
    group_mark=".",
    # digits and symbols: the unit rule counts them ("1 h" -> "en time")
    duration=amounts.DurationWords(
        units=(("h", "h", ""), ("min", "min", ""), ("s", "s", "")), between=", ", last=" og "
    ),
    clock_before=("kl.", "kl", "klokken", "fra", "til", "ved"),
    clock_after="",
    more_than="over",
    more_than_before_word=r"\s+[^\W\d_]",  # "1.000+ kunder": a word follows
    already_more=r"(?i:over|mere end|flere end|fra)",
    per_unit=_PER,
    degrees="grader",
    plus_degrees="plus ",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
