"""Language identification of short unlabelled text: accuracy before and after the
short-text evidence of `model_layer/text/rules/langid.py`, and what it costs.

    .venv/bin/python -m bench.langid_short

Runs `LanguageDetector.detect` (the packaged py3langid model restricted to our
languages, default `en`, cutoff 0.5) on `bench/langid_sentences.py`: 176 short
sentences in 26 Latin and Cyrillic languages. "before" switches the short-text
evidence off (the identifier, then unique letters, then the default). Prints the
accuracy per language and overall, and the time and RSS the word lists add on first
use.
"""

from __future__ import annotations

import sys
import time
from unittest import mock

from bench.langid_sentences import SHORT_SENTENCES


def _accuracy(detector) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    result = {}
    for lang, sentences in SHORT_SENTENCES.items():
        right = sum(detector.detect(s) == lang for s in sentences)
        result[lang] = (right, len(sentences))
    return result


def main() -> int:
    import psutil

    from model_layer.text import language
    from model_layer.text.rules import langid

    detector = language.LanguageDetector(language.load_identifier(None), "en")
    with mock.patch.object(language, "is_short", lambda text: False):
        before = _accuracy(detector)
    rss = psutil.Process().memory_info().rss
    start = time.perf_counter()
    langid._stopwords()
    load_ms = (time.perf_counter() - start) * 1000
    added_mb = (psutil.Process().memory_info().rss - rss) / 1e6
    start = time.perf_counter()
    after = _accuracy(detector)
    per_text_ms = (time.perf_counter() - start) * 1000 / sum(map(len, SHORT_SENTENCES.values()))
    print("| lang | before | after |")
    print("|---|---|---|")
    for lang in SHORT_SENTENCES:
        (b, n), (a, _) = before[lang], after[lang]
        print(f"| {lang} | {b}/{n} | {a}/{n} |")
    total = sum(n for _, n in before.values())
    b_all = sum(b for b, _ in before.values())
    a_all = sum(a for a, _ in after.values())
    print(
        f"| all | {b_all}/{total} ({b_all / total:.0%}) | {a_all}/{total} ({a_all / total:.0%}) |"
    )
    print(
        f"\nword lists: {load_ms:.0f} ms and {added_mb:.1f} MB RSS on first use; "
        f"{per_text_ms:.2f} ms per text (detection with the evidence)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
