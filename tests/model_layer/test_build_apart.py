"""Build time apart from run time: the function never imports model_layer.build, and the
image ships without it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import json, sys
from handler.app import lambda_handler
from handler.context import LocalContext
event = {"text": "Build time stays at build time.", "voice": "M1", "format": "wav"}
answer = lambda_handler(event, LocalContext(60))
loaded = sorted(name for name in sys.modules if name.startswith("model_layer.build"))
print(json.dumps({"status": answer.get("statusCode", 200), "build_modules": loaded}))
"""


def test_a_synthesis_imports_no_build_module(tiny_model_dir: Path) -> None:
    env = {**os.environ, "MODEL_DIR": str(tiny_model_dir), "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["status"] == 200
    assert report["build_modules"] == []


def test_the_image_ships_the_app_without_build_code() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "FROM app AS shipped\nRUN rm -rf /opt/app/model_layer/build\n" in dockerfile
    assert "COPY --from=shipped /opt/app /opt/app" in dockerfile
    assert "COPY --from=app /opt/app" not in dockerfile
