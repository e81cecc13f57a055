"""ar, bg, el, et, hi and hr: the six languages that had their own pipeline (the former
langs/_rules.py) now run on the one engine; what that pipeline guaranteed stays tested."""

# Dashes and letters that look like ASCII ones are the point of these inputs.
# ruff: noqa: RUF001

from __future__ import annotations

import importlib
import random

import pytest

from model_layer.text import normalize_text
from model_layer.text.langs import normalizer_for
from model_layer.text.shapes.roman import value as roman_value

OWN_LANGUAGES = ("ar", "bg", "el", "et", "hi", "hr")
# Pieces people write, glued at random: no combination may raise or lose the text.
PIECES = (
    "0", "1", "5", "12", "999", "2024", " ", ".", ",", ":", "-", "–", "/", "+", "%", "$", "€",
    "£", "¥", "₹", "°C", "km", "лв.", "kn", "ر.س", "٣", "٫", "٬", "٪", "२", "1 000", "1,00,000",
    "1.000.000,5", "05.03.2024", "2024-03-05", "14:30", "+359 ", "0888 ", "XXI", "век", "21-ви",
    "5. ", "1ος", "5वाँ", "v1.2", "&", "=", "الساعة ", "و", "\u00a0", "abc", "x",
)  # fmt: skip


@pytest.mark.parametrize("lang", OWN_LANGUAGES)
def test_each_is_a_spec_on_the_engine(lang: str) -> None:
    module = importlib.import_module(f"model_layer.text.langs.{lang}")
    assert module.LANGUAGE.spec.code == lang
    assert normalizer_for(lang) == module.LANGUAGE.normalize


@pytest.mark.parametrize("lang", OWN_LANGUAGES)
def test_never_raises_and_keeps_the_letters(lang: str) -> None:
    rng = random.Random(lang)
    for _ in range(400):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 30)))
        out = normalize_text(text, lang)
        assert isinstance(out, str)
        assert "abc" not in text or "abc" in out
        assert "\0" not in out


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        # The dot of "лв." also ends the sentence: kept; mid-sentence: dropped.
        ("bg", "Струва 5 лв.", "Струва пет лева."),
        ("bg", "Струва 5 лв. Утре повече.", "Струва пет лева. Утре повече."),
        ("bg", "Струва 5 лв. на ден", "Струва пет лева на ден"),
        # English-style grouping in a comma language is read as meant.
        (
            "hr",
            "Platio je $1,234.56.",
            "Platio je tisuću dvjesto trideset četiri dolara i pedeset šest centi.",
        ),
        # A falling pair is no range: both numbers are said, the dash stays.
        ("hr", "Rezultat je 3-1.", "Rezultat je tri-jedan."),
        ("el", "COVID-19", "COVID-δεκαεννέα"),
        # More than 15 digits, or a leading zero: digit by digit.
        ("et", "kood 0042", "kood null null neli kaks"),
        ("bg", "1" + "0" * 16, "едно " + " ".join(["нула"] * 16)),
        ("ar", "و١٥ درهم", "وخمسة عشر درهمًا"),
        ("hi", "₹२५० और ₹2.5 लाख", "दो सौ पचास रुपये और दो दशमलव पाँच लाख रुपये"),
    ],
)
def test_rules(lang: str, text: str, expected: str) -> None:
    assert normalize_text(text, lang) == expected


def test_lexicon_entries_pass_through() -> None:
    # Plain text has no markup (SSML is its own text_type), so only lexicon entries are kept.
    out = normalize_text("5 API", "bg", {"API": "ей пи ай"})
    assert out == "пет ей пи ай"


def test_helpers() -> None:
    assert [roman_value(r) for r in ("I", "IV", "IX", "XIV", "XXI", "MCMXCIX")] == [
        1, 4, 9, 14, 21, 1999,
    ]  # fmt: skip
    # Arabic-Indic, Persian and Devanagari digits are read as digits
    assert normalize_text("٣٤٥ ۹", "ar") == "ثلاثمئة وخمسة وأربعون تسعة"
    assert normalize_text("४२", "hi") == "बयालीस"
