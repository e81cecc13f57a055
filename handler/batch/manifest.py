"""The two documents a finished job leaves beside its name: the manifest, or the error report."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from handler.batch.jobs import LoadedJob, SourceObject
from handler.batch.keys import OutputKeys
from handler.batch.render import Rendered, chunk_times
from handler.errors import codepoint_labels, error_body
from model_layer import SpeechPlan
from model_layer.audio import FORMATS, AudioFormat
from model_layer.documents.narration import chapter_times


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def manifest(
    loaded: LoadedJob,
    plan: SpeechPlan,
    keys: OutputKeys,
    rendered: Rendered,
    *,
    rate: int,
    model_revision: str,
    request_id: str,
    segments: int,
    chapter_keys: Sequence[str] = (),
) -> dict[str, Any]:
    job = loaded.job
    duration = rendered.frames / rate
    texts = [chunk.text for chunk in plan.chunks]
    dropped = sum(job.text.count(chr(cp)) for cp in plan.dropped)
    document: dict[str, Any] = {
        "source": loaded.source.describe(),
        "audio": {
            "bucket": keys.bucket,
            "key": keys.audio(AudioFormat(job.format)),
            "content_type": FORMATS[AudioFormat(job.format)].content_type,
        },
        "voice": job.voice if isinstance(job.voice, str) else "inline",
        "language": plan.lang,
        "speed": plan.speed,
        "steps": plan.steps,
        "format": AudioFormat(job.format).value,
        "sample_rate": rate,
        "seed": plan.seed,
        "loudness": plan.loudness,
        "model_revision": model_revision,
        "duration_seconds": round(duration, 3),
        "characters_in": loaded.characters,
        "characters_dropped": dropped,
        "dropped_characters": codepoint_labels(plan.dropped),
        "synthesis_seconds": round(rendered.synthesis_seconds, 3),
        "real_time_factor": round(rendered.synthesis_seconds / duration, 4) if duration else 0.0,
        "segments": segments,
        "request_id": request_id,
        "created_at": _now(),
        # As spoken: numbers, dates and symbols spelled out, unsupported characters gone.
        "normalized_text": " ".join(texts),
        # Like Polly's sentence speech marks, per chunk: a sentence, or several short
        # ones (at most ~160 characters), with the times its speech starts and ends.
        "chunks": [
            {"index": index, "text": texts[index], "start": round(start, 3), "end": round(end, 3)}
            for index, start, end in chunk_times(rendered.chunks, plan.sample_rate)
        ],
    }
    if loaded.text_source.key != loaded.source.key:
        document["text_source"] = loaded.text_source.describe()
    if loaded.document is not None:
        read = loaded.document
        document["document"] = {"title": read.title, "language": read.lang}
        document["chapters"] = [
            {"index": c.index, "title": c.title, "start": c.start, "end": c.end}
            for c in chapter_times(read, plan)
        ]
        if chapter_keys:
            # `"split": "chapters"`: each chapter's own file, in order.
            for chapter, key in zip(document["chapters"], chapter_keys, strict=True):
                chapter["audio_key"] = key
    return document


def error_report(
    exc: BaseException, request_id: str, source: SourceObject, inputs: Sequence[str] = ()
) -> dict[str, Any]:
    """The HTTP error body (errors.error_body), redacting `inputs` the same way."""
    _status, body = error_body(exc, request_id, inputs)
    return {**body, "source": source.describe(), "created_at": _now()}
