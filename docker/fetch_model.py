"""Fetch the Supertonic 3 weights at image build time from any source holding them.

Runs only in the Dockerfile's `weights` stage; nothing fetches at run time. It takes
exactly the files the weights table lists (docker/model-weights.txt), from

- a hub repository at a revision: the original `Supertone/supertonic-3` at its pinned
  revision, the archive namespace, or a mirror at its own commit (`--repo`,
  `--revision`; `HF_ENDPOINT` selects another hub endpoint), or
- a local directory (`--from-dir`): a private copy passed in the build context, for
  example synced from a private S3 prefix just before `docker build`.

The source is only where bytes come from: docker/verify_weights.py then checks every
file's size and SHA-256 against the table, and the build stops on any difference.
Besides fetching, it makes the model directory byte-reproducible (no hub bookkeeping,
fixed timestamps) so that rebuilding the image yields the same model layer digest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path


def table_paths(table: Path) -> list[str]:
    """The files the weights table lists (its first column), in table order."""
    paths = []
    for raw in table.read_text(encoding="utf-8").splitlines():
        words = raw.split()
        if words and not words[0].startswith("#") and words[0] != "revision":
            paths.append(words[0])
    return paths


def make_reproducible(model_dir: Path, epoch: int) -> None:
    """Drop the hub's local bookkeeping and pin every timestamp to `epoch`."""
    shutil.rmtree(model_dir / ".cache", ignore_errors=True)
    for path in (model_dir, *model_dir.rglob("*")):
        os.utime(path, (epoch, epoch), follow_symlinks=False)


def fetch_from_hub(repo: str, revision: str, paths: list[str], dest: Path) -> None:
    # Imported here so a local-directory build needs no hub client.
    from huggingface_hub import snapshot_download

    snapshot_download(repo_id=repo, revision=revision, local_dir=dest, allow_patterns=paths)


def copy_from_dir(source: Path, paths: list[str], dest: Path) -> list[str]:
    """Copy the listed files; returns the ones the source lacks (verification names them)."""
    missing = []
    for rel in paths:
        if not (source / rel).is_file():
            missing.append(rel)
            continue
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / rel, dest / rel)
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", type=Path, required=True, help="the weights table")
    parser.add_argument("--dest", type=Path, required=True)
    parser.add_argument("--repo", help="hub repository (with --revision)")
    parser.add_argument("--revision", help="hub revision: a commit id")
    parser.add_argument("--from-dir", type=Path, help="a directory holding the files instead")
    parser.add_argument("--epoch", type=int, default=0, help="timestamp given to every file")
    args = parser.parse_args(argv)

    paths = table_paths(args.table)
    args.dest.mkdir(parents=True, exist_ok=True)
    if args.from_dir is not None:
        missing = copy_from_dir(args.from_dir, paths, args.dest)
        where = str(args.from_dir)
        if missing:
            print(f"fetch_model: {where} lacks {', '.join(missing)}", file=sys.stderr)
    elif args.repo and args.revision:
        fetch_from_hub(args.repo, args.revision, paths, args.dest)
        where = f"{args.repo}@{args.revision}"
    else:
        parser.error("give --repo and --revision, or --from-dir")
    make_reproducible(args.dest, args.epoch)
    print(f"fetch_model: {len(paths)} files from {where} into {args.dest} (verified next)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
