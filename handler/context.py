"""The one stand-in for a Lambda context, wherever the function runs outside Lambda:
`python -m handler invoke`, `python -m handler serve`, tests and benchmarks."""

from __future__ import annotations

import time
import uuid


class LocalContext:
    """The attributes of a Lambda context the function and Powertools read, with a
    deadline `timeout_seconds` from its creation."""

    function_name = "supertonic-lambda-local"
    function_version = "$LATEST"
    memory_limit_in_mb = 2048
    log_group_name = "local"
    log_stream_name = "local"

    def __init__(self, timeout_seconds: float):
        self.aws_request_id = str(uuid.uuid4())
        self.invoked_function_arn = (
            f"arn:aws:lambda:local:000000000000:function:{self.function_name}"
        )
        self._deadline = time.monotonic() + timeout_seconds

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - time.monotonic()) * 1000))
