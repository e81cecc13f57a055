"""Run the function with no container: `python -m handler invoke EVENT.json [--out FILE]`,
or serve it on 127.0.0.1, streaming as a RESPONSE_STREAM Function URL does:
`python -m handler serve [--port 8080]`.

The model loads from MODEL_DIR exactly as in the image; the event goes through the
same entry point Lambda calls, with a local context whose deadline is --timeout.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from pathlib import Path
from typing import Any

from handler.context import LocalContext
from model_layer import ModelLoadError


def _audio_of(response: Any) -> bytes | None:
    if isinstance(response, dict) and response.get("isBase64Encoded"):
        return base64.b64decode(response["body"])
    if isinstance(response, dict) and "audio_base64" in response:
        return base64.b64decode(response["audio_base64"])
    return None


def _printable(response: Any, audio: bytes | None) -> Any:
    if audio is None or not isinstance(response, dict):
        return response
    shown = dict(response)
    key = "body" if "body" in shown and shown.get("isBase64Encoded") else "audio_base64"
    shown[key] = f"<{len(audio)} bytes of audio>"
    return shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handler", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    invoke = commands.add_parser("invoke", help="invoke the function with an event file")
    invoke.add_argument("event", type=Path, help="event JSON, e.g. events/http-speech.json")
    invoke.add_argument("--out", type=Path, help="write the audio of an inline response here")
    invoke.add_argument(
        "--timeout", type=float, default=900.0, help="seconds to the deadline (900, as deployed)"
    )
    commands.add_parser("openapi", help="print the OpenAPI description of the HTTP API")
    serve = commands.add_parser("serve", help="serve the API on 127.0.0.1, streaming audio")
    serve.add_argument("--port", type=int, default=8080, help="port on 127.0.0.1 (8080)")
    serve.add_argument(
        "--timeout", type=float, default=900.0, help="seconds per request (900, as deployed)"
    )
    args = parser.parse_args(argv)

    if args.command == "serve":
        from handler.serve import serve as run_server

        try:
            run_server(args.port, args.timeout)
        except ModelLoadError as exc:
            print(f"cannot load the model: {exc}", file=sys.stderr)
            return 2
        return 0

    if args.command == "openapi":
        from handler.openapi import build_openapi

        print(json.dumps(build_openapi(), indent=2, ensure_ascii=False))
        return 0

    event = json.loads(args.event.read_text(encoding="utf-8"))
    try:
        from handler.app import lambda_handler  # the init phase: loads the model
    except ModelLoadError as exc:
        print(f"cannot load the model: {exc}", file=sys.stderr)
        return 2

    response = lambda_handler(event, LocalContext(args.timeout))
    audio = _audio_of(response)
    print(json.dumps(_printable(response, audio), indent=2, ensure_ascii=False))
    if args.out is not None:
        if audio is None:
            print("no inline audio in the response; nothing written", file=sys.stderr)
            return 1
        args.out.write_bytes(audio)
        print(f"wrote {len(audio)} bytes to {args.out}", file=sys.stderr)
    return exit_status(response)


def exit_status(response: Any) -> int:
    """1 when the invocation failed: an HTTP error, an error document, a batch input that
    failed (an error report was written) or SQS messages handed back for retry."""
    if not isinstance(response, dict):
        return 0
    if response.get("statusCode", 200) >= 400 or "error" in response:
        return 1
    results = response.get("results") or []
    if any(isinstance(r, dict) and r.get("outcome") in ("failed", "retry") for r in results):
        return 1
    return 1 if response.get("batchItemFailures") else 0


if __name__ == "__main__":
    sys.exit(main())
