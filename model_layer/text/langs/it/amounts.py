"""Italian amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Italian words ("da 10 a 20 €", "8 su 10", "oltre mille clienti")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit: "al chilo" for what is weighed or poured, "al mese", "a notte".
_PER = data.table("it", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="it",
    currency=r"€|\$|£|EUR\b|USD\b|CHF\b|euro\b|dollari\b|franchi\b",
    range_from="da",
    to="a",
    out_of="su",
    group_mark=".",
    # ora is feminine, minuto and secondo masculine: "un'ora" is written with its apostrophe
    duration=amounts.DurationWords(
        units=(("ora", "ore", "f"), ("minuto", "minuti", "m"), ("secondo", "secondi", "m")),
        between=", ",
        last=" e ",
        in_words=True,
        genders={"f": {"uno": "un'"}, "m": {"uno": "un"}},
    ),
    clock_before=("alle", "le", "dalle", "entro le", "verso le", "ore"),
    clock_after="",
    more_than="oltre",  # "1.000+ clienti": oltre mille clienti
    more_than_before_word=r"\s+[^\W\d_]",
    already_more=r"(?i:oltre|più di|dai|da)",
    per_unit=_PER,
    degrees="gradi",
    plus_degrees="più ",
    plus_word="più",
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE).replace("un' ora", "un'ora")
