"""Time per character of the whole text path on hostile texts, from 1,000 to 20,000 characters.

    .venv/bin/python -m bench.text_linear [--sizes 1000,5000,20000] [--runs 3] [--families a,b]

Planning without duration prediction (`Synthesizer.plan(durations=False)`, what
POST /v1/normalize runs): language detection, normalization, sanitizing, chunking,
the reference's preprocessing and indexing. No ONNX graph runs, so the tiny synthetic
model gives the same numbers as the real one. Each family is a run of one unit after
"x " (a run of "." is a text no rule expects), read in the languages where it once
was quadratic. Prints a Markdown table: the median CPU time per character at each
size (CPU time: steadier than wall time on a shared machine) and the ratio of the
largest size's rate to the smallest's; linear work keeps that ratio near 1, while
quadratic work would make it the ratio of the sizes (20).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

# family -> (unit, languages)
FAMILIES: dict[str, tuple[str, tuple[str, ...]]] = {
    '"."': (".", ("en", "de", "hi")),
    '"!"': ("!", ("en", "fr")),
    '"?"': ("?", ("es", "ru")),
    '"…"': ("\u2026", ("en", "ru")),
    '"।"': ("\u0964", ("hi",)),
    '"؟"': ("\u061f", ("ar",)),
    '"!?."': ("!?.", ("en", "de")),
    '"。"': ("\u3002", ("ja",)),
    "digits": ("1", ("ko", "ja", "en", "de")),
    "full-width digits": ("\uff11", ("ja",)),
    "Devanagari digits": ("\u0967", ("hi",)),
    "Arabic-Indic digits": ("\u0663", ("ar",)),
    "digit groups 1,0": ("1,0", ("ko", "ja")),
    "spaces": (" ", ("en", "de", "es")),
    "newlines": ("\n", ("en",)),
    "combining marks": ("a\u0301\u0302", ("en", "vi")),
    "combining marks alone": ("\u0301", ("en",)),
    "emoji": ("\U0001f600", ("en",)),
    "emoji ZWJ sequences": ("\U0001f469\u200d\U0001f4bb", ("en",)),
    "alternating scripts": ("a\u0431\u65e5\ud55c", ("en", "ko")),
    "counted nouns (ru)": ("2 книги ", ("ru",)),
    "counted nouns (es)": ("1 casa ", ("es",)),
    "mixed numbers": ("5 1/2 km ", ("es", "de")),
    "phone numbers": ("call 555-123-4567 ", ("en",)),
    "prose (reference)": ("The 3 of us ran 42 km. ", ("en",)),
}
DEFAULT_SIZES = (1_000, 2_000, 5_000, 10_000, 20_000)


def text_of(unit: str, size: int) -> str:
    return ("x " + unit * (size // len(unit) + 1))[:size]


def cpu_us_per_char(plan, unit: str, lang: str, size: int, runs: int) -> float:  # type: ignore[no-untyped-def]
    text = text_of(unit, size)
    times = []
    for _ in range(runs):
        start = time.process_time()
        plan(text, lang=lang, durations=False)
        times.append(time.process_time() - start)
    return statistics.median(times) / size * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.text_linear", description=__doc__)
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--families", default="", help="comma-separated; default: all")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    chosen = [f for f in args.families.split(",") if f] or list(FAMILIES)

    import model_layer
    from model_layer.build.synthetic import cached_model_dir
    from model_layer.settings import EngineSettings

    synthesizer = model_layer.load(cached_model_dir("tiny"), EngineSettings(warmup=False))
    header = ["family", "lang", *(f"{s:,} ch µs/ch" for s in sizes), f"{sizes[-1]}/{sizes[0]}"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for family in chosen:
        unit, langs = FAMILIES[family]
        for lang in langs:
            synthesizer.plan(text_of(unit, 500), lang=lang, durations=False)  # warm caches
            rates = [cpu_us_per_char(synthesizer.plan, unit, lang, s, args.runs) for s in sizes]
            cells = [f"{r:.1f}" for r in rates] + [f"{rates[-1] / rates[0]:.2f}"]
            print(f"| {family} | {lang} | " + " | ".join(cells) + " |", flush=True)
    print(f"\nruns per cell: {args.runs} (median CPU time); python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
