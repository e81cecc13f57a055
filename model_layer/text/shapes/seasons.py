"""A sports season written "2024/25" after the word for season:
"Saison 2024/25" is "Saison zweitausendvierundzwanzig fünfundzwanzig", "temporada
2024/25" "temporada dos mil veinticuatro veinticinco": the two years said one after the
other, where the slash was read as "/" or a fraction. Only after the season word.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SEASON_WORDS = (
    r"Saison|Spielzeit|saison|temporada|época|stagione|seizoen|säsong|säsongen|sæson|sæsonen|"
    r"Saisons|temporadas|stagioni|seizoenen"
)
_SEASON = re.compile(
    rf"(?<!\w)((?:{_SEASON_WORDS})\s+)((?:19|20)\d\d)\s?/\s?(\d\d)(?!\d|/)", re.IGNORECASE
)


def rule() -> Callable[[str], str]:
    """The rule: "2024/25" after a season word becomes "2024 25", read as two numbers."""
    return lambda text: _SEASON.sub(r"\1\2 \3", text) if "/" in text else text
