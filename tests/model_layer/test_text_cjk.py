"""Japanese and Korean normalization beyond the golden tables: properties on random
text, the reference preparation, and the shapes the rules must not confuse."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

from model_layer.text import normalize_text, preprocess, split_into_chunks
from model_layer.text.langs import ja, ko, normalizer_for

# Pieces users mix: digits and every separator the rules look at, counters and units of
# both languages, signs, full-width and squared forms, kana, Hangul, Latin, and the
# private-use marks the rules use internally.
_PIECES = [
    *"0123456789" * 4,
    *",.:-/~〜%℃¥$₩€円人本分時日月年万億兆千개명시분원만억조천째번제目つ間살 ()+▲△",
    *"あ가A金금\uff11\uff12\uff05①㎞²°\ue000\ue001",  # full-width 1, 2, %
    "km/h", "USD", "ヶ月", "分の", "분의", "오후", "午前", "PM", "am", "v", "バージョン", "버전",
    "km", "kg", "m²", "°C", "번째", "시간", "\n",
]  # fmt: skip
_MODULES = {"ja": ja, "ko": ko}


def _random_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choices(_PIECES, k=rng.randint(0, 30))) for _ in range(count)]


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_random_mixes_never_raise_and_leave_no_digit(lang: str) -> None:
    # `_normalize` is the module without its safety net: a rule that raises fails here
    # instead of silently returning the text unnormalized.
    rules = _MODULES[lang]._normalize
    for text in _random_texts(seed=8, count=3000):
        out = rules(text)
        assert not re.search(r"[0-9\ue000\ue001]", out), (text, out)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_language_module_is_the_one_used(lang: str) -> None:
    assert normalizer_for(lang) is _MODULES[lang].normalize


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_rule_bug_costs_only_the_normalization(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str) -> str:
        raise RuntimeError("rule bug")

    monkeypatch.setattr(_MODULES[lang], "_normalize", broken)
    assert normalize_text("3人", lang) == "3人"


# Characters the rules write that need not appear in the input: kana, the prolonged
# sound mark, Hangul syllables, the ideographic comma and the few kanji of unit names.
_WRITTEN_KANJI = set("時速華氏午前後対")  # 対: a score, "4対2" (shapes/scores.py)


def _written_char_ok(ch: str) -> bool:
    return (
        "\u3041" <= ch <= "\u30ff"  # hiragana, katakana, ー
        or "\uac00" <= ch <= "\ud7a3"  # Hangul syllables
        or ch in _WRITTEN_KANJI
        or ch in " 、."
    )


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_output_adds_only_characters_the_model_reads(lang: str) -> None:
    for text in _random_texts(seed=9, count=1500):
        # Full-width and squared forms fold as the reference's NFKD folds them anyway.
        written = set(text) | set(unicodedata.normalize("NFKC", text))
        added = set(normalize_text(text, lang)) - written
        assert all(_written_char_ok(ch) for ch in added), (text, added)


_SENTENCES = {
    "ja": [
        "2024年3月15日(金)の午後3:30から、3〜5人で¥1,500のランチ。",
        "気温は-5℃、時速60km/hで10分、6本と3匹と1人。",
        "電話は090-1234-5678、v1.2.3を50%オフで。",
    ],
    "ko": [
        "2024년 3월 15일(금) 오후 3:30부터 3~5명이 ₩15,000짜리 점심을 먹었다.",
        "기온은 -5℃, 시속 60km/h로 10분, 사과 2개와 고양이 3마리.",
        "전화는 010-1234-5678, v1.2.3을 50% 할인해서 샀다.",
    ],
}


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_output_survives_the_reference_preparation(lang: str) -> None:
    """NFKD decomposes kana with dakuten and Hangul syllables, which the model was trained
    on; recomposed, the prepared text is exactly the normalized one: nothing is dropped
    or respaced (no space before punctuation, no "/" or "_" left for it to rewrite)."""
    for sentence in _SENTENCES[lang]:
        out = normalize_text(sentence, lang)
        prepared = preprocess(out, lang)
        assert unicodedata.normalize("NFC", prepared) == f"<{lang}>{out}</{lang}>"
        assert not re.search(r"\d", out)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_chunks_of_normalized_text_keep_every_character(lang: str) -> None:
    text = " ".join(normalize_text(s, lang) for s in _SENTENCES[lang] * 4)
    chunks = split_into_chunks(text, lang)
    assert "".join(chunks).replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        # Numbers glued to kana, kanji and Hangul are still numbers.
        ("ja", "会議は9:05から", "会議はくじごふんから"),
        ("ja", "今日は3/15です", "今日はさんがつじゅうごにちです"),
        ("ko", "회의는9:05부터", "회의는아홉 시 오 분부터"),
        # A hyphen after a number joins a range; after kana or a space it is a sign.
        ("ja", "3-5と-5", "さんからごとマイナスご"),
        ("ko", "기온 -3℃에서 2℃", "기온 영하 삼 도에서 이 도"),
        # The unit's word said once when the text already says it.
        ("ja", "時速60km/h", "時速ろくじゅっキロメートル"),
        ("ko", "시속 60km/h", "시속 육십 킬로미터"),
        # Latin units end their word: "5min" is minutes, "5mm" millimetres.
        ("ja", "5min、5mm", "ごふん、ごミリメートル"),
        # A date's trailing period is kept after an ISO date, eaten by a dotted one.
        ("ja", "2024-03-15.", "にせんにじゅうよねんさんがつじゅうごにち."),
        # Identifiers: leading zeros and very long runs are read digit by digit.
        ("ja", "007", "ゼロゼロなな"),
        ("ko", "1" + "0" * 20, "일" + "공" * 20),
        # V8 is an engine, V1.2 a version; 영하 is for temperatures only.
        ("ja", "V8とV1.2", "Vはちとバージョンいってんに"),
        ("ko", "-5°와 -5℃", "마이너스 오 도와 영하 오 도"),
        # Counters that read their numbers differently in the same sentence.
        ("ko", "3시 3분 3초에 3명", "세 시 삼 분 삼 초에 세 명"),
        ("ja", "1人で1日1本", "ひとりでいちにちいっぽん"),
    ],
)
def test_shapes_the_rules_must_tell_apart(lang: str, text: str, expected: str) -> None:
    assert normalize_text(text, lang) == expected
