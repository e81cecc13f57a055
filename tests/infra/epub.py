"""EPUB archives for the tests, zipped at test time from the fixture folders (nothing
binary is committed), and hostile variants of them."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "documents"


def zip_parts(parts: dict[str, bytes | str]) -> bytes:
    """An EPUB from its parts: `mimetype` stored first and uncompressed (OCF's rule)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, data in parts.items():
            if name != "mimetype":
                archive.writestr(name, data)
    return buffer.getvalue()


def fixture_parts(name: str) -> dict[str, bytes | str]:
    root = FIXTURES / name
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def fixture_epub(name: str) -> bytes:
    return zip_parts(fixture_parts(name))


def zip_bomb(expanded_bytes: int = 300 * 1024 * 1024) -> bytes:
    """A valid EPUB whose one chapter inflates to `expanded_bytes` of zeros (~1,000:1),
    written in pieces so the test itself never holds it expanded."""
    buffer = io.BytesIO()
    parts = fixture_parts("epub3")
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, data in parts.items():
            if name not in ("mimetype", "OEBPS/text/chapter-1.xhtml"):
                archive.writestr(name, data)
        with archive.open("OEBPS/text/chapter-1.xhtml", "w") as entry:
            piece = b"\0" * (1024 * 1024)
            for _ in range(expanded_bytes // len(piece)):
                entry.write(piece)
    return buffer.getvalue()


def lying_zip_bomb() -> bytes:
    """A chapter whose headers claim 1 KB but that inflates to 64 MB: only a read that
    trusts nothing the archive says catches it."""
    data = bytearray(zip_bomb(64 * 1024 * 1024))
    name = b"OEBPS/text/chapter-1.xhtml"
    # (signature, offset of the uncompressed size, of the name's length, of the name)
    headers = ((b"PK\x03\x04", 22, 26, 30), (b"PK\x01\x02", 24, 28, 46))
    for signature, size_at, length_at, name_at in headers:
        at = data.find(signature)
        while at >= 0:
            length = int.from_bytes(data[at + length_at : at + length_at + 2], "little")
            if data[at + name_at : at + name_at + length] == name:
                data[at + size_at : at + size_at + 4] = (1024).to_bytes(4, "little")
            at = data.find(signature, at + 4)
    return bytes(data)
