"""Audio encoding in memory and in streamed parts, with optional resampling.

Knows nothing of Lambda or S3: callers pass a sink whose callback does the uploading.
"""

from model_layer.audio.encoder import AudioEncoder, encode, float_to_pcm16
from model_layer.audio.formats import (
    FORMATS,
    SUPPORTED_SAMPLE_RATES,
    AudioFormat,
    FormatSpec,
    estimated_size,
    resolve_sample_rate,
)
from model_layer.audio.sinks import DEFAULT_PART_SIZE, MemorySink, PartSink, PartSinkError

__all__ = [
    "DEFAULT_PART_SIZE",
    "FORMATS",
    "SUPPORTED_SAMPLE_RATES",
    "AudioEncoder",
    "AudioFormat",
    "FormatSpec",
    "MemorySink",
    "PartSink",
    "PartSinkError",
    "encode",
    "estimated_size",
    "float_to_pcm16",
    "resolve_sample_rate",
]
