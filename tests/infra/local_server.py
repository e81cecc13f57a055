"""`python -m handler serve` as a child process on a free loopback port, for the tests
that talk to the local server over real sockets (HTTP streaming, the playground page)."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.infra.ports import LOOPBACK, free_port
from tests.infra.process import ManagedProcess, base_env

ROOT = Path(__file__).resolve().parents[2]


def model_env(model_dir: Path, home: Path) -> dict[str, str]:
    """A clean child environment running `model_dir` without the warm-up."""
    return base_env(home) | {"MODEL_DIR": str(model_dir), "SUPERTONIC_WARMUP": "false"}


def accepts_connections(port: int) -> bool:
    try:
        socket.create_connection((LOOPBACK, port), timeout=1).close()
    except OSError:
        return False
    return True


@contextmanager
def local_server(
    model_dir: Path,
    workdir: Path,
    *args: str,
    name: str = "handler serve",
    env: dict[str, str] | None = None,
) -> Iterator[tuple[int, ManagedProcess]]:
    """The server's port and process, stopped on exit; `args` are extra `serve` options,
    `env` extra variables."""
    port = free_port()
    process = ManagedProcess(
        name,
        [sys.executable, "-m", "handler", "serve", "--port", str(port), *args],
        env=model_env(model_dir, workdir) | (env or {}),
        cwd=ROOT,
        log_path=workdir / "serve.log",
    )
    try:
        process.wait_until(lambda: accepts_connections(port), timeout=60, what="the local server")
        yield port, process
    finally:
        process.stop()
