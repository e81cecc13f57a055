"""A handler run by the real runtime client, `python -m awslambdaric`, as the image runs it."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.infra.process import ManagedProcess, base_env
from tests.infra.runtime_api import InitError, InvocationResult, RuntimeAPIServer

REPO_ROOT = Path(__file__).resolve().parents[2]
MEMORY_MB = 2048


class LambdaFunction:
    """A running function: its Runtime API server and the awslambdaric process polling it."""

    def __init__(self, api: RuntimeAPIServer, process: ManagedProcess) -> None:
        self.api = api
        self.process = process

    @property
    def log_path(self) -> Path:
        """stdout and stderr of the runtime process, interleaved."""
        return self.process.log_path

    def logs(self) -> str:
        return self.process.logs()

    def _dead(self) -> str | None:
        return None if self.process.alive() else f"the runtime died: {self.process.describe()}"

    def invoke(
        self, event: Any, timeout_ms: int = 60_000, wait: float | None = None
    ) -> InvocationResult:
        """RuntimeAPIServer.invoke, failing fast with the runtime's log if its process dies."""
        try:
            return self.api.invoke(event, timeout_ms=timeout_ms, wait=wait, abort=self._dead)
        except TimeoutError as exc:
            raise TimeoutError(f"{exc}\n{self.process.describe()}") from exc

    def wait_for_init_error(self, timeout: float = 30.0) -> InitError:
        try:
            return self.api.wait_for_init_error(timeout)
        except TimeoutError as exc:
            raise TimeoutError(f"{exc}\n{self.process.describe()}") from exc

    def stop(self) -> None:
        # The runtime first: it would otherwise see its connection drop and log a spurious error.
        self.process.stop(grace=5)
        self.api.stop()


def start_lambda(
    handler: str,
    env: Mapping[str, str],
    *,
    workdir: Path,
    function_name: str = "supertonic-test",
    region: str = "us-east-1",
    runtime: str = "awslambdaric",
) -> LambdaFunction:
    """Serve a Runtime API and start `python -m <runtime> <handler>` against it (the real
    awslambdaric by default, or the project's own handler.runtime), cwd at the repo root.

    The environment is built from scratch (see base_env) plus what Lambda itself sets; `env`
    is applied last so a test can override any of it.
    """
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "home").mkdir(exist_ok=True)
    (workdir / "tmp").mkdir(exist_ok=True)
    api = RuntimeAPIServer(function_name=function_name, region=region)
    lambda_env = base_env(workdir / "home") | {
        "AWS_LAMBDA_RUNTIME_API": api.address,
        "AWS_LAMBDA_FUNCTION_NAME": function_name,
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": str(MEMORY_MB),
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_REGION": region,
        "AWS_DEFAULT_REGION": region,
        "LAMBDA_TASK_ROOT": str(REPO_ROOT),
        "_HANDLER": handler,
        # Lambda's only writable place is /tmp; keep each test's scratch files in its own.
        "TMPDIR": str(workdir / "tmp"),
    }
    try:
        process = ManagedProcess(
            f"{runtime} {handler}",
            [sys.executable, "-m", runtime, handler],
            env=lambda_env | dict(env),
            cwd=REPO_ROOT,
            log_path=workdir / "lambda.log",
        )
    except BaseException:
        api.stop()
        raise
    return LambdaFunction(api, process)
