"""POST /v1/speech/marks: sentence (and estimated word) timings of a request, from its plan.

The request is planned exactly as /v1/speech plans it (same checks, same chunks, same
duration predictor) and then nothing is synthesized: the plan fixes every chunk's start
and end in the audio, so the marks equal the timings of the audio /v1/speech gives.
"""

from __future__ import annotations

from handler.admission import RouteKind, admit, check_text_length
from handler.cache import cache_on, seeded_plan
from handler.config import HandlerSettings
from handler.deadline import Deadline
from handler.schemas import SpeechMark, SpeechMarksResponse
from handler.speech import SpeechJob, plan_speech
from model_layer import SpeechPlan, Synthesizer
from model_layer.captions import to_polly, to_srt, to_vtt
from model_layer.marks import speech_marks


def plan_marks(
    job: SpeechJob,
    synthesizer: Synthesizer,
    *,
    settings: HandlerSettings,
    deadline: Deadline,
    streamed: bool = False,
) -> SpeechPlan:
    """The plan /v1/speech would make for `job`, with the checks it makes on the text; no
    synthesis-time or size limit applies, as nothing is synthesized. With the result cache
    on and no seed, the seed is the one /v1/speech would derive."""
    check_text_length(job.text, job.text_param, RouteKind.buffered, settings)
    plan, rate = plan_speech(
        job,
        synthesizer,
        route=RouteKind.buffered,
        settings=settings,
        deadline=deadline,
        streamed=streamed,
    )
    # Spoken length, planned silence and the time left, as for /v1/normalize.
    admit(plan, route=RouteKind.normalize, deadline=deadline, settings=settings)
    if cache_on(settings, job.cache):
        plan, _digest = seeded_plan(plan, job, rate, synthesizer)
    return plan


def marks_response(plan: SpeechPlan, *, word_marks: bool) -> SpeechMarksResponse:
    marks = speech_marks(plan, word_marks=word_marks)
    return SpeechMarksResponse(
        language=marks.language,
        duration_seconds=marks.duration_seconds,
        seed=marks.seed,
        marks=[
            SpeechMark(
                type=mark.type,  # type: ignore[arg-type]
                text=mark.text,
                start=mark.start,
                end=mark.end,
                text_start=mark.text_start,
                text_end=mark.text_end,
                estimated=mark.estimated,
                duration_capped=mark.duration_capped,
                voice=mark.voice,
            )
            for mark in marks.marks
        ],
    )


CAPTION_TYPES = {
    "vtt": "text/vtt; charset=utf-8",
    "srt": "application/x-subrip; charset=utf-8",
    "polly": "application/x-ndjson; charset=utf-8",
}


def caption_document(plan: SpeechPlan, form: str, word_marks: bool) -> tuple[str, str]:
    """The plan's marks as WebVTT, SRT or Polly's JSON lines, and its content type."""
    marks = speech_marks(plan, word_marks=word_marks or form == "polly")
    if form == "vtt":
        return to_vtt(marks), CAPTION_TYPES[form]
    if form == "srt":
        return to_srt(marks), CAPTION_TYPES[form]
    return to_polly(marks), CAPTION_TYPES[form]
