# ruff: noqa: RUF002  (Cyrillic and Latin letters side by side are the data here)
"""Written abbreviations said in full: "z. B.", "Abb. 3", "т. е.".

Two tables per language, matched as written (case counts, "z.B." = "z. B."):

- `WORDS`: said in full wherever they stand ("usw." -> "und so weiter");
  one that ends the text keeps its period, and those in `ENDS_SENTENCE` also before
  a capital ("..., Birnen usw. Dann" -> "und so weiter. Dann"; German nouns are
  capitalised, so "u. a. Äpfel" is no sentence end);
- `UNIT_AFTER_NUMBER`: after a number, an abbreviated unit becomes its symbol, which
  the language counts ("1 Std." -> "eine Stunde", "2 Std." -> "zwei Stunden");
- `BEFORE_NUMBER`: only before a number or a Roman numeral, where they cannot be
  a name's initial or a word ("Abb. 3" -> "Abbildung 3", "S. 5" -> "Seite 5", but
  "Johann S. Bach" stays).

The driver runs this before the language's own rules (passes.SHARED_READINGS),
so "Kap. IV" becomes "Kapitel IV" and then "Kapitel vier". A language's spec may
keep a few abbreviations of its own; these tables are where new ones go.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from model_layer.text.langs import data
from model_layer.text.shapes import weekdays

WORDS: Mapping[str, dict[str, str]] = data.tables("abbreviations.words")

# Only before a number (or a Roman numeral): "Abb. 3", "S. 5", "Kap. IV", "стр. 5".
BEFORE_NUMBER: Mapping[str, dict[str, str]] = data.tables("abbreviations.before_number")

# Abbreviations whose period also ends a sentence when nothing or a capital follows.
ENDS_SENTENCE = frozenset((
    "usw.", "etc.", "enz.", "itd.", "itp.", "ecc.",
    "и т. д.", "и т. п.", "и др.", "и пр.", "т. д.", "т. п.", "v. Chr.", "n. Chr.", "a. C.",
    "d. C.", "a.C.", "d.C.", "p.n.e.", "n.e.", "н. э.", "до н. э.", "v.Chr.", "n.Chr.", "cd.",
    "MwSt.", "Jh.", "Jhd.", "s. o.", "s. u.", "u. v. m.", "o. ä.",
    "u. ä.", "hab.", "EE. UU.", "S. A.", "S. L.", "S.p.A.", "S.r.l.", "Ltda.", "S.A.",
    "c.d.n.", "jw.", "ff.",
))  # fmt: skip


@dataclass(frozen=True)
class _Compiled:
    words: Mapping[str, str]
    pattern: re.Pattern[str]
    before_number: Mapping[str, str]
    number_pattern: re.Pattern[str] | None


_COMPILED: dict[str, _Compiled] = {}


def _key(written: str) -> str:
    return re.sub(r"\s", "", written)


def _alternatives(keys: object) -> str:
    """Longest first; "z. B." also matches "z.B." and "z.  B."."""
    ordered = sorted(keys, key=len, reverse=True)  # type: ignore[call-overload]
    return "|".join(re.escape(k).replace(r"\ ", r"\s*") for k in ordered)


def _compiled(lang: str) -> _Compiled | None:
    found = _COMPILED.get(lang)
    if found is None and (lang in WORDS or lang in BEFORE_NUMBER):
        words = WORDS.get(lang, {})
        numbered = BEFORE_NUMBER.get(lang, {})
        found = _COMPILED[lang] = _Compiled(
            {_key(k): v for k, v in words.items()},
            re.compile(rf"(?<![\w.])(?:{_alternatives(words)})(?:(?<=\.)|(?!\w))")
            if words
            else re.compile("(?!)"),
            {_key(k): v for k, v in numbered.items()},
            re.compile(
                rf"(?<![\w.])(?:{_alternatives(numbered)})(?=\s?(?:\d|[IVXLC]+(?![^\W\d_])))"
            )
            if numbered
            else None,
        )
    return found


_ENDS = frozenset(_key(a) for a in ENDS_SENTENCE)
# A word said before a range of numbers is plural: "les p. 45-67" pages, "págs." (German
# keeps "Seite 45 bis 67", as it is said).
_RANGE_AFTER = re.compile(r"\s?\d+\s?[-\u2013]\s?\d+")
_PLURALS = {
    "page": "pages", "página": "páginas", "pagina": "pagine", "figure": "figures",
    "figura": "figuras",
}  # fmt: skip
_AFTER_NUMBER = re.compile(r"\d\s?$")
# Abbreviated units after a number become the unit symbol the language's rules count.
UNIT_AFTER_NUMBER: dict[str, dict[str, str]] = {"de": {"Std.": "h", "Min.": "min", "Sek.": "s"}}


# Words that start a German sentence after "2 Std."; a capitalised noun does not.
_DE_SENTENCE_STARTS = frozenset((
    "Der", "Die", "Das", "Dann", "Danach", "Davor", "Dabei", "Er", "Sie", "Es", "Wir", "Ich",
    "Ihr", "Man", "Am", "Im", "In", "Um", "Auf", "Bei", "Mit", "Nach", "Vor", "Aber", "Und",
    "Doch", "Denn", "Diese", "Dieser", "Dieses", "Ein", "Eine", "Einer", "So", "Wenn", "Als",
    "Da", "Jetzt", "Heute", "Morgen", "Außerdem", "Zudem", "Insgesamt", "Bitte", "Wie", "Was",
    "Wo", "Wer", "Warum", "Zum", "Zur", "Vom", "Für", "Ohne", "Gegen", "Seit", "Bis", "Noch",
    "Schon", "Auch", "Nur", "Hier", "Dort", "Mein", "Meine", "Unser", "Unsere",
))  # fmt: skip


# German street names abbreviated inside their compound: "Hauptstr. 5", "Kirchpl. 2".
_DE_STREET = re.compile(r"(?<!\w)([A-ZÄÖÜ][a-zäöüß]+)(str|pl)\.(?=[\s,;)]|$)")
_DE_STREET_WORDS = {"str": "straße", "pl": "platz"}


def _german_streets(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        rest = m.string[m.end() :].lstrip()
        following = rest.split(maxsplit=1)[0].strip(",.;:!?") if rest else ""
        ends = not rest or following in _DE_SENTENCE_STARTS  # "… in der Hauptstr. Dann"
        return m.group(1) + _DE_STREET_WORDS[m.group(2)] + ("." if ends else "")

    return _DE_STREET.sub(say, text) if "." in text else text


def read(text: str, lang: str) -> str:
    """`text` with the language's abbreviations said in full."""
    text = weekdays.read(text, lang)  # "Mo-Fr": a span, before "Mo." alone is said
    if lang == "de":
        text = _german_streets(text)
    compiled = _compiled(lang)
    if compiled is None or not any(c in text for c in ".°º/№gtrnlBSPDTMmdskz"):
        return text
    if compiled.number_pattern is not None:

        def before_number(m: re.Match[str]) -> str:
            said = compiled.before_number[_key(m.group())]
            if _RANGE_AFTER.match(m.string, m.end()):  # "p. 45-67": pages
                said = _PLURALS.get(said, said)
            glued = m.string[m.end() : m.end() + 1].isalnum()
            return f"{said} " if glued else said  # "№123": номер 123

        text = compiled.number_pattern.sub(before_number, text)

    def say(m: re.Match[str]) -> str:
        key = _key(m.group())
        words = compiled.words[key]
        unit = UNIT_AFTER_NUMBER.get(lang, {}).get(key)
        if unit and _AFTER_NUMBER.search(m.string, max(0, m.start() - 3), m.start()):
            # "1 Std." -> "1 h": the language's unit rule counts it ("eine Stunde"); the
            # period stays for the sentence rules ("2 Std. Danach" ends a sentence)
            after = m.string[m.end() : m.end() + 3]
            ends = not after.strip() or (after[:1].isspace() and after.lstrip()[:1].isupper())
            if ends and after.strip() and lang == "de":  # "15 Min. Verspätung": a noun
                following = m.string[m.end() :].split(maxsplit=1)[0].strip(",.;:!?")
                ends = following in _DE_SENTENCE_STARTS
            return unit + ("." if ends else "")
        rest = m.string[m.end() : m.end() + 3]
        glue = " " if key.endswith(".") and rest[:1].isalnum() else ""  # "z.B.Obst"
        if key.endswith(".") and not m.string[m.end() :].strip():
            return words + "."  # the text's last period
        if key in _ENDS and rest[:1].isspace() and rest.lstrip()[:1].isupper():
            return words + "."
        return words + glue

    return compiled.pattern.sub(say, text)
