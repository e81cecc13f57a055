"""Class 5 of issue 15: a request's text never appears in an error message or a log line.

Each case plants a marker in one input of one error path (say-as values of every kind,
break times, tag and attribute names, voices, lexicons, limits, bad JSON, direct-invoke
fields) and sends it through every route that reads it; the answer must be the expected
4xx, and neither the response nor anything logged may contain the marker.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.handler.conftest import Invoke, url_event

SAY_AS = ["cardinal", "ordinal", "digits", "time", "telephone", "date", "characters"]


def ssml(body: str) -> dict[str, Any]:
    return {"text": f"<speak>{body}</speak>", "text_type": "ssml", "lang": "en", "steps": 1}


def cases(marker: str) -> list[tuple[str, dict[str, Any], set[str]]]:
    """(name, request body, the codes it may be answered with)."""
    invalid = {"invalid_ssml"}
    out: list[tuple[str, dict[str, Any], set[str]]] = [
        (
            f"say-as-{kind}",
            ssml(f'Hi <say-as interpret-as="{kind}">{marker}</say-as>.'),
            invalid | {"ok"},
        )
        for kind in SAY_AS
    ]
    out += [
        (
            "say-as-date-format",
            ssml(f'<say-as interpret-as="date" format="{marker}">2024-03-05</say-as>'),
            invalid,
        ),
        ("say-as-kind", ssml(f'<say-as interpret-as="{marker}">12</say-as>'), invalid),
        ("break-time", ssml(f'Hi <break time="{marker}"/> there.'), invalid),
        ("break-strength", ssml(f'Hi <break strength="{marker}"/> there.'), invalid),
        ("prosody-rate", ssml(f'<prosody rate="{marker}">Hi.</prosody>'), invalid),
        ("lang-tag", ssml(f'<lang xml:lang="{marker}">Hi.</lang>'), invalid),
        ("unknown-tag", ssml(f"Hi <{marker}>there</{marker}>."), invalid),
        ("unknown-attribute", ssml(f'Hi <break {marker}="1"/> there.'), invalid),
        ("mismatched-tag", ssml(f"Hi <s>there</{marker}>."), invalid),
        ("root", {**ssml(""), "text": f"<{marker}>Hi.</{marker}>"}, invalid),
        ("processing-instruction", ssml(f"<?{marker} x?>Hi."), invalid),
        ("unknown-voice", {"text": "Hi.", "voice": marker}, {"unknown_voice"}),
        ("lang", {"text": "Hi.", "lang": marker}, {"unsupported_language"}),
        ("text-type", {"text": "Hi.", "text_type": marker}, {"invalid_parameter"}),
        ("format", {"text": "Hi.", "format": marker}, {"invalid_parameter"}),
        (
            "strict",
            {"text": f"{marker} \u2603", "strict": True, "lang": "en"},
            {"unsupported_characters"},
        ),
        ("too-long", {"text": f"{marker} " * 4000}, {"text_too_long"}),
        (
            "lexicon-expansion",
            {
                "text": "a " * 2000,
                "lang": "en",
                "lexicon": {"a": f"{marker} " * 40},
            },
            {"spoken_text_too_long"},
        ),
        (
            "silence",
            ssml(f"{marker}. " + "".join(f'Word {i}. <break time="10s"/>' for i in range(40))),
            {"silence_too_long"},
        ),
        (
            "lexicon-word",
            {"text": "Hi.", "lexicon": [{"word": marker * 20, "say": "x"}]},
            {"invalid_parameter"},
        ),
        ("unknown-field", {"text": "Hi.", marker: 1}, {"invalid_parameter"}),
        ("empty-ssml", ssml(f"<break/><!-- {marker} -->"), {"empty_text", "invalid_ssml"}),
    ]
    return out


def _codes(response: Any) -> tuple[int, str]:
    if "statusCode" in response:
        status = response["statusCode"]
        if status == 200:
            return status, "ok"
        return status, json.loads(response["body"])["error"]["code"]
    if "error" in response:
        return response["error"]["status"], response["error"]["code"]
    return 200, "ok"


def _check(
    invoke: Invoke,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    marker: str,
    name: str,
    event: dict[str, Any],
    expected: set[str],
) -> None:
    capfd.readouterr()
    caplog.clear()
    response = invoke(event)
    status, code = _codes(response)
    assert code in expected, (name, status, code, str(response)[:400])
    assert status < 500, (name, response)
    shown = json.dumps(response, ensure_ascii=False) if code != "ok" else ""
    out, err = capfd.readouterr()
    logged = "\n".join([*(repr(vars(record)) for record in caplog.records), out, err])
    assert marker.lower() not in shown.lower(), (name, shown[:600])
    assert marker.lower() not in logged.lower(), (name, logged[-2000:])


ROUTES = ["/v1/speech", "/v1/normalize", "direct"]
MARKER = "Quixotzel"


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", range(len(cases(MARKER))), ids=[c[0] for c in cases(MARKER)])
def test_a_planted_marker_never_appears_in_errors_or_logs(
    invoke: Invoke,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    route: str,
    case: int,
) -> None:
    name, body, expected = cases(MARKER)[case]
    if route == "direct":
        event = {**body, "action": "normalize"} if "lang" in body else body
        if name in ("unknown-field",):
            expected = {"invalid_parameter"}
    else:
        event = url_event("POST", route, body)
    _check(invoke, caplog, capfd, MARKER, name, event, expected)


def test_a_marker_in_a_direct_action_or_bad_json_never_appears(
    invoke: Invoke, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    _check(
        invoke,
        caplog,
        capfd,
        MARKER,
        "action",
        {"text": "Hi.", "action": MARKER},
        {"invalid_parameter"},
    )
    raw = '{"text": "' + MARKER + '", "lang": '
    event = url_event("POST", "/v1/speech", raw)
    _check(invoke, caplog, capfd, MARKER, "bad-json", event, {"bad_json"})


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    marker=st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=7, max_size=14),
    case=st.integers(min_value=0, max_value=len(cases(MARKER)) - 1),
)
def test_generated_markers_never_appear(
    invoke: Invoke,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    marker: str,
    case: int,
) -> None:
    name, body, expected = cases(marker)[case]
    _check(invoke, caplog, capfd, marker, name, url_event("POST", "/v1/speech", body), expected)


# --- batch narration: the error report (.error.json) and the log lines -----------------
#
# The same markers, planted in uploads on the real S3 server (SeaweedFS): the job file's
# fields (text, voice, lexicon, output, text_key), a .txt upload's metadata, its text. Every
# case must end in an error report whose every field but `source` (the upload's own key)
# (the report's `source` names only the upload's own key) is free of the marker, and
# nothing logged may carry it.

# HTTP cases whose batch limits differ (they would synthesize minutes of audio in batch).
_NOT_BATCH = {"too-long", "lexicon-expansion", "silence", "strict"}


def batch_cases(marker: str) -> list[tuple[str, str, bytes, dict[str, str], set[str]]]:
    """(name, key suffix, upload body, metadata, the codes it may end with)."""
    out: list[tuple[str, str, bytes, dict[str, str], set[str]]] = []
    for name, body, expected in cases(marker):
        if name in _NOT_BATCH:
            continue
        job = {"steps": 1, **body}
        out.append((name, ".json", json.dumps(job).encode(), {}, expected))
    hi = json.dumps({"text": "Hi.", "steps": 1})[:-1]
    out += [
        ("output-dotdot", ".json", f'{hi}, "output": "../{marker}"}}'.encode(), {}, set()),
        ("output-control", ".json", f'{hi}, "output": "{marker}\\n"}}'.encode(), {}, set()),
        ("output-absolute", ".json", f'{hi}, "output": "/{marker}"}}'.encode(), {}, set()),
        (
            "text-key-outside",
            ".json",
            json.dumps({"text_key": f"private/{marker}.md"}).encode(),
            {},
            set(),
        ),
        (
            "text-key-missing",
            ".json",
            json.dumps({"text_key": f"incoming/{marker}.md"}).encode(),
            {},
            set(),
        ),
        (
            "text-and-key",
            ".json",
            json.dumps({"text": marker, "text_key": "x"}).encode(),
            {},
            set(),
        ),
        ("bad-json", ".json", f'{{"text": "{marker}", "voice": '.encode(), {}, {"bad_json"}),
        ("not-utf8", ".txt", marker.encode() + b" \xff\xfe caf\xe9", {}, set()),
        ("meta-voice", ".txt", b"Hello there.", {"voice": marker}, {"unknown_voice"}),
        ("meta-lang", ".txt", b"Hello there.", {"lang": marker}, set()),
        ("meta-steps", ".txt", b"Hello there.", {"steps": marker}, {"invalid_parameter"}),
        ("meta-format", ".txt", b"Hello there.", {"format": marker}, {"invalid_parameter"}),
        (
            "txt-ssml-voice",
            ".txt",
            f"Hi {marker}.".encode(),
            {"voice": marker, "steps": "1"},
            {"unknown_voice"},
        ),
    ]
    return out


BATCH_CASES = batch_cases(MARKER)


@pytest.fixture()
def batch_deliver(make_function: Any, s3_buckets: Any, s3_server: Any) -> Any:
    from handler.context import LocalContext
    from tests.infra.batch import s3_event

    s3 = s3_server.client()

    def call(name: str, suffix: str, body: bytes, metadata: dict[str, str]) -> dict[str, Any]:
        key = f"incoming/{name}{suffix}"
        s3.put_object(Bucket=s3_buckets.input, Key=key, Body=body, Metadata=metadata)
        function = make_function(output_bucket=s3_buckets.output)
        result = function.handle(s3_event(s3_buckets.input, key), LocalContext(300))
        return {"outcome": result["results"][0]["outcome"], "key": key}

    call.s3 = s3  # type: ignore[attr-defined]
    call.output = s3_buckets.output  # type: ignore[attr-defined]
    return call


def _check_batch(
    batch_deliver: Any,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    marker: str,
    case: tuple[str, str, bytes, dict[str, str], set[str]],
) -> None:
    name, suffix, body, metadata, expected = case
    capfd.readouterr()
    caplog.clear()
    answer = batch_deliver(name, suffix, body, metadata)
    s3, bucket = batch_deliver.s3, batch_deliver.output
    pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket)
    reports = [
        item["Key"]
        for page in pages
        for item in page.get("Contents", [])
        if item["Key"].endswith(".error.json")
    ]
    out, err = capfd.readouterr()
    logged = "\n".join([*(repr(vars(record)) for record in caplog.records), out, err])
    assert marker.lower() not in logged.lower(), (name, logged[-2000:])
    if answer["outcome"] == "done" and "ok" in expected:  # a say-as value it could read
        return
    assert answer["outcome"] == "failed", (name, answer)
    assert len(reports) == 1, (name, reports)
    report = json.loads(s3.get_object(Bucket=bucket, Key=reports[0])["Body"].read())
    assert marker.lower() not in reports[0].lower(), (name, reports[0])
    error = report["error"]
    assert 400 <= error["status"] < 500, (name, error)
    assert not expected - {"ok"} or error["code"] in expected, (name, error)
    shown = json.dumps(report, ensure_ascii=False)  # the source names only the upload's key
    assert marker.lower() not in shown.lower(), (name, shown[:600])


@pytest.mark.parametrize("case", range(len(BATCH_CASES)), ids=[c[0] for c in BATCH_CASES])
def test_a_planted_marker_never_appears_in_batch_reports_or_logs(
    batch_deliver: Any,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    case: int,
) -> None:
    _check_batch(batch_deliver, caplog, capfd, MARKER, BATCH_CASES[case])


@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    marker=st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=7, max_size=14),
    case=st.integers(min_value=0, max_value=len(BATCH_CASES) - 1),
)
def test_generated_markers_never_appear_in_batch_reports(
    batch_deliver: Any,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    marker: str,
    case: int,
) -> None:
    name, *_rest = BATCH_CASES[case]
    planted = next(c for c in batch_cases(marker) if c[0] == name)
    _check_batch_fresh(batch_deliver, caplog, capfd, marker, planted)


def _check_batch_fresh(
    batch_deliver: Any,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    marker: str,
    case: tuple[str, str, bytes, dict[str, str], set[str]],
) -> None:
    """`_check_batch` after clearing the reports earlier examples left in the bucket."""
    s3, bucket = batch_deliver.s3, batch_deliver.output
    pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket)
    for page in pages:
        for item in page.get("Contents", []):
            s3.delete_object(Bucket=bucket, Key=item["Key"])
    _check_batch(batch_deliver, caplog, capfd, marker, case)
