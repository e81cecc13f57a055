"""Portuguese amounts as shops, apps and result lists write them: the shared classes in
`amounts.py`, with Portuguese words ("de 10 € a 20 €", "8 em 10", "mais de mil clientes")."""

from __future__ import annotations

from model_layer.text.langs import data
from model_layer.text.shapes import amounts

# A price tag's unit: "o quilo" for what is weighed or poured, "por mês" for time.
_PER = data.table("pt", "amounts.per")

STYLE = amounts.AmountStyle(
    lang="pt",
    currency=r"R\$|€|\$|£|EUR\b|USD\b|BRL\b|euros?\b|reais\b|real\b|dólares\b",
    range_from="de",
    to="a",
    out_of="em",
    group_mark=".",
    # hora is feminine ("uma hora", "duas horas"), minuto and segundo masculine
    duration=amounts.DurationWords(
        units=(("hora", "horas", "f"), ("minuto", "minutos", "m"), ("segundo", "segundos", "m")),
        between=", ",
        last=" e ",
        in_words=True,
        genders={"f": {"um": "uma", "dois": "duas"}},
    ),
    clock_before=("às", "as", "à", "das", "até às", "pelas"),
    clock_after=r"\s?h\b",
    more_than="mais de",  # "1.000+ clientes", "18+": mais de
    more_than_before_word="",
    already_more=r"(?i:mais de|a partir de|maiores de|desde)",
    per_unit=_PER,
    degrees="graus?",
    plus_degrees="mais ",
    plus_word=None,
    thousands_words=amounts.agreeing_thousands("pt"),  # "1,5k visualizações": quinhentas
)


def rule(text: str) -> str:
    return amounts.read(text, STYLE)
