"""The number of a law, decree or ruling: "Ley 39/2015" is "ley treinta
y nueve de dos mil quince", "legge 241/1990" "duecentoquarantuno del millenovecentonovanta",
"Lei nº 8.078/1990" "oito mil e setenta e oito de mil novecentos e noventa", as lawyers and
newsreaders say them; the slash was left between the two numbers. French numbers them
"n° 2020-1576": the year, "tiret", the number (a phone number's reading took it before).

Only after the word for a law, decree or ruling (and an optional "n.", "nº", "núm."), with
a year of four digits after the slash: "3/4 de la ley" stays a fraction.
"""

from __future__ import annotations

import re

_ACTS = {
    "es": r"[Ll]ey|[Ll]ey [Oo]rgánica|[Rr]eal [Dd]ecreto(?:-[Ll]ey)?|[Dd]ecreto(?:-[Ll]ey)?|"
    r"[Oo]rden|[Rr]esolución|[Dd]irectiva|[Rr]eglamento|[Ss]entencia|STC|RD|LO",
    "it": r"[Ll]egge|[Dd]ecreto(?: [Ll]egislativo| [Ll]egge)?|[Dd]\. ?[Ll]gs\.|[Dd]\.[Ll]\.|"
    r"[Dd]irettiva|[Rr]egolamento|[Ss]entenza|[Dd]elibera",
    "pt": r"[Ll]ei(?: [Cc]omplementar)?|[Dd]ecreto(?:-[Ll]ei)?|[Pp]ortaria|[Rr]esolução|"
    r"[Dd]iretiva|[Dd]irectiva|[Rr]egulamento|[Mm]edida [Pp]rovisória",
}
_OF_YEAR = {"es": "de", "it": "del", "pt": "de"}
_NUMBER_WORD = r"(?:n\.\s?|nº\s?|n\.º\s?|núm\.\s?|nr\.\s?|número\s|numero\s)?"
_PATTERNS = {
    lang: re.compile(
        rf"(?<!\w)((?:{acts})\s+{_NUMBER_WORD})(\d{{1,3}}(?:\.\d{{3}})?|\d{{1,5}})/((?:19|20)\d\d)(?!\d)"
    )
    for lang, acts in _ACTS.items()
}
_FRENCH = re.compile(
    r"(?<!\w)((?:[Ll]oi|[Dd]écret|[Aa]rrêté|[Oo]rdonnance|[Dd]irective|[Dd]écision)"
    r"\s+(?:organique\s+)?(?:n[°o]\s?|numéro\s))((?:19|20)\d\d)-(\d{1,5})(?![\d-])"
)


def read(text: str, lang: str) -> str:
    """`text` with the numbers of laws and decrees said as `lang` says them."""
    if lang == "fr":
        return _FRENCH.sub(r"\1\2 tiret \3", text) if "-" in text else text
    pattern = _PATTERNS.get(lang)
    if pattern is None or "/" not in text:
        return text
    return pattern.sub(lambda m: f"{m[1]}{m[2]} {_OF_YEAR[lang]} {m[3]}", text)
