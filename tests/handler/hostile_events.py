"""Hypothesis strategies for what a careless or hostile caller sends, and the one property
every answer must have: a success, or a 4xx error documented in the manual (docs/api.md), with
no stack trace or server path in it and nothing that cannot be encoded as UTF-8."""

from __future__ import annotations

import base64
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from tests.handler.conftest import url_event

REPO_ROOT = Path(__file__).resolve().parents[2]


@cache
def documented_errors() -> dict[str, int]:
    """code -> status, from the manual's error table (docs/api.md): what users are promised."""
    manual = (REPO_ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d{3}) \| `([a-z_]+)` \|", manual, flags=re.MULTILINE)
    return {code: int(status) for status, code in rows}


# Characters that break naive text handling: bidi controls, combining marks without a base,
# emoji with joiners and modifiers, byte-order marks, NUL and escapes, line separators,
# lone surrogates (legal as JSON escapes), noncharacters and the last code point.
AWKWARD_CHARACTERS = [
    "\u200f", "\u202e", "\u2066", "\u0301", "\u0308\u0308", "\u20dd", "\U0001f600",
    "\U0001f469\u200d\U0001f4bb", "\U0001f44d\U0001f3fd", "\U0001f1fa\U0001f1f8", "\ufeff",
    "\x00", "\x1b[31m", "\x7f", "\u2028", "\r\n", "\t", "\ud800", "\udfff", "\ufffe", "\uffff",
    "\U0010ffff", "\ufdfa", "\u0e33", "\u3000", "\u00a0", "\u200b", "\u0000\u0301",
]  # fmt: skip
# Everyday tokens the normalizer expands: numbers far beyond any table, odd dates and times.
AWKWARD_TOKENS = [
    "9" * 40, "1e309", "-0", "0.000000000000000001", "1,000,000.00", "½", "Ⅻ", "٣٤", "१२",
    "\uff13\uff14", "$", "€9,99", "¥", "100%", "3:99", "25:61pm", "31/02/2024", "2nd", "1000000th",
    "C++", "@#%&*", "https://example.com/a?b=1", "v1.2.3", "+1 (555) 010-9999", "...", "—",
]  # fmt: skip

hostile_text = st.lists(
    st.one_of(
        st.text(st.characters(exclude_categories=()), max_size=8),
        st.sampled_from(AWKWARD_CHARACTERS),
        st.sampled_from(AWKWARD_TOKENS),
        st.sampled_from(["Hello there.", "Bonjour.", "こんにちは。", "مرحبا", "שלום", "Привет"]),
    ),
    max_size=6,
).map(" ".join)

huge_numbers = st.sampled_from(
    [10**400, -(10**400), 2**63, 2**64, -(2**63) - 1, 1e308, -1e308, 5e-324, 0.0, -0.0]
)

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), huge_numbers, hostile_text
)


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


# Nesting around the 32-level limit as objects (deeper ones would break json.dumps and
# Hypothesis's own printing); far deeper nesting arrives as raw bodies, below.
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
) | st.integers(min_value=28, max_value=80).map(nested)


