"""Supertonic 3's inline expression tags: `<laugh>`, `<sigh>`, ... as first-class text.

The model takes ten tags written as single lowercase tokens in angle brackets, with
no closing form. They reach it as ordinary characters through the unicode indexer
(like the `<en>…</en>` language wrapper), so everything that rewrites text before
the model must leave them whole and in their exact form:

- normalization cuts them out first (`normalize.py`): no language rule, lexicon or
  acronym reader sees them, and `<LAUGH>` or `<Laugh/>` comes out as `<laugh>`;
- chunking never cuts inside one and keeps one with the sentence it ends
  (`chunking.py`);
- SSML offers each as an empty element, `<laugh/>` (`ssml/parser.py`).

What is known about them (upstream README names laugh, breath and sigh; the
community list of all ten is upstream issue #155, citing the model's Hugging Face
discussion 6): they work best in Korean, English and Japanese, placed at the start
or the end of a sentence. Elsewhere the model may read them less well or not at
all. Any other `<word>` in plain text is text like any other and keeps its
behaviour.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

EXPRESSION_TAGS: tuple[str, ...] = (
    "laugh", "breath", "surprise", "sigh", "scream", "throatclear", "sad", "angry", "cough",
    "yawn",
)  # fmt: skip

BEST_LANGUAGES: tuple[str, ...] = ("ko", "en", "ja")
PLACEMENT = "at the start or the end of a sentence"
SOURCES = (
    "upstream README (laugh, breath, sigh)",
    "upstream issue #155, citing the model's Hugging Face discussion 6 (all ten)",
)

# A tag as people write it: any case, optional spaces inside, and the self-closing
# slash of XML ("<laugh/>"): all mean the one form the model knows.
TAG = re.compile(rf"<\s*(?P<name>(?i:{'|'.join(EXPRESSION_TAGS)}))\s*/?\s*>")


@dataclass(frozen=True)
class ExpressionTag:
    name: str  # "laugh"
    text: str  # "<laugh>": exactly what the model receives
    ssml: str  # "<laugh/>": how an SSML document writes it


def catalogue() -> list[ExpressionTag]:
    """Every tag with its plain-text and SSML forms, in the model's order."""
    return [ExpressionTag(name, f"<{name}>", f"<{name}/>") for name in EXPRESSION_TAGS]


def describe() -> dict[str, object]:
    """The tags and their known caveats, as `GET /v1/tags` answers them."""
    return {
        "tags": [{"name": t.name, "text": t.text, "ssml": t.ssml} for t in catalogue()],
        "best_languages": list(BEST_LANGUAGES),
        "placement": PLACEMENT,
        "notes": (
            "Tags are inline sounds, not words: write them where the sound belongs, "
            "best " + PLACEMENT + ". They are reported to work best in Korean, English "
            "and Japanese; other languages may read them less well. Any case is accepted "
            "and sent as lowercase; other <words> are read as text."
        ),
        "sources": list(SOURCES),
    }


def canonical(name: str) -> str:
    """ "LAUGH" -> "<laugh>"."""
    return f"<{name.lower()}>"


def fold(text: str) -> str:
    """Every expression tag of `text` in the model's form (`<LAUGH/>` -> `<laugh>`)."""
    if "<" not in text:
        return text
    return TAG.sub(lambda m: canonical(m.group("name")), text)


def is_tag_name(name: str) -> bool:
    return name.lower() in EXPRESSION_TAGS


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every tag in `text` (already folded or not)."""
    if "<" not in text:
        return []
    return [m.span() for m in TAG.finditer(text)]
