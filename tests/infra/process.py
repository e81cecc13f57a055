"""Child processes for test servers: logged to a file, waited on with bounds, always stopped."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path


def base_env(home: Path) -> dict[str, str]:
    """A clean environment for a child process.

    The developer's shell is deliberately not inherited: stray AWS_* variables or ~/.aws files
    could point code under test at real AWS. Instance-metadata probing is disabled because
    botocore would otherwise try 169.254.169.254 when it finds no credentials, and no test may
    send traffic anywhere but 127.0.0.1.
    """
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "PYTHONUNBUFFERED": "1",
        "AWS_EC2_METADATA_DISABLED": "true",
    }


def log_tail(path: Path, lines: int = 40) -> str:
    try:
        text = path.read_text(errors="replace")
    except FileNotFoundError:
        return "<no log written>"
    return "\n".join(text.splitlines()[-lines:])


class ManagedProcess:
    """A child process whose stdout and stderr go, interleaved, to one log file."""

    def __init__(
        self,
        name: str,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        log_path: Path,
    ) -> None:
        self.name = name
        self.log_path = log_path
        self._argv, self._env, self._cwd = list(argv), dict(env), cwd
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self.popen = self._spawn()

    def _spawn(self) -> subprocess.Popen[bytes]:
        with self.log_path.open("ab") as log:
            return subprocess.Popen(
                self._argv,
                env=self._env,
                cwd=self._cwd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def restart(self) -> None:
        """Start the same command again, logging to the same file, once it has stopped."""
        if self.alive():
            raise RuntimeError(f"{self.name} is still running (pid {self.pid})")
        self.popen = self._spawn()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def logs(self) -> str:
        return self.log_path.read_text(errors="replace")

    def describe(self, lines: int = 40) -> str:
        state = "running" if self.alive() else f"exited with {self.popen.returncode}"
        return (
            f"{self.name} (pid {self.pid}, {state}); last log lines from {self.log_path}:\n"
            f"{log_tail(self.log_path, lines)}"
        )

    def wait_until(
        self,
        ready: Callable[[], bool],
        *,
        timeout: float,
        what: str,
        interval: float = 0.1,
    ) -> None:
        """Poll `ready` until it returns True; fail fast if the process dies first."""
        deadline = time.monotonic() + timeout
        while True:
            if not self.alive():
                raise RuntimeError(
                    f"{self.name} exited while waiting for {what}.\n{self.describe()}"
                )
            if ready():
                return
            if time.monotonic() >= deadline:
                raise TimeoutError(f"{what} not reached within {timeout:.0f} s.\n{self.describe()}")
            time.sleep(interval)

    def stop(self, grace: float = 10.0) -> None:
        """SIGTERM, then SIGKILL if it ignores that; returns only once the process is reaped."""
        if self.popen.poll() is not None:
            return
        self.popen.terminate()
        try:
            self.popen.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait(timeout=10)
