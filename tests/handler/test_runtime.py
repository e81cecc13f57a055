"""The project's runtime loop (`python -m handler.runtime`) against the test Runtime API:
buffered answers, streamed answers with the Function URL prelude, errors before and after
the first byte, init failures. The server checks the chunked framing byte for byte."""

from __future__ import annotations

import json

import pytest

from tests.infra.fixtures import LambdaFactory
from tests.infra.runtime_api import InvocationResult

pytestmark = pytest.mark.slow

HANDLER = "tests.handler.stream_handlers.handler"
RUNTIME = "handler.runtime"


def expected_wire(pieces: list[bytes], trailers: bytes = b"") -> bytes:
    """Chunked framing as RFC 9112 writes it: one chunk per piece, then the last chunk."""
    return b"".join(b"%x\r\n%b\r\n" % (len(p), p) for p in pieces) + b"0\r\n" + trailers + b"\r\n"


def streamed(result: InvocationResult) -> tuple[dict, bytes]:
    assert result.status == "response"
    assert result.stream is not None, "the answer was not streamed"
    assert result.headers["lambda-runtime-function-response-mode"] == "streaming"
    assert result.headers["transfer-encoding"] == "chunked"
    return result.http_integration()


def test_buffered_answer_carries_the_context(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(HANDLER, runtime=RUNTIME)

    first = function.invoke({"hello": "wörld"}, timeout_ms=30_000, wait=30)
    second = function.invoke([1, 2], timeout_ms=30_000, wait=30)

    assert first.status == "response", function.logs()
    assert first.stream is None
    assert first.body["event"] == {"hello": "wörld"}
    assert first.body["aws_request_id"] == first.request_id
    assert 0 < first.body["remaining_ms"] <= 30_000
    assert first.body["function_name"] == "supertonic-test"
    assert first.body["memory_limit_in_mb"] == "2048"
    assert first.body["invoked_function_arn"] == function.api.function_arn
    assert first.body["trace_id"].startswith("Root=1-")
    assert second.body["event"] == [1, 2] and second.request_id != first.request_id


def test_stream_is_prelude_then_pieces_framed_exactly(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(HANDLER, runtime=RUNTIME)
    pieces = ["first", "", "second piece", "x" * 70_000]

    result = function.invoke({"pieces": pieces, "status": 201, "cookies": ["a=b"]}, wait=30)

    prelude, body = streamed(result)
    assert prelude == {
        "statusCode": 201,
        "headers": {"content-type": "text/plain", "x-request-id": result.request_id},
        "cookies": ["a=b"],
    }
    assert body == b"".join(p.encode() for p in pieces)
    head = json.dumps(prelude).encode() + b"\x00" * 8
    # One HTTP chunk per non-empty piece: an empty one would end the body early.
    sent = [head, *(p.encode() for p in pieces if p)]
    assert [chunk.data for chunk in result.stream.chunks] == sent
    assert result.stream.wire == expected_wire(sent)
    assert result.stream.trailers == {}
    assert result.error_trailer is None
    assert function.api.framing_errors == []


def test_pieces_leave_as_they_are_produced(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(HANDLER, runtime=RUNTIME)

    result = function.invoke({"pieces": ["{now};"] * 3, "pause": 0.5}, wait=30)

    produced = [float(t) for t in streamed(result)[1].decode().rstrip(";").split(";")]
    arrived = [chunk.arrived_at for chunk in result.stream.chunks[1:]]
    # Each piece reached the server before the next one was even produced.
    assert all(a < p for a, p in zip(arrived, produced[1:], strict=False)), (arrived, produced)


def test_failure_after_the_first_byte_ends_with_error_trailers(
    lambda_runtime: LambdaFactory,
) -> None:
    function = lambda_runtime(HANDLER, runtime=RUNTIME)

    failed = function.invoke({"pieces": ["one", "two", "three"], "fail_at": 2}, wait=30)
    after = function.invoke({"pieces": ["fine"]}, wait=30)

    prelude, body = streamed(failed)
    assert prelude["statusCode"] == 200
    assert body == b"onetwo"
    error = failed.error_trailer
    assert error is not None
    assert error["type"] == "OSError"
    assert error["body"]["errorType"] == "OSError"
    assert error["body"]["errorMessage"] == "the disk is on fire"
    assert error["body"]["stackTrace"]
    encoded = failed.stream.trailers["lambda-runtime-function-error-body"]
    trailers = (
        b"Lambda-Runtime-Function-Error-Type: OSError\r\n"
        b"Lambda-Runtime-Function-Error-Body: " + encoded.encode() + b"\r\n"
    )
    assert failed.stream.wire == expected_wire([c.data for c in failed.stream.chunks], trailers)
    assert streamed(after)[1] == b"fine"
    assert function.api.framing_errors == []


def test_a_broken_stream_stops_the_body_and_the_loop_goes_on(
    lambda_runtime: LambdaFactory,
) -> None:
    function = lambda_runtime(HANDLER, runtime=RUNTIME)
    function.api.drop_streams_after = 2  # the prelude and one piece, then the line drops

    with pytest.raises(TimeoutError):
        function.invoke({"pieces": ["x" * 100_000] * 50, "pause": 0.05}, wait=10)
    function.api.drop_streams_after = None
    after = function.invoke({"pieces": ["fine"]}, wait=30)

    assert streamed(after)[1] == b"fine"
    logs = function.logs()
    assert "the response stream to the Runtime API broke" in logs
    # The runtime closed the body long before its 50 pieces were produced.
    closed = [line for line in logs.splitlines() if line.startswith("body closed after piece")]
    assert len(closed) == 1 and int(closed[0].split()[-1]) < 49


def test_handler_exception_goes_to_the_error_endpoint(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(HANDLER, runtime=RUNTIME)

    failed = function.invoke({"raise": "boom"}, wait=30)
    unserializable = function.invoke({"unserializable": True}, wait=30)
    after = function.invoke({"ok": True}, wait=30)

    assert failed.status == "error"
    assert failed.headers["lambda-runtime-function-error-type"] == "ValueError"
    assert failed.body["errorType"] == "ValueError"
    assert failed.body["errorMessage"] == "boom"
    assert failed.body["requestId"] == failed.request_id
    assert unserializable.status == "error"
    assert unserializable.body["errorType"] == "TypeError"
    assert after.status == "response" and after.body["event"] == {"ok": True}


def test_init_failure_is_reported_and_the_process_exits(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(
        HANDLER, {"STREAM_HANDLER_FAIL_AT_IMPORT": "no model here"}, runtime=RUNTIME
    )

    error = function.wait_for_init_error(timeout=30)

    assert error.headers["lambda-runtime-function-error-type"] == "RuntimeError"
    assert error.body["errorType"] == "RuntimeError"
    assert error.body["errorMessage"] == "no model here"
    function.process.popen.wait(timeout=30)
    assert function.process.popen.returncode == 1


def test_missing_handler_is_an_init_error(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime("tests.handler.stream_handlers.nothing", runtime=RUNTIME)

    error = function.wait_for_init_error(timeout=30)

    assert error.body["errorType"] == "Runtime.HandlerNotFound"
