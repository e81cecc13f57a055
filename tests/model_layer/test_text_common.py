# ruff: noqa: RUF001  (multilingual test data)
"""The shared building blocks of `langs/common.py`, and the driver's use of them."""

from __future__ import annotations

import re

import pytest

from model_layer.text import normalize_text
from model_layer.text.langs import common


@pytest.mark.parametrize(
    ("style", "text", "digits"),
    [
        (common.POINT_DECIMAL, "1,234,567.89", ("1234567", "89")),
        (common.COMMA_DECIMAL, "1.234.567,89", ("1234567", "89")),
        (common.COMMA_DECIMAL, "3.5", ("3", "5")),
        (common.SPACE_GROUPED, "1 234 567,5", ("1234567", "5")),
        (common.SPACE_GROUPED, "1\u00a0234", ("1234", None)),
        (common.SPACE_GROUPED, "12\u202f345,25", ("12345", "25")),
    ],
)
def test_number_styles(style: common.NumberStyle, text: str, digits: tuple) -> None:
    m = re.fullmatch(style.pattern("n"), text)
    assert m is not None
    assert style.digits(m, "n") == digits


def test_a_space_groups_only_threes() -> None:
    pattern = re.compile(common.SPACE_GROUPED.pattern("n"))
    assert [m.group() for m in pattern.finditer("3 apples, 12 34 and 5 000")] == [
        "3", "12", "34", "5 000",
    ]  # fmt: skip


def _digits(digits: str) -> str:
    return " ".join(digits)


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        ("555-123-4567", "5 5 5, 1 2 3, 4 5 6 7"),
        ("+49 30 1234567", "plus 4 9, 3 0, 1 2 3 4 5 6 7"),
        ("(020) 7946 0958", "0 2 0, 7 9 4 6, 0 9 5 8"),
    ],
)
def test_phone_numbers(text: str, spoken: str) -> None:
    m = common.PHONE.fullmatch(text)
    assert m is not None
    assert common.read_phone(m, _digits, "plus") == spoken


@pytest.mark.parametrize("text", ["1 234 567", "10 20 30", "1.000.000"])
def test_grouped_numbers_are_not_phones(text: str) -> None:
    m = common.PHONE.fullmatch(text)
    assert m is None or common.read_phone(m, _digits, "plus") is None


def test_versions() -> None:
    assert common.read_version("3.10.02", str, "point") == "3 point 10 point 0 2"
    assert common.VERSION.search("v1.2.3 and 1.2").group("parts") == "1.2.3"
    assert common.version_after("Python").search("Python 3.12").group("parts") == "3.12"


@pytest.mark.parametrize(
    ("lang", "text", "spoken"),
    [
        ("en", "Mail anna.b@example.co.uk.", "Mail anna dot b at example dot co dot u k."),
        ("de", "Schreib an info@firma.de.", "Schreib an info ät firma Punkt d e."),
        ("fr", "Voir https://exemple.fr/aide", "Voir exemple point f r slash aide"),
        ("es", "Escribe a hola@correo.es", "Escribe a hola arroba correo punto e s"),
        ("ru", "Пишите на info@mail.ru", "Пишите на info собака mail точка r u"),
    ],
)
def test_addresses_are_read_in_the_language(lang: str, text: str, spoken: str) -> None:
    assert normalize_text(text, lang) == spoken


def test_digits_in_addresses_are_read_one_by_one() -> None:
    assert normalize_text("see www.site2024.com", "en") == (
        "see w w w dot site two zero two four dot com"
    )


def test_every_language_has_spoken_symbols() -> None:
    from model_layer.constants import LANGUAGES

    assert set(common.SPOKEN_SYMBOLS) == set(LANGUAGES)


@pytest.mark.parametrize(
    ("lang", "text", "spoken"),
    [
        ("de", "Die API der ARD", "Die A P I der A R D"),
        ("ru", "США и ООН подписали договор", "С Ш А и О О Н подписали договор"),
        ("fr", "La NASA et la SNCF", "La NASA et la S N C F"),
        ("ja", "APIです", "APIです"),  # no capitals in the script: left to the module
    ],
)
def test_acronyms_across_languages(lang: str, text: str, spoken: str) -> None:
    assert normalize_text(text, lang) == spoken


def test_shouting_is_not_spelled() -> None:
    assert common.is_shouting("STOP THAT NOW")
    assert normalize_text("STOP THAT NOW", "de") == "STOP THAT NOW"


def test_currency_tables_agree() -> None:
    assert set(common.CURRENCY_SYMBOLS.values()) <= common.CURRENCY_CODES


def test_abbreviations_keep_a_sentence_end() -> None:
    table = common.Abbreviations({"usw.": "und so weiter", "z.B.": "zum Beispiel"}, ["usw."])
    assert table.expand("Äpfel, Birnen usw. Wir mögen sie.") == (
        "Äpfel, Birnen und so weiter. Wir mögen sie."
    )
    assert table.expand("z.B. Äpfel usw. und mehr") == "zum Beispiel Äpfel und so weiter und mehr"
    assert table.expand("Fusw. z.Bx") == "Fusw. z.Bx"  # whole tokens only


def test_dotted_initials() -> None:
    assert common.spell_dotted_initials("The U.S. and the U.K. Then more.") == (
        "The U S and the U K. Then more."
    )
