"""Clause-first streaming: a streamed answer's first chunk is its first clause, in every
script's punctuation, never inside a number, tag or lexicon output; buffered answers are
chunked exactly as before (pinned from the chunker before clause-first existed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from model_layer import EngineSettings, load
from model_layer.text.chunking import first_clause_end, split_into_chunks

PINNED = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "buffered_chunks.json").read_text(encoding="utf-8")
)
FIRST_CLAUSES = [
    "Sure, I can help with that.",
    "Your order of one thousand two hundred and fifty items,",
    "Guten Morgen!",
    "こんにちは、",
    "안녕하세요,",
    "مرحبا، كيف حالك اليوم؟",
    "नमस्ते, आज मौसम बहुत अच्छा है।",
    "This sentence has no clause marks at all and simply keeps",
]


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path):  # type: ignore[no-untyped-def]
    return load(tiny_model_dir, EngineSettings(warmup=False, language_identifier=False))


def test_buffered_plans_are_chunked_as_before(synthesizer) -> None:  # type: ignore[no-untyped-def]
    for lang, text, chunks in PINNED:
        plan = synthesizer.plan(text, lang=lang, seed=1, durations=False)
        assert [chunk.text for chunk in plan.chunks] == chunks, (lang, text)


def test_a_streamed_plan_opens_with_its_first_clause(synthesizer) -> None:  # type: ignore[no-untyped-def]
    assert len(PINNED) == len(FIRST_CLAUSES)
    for (lang, text, buffered), first in zip(PINNED, FIRST_CLAUSES, strict=True):
        plan = synthesizer.plan(text, lang=lang, seed=1, durations=False, first_clause=True)
        chunks = [chunk.text for chunk in plan.chunks]
        assert chunks[0] == first, (lang, chunks)
        # Nothing lost or added: the same words, only cut elsewhere.
        assert re.sub(r"\s+", "", "".join(chunks)) == re.sub(r"\s+", "", "".join(buffered))


def test_buffered_audio_is_the_unchanged_plans_audio(synthesizer) -> None:  # type: ignore[no-untyped-def]
    lang, text, _ = PINNED[0]
    buffered, plan = synthesizer.synthesize(text, lang=lang, seed=7)
    again = np.concatenate(list(synthesizer.stream(synthesizer.plan(text, lang=lang, seed=7))))
    assert buffered.tobytes() == again.tobytes()
    streamed = synthesizer.plan(text, lang=lang, seed=7, first_clause=True)
    assert streamed.chunks[0].text != plan.chunks[0].text


def test_never_inside_a_number_a_tag_or_a_lexicon_output() -> None:
    # "1,250" and "10\u201320" (an en dash) have no clause boundary inside them.
    assert first_clause_end("Between 10\u201320 people, 1,250 in all, came.", 160, False) == 21
    # A tag stays with its word; the cut comes after the clause that holds it.
    text = "Well <laugh> that was funny, really it was."
    assert text[: first_clause_end(text, 160, False)] == "Well <laugh> that was funny,"
    # What a lexicon said is never cut, even where it holds a comma.
    said = "service level agreement, or contract"
    text = f"The {said} applies today, and we keep it."
    cut = first_clause_end(text, 160, False, protected=[said])
    assert text[:cut] == f"The {said} applies today,"
    assert first_clause_end(text, 160, False) == len("The service level agreement,")


def test_short_text_is_one_chunk_and_a_request_lexicon_is_protected(synthesizer) -> None:  # type: ignore[no-untyped-def]
    plan = synthesizer.plan("Yes, of course.", lang="en", durations=False, first_clause=True)
    assert [chunk.text for chunk in plan.chunks] == ["Yes, of course."]
    lexicon = {"SLA": "service level agreement, or contract"}
    text = "The SLA applies from today, and we keep it for a whole year after signing."
    plan = synthesizer.plan(text, lang="en", durations=False, first_clause=True, lexicon=lexicon)
    assert plan.chunks[0].text == "The service level agreement, or contract applies from today,"


def test_scripts_without_spaces_fall_back_to_a_character_limit() -> None:
    text = "あ" * 100
    chunks = split_into_chunks(text, "ja", first_clause=True)
    assert [len(chunk) for chunk in chunks] == [40, 60]
