"""SSML through the planner: per-span speed, language and pauses reach the audio exactly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import model_layer
from model_layer import (
    EmptyTextError,
    EngineSettings,
    InvalidRequestError,
    InvalidSsmlError,
    Synthesizer,
)
from model_layer.text import UnsupportedCharactersError, preprocess

RATE = 44100
GAP = int(0.2 * RATE)  # chunk_silence_seconds below


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path) -> Synthesizer:
    settings = EngineSettings(warmup=False, chunk_silence_seconds=0.2, batch_size=2)
    return model_layer.load(tiny_model_dir, settings)


def ssml_plan(synthesizer: Synthesizer, body: str, **options: object) -> model_layer.SpeechPlan:
    options = {"lang": "en", "seed": 5, "steps": 2, **options}
    return synthesizer.plan(f"<speak>{body}</speak>", text_type="ssml", **options)  # type: ignore[arg-type]


def test_prosody_changes_the_duration_of_exactly_its_chunks(synthesizer: Synthesizer) -> None:
    plain = ssml_plan(synthesizer, "<s>One two three.</s><s>Four five six.</s><s>Seven.</s>")
    faster = ssml_plan(
        synthesizer,
        '<s>One two three.</s><s><prosody rate="200%">Four five six.</prosody></s><s>Seven.</s>',
        speed=1.0,
    )
    base = ssml_plan(
        synthesizer, "<s>One two three.</s><s>Four five six.</s><s>Seven.</s>", speed=1.0
    )
    assert [c.speed for c in faster.chunks] == [1.0, 2.0, 1.0]
    assert faster.chunks[0].duration == base.chunks[0].duration
    assert faster.chunks[2].duration == base.chunks[2].duration
    assert faster.chunks[1].duration[0] == pytest.approx(base.chunks[1].duration[0] / 2, rel=1e-6)
    assert np.array_equal(faster.chunks[1].text_ids, base.chunks[1].text_ids)
    assert plain.speed == 1.05 and {c.speed for c in plain.chunks} == {1.05}


def test_a_break_is_exactly_that_much_silence_in_the_stream(synthesizer: Synthesizer) -> None:
    sentences = ssml_plan(synthesizer, "<s>Hello there.</s><s>General Kenobi.</s>")
    paused = ssml_plan(synthesizer, 'Hello there.<break time="700ms"/>General Kenobi.')
    pause = int(0.7 * RATE)
    assert [c.text for c in paused.chunks] == ["Hello there.", "General Kenobi."]
    assert [c.silence_before_samples for c in paused.chunks] == [0, pause]
    assert [c.silence_before_samples for c in sentences.chunks] == [0, GAP]

    with_break = list(synthesizer.stream(paused))
    with_gap = list(synthesizer.stream(sentences))
    assert sum(len(a) for a in with_break) == paused.total_samples
    assert paused.total_samples - sentences.total_samples == pause - GAP
    assert len(with_break[1]) == pause + paused.chunk_samples(1)
    assert not with_break[1][:pause].any()
    # The speech itself is the same: only the silence before it changed.
    assert np.array_equal(with_break[1][pause:], with_gap[1][GAP:])
    assert np.array_equal(with_break[0], with_gap[0])


def test_leading_and_trailing_breaks_are_silence_at_the_edges(synthesizer: Synthesizer) -> None:
    plan = ssml_plan(synthesizer, '<break time="250ms"/>Only words.<break strength="strong"/>')
    (audio,) = synthesizer.stream(plan)
    lead, trail = int(0.25 * RATE), int(1.0 * RATE)
    assert plan.chunks[0].silence_before_samples == lead
    assert plan.trailing_silence_samples == trail
    assert len(audio) == plan.total_samples == lead + plan.chunk_samples(0) + trail
    assert not audio[:lead].any() and not audio[-trail:].any()
    assert np.abs(audio[lead:-trail]).max() > 0


def test_a_lang_span_is_encoded_with_its_own_language_tag(synthesizer: Synthesizer) -> None:
    plan = ssml_plan(synthesizer, 'Good morning. <lang xml:lang="de-DE">Es kostet 5 Euro.</lang>')
    assert [(c.text, c.lang) for c in plan.chunks] == [
        ("Good morning.", "en"),
        ("Es kostet fünf Euro.", "de"),  # normalized in German
    ]
    expected_ids, _ = synthesizer.indexer.encode([preprocess("Es kostet fünf Euro.", "de")])
    assert np.array_equal(plan.chunks[1].text_ids, expected_ids)
    assert plan.lang == "en"


def test_p_and_s_force_chunk_boundaries(synthesizer: Synthesizer) -> None:
    assert len(synthesizer.plan("A. B.", lang="en").chunks) == 1
    assert [c.text for c in ssml_plan(synthesizer, "<p>A.</p><p>B.</p>").chunks] == ["A.", "B."]
    assert [c.text for c in ssml_plan(synthesizer, "<s>A.</s> <s>B.</s>").chunks] == ["A.", "B."]


def test_say_as_and_sub_are_not_normalized_again(synthesizer: Synthesizer) -> None:
    plan = ssml_plan(
        synthesizer,
        'Use <sub alias="SQL 5">q</sub> and SQL at <say-as interpret-as="digits">10</say-as>.',
        lexicon={"SQL": "sequel"},
    )
    assert plan.chunks[0].text == "Use SQL 5 and sequel at one zero."


def test_normalize_false_leaves_ssml_text_as_written(synthesizer: Synthesizer) -> None:
    plan = ssml_plan(
        synthesizer, "Pay $5 <say-as interpret-as='cardinal'>7</say-as>.", normalize=False
    )
    assert plan.chunks[0].text == "Pay $5 seven."


def test_punctuation_after_a_span_stays_with_its_words(synthesizer: Synthesizer) -> None:
    plan = ssml_plan(synthesizer, '<prosody rate="slow">Thank you</prosody>, and bye!')
    assert [c.text for c in plan.chunks] == ["Thank you,", "and bye!"]


def test_plain_text_reads_markup_as_text(synthesizer: Synthesizer) -> None:
    plan = synthesizer.plan('<speak>Hi <break time="1s"/></speak>', lang="en")
    assert plan.chunks[0].text == '<speak>Hi <break time="one s"/></speak>'
    assert plan.trailing_silence_samples == 0


def test_unsupported_characters_are_collected_over_all_spans(synthesizer: Synthesizer) -> None:
    body = 'Snow \u2603.<break time="1s"/><lang xml:lang="fr">Avion \u2708.</lang>'
    assert ssml_plan(synthesizer, body).dropped == (0x2603, 0x2708)
    with pytest.raises(UnsupportedCharactersError) as failure:
        ssml_plan(synthesizer, body, strict=True)
    assert failure.value.codepoints == (0x2603, 0x2708)


def test_a_span_left_empty_passes_its_pause_on(synthesizer: Synthesizer) -> None:
    plan = ssml_plan(synthesizer, 'One.<break time="1s"/><s>\u2603</s><break time="1s"/>Two.')
    assert [c.text for c in plan.chunks] == ["One.", "Two."]
    assert plan.chunks[1].silence_before_samples == 2 * RATE


@pytest.mark.parametrize("body", ['<break time="1s"/>', "<p> </p>", "<s>\u2603</s>"])
def test_ssml_with_nothing_to_say_is_empty(synthesizer: Synthesizer, body: str) -> None:
    with pytest.raises(EmptyTextError):
        ssml_plan(synthesizer, body)


def test_invalid_ssml_and_text_type_are_refused(synthesizer: Synthesizer) -> None:
    with pytest.raises(InvalidSsmlError) as failure:
        synthesizer.plan("<speak>\n<voice>x</voice></speak>", text_type="ssml")
    assert failure.value.details == {"line": 2, "column": 1}
    with pytest.raises(InvalidRequestError, match="text_type"):
        synthesizer.plan("Hi.", text_type="html")


def test_a_mixed_document_streams_exactly_its_planned_samples(
    synthesizer: Synthesizer,
) -> None:
    body = (
        '<break time="100ms"/><p>First part, read at <prosody rate="slow">a slower pace '
        '<lang xml:lang="fr">et en français</lang></prosody>.</p>'
        '<p>Call <say-as interpret-as="telephone">555 0100</say-as>'
        '<break time="1.5s"/>now.</p><break time="300ms"/>'
    )
    plan = ssml_plan(synthesizer, body, max_chunk_chars=20)
    audio = list(synthesizer.stream(plan))
    assert len(audio) == len(plan.chunks) > 4
    assert [len(a) for a in audio] == [
        c.silence_before_samples
        + plan.chunk_samples(i)
        + (plan.trailing_silence_samples if i == len(plan.chunks) - 1 else 0)
        for i, c in enumerate(plan.chunks)
    ]
    assert sum(len(a) for a in audio) == plan.total_samples
    assert plan.duration_seconds == plan.total_samples / RATE