@st.composite
def deep_json_bodies(draw: st.DrawFn) -> bytes:
    """Up to 200,000 levels: past Python's recursion limit wherever it sits in the body."""
    depth = draw(st.sampled_from([33, 999, 1001, 5000, 200_000]))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('[{"a":', "}]")]))
    inner = opener * depth + "1" + closer * draw(st.sampled_from([depth, 0, depth // 2]))
    template = draw(st.sampled_from(["{}", '{{"text": "Hi", "voice": {}}}', '{{"text": {}}}']))
    return template.format(inner).encode()


# Right values (cheap ones: one step, short text), and for each field its wrong ones.
VALID_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "voice": st.sampled_from(["M1", "F2", "alloy", "nova"]),
    "lang": st.sampled_from(["en", "ko", "ja", "ar", "he", "ru", "fr", "na"]),
    "speed": st.floats(min_value=0.7, max_value=2.0),
    "format": st.sampled_from(["wav", "mp3", "opus", "flac", "ogg", "pcm"]),
    "seed": st.integers(min_value=0, max_value=2**63 - 1),
    "delivery": st.sampled_from(["auto", "inline", "s3"]),
    "strict": st.booleans(),
    "normalize": st.booleans(),
    "lexicon": st.dictionaries(hostile_text, hostile_text, max_size=3),
}
WRONG_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "text": json_values,
    "voice": st.sampled_from(["m1", "", "M1 ", "marvin"]) | json_values,
    "lang": st.sampled_from(["EN", "xx", "", "en-US"]) | json_values,
    "speed": st.sampled_from([0.69, 2.01, float("nan"), float("inf")]) | json_values,
    "steps": st.sampled_from([0, 101, -1, "1", 1.5]) | huge_numbers,
    "format": st.sampled_from(["WAV", "aac", ""]) | json_values,
    "sample_rate": st.sampled_from([12345, 0, "44100"]) | json_values,
    "seed": st.integers(max_value=-1) | st.integers(min_value=2**63) | json_values,
    "delivery": st.sampled_from(["email", "S3"]) | json_values,
    "strict": json_values,
    "lexicon": json_values,
    "colour": json_values,
}
valid_speech_requests = st.fixed_dictionaries(
    {"text": hostile_text, "steps": st.just(1)}, optional=VALID_FIELDS
)


@st.composite
def speech_request_with_a_wrong_field(draw: st.DrawFn) -> dict[str, Any]:
    request = draw(valid_speech_requests)
    field = draw(st.sampled_from(sorted(WRONG_FIELDS)))
    request[field] = draw(WRONG_FIELDS[field])
    return request


speech_requests = (
    valid_speech_requests
    | speech_request_with_a_wrong_field()
    | st.dictionaries(st.sampled_from([*WRONG_FIELDS, ""]), json_values, max_size=5)
)

openai_requests = st.fixed_dictionaries(
    {
        "model": st.sampled_from(["tts-1", "gpt-4o-mini-tts"]),
        "input": hostile_text,
        "voice": st.sampled_from(["alloy", "NOVA", "M1", "shimmer"]),
    },
    optional={
        "response_format": st.sampled_from(["mp3", "wav", "pcm", "opus", "flac"]),
        "speed": st.floats(min_value=0.7, max_value=2.0),
        "instructions": hostile_text,
        "stream_format": st.sampled_from(["audio", "sse"]),
    },
) | st.dictionaries(
    st.sampled_from(["model", "input", "voice", "response_format", "speed"]),
    json_values | st.sampled_from(["tts-1", "alloy", "marvin", "aac"]),
    max_size=5,
)


def _encode_body(document: Any, encoding: str) -> bytes:
    text = json.dumps(document, ensure_ascii=encoding == "ascii")
    if encoding == "utf-8-sig":
        return text.encode("utf-8-sig", "surrogatepass")
    return text.encode("utf-8" if encoding == "ascii" else encoding, "surrogatepass")


@st.composite
def function_url_events(draw: st.DrawFn) -> dict[str, Any]:
    """Function URL 2.0 events: any route and method, odd headers, and bodies that are JSON in
    one of several encodings, base64 or not, or just bytes."""
    routes = {"/v1/speech": "POST", "/v1/speech/": "POST", "/v1/audio/speech": "POST"}
    path = draw(st.sampled_from([*routes, "/v1/voices", "/v1/health"]))
    method = routes.get(path, "GET")
    if draw(st.integers(0, 9)) == 0:
        path = draw(st.sampled_from(["/", "//", "/v2/speech"]) | st.text(max_size=12))
        method = draw(st.sampled_from(["PUT", "post", "OPTIONS", "", "P\u00d6ST"]))
    document = draw(
        openai_requests if path.startswith("/v1/audio") else speech_requests | json_values
    )
    encoding = draw(st.sampled_from(["ascii", "utf-8", "utf-8-sig", "utf-16", "utf-32"]))
    raw = draw(
        st.just(_encode_body(document, encoding)) | st.binary(max_size=64) | deep_json_bodies()
    )
    event = url_event(method, path)
    if draw(st.booleans()):
        event.update(body=base64.b64encode(raw).decode("ascii"), isBase64Encoded=True)
    else:
        event.update(body=raw.decode("utf-8", "surrogateescape"), isBase64Encoded=False)
    headers = event["headers"]
    headers["content-type"] = draw(
        st.just("application/json")
        | st.sampled_from(
            [
                "application/json",
                "application/json; charset=utf-16",
                "APPLICATION/JSON",
                "application/merge-patch+json",
                "text/plain",
                "multipart/form-data; boundary=x",
                "",
                ";;;",
            ]
        )
        | st.text(max_size=20)
    )
    if draw(st.booleans()):
        headers[draw(st.text(min_size=1, max_size=10))] = draw(st.text(max_size=20))
    if draw(st.integers(0, 9)) == 0:
        # The envelope itself with a wrong type: only a direct invoke can send this.
        field = draw(st.sampled_from(["body", "headers", "rawPath", "isBase64Encoded"]))
        event[field] = draw(json_values)
    return event


direct_events = speech_requests | json_values


def _tally(outcome: str) -> None:
    """Counted in `--hypothesis-show-statistics`, to see the budget is spread well."""
    if currently_in_test_context():
        event(outcome)


def assert_well_answered(answer: Any, *, http: bool) -> None:
    """The property: success, or a documented 4xx with a machine-readable code."""
    errors = documented_errors()
    encoded = json.dumps(answer, ensure_ascii=False)
    encoded.encode("utf-8")  # what the Python 3.12+ runtime marshaller does
    assert "Traceback" not in encoded and str(REPO_ROOT) not in encoded, encoded[:500]
    if http:
        status = answer["statusCode"]
        if status == 200:
            _tally("200")
            assert answer["body"], answer
            return
        assert answer["headers"]["content-type"] == "application/json"
        error = json.loads(answer["body"])["error"]
    else:
        assert isinstance(answer, dict), answer
        if "error" not in answer:
            _tally("200")
            assert answer.get("audio_base64") or answer.get("url") or "normalized" in answer, answer
            return
        error = answer["error"]
        status = error["status"]
    _tally(f"{status} {error['code']}")
    assert 400 <= status < 500, error
    assert errors.get(error["code"]) == status == error["status"], error
    assert error["message"] and error["request_id"], error


# --- issue 15's classes, as generators -------------------------------------------------
SAY_AS_KINDS = ["cardinal", "ordinal", "date", "digits", "telephone", "time", "characters"]


@st.composite
def ssml_documents(draw: st.DrawFn) -> str:
    """SSML with the markup the classes found: say-as with huge digit runs, breaks adding up
    past the silence limit, lone surrogates, unknown tags and attributes, deep nesting."""
    pieces: list[str] = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.integers(0, 7))
        if kind == 0:
            digits = "7" * draw(st.sampled_from([1, 12, 400, 4301, 5000, 20_000]))
            interpret = draw(st.sampled_from([*SAY_AS_KINDS, "", "bogus"]))
            fmt = draw(st.sampled_from(["", ' format="dmy"', ' format="zz"']))
            pieces.append(f'<say-as interpret-as="{interpret}"{fmt}>{digits}</say-as>')
        elif kind == 1:
            time = draw(st.sampled_from(["10s", "10000ms", "0s", "-1s", "1e9s", "x", "9.99s"]))
            pieces.append(f'Part. <break time="{time}"/>' * draw(st.integers(1, 60)))
        elif kind == 2:
            pieces.append(draw(st.sampled_from(["\ud800", "\udfff", "a\udc00b"])))
        elif kind == 3:
            tag = draw(st.sampled_from(["emphasis", "x", "s", "p", "prosody", "lang", "sub"]))
            attribute = draw(st.sampled_from(["", ' rate="200%"', ' xml:lang="zz"', ' alias="a"']))
            pieces.append(f"<{tag}{attribute}>{draw(hostile_text)}</{tag}>")
        elif kind == 4:
            depth = draw(st.sampled_from([3, 40, 300]))
            pieces.append("<p>" * depth + "Deep." + "</p>" * depth)
        else:
            pieces.append(draw(hostile_text).replace("<", "&lt;").replace("&", "&amp;"))
    return "<speak>" + " ".join(pieces) + "</speak>"


