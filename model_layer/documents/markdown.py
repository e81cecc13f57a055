"""Markdown (CommonMark, with tables and footnotes) read as a narrator reads it.

markdown-it-py is the CommonMark reference parser's port (spec-compliant, maintained, no
regex-based guessing); its HTML goes through the same reader as HTML documents, so one
set of rules decides what is read for both. Front matter (YAML between `---` lines at
the top) is never read aloud; its `title` and `lang` describe the document.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from model_layer.documents.builder import ChapterBuilder, primary_language
from model_layer.documents.html import read_html_into
from model_layer.documents.model import Document, ReadOptions

_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
# Front matter is a few lines of metadata; a larger block is not worth parsing.
_FRONT_MATTER_MAX_CHARS = 64 * 1024


def front_matter(text: str) -> tuple[dict[str, str], str]:
    """(the front matter's scalar fields, the text after it); ({}, text) without one, or
    when it is not a YAML mapping (then it is skipped all the same)."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text
    rest = text[match.end() :]
    if len(match.group(1)) > _FRONT_MATTER_MAX_CHARS:
        return {}, rest
    try:
        loaded: Any = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        return {}, rest
    if not isinstance(loaded, dict):
        return {}, rest
    fields = {
        str(key): str(value)
        for key, value in loaded.items()
        if isinstance(value, str | int | float) and not isinstance(value, bool)
    }
    return fields, rest


def read_markdown(text: str, options: ReadOptions) -> Document:
    metadata, body = front_matter(text)
    lang = primary_language(metadata.get("lang") or metadata.get("language"))
    # One level over the bound, so a document nested too deep is refused by the HTML
    # reader's depth check rather than silently flattened by markdown-it.
    parser = MarkdownIt("commonmark", {"maxNesting": options.max_depth + 1})
    html = parser.enable("table").use(footnote_plugin).render(body)
    builder = ChapterBuilder(options, lang)
    page = read_html_into(
        html,
        builder,
        alt_text=options.alt_text,
        tables=options.tables,
        max_depth=options.max_depth,
        lang=lang,
    )
    title = metadata.get("title") or page.title
    return Document(title, lang, tuple(builder.result()), metadata)
