"""What Powertools' LambdaFunctionUrlResolver (with validation) would add to a cold start.

    .venv/bin/python -m bench.resolver_cost [--runs 7]

Each measurement is a fresh interpreter: the baseline imports what the function imports
already (Powertools Logger/Metrics, pydantic, our HTTP layer); the other adds the
resolver with `enable_validation=True`, our two speech routes with their pydantic bodies,
and one resolved request (validation builds its models lazily). Prints medians
(min..max) of wall time, CPU time (steadier on a shared machine) and RSS, and what the
resolver adds; then how it answers the requests our layer answers today.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

from bench.worker import REPO

_BASELINE = """
import time, psutil
t, cpu = time.perf_counter(), time.process_time()
from aws_lambda_powertools import Logger, Metrics
import handler.http, handler.errors, handler.schemas
"""
_RESOLVER = (
    _BASELINE
    + """
from aws_lambda_powertools.event_handler import LambdaFunctionUrlResolver
from handler.schemas import OpenAISpeechRequest, SpeechRequest
app = LambdaFunctionUrlResolver(enable_validation=True)

@app.post("/v1/speech")
def speech(body: SpeechRequest) -> dict:
    return {"ok": True}

@app.post("/v1/audio/speech")
def openai(body: OpenAISpeechRequest) -> dict:
    return {"ok": True}

import copy, json
TEMPLATE = json.load(open("events/http-speech.json"))

def url_event(method, path, body, b64=False, ctype="application/json"):
    event = copy.deepcopy(TEMPLATE)
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["requestContext"]["http"]["method"] = method
    event["headers"]["content-type"] = ctype
    event["body"], event["isBase64Encoded"] = body, b64
    return event

app.resolve(url_event("POST", "/v1/speech", '{"text": "hi"}'), None)
"""
)
_REPORT = """
rss = psutil.Process().memory_info().rss / 2**20
print(time.perf_counter() - t, time.process_time() - cpu, rss)
"""

_BEHAVIOUR = (
    _RESOLVER
    + """
import base64
def call(method, path, body, b64=False, ctype="application/json"):
    raw = base64.b64encode(body.encode()).decode() if b64 else body
    answer = app.resolve(url_event(method, path, raw, b64, ctype), None)
    return {"status": answer["statusCode"], "body": answer["body"][:300]}
cases = {
    "speed out of range": call("POST", "/v1/speech", '{"text": "hi", "speed": 9}'),
    "not JSON": call("POST", "/v1/speech", "{"),
    "base64 body": call("POST", "/v1/speech", '{"text": "hi"}', b64=True),
    "text/plain body": call("POST", "/v1/speech", '{"text": "hi"}', ctype="text/plain"),
    "unknown route": call("GET", "/nowhere", ""),
    "wrong method": call("GET", "/v1/speech", ""),
}
schema = json.loads(app.get_openapi_json_schema())
cases["openapi paths"] = sorted(schema["paths"])
cases["openapi components"] = sorted(schema.get("components", {}).get("schemas", {}))
print(json.dumps(cases, indent=1))
"""
)


def measure(script: str) -> tuple[float, float, float]:
    result = subprocess.run(
        [sys.executable, "-c", script + _REPORT], cwd=REPO, capture_output=True, text=True
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-2000:])
    wall, cpu, rss = result.stdout.split()[-3:]
    return float(wall), float(cpu), float(rss)


def summary(values: list[float], scale: float, unit: str) -> str:
    shown = [v * scale for v in values]
    return f"{statistics.median(shown):.1f} {unit} ({min(shown):.1f}..{max(shown):.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.resolver_cost", description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    base, resolver = [], []
    for _ in range(runs):  # alternating, so a machine that slows down penalizes both
        base.append(measure(_BASELINE))
        resolver.append(measure(_RESOLVER))
    for name, index, scale, unit in (
        ("wall", 0, 1000, "ms"),
        ("CPU", 1, 1000, "ms"),
        ("RSS", 2, 1, "MB"),
    ):
        added = [r[index] - b[index] for b, r in zip(base, resolver, strict=True)]
        print(
            f"{name}: baseline {summary([b[index] for b in base], scale, unit)}, "
            f"with the resolver {summary([r[index] for r in resolver], scale, unit)}, "
            f"added {summary(added, scale, unit)}"
        )
    behaviour = subprocess.run(
        [sys.executable, "-c", _BEHAVIOUR], cwd=REPO, capture_output=True, text=True, check=True
    )
    print(behaviour.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
