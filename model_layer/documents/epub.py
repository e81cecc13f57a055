"""EPUB 2 and 3: container.xml -> the package (OPF) -> the spine, in reading order, with
chapter titles from the EPUB 3 navigation document or the EPUB 2 NCX.

An EPUB is a zip archive from whoever uploaded it, so every bound is checked from the
central directory before anything is inflated, and again while inflating (the directory
can lie about sizes). XML is parsed by defusedxml with entity declarations forbidden
(no expansion, no external references); XHTML pages go through the HTML reader, after a check
that their prolog declares no entities.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from dataclasses import dataclass
from urllib.parse import unquote
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeXml
from defusedxml import DefusedXmlException

from model_layer.documents.builder import ChapterBuilder, primary_language
from model_layer.documents.html import read_html_into
from model_layer.documents.model import Document, DocumentError, ReadOptions

_CONTAINER = "META-INF/container.xml"
# Font obfuscation (IDPF, Adobe) scrambles embedded fonts only; any other encryption of a
# content document is DRM, and the text cannot be read.
_FONT_OBFUSCATION = frozenset(
    {"http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"}
)
_ENTITY_DECLARATION = re.compile(rb"<!ENTITY|<!DOCTYPE[^>]*\[", re.I)
_READ_BYTES = 64 * 1024
_ROOT_LANG = re.compile(rb"<html\b[^>]*?\s(?:xml:)?lang=[\"']([^\"']+)", re.I)
_HEADING = re.compile(rb"<(?:\w+:)?h[1-3][\s>/]", re.I)


@dataclass(frozen=True)
class ArchiveLimits:
    compressed_bytes: int = 50 * 1024 * 1024
    expanded_bytes: int = 200 * 1024 * 1024  # all entries together
    part_bytes: int = 20 * 1024 * 1024  # one XML or XHTML part
    entries: int = 2_000
    ratio: int = 100  # expanded / compressed, for entries over ratio_floor_bytes
    ratio_floor_bytes: int = 1024 * 1024


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _Archive:
    def __init__(self, data: bytes, limits: ArchiveLimits):
        if len(data) > limits.compressed_bytes:
            raise DocumentError(
                "document_too_large", f"the EPUB is over {limits.compressed_bytes} bytes"
            )
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, ValueError) as exc:
            raise DocumentError("invalid_document", "the EPUB is not a zip archive") from exc
        self.limits = limits
        infos = self.zip.infolist()
        if len(infos) > limits.entries:
            raise DocumentError("document_too_large", f"the EPUB has over {limits.entries} entries")
        total = 0
        for info in infos:
            total += info.file_size
            if info.file_size > limits.ratio_floor_bytes and info.file_size > limits.ratio * max(
                1, info.compress_size
            ):
                raise DocumentError(
                    "archive_bomb", f"an entry of the EPUB expands over {limits.ratio} times"
                )
        if total > limits.expanded_bytes:
            raise DocumentError(
                "archive_bomb", f"the EPUB expands to over {limits.expanded_bytes} bytes"
            )
        self.names = {info.filename for info in infos}

    def read(self, name: str) -> bytes:
        """One part, inflated with a hard cap whatever its header claims."""
        if name not in self.names:
            raise DocumentError("missing_part", "the EPUB names a part its archive lacks")
        chunks: list[bytes] = []
        size = 0
        try:
            with self.zip.open(name) as part:
                while chunk := part.read(_READ_BYTES):
                    size += len(chunk)
                    if size > self.limits.part_bytes:
                        raise DocumentError(
                            "archive_bomb",
                            f"a part of the EPUB expands over {self.limits.part_bytes} bytes",
                        )
                    chunks.append(chunk)
        except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError) as exc:
            # RuntimeError: a password-protected entry; NotImplementedError: a method
            # zipfile cannot inflate; BadZipFile/OSError: a corrupt entry.
            raise DocumentError("invalid_document", "a part of the EPUB cannot be read") from exc
        return b"".join(chunks)

    def xml(self, name: str) -> Element:
        data = self.read(name)
        try:
            # A bare DOCTYPE (<!DOCTYPE html>, the NCX's public id) is usual and harmless;
            # what is refused is any entity declaration (billion laughs, XXE) and any
            # external reference. Nothing is ever fetched.
            return SafeXml.fromstring(data, forbid_dtd=False, forbid_entities=True)
        except DefusedXmlException as exc:
            raise DocumentError(
                "xml_entities_refused", "the EPUB's XML declares a DTD or entities"
            ) from exc
        except SafeXml.ParseError as exc:
            raise DocumentError("invalid_document", "the EPUB has malformed XML") from exc


def _resolve(base: str, href: str) -> str:
    """`href` (relative to the part `base`) as an archive name; one leaving the archive's
    root is refused."""
    path = unquote(href.split("#", 1)[0])
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(base), path))
    if joined.startswith("../") or joined == ".." or joined.startswith("/"):
        raise DocumentError("invalid_document", "the EPUB names a part outside its archive")
    return joined


def _refuse_drm(archive: _Archive) -> None:
    if "META-INF/rights.xml" in archive.names:
        raise DocumentError("drm_protected", "the EPUB is protected by DRM (rights.xml)")
    if "META-INF/encryption.xml" not in archive.names:
        return
    for element in archive.xml("META-INF/encryption.xml").iter():
        if (
            _local(element.tag) == "EncryptionMethod"
            and element.get("Algorithm") not in _FONT_OBFUSCATION
        ):
            raise DocumentError("drm_protected", "the EPUB's content is encrypted (DRM)")


@dataclass(frozen=True)
class _Package:
    path: str
    title: str | None
    lang: str | None
    spine: tuple[str, ...]  # archive names, in reading order
    nav: str | None  # the EPUB 3 navigation document
    ncx: str | None  # the EPUB 2 table of contents


def _package(archive: _Archive) -> _Package:
    if _CONTAINER not in archive.names:
        raise DocumentError("invalid_document", "the EPUB has no META-INF/container.xml")
    rootfile = next(
        (e.get("full-path") for e in archive.xml(_CONTAINER).iter() if _local(e.tag) == "rootfile"),
        None,
    )
    if not rootfile:
        raise DocumentError("invalid_document", "the EPUB's container names no package")
    path = _resolve("", rootfile)
    opf = archive.xml(path)
    title = lang = None
    manifest: dict[str, tuple[str, str, str]] = {}  # id -> (name, media type, properties)
    spine_ids: list[str] = []
    ncx_id = None
    for element in opf.iter():
        name = _local(element.tag)
        if name == "title" and title is None and (element.text or "").strip():
            title = (element.text or "").strip()
        elif name == "language" and lang is None:
            lang = primary_language(element.text)
        elif name == "item" and element.get("id") and element.get("href"):
            manifest[element.get("id", "")] = (
                _resolve(path, element.get("href", "")),
                element.get("media-type", ""),
                element.get("properties", ""),
            )
        elif name == "spine":
            ncx_id = element.get("toc")
        elif name == "itemref" and element.get("idref") and element.get("linear") != "no":
            # linear="no": auxiliary pages (a cover, pop-up notes) outside the reading order.
            spine_ids.append(element.get("idref", ""))
    nav = next((n for n, _t, props in manifest.values() if "nav" in props.split()), None)
    ncx = manifest[ncx_id][0] if ncx_id in manifest else None
    if ncx is None:
        ncx = next((n for n, t, _p in manifest.values() if t == "application/x-dtbncx+xml"), None)
    spine = []
    for idref in spine_ids:
        if idref not in manifest:
            raise DocumentError("missing_part", "the EPUB's spine names an item it lacks")
        spine.append(manifest[idref][0])
    if not spine:
        raise DocumentError("invalid_document", "the EPUB's spine is empty")
    return _Package(path, title, lang, tuple(spine), nav, ncx)


def _titles(archive: _Archive, package: _Package) -> dict[str, str]:
    """Part name -> its title in the table of contents (the first entry naming it)."""
    titles: dict[str, str] = {}
    if package.nav and package.nav in archive.names:
        root = archive.xml(package.nav)
        for nav in root.iter():
            types = (nav.get("{http://www.idpf.org/2007/ops}type") or "").split()
            if _local(nav.tag) != "nav" or "toc" not in types:
                continue
            for link in nav.iter():
                if _local(link.tag) == "a" and link.get("href"):
                    text = " ".join("".join(link.itertext()).split())
                    titles.setdefault(_resolve(package.nav, link.get("href", "")), text)
    elif package.ncx and package.ncx in archive.names:
        for point in archive.xml(package.ncx).iter():
            if _local(point.tag) != "navPoint":
                continue
            label = next((e for e in point.iter() if _local(e.tag) == "text"), None)
            content = next((e for e in point.iter() if _local(e.tag) == "content"), None)
            if label is not None and content is not None and content.get("src"):
                text = " ".join("".join(label.itertext()).split())
                titles.setdefault(_resolve(package.ncx, content.get("src", "")), text)
    return {name: title for name, title in titles.items() if title}


# XHTML's self-closed elements: an HTML parser takes `<script src="x"/>` or `<title/>` for
# an opening tag, and then the rest of the page for the script's (unread) text.
_SELF_CLOSED = re.compile(r"<([A-Za-z][\w:-]*)(\s[^<>]*?)?/>")
_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


def _as_html(page: str) -> str:
    def open_and_close(m: re.Match[str]) -> str:
        tag = m.group(1)
        if tag.lower() in _VOID:
            return m.group()
        return f"<{tag}{m.group(2) or ''}></{tag}>"

    return _SELF_CLOSED.sub(open_and_close, page)


def _page_language(page: bytes) -> str | None:
    match = _ROOT_LANG.search(page[:4096])
    return primary_language(match.group(1).decode("ascii", "replace")) if match else None


def read_epub(data: bytes, options: ReadOptions, limits: ArchiveLimits | None = None) -> Document:
    archive = _Archive(data, limits or ArchiveLimits())
    _refuse_drm(archive)
    package = _package(archive)
    titles = _titles(archive, package)
    builder = ChapterBuilder(options, package.lang)
    for name in package.spine:
        if name in (package.nav, package.ncx):
            continue  # the table of contents is not read aloud
        page = archive.read(name)
        if _ENTITY_DECLARATION.search(page[:4096]):
            raise DocumentError(
                "xml_entities_refused", "a page of the EPUB declares a DTD subset or entities"
            )
        if name in titles:
            page_lang = _page_language(page) or package.lang
            builder.start_chapter(titles[name], page_lang)
            if not _HEADING.search(page):
                # A page without a heading of its own: its title in the contents is
                # what a listener would hear announced.
                builder.add(titles[name], "heading", page_lang)
        read_html_into(
            _as_html(page.decode("utf-8-sig", errors="replace")),
            builder,
            alt_text=options.alt_text,
            tables=options.tables,
            max_depth=options.max_depth,
            lang=package.lang,
        )
    chapters = tuple(builder.result())
    return Document(package.title, package.lang, chapters, {"spine_items": str(len(package.spine))})
