"""Handlers that only the runtime tests run, under `python -m handler.runtime`."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

from handler.runtime.protocol import HttpStream

# Lets a test exercise the /init/error path without a second module.
if os.environ.get("STREAM_HANDLER_FAIL_AT_IMPORT"):
    raise RuntimeError(os.environ["STREAM_HANDLER_FAIL_AT_IMPORT"])


def _pieces(event: dict[str, Any]) -> Iterator[bytes]:
    try:
        for index, piece in enumerate(event["pieces"]):
            if index == event.get("fail_at"):
                raise OSError("the disk is on fire")  # must not pass for a broken pipe
            time.sleep(event.get("pause", 0.0))
            yield piece.replace("{now}", repr(time.time())).encode()
    except GeneratorExit:
        print(f"body closed after piece {index}", flush=True)
        raise


def handler(event: Any, context: Any) -> Any:
    if "raise" in event:
        raise ValueError(event["raise"])
    if "unserializable" in event:
        return {"value": object()}
    if "pieces" in event:
        return HttpStream(
            status=event.get("status", 200),
            headers={"content-type": "text/plain", "x-request-id": context.aws_request_id},
            body=_pieces(event),
            cookies=event.get("cookies", []),
        )
    return {
        "event": event,
        "aws_request_id": context.aws_request_id,
        "remaining_ms": context.get_remaining_time_in_millis(),
        "function_name": context.function_name,
        "memory_limit_in_mb": context.memory_limit_in_mb,
        "invoked_function_arn": context.invoked_function_arn,
        "trace_id": os.environ.get("_X_AMZN_TRACE_ID"),
    }
