"""`normalize_text`: what people write, as the words the model should say."""

from __future__ import annotations

import pytest
from num2words import CONVERTER_CLASSES

from model_layer.constants import ALL_LANGUAGE_CODES, LANGUAGES
from model_layer.text import normalize_text, numbers, spell
from model_layer.text.numbers import SPELLED_LANGUAGES

EN = [
    ("I have 3 apples.", "I have three apples."),
    ("It is 1,234 km.", "It is one thousand two hundred and thirty-four kilometers."),
    ("Pi is 3.14", "Pi is three point one four"),
    ("It was -5 outside", "It was minus five outside"),
    ("The 1st, 2nd, 3rd and 21st", "The first, second, third and twenty-first"),
    ("$5", "five dollars"),
    ("$5.50", "five dollars fifty cents"),
    ("$0.99 and $1", "ninety-nine cents and one dollar"),
    ("€20, £3, ¥100", "twenty euros, three pounds, one hundred yen"),
    ("5 USD", "five dollars"),
    ("$2.5 million", "two point five million dollars"),
    ("50% off", "fifty percent off"),
    ("in 1999", "in nineteen ninety-nine"),
    ("Since 2024,", "Since twenty twenty-four,"),
    ("the 1990s and 80s", "the nineteen nineties and eighties"),
    ("2024-03-05", "March fifth, twenty twenty-four"),
    ("March 5, 2024", "March fifth, twenty twenty-four"),
    ("at 14:30", "at fourteen thirty"),
    ("at 3:30 pm", "at three thirty P M"),
    ("at 3 p.m. today", "at three P M today"),
    ("at 9:05", "at nine oh five"),
    ("at 10:00", "at ten o'clock"),
    ("at 18:00", "at eighteen hundred"),
    ("Tom & Jerry", "Tom and Jerry"),
    ("2 + 2 = 4", "two plus two equals four"),
    ("It is 20°C", "It is twenty degrees Celsius"),
    ("Use the API", "Use the A P I"),
    ("Two APIs", "Two A P eyes"),
    ("NASA and the FBI", "NASA and the F B I"),
    ("OK then", "okay then"),
    ("World War II", "World War two"),
    ("THIS IS SO COOL", "THIS IS SO COOL"),
    ("call 007", "call zero zero seven"),
    ("a 10km run", "a ten kilometer run"),
    ("COVID-19", "COVID-nineteen"),
    # Plain text has no markup: what looks like a tag is read like any other text.
    ('wait <break time="1s"/> 5', 'wait <break time="one s"/> five'),
    ("<say-as 12> 12", "<say-as twelve> twelve"),
    ("if x < 5 and y > 2", "if x < five and y > two"),
]


@pytest.mark.parametrize(("text", "expected"), EN)
def test_english(text: str, expected: str) -> None:
    assert normalize_text(text, "en") == expected


def test_lexicon_is_applied_first_and_wins() -> None:
    lexicon = {"SQL": "sequel", "Dr": "Doctor", "5G": "five gee"}
    text = "Dr Who uses SQL and 5G, not MySQL or Drs."
    assert normalize_text(text, "en", lexicon) == (
        "Doctor Who uses sequel and five gee, not MySQL or Drs."
    )


def test_lexicon_applies_inside_angle_brackets() -> None:
    assert normalize_text("<SQL> SQL", "en", {"SQL": "sequel"}) == "<sequel> sequel"


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("de", "1.234 und 3,5", "eintausendzweihundertvierunddreißig und drei Komma fünf"),
        ("de", "-7 Grad", "minus sieben Grad"),
        ("de", "50 %", "fünfzig Prozent"),
        ("de", "20 €", "zwanzig Euro"),
        ("de", "am 3. Mai", "am dritten Mai"),
        ("de", "um 14:30", "um vierzehn Uhr dreißig"),
        ("de", "im Jahr 1999", "im Jahr neunzehnhundertneunundneunzig"),
        ("fr", "1\u202f234,5", "mille deux cent trente-quatre virgule cinq"),
        ("fr", "le 1er et la 1re", "le premier et la première"),
        ("fr", "20 €", "vingt euros"),
        ("es", "21 y 1.000", "veintiuno y mil"),
        ("es", "la 1ª vez", "la primera vez"),
        ("ko", "1,234 그리고 3.5", "천이백삼십사 그리고 삼 점 오"),
        ("ko", "₩100", "백 원"),
        ("ja", "¥100", "ひゃくえん"),
        ("tr", "%50", "yüzde elli"),
        ("vi", "-7", "âm bảy"),
        ("it", "3,14", "tre virgola quattordici"),
    ],
)
def test_other_languages(lang: str, text: str, expected: str) -> None:
    assert normalize_text(text, lang) == expected


def test_unknown_language_keeps_digits() -> None:
    assert normalize_text("5 2024-03-05 3,5 $5", "na").startswith("5 2024-03-05 3,5")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("bg", "пет"), ("el", "πέντε"), ("et", "viis"), ("hi", "पाँच"), ("hr", "pet"), ("ar", "خمسة")],
)
def test_languages_num2words_lacks_are_spelled_by_our_own(lang: str, expected: str) -> None:
    # These had no num2words converter (ar: a wrong one) and kept their digits before.
    assert normalize_text("5", lang) == expected
    assert numbers.cardinal("5", lang) == expected


def test_every_language_survives_a_hard_text() -> None:
    text = (
        "Paid $1,234.56 (€5, £3, ¥100, 7 USD) on 2024-03-05 at 14:30 / 3:30 pm, "
        "-12.5% of 1.234.567,89 or 10**30 = 1" + "0" * 40 + ", the 21st & 1er 1º, "
        "5. März 1999 05.03.2024 %50 1990s <tag 5> 20°C API"
    )
    for lang in ALL_LANGUAGE_CODES:
        assert isinstance(normalize_text(text, lang), str)
    assert normalize_text("5", "xx") == "5"  # unknown code: nothing to do, no error


def test_every_language_is_spelled() -> None:
    # num2words lacks bg, el, et, hi, hr (and errs in ar): model_layer/text/spell says those.
    assert {"bg", "el", "et", "hi", "hr"}.isdisjoint(CONVERTER_CLASSES)
    assert {"ar", "bg", "el", "et", "hi", "hr"} == spell.LANGUAGES
    assert frozenset(LANGUAGES) == SPELLED_LANGUAGES
