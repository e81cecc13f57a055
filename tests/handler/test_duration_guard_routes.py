"""The duration guard through the real entry point: /v1/normalize and /v1/speech/marks say
which chunk was capped, the EMF metric counts it, and the log line has no request text."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from handler.function import SpeechFunction
from model_layer import EngineSettings, load
from model_layer.build.synthetic.runaway import add_runaway_marker
from tests.handler.conftest import url_event

MARKER = "ø"
FIRST = f"Grazie a tutti per essere venuti qui stasera {MARKER}."
TEXT = f"{FIRST} Ci vediamo domani alle nove in ufficio, come sempre."


@pytest.fixture(scope="module")
def runaway_synthesizer(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    target = tmp_path_factory.mktemp("runaway-routes") / "model"
    shutil.copytree(tiny_model_dir, target)
    add_runaway_marker(target, MARKER, 20.0)
    return load(target, EngineSettings(warmup=False, language_identifier=False))


@pytest.fixture()
def runaway_invoke(
    app: ModuleType,
    runaway_synthesizer: Any,
    invoke: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[..., Any]:
    current = app.function
    function = SpeechFunction(
        current.settings, runaway_synthesizer, lambda: current.s3_client, app.metrics
    )
    monkeypatch.setattr(app, "function", function)
    return invoke


def _emf_lines(out: str) -> list[dict[str, Any]]:
    documents = []
    for line in out.splitlines():
        if line.startswith("{") and '"_aws"' in line:
            documents.append(json.loads(line))
    return documents


def test_normalize_reports_the_capped_chunk(
    runaway_invoke: Callable[..., Any],
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    answer = runaway_invoke(url_event("POST", "/v1/normalize", {"text": TEXT, "lang": "it"}))
    assert answer["statusCode"] == 200
    body = json.loads(answer["body"])
    assert body["duration_capped"] == [True, False]
    assert len(body["chunks"]) == 2
    out = capsys.readouterr().out
    assert any(doc.get("DurationsCapped") == [1.0] for doc in _emf_lines(out)), out
    (record,) = [r for r in caplog.records if r.getMessage() == "predicted duration capped"]
    assert record.__dict__["chunks_capped"] == 1 and record.__dict__["language"] == "it"
    logged = json.dumps({k: str(v) for k, v in record.__dict__.items()}) + out
    assert "Grazie" not in logged and MARKER not in logged


def test_marks_use_the_capped_duration(runaway_invoke: Callable[..., Any]) -> None:
    answer = runaway_invoke(
        url_event("POST", "/v1/speech/marks", {"text": TEXT, "lang": "it", "seed": 4})
    )
    assert answer["statusCode"] == 200
    marks = json.loads(answer["body"])["marks"]
    sentences = [mark for mark in marks if mark["type"] == "sentence"]
    assert [mark["duration_capped"] for mark in sentences] == [True, False]
    # 20 s were added to the prediction; the guard's length is what its letters imply.
    assert sentences[0]["end"] - sentences[0]["start"] < 10.0


def test_an_ordinary_request_reports_nothing_capped(invoke: Callable[..., Any]) -> None:
    answer = invoke(url_event("POST", "/v1/normalize", {"text": TEXT, "lang": "it"}))
    assert json.loads(answer["body"])["duration_capped"] == [False, False]
