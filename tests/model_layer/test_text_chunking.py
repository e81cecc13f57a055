# ruff: noqa: RUF001  (the test data is multilingual text, look-alike letters included)
"""`split_into_chunks`: bounded chunks, nothing lost, sensible cut points."""

from __future__ import annotations

import random

import pytest

from model_layer.text import split_into_chunks
from model_layer.text.chunking import ends_phrase


def squash(text: str) -> str:
    return "".join(text.split())


def check(text: str, lang: str, max_chars: int, **kwargs: int) -> list[str]:
    chunks = split_into_chunks(text, lang, max_chars, **kwargs)
    assert all(0 < len(c) <= max_chars for c in chunks), [len(c) for c in chunks]
    assert all(c == c.strip() for c in chunks)
    assert squash("".join(chunks)) == squash(text)
    return chunks


def test_short_text_is_one_chunk() -> None:
    assert split_into_chunks("Hello there. How are you?", "en") == ["Hello there. How are you?"]


def test_sentences_are_packed_greedily() -> None:
    text = "One two three. Four five six! Seven eight nine? Ten eleven twelve."
    assert check(text, "en", 30) == [
        "One two three. Four five six!",
        "Seven eight nine?",
        "Ten eleven twelve.",
    ]


def test_paragraphs_are_never_merged() -> None:
    assert check("First.\n\nSecond.\n \n\nThird.", "en", 100) == ["First.", "Second.", "Third."]


def test_abbreviations_initials_and_decimals_are_not_split() -> None:
    text = (
        "Mr. Smith met Dr. Jones at 3.5 p.m. on Baker St. near J. R. R. Tolkien's house, "
        "e.g. the U.S. one. Then they left."
    )
    chunks = check(text, "en", 100)
    assert chunks[0].endswith("the U.S. one.")
    assert chunks[1] == "Then they left."


def test_long_sentence_splits_at_clauses_then_spaces() -> None:
    text = "alpha beta gamma, delta epsilon zeta; eta theta iota kappa lambda mu nu xi omicron."
    chunks = check(text, "en", 40)
    assert chunks[0] == "alpha beta gamma, delta epsilon zeta;"


def test_sentence_of_2000_chars_without_punctuation() -> None:
    rng = random.Random(0)
    words = ["".join(rng.choices("abcdefgh", k=rng.randint(1, 9))) for _ in range(400)]
    text = " ".join(words)[:2000]
    chunks = check(text, "en", 160)
    assert all(not c.startswith(" ") for c in chunks)
    # cut at spaces only: every chunk is made of whole words
    assert " ".join(chunks).split() == text.split()


def test_single_500_char_word() -> None:
    word = "x" * 500
    chunks = check(f"Start. {word} end.", "en", 160)
    assert chunks[0] == "Start."
    assert max(len(c) for c in chunks) == 160


def test_cjk_without_spaces() -> None:
    text = "今日は良い天気ですね。" * 30 + "句読点のない長い文" * 40
    chunks = check(text, "ja", 100)
    assert chunks[0].endswith("。")
    assert all(len(c) <= 100 for c in chunks)


def test_korean_default_limit() -> None:
    text = "안녕하세요. 오늘은 날씨가 좋네요! " * 20
    chunks = check(text, "ko", 120)
    assert chunks == split_into_chunks(text, "ko")


def test_default_limits() -> None:
    text = "word " * 500
    assert max(len(c) for c in split_into_chunks(text, "en")) <= 160
    assert max(len(c) for c in split_into_chunks(text, "ko")) <= 120
    assert max(len(c) for c in split_into_chunks("漢字" * 300, "ja")) <= 100


def test_other_sentence_marks() -> None:
    assert check("नमस्ते। आप कैसे हैं। ठीक हूँ।", "hi", 12)[0] == "नमस्ते।"
    assert check("كيف حالك؟ أنا بخير.", "ar", 10)[0] == "كيف حالك؟"
    assert check("你好！我很好。谢谢你的帮助。", "na", 10) == ["你好！我很好。", "谢谢你的帮助。"]


