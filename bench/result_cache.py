"""Result cache: hit vs miss latency, and what it saves on a repetitive request mix.

    .venv/bin/python -m bench.result_cache [--model-dir DIR] [--pairs 3]

Through the function's real entry point (`SpeechFunction.handle`, a Function URL event,
inline mp3, cache on) against a real S3 server (SeaweedFS on 127.0.0.1, as the tests run
it): for ~60 and ~600 characters, misses (a new seed each time, so a new entry: synthesis
plus the PUT) alternate with hits (the entry just stored: planning, HEAD, GET). Prints
medians, the hit/miss ratio, then the cost per million characters of a Zipf-distributed
request mix at the repeat rate it implies, with and without the cache.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

# Prices (us-east-1, x86, on demand, as published in 2026-12): Lambda per GB-second and
# per request; S3 PUT and GET/HEAD per request.
LAMBDA_GB_SECOND = 0.0000166667
LAMBDA_REQUEST = 0.20 / 1e6
S3_PUT = 0.005 / 1000
S3_GET = 0.0004 / 1000
MEMORY_GB = 2.0

TEXT_60 = "Your table for four is ready; please come to the front desk."
TEXT_600 = (
    "Welcome back. Your order of two coffees and a blueberry muffin is ready at the counter. "
    "Please remember that the café closes at nine this evening, and that the terrace is "
    "reserved for a private event from six o'clock. If you would like to book a table for "
    "the weekend, ask any member of staff or use the app, where you will also find our new "
    "winter menu. Thank you for visiting, and we hope to see you again soon. Drive safely, "
    "and do not forget your umbrella: the forecast says rain until tomorrow morning. "
    "Parking is free after seven, and the car park closes at midnight."
)


def zipf_repeat_rate(distinct: int, requests: int, exponent: float, seed: int = 1) -> float:
    """Fraction of `requests` drawn from `distinct` prompts (Zipf) that repeat an earlier one."""
    ranks = np.arange(1, distinct + 1)
    weights = ranks**-exponent
    draws = np.random.default_rng(seed).choice(distinct, size=requests, p=weights / weights.sum())
    return 1.0 - len(np.unique(draws)) / requests


def measure(function: Any, text: str, pairs: int) -> tuple[list[float], list[float]]:
    from handler.context import LocalContext
    from tests.handler.conftest import url_event

    def post(body: dict[str, Any]) -> tuple[float, str]:
        started = time.perf_counter()
        answer = function.handle(url_event("POST", "/v1/speech", body), LocalContext(900))
        elapsed = time.perf_counter() - started
        assert answer["statusCode"] == 200, answer["body"][:300]
        return elapsed, answer["headers"]["x-cache"]

    misses, hits = [], []
    for pair in range(pairs):
        body = {"text": text, "lang": "en", "format": "mp3", "seed": 1000 + pair}
        elapsed, state = post(body)
        assert state == "miss"
        misses.append(elapsed)
        elapsed, state = post(body)
        assert state == "hit"
        hits.append(elapsed)
    return misses, hits


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.result_cache", description=__doc__)
    parser.add_argument("--model-dir", type=Path, help="default: the cached full synthetic model")
    parser.add_argument("--pairs", type=int, default=3, help="miss/hit pairs per size (3)")
    parser.add_argument("--distinct", type=int, default=10_000, help="distinct prompts (10,000)")
    parser.add_argument("--requests", type=int, default=100_000, help="requests (100,000)")
    parser.add_argument("--zipf", type=float, default=1.0, help="Zipf exponent (1.0)")
    args = parser.parse_args()

    import model_layer
    from handler.config import HandlerSettings
    from handler.function import SpeechFunction
    from handler.observability import metrics
    from model_layer.build.synthetic import cached_model_dir
    from tests.infra.seaweed import start_seaweedfs

    model_dir = args.model_dir or cached_model_dir("full")
    with tempfile.TemporaryDirectory() as data:
        server, process = start_seaweedfs(Path(data))
        try:
            client = server.client()
            client.create_bucket(Bucket="bench-cache")
            settings = HandlerSettings(
                output_bucket="bench-cache", result_cache=True, s3_endpoint_url=server.endpoint_url
            )
            synthesizer = model_layer.load(model_dir)
            function = SpeechFunction(settings, synthesizer, lambda: client, metrics)
            rows = []
            for text in (TEXT_60, TEXT_600):
                misses, hits = measure(function, text, args.pairs)
                miss, hit = statistics.median(misses), statistics.median(hits)
                rows.append((len(text), miss, hit))
                print(
                    f"{len(text):4d} chars: miss {miss:.3f} s, hit {hit:.4f} s "
                    f"(hit/miss {hit / miss:.2%}); misses {[round(m, 3) for m in misses]}, "
                    f"hits {[round(h, 4) for h in hits]}",
                    flush=True,
                )
        finally:
            process.stop(grace=15)

    repeat = zipf_repeat_rate(args.distinct, args.requests, args.zipf)
    # Per character, from the ~600-character row (the longer text amortizes fixed costs).
    chars, miss, hit = rows[-1]
    per_request = {
        "uncached": miss * MEMORY_GB * LAMBDA_GB_SECOND + LAMBDA_REQUEST,
        "miss": miss * MEMORY_GB * LAMBDA_GB_SECOND + LAMBDA_REQUEST + S3_GET + S3_PUT,
        "hit": hit * MEMORY_GB * LAMBDA_GB_SECOND + LAMBDA_REQUEST + 2 * S3_GET,
    }
    per_million = 1e6 / chars
    uncached = per_request["uncached"] * per_million
    cached = (repeat * per_request["hit"] + (1 - repeat) * per_request["miss"]) * per_million
    print(
        f"Zipf mix: {args.requests:,} requests over {args.distinct:,} prompts (exponent "
        f"{args.zipf}): repeat rate {repeat:.1%}. Cost per million characters at {MEMORY_GB:g} GB "
        f"(~{chars}-char requests, timings above): uncached ${uncached:.2f}, "
        f"cached ${cached:.2f} ({cached / uncached:.0%})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
