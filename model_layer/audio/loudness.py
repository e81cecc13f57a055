"""Every preset voice at one loudness, with no peak at or over full scale.

Integrated loudness (ITU-R BS.1770) of each preset is measured once, at image build, by
`model_layer.build.calibrate`, and stored beside the model as `loudness.json`. At synthesis a
voice's gain is therefore known before its first chunk (a stream can apply it from the
first byte), and each chunk goes through `level()`: the fixed gain, then a look-ahead
peak limiter that holds the true peak (oversampled, as BS.1770 Annex 2 estimates it)
under the ceiling.

The limiter works on each chunk alone (chunks are separated by faded edges and silence),
so the same chunk gives the same samples whether it is synthesized in one invocation,
streamed, or in a batch segment of its own. Its gain curve never exceeds what each sample
needs: the reduction a peak needs is held over a window reaching `LOOKAHEAD_SECONDS`
ahead and `HOLD_SECONDS` behind, ramped in over the look-ahead and released with a
smooth exponential, so it neither clicks nor pumps between syllables.

Measuring needs pyloudnorm (and with it scipy, ~100 MB installed); only the build stage
and the tests install it. Synthesis needs only numpy: the table holds the measurements.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from model_layer.voices import Style

GAIN_TABLE_FILE = "loudness.json"
GAIN_TABLE_SCHEMA = 1

# Limiter timing: block granularity of the gain curve, the look-ahead over which a
# reduction ramps in, how long it holds after the peak, and the release time constant.
BLOCK_SECONDS = 0.0005
LOOKAHEAD_SECONDS = 0.005
HOLD_SECONDS = 0.02
RELEASE_SECONDS = 0.08
# True-peak estimate: 8x oversampling by Kaiser-windowed sinc interpolation, 32 taps per
# phase. BS.1770-4 Annex 2's 4x, 12-tap filter under-reads broadband peaks by up to
# ~0.7 dB (measured against scipy's resampler on noise); this stays within ~0.15 dB.
OVERSAMPLING = 8
INTERPOLATION_TAPS = 32
KAISER_BETA = 8.0

LOUDNESS_MODES = ("normalized", "raw")


def db_to_gain(db: float) -> float:
    return float(10.0 ** (db / 20.0))


def gain_to_db(gain: float) -> float:
    return 20.0 * math.log10(gain)


def style_digest(style: Style) -> str:
    """A voice's identity by its tensors (so a style file and the same tensors sent
    inline are one voice): SHA-256 over shape, dtype and bytes of both tensors."""
    digest = hashlib.sha256()
    for tensor in (style.ttl, style.dp):
        array = np.ascontiguousarray(tensor, dtype=np.float32)
        digest.update(repr(array.shape).encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class Leveling:
    """What `level()` does to a chunk: multiply by `gain`, then keep the true peak at or
    under `ceiling` (both linear). `ceiling=inf` applies the gain alone, unclipped."""

    gain: float
    ceiling: float

    @property
    def gain_db(self) -> float:
        return gain_to_db(self.gain)


@dataclass(frozen=True)
class VoiceLoudness:
    voice: str  # the preset's name when measured
    style_sha256: str
    loudness_lufs: float  # integrated loudness of the raw output on the calibration set
    gain_db: float  # gain that puts the limited output at the table's target


@dataclass(frozen=True)
class GainTable:
    """The measurements of one model's presets (model_layer.build.calibrate writes it)."""

    target_lufs: float
    true_peak_dbtp: float
    model_revision: str
    voices: tuple[VoiceLoudness, ...]

    def find(self, style: Style) -> VoiceLoudness | None:
        digest = style_digest(style)
        return next((v for v in self.voices if v.style_sha256 == digest), None)

    def gain_db(self, entry: VoiceLoudness, target_lufs: float, true_peak_dbtp: float) -> float:
        """The gain for `entry` at this target: the calibrated one (which also makes up
        for what the limiter takes) when target and ceiling are those it was measured
        at, else the plain difference from its raw loudness."""
        same = math.isclose(target_lufs, self.target_lufs, abs_tol=1e-9) and math.isclose(
            true_peak_dbtp, self.true_peak_dbtp, abs_tol=1e-9
        )
        return entry.gain_db if same else target_lufs - entry.loudness_lufs

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": GAIN_TABLE_SCHEMA,
            "standard": "ITU-R BS.1770-4 integrated loudness (pyloudnorm), K-weighted, gated",
            "target_lufs": self.target_lufs,
            "true_peak_dbtp": self.true_peak_dbtp,
            "model_revision": self.model_revision,
            "voices": [
                {
                    "voice": v.voice,
                    "style_sha256": v.style_sha256,
                    "loudness_lufs": round(v.loudness_lufs, 4),
                    "gain_db": round(v.gain_db, 4),
                }
                for v in self.voices
            ],
        }

    @classmethod
    def from_json(cls, doc: Any) -> GainTable:
        if not isinstance(doc, dict) or doc.get("schema") != GAIN_TABLE_SCHEMA:
            raise ValueError(f"{GAIN_TABLE_FILE}: not a schema {GAIN_TABLE_SCHEMA} gain table")
        voices = tuple(
            VoiceLoudness(
                voice=str(v["voice"]),
                style_sha256=str(v["style_sha256"]),
                loudness_lufs=float(v["loudness_lufs"]),
                gain_db=float(v["gain_db"]),
            )
            for v in doc["voices"]
        )
        for v in voices:
            if not (math.isfinite(v.loudness_lufs) and math.isfinite(v.gain_db)):
                raise ValueError(f"{GAIN_TABLE_FILE}: voice {v.voice} has no finite loudness")
        return cls(
            target_lufs=float(doc["target_lufs"]),
            true_peak_dbtp=float(doc["true_peak_dbtp"]),
            model_revision=str(doc["model_revision"]),
            voices=voices,
        )


