"""What the case rules prepare in a sentence first: a sign read as a word (so the number
after it is declined by the preposition before the sign: "до плюс двадцати пяти"), a long
identifier digit by digit, and bare hours in opening times read as clock times."""

from __future__ import annotations

import re

# --- signs and long numbers -------------------------------------------------------------

# "до +25", "do -5 °C": the sign as a word, so that the number after it is declined by the
# preposition before the sign ("до плюс двадцати пяти").
_SIGN = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=\())([+\-\u2212])(?=\d)(?!\d+[\s\-(]+\d)")  # not a phone
_SIGN_WORDS = {
    "pl": ("plus", "minus"), "cs": ("plus", "minus"), "sk": ("plus", "mínus"),
    "sl": ("plus", "minus"), "hr": ("plus", "minus"), "ru": ("плюс", "минус"),
    "uk": ("плюс", "мінус"), "bg": ("плюс", "минус"), "lt": ("plius", "minus"),
    "lv": ("plus", "mīnus"), "et": ("pluss", "miinus"), "fi": ("plus", "miinus"),
}  # fmt: skip
SIGN_NAMES = frozenset(w for pair in _SIGN_WORDS.values() for w in pair)
# A number of ten digits or more written without groups is an identifier (PESEL, an
# account, an order): said digit by digit, not as billions.
_LONG_ID = re.compile(r"(?<![\w.,+/\-])(\d{10,})(?![\w.,/]\d|\d)")


def signs_and_ids(text: str, lang: str) -> str:
    plus, minus = _SIGN_WORDS[lang]
    if "+" in text or "-" in text or "\u2212" in text:
        text = _SIGN.sub(lambda m: f"{plus if m.group(1) == '+' else minus} ", text)
    return _LONG_ID.sub(lambda m: " ".join(m.group(1)), text)


# --- opening hours ---------------------------------------------------------------------

# "Sklep czynny od 9 do 17", "Otvorené od 9 do 17": bare hours where the sentence speaks
# of opening times, read as clock times ("od dziewiątej do siedemnastej"), not counts.
OPENING_WORDS = {
    "pl": re.compile(r"czynn|otwart|zamknię|godz|pracuj|przyjmuj|dyżur|sklep|biur|kas[ay]", re.I),
    "sk": re.compile(r"otvoren|zatvoren|otváran|hod|pracuj|obchod|pokladň|úrad", re.I),
}
_HOURS_SPAN = {
    "pl": re.compile(
        r"(?<!\w)([Oo]d|[Mm]iędzy)\s([01]?\d|2[0-4])\s(do|a)\s([01]?\d|2[0-4])"
        r"(?=\s*(?:[.,;!?)]|$|\s(?:rano|wieczorem|w\b|we\b|i\b|oraz\b)))"
    ),
    "sk": re.compile(
        r"(?<!\w)([Oo]d)\s([01]?\d|2[0-4])\s(do)\s([01]?\d|2[0-4])"
        r"(?=\s*(?:[.,;!?)]|$|\s(?:ráno|večer|v\b|vo\b|a\b)))"
    ),
}


def opening_hours(text: str, lang: str) -> str:
    def say(m: re.Match[str]) -> str:
        sentence = m.string[max(0, m.start() - 60) : m.end() + 30]
        if not OPENING_WORDS[lang].search(sentence):
            return m.group()
        return f"{m.group(1)} {m.group(2)}:00 {m.group(3)} {m.group(4)}:00"

    return _HOURS_SPAN[lang].sub(say, text)
