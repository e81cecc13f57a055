# ruff: noqa: RUF001  (Cyrillic examples)
"""The shared rules (model_layer/text/shapes): properties the golden tables cannot show."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from model_layer.text import normalize_text
from model_layer.text.passes import apply_rules as apply
from model_layer.text.shapes import agreement, east_slavic_agreement, fractions, phones

RULE_LANGUAGES = sorted(agreement.LANGUAGES | fractions.LANGUAGES | {"ko", "sv", "hu"})
_PIECES = st.sampled_from(
    ["1", "2", "21", "300", " ", "/", "1/2", "-", "+", "(", ")", ".", ",", "km", "casas",
     "книги", "książki", "de", "of", "call", "112", "0", "555", "\u00a0", "á", "é"]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=30).map("".join), st.sampled_from(RULE_LANGUAGES))
def test_rules_never_raise_and_leave_text_without_digits_alone(text: str, lang: str) -> None:
    said = apply(text, lang)
    assert isinstance(said, str)
    if not any(ch.isdigit() for ch in text):
        assert said == text


@given(st.text(max_size=200), st.sampled_from(RULE_LANGUAGES))
def test_rules_survive_any_text(text: str, lang: str) -> None:
    assert isinstance(apply(text, lang), str)


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("pl", "2 min", "dwie minuty"),  # the module's unit, not a noun to agree with
        ("ru", "в 2024 году", "в две тысячи двадцать четвёртом году"),  # a year
        ("ru", "с 1 по 3 мая", "с первого по третье мая"),  # a date
        ("es", "el 3 de mayo", "el tres de mayo"),
    ],
)
def test_agreement_leaves_what_the_language_module_reads_together(
    lang: str, text: str, expected: str
) -> None:
    assert normalize_text(text, lang) == expected


def test_without_pymorphy3_russian_reads_the_plain_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(east_slavic_agreement, "analyzer", lambda lang: None)
    agreement._MODULE_CACHE.clear()
    assert normalize_text("2 книги", "ru") == "два книги"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "On 2024-03-15 we met."),
        ("de", "Am 05.03.2024 war es."),
        ("fr", "Le 1/5 est férié."),
        ("en", "It is 24/7."),
        ("es", "Hay 1 234 567 habitantes."),
        ("en", "Version 1.2.3.4 is out."),
    ],
)
def test_phone_shapes_that_are_dates_numbers_or_versions_are_left_alone(
    lang: str, text: str
) -> None:
    assert phones.read_phones(text, lang) == text
    assert fractions.read_fractions(text, lang, None) == text
