"""Pytest fixtures that start real servers on 127.0.0.1.

Servers are session-scoped (started once, on first use); what a test touches on them (buckets,
queues) is function-scoped and uniquely named, so tests cannot see each other's objects.
"""

from __future__ import annotations

import uuid
from collections.abc import Generator, Mapping
from pathlib import Path
from typing import NamedTuple, Protocol

import pytest

from tests.infra.lambda_function import LambdaFunction, start_lambda
from tests.infra.moto_server import MotoServer, S3ToSqs, create_s3_to_sqs, start_moto
from tests.infra.process import ManagedProcess, log_tail
from tests.infra.s3_proxy import FaultProxy
from tests.infra.seaweed import S3Server, start_seaweedfs


class LambdaFactory(Protocol):
    def __call__(
        self,
        handler: str,
        env: Mapping[str, str] | None = None,
        *,
        function_name: str = ...,
        region: str = ...,
        runtime: str = ...,
    ) -> LambdaFunction: ...


_LAMBDAS = pytest.StashKey[list[LambdaFunction]]()


class S3Buckets(NamedTuple):
    input: str
    output: str


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory: pytest.TempPathFactory) -> Generator[S3Server, None, None]:
    """SeaweedFS (`weed mini`): a real S3 with signatures, multipart, presigned URLs and
    conditional writes, but no event notifications (use `moto_s3_sqs` for those)."""
    server, process = start_seaweedfs(tmp_path_factory.mktemp("seaweedfs"))
    try:
        yield server
    finally:
        process.stop(grace=15)


class OwnS3Server(NamedTuple):
    server: S3Server
    process: ManagedProcess


@pytest.fixture
def own_s3_server(tmp_path: Path) -> Generator[OwnS3Server, None, None]:
    """A SeaweedFS of this test's own, which it may stop and restart
    (`tests.infra.seaweed.restart_seaweedfs`) without disturbing the shared `s3_server`."""
    server, process = start_seaweedfs(tmp_path / "own-seaweedfs")
    try:
        yield OwnS3Server(server, process)
    finally:
        process.stop(grace=15)


@pytest.fixture
def fault_proxy(s3_server: S3Server) -> Generator[FaultProxy, None, None]:
    """A FaultProxy in front of the shared `s3_server`; faults last for this test only."""
    proxy = FaultProxy(s3_server.endpoint_url)
    try:
        yield proxy
    finally:
        proxy.stop()


@pytest.fixture
def s3_buckets(s3_server: S3Server) -> Generator[S3Buckets, None, None]:
    """Fresh input and output buckets on `s3_server`, deleted with their contents afterwards."""
    suffix = uuid.uuid4().hex[:16]
    buckets = S3Buckets(input=f"in-{suffix}", output=f"out-{suffix}")
    client = s3_server.client()
    for name in buckets:
        client.create_bucket(Bucket=name)
    yield buckets
    # SeaweedFS runs with -s3.allowDeleteBucketNotEmpty (its default), so no emptying first.
    for name in buckets:
        client.delete_bucket(Bucket=name)


@pytest.fixture(scope="session")
def moto_server(tmp_path_factory: pytest.TempPathFactory) -> Generator[MotoServer, None, None]:
    server, process = start_moto(tmp_path_factory.mktemp("moto"))
    try:
        yield server
    finally:
        process.stop()


@pytest.fixture
def moto_s3_sqs(moto_server: MotoServer) -> S3ToSqs:
    """A new bucket notifying a new SQS queue of ObjectCreated under `incoming/`.

    Unique names stand in for a reset, so a session-wide server never leaks state between tests.
    """
    return create_s3_to_sqs(moto_server, prefix="incoming/")


@pytest.fixture
def lambda_runtime(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Generator[LambdaFactory, None, None]:
    """Factory: `lambda_runtime(handler, env=None, function_name=..., region=...,
    runtime="awslambdaric")` starts a Runtime API server and `python -m <runtime> <handler>`
    against it, and returns the LambdaFunction. Every function started is stopped at teardown."""
    started: list[LambdaFunction] = []
    request.node.stash[_LAMBDAS] = started

    def start(
        handler: str,
        env: Mapping[str, str] | None = None,
        *,
        function_name: str = "supertonic-test",
        region: str = "us-east-1",
        runtime: str = "awslambdaric",
    ) -> LambdaFunction:
        function = start_lambda(
            handler,
            env or {},
            workdir=tmp_path / f"lambda{len(started)}",
            function_name=function_name,
            region=region,
            runtime=runtime,
        )
        started.append(function)
        return function

    yield start
    for function in started:
        function.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach each runtime's log to a failed test's report: that is where handler tracebacks,
    import errors and crashes of the runtime process show up."""
    report = yield
    if report.failed:
        for function in item.stash.get(_LAMBDAS, []):
            report.sections.append(
                (f"awslambdaric log {function.log_path}", log_tail(function.log_path, 80))
            )
    return report
