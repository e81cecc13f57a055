"""GET / through the buffered entry point (`python -m handler invoke`): off unless the
deployment turns it on (PLAYGROUND, set by the template's Playground parameter)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from handler.static import playground_page
from tests.infra.process import base_env

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def invoke_get_root(env: dict[str, str], tmp_path: Path) -> dict:
    event = json.loads((ROOT / "events" / "http-health.json").read_text())
    event["rawPath"] = event["requestContext"]["http"]["path"] = "/"
    (tmp_path / "root.json").write_text(json.dumps(event))
    run = subprocess.run(
        [sys.executable, "-m", "handler", "invoke", str(tmp_path / "root.json")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
    )  # fmt: skip
    return json.loads(run.stdout[run.stdout.index('{\n  "statusCode"') :])


@pytest.mark.parametrize("setting", [None, "false", "true"])
def test_playground_only_when_turned_on(
    setting: str | None, tiny_model_dir: Path, tmp_path: Path
) -> None:
    env = base_env(tmp_path) | {"MODEL_DIR": str(tiny_model_dir), "SUPERTONIC_WARMUP": "false"}
    if setting is not None:
        env["PLAYGROUND"] = setting
    response = invoke_get_root(env, tmp_path)

    if setting == "true":
        assert response["statusCode"] == 200
        assert response["headers"]["content-type"] == "text/html; charset=utf-8"
        assert response["body"] == playground_page().html
        policy = response["headers"]["content-security-policy"]
        assert policy == playground_page().content_security_policy
    else:
        assert response["statusCode"] == 404
        assert json.loads(response["body"])["error"]["code"] == "route_not_found"
