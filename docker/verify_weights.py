"""Verify a model directory against the weights table, byte for byte; stop the build if not.

    python verify_weights.py --table docker/model-weights.txt /opt/model [--write-provenance]

Every file the table lists must be present with exactly its size and SHA-256. Whatever
source the files came from (the hub at the pinned revision, the archive namespace, a
mirror at another commit, a private S3 copy or a local directory), only the bytes count.
On any difference each bad file is named with what was expected and found, and the exit
status is 1, which fails the `docker build` step that runs this.

With --write-provenance, a verified directory gets two small files the function reads
at load and reports in `GET /v1/health`:

- REVISION: the revision the table describes (content-identical on every source);
- WEIGHTS_SHA256: the digest of the whole set, `sha256sum` of the table's files in
  path order fed to `sha256sum` again, which anyone can recompute:
      cd MODEL_DIR && LC_ALL=C sha256sum \
          $(awk '!/^#|^revision /{print $1}' TABLE | LC_ALL=C sort) | sha256sum

Standard library only: the build's weights stage runs it with no project code installed.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path

REVISION_FILE = "REVISION"
DIGEST_FILE = "WEIGHTS_SHA256"
# A source fetched without Git LFS resolution leaves these stubs in place of the weights.
_LFS_POINTER_PREFIX = b"version https://git-lfs"
_READ_SIZE = 1 << 20


class TableError(ValueError):
    """The weights table itself is malformed."""


@dataclass(frozen=True)
class Entry:
    path: str
    sha256: str
    size: int


@dataclass(frozen=True)
class Table:
    revision: str
    entries: tuple[Entry, ...]

    def digest(self) -> str:
        """SHA-256 of `sha256sum`'s output over the files in byte order of their paths."""
        lines = "".join(f"{e.sha256}  {e.path}\n" for e in sorted(self.entries, key=_path_key))
        return hashlib.sha256(lines.encode("utf-8")).hexdigest()


def _path_key(entry: Entry) -> bytes:
    return entry.path.encode("utf-8")


def parse_table(text: str) -> Table:
    revision = ""
    entries: list[Entry] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "revision" and len(words) == 2:
            revision = words[1]
            continue
        if len(words) != 3:
            raise TableError(f"line {number}: expected 'path sha256 size', got {raw!r}")
        path, sha256, size = words
        if len(sha256) != 64 or not all(c in "0123456789abcdef" for c in sha256):
            raise TableError(f"line {number}: {sha256!r} is not a lowercase hex SHA-256")
        if not size.isdigit():
            raise TableError(f"line {number}: size {size!r} is not a whole number of bytes")
        if path.startswith("/") or ".." in Path(path).parts:
            raise TableError(f"line {number}: path {path!r} must stay inside the model directory")
        entries.append(Entry(path, sha256, int(size)))
    if not revision:
        raise TableError("no 'revision <id>' line")
    if not entries:
        raise TableError("no files listed")
    if len({e.path for e in entries}) != len(entries):
        raise TableError("a path is listed twice")
    return Table(revision, tuple(entries))


def load_table(path: Path) -> Table:
    return parse_table(path.read_text(encoding="utf-8"))


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(_READ_SIZE):
            digest.update(block)
    return digest.hexdigest()


def problems(model_dir: Path, table: Table) -> list[str]:
    """One line per file that is not exactly as the table says; empty when all are."""
    found: list[str] = []
    for entry in table.entries:
        path = model_dir / entry.path
        if not path.is_file():
            found.append(f"{entry.path}: missing")
            continue
        size = path.stat().st_size
        with path.open("rb") as fh:
            is_pointer = fh.read(len(_LFS_POINTER_PREFIX)) == _LFS_POINTER_PREFIX
        if is_pointer:
            found.append(f"{entry.path}: a Git LFS pointer, not the file (fetch with LFS)")
            continue
        if size != entry.size:
            found.append(f"{entry.path}: {size} bytes, expected {entry.size}")
            continue
        actual = file_sha256(path)
        if actual != entry.sha256:
            found.append(f"{entry.path}: SHA-256 {actual}, expected {entry.sha256}")
    return found


def write_provenance(model_dir: Path, table: Table) -> None:
    (model_dir / REVISION_FILE).write_text(table.revision + "\n", encoding="utf-8")
    (model_dir / DIGEST_FILE).write_text(table.digest() + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("--table", type=Path, required=True, help="the weights table")
    parser.add_argument(
        "--write-provenance",
        action="store_true",
        help=f"on success, write {REVISION_FILE} and {DIGEST_FILE} into the model directory",
    )
    args = parser.parse_args(argv)
    try:
        table = load_table(args.table)
    except (OSError, TableError) as exc:
        print(f"verify_weights: cannot use the table {args.table}: {exc}", file=sys.stderr)
        return 2
    found = problems(args.model_dir, table)
    if found:
        for problem in found:
            print(f"verify_weights: MISMATCH {problem}", file=sys.stderr)
        print(
            f"verify_weights: {len(found)} of {len(table.entries)} files in {args.model_dir} "
            f"differ from {args.table} (revision {table.revision}); refusing these weights. "
            "Fetch them again from a source holding the published files, or fix the source.",
            file=sys.stderr,
        )
        return 1
    if args.write_provenance:
        write_provenance(args.model_dir, table)
    print(
        f"verify_weights: all {len(table.entries)} files match {args.table}: "
        f"revision {table.revision}, weights digest {table.digest()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
