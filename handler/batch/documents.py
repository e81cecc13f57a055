"""Uploaded documents (Markdown, HTML, EPUB) as speech jobs: read by model_layer.documents
into chapters, spoken as SSML paragraphs, with the job's options taken the way every
upload gives them (object metadata, or the fields of a .json job naming the document)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from model_layer import EmptyTextError
from model_layer.audio.chapters import Chapter
from model_layer.documents import Document, DocumentFormat, ReadOptions, format_for, read_document
from model_layer.documents.narration import chapter_times, to_ssml
from model_layer.speech_plan import SpeechPlan

DOCUMENT_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".epub")


class DocumentOptions(BaseModel):
    """How a document is read and written out; the same for every format."""

    alt_text: bool = Field(default=False, description="Read images' alt text aloud.")
    tables: Literal["skip", "rows"] = Field(
        default="skip", description="'rows': read tables row by row (skipped by default)."
    )
    split: Literal["none", "chapters"] = Field(
        default="none",
        description="'chapters': also write one audio file per chapter, listed in the manifest.",
    )


def document_format(key: str, content_type: str | None = None) -> DocumentFormat | None:
    """The document format of a key (by suffix, else content type); None for plain text
    (.txt keeps its own path) and for what is no document."""
    fmt = format_for(key, content_type)
    return None if fmt == "text" else fmt


def read_upload(
    data: bytes,
    fmt: DocumentFormat,
    options: DocumentOptions,
    *,
    max_spoken_chars: int,
    lang: str | None,
) -> tuple[Document, str]:
    """The document and the SSML it is spoken as; DocumentError (with its code) when it
    is refused."""
    document = read_document(
        data,
        fmt,
        ReadOptions(
            alt_text=options.alt_text, tables=options.tables, max_spoken_chars=max_spoken_chars
        ),
    )
    if not document.chapters:
        raise EmptyTextError("the document has nothing to read aloud")
    return document, to_ssml(document, lang=lang)


def audio_chapters(document: Document | None, plan: SpeechPlan) -> list[Chapter]:
    """The chapter marks the audio file carries (a chapter with no heading, the text
    before the first one, is named by its place)."""
    if document is None:
        return []
    return [
        Chapter(time.title or f"Part {number}", time.start, time.end)
        for number, time in enumerate(chapter_times(document, plan), start=1)
    ]