def _style_tensor(dims: tuple[int, int], value: float) -> dict[str, Any]:
    return {"data": [[[value] * dims[1]] * dims[0]]}


inline_voices = st.builds(
    lambda ttl, dp: {
        "style_ttl": _style_tensor((50, 256), ttl),
        "style_dp": _style_tensor((8, 16), dp),
    },
    st.sampled_from([0.0, 0.5, -1.0, 3.0e38, -3.0e38, 1e20, 1e6]),
    st.sampled_from([0.0, 0.5, 3.0e38, 1e20]),
)


@st.composite
def amplifying_requests(draw: st.DrawFn) -> dict[str, Any]:
    """Small requests that ask for enormous work: lexicon expansion, silence, SSML."""
    kind = draw(st.integers(0, 3))
    request: dict[str, Any] = {"steps": 1, "lang": "en"}
    if kind == 0:
        say = "word " * draw(st.sampled_from([1, 20, 99]))
        request.update(text="a " * draw(st.sampled_from([10, 500, 5000])), lexicon={"a": say})
    elif kind == 1:
        request.update(text=draw(ssml_documents()), text_type="ssml")
    elif kind == 2:
        request.update(text="Hi.", voice=draw(inline_voices))
    else:
        request.update(
            text=draw(hostile_text) or "x", format=draw(st.sampled_from(["mp3", "flac", "opus"]))
        )
    return request


_MALFORMED_VALUES = st.sampled_from([None, 5, [], {}, "", "x"])


@st.composite
def record_events(draw: st.DrawFn) -> dict[str, Any]:
    """S3- and SQS-shaped invokes, mostly with a field missing or of the wrong type."""
    if draw(st.booleans()):
        record: dict[str, Any] = {
            "eventSource": "aws:s3",
            "eventName": "ObjectCreated:Put",
            "s3": {"bucket": {"name": "no-such-bucket"}, "object": {"key": "elsewhere/x.bin"}},
        }
        paths = [("s3",), ("s3", "bucket"), ("s3", "bucket", "name"), ("s3", "object")]
        paths += [("s3", "object", "key"), ("eventName",)]
    else:
        record = {"eventSource": "aws:sqs", "messageId": "m-1", "body": "{}"}
        paths = [("messageId",), ("body",)]
    path = draw(st.sampled_from(paths))
    target = record
    for part in path[:-1]:
        target = target[part]
    if draw(st.booleans()):
        target.pop(path[-1])
    else:
        target[path[-1]] = draw(_MALFORMED_VALUES)
    records = [record] * draw(st.integers(1, 3))
    return {"Records": draw(st.sampled_from([records, [], [5], [*records, "x"]]))}
