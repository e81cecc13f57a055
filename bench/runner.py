"""Spawning workers in fresh processes and reading back their one result line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bench.worker import REPO, RESULT_PREFIX, SPAWNED_AT_ENV

STDERR_TAIL_LINES = 20
# The worker's own environment variables: a value inherited from the shell would
# silently change what "default" means for one implementation. Our engine's knobs and
# the official package's thread override share the SUPERTONIC_ prefix.
_SCRUBBED_PREFIXES = ("SUPERTONIC_", "BENCH_")
_SCRUBBED = frozenset({"MODEL_DIR", "OUTPUT_BUCKET"})
_KEPT = frozenset({"SUPERTONIC_LAMBDA_CACHE"})


class WorkerError(RuntimeError):
    """A worker crashed, or printed something other than one result line."""


def tail(lines: Iterable[str], count: int = STDERR_TAIL_LINES) -> str:
    return "\n".join(deque((line.rstrip("\n") for line in lines), maxlen=count))


def parse_worker_output(
    stdout_lines: Iterable[str], stderr_tail: str, returncode: int, label: str
) -> dict[str, Any]:
    """The result object of a worker, or a WorkerError that shows why there is none."""
    context = f"\n--- stderr tail of {label} ---\n{stderr_tail}" if stderr_tail else ""
    if returncode != 0:
        raise WorkerError(f"{label} exited with status {returncode}{context}")
    results = [line for line in stdout_lines if line.startswith(RESULT_PREFIX)]
    if len(results) != 1:
        raise WorkerError(f"{label} printed {len(results)} result lines, expected 1{context}")
    payload = results[0][len(RESULT_PREFIX) :]
    try:
        result = json.loads(payload)
    except json.JSONDecodeError as exc:
        raise WorkerError(f"{label} printed a result that is not JSON ({exc}){context}") from exc
    if not isinstance(result, dict):
        raise WorkerError(f"{label} printed {type(result).__name__}, not an object{context}")
    return result


def worker_env(base: Mapping[str, str], spawned_at: float) -> dict[str, str]:
    env = {
        name: value
        for name, value in base.items()
        if name in _KEPT or not (name in _SCRUBBED or name.startswith(_SCRUBBED_PREFIXES))
    }
    # The project may not be installed in the environment; the worker imports it
    # from the checkout.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), base.get("PYTHONPATH")]))
    env[SPAWNED_AT_ENV] = repr(spawned_at)
    return env


def run_worker(
    impl: str,
    case: str,
    args: Mapping[str, Any],
    on_progress: Callable[[str], None] | None = None,
    env: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Run one measurement in a fresh interpreter; its `progress:` lines go to on_progress;
    `env` is set in its environment over the scrubbed one."""
    command = [sys.executable, "-m", "bench.worker", impl, case, json.dumps(args)]
    label = f"worker {impl}/{case}"
    spawned_at = time.time()
    process = subprocess.Popen(
        command,
        cwd=REPO,
        env=worker_env(os.environ, spawned_at) | dict(env or {}),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    errors: deque[str] = deque(maxlen=STDERR_TAIL_LINES)

    def read_stderr(stream: Iterable[str]) -> None:
        for line in stream:
            errors.append(line)
            if on_progress is not None and line.startswith("progress: "):
                on_progress(line.removeprefix("progress: ").rstrip("\n"))

    reader = threading.Thread(target=read_stderr, args=(process.stderr,), daemon=True)
    reader.start()
    # The handler logs every invocation to stdout; only result lines need keeping.
    results = [line.rstrip("\n") for line in process.stdout if line.startswith(RESULT_PREFIX)]
    returncode = process.wait()
    reader.join()
    return parse_worker_output(results, tail(errors), returncode, label)
