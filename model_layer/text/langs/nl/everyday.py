"""Dutch shapes of invoices, news, recipes and medical notes.

- "€ 2,5 mld. uit", "3 mln. inwoners": the dot of an abbreviated scale inside a sentence
  is no full stop ("miljard euro uit", not "miljard euro. uit" with a pause).
- Registration numbers (KvK, BSN, RSIN) digit by digit, not as tens of millions.
- Blood pressure "120/80 mmHg", "bloeddruk 130/85": "honderdtwintig over tachtig".
"""

from __future__ import annotations

import re

from model_layer.text.shapes import codes

_SCALE_DOT = re.compile(r"(?<=\d)(\s?(?:mln|mld|mrd))\.(?=\s+[a-z])")


def scale_dots(text: str) -> str:
    return _SCALE_DOT.sub(r"\1", text) if "m" in text else text


_REGISTRATION = re.compile(
    r"(?<![\w.])((?:KvK|KVK|BSN|RSIN)(?:-?nummer|-nr\.)?\s?:?\s?)(\d[\d. ]{6,10}\d)(?![\w]|[.,]\d)"
)


def registration_numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        said = codes.read_in_groups(m.group(2), "nl", range(8, 10))
        return m.group() if said is None else m.group(1) + said

    return _REGISTRATION.sub(say, text)


_PRESSURE = re.compile(
    r"(?:(?<=\b[Bb]loeddruk\s)|(?<=\b[Bb]loeddruk:\s)|(?<=\b[Bb]loeddruk van\s)"
    r"|(?<![\w/.,]))(\d{2,3})/(\d{2,3})(?P<unit>\s?mmHg\b)?(?![\w/]|[.,]\d)"
)


def blood_pressure(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        head = m.string[max(0, m.start() - 14) : m.start()]
        named = "loeddruk" in head
        if not (m.group("unit") or named):
            return m.group()
        return f"{m.group(1)} over {m.group(2)}{m.group('unit') or ''}"

    return _PRESSURE.sub(say, text) if "/" in text else text
