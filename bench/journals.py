"""The run journals in bench/results/*.md, summarized into bench/results/SUMMARY.md.

    .venv/bin/python -m bench.journals           # writes bench/results/SUMMARY.md
    .venv/bin/python -m bench.journals --print   # prints it instead

Each journal is one markdown file: a `# title` line, then what was run and measured.
The summary lists every journal with its title and its opening sentence, so the manual's
performance page can link one page that stays true as journals are added.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
SUMMARY_NAME = "SUMMARY.md"
# A summary row stays one readable line.
MAX_SENTENCE = 200


def journal_entry(text: str) -> tuple[str, str]:
    """The title and the opening sentence of one journal's markdown."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        raise ValueError("a journal opens with a '# title' line")
    title = lines[0][2:].strip()
    paragraph: list[str] = []
    for line in lines[1:]:
        stripped = line.strip()
        if not stripped:
            if paragraph:
                break
            continue
        if stripped.startswith(("#", "|", "```", "-")):
            if paragraph:
                break
            continue
        paragraph.append(stripped)
    joined = " ".join(paragraph)
    sentence = re.split(r"(?<=\.)\s", joined, maxsplit=1)[0] if joined else ""
    if len(sentence) > MAX_SENTENCE:
        sentence = sentence[:MAX_SENTENCE].rsplit(" ", 1)[0] + " …"
        if sentence.count("`") % 2:
            sentence = sentence.replace(" …", "` …")
    return title, sentence.replace("|", "\\|")


def render_summary(results: Path = RESULTS) -> str:
    """The summary page: one row per journal, sorted by file name."""
    rows = [
        "# Run journals",
        "",
        "The benchmark runs behind the manual's performance page, one file each.",
        "",
    ]
    rows += ["| journal | what it measured |", "|---|---|"]
    for path in sorted(results.glob("*.md")):
        if path.name == SUMMARY_NAME:
            continue
        title, sentence = journal_entry(path.read_text(encoding="utf-8"))
        rows.append(f"| [{title}]({path.name}) | {sentence} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="print instead of writing")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the journals' folder")
    args = parser.parse_args(argv)
    summary = render_summary(args.results)
    if args.print:
        print(summary, end="")
    else:
        (args.results / SUMMARY_NAME).write_text(summary, encoding="utf-8")


if __name__ == "__main__":
    main()
