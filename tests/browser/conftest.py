"""The playground in a real browser: Debian's Chromium, driven headless by Playwright.

Nothing is downloaded at test time: Playwright's own browser builds are never installed;
it launches the system browser (`.ci/run` installs the `chromium` package when missing).
The page comes from `python -m handler serve`, the same server a developer runs.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.infra.local_server import local_server
from tests.infra.ports import LOOPBACK
from tests.infra.process import ManagedProcess

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
    workdir = tmp_path_factory.mktemp("playground-serve")
    with local_server(tiny_model_dir, workdir) as (port, process):
        yield f"http://{LOOPBACK}:{port}", process


@pytest.fixture()
def base_url(served: tuple[str, ManagedProcess]) -> str:
    return served[0]


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
