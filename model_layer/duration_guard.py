"""The runaway-duration guard: a chunk's predicted length held to what its letters imply.

On the real weights the duration predictor sometimes runs away: a short piece such as
"Grazie a tutti. -" is given several times the time its letters need, for every voice,
and the estimator fills the extra time with babble. Normally a prediction is at most
~1.37x the length its letters and digits imply; a runaway is ~2.9x. So a prediction
above `limit` (1.6x) of the expected length is replaced by `replacement` (1.1x) of it,
before any synthesis is spent on it. Every figure here (the rates per language, the
1.05 x (0.9 s + rate x letters) model of the expected length, 1.6 and 1.1) is the public
measurement of superclonica-cpu 0.6.26 over ~224,000 pieces; data/duration_rates.tsv
names it. The rule applies to the prediction before the speed division, as measured.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

RATES_FILE = Path(__file__).with_name("data") / "duration_rates.tsv"
# The expected length of a piece at the measured speed: REFERENCE_SPEED x (BASE_SECONDS +
# rate x letters_and_digits).
REFERENCE_SPEED = 1.05
BASE_SECONDS = 0.9
DEFAULT_LIMIT = 1.6
DEFAULT_REPLACEMENT = 1.1


@cache
def measured_rates() -> Mapping[str, float]:
    """Seconds per letter or digit by language code, and "default" for the others."""
    rates: dict[str, float] = {}
    for number, line in enumerate(RATES_FILE.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        lang, value = line.split("\t")
        if lang in rates:
            raise ValueError(f"{RATES_FILE.name}:{number}: {lang} is listed twice")
        rates[lang] = float(value)
    return rates


def spoken_letters(text: str) -> int:
    """Letters and digits: what takes time to say (punctuation, spaces and tags do not)."""
    return sum(1 for ch in text if ch.isalnum())


@dataclass(frozen=True)
class DurationGuard:
    enabled: bool = True
    limit: float = DEFAULT_LIMIT
    replacement: float = DEFAULT_REPLACEMENT
    rates: Mapping[str, float] = field(default_factory=measured_rates)

    def expected_seconds(self, text: str, lang: str) -> float:
        """The length `text` takes in `lang` by its letters, before the speed division."""
        rate = self.rates.get(lang, self.rates["default"])
        return REFERENCE_SPEED * (BASE_SECONDS + rate * spoken_letters(text))

    def apply(self, seconds: float, speed: float, text: str, lang: str) -> float | None:
        """The capped duration (speed applied) for a chunk predicted at `seconds` (speed
        applied), or None when the prediction is within the limit and stands."""
        if not self.enabled:
            return None
        expected = self.expected_seconds(text, lang)
        if seconds * speed <= self.limit * expected:
            return None
        return self.replacement * expected / speed
