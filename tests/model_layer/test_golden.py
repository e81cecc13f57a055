"""The golden tables: what people write, and exactly what each language must say."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from model_layer.text import normalize_text

GOLDEN_DIR = Path(__file__).parent / "golden"
HEADER = ["category", "input", "expected", "note"]


def _rows() -> list[pytest.param]:
    params = []
    # <code>.tsv per language; <class>/<code>.tsv for the shared rules of one class
    # (model_layer/text/shapes: agreement, fractions, phones), named by the language too.
    for path in sorted([*GOLDEN_DIR.glob("*.tsv"), *GOLDEN_DIR.glob("*/*.tsv")]):
        lines = [line for line in path.read_text("utf-8").splitlines() if not line.startswith("#")]
        reader = csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader)
        assert header == HEADER, f"{path.name}: header must be {HEADER}"
        for number, row in enumerate(reader, start=2):
            if not row:
                continue
            assert len(row) in (3, 4), f"{path.name}:{number}: expected 3 or 4 columns"
            category, text, expected = row[:3]
            name = path.relative_to(GOLDEN_DIR).with_suffix("").as_posix().replace("/", "-")
            param_id = f"{name}-{number}-{category}"
            params.append(pytest.param(path.stem, text, expected, id=param_id))
    return params


@pytest.mark.parametrize(("lang", "text", "expected"), _rows())
def test_golden(lang: str, text: str, expected: str) -> None:
    assert normalize_text(text, lang) == expected
