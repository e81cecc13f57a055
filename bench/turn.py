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

REPO = Path(__file__).resolve().parents[1]
STEPS = 8
SPEED = 1.05
TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "60": "Sure, I can help with that. What time works best for you?",
        "120": "Of course. I found three flights to Lisbon tomorrow morning; "
        "the earliest leaves at seven and costs a little less.",
        "200": "Thanks for waiting. Your order has shipped, and it should arrive on "
        "Thursday between nine and noon. I have sent the tracking link to your e-mail, "
        "so you can follow it along the way.",
    },
    "de": {
        "60": "Gern, das mache ich sofort. Wann passt es Ihnen am besten?",
        "120": "Natürlich. Ich habe drei Flüge nach Lissabon für morgen früh "
        "gefunden; der erste startet um sieben und ist günstiger.",
        "200": "Danke für Ihre Geduld. Ihre Bestellung ist unterwegs und kommt am "
        "Donnerstag zwischen neun und zwölf Uhr an. Den Link zur Sendungsverfolgung "
        "habe ich Ihnen per E-Mail geschickt.",
    },
    "ja": {
        "60": "かしこまりました、すぐに確認いたします。"
        "ご希望の日時はございますか。午前と午後のどちらがよろしいでしょうか。",
        "120": "承知しました。明日の朝のリスボン行きの便が三つ見つかりました。"
        "一番早い便は七時に出発し、料金も少しお安くなっています。"
        "どちらになさいますか。ご希望があればお知らせください。"
        "座席の指定や手荷物の追加も、こちらで承ることができます。どうぞお申し付けください。",
        "200": "お待たせいたしました。ご注文の商品は本日発送され、木曜日の午前九時から"
        "正午の間にお届けの予定です。追跡用のリンクをメールでお送りしましたので、"
        "配送の状況はそちらからいつでもご確認いただけます。ほかにご不明な点があれば、"
        "どうぞお気軽にお尋ねください。お届け日時の変更をご希望の場合は、"
        "前日の午後六時までにお知らせいただければ、こちらで手配いたします。"
        "また、置き配をご希望の場合は、玄関前や宅配ボックスなどの場所をご指定ください。"
        "今後ともどうぞよろしくお願いいたします。",
    },
    "ko": {
        "60": "네, 바로 도와드리겠습니다. 언제가 가장 편하신가요? 오전과 오후 중 "
        "편하신 시간을 말씀해 주세요.",
        "120": "물론입니다. 내일 아침 리스본행 항공편을 세 개 찾았습니다. 가장 이른 "
        "비행기는 일곱 시에 출발하며 요금도 조금 더 저렴합니다. 어느 것으로 하시겠어요? "
        "좌석 지정과 수하물 추가도 도와드릴 수 있습니다.",
        "200": "기다려 주셔서 감사합니다. 주문하신 상품은 오늘 발송되었으며 목요일 오전 "
        "아홉 시에서 정오 사이에 도착할 예정입니다. 배송 조회 링크를 이메일로 보내 "
        "드렸으니 언제든지 확인하실 수 있습니다. 궁금한 점이 있으시면 편하게 "
        "물어봐 주세요. 배송 날짜를 바꾸고 싶으시면 전날 오후 여섯 시까지 알려 주시면 "
        "바로 처리해 드리겠습니다. 문 앞이나 택배함에 두기를 원하시면 장소를 알려 주세요.",
    },
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _body(text: str, lang: str) -> bytes:
    request = {"text": text, "lang": lang, "voice": "M1", "speed": SPEED, "steps": STEPS}
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
            for lang, texts in TEXTS.items():
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
                for lang, texts in TEXTS.items():
                    for size, text in texts.items():
                        found.setdefault(f"{lang}/{size}", []).append(ask(text, lang))
                progress(f"runtime run {run + 1}/{runs} done")
            return found
        finally:
            function.stop()


def case_turn_official(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    """Worker case: the official package's time to its whole utterance, per text."""
    import numpy as np
    from supertonic import TTS

    np.random.seed(0)
    tts = TTS(model_dir=args["model_dir"], auto_download=False)
    style = tts.get_voice_style("M1")

    def utterance(text: str, lang: str) -> float:
        started = time.perf_counter()
        tts.synthesize(text, voice_style=style, total_steps=STEPS, speed=SPEED, lang=lang)
        return time.perf_counter() - started

    utterance("A short warm-up, with a clause.", "en")
    found: dict[str, list[float]] = {}
    for _ in range(args["runs"]):
        for lang, texts in TEXTS.items():
            for size, text in texts.items():
                found.setdefault(f"{lang}/{size}", []).append(utterance(text, lang))
    return {"seconds": found}


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
    from bench.__main__ import prepare_graphs
    from model_layer.build.synthetic import cached_model_dir

    for layout in [name for name in args.layouts.split(",") if name]:
        model_dir = cached_model_dir("full", 0, layout)  # type: ignore[arg-type]
        prepare_graphs(model_dir)
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
