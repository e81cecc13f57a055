"""Classes 3 and 4 of issue 15, through the real entry points.

3. Limits apply to what will actually be synthesized, not to the request's size: a lexicon
   that expands every word, SSML breaks that plan hours of silence, audio too large for any
   delivery, synthesis longer than the time left; each refused before synthesis with its own
   code naming the limit, on every route (buffered, streamed, direct, normalize, batch).
4. Inputs that used to raise: say-as with thousands of digits in every language, lone
   surrogates in SSML, S3/SQS-shaped direct invokes with missing or mistyped fields, batch
   job files nested deep or carrying huge numbers: a 4xx or an error report, never an
   escaped exception.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handler.context import LocalContext
from handler.streaming import StreamingSpeechFunction
from model_layer.constants import ALL_LANGUAGE_CODES
from tests.handler.conftest import Invoke, body_json, load_event, url_event
from tests.infra.batch import keys_in, read_json, s3_event
from tests.infra.fixtures import S3Buckets
from tests.infra.seaweed import S3Server

FUNCTION_SCOPED = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
ROUTES = ["/v1/speech", "/v1/audio/speech", "/v1/normalize", "direct", "direct-normalize"]


def error_of(response: Any) -> dict[str, Any]:
    """The error of an HTTP response or a direct invoke's document (asserting one)."""
    if "statusCode" in response:
        assert response["statusCode"] >= 400, str(response)[:300]
        return body_json(response)["error"]
    assert "error" in response, str(response)[:300]
    return response["error"]


def send(invoke: Invoke, route: str, body: dict[str, Any], remaining_ms: int = 120_000) -> Any:
    if route == "direct":
        return invoke(body, remaining_ms)
    if route == "direct-normalize":
        return invoke({**body, "action": "normalize"}, remaining_ms)
    if route == "/v1/audio/speech":
        openai = {"model": "tts-1", "input": body["text"], "voice": "alloy"}
        return invoke(url_event("POST", route, openai), remaining_ms)
    return invoke(url_event("POST", route, body), remaining_ms)


# --- class 3: limits on what will be synthesized -----------------------------------------
@pytest.mark.parametrize("route", ["/v1/speech", "/v1/normalize", "direct", "direct-normalize"])
@settings(max_examples=6, deadline=None, suppress_health_check=FUNCTION_SCOPED)
@given(expansion=st.integers(min_value=40, max_value=400), words=st.integers(200, 2000))
def test_a_lexicon_that_multiplies_the_text_is_refused_while_planning(
    invoke: Invoke, route: str, expansion: int, words: int
) -> None:
    say = " ".join(["lengthy"] * expansion)[:500]
    body = {"text": "a " * words, "lang": "en", "lexicon": {"a": say}, "steps": 1}
    spoken = words * (len(say) + 1)
    response = send(invoke, route, body)
    if spoken <= 60_000:  # within MAX_SPOKEN_CHARS: refused later, if at all, by time
        return
    error = error_of(response)
    assert (error["status"], error["code"]) == (400, "spoken_text_too_long")
    assert "MAX_SPOKEN_CHARS" in error["message"]
    assert error["details"]["limit"] == "MAX_SPOKEN_CHARS"


@pytest.mark.parametrize("route", ["/v1/speech", "/v1/normalize", "direct", "direct-normalize"])
@settings(max_examples=6, deadline=None, suppress_health_check=FUNCTION_SCOPED)
@given(
    breaks=st.integers(min_value=31, max_value=400),
    seconds=st.sampled_from(["10s", "10000ms", "9.99s"]),
)
def test_ssml_breaks_that_plan_too_much_silence_are_refused(
    invoke: Invoke, route: str, breaks: int, seconds: str
) -> None:
    pieces = "".join(f'Part {i}. <break time="{seconds}"/>' for i in range(breaks))
    body = {"text": f"<speak>{pieces}</speak>", "text_type": "ssml", "lang": "en", "steps": 1}
    error = error_of(send(invoke, route, body))
    assert (error["status"], error["code"]) == (400, "silence_too_long")
    assert "MAX_SILENCE_SECONDS" in error["message"]
    assert error["details"]["planned"] > 300


def test_audio_over_max_audio_bytes_is_refused_even_for_s3(
    make_function: Callable[..., Any],
) -> None:
    function = make_function(max_audio_bytes=50_000)
    body = {"text": "A sentence long enough to pass fifty kilobytes of wav.", "lang": "en"}
    for delivery in ("auto", "s3", "inline"):
        response = function.handle(
            url_event("POST", "/v1/speech", {**body, "delivery": delivery}), LocalContext(60)
        )
        error = error_of(response)
        assert (error["status"], error["code"]) == (413, "audio_too_large")
        assert error["details"]["limit"] == "MAX_AUDIO_BYTES"


