"""What a document is to the narrator: chapters of spoken blocks, in reading order.

The readers (Markdown, HTML, EPUB, plain text) turn attacker-controlled bytes into this
shape and nothing else; what is spoken, how long the pauses are and where the chapter
marks go is decided by whoever renders it (the batch door). No Lambda, no S3 here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

DocumentFormat = Literal["text", "markdown", "html", "epub"]

BlockKind = Literal["heading", "paragraph", "item", "quote", "footnote", "alt", "row"]


@dataclass(frozen=True)
class ReadOptions:
    """How a document is read; the same options for every format."""

    alt_text: bool = False  # image alt text read aloud
    tables: Literal["skip", "rows"] = "skip"  # tables skipped, or read row by row
    max_spoken_chars: int = 2_000_000  # the spoken text's limit (the caller's)
    max_depth: int = 200  # nesting of HTML elements / Markdown blocks


@dataclass(frozen=True)
class Block:
    """One piece the narrator reads: the text as the author wrote it (never normalized)."""

    text: str
    kind: BlockKind = "paragraph"
    lang: str | None = None  # from lang / xml:lang / dc:language; None: detect


@dataclass(frozen=True)
class Chapter:
    """A chapter or section: its heading (None before the first heading) and its blocks.
    A heading's own text is its first block (kind "heading"); footnotes come last."""

    title: str | None
    blocks: tuple[Block, ...]
    lang: str | None = None


@dataclass(frozen=True)
class Document:
    title: str | None
    lang: str | None
    chapters: tuple[Chapter, ...]
    metadata: dict[str, str] = field(default_factory=dict)  # e.g. front matter's scalars

    @property
    def spoken_chars(self) -> int:
        return sum(len(block.text) for chapter in self.chapters for block in chapter.blocks)


class DocumentError(ValueError):
    """A document refused, with a machine-readable code the caller maps to its status.

    Codes: invalid_document (not parseable as its format), document_too_large (over a
    size, entry-count or spoken-text bound), archive_bomb (compression ratio or expanded
    size over the bound), xml_entities_refused (a DTD or entity declaration),
    nesting_too_deep, drm_protected (an encrypted EPUB), missing_part (the spine or
    container names a file the archive lacks).
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
