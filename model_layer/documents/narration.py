"""A document as the SSML the planner reads, and its chapters' times in the planned audio.

Each block is one SSML paragraph, so it is one segment of the plan (a paragraph always
starts a chunk of its own): that is what lets a chapter's start be read off the plan
exactly, before any audio exists. Headings are followed by a pause, chapters preceded by
a longer one; a block's language is its paragraph's xml:lang.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from model_layer.constants import LANGUAGES
from model_layer.documents.model import Document
from model_layer.marks import chunk_times
from model_layer.speech_plan import SpeechPlan

HEADING_PAUSE_MS = 700
CHAPTER_PAUSE_MS = 1200


def _spoken_language(code: str | None) -> str | None:
    """A declared language the model speaks, else None: a quotation marked `lang="la"` or
    a book in a language the model lacks is read in the surrounding (or detected) one
    rather than refused."""
    return code if code in LANGUAGES else None


def to_ssml(document: Document, *, lang: str | None = None) -> str:
    """`lang`: the job's own language, which wins over the document's declared one."""
    declared = _spoken_language(document.lang)
    root = "" if lang or not declared else f" xml:lang={quoteattr(declared)}"
    parts = [f"<speak{root}>"]
    first = True
    for chapter in document.chapters:
        if not first and chapter.title is not None:
            parts.append(f'<break time="{CHAPTER_PAUSE_MS}ms"/>')
        for block in chapter.blocks:
            first = False
            spoken = _spoken_language(block.lang)
            attribute = f" xml:lang={quoteattr(spoken)}" if spoken else ""
            parts.append(f"<p{attribute}>{escape(block.text)}</p>")
            if block.kind == "heading":
                parts.append(f'<break time="{HEADING_PAUSE_MS}ms"/>')
    parts.append("</speak>")
    return "".join(parts)


@dataclass(frozen=True)
class ChapterTime:
    index: int
    title: str | None
    start: float  # seconds, where its lead-in pause begins (0 for the first)
    end: float  # the next chapter's start, or the audio's end
    first_chunk: int


def _squeezed(text: str) -> str:
    return "".join(text.split())


def chapter_times(document: Document, plan: SpeechPlan) -> list[ChapterTime]:
    """Where each chapter starts and ends in the audio of `plan` (planned from
    `to_ssml(document)`): chapters whose blocks were all dropped in planning (nothing
    left to say) are left out."""
    segments = [_squeezed(source) for source, _spoken in plan.segment_texts]
    first_segment: list[int] = []  # per chapter
    position = 0
    for chapter in document.chapters:
        first_segment.append(position)
        for block in chapter.blocks:
            wanted, gathered = _squeezed(block.text), ""
            # A block is one paragraph; inline language changes could cut it in more.
            while position < len(segments) and len(gathered) < len(wanted):
                gathered += segments[position]
                position += 1
    first_chunk_of_segment: dict[int, int] = {}
    for index, chunk in enumerate(plan.chunks):
        first_chunk_of_segment.setdefault(chunk.segment, index)
    times = chunk_times(plan)
    found: list[tuple[int, str | None, int]] = []
    for number, (chapter, segment) in enumerate(zip(document.chapters, first_segment, strict=True)):
        next_segment = first_segment[number + 1] if number + 1 < len(first_segment) else None
        chunk = next(
            (
                first_chunk_of_segment[s]
                for s in sorted(first_chunk_of_segment)
                if s >= segment and (next_segment is None or s < next_segment)
            ),
            None,
        )
        if chunk is not None:
            found.append((number, chapter.title, chunk))
    result: list[ChapterTime] = []
    for position_in_list, (number, title, chunk) in enumerate(found):
        pause = plan.chunks[chunk].silence_before_samples / plan.sample_rate
        start = 0.0 if position_in_list == 0 else times[chunk][0] - pause
        result.append(ChapterTime(number, title, round(start, 3), 0.0, chunk))
    total = round(plan.duration_seconds, 3)
    return [
        ChapterTime(
            c.index,
            c.title,
            c.start,
            result[i + 1].start if i + 1 < len(result) else total,
            c.first_chunk,
        )
        for i, c in enumerate(result)
    ]
