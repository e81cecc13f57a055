"""The core compute: the four ONNX graphs run the way the reference recipe runs them.

Nothing here knows about text or voices by name; it takes token ids, masks and
style tensors, and gives durations and waveforms. Shapes and arithmetic follow the
official `supertonic` 1.3.1 engine exactly, so the real weights behave the same.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
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
    def __init__(
        self,
        sessions: Mapping[str, ort.InferenceSession],
        config: AcousticConfig,
        general: Mapping[str, Callable[[], ort.InferenceSession]] | None = None,
    ):
        """`general`: for a graph served as its single-item path alone (correct only
        where every mask is all ones), how to load the whole graph."""
        self.duration_predictor = sessions["duration_predictor"]
        self.text_encoder = sessions["text_encoder"]
        self.vector_estimator = sessions["vector_estimator"]
        self.vocoder = sessions["vocoder"]
        self.config = config
        self._served = dict(sessions)
        self._general_loaders = dict(general or {})
        self._general: dict[str, ort.InferenceSession] = {}
        self._general_lock = threading.Lock()

    def session_for(self, name: str, *masks: np.ndarray) -> ort.InferenceSession:
        """The session that computes graph `name` exactly on these masks. A graph served
        as its single-item path takes every mask as all ones, which a chunk alone always
        has; a run with a zero in one (a padded batch, which the synthesizer does not
        make when it serves that path) goes to the whole graph, loaded on first need."""
        if name not in self._general_loaders or all(mask.all() for mask in masks):
            return self._served[name]
        with self._general_lock:
            if name not in self._general:
                self._general[name] = self._general_loaders[name]()
            return self._general[name]

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
        session = self.session_for("duration_predictor", text_mask)
        return self._run(session, feeds, cancel) / speed

    def latent_layout(self, durations: np.ndarray) -> tuple[int, np.ndarray]:
        """Latent length and latent mask for these durations: the mask from integer
        samples as the reference computes it, the length the mask's. The reference takes
        the length from float32 arithmetic instead, which is the same except when the
        longest duration falls a few hundredths of a sample short of a frame boundary:
        one frame more than the mask, and its noise * mask fails to broadcast (a 5.92 s
        chunk at 44.1 kHz and 3,072 samples per frame is one)."""
        sr, step = self.config.sample_rate, self.config.samples_per_latent
        wav_lengths = (durations * sr).astype(np.int64)
        latent_lengths = (wav_lengths + step - 1) // step
        mask = text_mask_from_lengths(latent_lengths)
        return mask.shape[-1], mask

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
            self.session_for("text_encoder", text_mask),
            {"text_ids": text_ids, "style_ttl": style_ttl, "text_mask": text_mask},
            cancel,
        )
        _, latent_mask = self.latent_layout(durations)
        estimator = self.session_for("vector_estimator", text_mask, latent_mask)
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
            latent = self._run(estimator, feeds, cancel)
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
