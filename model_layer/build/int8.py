"""The opt-in int8 mode: dynamic per-channel int8 on the MatMuls of the text encoder
and vector estimator, and the report that says how far it is from fp32.

Only MatMuls with a constant weight are quantized (after the rewrites, that is every
pointwise layer): activations are quantized per run, weights per output channel.
Conv is never quantized (it would become ConvInteger, missing from many builds),
so depthwise convolutions stay fp32, and so does the whole vocoder and the duration
predictor (an int8 vocoder was reported to destroy intelligibility).

The report synthesizes one sentence with every preset voice in both precisions from
the same noise and measures the int8 audio against the fp32 audio: SNR (fp32 power
over the power of the difference), log-mel distance (mean absolute difference of
natural-log 80-band mel spectrograms; 0 = identical) and durations. It is written
beside the int8 graphs (quality.json) and printed at build.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

QUANTIZED_GRAPHS = ("text_encoder", "vector_estimator")
REPORT_FILE = "quality.json"
REPORT_TEXT = (
    "The committee met on Tuesday to review twelve proposals, and approved nine of them "
    "after a long debate."
)
MEL_BANDS = 80
N_FFT = 2048
HOP = 512
LOG_FLOOR = 1e-5


def quantize(source: Path, target: Path) -> None:
    # Imported here: the quantization tool needs the `onnx` package, which only
    # image builds and tests have.
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(
        source,
        target,
        weight_type=QuantType.QInt8,
        op_types_to_quantize=["MatMul"],
        per_channel=True,
        extra_options={"MatMulConstBOnly": True},
    )


def _mel_filterbank(sample_rate: int) -> np.ndarray:
    """[MEL_BANDS, N_FFT // 2 + 1] triangular filters, HTK mel scale."""

    def to_mel(hz: np.ndarray) -> np.ndarray:
        return 2595.0 * np.log10(1.0 + hz / 700.0)

    def to_hz(mel: np.ndarray) -> np.ndarray:
        return 700.0 * (10.0 ** (mel / 2595.0) - 1.0)

    edges = to_hz(np.linspace(0.0, to_mel(np.array(sample_rate / 2)), MEL_BANDS + 2))
    bins = np.linspace(0.0, sample_rate / 2, N_FFT // 2 + 1)
    bank = np.zeros((MEL_BANDS, len(bins)))
    for band in range(MEL_BANDS):
        low, centre, high = edges[band : band + 3]
        rising = (bins - low) / max(centre - low, 1e-9)
        falling = (high - bins) / max(high - centre, 1e-9)
        bank[band] = np.clip(np.minimum(rising, falling), 0.0, None)
    return bank


def log_mel(audio: np.ndarray, sample_rate: int) -> np.ndarray:
    """[frames, MEL_BANDS] natural-log mel power spectrogram (Hann window)."""
    if len(audio) < N_FFT:
        audio = np.pad(audio, (0, N_FFT - len(audio)))
    frames = 1 + (len(audio) - N_FFT) // HOP
    index = np.arange(N_FFT)[None, :] + HOP * np.arange(frames)[:, None]
    spectrum = np.abs(np.fft.rfft(audio[index] * np.hanning(N_FFT), axis=1)) ** 2
    return np.log(spectrum @ _mel_filterbank(sample_rate).T + LOG_FLOOR)


@dataclass(frozen=True)
class VoiceQuality:
    voice: str
    snr_db: float
    log_mel_distance: float
    duration_fp32_s: float
    duration_int8_s: float


def compare_audio(reference: np.ndarray, test: np.ndarray, sample_rate: int) -> tuple[float, float]:
    """(SNR dB, log-mel distance) of `test` against `reference`, over their common length."""
    n = min(len(reference), len(test))
    reference, test = reference[:n], test[:n]
    noise = float(np.mean((test - reference) ** 2))
    signal = float(np.mean(reference**2))
    snr = math.inf if noise == 0 else 10 * math.log10(max(signal, 1e-30) / noise)
    distance = float(np.mean(np.abs(log_mel(reference, sample_rate) - log_mel(test, sample_rate))))
    return snr, distance


def quality_report(
    model_dir: Path, text: str = REPORT_TEXT, steps: int = 8, seed: int = 0
) -> list[VoiceQuality]:
    """int8 against fp32 for every preset voice of the model, same text and noise."""
    from model_layer import load
    from model_layer.settings import EngineSettings

    engines = {
        precision: load(model_dir, EngineSettings(precision=precision, warmup=False))
        for precision in ("fp32", "int8")
    }
    report = []
    for voice in sorted(engines["fp32"].voices):
        audio, plans = {}, {}
        for precision, synthesizer in engines.items():
            audio[precision], plans[precision] = synthesizer.synthesize(
                text, voice=voice, lang="en", steps=steps, seed=seed
            )
        snr, distance = compare_audio(audio["fp32"], audio["int8"], engines["fp32"].sample_rate)
        report.append(
            VoiceQuality(
                voice=voice,
                snr_db=round(snr, 2),
                log_mel_distance=round(distance, 4),
                duration_fp32_s=round(plans["fp32"].duration_seconds, 3),
                duration_int8_s=round(plans["int8"].duration_seconds, 3),
            )
        )
    return report


def render(report: list[VoiceQuality]) -> str:
    lines = [
        "| voice | SNR vs fp32 (dB) | log-mel distance | duration fp32 (s) | duration int8 (s) |",
        "|---|---|---|---|---|",
    ]
    lines += [
        f"| {q.voice} | {q.snr_db:.1f} | {q.log_mel_distance:.3f} | "
        f"{q.duration_fp32_s:.2f} | {q.duration_int8_s:.2f} |"
        for q in report
    ]
    return "\n".join(lines)


def write_report(folder: Path, report: list[VoiceQuality], text: str = REPORT_TEXT) -> Path:
    path = folder / REPORT_FILE
    document = {
        "text": text,
        "metrics": {
            "snr_db": "fp32 power over the power of (int8 - fp32), same noise",
            "log_mel_distance": "mean |log mel(int8) - log mel(fp32)|, 80 bands, nats",
        },
        "voices": [asdict(q) for q in report],
    }
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path
