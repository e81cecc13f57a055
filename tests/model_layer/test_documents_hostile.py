"""Documents are attacker-controlled: each hostile one ends in its own error code, read
with bounded memory and without following anything outside the upload."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from model_layer.documents import DocumentError, ReadOptions, read_document
from model_layer.documents.epub import ArchiveLimits, read_epub
from tests.infra.epub import fixture_parts, lying_zip_bomb, zip_bomb, zip_parts

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata>&lol3;</metadata></package>
"""


def _xxe(target: Path) -> str:
    return f"""<?xml version="1.0"?>
<!DOCTYPE container [<!ENTITY secret SYSTEM "file://{target}">]>
<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
<rootfile full-path="&secret;" media-type="application/oebps-package+xml"/></rootfiles></container>
"""


def _epub(**replaced: bytes | str) -> bytes:
    """The EPUB 3 fixture with parts replaced (or added): `_epub(**{"OEBPS/x.opf": ...})`."""
    return zip_parts({**fixture_parts("epub3"), **replaced})


def _code(read: Callable[[], object]) -> str:
    with pytest.raises(DocumentError) as caught:
        read()
    return caught.value.code


def test_zip_bomb_is_refused_before_inflating_with_bounded_memory() -> None:
    bomb = zip_bomb()  # 300 MB of zeros in ~300 KB
    tracemalloc.start()
    try:
        assert _code(lambda: read_document(bomb, "epub")) == "archive_bomb"
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


def test_a_zip_that_lies_about_its_sizes_is_read_no_further_than_the_bound() -> None:
    data = lying_zip_bomb()
    tracemalloc.start()
    try:
        code = _code(lambda: read_document(data, "epub"))
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code in ("archive_bomb", "invalid_document")
    assert peak < 20 * 1024 * 1024


def test_a_part_over_its_bound_while_inflating() -> None:
    limits = ArchiveLimits(part_bytes=1024)
    assert _code(lambda: read_epub(_epub(), ReadOptions(), limits)) == "archive_bomb"


def test_too_many_entries_and_too_large() -> None:
    many = _epub(**{f"OEBPS/x{n}.txt": "x" for n in range(30)})
    assert _code(lambda: read_epub(many, ReadOptions(), ArchiveLimits(entries=20))) == (
        "document_too_large"
    )
    assert _code(
        lambda: read_epub(_epub(), ReadOptions(), ArchiveLimits(compressed_bytes=100))
    ) == ("document_too_large")


def test_billion_laughs_in_the_package() -> None:
    data = _epub(**{"OEBPS/content.opf": BILLION_LAUGHS})
    assert _code(lambda: read_document(data, "epub")) == "xml_entities_refused"


def test_xxe_to_a_local_file_is_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("OEBPS/content.opf")  # were it read, the book would open
    data = _epub(**{"META-INF/container.xml": _xxe(secret)})
    assert _code(lambda: read_document(data, "epub")) == "xml_entities_refused"


def test_entities_declared_in_a_page() -> None:
    page = (
        '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY x "boom">]>'
        '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>&x;</p></body></html>'
    )
    data = _epub(**{"OEBPS/text/chapter-1.xhtml": page})
    assert _code(lambda: read_document(data, "epub")) == "xml_entities_refused"


def test_drm_is_refused_but_font_obfuscation_is_not() -> None:
    encrypted = """<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
      xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>
      <enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
      <enc:CipherData><enc:CipherReference URI="OEBPS/text/chapter-1.xhtml"/></enc:CipherData>
      </enc:EncryptedData></encryption>"""
    data = zip_parts({**fixture_parts("epub3"), "META-INF/encryption.xml": encrypted})
    assert _code(lambda: read_document(data, "epub")) == "drm_protected"
    rights = zip_parts({**fixture_parts("epub3"), "META-INF/rights.xml": "<rights/>"})
    assert _code(lambda: read_document(rights, "epub")) == "drm_protected"
    fonts = encrypted.replace(
        "http://www.w3.org/2001/04/xmlenc#aes128-cbc", "http://www.idpf.org/2008/embedding"
    )
    data = zip_parts({**fixture_parts("epub3"), "META-INF/encryption.xml": fonts})
    assert len(read_document(data, "epub").chapters) == 3


def test_a_spine_naming_a_missing_file() -> None:
    parts = fixture_parts("epub3")
    parts.pop("OEBPS/text/chapter-2.xhtml")
    assert _code(lambda: read_document(zip_parts(parts), "epub")) == "missing_part"
    opf = str(parts["OEBPS/content.opf"], "utf-8").replace('idref="c2"', 'idref="nowhere"')
    parts = {**fixture_parts("epub3"), "OEBPS/content.opf": opf}
    assert _code(lambda: read_document(zip_parts(parts), "epub")) == "missing_part"


def test_a_path_out_of_the_archive() -> None:
    opf = str(fixture_parts("epub3")["OEBPS/content.opf"], "utf-8").replace(
        'href="text/chapter-1.xhtml"', 'href="../../../etc/passwd"'
    )
    data = zip_parts({**fixture_parts("epub3"), "OEBPS/content.opf": opf})
    assert _code(lambda: read_document(data, "epub")) == "invalid_document"


@pytest.mark.parametrize(
    "data",
    [b"not a zip at all", b"PK\x03\x04" + b"\0" * 100, zip_parts({"hello.txt": "hi"})],
)
def test_not_an_epub(data: bytes) -> None:
    assert _code(lambda: read_document(data, "epub")) == "invalid_document"


def test_ten_thousand_deep_html_and_markdown() -> None:
    html = "<html><body>" + "<div>" * 10_000 + "deep" + "</div>" * 10_000 + "</body></html>"
    assert _code(lambda: read_document(html.encode(), "html")) == "nesting_too_deep"
    quotes = ">" * 10_000 + " deep\n"
    assert _code(lambda: read_document(quotes.encode(), "markdown")) == "nesting_too_deep"
    lists = "".join("  " * depth + "- item\n" for depth in range(2_000))
    assert _code(lambda: read_document(lists.encode(), "markdown")) == "nesting_too_deep"
    # Nested as people nest, it reads.
    assert read_document(b"> > > quoted thrice\n", "markdown").chapters[0].blocks[0].kind == (
        "quote"
    )


def test_spoken_text_over_the_bound() -> None:
    text = ("A sentence of some length. " * 2_000).encode()
    options = ReadOptions(max_spoken_chars=10_000)
    for fmt in ("text", "markdown", "html"):
        assert _code(lambda fmt=fmt: read_document(text, fmt, options)) == "document_too_large"


def test_not_utf8() -> None:
    assert _code(lambda: read_document(b"caf\xe9", "markdown")) == "invalid_document"
