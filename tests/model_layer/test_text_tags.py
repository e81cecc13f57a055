# ruff: noqa: RUF001  (the test data is multilingual text)
"""Expression tags (`<laugh>` ...) are atomic and case-folded in every pass."""

from __future__ import annotations

import pytest

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.errors import InvalidSsmlError
from model_layer.text import normalize_text, split_into_chunks, tags
from model_layer.text.ssml import parse_ssml

LANGUAGES = [code for code in ALL_LANGUAGE_CODES if code != "na"]

# One sentence per script family, with a number the language's rules rewrite.
SCRIPTS = [
    ("en", "<LAUGH> I paid $5 for the API. <Sigh/>",
     "<laugh> I paid five dollars for the A P I. <sigh>"),
    ("de", "<Laugh> Das kostet 5 €. <sigh>", "<laugh> Das kostet fünf Euro. <sigh>"),
    ("vi", "<laugh> Tôi có 3 con mèo <COUGH>", "<laugh> Tôi có ba con mèo <cough>"),
    ("ru", "<laugh> У меня 5 кошек. <SIGH>", "<laugh> У меня пять кошек. <sigh>"),
    ("el", "<breath> Έχω 3 γάτες. <yawn>", "<breath> Έχω τρεις γάτες. <yawn>"),
    ("ar", "<laugh> لدي 3 سيارات <sad>", "<laugh> لدي ثلاث سيارات <sad>"),
    ("hi", "<laugh> मेरे पास 3 बिल्लियाँ हैं। <Sigh>", "<laugh> मेरे पास तीन बिल्लियाँ हैं। <sigh>"),
    ("ja", "<LAUGH>りんごが3個あります。<sigh>", "<laugh>りんごがさんこあります。<sigh>"),
    ("ko", "<Laugh>사과 3개가 있어요. <surprise>", "<laugh>사과 세 개가 있어요. <surprise>"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text", "expected"), SCRIPTS)
def test_tags_survive_normalization_in_every_script(lang: str, text: str, expected: str) -> None:
    assert normalize_text(text, lang) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tag_is_folded_and_kept_whole_in_every_language(lang: str) -> None:
    written = " ".join(f"<{name.upper()}>" for name in tags.EXPRESSION_TAGS)
    said = normalize_text(f"{written} 7", lang)
    assert said.startswith(" ".join(f"<{name}>" for name in tags.EXPRESSION_TAGS) + " ")
    assert "7" not in said  # the number next to them is still read


def test_lexicons_never_reach_into_a_tag() -> None:
    said = normalize_text("<laugh> I laugh <SAD>", "en", {"laugh": "giggle", "sad": "blue"})
    assert said == "<laugh> I giggle <sad>"


def test_unknown_angle_words_keep_todays_reading() -> None:
    assert normalize_text("a <foo> b <LAUGHS> c", "en") == "a <foo> b <L A U G H S> c"
    assert normalize_text("<laugh> <foo>", "en") == "<laugh> <foo>"


def test_a_tag_does_not_make_text_count_as_shouting() -> None:
    assert normalize_text("<LAUGH> <SIGH> the API works", "en") == (
        "<laugh> <sigh> the A P I works"
    )


def test_fold_and_catalogue() -> None:
    assert tags.fold("<LAUGH/> < Sigh > <throatClear />") == "<laugh> <sigh> <throatclear>"
    assert [t.text for t in tags.catalogue()][:3] == ["<laugh>", "<breath>", "<surprise>"]
    described = tags.describe()
    assert len(described["tags"]) == 10
    assert described["best_languages"] == ["ko", "en", "ja"]
    assert "sentence" in described["placement"]


# --- chunking -----------------------------------------------------------------


@pytest.mark.parametrize("offset", range(0, 12))
def test_the_hard_cut_never_splits_a_tag(offset: int) -> None:
    text = "x" * (20 + offset) + "<throatclear>" + "y" * 40
    chunks = split_into_chunks(text, "en", 30)
    assert "".join(chunks) == text
    assert sum(c.count("<throatclear>") for c in chunks) == 1
    assert all(("<" in c) == (">" in c) for c in chunks)


def test_a_trailing_tag_stays_with_its_sentence() -> None:
    text = "Hello there my friend. That is so funny. <laugh>"
    assert split_into_chunks(text, "en", 25) == [
        "Hello there my friend.",
        "That is so funny. <laugh>",
    ]


def test_a_tag_stays_with_the_word_it_is_written_against() -> None:
    chunks = split_into_chunks("abc abc abc abc abc <sigh> def", "en", 22)
    assert chunks == ["abc abc abc abc", "abc <sigh> def"]
    chunks = split_into_chunks("one two three four <laugh> five six seven", "en", 24)
    assert all(not c.endswith("<laugh>") and not c.startswith("<laugh>") for c in chunks)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ja", "今日はとても良い天気ですね" * 4 + "<laugh>" + "明日も晴れるといいですね" * 4),
        ("ko", "오늘은날씨가정말좋네요" * 6 + "<sigh>" + "내일도맑으면좋겠어요" * 6),
    ],
)
def test_cjk_runs_are_cut_around_a_tag(lang: str, text: str) -> None:
    chunks = split_into_chunks(text, lang)
    joined = "".join(chunks)
    assert joined == text
    tag = "<laugh>" if "<laugh>" in text else "<sigh>"
    assert sum(c.count(tag) for c in chunks) == 1


# --- SSML -----------------------------------------------------------------------


def test_ssml_takes_tags_as_empty_elements() -> None:
    spoken = parse_ssml("<speak><Laugh/>Hello <s>there <sigh/></s></speak>", lang="en", speed=1.0)
    assert [(s.text, s.protected) for s in spoken.spans] == [
        ("<laugh>", True),
        ("Hello ", False),
        ("there ", False),
        ("<sigh>", True),
    ]


@pytest.mark.parametrize(
    ("document", "reason"),
    [
        ("<speak><laugh>ha</laugh></speak>", "<laugh> must be empty"),
        ('<speak><laugh loud="1"/></speak>', "no attribute 'loud'"),
        ("<speak><giggle/></speak>", "unknown tag <giggle>"),
    ],
)
def test_ssml_tag_errors(document: str, reason: str) -> None:
    with pytest.raises(InvalidSsmlError, match=reason):
        parse_ssml(document, lang="en", speed=1.0)