def load_gain_table(model_dir: Path | str) -> GainTable | None:
    """The model's gain table, or None when it was never calibrated (voices stay raw)."""
    path = Path(model_dir) / GAIN_TABLE_FILE
    if not path.is_file():
        return None
    return GainTable.from_json(json.loads(path.read_text(encoding="utf-8")))


def write_gain_table(model_dir: Path | str, table: GainTable) -> Path:
    path = Path(model_dir) / GAIN_TABLE_FILE
    text = json.dumps(table.to_json(), indent=2, sort_keys=True) + "\n"
    path.write_text(text, encoding="utf-8")
    return path


def _interpolation_kernels() -> np.ndarray:
    """[OVERSAMPLING - 1, INTERPOLATION_TAPS]: the Kaiser-windowed sinc that gives the
    value at fraction p/OVERSAMPLING past a sample from the taps around it."""
    half = INTERPOLATION_TAPS // 2
    offsets = np.arange(-half + 1, half + 1)  # sample positions relative to n
    kernels = []
    for phase in range(1, OVERSAMPLING):
        t = phase / OVERSAMPLING - offsets
        window = np.i0(KAISER_BETA * np.sqrt(np.clip(1.0 - (t / half) ** 2, 0.0, None)))
        kernel = np.sinc(t) * window / np.i0(KAISER_BETA)
        kernels.append(kernel / kernel.sum())  # unity gain at DC
    return np.asarray(kernels)


_KERNELS = _interpolation_kernels()


