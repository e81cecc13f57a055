"""`python -m bench langid`: language identification of short unlabelled text.

    .venv/bin/python -m bench langid [--set bench/langid_set.tsv] [--runs 5]

Reads `language<TAB>text` lines (`default` = nothing to tell: the expected answer is
`DEFAULT_LANG`, `en` here) and prints per-language accuracy of the detector before
(py3langid alone above its cutoff, as on main) and after (with function-word and letter
evidence, `model_layer.text.langid_evidence`), the time per text, and the init cost
measured in fresh interpreters: import + load of the prepared identifier, and the
evidence module's own import (time and RSS).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.worker import REPO

DEFAULT_SET = REPO / "bench" / "langid_set.tsv"
DEFAULT_LANG = "en"

# Run in a fresh interpreter: prints {"s": seconds, "rss_mb": RSS growth} for one init step.
_INIT_PROBE = """
import importlib.util, json, resource, sys, time
def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20
step, model_dir = sys.argv[1], sys.argv[2]
if step == "evidence":  # the module alone, from its file (the package imports it); stdlib first
    import collections.abc, math, re, unicodedata
    spec = importlib.util.spec_from_file_location("evidence", "model_layer/text/langid_evidence.py")
    before, start = rss_mb(), time.perf_counter()
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
else:  # what the README's budget times: everything else loaded, then the identifier
    from pathlib import Path
    from model_layer.text.detection import LanguageDetector, load_identifier
    before, start = rss_mb(), time.perf_counter()
    LanguageDetector(load_identifier(Path(model_dir))).detect("Dzieci już śpią.")
print(json.dumps({"s": time.perf_counter() - start, "rss_mb": rss_mb() - before}))
"""


def read_set(path: Path) -> list[tuple[str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, text = line.split("\t", 1)
            rows.append((lang, text))
    return rows


def kind(text: str) -> str:
    """`sentence` (ends like one) or `short` (a word or a phrase)."""
    return "sentence" if text.rstrip()[-1:] in ".?!;\u3002\uff1f\uff01\u0964\u061f" else "short"


def accuracy(rows: list[tuple[str, str]], evidence: bool) -> tuple[Counter, Counter, float]:
    """Right and total per language and per (language, kind); mean ms per text."""
    from model_layer.text.detection import LanguageDetector, load_identifier

    detector = LanguageDetector(load_identifier(), default=DEFAULT_LANG, evidence=evidence)
    right, total = Counter(), Counter()
    start = time.perf_counter()
    for lang, text in rows:
        expected = DEFAULT_LANG if lang == "default" else lang
        correct = detector.detect(text) == expected
        for key in (lang, (lang, kind(text)), kind(text)):
            total[key] += 1
            right[key] += correct
    per_text_ms = (time.perf_counter() - start) * 1000 / len(rows)
    return right, total, per_text_ms


def init_cost(step: str, model_dir: Path, runs: int) -> tuple[float, float]:
    """Median seconds and RSS growth (MB) of one init step over `runs` fresh interpreters."""
    seconds, rss = [], []
    for _ in range(runs):
        result = subprocess.run(
            [sys.executable, "-c", _INIT_PROBE, step, str(model_dir)],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        )
        measured = json.loads(result.stdout)
        seconds.append(measured["s"])
        rss.append(measured["rss_mb"])
    return statistics.median(seconds), statistics.median(rss)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench langid", description=__doc__)
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="language<TAB>text lines")
    parser.add_argument("--runs", type=int, default=5, help="fresh interpreters per init step")
    args = parser.parse_args(argv)
    rows = read_set(args.set)
    # Warm the packaged model once so neither side pays its load in the timing.
    from model_layer.text.detection import load_identifier

    load_identifier()
    before, total, before_ms = accuracy(rows, evidence=False)
    after, _, after_ms = accuracy(rows, evidence=True)

    def cells(key: object) -> str:
        if not total[key]:
            return "|"
        return f"{before[key]}/{total[key]} | {after[key]}/{total[key]}"

    print("| language | sentences before | after | short before | after | all before | after |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for lang in dict.fromkeys(lang for lang, _ in rows):
        sentences, short = cells((lang, "sentence")), cells((lang, "short"))
        print(f"| {lang} | {sentences} | {short} | {cells(lang)} |")
    every = list(dict.fromkeys(lang for lang, _ in rows))
    right_before = sum(before[lang] for lang in every)
    right_after = sum(after[lang] for lang in every)
    print(
        f"| **all** | {cells('sentence')} | {cells('short')} "
        f"| {right_before}/{len(rows)} | {right_after}/{len(rows)} |"
    )
    print()
    print(f"detect per text (ms, mean): before {before_ms:.3f}, after {after_ms:.3f}")

    from model_layer.text.detection import prepare_identifier

    with tempfile.TemporaryDirectory() as model_dir:
        prepare_identifier(Path(model_dir))
        load_s, load_mb = init_cost("identifier", Path(model_dir), args.runs)
        evidence_s, evidence_mb = init_cost("evidence", Path(model_dir), args.runs)
    print(
        f"init, median of {args.runs} fresh interpreters: py3langid import + load of the "
        f"prepared identifier + first detect {load_s:.3f} s, +{load_mb:.1f} MB RSS; the "
        f"evidence module's own import {evidence_s * 1000:.1f} ms, +{evidence_mb:.2f} MB RSS"
    )
    return 0
