"""One measurement in a fresh process: `python -m bench.worker IMPL CASE JSON_ARGS`.

Prints exactly one line `RESULT_PREFIX + JSON` on stdout. The prefix is needed because
the handler logs JSON to stdout too. Each implementation's modules are imported inside
the case, after the parent started the clock, so cold start includes their imports;
this module itself imports only the standard library and psutil.
"""

from __future__ import annotations

import copy
import json
import os
import random
import resource
import statistics
import sys
import time
from typing import Any, Protocol

import psutil

from bench.common import REPO, progress
from bench.texts import TURN_SPEED, TURN_STEPS, TURN_TEXTS

RESULT_PREFIX = "BENCH-RESULT "
# Wall-clock time.time() taken by the parent just before it spawned this process.
SPAWNED_AT_ENV = "BENCH_SPAWNED_AT"
IMPLS = ("official", "engine", "handler")
VOICE = "M1"
LANG = "en"
SPEED = 1.05
SEED = 0
HTTP_EVENT = REPO / "events" / "http-speech.json"
SHORT_WARMUP = "A short warm-up, with a clause."


def rss_mb() -> float:
    return psutil.Process().memory_info().rss / 2**20


def peak_rss_mb() -> float:
    # ru_maxrss is in KiB on Linux.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Speaker(Protocol):
    load_seconds: float

    def speak(self, text: str, steps: int) -> float:
        """Synthesize `text`; return the seconds of audio produced."""
        ...


class Official:
    def __init__(self, model_dir: str, threads: int | None):
        import numpy as np
        from supertonic import TTS

        # The package draws its noise from numpy's global generator.
        np.random.seed(SEED)
        started = time.perf_counter()
        self.tts = TTS(model_dir=model_dir, auto_download=False, intra_op_num_threads=threads)
        self.style = self.tts.get_voice_style(VOICE)
        self.load_seconds = time.perf_counter() - started

    def speak(self, text: str, steps: int) -> float:
        wav, _ = self.tts.synthesize(
            text, voice_style=self.style, total_steps=steps, speed=SPEED, lang=LANG
        )
        return wav.shape[-1] / self.tts.sample_rate


class Engine:
    def __init__(self, model_dir: str, threads: int | None):
        if threads is not None:
            os.environ["SUPERTONIC_INTRA_OP_THREADS"] = str(threads)
        import model_layer

        started = time.perf_counter()
        self.synthesizer = model_layer.load(model_dir)
        self.load_seconds = time.perf_counter() - started

    def speak(self, text: str, steps: int) -> float:
        synthesizer = self.synthesizer
        plan = synthesizer.plan(text, voice=VOICE, lang=LANG, speed=SPEED, steps=steps, seed=SEED)
        # Chunks are dropped as they come, as a streaming consumer (the handler) does:
        # holding the whole waveform would measure the caller, not the engine.
        samples = sum(len(chunk) for chunk in synthesizer.stream(plan))
        return samples / synthesizer.sample_rate


class _DiscardingS3:
    """Stands in for S3 so long audio takes the handler's S3 path, as on Lambda
    (an inline response is capped at 6 MB), without a network or a bucket."""

    def put_object(self, **_: Any) -> dict[str, Any]:
        return {}

    def create_multipart_upload(self, **_: Any) -> dict[str, Any]:
        return {"UploadId": "bench"}

    def upload_part(self, PartNumber: int, **_: Any) -> dict[str, Any]:
        return {"ETag": f'"{PartNumber}"'}

    def complete_multipart_upload(self, **_: Any) -> dict[str, Any]:
        return {}

    def abort_multipart_upload(self, **_: Any) -> dict[str, Any]:
        return {}

    def generate_presigned_url(self, *_: Any, **__: Any) -> str:
        return "https://bench.invalid/discarded"


