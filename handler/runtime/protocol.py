"""The Runtime API as this runtime speaks it, and where each detail comes from.

- Paths, headers and error documents of API version 2018-06-01: next invocation
  `GET /runtime/invocation/next` (request id, deadline in epoch ms, function ARN, X-Ray
  trace id in `Lambda-Runtime-*` response headers), `POST .../invocation/{id}/response`,
  `POST .../invocation/{id}/error` and `POST /runtime/init/error`, each error a JSON
  `{errorMessage, errorType, stackTrace}` with the `Lambda-Runtime-Function-Error-Type`
  header. Source: "Using the Lambda runtime API for custom runtimes",
  https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html
- Streaming a response: the same `/response` POST with
  `Lambda-Runtime-Function-Response-Mode: streaming` and `Transfer-Encoding: chunked`,
  declaring `Trailer: Lambda-Runtime-Function-Error-Type, Lambda-Runtime-Function-Error-Body`;
  a failure after the first byte is reported in those trailers, the body base64 of the
  error JSON. Sources: "Custom runtime response streaming",
  https://docs.aws.amazon.com/lambda/latest/dg/runtimes-custom.html#runtimes-custom-response-streaming,
  and aws-lambda-nodejs-runtime-interface-client src/ResponseStream.js (headers,
  trailer names, base64 error body).
- Function URL status and headers: content type
  `application/vnd.awslambda.http-integration-response`, then a JSON prelude
  `{statusCode, headers, cookies}`, then 8 NUL bytes, then the body. Source:
  aws-lambda-nodejs-runtime-interface-client src/HttpResponseStream.js (the prelude is
  JSON, so it holds no NUL byte; DELIMITER_LEN = 8), and API Gateway's description of
  the same format, https://docs.aws.amazon.com/apigateway/latest/developerguide/response-transfer-mode-lambda.html
- Limits: 200 MB per streamed response; the first 6 MB at uncapped speed, then at most
  2 MB/s. A client that disconnects does not stop the function: it runs, and is billed,
  until it finishes or times out. Source: "Response streaming for Lambda functions",
  https://docs.aws.amazon.com/lambda/latest/dg/configuration-response-streaming.html
- The Runtime Interface Emulator does not support streaming (lambda-facts.md), so
  local runs of the image use awslambdaric and `python -m handler serve` streams locally.
"""

from __future__ import annotations

import base64
import json
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

API_VERSION = "2018-06-01"
HEADER_REQUEST_ID = "Lambda-Runtime-Aws-Request-Id"
HEADER_DEADLINE_MS = "Lambda-Runtime-Deadline-Ms"
HEADER_FUNCTION_ARN = "Lambda-Runtime-Invoked-Function-Arn"
HEADER_TRACE_ID = "Lambda-Runtime-Trace-Id"
HEADER_CLIENT_CONTEXT = "Lambda-Runtime-Client-Context"
HEADER_COGNITO_IDENTITY = "Lambda-Runtime-Cognito-Identity"
HEADER_RESPONSE_MODE = "Lambda-Runtime-Function-Response-Mode"
RESPONSE_MODE_STREAMING = "streaming"
HEADER_ERROR_TYPE = "Lambda-Runtime-Function-Error-Type"
TRAILER_ERROR_BODY = "Lambda-Runtime-Function-Error-Body"
HTTP_INTEGRATION_CONTENT_TYPE = "application/vnd.awslambda.http-integration-response"
PRELUDE_DELIMITER = b"\x00" * 8
MAX_STREAMED_BYTES = 200 * 1024 * 1024


@dataclass
class HttpStream:
    """A Function URL answer whose body is produced while it is sent.

    `body` is consumed once; closing it (a generator's close) must release whatever
    produces it, as the runtime closes it when the stream cannot go on.
    """

    status: int
    headers: dict[str, str]
    body: Iterable[bytes]
    cookies: Sequence[str] = field(default_factory=tuple)

    def prelude(self) -> bytes:
        """The JSON head and the 8-NUL delimiter that precede the body."""
        head = {"statusCode": self.status, "headers": self.headers, "cookies": list(self.cookies)}
        return json.dumps(head, ensure_ascii=False).encode("utf-8") + PRELUDE_DELIMITER

    def close(self) -> None:
        close = getattr(self.body, "close", None)
        if close is not None:
            close()

    @classmethod
    def from_response(cls, response: Mapping[str, Any]) -> HttpStream:
        """A buffered Function URL response (`{statusCode, headers, body, isBase64Encoded,
        cookies}`) sent as a stream of one piece."""
        raw = response.get("body") or ""
        body = base64.b64decode(raw) if response.get("isBase64Encoded") else raw.encode("utf-8")
        return cls(
            status=int(response.get("statusCode", 200)),
            headers={str(k): str(v) for k, v in (response.get("headers") or {}).items()},
            body=[body],
            cookies=tuple(response.get("cookies") or ()),
        )


def send_body(answer: HttpStream, write: Callable[[bytes], None]) -> Exception | None:
    """Write each non-empty piece of the body as it is produced.

    Returns the exception the body raised (the stream must then end as a failure), or
    None when it ended normally. A failing `write` (the reader went away) closes the
    body, which stops whatever produces it, and propagates.
    """
    pieces = iter(answer.body)
    while True:
        try:
            piece = next(pieces)
        except StopIteration:
            return None
        except Exception as exc:
            return exc
        if not piece:
            continue
        try:
            write(piece)
        except BaseException:
            answer.close()
            raise


def error_document(exc: BaseException) -> dict[str, Any]:
    """The error JSON the Runtime API takes, shaped as awslambdaric shapes it."""
    frames = traceback.format_list(traceback.extract_tb(exc.__traceback__))
    return {
        "errorMessage": str(exc),
        "errorType": type(exc).__name__,
        "stackTrace": [line.rstrip("\n") for line in frames],
    }


def error_trailers(exc: BaseException) -> dict[str, str]:
    document = error_document(exc)
    encoded = base64.b64encode(json.dumps(document).encode("utf-8")).decode("ascii")
    return {HEADER_ERROR_TYPE: document["errorType"], TRAILER_ERROR_BODY: encoded}
