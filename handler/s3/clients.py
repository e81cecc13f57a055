"""The S3 and SQS clients: made on first use, one per process."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from handler.config import HandlerSettings
from handler.s3.calls import gate_attempt


def make_s3_client(settings: HandlerSettings) -> Any:
    """One client per process, made on first use: boto3 costs ~30 MB of RSS and ~150 ms,
    which requests answered inline never need."""
    import boto3
    from botocore.config import Config

    # Standard mode retries throttling (503 SlowDown), 5xx and dropped or timed-out
    # connections with jittered backoff; the attempts and timeouts bound how long one call
    # can take, and `gate_attempt` stops retrying once the deadline is near.
    config = Config(
        retries={"total_max_attempts": settings.s3_max_attempts, "mode": "standard"},
        connect_timeout=settings.s3_connect_timeout_seconds,
        read_timeout=settings.s3_read_timeout_seconds,
        s3={"addressing_style": "path"} if settings.s3_endpoint_url else {},
        signature_version="s3v4",
    )
    client = boto3.client("s3", endpoint_url=settings.s3_endpoint_url, config=config)
    client.meta.events.register("before-send.s3", gate_attempt)
    return client


def per_process(make: Callable[[], Any]) -> Callable[[], Any]:
    """`make()` once per process. A boto3 client is not fork-safe (a child would share its
    pooled connections with the parent), and awslambdaric's multi-concurrency mode forks
    worker processes; each gets its own client even if one was made before the fork."""
    made: dict[int, Any] = {}

    def get() -> Any:
        pid = os.getpid()
        if pid not in made:
            made.clear()
            made[pid] = make()
        return made[pid]

    return get


@lru_cache(maxsize=2)
def sqs_client(endpoint_url: str | None) -> Any:
    """Made on first use like the S3 client: only split batch jobs send messages."""
    import boto3
    from botocore.config import Config

    # total_max_attempts counts the first try (botocore's max_attempts counts retries only:
    # 3 there would be 4 attempts), the same rule as the S3 client's S3_MAX_ATTEMPTS.
    config = Config(retries={"total_max_attempts": 3, "mode": "standard"})
    return boto3.client("sqs", endpoint_url=endpoint_url, config=config)


def aws_client(service: str) -> Any:
    """A client of another AWS service (Secrets Manager, SSM) in the function's region; its
    endpoint can be set as boto3 reads it (AWS_ENDPOINT_URL_<SERVICE>)."""
    import boto3

    return boto3.client(service)