class Handler:
    def __init__(self, model_dir: str, threads: int | None):
        if threads is not None:
            os.environ["SUPERTONIC_INTRA_OP_THREADS"] = str(threads)
        os.environ["MODEL_DIR"] = model_dir
        os.environ.setdefault("OUTPUT_BUCKET", "bench-discarded")
        os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
        from handler import app
        from handler.context import LocalContext

        app.function.s3_client = _DiscardingS3()
        self.app = app
        self.context_type = LocalContext
        self.load_seconds = app.INIT_SECONDS
        self.template = json.loads(HTTP_EVENT.read_text(encoding="utf-8"))

    def event(self, text: str, steps: int) -> dict[str, Any]:
        event = copy.deepcopy(self.template)
        body = {"text": text, "voice": VOICE, "lang": LANG, "speed": SPEED, "steps": steps}
        event["body"] = json.dumps(body | {"format": "wav", "seed": SEED})
        return event

    def speak(self, text: str, steps: int) -> float:
        event = self.event(text, steps)
        response = self.app.lambda_handler(event, self.context_type(900.0))
        if response.get("statusCode") != 200:
            raise RuntimeError(f"handler answered {response.get('statusCode')}: {response}")
        return float(response["headers"]["x-audio-duration"])


class _BatchS3(_DiscardingS3):
    """Stands in for S3 in the batch case: serves the uploaded text, keeps the small
    JSON objects (claims, manifest) with S3's conditional-write answers, and discards
    the audio parts as `_DiscardingS3` does."""

    def __init__(self, key: str, text: str, metadata: dict[str, str]):
        self.objects: dict[str, bytes] = {key: text.encode("utf-8")}
        self.metadata = {key: metadata}

    def get_object(self, Key: str, **_: Any) -> dict[str, Any]:
        import io

        data = self.objects[Key]
        return {
            "Body": io.BytesIO(data),
            "ContentLength": len(data),
            "ETag": _etag(data),
            "Metadata": self.metadata.get(Key, {}),
        }

    def put_object(self, Key: str, Body: bytes = b"", **options: Any) -> dict[str, Any]:
        if options.get("IfNoneMatch") == "*" and Key in self.objects:
            from botocore.exceptions import ClientError

            error = {"Error": {"Code": "PreconditionFailed"}}
            raise ClientError(error | {"ResponseMetadata": {"HTTPStatusCode": 412}}, "PutObject")
        self.objects[Key] = bytes(Body)
        return {"ETag": _etag(self.objects[Key])}

    def delete_object(self, Key: str, **_: Any) -> dict[str, Any]:
        self.objects.pop(Key, None)
        return {}


def _etag(data: bytes) -> str:
    import hashlib

    return f'"{hashlib.md5(data).hexdigest()}"'


