"""The threat model's promises (docs/operations.md, Security), each checked for real: what
is logged, where output may go, and what a presigned URL lets its holder do."""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any

import pytest

from handler.s3 import presign
from tests.handler.conftest import Invoke, body_json, load_event, url_event
from tests.infra.seaweed import S3Server

# Text no log line may ever contain: a request's words are the user's data.
SECRET = "Zebrafish7 secret diagnosis of patient Quetzal"


def _fetch(url: str, method: str = "GET", data: bytes | None = None) -> int:
    request = urllib.request.Request(url, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _logged(caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> str:
    """Everything logged: each record with its extra fields, and the raw output streams
    (metrics go to stdout as EMF lines)."""
    records = [repr(vars(record)) for record in caplog.records]
    out, err = capfd.readouterr()
    assert records, "nothing was logged at all: the check would prove nothing"
    return "\n".join([*records, out, err])


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (url_event("POST", "/v1/speech", {"text": SECRET, "lang": "en", "steps": 1}), None),
        (url_event("POST", "/v1/speech", {"text": SECRET, "voice": "Nobody"}), "unknown_voice"),
        (url_event("POST", "/v1/speech", {"text": SECRET, "speed": 9}), "invalid_parameter"),
        (
            url_event("POST", "/v1/speech", {"text": SECRET + "\u2603", "strict": True}),
            "unsupported_characters",
        ),
        (url_event("POST", "/v1/speech", {"text": SECRET * 2000}), "text_too_long"),
        (url_event("POST", "/v1/speech", '{"text": "' + SECRET + '", "lang": '), "bad_json"),
        (
            url_event(
                "POST", "/v1/audio/speech", {"model": "tts-1", "input": SECRET, "voice": "x"}
            ),
            "unknown_voice",
        ),
    ],
    ids=["ok", "unknown-voice", "bad-speed", "strict", "too-long", "bad-json", "openai"],
)
def test_request_text_is_never_logged(
    invoke: Invoke,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    event: dict[str, Any],
    code: str | None,
) -> None:
    response = invoke(event)
    if code is None:
        assert response["statusCode"] == 200
    else:
        assert body_json(response)["error"]["code"] == code
    logged = _logged(caplog, capfd)
    for word in ("Zebrafish7", "Quetzal", "diagnosis"):
        assert word not in logged


def test_direct_invoke_text_is_never_logged(
    invoke: Invoke, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    document = invoke({"text": SECRET, "lang": "en", "steps": 1})
    assert document["delivery"] == "inline"
    logged = _logged(caplog, capfd)
    assert "'characters': 46" in logged  # the length is logged, the words are not
    assert "Quetzal" not in logged


def test_s3_output_keys_are_under_the_output_prefix_and_named_by_the_service(
    invoke: Invoke,
) -> None:
    answer = body_json(invoke(load_event("http-speech-s3")))
    # Nothing of the request chooses the key: the prefix, the day, and the request id.
    assert re.fullmatch(r"speech/\d{4}/\d{2}/\d{2}/[0-9a-f-]{36}\.opus", answer["key"])


def test_presigned_url_grants_only_get_of_its_own_key(
    invoke: Invoke, s3_server: S3Server, output_bucket: str
) -> None:
    answer = body_json(invoke(load_event("http-speech-s3")))
    url = answer["url"]
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    assert query["X-Amz-Expires"] == [str(answer["expires_in"])]
    assert _fetch(url) == 200

    other = f"speech/other-{uuid.uuid4().hex}.txt"
    s3_server.client().put_object(Bucket=output_bucket, Key=other, Body=b"not yours")
    parts = urllib.parse.urlsplit(url)
    elsewhere = parts._replace(path=f"/{output_bucket}/{other}").geturl()
    assert _fetch(elsewhere) == 403
    assert _fetch(url, method="PUT", data=b"overwrite") == 403
    assert _fetch(url, method="DELETE") == 403
    s3 = s3_server.client()
    assert s3.get_object(Bucket=output_bucket, Key=answer["key"])["ContentLength"] > 1000


def test_presigned_url_stops_working_when_it_expires(
    s3_server: S3Server, output_bucket: str
) -> None:
    key = f"speech/expiring-{uuid.uuid4().hex}.wav"
    client = s3_server.client()
    client.put_object(Bucket=output_bucket, Key=key, Body=b"RIFF")
    url, _ = presign(client, output_bucket, key, expires_in=1)
    assert _fetch(url) == 200
    time.sleep(2.5)  # past the expiry; the server, not our code, must refuse it now
    assert _fetch(url) == 403