def test_first_chunk_can_be_shorter() -> None:
    text = "This is the first sentence of the text. " * 10
    chunks = check(text, "en", 160, first_chunk_max_chars=40)
    assert chunks[0] == "This is the first sentence of the text."
    assert len(chunks[1]) > 100


def test_empty_and_too_small_limits() -> None:
    assert split_into_chunks(" \n\n ", "en") == []
    with pytest.raises(ValueError):
        split_into_chunks("text", "en", 5)
    with pytest.raises(ValueError):
        split_into_chunks("text", "en", 100, first_chunk_max_chars=3)


def test_random_texts_keep_every_character() -> None:
    rng = random.Random(42)
    pool = [*"abc de fg. h, i! j? k; 3.5 Mr. \n\n 。、가나 ", "—"]
    for _ in range(200):
        text = "".join(rng.choices(pool, k=rng.randint(0, 600)))
        check(text, rng.choice(["en", "ja", "ko"]), rng.randint(10, 80))


def test_first_chunk_ends_at_the_first_boundary_after_n_characters() -> None:
    text = (
        "Hi. This is short, but this part is longer. "
        "Then the rest of the text goes on, sentence after sentence, as usual."
    )
    plain = check(text, "en", 160)
    chunks = check(text, "en", 160, first_chunk_min_chars=25)
    # "Hi." and "This is short," end before 25 characters; the sentence after them does not.
    assert chunks[0] == "Hi. This is short, but this part is longer."
    assert chunks[1:] == check(text[len(chunks[0]) :], "en", 160)
    assert plain == [text]


def test_first_chunk_takes_a_clause_when_it_comes_first() -> None:
    text = "Once upon a time in a land far away, there lived a king who had three daughters."
    chunks = check(text, "en", 160, first_chunk_min_chars=30)
    assert chunks == [
        "Once upon a time in a land far away,",
        "there lived a king who had three daughters.",
    ]


def test_first_chunk_is_left_alone_without_a_fitting_boundary() -> None:
    no_boundary = "word " * 40  # nothing follows its one long phrase
    short_tail = "A sentence past the minimum. Tail."
    too_far = "x" * 150 + ", and a clause far beyond the first chunk limit"
    single = "One sentence well past twice the minimum length and said alone."
    for text in (no_boundary, short_tail, too_far, single):
        assert check(text, "en", 160, first_chunk_min_chars=20) == check(text, "en", 160)
    # A tail shorter than the minimum is fine when another paragraph follows.
    assert check(short_tail + "\n\nNext.", "en", 160, first_chunk_min_chars=20) == [
        "A sentence past the minimum.",
        "Tail.",
        "Next.",
    ]


def test_a_long_first_sentence_is_cut_between_words_near_its_middle() -> None:
    first = "The city council met on Tuesday evening to review the budget for twenty twenty-five."
    text = first + " After three hours of debate, members approved fourteen of the proposals."
    chunks = check(text, "en", 160, first_chunk_min_chars=40)
    # Within [40, 80] characters, nearest the middle (42), but not after the short "to".
    assert chunks[0] == "The city council met on Tuesday evening to review"
    assert chunks[1:] == check(text[len(chunks[0]) :], "en", 160)
    assert not ends_phrase(chunks[0]) and ends_phrase(chunks[1])
    # A sentence of at most twice the minimum stays whole.
    assert check(text, "en", 160, first_chunk_min_chars=43)[0] == first


def test_random_texts_with_a_short_first_chunk_keep_every_character() -> None:
    rng = random.Random(7)
    pool = [*"abc de fg. h, i! j? k; 3.5 Mr. \n\n 。、가나 ", "—"]
    for _ in range(200):
        text = "".join(rng.choices(pool, k=rng.randint(0, 600)))
        limit = rng.randint(10, 80)
        check(text, rng.choice(["en", "ja", "ko"]), limit, first_chunk_min_chars=rng.randint(1, 60))
