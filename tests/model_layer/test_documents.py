"""Documents read as a narrator reads them: what is read, in which chapter and language,
what is skipped, and the options; fixtures written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from model_layer.documents import Document, DocumentError, ReadOptions, format_for, read_document
from tests.infra.epub import FIXTURES, fixture_epub


def _read(name: str, options: ReadOptions | None = None) -> Document:
    data = (FIXTURES / name).read_bytes()
    fmt = format_for(name)
    assert fmt is not None
    return read_document(data, fmt, options)


def _spoken(document: Document) -> str:
    return " ".join(block.text for chapter in document.chapters for block in chapter.blocks)


def _outline(document: Document) -> list[tuple[str | None, list[tuple[str, str]]]]:
    return [
        (chapter.title, [(block.kind, block.text) for block in chapter.blocks])
        for chapter in document.chapters
    ]


def test_markdown_blog_post() -> None:
    document = _read("blog-post.md")
    assert (document.title, document.lang) == ("Three Days on the Kungsleden", "en")
    assert document.metadata["author"] == "Ada Lindqvist"
    assert _outline(document) == [
        (
            "Three Days on the Kungsleden",
            [
                ("heading", "Three Days on the Kungsleden"),
                (
                    "paragraph",
                    "We set off from Abisko at 7:30 on a grey Monday, with 14 kg packs and far "
                    "too much coffee. The trail is well marked, and the STF huts sit about "
                    "15 km apart.",
                ),
                (
                    "footnote",
                    "Roughly 1.2 litres a day, which is more than the guidebook suggests.",
                ),
            ],
        ),
        (
            "What we packed",
            [
                ("heading", "What we packed"),
                ("item", "A tent rated for 3 seasons"),
                ("item", "Two litres of water each"),
                ("item", "Maps at 1:50,000"),
                ("quote", "Pack for the weather you fear, not the weather you expect."),
            ],
        ),
        (
            "The second day",
            [
                ("heading", "The second day"),
                ("paragraph", "Rain came at noon. Read the forecast twice."),
                ("footnote", "The mountain forecast, not the town one."),
            ],
        ),
    ]
    spoken = _spoken(document)
    for never in ("Ada Lindqvist", "hiking", "curl", "https", "jq", "Distance", "[^1]", "↩"):
        assert never not in spoken


def test_markdown_options_read_alt_text_and_table_rows() -> None:
    document = _read("blog-post.md", ReadOptions(alt_text=True, tables="rows"))
    blocks = [(b.kind, b.text) for chapter in document.chapters for b in chapter.blocks]
    assert ("alt", "A wooden hut under a snowy ridge") in blocks
    rows = [text for kind, text in blocks if kind == "row"]
    assert rows == ["Day, Distance, Climb", "1, 15 km, 300 m", "2, 21 km, 450 m"]


def test_html_article_skips_navigation_scripts_and_boilerplate() -> None:
    document = _read("article.html")
    assert document.lang == "en"
    assert [chapter.title for chapter in document.chapters] == [
        "City council approves the new tram line",
        "What changes for riders",
    ]
    first, second = document.chapters
    assert first.blocks[-1].kind == "footnote"  # read at the end of the chapter citing it
    assert first.blocks[-1].text == "The university's new campus, not the old one."
    assert "university, at a cost of €412 million." in first.blocks[2].text  # marker dropped
    spoken = _spoken(document)
    for never in (
        "News", "Sport", "tracking code", "font-family", "Advertisement", "Privacy",
        "All rights reserved", "example.org", "plan.pdf", "Harbour 2027", "↩", "Notes",
    ):  # fmt: skip
        assert never not in spoken, never
    assert "full plan (PDF)" in spoken  # link text is read, the address is not
    german = [b for b in second.blocks if b.lang == "de"]
    assert [b.text for b in german] == ["Die Linie verbindet auch das deutsche Viertel."]


def test_epub3_chapters_from_the_navigation_document() -> None:
    document = read_document(fixture_epub("epub3"), "epub")
    assert (document.title, document.lang) == ("The Lighthouse Keeper's Year", "en")
    assert [(c.title, c.lang) for c in document.chapters] == [
        ("Winter: The Lamp Room", "en"),
        ("Frühling: Der Besuch", "de"),
        ("Summer: Storm Season", "en"),
    ]
    winter, spring, summer = document.chapters
    assert [b.kind for b in winter.blocks] == ["heading", "paragraph", "paragraph", "footnote"]
    assert [b.lang for b in spring.blocks] == ["de", "de", "en"]
    # Chapter 3 has no heading of its own: the contents' title is announced.
    assert summer.blocks[0].text == "Summer: Storm Season" and summer.blocks[0].kind == "heading"
    spoken = _spoken(document)
    for never in ("Contents", "Start", "a novel", "LOG 12/08", "*"):  # nav, linear=no, <pre>
        assert never not in spoken, never
    assert " 7 " not in f" {spoken} "  # the page-break marker


def test_epub2_chapters_from_the_ncx() -> None:
    document = read_document(fixture_epub("epub2"), "epub")
    assert (document.title, document.lang) == ("Letters from Lyon", "fr")
    assert [(c.title, c.lang) for c in document.chapters] == [
        ("Première lettre", "fr"),
        ("Second Letter", "en"),
        ("Troisième lettre", "fr"),
    ]
    assert [b.text for b in document.chapters[1].blocks] == [
        "Second Letter",
        "London, 9 April 1921.",
        "Dear Paul, the crossing took 11 hours.",
    ]


@pytest.mark.parametrize(
    ("key", "content_type", "expected"),
    [
        ("incoming/post.md", None, "markdown"),
        ("incoming/POST.MARKDOWN", None, "markdown"),
        ("incoming/page.htm", None, "html"),
        ("incoming/book.epub", "application/octet-stream", "epub"),
        ("incoming/notes.txt", None, "text"),
        ("incoming/upload", "text/markdown; charset=utf-8", "markdown"),
        ("incoming/upload", "application/epub+zip", "epub"),
        ("incoming/upload", "application/xhtml+xml", "html"),
        ("incoming/upload.pdf", "application/pdf", None),
        ("incoming/upload", None, None),
    ],
)
def test_format_from_suffix_then_content_type(
    key: str, content_type: str | None, expected: str | None
) -> None:
    assert format_for(key, content_type) == expected


def test_plain_text_paragraphs() -> None:
    document = read_document("\ufeffOne line\r\nwraps.\r\n\r\n  \nTwo.".encode(), "text")
    assert _outline(document) == [(None, [("paragraph", "One line wraps."), ("paragraph", "Two.")])]


def test_fixtures_are_ours(tmp_path: Path) -> None:
    """Every fixture file is read by a test above (none is dead weight)."""
    used = {"blog-post.md", "article.html", "epub3", "epub2"}
    assert {path.name for path in FIXTURES.iterdir()} == used


def test_a_language_the_model_lacks_is_read_in_the_surrounding_one() -> None:
    from model_layer.documents.narration import to_ssml

    html = (
        b'<html lang="zh"><body><h1>Title</h1><p lang="la">Carpe diem.</p>'
        b'<p lang="de-AT">Servus.</p></body></html>'
    )
    ssml = to_ssml(read_document(html, "html"))
    assert 'xml:lang="zh"' not in ssml and 'xml:lang="la"' not in ssml
    assert '<p xml:lang="de">Servus.</p>' in ssml
    assert "<p>Carpe diem.</p>" in ssml


def test_xhtml_self_closed_elements_do_not_swallow_the_page() -> None:
    """An HTML parser reads `<script src="x"/>` as an opening tag; in an EPUB's XHTML the
    rest of the chapter would then be the script's text, never read."""
    from tests.infra.epub import fixture_parts, zip_parts

    page = (
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">'
        '<head><title/><script src="reader.js"/><link rel="stylesheet" href="a.css"/></head>'
        '<body><a id="top"/><h1>Winter: The Lamp Room</h1><p>Still read.<br/>And this.</p>'
        "<div/><p>And the last one.</p></body></html>"
    )
    parts = {**fixture_parts("epub3"), "OEBPS/text/chapter-1.xhtml": page}
    winter = read_document(zip_parts(parts), "epub").chapters[0]
    assert [b.text for b in winter.blocks] == [
        "Winter: The Lamp Room",
        "Still read. And this.",
        "And the last one.",
    ]


def test_an_old_html_page_in_its_declared_charset() -> None:
    page = '<head><meta charset="windows-1252"></head><p>Café \u2013 5 €</p>'
    document = read_document(page.encode("windows-1252"), "html")
    assert document.chapters[0].blocks[0].text == "Café \u2013 5 €"
    legacy = '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2"><p>Łódź</p>'
    assert read_document(legacy.encode("iso-8859-2"), "html").chapters[0].blocks[0].text == "Łódź"
    with pytest.raises(DocumentError) as caught:
        read_document("<p>Café</p>".encode("latin-1"), "html")  # declares nothing
    assert caught.value.code == "invalid_document"
