"""Which model made the audio, for the response headers and the audio files' tags.

The weights' licence (BigScience Open RAIL-M) forbids passing machine-generated
speech off as human, so every answer says what made it. The model is set once per
process, at load (`model_layer.load`), from the model directory's REVISION; until then
(or for a model directory with no REVISION) it names the repository alone.
"""

from __future__ import annotations

MODEL_NAME = "Supertonic 3"
MODEL_REPO = "Supertone/supertonic-3"
UNKNOWN = "unknown"

_model_id = MODEL_REPO
_embed_in_audio = True


def configure(revision: str, *, embed_in_audio: bool) -> None:
    """Name the loaded model (repository@revision) and say whether files carry tags."""
    global _model_id, _embed_in_audio
    _model_id = MODEL_REPO if revision in ("", UNKNOWN) else f"{MODEL_REPO}@{revision}"
    _embed_in_audio = embed_in_audio


def model_id() -> str:
    return _model_id


def audio_tags() -> dict[str, str]:
    """libsndfile string tags for a new audio file; empty when turned off."""
    if not _embed_in_audio:
        return {}
    return {
        "artist": f"{MODEL_NAME} (AI-generated voice)",
        "comment": (
            f"AI-generated speech: synthesized by the {MODEL_NAME} text-to-speech model "
            f"({_model_id}); not a recording of a person."
        ),
        "software": "supertonic-lambda",
    }


def provenance_headers() -> dict[str, str]:
    """The HTTP headers every audio response carries."""
    return {"x-ai-generated": "true", "x-ai-model": f"{MODEL_NAME} ({_model_id})"}
