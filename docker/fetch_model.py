"""Fetch the Supertonic 3 weights at image build time and refuse an incomplete set.

Runs only in the Dockerfile's `weights` stage; nothing fetches at run time.
Besides downloading, it makes the model directory byte-reproducible (no hub
bookkeeping, fixed timestamps) so that rebuilding the image yields the same
model layer digest and a deploy only uploads and cold-loads what changed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

ONNX_GRAPHS = ("duration_predictor", "text_encoder", "vector_estimator", "vocoder")
VOICES = tuple(f"{sex}{n}" for sex in "MF" for n in range(1, 6))
REQUIRED = (
    *(f"onnx/{graph}.onnx" for graph in ONNX_GRAPHS),
    "onnx/tts.json",
    "onnx/unicode_indexer.json",
    *(f"voice_styles/{voice}.json" for voice in VOICES),
)
ALLOW_PATTERNS = ["onnx/*", "voice_styles/*"]

# A repository fetched without LFS resolution leaves these pointer stubs in
# place of the weights; they are small text files that would otherwise only
# fail later, at the first cold start.
_LFS_POINTER_PREFIX = b"version https://git-lfs"


def problems(model_dir: Path) -> list[str]:
    """Every reason the directory cannot serve as MODEL_DIR; empty when it can."""
    found: list[str] = []
    for rel in REQUIRED:
        path = model_dir / rel
        if not path.is_file():
            found.append(f"missing {rel}")
            continue
        with path.open("rb") as fh:
            head = fh.read(len(_LFS_POINTER_PREFIX))
        if not head:
            found.append(f"empty {rel}")
        elif head == _LFS_POINTER_PREFIX:
            found.append(f"LFS pointer instead of content: {rel}")
        elif rel.endswith(".json"):
            try:
                json.loads(path.read_bytes())
            except ValueError as exc:
                found.append(f"invalid JSON in {rel}: {exc}")
    return found


def make_reproducible(model_dir: Path, epoch: int) -> None:
    """Drop the hub's local bookkeeping and pin every timestamp to `epoch`."""
    shutil.rmtree(model_dir / ".cache", ignore_errors=True)
    for path in (model_dir, *model_dir.rglob("*")):
        os.utime(path, (epoch, epoch), follow_symlinks=False)


def fetch(repo: str, revision: str, dest: Path) -> None:
    # Imported here so the verification above stays importable without the hub client.
    from huggingface_hub import snapshot_download

    snapshot_download(
        repo_id=repo,
        revision=revision,
        local_dir=dest,
        allow_patterns=ALLOW_PATTERNS,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", required=True)
    parser.add_argument("--revision", required=True)
    parser.add_argument("--dest", type=Path, required=True)
    parser.add_argument("--epoch", type=int, default=0, help="timestamp given to every file")
    args = parser.parse_args(argv)

    fetch(args.repo, args.revision, args.dest)
    make_reproducible(args.dest, args.epoch)
    found = problems(args.dest)
    for problem in found:
        print(f"fetch_model: {problem}", file=sys.stderr)
    if found:
        return 1
    print(f"fetch_model: {args.repo}@{args.revision} complete in {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
