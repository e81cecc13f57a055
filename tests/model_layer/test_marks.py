"""Speech marks from plans of arbitrary text: offsets always inside the text, in order, and
times always the plan's chunk times."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import model_layer
from model_layer import EmptyTextError, EngineSettings, Synthesizer
from model_layer.marks import chunk_times, speech_marks

WORDS = st.sampled_from(
    ["Hello", "world", "$20.50", "7:45", "Dr.", "3", "May", "2024", "naïve", "l'été", "—", "…",
     "OK!", "well,", "yes;", "no?", "🙂", "東京", "は", "안녕", "Привет", "\n\n", "  ", "e.g.,"]
)  # fmt: skip


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path) -> Synthesizer:
    return model_layer.load(tiny_model_dir, EngineSettings(warmup=False, max_chunk_chars=40))


@given(st.lists(WORDS, min_size=1, max_size=60).map(" ".join), st.sampled_from(["en", "de"]))
def test_marks_stay_inside_the_text_and_follow_the_plan(
    synthesizer: Synthesizer, text: str, lang: str
) -> None:
    try:
        plan = synthesizer.plan(text, lang=lang, seed=1)
    except EmptyTextError:
        return
    marks = speech_marks(plan, word_marks=True)
    assert marks.source_text == text
    sentences = [mark for mark in marks.marks if mark.type == "sentence"]
    assert len(sentences) == len(plan.chunks)
    previous_end = 0
    for mark, (start, end) in zip(sentences, chunk_times(plan), strict=True):
        assert (mark.start, mark.end) == (round(start, 6), round(end, 6))
        assert previous_end <= mark.text_start <= mark.text_end <= len(text)
        assert text[mark.text_start : mark.text_end] == mark.text
        previous_end = mark.text_end
    for mark in marks.marks:
        assert 0 <= mark.start <= mark.end <= marks.duration_seconds + 1e-6


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "The meeting is at 10:30 on May 5, 2024, and costs $12.50 for everyone.",
            ["The meeting is at 10:30 on May 5,", "2024, and costs $12.50 for everyone."],
        ),
        (
            "We paid 1,250 dollars, or 2024 times more, and then 3,750 more again.",
            ["We paid 1,250 dollars,", "or 2024 times more,", "and then 3,750 more again."],
        ),
    ],
)
def test_a_chunk_cut_after_punctuation_starts_after_it_in_the_written_text(
    tiny_model_dir: Path, text: str, sentences: list[str]
) -> None:
    """Spoken numbers are longer than written ones: going back from the aligned words by
    the spoken characters must not land inside an earlier number."""
    settings = EngineSettings(warmup=False, max_chunk_chars=70, first_chunk_chars=40)
    plan = model_layer.load(tiny_model_dir, settings).plan(text, lang="en", seed=1)
    assert [m.text for m in speech_marks(plan).marks if m.type == "sentence"] == sentences
