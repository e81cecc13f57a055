"""Blends of voices: "M1*0.7+F2*0.3" mixes the named voices' style tensors by weight.

Kokoro's servers made `a+b` a habit; the weights (default 1 each) are normalized to sum 1,
so "M1+F2" is an even mix. A blend is a voice like any other: the result cache keys it by
its mixed tensors, as it does an inline style. Its loudness is the model's raw output (the
calibrated gains are measured per preset).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import numpy as np

from model_layer.errors import InvalidRequestError
from model_layer.voices import Style

MAX_COMPONENTS = 8
_COMPONENT = re.compile(r"\s*([A-Za-z0-9_.-]{1,64})\s*(?:\*\s*([^+*\s]+)\s*)?")


def is_blend(voice: str) -> bool:
    return "+" in voice or "*" in voice


def parse_blend(voice: str) -> list[tuple[str, float]]:
    """[(name, weight)] of a blend written "A*w+B*w" (a weight may be left out: 1)."""
    parts = voice.split("+")
    if len(parts) > MAX_COMPONENTS:
        raise InvalidRequestError(
            f"a blend mixes at most {MAX_COMPONENTS} voices, this one {len(parts)}"
        )
    components = []
    for part in parts:
        match = _COMPONENT.fullmatch(part)
        if match is None:
            raise InvalidRequestError(
                f"a blend is written like 'M1*0.7+F2*0.3'; cannot read part {len(components) + 1}"
            )
        name, raw = match.group(1), match.group(2)
        try:
            weight = 1.0 if raw is None else float(raw)
        except ValueError:
            raise InvalidRequestError(f"the weight of '{name}' is not a number") from None
        components.append((name, weight))
    return components


def mix(components: list[tuple[str, float]], resolve: Callable[[str], Style]) -> Style:
    """The weighted mix of the named voices' tensors, weights normalized to sum 1."""
    if not components:
        raise InvalidRequestError("a blend needs at least one voice")
    if len(components) > MAX_COMPONENTS:
        raise InvalidRequestError(
            f"a blend mixes at most {MAX_COMPONENTS} voices, this one {len(components)}"
        )
    for name, weight in components:
        if not math.isfinite(weight) or weight <= 0 or weight > 1e6:
            raise InvalidRequestError(
                f"the weight of '{name}' must be a finite number above 0 (and at most 1e6)"
            )
    total = math.fsum(weight for _, weight in components)
    styles = [(resolve(name), weight / total) for name, weight in components]
    ttl = np.zeros_like(styles[0][0].ttl, dtype=np.float32)
    dp = np.zeros_like(styles[0][0].dp, dtype=np.float32)
    for style, share in styles:
        ttl += np.float32(share) * style.ttl
        dp += np.float32(share) * style.dp
    ttl.setflags(write=False)
    dp.setflags(write=False)
    return Style(ttl=ttl, dp=dp)
