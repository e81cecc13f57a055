"""The image build measures the voices' loudness; the runtime image carries no meter."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def stage(dockerfile: str, name: str) -> str:
    match = re.search(rf"^FROM \S+ AS {name}\n(.*?)(?=^FROM |\Z)", dockerfile, re.M | re.S)
    assert match, f"no stage {name}"
    return match.group(1)


def test_model_stage_calibrates_the_weights_after_preparing_them() -> None:
    model = stage((ROOT / "Dockerfile").read_text(encoding="utf-8"), "model")
    calibrate = model.index("python -m model_layer.build.calibrate /opt/model")
    assert model.index("python -m model_layer.build.optimize /opt/model") < calibrate
    assert re.search(r'"pyloudnorm==\$\{PYLOUDNORM_VERSION\}"', model)


def test_runtime_dependencies_have_no_loudness_meter() -> None:
    pinned = (ROOT / "docker" / "requirements.txt").read_text(encoding="utf-8").lower()
    assert "pyloudnorm" not in pinned and not re.search(r"^scipy==", pinned, re.M)
    runtime = stage((ROOT / "Dockerfile").read_text(encoding="utf-8"), "runtime")
    assert "COPY --from=deps /opt/venv /opt/venv" in runtime
    assert "COPY --from=model /opt/model /opt/model" in runtime
