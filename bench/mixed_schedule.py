"""The mixed soak's schedule: every kind of invocation the function serves, drawn from a
seeded RNG, each with the answer it must get.

A step is one invocation (a batch step that redelivers its event is two). Its `expect`
is what `bench.mixed_worker` checks the answer against; the S3 side (objects present,
decoded, deleted; nothing left behind) is checked there, with the objects it names.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from bench.common import REPO
from bench.texts import MEDIUM, SHORT, random_text

FORMATS = ("wav", "flac", "mp3", "opus", "ogg", "pcm")
OPENAI_FORMATS = ("mp3", "opus", "flac", "wav", "pcm")
# Texts by size: ranges of characters cut from the benchmark corpus; short ones dominate,
# as in an app's traffic, and the long ones set the memory high-water mark.
LENGTHS = {"short": (10, 120), "medium": (200, 500), "long": (1000, 2000)}
LENGTH_WEIGHTS = {"short": 0.88, "medium": 0.1, "long": 0.02}
# The OpenAI route always synthesizes at the default 8 steps: few, and short.
OPENAI_CHARS = (10, 60)
KIND_WEIGHTS = {
    "speech": 0.37,
    "openai": 0.05,
    "ssml": 0.06,
    "normalize": 0.08,
    "direct": 0.08,
    "invalid": 0.14,
    "deadline": 0.06,
    "s3": 0.10,
    "batch": 0.06,
}
INVALID = ("bad_json", "unknown_voice", "too_long", "deep_nesting", "wrong_type", "no_route")
# Seconds a context gives an ordinary invocation: far beyond any of these requests.
TIMEOUT_S = 900.0
# Default DEADLINE_MARGIN_MS of the function: less than this left is refused at once;
# a little more lets synthesis start and be cancelled in flight.
MARGIN_S = 2.0
# Steps that keep a ~600-character text busy far longer than the 0.25 s left to it.
SLOW_STEPS = 50
# The function's ESTIMATED_RTF in the soak, so that both deadline paths run: MEDIUM at
# SLOW_STEPS (~45 s of audio, estimated ~0.14 s) is admitted with 0.25 s left and stopped
# by the deadline mid-synthesis; thirty times as much text (estimated ~4 s) is refused up
# front with 2 s left, time enough to plan it even on a loaded machine.
ESTIMATED_RTF = 0.0006
ESTIMATE_REPEATS = 30
REDELIVERY_SHARE = 0.3
SSML = (
    '<speak>Your code is <say-as interpret-as="characters">AB12</say-as>. '
    '<break time="300ms"/>It expires in 10 minutes.</speak>'
)
_URL_EVENT = json.loads((REPO / "events" / "http-speech.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Expect:
    status: int = 200
    code: str | None = None  # the error code of a 4xx/5xx
    audio: str | None = None  # the format of the audio the answer carries
    delivery: str = "inline"  # "inline", "s3" (an object to check) or "none"
    decode: bool = False  # decode the audio and compare its duration


@dataclass(frozen=True)
class Step:
    kind: str  # a key of KIND_WEIGHTS, refined for invalid and deadline steps
    event: dict[str, Any]
    expect: Expect
    timeout_s: float = TIMEOUT_S
    # batch steps: the uploaded text, its metadata, and whether the event comes twice
    upload: dict[str, Any] = field(default_factory=dict)
    redeliver: bool = False

    @property
    def invocations(self) -> int:
        return 2 if self.redeliver else 1


def url_event(path: str, body: Any, method: str = "POST") -> dict[str, Any]:
    """A Function URL event (payload 2.0) with `body`, a JSON document or raw text."""
    event = json.loads(json.dumps(_URL_EVENT))
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["requestContext"]["http"]["method"] = method
    event["body"] = body if isinstance(body, str) else json.dumps(body)
    event["isBase64Encoded"] = False
    return event


def _text(rng: random.Random) -> str:
    size = rng.choices(list(LENGTH_WEIGHTS), weights=list(LENGTH_WEIGHTS.values()))[0]
    return random_text(rng, *LENGTHS[size])


def _speech(text: str, fmt: str, steps: int, seed: int, **extra: Any) -> dict[str, Any]:
    return {"text": text, "lang": "en", "format": fmt, "steps": steps, "seed": seed} | extra


def _invalid(variant: str, max_text_chars: int) -> Step:
    bodies: dict[str, tuple[Any, int, str]] = {
        "bad_json": ('{"text": "unterminated', 400, "bad_json"),
        "unknown_voice": ({"text": SHORT, "voice": "Z9"}, 400, "unknown_voice"),
        "too_long": ({"text": "a " * (max_text_chars // 2 + 1)}, 400, "text_too_long"),
        "deep_nesting": ('{"text": "x", "voice": ' + "[" * 200 + "]" * 200 + "}", 400, "bad_json"),
        "wrong_type": ({"text": SHORT, "steps": "many"}, 400, "invalid_parameter"),
        "no_route": ({"text": SHORT}, 404, "route_not_found"),
    }
    body, status, code = bodies[variant]
    path = "/v1/speak" if variant == "no_route" else "/v1/speech"
    return Step(f"invalid/{variant}", url_event(path, body), Expect(status, code, delivery="none"))


def make_step(rng: random.Random, index: int, steps: int, max_text_chars: int) -> Step:
    kind = rng.choices(list(KIND_WEIGHTS), weights=list(KIND_WEIGHTS.values()))[0]
    return step_of(kind, rng, index, steps, max_text_chars)


def step_of(kind: str, rng: random.Random, index: int, steps: int, max_text_chars: int) -> Step:
    """One step of `kind`, its details drawn from `rng`."""
    fmt = rng.choice(FORMATS)
    decode = rng.random() < 0.25
    if kind == "speech":
        body = _speech(_text(rng), fmt, steps, index)
        return Step(kind, url_event("/v1/speech", body), Expect(audio=fmt, decode=decode))
    if kind == "openai":
        fmt = rng.choice(OPENAI_FORMATS)
        body = {"model": "tts-1", "input": random_text(rng, *OPENAI_CHARS), "voice": "alloy"}
        body["response_format"] = fmt
        return Step(kind, url_event("/v1/audio/speech", body), Expect(audio=fmt, decode=decode))
    if kind == "ssml":
        body = _speech(SSML, fmt, steps, index, text_type="ssml")
        return Step(kind, url_event("/v1/speech", body), Expect(audio=fmt, decode=decode))
    if kind == "normalize":
        body = {"text": _text(rng), "lang": "en"}
        return Step(kind, url_event("/v1/normalize", body), Expect(delivery="none"))
    if kind == "direct":
        event = _speech(_text(rng), fmt, steps, index)
        return Step(kind, event, Expect(audio=fmt, decode=decode))
    if kind == "invalid":
        return _invalid(rng.choice(INVALID), max_text_chars)
    if kind == "deadline":
        expect = Expect(504, "deadline_exceeded", delivery="none")
        if rng.random() < 0.5:
            body = _speech(SHORT, fmt, steps, index)
            return Step("deadline/before", url_event("/v1/speech", body), expect, MARGIN_S / 2)
        if rng.random() < 0.3:
            text = " ".join([MEDIUM] * ESTIMATE_REPEATS)
            body = _speech(text, fmt, SLOW_STEPS, index, delivery="s3")
            expect = Expect(400, "synthesis_too_long", delivery="s3-nothing")
            return Step("deadline/estimate", url_event("/v1/speech", body), expect, MARGIN_S + 2)
        # In flight, on its way to S3: the multipart upload must be aborted, not left.
        body = _speech(MEDIUM, fmt, SLOW_STEPS, index, delivery="s3")
        expect = Expect(504, "deadline_exceeded", delivery="s3-nothing")
        return Step("deadline/during", url_event("/v1/speech", body), expect, MARGIN_S + 0.25)
    if kind == "s3":
        body = _speech(_text(rng), fmt, steps, index, delivery="s3")
        return Step(
            kind, url_event("/v1/speech", body), Expect(audio=fmt, delivery="s3", decode=decode)
        )
    if kind == "batch":
        metadata = {"lang": "en", "format": fmt, "steps": str(steps), "seed": str(index)}
        upload = {"key": f"incoming/soak {index}.txt", "text": _text(rng), "metadata": metadata}
        redeliver = rng.random() < REDELIVERY_SHARE
        expect = Expect(audio=fmt, delivery="batch", decode=decode)
        return Step(kind, {}, expect, upload=upload, redeliver=redeliver)
    raise ValueError(f"unknown kind {kind!r}")


def warmup_steps(steps: int, max_text_chars: int) -> list[Step]:
    """One of everything first, the long text in every format among it: what the process
    allocates once (codecs, connection pools, the largest buffers) is in place before
    the soak's start is sampled, so growth after it is growth."""
    rng = random.Random(-1)
    longest = LENGTHS["long"][1]
    fixed: list[Step] = []
    for index, fmt in enumerate(FORMATS):
        body = _speech(random_text(rng, longest, longest), fmt, steps, index)
        fixed.append(Step("speech", url_event("/v1/speech", body), Expect(audio=fmt, decode=True)))
    fixed.append(step_of("speech", rng, 10, steps, max_text_chars))
    for kind in ("openai", "ssml", "normalize", "direct", "s3", "batch"):
        fixed.append(step_of(kind, rng, len(fixed), steps, max_text_chars))
    fixed += [_invalid(variant, max_text_chars) for variant in INVALID]
    deadline = random.Random(0)
    while len([s for s in fixed if s.kind.startswith("deadline/")]) < 3:
        step = step_of("deadline", deadline, len(fixed), steps, max_text_chars)
        if step.kind not in {s.kind for s in fixed}:
            fixed.append(step)
    return fixed


def schedule(seed: int, invocations: int, steps: int, max_text_chars: int) -> list[Step]:
    """The warm-up, then random steps until `invocations` are reached."""
    rng = random.Random(seed)
    steps_list = warmup_steps(steps, max_text_chars)
    count = sum(step.invocations for step in steps_list)
    while count < invocations:
        step = make_step(rng, len(steps_list), steps, max_text_chars)
        steps_list.append(step)
        count += step.invocations
    return steps_list
