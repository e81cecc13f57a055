"""HTML (and EPUB's XHTML) read as a narrator reads a page.

Parsed by selectolax's Lexbor backend: a real HTML5 parser (the tree a browser builds,
whatever the markup's errors), in C, fast and with a small wheel; the tree is walked with an
explicit stack, so a 10,000-deep page cannot exhaust Python's recursion, and its depth is
bounded by `ReadOptions.max_depth`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from selectolax.lexbor import LexborHTMLParser, LexborNode

from model_layer.documents.builder import ChapterBuilder, primary_language
from model_layer.documents.model import BlockKind, Document, DocumentError, ReadOptions

# Never read: code, scripts, styles, forms, media and navigation.
_SKIPPED = frozenset(
    [
        "script",
        "style",
        "noscript",
        "template",
        "nav",
        "head",
        "title",
        "pre",
        "svg",
        "math",
        "iframe",
        "object",
        "embed",
        "button",
        "select",
        "textarea",
        "form",
        "canvas",
        "audio",
        "video",
        "map",
    ]
)
_HEADINGS = {f"h{level}": level for level in range(1, 7)}
# Levels that start a chapter (the player's list); deeper headings are read with a pause.
CHAPTER_LEVELS = 3
_BLOCKS = frozenset(
    [
        "p",
        "li",
        "blockquote",
        "dt",
        "dd",
        "figcaption",
        "caption",
        "div",
        "section",
        "article",
        "main",
        "aside",
        "header",
        "footer",
        "ul",
        "ol",
        "dl",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "figure",
        "address",
        "details",
        "summary",
        "body",
        "hgroup",
        "center",
    ]
) | frozenset(_HEADINGS)
_SKIPPED_ROLES = frozenset(
    {"navigation", "doc-toc", "doc-backlink", "doc-pagebreak", "banner", "contentinfo"}
)
_SKIPPED_EPUB_TYPES = frozenset({"toc", "landmarks", "page-list", "pagebreak", "backlink"})
_NOTE_TYPES = frozenset({"footnote", "endnote", "rearnote", "footnotes", "endnotes", "rearnotes"})
_NOTE_ROLES = frozenset({"doc-footnote", "doc-endnote", "doc-endnotes"})
_NOTE_CLASSES = frozenset({"footnotes", "footnote", "endnotes"})
_NOTEREF_CLASSES = frozenset({"footnote-ref", "noteref", "footnote-backref"})


@dataclass(frozen=True)
class _Context:
    depth: int
    lang: str | None
    kind: BlockKind
    in_article: bool = False
    in_row: bool = False
    note_id: str | None = None  # the footnote being read (its element's id)


def _words(value: str | None) -> set[str]:
    return set((value or "").lower().split())


def _is_noteref(node: LexborNode, attributes: dict[str, str | None]) -> bool:
    """A footnote marker: a note reference link, or a <sup> that holds only a link to a
    fragment (the usual "<sup><a href='#fn3'>3</a></sup>")."""
    if "noteref" in _words(attributes.get("epub:type")) or attributes.get("role") in (
        "doc-noteref",
        "doc-backlink",
    ):
        return True
    if _words(attributes.get("class")) & _NOTEREF_CLASSES:
        return True
    if node.tag == "sup":
        links = [child for child in _children(node) if child.tag == "a"]
        others = [c for c in _children(node) if c.tag != "a" and (c.text_content or "").strip()]
        href = links[0].attributes.get("href") if len(links) == 1 else None
        return bool(href and href.startswith("#")) and not others
    return False


def _is_skipped(node: LexborNode, attributes: dict[str, str | None], ctx: _Context) -> bool:
    tag = node.tag
    if tag in _SKIPPED or "hidden" in attributes or attributes.get("aria-hidden") == "true":
        return True
    if attributes.get("role") in _SKIPPED_ROLES:
        return True
    if _words(attributes.get("epub:type")) & _SKIPPED_EPUB_TYPES:
        return True
    # A page's own header and footer (site name, menus, copyright), not an article's.
    return tag in ("header", "footer") and not ctx.in_article


def _is_notes(attributes: dict[str, str | None]) -> bool:
    return bool(
        _words(attributes.get("epub:type")) & _NOTE_TYPES
        or attributes.get("role") in _NOTE_ROLES
        or _words(attributes.get("class")) & _NOTE_CLASSES
    )


def _children(node: LexborNode) -> list[LexborNode]:
    found = []
    child = node.child
    while child is not None:
        found.append(child)
        child = child.next
    return found


class _Reader:
    def __init__(self, builder: ChapterBuilder, *, alt_text: bool, tables: str, max_depth: int):
        self.builder = builder
        self.alt_text = alt_text
        self.tables = tables
        self.max_depth = max_depth
        self.buffer: list[str] = []
        self.buffer_ctx: _Context | None = None
        self.headings: list[tuple[int, str]] = []

    def flush(self) -> str:
        text = "".join(self.buffer)
        ctx = self.buffer_ctx
        self.buffer, self.buffer_ctx = [], None
        if ctx is not None and text.strip():
            self.builder.add(text, ctx.kind, ctx.lang, ctx.note_id)
        return text

    def text(self, value: str, ctx: _Context) -> None:
        if self.buffer_ctx is None:
            self.buffer_ctx = ctx
        self.buffer.append(value)

    def walk(self, root: LexborNode, ctx: _Context) -> None:
        stack: list[tuple[LexborNode, _Context, bool]] = [(root, ctx, False)]
        while stack:
            node, ctx, leaving = stack.pop()
            if leaving:
                self.leave(node, ctx)
                continue
            if node.is_text_node:
                self.text(node.text_content or "", ctx)
                continue
            if not node.is_element_node:
                continue
            inner = self.enter(node, ctx)
            if inner is None:
                continue
            stack.append((node, inner, True))
            stack.extend((child, inner, False) for child in reversed(_children(node)))

    def enter(self, node: LexborNode, ctx: _Context) -> _Context | None:
        """The context of `node`'s children, or None to skip it whole."""
        if ctx.depth >= self.max_depth:
            raise DocumentError(
                "nesting_too_deep", f"the document nests elements over {self.max_depth} deep"
            )
        tag = node.tag or ""
        attributes = dict(node.attributes)
        if _is_skipped(node, attributes, ctx):
            return None
        if _is_noteref(node, attributes):
            self._refer(node)
            return None
        if tag == "table" and self.tables != "rows":
            return None
        if tag == "img":
            alt = (attributes.get("alt") or "").strip()
            if self.alt_text and alt:
                self.flush()
                self.builder.add(alt, "alt", ctx.lang)
            return None
        if tag == "br":
            self.text(" ", ctx)
            return None
        if tag in ("td", "th") and ctx.in_row and "".join(self.buffer).strip():
            self.buffer = ["".join(self.buffer).rstrip() + ", "]
        lang = primary_language(attributes.get("xml:lang") or attributes.get("lang")) or ctx.lang
        inner = replace(ctx, depth=ctx.depth + 1, lang=lang)
        if tag in ("article", "main", "section"):
            inner = replace(inner, in_article=True)
        if _is_notes(attributes):
            inner = replace(inner, kind="footnote", note_id=attributes.get("id"))
        elif ctx.kind == "footnote" and attributes.get("id"):
            inner = replace(inner, note_id=attributes.get("id"))
        elif ctx.kind != "footnote":
            if tag == "li":
                inner = replace(inner, kind="item")
            elif tag == "blockquote":
                inner = replace(inner, kind="quote")
            elif tag in _HEADINGS:
                inner = replace(inner, kind="heading")
            elif tag == "tr":
                inner = replace(inner, kind="row", in_row=True)
            elif tag == "caption":
                inner = replace(inner, kind="paragraph")
        if tag in _BLOCKS:
            self.flush()
        return inner

    def _refer(self, node: LexborNode) -> None:
        """Note which chapter refers to the footnote a marker links to ('#fn3', or
        'notes.xhtml#n3' in an EPUB: notes are known by their id)."""
        links = [node] if node.tag == "a" else [c for c in _children(node) if c.tag == "a"]
        for link in links:
            href = link.attributes.get("href") or ""
            if "#" in href:
                self.builder.refer(href.split("#", 1)[1])

    def leave(self, node: LexborNode, ctx: _Context) -> None:
        tag = node.tag or ""
        if tag in _HEADINGS and ctx.kind == "heading":
            text = "".join(self.buffer).strip()
            if text and _HEADINGS[tag] <= CHAPTER_LEVELS:
                self.buffer, self.buffer_ctx = [], None
                self.builder.start_chapter(text, ctx.lang)
                self.builder.add(text, "heading", ctx.lang)
                self.headings.append((_HEADINGS[tag], text))
                return
        if tag in _BLOCKS:
            self.flush()


