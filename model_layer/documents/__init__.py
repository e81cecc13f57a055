"""Documents read as a narrator reads them (see model.py for the shape)."""

from __future__ import annotations

from model_layer.documents.model import (
    Block,
    Chapter,
    Document,
    DocumentError,
    DocumentFormat,
    ReadOptions,
)

__all__ = [
    "Block",
    "Chapter",
    "Document",
    "DocumentError",
    "DocumentFormat",
    "ReadOptions",
    "format_for",
    "read_document",
]

_SUFFIXES: dict[str, DocumentFormat] = {
    ".txt": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".epub": "epub",
}


def format_for(key: str, content_type: str | None = None) -> DocumentFormat | None:
    """The format an object's key (or, failing that, its content type) names; None: not
    a document this function reads."""
    lowered = key.lower()
    for suffix, fmt in _SUFFIXES.items():
        if lowered.endswith(suffix):
            return fmt
    return None


def read_document(data: bytes, fmt: DocumentFormat, options: ReadOptions | None = None) -> Document:
    """The document in `data`, read as `fmt`; DocumentError (with its code) otherwise."""
    options = options or ReadOptions()
    text = data.decode("utf-8-sig")
    paragraphs = tuple(Block(part.strip()) for part in text.split("\n\n") if part.strip())
    return Document(None, None, (Chapter(None, paragraphs),))
