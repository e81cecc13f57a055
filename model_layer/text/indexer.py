"""Codepoint -> token id lookup, vectorised, matching the reference's `__call__`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from model_layer.constants import INDEXER_SIZE

UNSUPPORTED_ID = -1


class TextIndexer:
    """The model's `unicode_indexer.json`: one token id per BMP codepoint, -1 = unsupported."""

    def __init__(self, table: Sequence[int]) -> None:
        ids = np.asarray(table, dtype=np.int64)
        if ids.shape != (INDEXER_SIZE,):
            raise ValueError(
                f"indexer table must have {INDEXER_SIZE} entries, got shape {ids.shape}"
            )
        self._ids = ids
        self._ids.setflags(write=False)

    @classmethod
    def from_file(cls, path: str | Path) -> TextIndexer:
        path = Path(path)
        try:
            table = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"cannot read unicode indexer {path}: {exc}") from exc
        # bool is an int subclass; a table of true/false is a corrupt file, not ids.
        if (
            not isinstance(table, list)
            or len(table) != INDEXER_SIZE
            or not all(type(v) is int for v in table)
        ):
            raise ValueError(
                f"unicode indexer {path} must be a JSON list of {INDEXER_SIZE} integers"
            )
        return cls(table)

    def supported(self, ch: str) -> bool:
        """True when the model has a token for this single character."""
        code = ord(ch)
        return code < INDEXER_SIZE and bool(self._ids[code] != UNSUPPORTED_ID)

    def encode(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """`text_ids` int64 [B,T] (0-padded) and `text_mask` float32 [B,1,T].

        Takes already-preprocessed text. Like the reference, an unsupported
        character yields id -1 rather than an error (`sanitize` is the guard);
        a character beyond the BMP, which the reference cannot index either,
        raises `ValueError`.
        """
        if not texts:
            raise ValueError("encode needs at least one text")
        # UTF-32 gives exactly one code unit per `str` character, so lengths
        # match `len(text)` as in the reference; surrogatepass keeps lone
        # surrogates indexable like the reference's `ord`.
        codes = [np.frombuffer(t.encode("utf-32-le", "surrogatepass"), dtype="<u4") for t in texts]
        lengths = np.array([c.size for c in codes], dtype=np.int64)
        width = int(lengths.max())
        text_ids = np.zeros((len(texts), width), dtype=np.int64)
        for row, (text, code) in enumerate(zip(texts, codes, strict=True)):
            if code.size and int(code.max()) >= INDEXER_SIZE:
                bad = text[int(np.argmax(code >= INDEXER_SIZE))]
                raise ValueError(
                    f"character U+{ord(bad):04X} {bad!r} is outside the indexer's range"
                )
            text_ids[row, : code.size] = self._ids[code]
        text_mask = (np.arange(width) < lengths[:, None]).astype(np.float32)[:, None, :]
        return text_ids, text_mask
