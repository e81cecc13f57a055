"""Plain text: a blank line starts a paragraph; no chapters."""

from __future__ import annotations

import re

from model_layer.documents.builder import ChapterBuilder
from model_layer.documents.model import Document, ReadOptions

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def read_text(text: str, options: ReadOptions) -> Document:
    builder = ChapterBuilder(options)
    normalized = text.replace("\r\n", "\n").replace("\r", "\n")
    for paragraph in _PARAGRAPH_BREAK.split(normalized):
        builder.add(paragraph)
    return Document(None, None, tuple(builder.result()))
