"""Portuguese shapes of prescriptions, laws, addresses, timetables and invoices.

- Dosing intervals "de 8/8 horas", "de 12/12h": "de oito em oito horas", where "8/8" was
  read as a date ("oito de agosto").
- Articles of law from the tenth on are said as cardinals ("art. 1341.º" artigo mil
  trezentos e quarenta e um): the ordinal only up to the ninth, as the Brazilian drafting
  law (LC 95/1998, art. 10) writes them and as Portuguese lawyers say them.
- Opening hours "9:00-13:00": "das nove horas às treze horas", not "nove horas-treze horas".
- The side of a floor in an address: "3.º Esq." terceiro esquerdo, "2.º Dto." segundo
  direito; "r/c" rés-do-chão.
- Tax and company numbers (NIF, NIPC, contribuinte, CPF, CNPJ) digit by digit, each group
  as written, not as hundreds of millions.
- Blood pressure "120/80 mmHg": "cento e vinte por oitenta".
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.shapes import codes


def _feminine(n: int) -> str | None:
    """ "duas horas", "vinte e uma horas": the cardinal before a feminine noun."""
    words = numbers.cardinal(str(n), "pt")
    if words is None:
        return None
    return re.sub(r"\bum$", "uma", re.sub(r"\bdois$", "duas", words))


_INTERVAL = re.compile(
    r"(?<!\w)(?P<de>[Dd]e\s)?(?P<n>\d{1,2})/(?P=n)\s?(?P<unit>horas\b|hrs?\b|h\b|dias\b)"
)


def intervals(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        n = int(m.group("n"))
        days = m.group("unit") == "dias"
        words = numbers.cardinal(str(n), "pt") if days else _feminine(n)
        if words is None or n == 0:
            return m.group()
        noun = "dias" if days else ("hora" if n == 1 else "horas")
        de = m.group("de") or "de "
        return f"{de}{words} em {words} {noun}"

    return _INTERVAL.sub(say, text) if "/" in text else text


_ARTICLE = re.compile(r"(?<!\w)([Aa]rtigos?\s|[Aa]rts?\.\s?)(\d+)\.?º")
_ARTICLE_MORE = re.compile(r"(\s?(?:,|e|a)\s)(\d+)\.?º")


def law_articles(text: str) -> str:
    def cardinal(m: re.Match[str]) -> str:
        return m.group(2) if int(m.group(2)) >= 10 else m.group(2) + ".º"

    if "º" not in text:
        return text
    out: list[str] = []
    pos = 0
    for m in _ARTICLE.finditer(text):
        out.append(text[pos : m.start()])
        out.append(m.group(1) + cardinal(m))
        pos = m.end()
        more = _ARTICLE_MORE.match(text, pos)
        while more:  # "artigos 12.º e 13.º"
            out.append(more.group(1) + cardinal(more))
            pos = more.end()
            more = _ARTICLE_MORE.match(text, pos)
    out.append(text[pos:])
    return "".join(out)


_TIME_SPAN = re.compile(
    r"(?<![\w.,:])([01]?\d|2[0-3]):([0-5]\d)\s?[-\u2013\u2014]\s?"
    r"([01]?\d|2[0-3]):([0-5]\d)(?!\d|[.,:]\d)"
)
_FROM_BEFORE = re.compile(r"\b(?:[Dd]as|[Dd]a|[Dd]e|[Dd]esde)\s$")


def time_spans(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        start, end = int(m.group(1)), int(m.group(3))
        to = "à" if end == 1 else "às"
        head = m.string[max(0, m.start() - 8) : m.start()]
        source = "" if _FROM_BEFORE.search(head) else ("da " if start == 1 else "das ")
        return f"{source}{m.group(1)}:{m.group(2)} {to} {m.group(3)}:{m.group(4)}"

    return _TIME_SPAN.sub(say, text) if ":" in text else text


_SIDE = data.table("pt", "everyday.side")
_FLOOR_SIDE = re.compile(
    r"(?<![\w.,])(\d{1,2}\.?[ºª])\s?(Esq|esq|Dto|dto|Dt|dt|Drt|drt|Frt|frt)(?:\.º|º|\.)?(?!\w)"
)
_GROUND = re.compile(r"(?<![\w/])[Rr]/[Cc](?![\w/])")


def floors(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        side = _SIDE[m.group(2).lower()]
        rest = m.string[m.end() :]
        ends = m.group().endswith(".") and (not rest.strip() or rest.lstrip()[:1].isupper())
        return f"{m.group(1)} {side}{'.' if ends else ''}"

    if "º" in text or "ª" in text:
        text = _FLOOR_SIDE.sub(say, text)
    return _GROUND.sub("rés-do-chão", text) if "/" in text else text


_TAX_ID = re.compile(
    r"(?<![\w.])((?:NIF|NIPC|NISS|CPF|CNPJ|[Cc]ontribuinte)(?:\s?(?:n\.?º|número))?\s?:?\s?)"
    r"(\d[\d. /-]{7,20}\d)(?![\w]|[.,]\d)"
)


def tax_numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        said = codes.read_in_groups(m.group(2), "pt", range(9, 15))
        return m.group() if said is None else m.group(1) + said

    return _TAX_ID.sub(say, text)


_PRESSURE = re.compile(r"(?<![\w/.,])(\d{2,3})/(\d{2,3})(?=\s?mmHg\b)")


def blood_pressure(text: str) -> str:
    return _PRESSURE.sub(r"\1 por \2", text) if "mmHg" in text else text