def test_the_streamed_route_goes_through_the_same_gate(app: Any) -> None:
    streaming = StreamingSpeechFunction(
        app.function.settings, app.function.synthesizer, lambda: None, app.metrics
    )
    pieces = "".join(f'Part {i}. <break time="10s"/>' for i in range(40))
    body = {"text": f"<speak>{pieces}</speak>", "text_type": "ssml", "lang": "en"}
    answer = streaming.handle(url_event("POST", "/v1/speech", body), LocalContext(60))
    assert answer.status == 400
    assert json.loads(b"".join(answer.body))["error"]["code"] == "silence_too_long"


# --- class 4: inputs that used to raise -------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=FUNCTION_SCOPED)
@given(
    lang=st.sampled_from(ALL_LANGUAGE_CODES),
    kind=st.sampled_from(["cardinal", "ordinal", "date", "digits", "telephone", "time"]),
    digits=st.integers(min_value=1, max_value=9000),
    sign=st.sampled_from(["", "-", "+"]),
    route=st.sampled_from(["direct-normalize", "/v1/normalize"]),
)
def test_say_as_with_thousands_of_digits_is_never_a_500(
    invoke: Invoke, lang: str, kind: str, digits: int, sign: str, route: str
) -> None:
    number = sign + "7" * digits
    text = f'<speak>Value <say-as interpret-as="{kind}">{number}</say-as>.</speak>'
    response = send(invoke, route, {"text": text, "text_type": "ssml", "lang": lang})
    status = response.get("statusCode") or response.get("error", {}).get("status", 200)
    assert status < 500, str(response)[:400]
    if status >= 400:
        assert error_of(response)["code"] in ("invalid_ssml", "spoken_text_too_long")


@settings(max_examples=40, deadline=None, suppress_health_check=FUNCTION_SCOPED)
@given(
    before=st.text(alphabet="abc <>/", max_size=30),
    surrogate=st.integers(min_value=0xD800, max_value=0xDFFF).map(chr),
    where=st.sampled_from(["text", "attribute", "say-as", "tag"]),
)
def test_a_lone_surrogate_in_ssml_is_invalid_ssml(
    invoke: Invoke, before: str, surrogate: str, where: str
) -> None:
    safe = before.replace("<", "").replace(">", "").replace("/", "")
    text = {
        "text": f"<speak>{safe}{surrogate}</speak>",
        "attribute": f'<speak><break time="1{surrogate}s"/>x</speak>',
        "say-as": f'<speak><say-as interpret-as="cardinal">1{surrogate}</say-as></speak>',
        "tag": f"<speak><b{surrogate}>x</b{surrogate}></speak>",
    }[where]
    # json.dumps writes the surrogate as a \\udXXX escape, which JSON allows.
    response = invoke(
        url_event("POST", "/v1/normalize", json.dumps({"text": text, "text_type": "ssml"}))
    )
    error = error_of(response)
    assert (error["status"], error["code"]) == (400, "invalid_ssml")
    assert set(error["details"]) == {"line", "column"}


def _drop_or_retype(event: dict[str, Any], path: list[Any], retype: Any) -> dict[str, Any]:
    broken = copy.deepcopy(event)
    target = broken
    for part in path[:-1]:
        target = target[part]
    if retype is _DROP:
        del target[path[-1]]
    else:
        target[path[-1]] = retype
    return broken


_DROP = object()
S3_FIELDS = [
    ["Records", 0, "s3"],
    ["Records", 0, "s3", "bucket"],
    ["Records", 0, "s3", "bucket", "name"],
    ["Records", 0, "s3", "object"],
    ["Records", 0, "s3", "object", "key"],
    ["Records", 0, "eventName"],
]
SQS_FIELDS = [["Records", 0, "messageId"], ["Records", 0, "body"]]


