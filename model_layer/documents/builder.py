"""Chapters assembled block by block, with the spoken-text bound counted as they grow, so a
document over the limit is refused while it is read, not after."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from model_layer.documents.model import Block, BlockKind, Chapter, DocumentError, ReadOptions

_SPACE = re.compile(r"\s+")


def primary_language(tag: str | None) -> str | None:
    """'de-DE' -> 'de'; None, empty or not a language subtag -> None (detect later)."""
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary.isalpha() and 2 <= len(primary) <= 3 else None


@dataclass
class _Draft:
    title: str | None
    lang: str | None
    blocks: list[Block] = field(default_factory=list)
    footnotes: list[Block] = field(default_factory=list)


class ChapterBuilder:
    """Collects blocks into chapters: a heading of a chapter level starts one. Footnotes
    are read at the end of the chapter that refers to them (`refer`), else of the chapter
    they are written in."""

    def __init__(self, options: ReadOptions, lang: str | None = None):
        self.options = options
        self.lang = lang
        self.spoken = 0  # characters counted so far, across the whole document
        self._drafts: list[_Draft] = [_Draft(None, lang)]
        self._referred: dict[str, int] = {}  # note id -> the chapter that refers to it

    @property
    def current(self) -> int:
        return len(self._drafts) - 1

    def refer(self, note_id: str) -> None:
        self._referred.setdefault(note_id, self.current)

    def add(
        self,
        text: str,
        kind: BlockKind = "paragraph",
        lang: str | None = None,
        note_id: str | None = None,
    ) -> None:
        text = _SPACE.sub(" ", text).strip()
        if not text:
            return
        self.spoken += len(text)
        if self.spoken > self.options.max_spoken_chars:
            raise DocumentError(
                "document_too_large",
                f"the document's spoken text is over {self.options.max_spoken_chars} characters",
            )
        block = Block(text, kind, lang)
        if kind == "footnote":
            chapter = self._referred.get(note_id or "", self.current)
            self._drafts[chapter].footnotes.append(block)
        else:
            self._drafts[-1].blocks.append(block)

    def start_chapter(self, title: str | None, lang: str | None = None) -> None:
        title = _SPACE.sub(" ", title).strip() if title else None
        self._drafts.append(_Draft(title or None, lang or self.lang))

    def result(self) -> list[Chapter]:
        return [
            Chapter(draft.title, (*draft.blocks, *draft.footnotes), draft.lang)
            for draft in self._drafts
            if draft.blocks or draft.footnotes
        ]
