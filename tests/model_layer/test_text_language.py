# ruff: noqa: RUF001  (the test data is multilingual text, look-alike letters included)
"""`detect_language`: a language only where the script settles it, else `na`."""

from __future__ import annotations

import pytest

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.text import detect_language


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("안녕하세요, 세계!", "ko"),
        ("大韓民國 헌법 제1조", "ko"),
        ("今日はいい天気ですね。", "ja"),
        ("カタカナ", "ja"),
        ("東京都 新宿区 です", "ja"),
        ("Καλημέρα κόσμε", "el"),
        ("नमस्ते दुनिया", "hi"),
        ("مرحبا بالعالم", "ar"),
        ("Привіт, як справи? Їжак", "uk"),
        ("Мы были рады это слышать", "ru"),
        ("България е държава", "bg"),
        ("Árvíztűrő tükörfúrógép", "hu"),
        ("Příliš žluťoučký kůň", "cs"),
        ("Zażółć gęślą jaźń", "pl"),
        ("Științe și țări", "ro"),
        ("Günaydın, nasılsın?", "tr"),
        ("Tiếng Việt có dấu", "vi"),
        ("Ķēķis un ļoti labs", "lv"),
        ("Ačiū, gėlė ir žąsų", "lt"),
        ("Ľúbostná báseň", "sk"),
        ("Die Straße ist lang", "de"),
        ("Rødgrød med fløde", "da"),
        ("¿Qué tal? Mañana", "es"),
        ("Un cœur d'or", "fr"),
        ("Tõde ja õigus, käsi", "et"),
        ("Här är en båt", "sv"),
        ("Não é coração", "pt"),
        ("Đakovo je grad, ćevapi", "hr"),
    ],
)
def test_unambiguous_scripts_and_letters(text: str, lang: str) -> None:
    assert detect_language(text) == lang


@pytest.mark.parametrize(
    "text",
    [
        "Hello, how are you?",  # en, id, nl, it... all plain Latin
        "Ciao, come stai?",
        "Привет",  # Cyrillic without a decisive letter
        "中文文本",  # Han only: Chinese or Japanese
        "سلام، چطوری؟",  # Persian letters: not Arabic
        "Zażółć ěř",  # Polish and Czech letters together
        "Schön",  # ö: de, fi, et, hu, sv, tr
        "",
        "12345 !?",
        "สวัสดี",
    ],
)
def test_ambiguous_gives_na(text: str) -> None:
    assert detect_language(text) == "na"


def test_result_is_always_a_known_code() -> None:
    for text in ["abc", "ąę", "ş", "ă", "đ", "å", "õ", "ã", "ёж", "ъ"]:
        assert detect_language(text) in ALL_LANGUAGE_CODES
