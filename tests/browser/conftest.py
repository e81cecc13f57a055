"""The playground in a real browser: Debian's Chromium, driven headless by Playwright.

Nothing is downloaded at test time: Playwright's own browser builds are never installed;
it launches the system browser (`.ci/run` installs the `chromium` package when missing).
The page comes from `python -m handler serve`, the same server a developer runs.
"""

from __future__ import annotations

import shutil
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.infra.ports import LOOPBACK, free_port
from tests.infra.process import ManagedProcess, base_env

ROOT = Path(__file__).resolve().parents[2]
BROWSER_CANDIDATES = ("chromium", "chromium-browser")


def system_chromium() -> str | None:
    for name in BROWSER_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    found = system_chromium()
    if found is None:
        # .ci/run installs it; where it cannot (no root, no apt), skipping says so.
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    return found


@pytest.fixture(scope="module")
def served(
    tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, ManagedProcess]]:
    port = free_port()
    workdir = tmp_path_factory.mktemp("playground-serve")
    env = base_env(workdir) | {"MODEL_DIR": str(tiny_model_dir), "SUPERTONIC_WARMUP": "false"}
    process = ManagedProcess(
        "handler serve",
        [sys.executable, "-m", "handler", "serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        log_path=workdir / "serve.log",
    )
    try:
        process.wait_until(lambda: _answers(port), timeout=60, what="the local server")
        yield f"http://{LOOPBACK}:{port}", process
    finally:
        process.stop()


@pytest.fixture()
def base_url(served: tuple[str, ManagedProcess]) -> str:
    return served[0]


def _answers(port: int) -> bool:
    try:
        socket.create_connection((LOOPBACK, port), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium_path,
            # As root (CI) Chromium's sandbox cannot start; the page is our own.
            args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
        )
        try:
            yield launched
        finally:
            launched.close()
