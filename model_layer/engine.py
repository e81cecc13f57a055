"""The core compute: the four ONNX graphs run the way the reference recipe runs them.

Nothing here knows about text or voices by name; it takes token ids, masks and
style tensors, and gives durations and waveforms. Shapes and arithmetic follow the
official `supertonic` 1.3.1 engine exactly, so the real weights behave the same.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import onnxruntime as ort

from model_layer.errors import SynthesisCancelled
from model_layer.voices import Style


@dataclass(frozen=True)
class AcousticConfig:
    sample_rate: int
    base_chunk_size: int
    latent_dim: int
    chunk_compress_factor: int

    @property
    def samples_per_latent(self) -> int:
        return self.base_chunk_size * self.chunk_compress_factor

    @property
    def latent_channels(self) -> int:
        return self.latent_dim * self.chunk_compress_factor


class CancelToken:
    """Stops synthesis from another thread, including an ONNX Runtime run in flight.

    `RunOptions.terminate` makes the running graph return at its next op, so a
    watchdog really frees the CPU instead of abandoning a thread that keeps computing.
    """

    def __init__(self) -> None:
        self.run_options = ort.RunOptions()
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        self._cancelled.set()
        self.run_options.terminate = True

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def check(self) -> None:
        if self._cancelled.is_set():
            raise SynthesisCancelled("synthesis was cancelled")


def text_mask_from_lengths(lengths: np.ndarray, max_len: int | None = None) -> np.ndarray:
    """[B, 1, max_len] float32 mask with 1 on each item's valid positions."""
    max_len = int(max_len or lengths.max())
    mask = (np.arange(max_len) < np.expand_dims(lengths, axis=1)).astype(np.float32)
    return mask.reshape(-1, 1, max_len)


class Engine:
    def __init__(self, sessions: Mapping[str, ort.InferenceSession], config: AcousticConfig):
        self.duration_predictor = sessions["duration_predictor"]
        self.text_encoder = sessions["text_encoder"]
        self.vector_estimator = sessions["vector_estimator"]
        self.vocoder = sessions["vocoder"]
        self.config = config

    def _run(
        self,
        session: ort.InferenceSession,
        feeds: dict[str, np.ndarray],
        cancel: CancelToken | None,
    ) -> np.ndarray:
        if cancel is None:
            return session.run(None, feeds)[0]
        cancel.check()
        try:
            return session.run(None, feeds, cancel.run_options)[0]
        except Exception as exc:
            # ORT reports a terminated run as a generic failure; the token tells us why.
            if cancel.cancelled:
                raise SynthesisCancelled("synthesis was cancelled") from exc
            raise

    def predict_durations(
        self,
        text_ids: np.ndarray,
        text_mask: np.ndarray,
        style: Style,
        speed: float,
        cancel: CancelToken | None = None,
    ) -> np.ndarray:
        """Seconds of speech per item, already divided by `speed` (float32 [B])."""
        feeds = {
            "text_ids": text_ids,
            "style_dp": _batched(style.dp, len(text_ids)),
            "text_mask": text_mask,
        }
        return self._run(self.duration_predictor, feeds, cancel) / speed

    def latent_layout(self, durations: np.ndarray) -> tuple[int, np.ndarray]:
        """Latent length and latent mask for these durations, computed as the reference does
        (float arithmetic for the length, integer samples for the mask)."""
        sr, step = self.config.sample_rate, self.config.samples_per_latent
        latent_len = int(((durations.max() * sr + step - 1) / step).astype(np.int32))
        wav_lengths = (durations * sr).astype(np.int64)
        latent_lengths = (wav_lengths + step - 1) // step
        return latent_len, text_mask_from_lengths(latent_lengths)

    def noise_shape(self, batch: int, latent_len: int) -> tuple[int, int, int]:
        return (batch, self.config.latent_channels, latent_len)

    def denoise(
        self,
        text_ids: np.ndarray,
        text_mask: np.ndarray,
        style: Style,
        durations: np.ndarray,
        noise: np.ndarray,
        steps: int,
        cancel: CancelToken | None = None,
    ) -> np.ndarray:
        """The flow-matching loop: final latents [B, C, L] from standard-normal `noise`.

        Items of a batch are padded to the longest; the masks keep each item's result
        independent of the padding, as the reference's batched call relies on.
        """
        batch = len(text_ids)
        style_ttl = _batched(style.ttl, batch)
        text_emb = self._run(
            self.text_encoder,
            {"text_ids": text_ids, "style_ttl": style_ttl, "text_mask": text_mask},
            cancel,
        )
        _, latent_mask = self.latent_layout(durations)
        latent = (noise * latent_mask).astype(np.float32, copy=False)
        feeds = {
            "text_emb": text_emb,
            "style_ttl": style_ttl,
            "text_mask": text_mask,
            "latent_mask": latent_mask,
            "total_step": np.full(batch, steps, dtype=np.float32),
        }
        for step in range(steps):
            feeds["noisy_latent"] = latent
            feeds["current_step"] = np.full(batch, step, dtype=np.float32)
            latent = self._run(self.vector_estimator, feeds, cancel)
        return latent

    def vocode(self, latent: np.ndarray, cancel: CancelToken | None = None) -> np.ndarray:
        """Waveforms [B, L * samples_per_latent]."""
        return self._run(self.vocoder, {"latent": latent}, cancel)

    def generate(
        self,
        text_ids: np.ndarray,
        text_mask: np.ndarray,
        style: Style,
        durations: np.ndarray,
        noise: np.ndarray,
        steps: int,
        cancel: CancelToken | None = None,
    ) -> np.ndarray:
        """The reference's whole call: waveforms [B, L * samples_per_latent]."""
        latent = self.denoise(text_ids, text_mask, style, durations, noise, steps, cancel)
        return self.vocode(latent, cancel)


def _batched(style_tensor: np.ndarray, batch: int) -> np.ndarray:
    if style_tensor.shape[0] == batch:
        return style_tensor
    return np.repeat(style_tensor[:1], batch, axis=0)
