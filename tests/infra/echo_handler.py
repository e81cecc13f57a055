"""A trivial Lambda handler that only the infrastructure's own tests run."""

from __future__ import annotations

import os
from typing import Any

from awslambdaric.lambda_context import LambdaContext

# Lets a test exercise the runtime's /init/error path without a second module.
if os.environ.get("ECHO_HANDLER_FAIL_AT_IMPORT"):
    raise RuntimeError(os.environ["ECHO_HANDLER_FAIL_AT_IMPORT"])


def handler(event: Any, context: LambdaContext) -> dict[str, Any]:
    if isinstance(event, dict) and "raise" in event:
        raise ValueError(event["raise"])
    if isinstance(event, dict) and "exit" in event:
        # Dies the way an out-of-memory kill would: no response, no error, no cleanup.
        os._exit(event["exit"])
    return {
        "event": event,
        "aws_request_id": context.aws_request_id,
        "remaining_ms": context.get_remaining_time_in_millis(),
        "function_name": context.function_name,
        "memory_limit_in_mb": context.memory_limit_in_mb,
        "invoked_function_arn": context.invoked_function_arn,
    }
