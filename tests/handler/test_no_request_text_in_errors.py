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
