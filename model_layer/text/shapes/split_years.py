"""A season or a fiscal year written across two years: "2023/24", "2023/2024".

Read as the two years one after the other ("dos mil veintitrés veinticuatro", "deux mille
vingt-trois deux mille vingt-quatre"), as sports and business news say them; the slash
was read as a word or left between the numbers. Only two consecutive years (the second
written in full or by its last two digits). English and German have their own rule
("twenty twenty-three to twenty-four"); the other languages are left as they are.
"""

from __future__ import annotations

import re

LANGUAGES = frozenset(
    ("es", "pt", "fr", "it", "nl", "sv", "da", "ro", "id", "vi", "hu", "el", "tr", "hi", "ar")
)
_SPLIT_YEAR = re.compile(r"(?<![\w./-])((?:19|20)\d\d)/((?:19|20)?\d\d)(?![\w/]|[.,]\d)")


def read(text: str, lang: str) -> str:
    """`text` with its split years as two years."""
    if lang not in LANGUAGES or "/" not in text:
        return text

    def say(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(2))
        if second % 100 != (first + 1) % 100 or (second >= 100 and second != first + 1):
            return m.group()
        return f"{m.group(1)} {m.group(2)}"

    return _SPLIT_YEAR.sub(say, text)
