"""Spanish amounts as shops, apps and result lists write them (the shared classes in
`amounts.py`, with Spanish words; "+18" before the number too), and one of Spanish's own:
"3.000 millones de €", the sign after "de" read with the amount."""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit: "el kilo" for what is weighed or poured, "al mes" for time
_PER = data.table("es", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="es",
    currency=r"€|\$|£|EUR\b|USD\b|euros?\b|dólar(?:es)?\b",
    to="a",
    out_of="sobre",
    group_mark=".",
    duration=amounts.DurationWords(
        units=(("hora", "horas", "f"), ("minuto", "minutos", "m"), ("segundo", "segundos", "m")),
        between=", ",
        last=" y ",
        in_words=True,
        genders={
            "m": {"uno": "un", "veintiuno": "veintiún"},
            "f": {"uno": "una", "veintiuno": "veintiuna"},
        },
    ),
    clock_before=("las", "la"),
    clock_after=r"\s?h\b",
    more_than="más de",  # "1.000+ clientes", "+18": más de
    more_than_before_word=r"",
    already_more=r"(?i:más de|mayores de|desde)",
    per_unit=_PER,
    degrees="grados?",
    plus_degrees="más ",
    plus_word=None,
    plus_before=True,
    millions="millones",
    thousands_words=amounts.agreeing_thousands("es"),
)

_MILLIONS_OF = re.compile(r"(?<=\d)(\s(?:millón|millones))\sde\s(?=€|\$|EUR\b|USD\b)")


def rule(text: str) -> str:
    text = amounts.read(text, STYLE)
    return _MILLIONS_OF.sub(r"\1 ", text) if "mill" in text else text