@settings(max_examples=60, deadline=None, suppress_health_check=FUNCTION_SCOPED)
@given(
    source=st.sampled_from(["s3", "sqs"]),
    data=st.data(),
    retype=st.sampled_from([_DROP, None, 5, [], {}, ""]),
)
def test_malformed_s3_and_sqs_shaped_invokes_are_400(
    invoke: Invoke, source: str, data: st.DataObject, retype: Any
) -> None:
    event = load_event("s3-put") if source == "s3" else _sqs_sample()
    path = data.draw(st.sampled_from(S3_FIELDS if source == "s3" else SQS_FIELDS))
    response = invoke(_drop_or_retype(event, path, retype))
    error = error_of(response)
    assert (error["status"], error["code"]) == (400, "unsupported_event")
    assert f"malformed {source} event" in error["message"]


def _sqs_sample() -> dict[str, Any]:
    return {
        "Records": [
            {"eventSource": "aws:sqs", "messageId": "m-1", "body": "{}", "receiptHandle": "r"}
        ]
    }


def test_records_of_two_sources_are_400(invoke: Invoke) -> None:
    event = load_event("s3-put")
    event["Records"].append(_sqs_sample()["Records"][0])
    assert error_of(invoke(event))["code"] == "unsupported_event"


BAD_JOB_FILES = [
    ("deep.json", b"[" * 50_000 + b"]" * 50_000, "bad_json", "deep"),
    (
        "deep-voice.json",
        b'{"text": "Hi", "voice": ' + b'{"a": ' * 60 + b"1" + b"}" * 60 + b"}",
        "bad_json",
        "deep",
    ),
    (
        "huge-seed.json",
        b'{"text": "Hi", "seed": ' + b"9" * 5000 + b"}",
        "bad_json",
        "too many digits",
    ),
    (
        "huge-speed.json",
        b'{"text": "Hi", "speed": 1' + b"0" * 400 + b"}",
        "invalid_parameter",
        "speed",
    ),
    ("inf-speed.json", b'{"text": "Hi", "speed": 1e999}', "invalid_parameter", "speed"),
    (
        "expanding.json",
        json.dumps({"text": "a " * 5000, "lang": "en", "lexicon": {"a": "word " * 99}}).encode(),
        "spoken_text_too_long",
        "BATCH_MAX_SPOKEN_CHARS",
    ),
    (
        "silence.json",
        json.dumps(
            {
                "text": "<speak>"
                + "".join(f'P {i}. <break time="10s"/>' for i in range(400))
                + "</speak>",
                "text_type": "ssml",
                "lang": "en",
            }
        ).encode(),
        "silence_too_long",
        "BATCH_MAX_SILENCE_SECONDS",
    ),
]


@pytest.mark.parametrize(
    ("name", "body", "code", "message"), BAD_JOB_FILES, ids=[c[0] for c in BAD_JOB_FILES]
)
def test_hostile_batch_job_files_get_an_error_report_not_a_retry(
    make_function: Callable[..., Any],
    s3_server: S3Server,
    s3_buckets: S3Buckets,
    name: str,
    body: bytes,
    code: str,
    message: str,
) -> None:
    s3 = s3_server.client()
    key = f"incoming/{name}"
    s3.put_object(Bucket=s3_buckets.input, Key=key, Body=body)
    function = make_function(output_bucket=s3_buckets.output)
    result = function.handle(s3_event(s3_buckets.input, key), LocalContext(300))
    assert [entry["outcome"] for entry in result["results"]] == ["failed"]
    stem = name.rsplit(".", 1)[0]
    # The report, and the status document saying so (handler/batch/status.py); no audio.
    assert keys_in(s3, s3_buckets.output, "speech/") == [
        f"speech/{stem}.error.json",
        f"speech/{stem}.status.json",
    ]
    assert read_json(s3, s3_buckets.output, f"speech/{stem}.status.json")["state"] == "failed"
    report = read_json(s3, s3_buckets.output, f"speech/{stem}.error.json")
    assert report["error"]["code"] == code, report
    assert message in report["error"]["message"]


# --- class 8: one deadline rule, /v1/normalize included ----------------------------------
@pytest.mark.parametrize("route", ["/v1/normalize", "direct-normalize", "/v1/speech", "direct"])
@pytest.mark.parametrize("left_ms", [500, 2_000, 2_001])
def test_every_route_plans_under_the_deadline(invoke: Invoke, route: str, left_ms: int) -> None:
    """DEADLINE_MARGIN_MS is 2,000: with at most 1 ms of budget, planning (which always
    takes longer) leaves no time, and the answer is 504 on every route, normalize too."""
    text = "A sentence to plan. " * 200
    error = error_of(send(invoke, route, {"text": text, "lang": "en"}, remaining_ms=left_ms))
    assert (error["status"], error["code"]) == (504, "deadline_exceeded")