def true_peak_envelope(x: np.ndarray, floor: float = 0.0) -> np.ndarray:
    """Per sample, the largest magnitude of the signal between its neighbours, from
    oversampling: a sample is charged with the peaks on both sides of it. Never below
    |x| itself. Only between samples where one of the two exceeds `floor` is the signal
    interpolated (the limiter passes half its ceiling: an intersample peak 6 dB over both
    of its neighbours takes a pathological signal), which keeps quiet audio cheap."""
    x = np.asarray(x, dtype=np.float64)
    envelope = np.abs(x)
    if len(x) < 2:
        return envelope
    half = INTERPOLATION_TAPS // 2
    pairs = np.maximum(envelope[:-1], envelope[1:])
    between_at = np.flatnonzero(pairs > floor)  # peak between sample n and n+1
    if not len(between_at):
        return envelope
    padded = np.concatenate([np.zeros(half - 1), x, np.zeros(half)])
    windows = sliding_window_view(padded, INTERPOLATION_TAPS)[between_at]
    between = np.abs(windows @ _KERNELS.T).max(axis=1)
    # Indices are unique, so plain fancy-index updates are exact (and far faster than ufunc.at).
    envelope[between_at] = np.maximum(envelope[between_at], between)
    envelope[between_at + 1] = np.maximum(envelope[between_at + 1], between)
    return envelope


def limit(x: np.ndarray, ceiling: float, sample_rate: int) -> np.ndarray:
    """`x` with its true peak held at or under `ceiling` by a smooth gain curve; returned
    unchanged (the same array) when it is already under."""
    if not math.isfinite(ceiling) or not len(x):
        return x
    peaks = true_peak_envelope(x, floor=ceiling / 2)
    if peaks.max() <= ceiling:
        return x
    # The gain each sample may have at most.
    allowed = np.minimum(1.0, ceiling / np.maximum(peaks, 1e-12))
    block = max(1, round(BLOCK_SECONDS * sample_rate))
    ahead = max(1, math.ceil(LOOKAHEAD_SECONDS * sample_rate / block))
    hold = max(0, math.ceil(HOLD_SECONDS * sample_rate / block))
    blocks = math.ceil(len(x) / block)
    padded = np.ones(blocks * block)
    padded[: len(x)] = allowed
    per_block = padded.reshape(blocks, block).min(axis=1)
    # held[k] = min over blocks [k - hold, k + ahead - 1]: covers every block a ramp
    # through k can reach.
    extended = np.concatenate([np.ones(hold), per_block, np.ones(ahead - 1)])
    held = sliding_window_view(extended, hold + ahead).min(axis=1)
    # Ramp in: the mean of the `ahead` held values ending at k; each of them covers k,
    # so the mean is no more than what block k allows.
    lead = np.concatenate([np.full(ahead - 1, held[0]), held])
    ramped = sliding_window_view(lead, ahead).mean(axis=1)
    # Release: rises towards the ramp exponentially, never above it.
    alpha = math.exp(-block / (RELEASE_SECONDS * sample_rate))
    released = np.empty(blocks)
    previous = ramped[0]
    for k, value in enumerate(ramped.tolist()):
        previous = min(value, alpha * previous + (1.0 - alpha) * value)
        released[k] = previous
    # Per sample: linear between block edges, each edge the lower of its two blocks, so
    # every sample's gain is at most its block's.
    edges = np.empty(blocks + 1)
    edges[0], edges[-1] = released[0], released[-1]
    edges[1:-1] = np.minimum(released[:-1], released[1:])
    frac = np.arange(block) / block
    curve = (edges[:-1, None] + (edges[1:] - edges[:-1])[:, None] * frac).reshape(-1)
    curve = np.minimum(curve[: len(x)], allowed)
    return (np.asarray(x, dtype=np.float64) * curve).astype(np.float32)


def level(x: np.ndarray, leveling: Leveling, sample_rate: int) -> np.ndarray:
    """One chunk at the voice's gain, true-peak limited: float32, every sample under the
    ceiling (so under full scale for any ceiling below 0 dBTP)."""
    gained = (np.asarray(x, dtype=np.float64) * leveling.gain).astype(np.float32)
    return limit(gained, leveling.ceiling, sample_rate)


def integrated_loudness(x: np.ndarray, sample_rate: int) -> float:
    """BS.1770 integrated loudness in LUFS (needs pyloudnorm: build stage and tests)."""
    import pyloudnorm

    return float(pyloudnorm.Meter(sample_rate).integrated_loudness(np.asarray(x, np.float64)))
