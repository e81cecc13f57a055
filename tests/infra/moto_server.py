"""moto's server on loopback, for what SeaweedFS lacks: S3 ObjectCreated events delivered to SQS."""

from __future__ import annotations

import json
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3
from botocore.client import BaseClient
from botocore.config import Config

from tests.infra.ports import LOOPBACK, free_port
from tests.infra.process import ManagedProcess, base_env

REGION = "us-east-1"
# moto checks no signatures but botocore refuses to sign without some credentials.
ACCESS_KEY = "test"
SECRET_KEY = "test"
_ACCOUNT_ID = "123456789012"  # moto's default account
_READY_TIMEOUT_S = 30.0
_START_ATTEMPTS = 3


@dataclass(frozen=True)
class MotoServer:
    endpoint_url: str
    region: str = REGION

    def client(self, service: str) -> BaseClient:
        return boto3.session.Session().client(
            service,
            endpoint_url=self.endpoint_url,
            region_name=self.region,
            aws_access_key_id=ACCESS_KEY,
            aws_secret_access_key=SECRET_KEY,
            config=Config(s3={"addressing_style": "path"}),
        )

    def env(self) -> dict[str, str]:
        """Variables that send every AWS service a subprocess uses to this server."""
        return {
            "AWS_ENDPOINT_URL": self.endpoint_url,
            "AWS_ACCESS_KEY_ID": ACCESS_KEY,
            "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
            "AWS_DEFAULT_REGION": self.region,
            "AWS_REGION": self.region,
            "AWS_EC2_METADATA_DISABLED": "true",
        }

    def reset(self) -> None:
        """Forget every bucket, queue and message (moto's own reset endpoint)."""
        request = urllib.request.Request(f"{self.endpoint_url}/moto-api/reset", method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()


@dataclass
class S3ToSqs:
    """A bucket that notifies a queue of ObjectCreated events under `prefix`."""

    server: MotoServer
    bucket: str
    prefix: str
    queue_url: str
    s3: BaseClient = field(repr=False)
    sqs: BaseClient = field(repr=False)

    def receive_s3_events(self, count: int = 1, timeout: float = 10.0) -> list[dict[str, Any]]:
        """The next `count` S3 event documents (SQS message bodies), deleted from the queue.

        S3 sends an `s3:TestEvent` when notifications are configured; it carries no Records
        and is skipped so callers see only object events.
        """
        events: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while len(events) < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(
                    f"received {len(events)} of {count} S3 events from {self.queue_url} "
                    f"within {timeout:.0f} s: {events}"
                )
            response = self.sqs.receive_message(
                QueueUrl=self.queue_url,
                MaxNumberOfMessages=min(10, count - len(events)),
                WaitTimeSeconds=max(1, min(5, int(remaining))),
            )
            for message in response.get("Messages", []):
                body = json.loads(message["Body"])
                self.sqs.delete_message(
                    QueueUrl=self.queue_url, ReceiptHandle=message["ReceiptHandle"]
                )
                if "Records" in body:
                    events.append(body)
        return events


def create_s3_to_sqs(server: MotoServer, prefix: str = "incoming/") -> S3ToSqs:
    """A fresh, uniquely named bucket and queue, wired the way the deployed stack wires them."""
    suffix = uuid.uuid4().hex[:12]
    bucket, queue = f"notify-{suffix}", f"s3-events-{suffix}"
    s3, sqs = server.client("s3"), server.client("sqs")
    queue_url = sqs.create_queue(QueueName=queue)["QueueUrl"]
    s3.create_bucket(Bucket=bucket)
    s3.put_bucket_notification_configuration(
        Bucket=bucket,
        NotificationConfiguration={
            "QueueConfigurations": [
                {
                    "QueueArn": f"arn:aws:sqs:{server.region}:{_ACCOUNT_ID}:{queue}",
                    "Events": ["s3:ObjectCreated:*"],
                    "Filter": {"Key": {"FilterRules": [{"Name": "prefix", "Value": prefix}]}},
                }
            ]
        },
    )
    return S3ToSqs(server, bucket, prefix, queue_url, s3, sqs)


def _ready(endpoint_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{endpoint_url}/moto-api/data.json", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def start_moto(workdir: Path) -> tuple[MotoServer, ManagedProcess]:
    """Start `moto_server` on a free loopback port and return once it answers."""
    workdir.mkdir(parents=True, exist_ok=True)
    moto_server = str(Path(sys.executable).with_name("moto_server"))
    attempt = 0
    while True:
        attempt += 1
        port = free_port()
        proc = ManagedProcess(
            "moto_server",
            [moto_server, "-H", LOOPBACK, "-p", str(port)],
            env=base_env(workdir),
            cwd=workdir,
            log_path=workdir / f"moto{attempt}.log",
        )
        endpoint_url = f"http://{LOOPBACK}:{port}"
        try:
            proc.wait_until(
                lambda url=endpoint_url: _ready(url),
                timeout=_READY_TIMEOUT_S,
                what=f"moto_server ready at {endpoint_url}",
            )
        except RuntimeError:
            proc.stop()
            # Another process took the port between choosing and binding it.
            if "Address already in use" in proc.logs() and attempt < _START_ATTEMPTS:
                continue
            raise
        except BaseException:
            proc.stop()
            raise
        return MotoServer(endpoint_url), proc