def case_batch(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    """One S3 upload event through the handler's batch path, as a single invocation."""
    # One invocation however long it takes: this measures synthesis, not splitting.
    os.environ["BATCH_MAX_INVOCATION_SECONDS"] = "86400"
    speaker = load(impl, args["model_dir"])
    assert isinstance(speaker, Handler)
    key = "incoming/book.txt"
    metadata = {"lang": LANG, "voice": VOICE, "speed": str(SPEED), "steps": str(args["steps"])}
    storage = _BatchS3(key, args["text"], metadata | {"seed": str(SEED)})
    speaker.app.function.s3_client = storage
    event = json.loads((REPO / "events" / "s3-put.json").read_text(encoding="utf-8"))
    event["Records"][0]["s3"]["object"]["key"] = key
    started = time.perf_counter()
    result = speaker.app.lambda_handler(event, speaker.context_type(86400.0))
    wall = time.perf_counter() - started
    if result["results"][0]["outcome"] != "done":
        raise RuntimeError(f"batch narration did not finish: {result}")
    manifest = json.loads(storage.objects["speech/book.manifest.json"])
    return {"wall_s": wall, "audio_s": manifest["duration_seconds"], "peak_mb": peak_rss_mb()}


def load(impl: str, model_dir: str, threads: int | None = None) -> Speaker:
    speakers: dict[str, type[Official | Engine | Handler]] = {
        "official": Official,
        "engine": Engine,
        "handler": Handler,
    }
    return speakers[impl](model_dir, threads)


def timed(speaker: Speaker, text: str, steps: int) -> tuple[float, float]:
    """(wall seconds, audio seconds) of one synthesis."""
    started = time.perf_counter()
    audio = speaker.speak(text, steps)
    return time.perf_counter() - started, audio


# --- cases: each takes the parsed JSON args and returns the result object ------------


def case_cold(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    spawned_at = float(os.environ[SPAWNED_AT_ENV])
    speaker = load(impl, args["model_dir"])
    ready = time.time() - spawned_at
    wall, _ = timed(speaker, args["text"], args["steps"])
    first_response = time.time() - spawned_at
    seconds = [wall] + [
        timed(speaker, args["text"], args["steps"])[0] for _ in range(args["requests"] - 1)
    ]
    return {
        "ready_s": ready,
        "first_response_s": first_response,
        "load_s": speaker.load_seconds,
        "request_s": seconds,
    }


def case_rss(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    speaker = load(impl, args["model_dir"])
    after_load = rss_mb()
    # The high-water mark of loading alone (VmHWM): what the memory size must hold at init.
    load_peak = peak_rss_mb()
    _, audio = timed(speaker, args["text"], args["steps"])
    return {
        "after_load_mb": after_load,
        "load_peak_mb": load_peak,
        "peak_mb": peak_rss_mb(),
        "audio_s": audio,
    }


def case_rtf(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    """Median real-time factor per (text, steps), after one short warm-up."""
    if args.get("precision"):
        os.environ["SUPERTONIC_PRECISION"] = args["precision"]
    speaker = load(impl, args["model_dir"], args.get("threads"))
    texts: dict[str, str] = args["texts"]
    if args.get("same_words"):
        # The words our engine reads the text as (numbers spelled out), prepared before
        # timing: the official package then makes the same speech ours does.
        from model_layer.text import normalize_text

        texts = {name: normalize_text(text, LANG) for name, text in texts.items()}
    timed(speaker, args["warmup_text"], max(args["steps"]))
    rtf: dict[str, dict[str, float]] = {}
    wall: dict[str, dict[str, float]] = {}  # synthesis seconds, whatever the audio length
    for name, text in texts.items():
        for steps in args["steps"]:
            runs = [timed(speaker, text, steps) for _ in range(args["repeats"])]
            rtf.setdefault(name, {})[str(steps)] = statistics.median(w / a for w, a in runs)
            wall.setdefault(name, {})[str(steps)] = statistics.median(w for w, _ in runs)
    return {"rtf": rtf, "wall": wall}


def case_latency(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    speaker = load(impl, args["model_dir"])
    timed(speaker, args["text"], args["steps"])
    seconds = [timed(speaker, args["text"], args["steps"])[0] for _ in range(args["requests"])]
    return {"request_s": seconds}


def case_soak(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    from bench.texts import random_text

    speaker = load(impl, args["model_dir"])
    rng = random.Random(args["seed"])
    total, every = args["invocations"], args["every"]
    series = [[0, rss_mb()]]
    started = time.perf_counter()
    for done in range(1, total + 1):
        speaker.speak(random_text(rng, args["shortest"], args["longest"]), args["steps"])
        if done % every == 0 or done == total:
            series.append([done, rss_mb()])
            elapsed = time.perf_counter() - started
            eta = elapsed / done * (total - done)
            progress(f"soak {impl} {done}/{total} rss={series[-1][1]:.0f} MB eta={eta:.0f}s")
    return {"series": series}


def case_text(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    """Cold start with or without the language identifier; with it, the time to detect
    and normalize `text` (median of `repeats`) and to synthesize it once."""
    spawned_at = float(os.environ[SPAWNED_AT_ENV])
    os.environ["SUPERTONIC_LANGUAGE_IDENTIFIER"] = "true" if args["identifier"] else "false"
    speaker = load(impl, args["model_dir"])
    result: dict[str, Any] = {"ready_s": time.time() - spawned_at}
    if not args["identifier"]:
        # The identifier's own init work, timed alone in a process that has everything
        # else loaded: what the difference of two noisy cold starts estimates.
        from pathlib import Path

        from model_layer.text.detection import load_identifier

        started = time.perf_counter()
        load_identifier(Path(args["model_dir"]))
        result["identifier_init_s"] = time.perf_counter() - started
    if not args["synthesize"]:
        return result
    from model_layer.text import normalize_text

    synthesizer = speaker.synthesizer  # type: ignore[attr-defined]
    text = args["text"]
    seconds = []
    for _ in range(args["repeats"]):
        started = time.perf_counter()
        lang = synthesizer.detector.detect(text)
        normalize_text(text, lang, None, synthesizer.lexicon)
        seconds.append(time.perf_counter() - started)
    result["normalize_s"] = statistics.median(seconds)
    result["synthesis_s"], result["audio_s"] = timed(speaker, text, args["steps"])
    return result


def case_stream(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    """Per text: the buffered answer's total (its first byte leaves at the end), and the
    streamed answer's first audio byte and total, through the streaming entry point."""
    speaker = Handler(args["model_dir"], None)
    from handler import stream_app

    def streamed(text: str) -> tuple[float, float]:
        event = speaker.event(text, args["steps"])
        started = time.perf_counter()
        answer = stream_app.lambda_handler(event, speaker.context_type(900.0))
        if answer.status != 200:
            raise RuntimeError(f"streamed answer {answer.status}: {b''.join(answer.body)!r}")
        first = None
        for piece in answer.body:
            if piece and first is None:
                first = time.perf_counter() - started
        return first or 0.0, time.perf_counter() - started

    speaker.speak(SHORT_WARMUP, args["steps"])
    streamed(SHORT_WARMUP)
    timings: dict[str, dict[str, float]] = {}
    for size, text in args["texts"].items():
        order = ("streamed", "buffered") if args["streamed_first"] else ("buffered", "streamed")
        for mode in order:
            if mode == "buffered":
                wall, _ = timed(speaker, text, args["steps"])
                timings.setdefault(size, {})["buffered_total"] = wall
            else:
                ttfb, total = streamed(text)
                timings.setdefault(size, {}).update(streamed_ttfb=ttfb, streamed_total=total)
        progress(f"stream ~{size} chars: {timings[size]}")
    return {"timings": timings}


def case_turn_official(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    """Worker case: the official package's time to its whole utterance, per text."""
    import numpy as np
    from supertonic import TTS

    np.random.seed(0)
    tts = TTS(model_dir=args["model_dir"], auto_download=False)
    style = tts.get_voice_style("M1")

    def utterance(text: str, lang: str) -> float:
        started = time.perf_counter()
        tts.synthesize(text, voice_style=style, total_steps=TURN_STEPS, speed=TURN_SPEED, lang=lang)
        return time.perf_counter() - started

    utterance("A short warm-up, with a clause.", "en")
    found: dict[str, list[float]] = {}
    for _ in range(args["runs"]):
        for lang, texts in TURN_TEXTS.items():
            for size, text in texts.items():
                found.setdefault(f"{lang}/{size}", []).append(utterance(text, lang))
    return {"seconds": found}


def case_mixed_soak(impl: str, args: dict[str, Any]) -> dict[str, Any]:
    from bench.mixed_worker import run

    return run(args)


CASES = {
    "cold": case_cold,
    "rss": case_rss,
    "rtf": case_rtf,
    "latency": case_latency,
    "soak": case_soak,
    "text": case_text,
    "batch": case_batch,
    "stream": case_stream,
    "mixed-soak": case_mixed_soak,
    "turn-official": case_turn_official,
}


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] not in IMPLS or argv[1] not in CASES:
        print(f"usage: python -m bench.worker {{{','.join(IMPLS)}}} CASE JSON", file=sys.stderr)
        return 2
    impl, case, raw = argv
    result = CASES[case](impl, json.loads(raw))
    sys.stdout.flush()
    print(RESULT_PREFIX + json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