@dataclass(frozen=True)
class PageInfo:
    title: str | None  # <title>, else the first heading
    lang: str | None  # <html lang> / xml:lang
    headings: int


def read_html_into(
    text: str,
    builder: ChapterBuilder,
    *,
    alt_text: bool,
    tables: str,
    max_depth: int,
    lang: str | None = None,
) -> PageInfo:
    """Read one HTML (or XHTML) page's body into `builder`'s chapters."""
    tree = LexborHTMLParser(text)
    root = tree.css_first("html")
    page_lang = None
    if root is not None:
        page_lang = primary_language(root.attributes.get("xml:lang") or root.attributes.get("lang"))
    title_node = tree.css_first("head > title")
    title = (title_node.text(deep=True) or "").strip() if title_node is not None else ""
    body = tree.body
    reader = _Reader(builder, alt_text=alt_text, tables=tables, max_depth=max_depth)
    if body is not None:
        body_lang = primary_language(body.attributes.get("xml:lang") or body.attributes.get("lang"))
        reader.walk(body, _Context(0, body_lang or page_lang or lang, "paragraph"))
        reader.flush()
    first_heading = reader.headings[0][1] if reader.headings else None
    return PageInfo(title or first_heading, page_lang, len(reader.headings))


def read_html(text: str, options: ReadOptions) -> Document:
    """A standalone HTML page as a document: its <title> (else first heading) and lang."""
    builder = ChapterBuilder(options)
    page = read_html_into(
        text, builder, alt_text=options.alt_text, tables=options.tables, max_depth=options.max_depth
    )
    return Document(page.title, page.lang, tuple(builder.result()))
