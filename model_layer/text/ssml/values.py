"""Attribute values of the SSML subset: pauses, speaking rates and languages.

Each function returns the value or raises `SsmlValueError` saying what is wrong;
the parser adds where.
"""

from __future__ import annotations

import re

from model_layer.constants import ALL_LANGUAGE_CODES, MAX_SPEED, MIN_SPEED
from model_layer.text.spans import MAX_PAUSE_SECONDS


class SsmlValueError(ValueError):
    """A value the subset cannot use; the message says why, without a position."""


# As Azure's neural voices pause (Polly's are close); "none" asks for no pause at all.
BREAK_STRENGTHS = {
    "none": 0.0,
    "x-weak": 0.25,
    "weak": 0.5,
    "medium": 0.75,
    "strong": 1.0,
    "x-strong": 1.25,
}
DEFAULT_BREAK = "medium"

# Absolute engine speeds for the named rates, inside the engine's 0.7-2.0 so
# that they are always valid; "default" is the speed the request asked for.
RATE_LABELS = {"x-slow": 0.7, "slow": 0.85, "medium": 1.05, "fast": 1.3, "x-fast": 1.6}

_TIME = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)\s*")
_PERCENT = re.compile(r"\s*([+-])?(\d+(?:\.\d*)?|\.\d+)\s*%\s*")
_NUMBER = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*")
_LANG_TAG = re.compile(r"([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*")


def break_seconds(time: str | None, strength: str | None) -> float:
    """`time` wins over `strength`, as the SSML specification says."""
    if time is not None:
        m = _TIME.fullmatch(time)
        if not m:
            raise SsmlValueError(f"break time '{time}' is not a duration such as '500ms' or '2s'")
        seconds = float(m.group(1)) / (1000 if m.group(2) == "ms" else 1)
        if seconds > MAX_PAUSE_SECONDS:
            raise SsmlValueError(
                f"break time '{time}' is longer than the maximum of {MAX_PAUSE_SECONDS:g} s"
            )
        return seconds
    name = DEFAULT_BREAK if strength is None else strength
    if name not in BREAK_STRENGTHS:
        raise SsmlValueError(
            f"break strength '{strength}' is not one of {', '.join(BREAK_STRENGTHS)}"
        )
    return BREAK_STRENGTHS[name]


def prosody_speed(rate: str, enclosing: float, requested: float) -> float:
    """The engine speed for `rate`: a label, a percentage of the enclosing rate
    ("80%"), a relative change ("+10%", "-20%"), or a multiplier ("1.2")."""
    if rate in RATE_LABELS:
        return RATE_LABELS[rate]
    if rate == "default":
        return requested
    if m := _PERCENT.fullmatch(rate):
        sign, value = m.group(1), float(m.group(2))
        factor = 1 + value / 100 * (1 if sign == "+" else -1) if sign else value / 100
    elif m := _NUMBER.fullmatch(rate):
        factor = float(m.group(1))
    else:
        labels = ", ".join([*RATE_LABELS, "default"])
        raise SsmlValueError(
            f"prosody rate '{rate}' is not one of {labels}, a percentage or a number"
        )
    speed = round(enclosing * factor, 6)
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise SsmlValueError(
            f"prosody rate '{rate}' gives speed {speed:g}, outside the engine's "
            f"{MIN_SPEED}-{MAX_SPEED}"
        )
    return speed


def language(tag: str) -> str:
    """The model's code for a BCP 47 tag: "en-US" -> "en"."""
    m = _LANG_TAG.fullmatch(tag.strip())
    code = m.group(1).lower() if m else None
    if code not in ALL_LANGUAGE_CODES:
        raise SsmlValueError(
            f"xml:lang '{tag}' is not a supported language; use one of "
            f"{', '.join(ALL_LANGUAGE_CODES)}"
        )
    return code
