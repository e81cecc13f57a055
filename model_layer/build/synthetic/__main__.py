"""CLI: `python -m model_layer.build.synthetic --size {tiny,full}
[--layout {ours,released}] [--seed N] [--out DIR]`.

Without --out the model goes to (or is reused from) the cache. The directory path
is the last line of stdout, for scripts to capture.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from model_layer.build.synthetic import cached_model_dir, generate
from model_layer.build.synthetic.graphs import WIDTHS
from model_layer.build.synthetic.model_dir import LAYOUTS


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m model_layer.build.synthetic",
        description="Generate a synthetic Supertonic 3 model directory.",
    )
    parser.add_argument("--size", choices=sorted(WIDTHS), default="tiny")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--layout",
        choices=LAYOUTS,
        default="ours",
        help="node layout: the project's own, or that of the released Supertonic 3 files",
    )
    parser.add_argument("--out", type=Path, help="directory to write (default: the cache)")
    args = parser.parse_args(argv)
    if args.out is None:
        path = cached_model_dir(args.size, args.seed, args.layout)
    else:
        path = generate(args.out, args.size, args.seed, args.layout)
    print(path)


if __name__ == "__main__":
    main()
