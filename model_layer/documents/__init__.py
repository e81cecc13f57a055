"""Documents read as a narrator reads them (see model.py for the shape): plain text,
Markdown, HTML and EPUB, each bounded by ReadOptions (and, for EPUB, epub.ArchiveLimits)."""

from __future__ import annotations

import re

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
    ".xhtml": "html",
    ".epub": "epub",
}
_CONTENT_TYPES: dict[str, DocumentFormat] = {
    "text/plain": "text",
    "text/markdown": "markdown",
    "text/x-markdown": "markdown",
    "text/html": "html",
    "application/xhtml+xml": "html",
    "application/epub+zip": "epub",
}


def format_for(key: str, content_type: str | None = None) -> DocumentFormat | None:
    """The format an object's key names (its suffix), or failing that its content type;
    None: not a document this function reads."""
    lowered = key.lower()
    for suffix, fmt in _SUFFIXES.items():
        if lowered.endswith(suffix):
            return fmt
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    return _CONTENT_TYPES.get(media_type)


# An HTML page's own charset declaration, for pages saved before UTF-8 was the rule.
_META_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.I)


def _decoded(data: bytes, fmt: DocumentFormat) -> str:
    """UTF-8 (with or without BOM); an HTML page in another encoding its `<meta charset>`
    names (windows-1252, iso-8859-2, shift_jis...) is read in that one."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        declared = _META_CHARSET.search(data[:4096]) if fmt == "html" else None
        if declared is not None:
            try:
                return data.decode(declared.group(1).decode("ascii"))
            except (LookupError, UnicodeDecodeError):
                pass
        raise DocumentError(
            "invalid_document",
            f"the document is not UTF-8 text (byte {exc.start}), nor in a charset it declares",
        ) from exc


def read_document(data: bytes, fmt: DocumentFormat, options: ReadOptions | None = None) -> Document:
    """The document in `data`, read as `fmt`; DocumentError (with its code) otherwise."""
    # The readers (and their parsers) are imported here, on the first document: the
    # error table imports this package at every cold start, which needs none of them.
    options = options or ReadOptions()
    if fmt == "epub":
        from model_layer.documents.epub import read_epub

        return read_epub(data, options)
    text = _decoded(data, fmt)
    if fmt == "markdown":
        from model_layer.documents.markdown import read_markdown

        return read_markdown(text, options)
    if fmt == "html":
        from model_layer.documents.html import read_html

        return read_html(text, options)
    from model_layer.documents.text import read_text

    return read_text(text, options)
