"""Voice styles: the two style tensors that make a voice, parsed and checked."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from model_layer.constants import STYLE_DP_DIMS, STYLE_TTL_DIMS
from model_layer.errors import InvalidStyleError


@dataclass(frozen=True)
class Style:
    """One voice: `ttl` [1, 50, 256] for the text encoder and estimator, `dp` [1, 8, 16]
    for the duration predictor."""

    ttl: np.ndarray
    dp: np.ndarray

    @staticmethod
    def bounds_of(presets: Iterable[Style], factor: float) -> StyleBounds | None:
        """The range inline styles are held to, from a model's own voices."""
        return StyleBounds.of(presets, factor)


def _tensor(doc: Mapping[str, Any], key: str, dims: tuple[int, int]) -> np.ndarray:
    entry = doc.get(key)
    if not isinstance(entry, Mapping) or "data" not in entry:
        raise InvalidStyleError(f"'{key}' is missing or has no 'data'")
    try:
        with np.errstate(over="ignore"):  # beyond float32 becomes inf, refused below
            array = np.asarray(entry["data"], dtype=np.float32)
    except (TypeError, ValueError, OverflowError) as exc:
        raise InvalidStyleError(f"'{key}.data' is not a nested list of numbers") from exc
    expected = (1, *dims)
    if array.shape == dims:
        array = array[np.newaxis]
    if array.shape != expected:
        raise InvalidStyleError(f"'{key}' has shape {list(array.shape)}, expected {list(expected)}")
    declared = entry.get("dims")
    if declared is not None and tuple(declared) != expected:
        raise InvalidStyleError(f"'{key}.dims' is {declared}, expected {list(expected)}")
    if not np.isfinite(array).all():
        raise InvalidStyleError(f"'{key}' contains NaN or infinity")
    array.setflags(write=False)
    return array


@dataclass(frozen=True)
class StyleBounds:
    """The largest magnitude an inline style's values may have, per tensor: `factor` times
    the largest absolute value among the model's own (shipped) voices. Real voices are
    embeddings of speech and keep to a narrow range; values far outside it are no voice
    at all, and extreme ones (near float32's maximum) overflow the graphs into NaN."""

    ttl: float
    dp: float
    factor: float

    @classmethod
    def of(cls, presets: Iterable[Style], factor: float) -> StyleBounds | None:
        styles = list(presets)
        if not styles:
            return None
        ttl = max(float(np.abs(style.ttl).max()) for style in styles)
        dp = max(float(np.abs(style.dp).max()) for style in styles)
        return cls(ttl=ttl * factor, dp=dp * factor, factor=factor)

    def check(self, style: Style) -> Style:
        for key, array, bound in (
            ("style_ttl", style.ttl, self.ttl),
            ("style_dp", style.dp, self.dp),
        ):
            largest = float(np.abs(array).max())
            if largest > bound:
                raise InvalidStyleError(
                    f"'{key}' has values of magnitude up to {largest:.3g}; this model's voices "
                    f"allow at most {bound:.3g} ({self.factor:g} x the largest value of its "
                    "shipped voices, SUPERTONIC_STYLE_MAGNITUDE_FACTOR)"
                )
        return style


def parse_style(doc: Any) -> Style:
    """A style from the published JSON structure (`style_ttl`, `style_dp`)."""
    if not isinstance(doc, Mapping):
        raise InvalidStyleError("a voice style must be an object with 'style_ttl' and 'style_dp'")
    return Style(
        ttl=_tensor(doc, "style_ttl", STYLE_TTL_DIMS), dp=_tensor(doc, "style_dp", STYLE_DP_DIMS)
    )


def load_style_file(path: Path) -> Style:
    try:
        return parse_style(json.loads(path.read_text(encoding="utf-8")))
    except json.JSONDecodeError as exc:
        raise InvalidStyleError(
            f"{path.name}: malformed JSON ({exc.msg} at line {exc.lineno})"
        ) from exc
    except InvalidStyleError as exc:
        raise InvalidStyleError(f"{path.name}: {exc}") from exc
