"""Blends and the deployment's own voices, through the real entry point: a blend is
bit-identical to the hand-mixed inline style; library voices come from the real S3 server
(SeaweedFS) and a folder, bad files skipped with a log line naming them; hostile blends and
names are 4xx."""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from handler.voice_library import load_library
from tests.handler.conftest import url_event

TEXT = "Two voices, one sentence."


def _speech(invoke: Any, **body: Any) -> dict[str, Any]:
    request = {"text": TEXT, "lang": "en", "seed": 5, "format": "wav", **body}
    return invoke(url_event("POST", "/v1/speech", request))


def _preset(model_dir: Path, name: str) -> dict[str, Any]:
    return json.loads((model_dir / "voice_styles" / f"{name}.json").read_text())


def _tensors(document: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    return (
        np.asarray(document["style_ttl"]["data"], np.float32),
        np.asarray(document["style_dp"]["data"], np.float32),
    )


def _inline(ttl: np.ndarray, dp: np.ndarray) -> dict[str, Any]:
    return {
        "style_ttl": {"dims": [1, 50, 256], "data": ttl.tolist(), "type": "float32"},
        "style_dp": {"dims": [1, 8, 16], "data": dp.tolist(), "type": "float32"},
    }


def test_a_blend_is_the_hand_mixed_style(invoke: Any, tiny_model_dir: Path) -> None:
    m1, f2 = _tensors(_preset(tiny_model_dir, "M1")), _tensors(_preset(tiny_model_dir, "F2"))
    mixed = [
        np.zeros_like(a) + np.float32(0.7) * a + np.float32(0.3) * b
        for a, b in zip(m1, f2, strict=True)
    ]
    by_hand = _speech(invoke, voice=_inline(*mixed))
    written = _speech(invoke, voice="M1*0.7+F2*0.3")
    as_object = _speech(
        invoke, voice={"blend": [{"voice": "M1", "weight": 7}, {"voice": "F2", "weight": 3}]}
    )
    assert by_hand["statusCode"] == written["statusCode"] == as_object["statusCode"] == 200
    assert base64.b64decode(written["body"]) == base64.b64decode(by_hand["body"])
    even = _speech(invoke, voice="M1+F2")
    assert even["statusCode"] == 200 and even["body"] != written["body"]
    assert written["headers"]["x-loudness"] == "raw"


@pytest.mark.parametrize(
    ("voice", "code"),
    [
        ("+".join(["M1"] * 1000), "invalid_parameter"),
        ({"blend": [{"voice": "M1"}] * 1000}, "invalid_parameter"),
        ("M1*nan+F2", "invalid_parameter"),
        ("M1*-0.5+F2", "invalid_parameter"),
        ("M1*1e300+F2", "invalid_parameter"),
        ("M1*inf+F2", "invalid_parameter"),
        ({"blend": [{"voice": "M1", "weight": 0}]}, "invalid_parameter"),
        ("M1*0.5+Nobody*0.5", "unknown_voice"),
        ("../../etc/passwd", "unknown_voice"),
        ("M1**2", "invalid_parameter"),
    ],
)
def test_hostile_blends_and_names_are_4xx(invoke: Any, voice: Any, code: str) -> None:
    answer = _speech(invoke, voice=voice)
    assert answer["statusCode"] == 400, answer["body"][:300]
    assert json.loads(answer["body"])["error"]["code"] == code


def _voice_bytes(model_dir: Path, name: str, scale: float) -> bytes:
    ttl, dp = _tensors(_preset(model_dir, name))
    return json.dumps(_inline(ttl * np.float32(scale), dp)).encode()


def test_library_voices_from_s3_and_a_folder(
    app: Any,
    invoke: Any,
    s3: Any,
    s3_buckets: Any,
    tiny_model_dir: Path,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bucket, prefix = s3_buckets.input, "voices/"
    good = _voice_bytes(tiny_model_dir, "M2", 0.9)
    nan = json.loads(good)
    nan["style_dp"]["data"][0][0][0] = float("nan")
    shapes = json.loads(good)
    shapes["style_dp"]["data"] = shapes["style_dp"]["data"][0][:4]
    objects = {
        "Narrator.json": good,
        "broken.json": b"{not json",
        "nan.json": json.dumps(nan).encode(),
        "wrong-shape.json": json.dumps(shapes).encode(),
        "M1.json": good,  # a preset's name
        "..json": good,  # no voice name
        "huge.json": b"[" + b"0," * (25 * 1024 * 1024) + b"0]",  # 50 MB
        "nested/Other.json": good,  # below the prefix: not the library's
    }
    for name, body in objects.items():
        s3.put_object(Bucket=bucket, Key=prefix + name, Body=body)
    folder = tmp_path / "voices"
    folder.mkdir()
    (folder / "Storyteller.json").write_bytes(_voice_bytes(tiny_model_dir, "F3", 1.1))
    (folder / "too-loud.json").write_bytes(_voice_bytes(tiny_model_dir, "F3", 1e6))

    synthesizer = copy.copy(app.function.synthesizer)
    synthesizer.library = load_library(synthesizer, folder, f"s3://{bucket}/{prefix}", lambda: s3)
    assert sorted(synthesizer.library) == ["Narrator", "Storyteller"]
    skipped = {
        r.__dict__["file"]: r.__dict__["reason"]
        for r in caplog.records
        if r.getMessage() == "voice file skipped"
    }
    assert set(skipped) == {
        f"s3://{bucket}/{prefix}{name}"
        for name in (
            "broken.json",
            "nan.json",
            "wrong-shape.json",
            "M1.json",
            "..json",
            "huge.json",
        )
    } | {str(folder / "too-loud.json")}
    assert "over the" in skipped[f"s3://{bucket}/{prefix}huge.json"]
    assert "NaN" in skipped[f"s3://{bucket}/{prefix}nan.json"]
    assert "magnitude" in skipped[str(folder / "too-loud.json")]

    monkeypatch.setattr(app.function, "synthesizer", synthesizer)
    for voice in ("Narrator", "Storyteller", "Narrator*0.5+F1*0.5"):
        assert _speech(invoke, voice=voice)["statusCode"] == 200, voice
    listed = json.loads(invoke(url_event("GET", "/v1/voices"))["body"])["voices"]
    sources = {voice["name"]: voice["source"] for voice in listed}
    assert sources["Narrator"] == sources["Storyteller"] == "library"
    assert sources["M1"] == "preset"
    openai = invoke(
        url_event(
            "POST", "/v1/audio/speech", {"model": "tts-1", "input": TEXT, "voice": "Narrator"}
        )
    )
    assert openai["statusCode"] == 200


def test_a_large_library_parses_each_voice_on_first_use(
    app: Any,
    s3: Any,
    s3_buckets: Any,
    tiny_model_dir: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from handler import voice_library

    monkeypatch.setattr(voice_library, "EAGER_VOICES", 1)
    bucket, prefix = s3_buckets.input, "many/"
    good = _voice_bytes(tiny_model_dir, "F4", 0.8)
    for name in ("One", "Two"):
        s3.put_object(Bucket=bucket, Key=f"{prefix}{name}.json", Body=good)
    s3.put_object(Bucket=bucket, Key=f"{prefix}Broken.json", Body=b"[1, 2")
    synthesizer = copy.copy(app.function.synthesizer)
    library = load_library(synthesizer, None, f"s3://{bucket}/{prefix}", lambda: s3)
    # Listed, not parsed: the broken file is found out on first use.
    assert sorted(library) == ["Broken", "One", "Two"]
    assert not [r for r in caplog.records if r.getMessage() == "voice file skipped"]
    assert library.get("Two") is not None and library.get("Broken") is None
    assert sorted(library) == ["One", "Two"]
    (record,) = [r for r in caplog.records if r.getMessage() == "voice file skipped"]
    assert record.__dict__["file"] == f"s3://{bucket}/{prefix}Broken.json"
