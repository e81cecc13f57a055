"""Facts of the Supertonic 3 model contract and the reference recipe's defaults.

Everything here is fixed by the published model and the official package
(`supertonic` 1.3.1); tunable run-time knobs live in `settings.py` instead.
"""

from __future__ import annotations

from pathlib import Path

ONNX_DIR = Path("onnx")
VOICE_STYLES_DIR = Path("voice_styles")
CONFIG_PATH = ONNX_DIR / "tts.json"
INDEXER_PATH = ONNX_DIR / "unicode_indexer.json"

# Graph name -> (relative path, exact input names in the published order).
GRAPH_INPUTS: dict[str, tuple[str, ...]] = {
    "duration_predictor": ("text_ids", "style_dp", "text_mask"),
    "text_encoder": ("text_ids", "style_ttl", "text_mask"),
    "vector_estimator": (
        "noisy_latent",
        "text_emb",
        "style_ttl",
        "text_mask",
        "latent_mask",
        "current_step",
        "total_step",
    ),
    "vocoder": ("latent",),
}
GRAPH_PATHS: dict[str, Path] = {name: ONNX_DIR / f"{name}.onnx" for name in GRAPH_INPUTS}

INDEXER_SIZE = 65_536  # one entry per BMP codepoint; -1 marks an unsupported one
STYLE_TTL_DIMS = (50, 256)  # per item: [B, 50, 256]
STYLE_DP_DIMS = (8, 16)  # per item: [B, 8, 16]
PRESET_VOICES = ("M1", "M2", "M3", "M4", "M5", "F1", "F2", "F3", "F4", "F5")

LANGUAGES = (
    "en", "ko", "ja", "ar", "bg", "cs", "da", "de", "el", "es", "et",
    "fi", "fr", "hi", "hr", "hu", "id", "it", "lt", "lv", "nl", "pl",
    "pt", "ro", "ru", "sk", "sl", "sv", "tr", "uk", "vi",
)  # fmt: skip
UNKNOWN_LANGUAGE = "na"
ALL_LANGUAGE_CODES = (*LANGUAGES, UNKNOWN_LANGUAGE)

DEFAULT_SPEED = 1.05
MIN_SPEED, MAX_SPEED = 0.7, 2.0
DEFAULT_STEPS = 8
MIN_STEPS, MAX_STEPS = 1, 100
