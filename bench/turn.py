"""`python -m bench turn`: what an agent's turn waits for.

A voice agent's reply is one or two sentences; the user hears nothing until its first
audio. For texts of ~60, ~120 and ~200 characters in en, de, ja and ko, on the full-size
synthetic model in both node layouts, this measures:

- through `python -m handler serve` (HTTP on 127.0.0.1, the streaming entry point):
  time to the first audio byte, to the last byte, and the real-time factor;
- through the streaming runtime (`python -m handler.runtime`, the image's entry in
  RESPONSE_STREAM mode) against a local Runtime API: the same two times;
- the official `supertonic` package's time to its whole utterance for the same text;

medians over --runs, then prints the table. First audio over the official whole
utterance is the issue's ratio (target <= 0.35x at ~120 characters).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import progress
from bench.runner import run_worker
from bench.texts import TURN_SPEED, TURN_STEPS, TURN_TEXTS

REPO = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _body(text: str, lang: str) -> bytes:
    request = {"text": text, "lang": lang, "voice": "M1", "speed": TURN_SPEED, "steps": TURN_STEPS}
    return json.dumps({**request, "format": "wav", "seed": 0}).encode()


def _serve_env(model_dir: str) -> dict[str, str]:
    keep = ("PATH", "HOME", "LANG", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
    env = {name: os.environ[name] for name in keep if name in os.environ}
    return env | {"MODEL_DIR": model_dir, "PYTHONPATH": str(REPO), "RESULT_CACHE": "off"}


def _ask(port: int, text: str, lang: str) -> tuple[float, float, float]:
    """(first audio byte, last byte, audio seconds) of one streamed answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    started = time.perf_counter()
    connection.request(
        "POST", "/v1/speech", _body(text, lang), {"content-type": "application/json"}
    )
    answer = connection.getresponse()
    if answer.status != 200:
        raise RuntimeError(f"serve answered {answer.status}: {answer.read()[:300]!r}")
    answer.read(1)
    first = time.perf_counter() - started
    answer.read()
    last = time.perf_counter() - started
    audio = float(answer.getheader("x-audio-duration") or "nan")
    connection.close()
    return first, last, audio


def measure_serve(model_dir: str, runs: int) -> dict[str, list[tuple[float, float, float]]]:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "handler", "serve", "--port", str(port)],
        cwd=REPO,
        env=_serve_env(model_dir),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        _ask(port, "A short warm-up, with a clause.", "en")
        found: dict[str, list[tuple[float, float, float]]] = {}
        for run in range(runs):
            for lang, texts in TURN_TEXTS.items():
                for size, text in texts.items():
                    found.setdefault(f"{lang}/{size}", []).append(_ask(port, text, lang))
            progress(f"serve run {run + 1}/{runs} done")
        return found
    finally:
        server.terminate()
        server.wait(timeout=30)


def measure_runtime(model_dir: str, runs: int) -> dict[str, list[tuple[float, float, float]]]:
    """The streaming runtime (handler.runtime) against a local Runtime API server, the one
    the project's tests serve (the emulator cannot stream)."""
    sys.path.insert(0, str(REPO))
    from tests.infra.lambda_function import start_lambda

    event = json.loads((REPO / "events" / "http-speech.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        function = start_lambda(
            "handler.stream_app.lambda_handler",
            {"MODEL_DIR": model_dir, "RESULT_CACHE": "off"},
            workdir=Path(scratch),
            runtime="handler.runtime",
        )
        try:

            def ask(text: str, lang: str) -> tuple[float, float, float]:
                event["body"] = _body(text, lang).decode()
                event["isBase64Encoded"] = False
                started = time.time()
                result = function.invoke(event, timeout_ms=300_000)
                assert result.stream is not None, result.body
                prelude, _ = result.http_integration()
                audio = float(prelude["headers"].get("x-audio-duration", "nan"))
                # Chunk 0 carries the prelude; the first with audio bytes after it.
                arrivals = [chunk.arrived_at for chunk in result.stream.chunks if chunk.data]
                first = arrivals[1] if len(arrivals) > 1 else arrivals[0]
                return first - started, arrivals[-1] - started, audio

            ask("A short warm-up, with a clause.", "en")
            found: dict[str, list[tuple[float, float, float]]] = {}
            for run in range(runs):
                for lang, texts in TURN_TEXTS.items():
                    for size, text in texts.items():
                        found.setdefault(f"{lang}/{size}", []).append(ask(text, lang))
                progress(f"runtime run {run + 1}/{runs} done")
            return found
        finally:
            function.stop()


def _median(values: list[float]) -> float:
    return statistics.median(values)


def render(layout: str, rows: dict[str, dict[str, Any]]) -> str:
    lines = [
        f"#### {layout} layout (medians; seconds)",
        "",
        "| text | serve: first audio | serve: last byte | serve RTF | runtime: first "
        "audio | runtime: last byte | official: whole utterance | first audio / official |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for key, row in rows.items():
        serve, runtime, official = row["serve"], row["runtime"], row["official"]
        first = _median([s[0] for s in serve])
        last = _median([s[1] for s in serve])
        rtf = _median([s[1] / s[2] for s in serve])
        lines.append(
            f"| {key} | {first:.3f} | {last:.3f} | {rtf:.3f} | "
            f"{_median([r[0] for r in runtime]):.3f} | {_median([r[1] for r in runtime]):.3f} | "
            f"{_median(official):.3f} | {first / _median(official):.2f}x |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench turn", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="measurements per text (3)")
    parser.add_argument("--layouts", default="ours,released", help="ours,released")
    args = parser.parse_args(argv)
    from model_layer.build.optimize import optimize_model
    from model_layer.build.synthetic import cached_model_dir
    from model_layer.prepared import usable_optimized_dir

    for layout in [name for name in args.layouts.split(",") if name]:
        model_dir = cached_model_dir("full", 0, layout)  # type: ignore[arg-type]
        if usable_optimized_dir(model_dir, "fp32")[0] is None:  # as the image build does
            optimize_model(model_dir, "fp32")
        progress(f"{layout}: the official package...")
        official = run_worker(
            "official", "turn-official", {"model_dir": str(model_dir), "runs": args.runs}
        )["seconds"]
        progress(f"{layout}: handler serve...")
        serve = measure_serve(str(model_dir), args.runs)
        progress(f"{layout}: the streaming runtime...")
        runtime = measure_runtime(str(model_dir), args.runs)
        rows = {
            key: {"serve": serve[key], "runtime": runtime[key], "official": official[key]}
            for key in official
        }
        print(render(layout, rows))
        print()
    return 0
