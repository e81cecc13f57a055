"""Request and response bodies of the HTTP API; they also generate its OpenAPI description."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

from handler.dialogue import script_to_ssml
from handler.openai_compat import OPENAI_MAX_SPEED, OPENAI_MIN_SPEED
from model_layer.blends import MAX_COMPONENTS as MAX_BLEND_COMPONENTS
from model_layer.constants import (
    ALL_LANGUAGE_CODES,
    DEFAULT_SPEED,
    DEFAULT_STEPS,
    MAX_SPEED,
    MAX_STEPS,
    MIN_SPEED,
    MIN_STEPS,
)

Language = Literal[ALL_LANGUAGE_CODES]  # type: ignore[valid-type]
FormatName = Literal["wav", "flac", "mp3", "opus", "ogg", "pcm"]
SampleRate = Literal[8000, 16000, 22050, 24000, 44100, 48000]
Delivery = Literal["auto", "inline", "s3"]
TextType = Literal["text", "ssml"]


class StyleTensor(BaseModel):
    dims: list[int] | None = None
    data: list[Any]
    type: Literal["float32"] = "float32"


class InlineStyle(BaseModel):
    """A voice given inline, in the published voice-style JSON structure."""

    style_ttl: StyleTensor
    style_dp: StyleTensor


class BlendPart(BaseModel):
    model_config = ConfigDict(extra="forbid")

    voice: str = Field(min_length=1, max_length=64, description="A preset or library voice.")
    weight: float = Field(default=1.0, description="Finite and above 0; normalized to sum 1.")


class VoiceBlend(BaseModel):
    """A mix of voices: {"blend": [{"voice": "M1", "weight": 0.7}, {"voice": "F2", ...}]},
    the same as the string "M1*0.7+F2*0.3"."""

    model_config = ConfigDict(extra="forbid")

    blend: list[BlendPart] = Field(min_length=1, max_length=MAX_BLEND_COMPONENTS)

    def as_text(self) -> str:
        return "+".join(f"{part.voice}*{part.weight!r}" for part in self.blend)


class LexiconEntry(BaseModel):
    """One lexicon entry, as in the deployment lexicon file."""

    model_config = ConfigDict(extra="forbid")

    word: str = Field(min_length=1, max_length=100)
    say: str = Field(max_length=500)
    case_sensitive: bool = False
    lang: Language | None = Field(default=None, description="Only for this language.")


def _lexicon_shape(value: Any) -> str:
    if isinstance(value, str):
        return "pls"
    return "entries" if isinstance(value, list) else "mapping"


# Tagged by shape, so a bad entry is reported as `lexicon.entries.0.word`, not as
# "should be a valid dictionary". A string is a W3C PLS document (model_layer/text/pls.py).
RequestLexicon = Annotated[
    Annotated[dict[str, str], Tag("mapping"), Field(max_length=500)]
    | Annotated[list[LexiconEntry], Tag("entries"), Field(max_length=500)]
    | Annotated[str, Tag("pls"), Field(max_length=200_000)],
    Discriminator(_lexicon_shape),
]


Loudness = Literal["normalized", "raw"]


class ScriptLine(BaseModel):
    """One line of a dialogue script."""

    model_config = ConfigDict(extra="forbid")

    voice: str = Field(min_length=1, max_length=200, description="A voice or a blend.")
    text: str = Field(min_length=1)
    lang: Language | None = Field(default=None, description="This line's language.")
    speed: float | None = Field(default=None, ge=MIN_SPEED, le=MAX_SPEED)


class SpeechRequest(BaseModel):
    """POST /v1/speech."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _script_as_ssml(cls, data: Any) -> Any:
        """A dialogue `script` is the SSML it means (handler/dialogue.py)."""
        if not isinstance(data, dict) or "script" not in data:
            return data
        if data.get("text") is not None or data.get("text_key") is not None:
            raise ValueError("give either text or script, not both")
        return {**data, "text": "", "text_type": "ssml"}

    @model_validator(mode="after")
    def _script_text(self) -> SpeechRequest:
        if self.script is not None:
            self.text = script_to_ssml(self.script, self.speed, self.script_pause_ms)
        return self

    text: str = Field(description="Text to speak; numbers, dates and currency are spelled out.")
    script: list[ScriptLine] | None = Field(
        default=None,
        min_length=1,
        max_length=500,
        description="A dialogue instead of text: [{'voice': 'M1', 'text': '...', 'lang'?, "
        "'speed'?}, ...]; each line in its voice, a pause of script_pause_ms between lines.",
    )
    script_pause_ms: int = Field(default=300, ge=0, le=5000)
    text_type: TextType = Field(
        default="text",
        description="'ssml': text is an SSML document (the subset in the README); "
        "'text': plain text, where '<' and '>' are ordinary characters.",
    )
    voice: str | InlineStyle | VoiceBlend = Field(
        default="M1",
        description="A preset or library voice (GET /v1/voices), a blend ('M1*0.7+F2*0.3' "
        "or {'blend': [...]}), or an inline style.",
    )
    lang: Language | None = Field(
        default=None,
        description="Language code; omitted = detected (script, then a language identifier "
        "for Latin/Cyrillic text), else DEFAULT_LANG; the result is in x-language.",
    )
    speed: float = Field(default=DEFAULT_SPEED, ge=MIN_SPEED, le=MAX_SPEED)
    steps: int = Field(
        default=DEFAULT_STEPS, ge=MIN_STEPS, le=MAX_STEPS, description="Denoising steps."
    )
    format: FormatName = "wav"
    sample_rate: SampleRate | None = Field(
        default=None, description="Output rate; omitted = 44100 (48000 for opus)."
    )
    seed: int | None = Field(
        default=None, ge=0, le=2**63 - 1, description="Same seed, same request: same audio."
    )
    delivery: Delivery = Field(
        default="auto", description="auto: inline unless too large for a response, then S3."
    )
    strict: bool = Field(
        default=False, description="Reject unsupported characters instead of dropping them."
    )
    normalize: bool = Field(
        default=True, description="Spell out numbers, dates, currency and symbols."
    )
    lexicon: RequestLexicon | None = Field(
        default=None,
        description="Whole-word replacements applied first, case-insensitive: "
        "{'nginx': 'engine x'}, or entries [{'word': 'US', 'say': 'United States', "
        "'case_sensitive': true}], or a W3C PLS document as a string (its <alias> entries; "
        "<phoneme>-only entries are reported in /v1/normalize's lexicon_unsupported). They "
        "win over the deployment's lexicon.",
    )
    cache: bool = Field(
        default=True,
        description="false: synthesize even if the result cache holds this speech, and do "
        "not store it. With the cache on and no seed, the seed is derived from the content "
        "(x-seed), so the same request gives the same audio.",
    )
    loudness: Loudness = Field(
        default="normalized",
        description="normalized: a preset voice at LOUDNESS_TARGET_LUFS (ITU-R BS.1770), true "
        "peak under LOUDNESS_TRUE_PEAK_DBTP; raw: the model's output as it comes. Inline styles "
        "that are no preset are always raw. The result is in x-loudness.",
    )


class OpenAIVoiceId(BaseModel):
    """OpenAI's custom-voice reference: the name of a voice this deployment has."""

    id: str = Field(min_length=1, max_length=64)


class OpenAISpeechRequest(BaseModel):
    """POST /v1/audio/speech, compatible with OpenAI's speech API."""

    # OpenAI clients send fields we have no use for (instructions, stream_format).
    model_config = ConfigDict(extra="ignore")

    model: str = Field(description="Accepted for compatibility; any value selects Supertonic 3.")
    input: str = Field(max_length=4096)
    voice: str | OpenAIVoiceId = Field(
        description="An OpenAI voice name (mapped to a preset), a preset name, or OpenAI's "
        'custom-voice object {"id": name}.'
    )
    instructions: str | None = Field(
        default=None,
        max_length=4096,
        description="Accepted and ignored: Supertonic 3 takes no spoken-style instructions; "
        "choose the voice (or a blend) instead.",
    )
    response_format: Literal["mp3", "opus", "flac", "wav", "pcm"] = "mp3"
    speed: float = Field(
        default=1.0,
        ge=OPENAI_MIN_SPEED,
        le=OPENAI_MAX_SPEED,
        description="OpenAI's range, 0.25-4.0; the model says 0.7-2.0, so a value outside "
        "that is held to its nearest end.",
    )
    stream_format: Literal["audio", "sse"] = Field(
        default="audio",
        description="audio: the audio bytes; sse: Server-Sent Events, speech.audio.delta "
        "(base64 audio) then speech.audio.done (usage, counted in characters).",
    )


class ModelInfo(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str


class ModelsResponse(BaseModel):
    """GET /v1/models, as OpenAI-compatible servers answer it."""

    object: Literal["list"] = "list"
    data: list[ModelInfo]


class ErrorDetail(BaseModel):
    code: str
    message: str
    status: int
    request_id: str
    param: str | None = None
    details: Any = None
    retryable: bool = Field(
        default=False, description="The same request may succeed later (after Retry-After)."
    )


class ErrorResponse(BaseModel):
    error: ErrorDetail


class S3DeliveryResponse(BaseModel):
    delivery: Literal["s3"] = "s3"
    url: str = Field(description="Presigned GET URL of the audio.")
    expires_at: str = Field(description="When the URL stops working (ISO 8601, UTC).")
    expires_in: int
    bucket: str
    key: str
    content_type: str
    format: str
    sample_rate: int
    duration_seconds: float
    language: str
    seed: int
    dropped_characters: list[str]
    request_id: str
    loudness: Loudness = Field(default="raw", description="normalized or raw (see the request).")


class NormalizeResponse(BaseModel):
    """POST /v1/normalize: what /v1/speech would read, without synthesizing it."""

    normalized: str = Field(description="The whole text as it will be spoken.")
    language: str = Field(description="The language used (given, or detected).")
    chunks: list[str] = Field(description="The pieces synthesized one at a time, in order.")
    model_inputs: list[str] = Field(
        default_factory=list,
        description="Exactly the string each chunk sends to the model, in order: the chunk "
        "after the reference preparation, with its language tags (`chunks` is its display form).",
    )
    duration_capped: list[bool] = Field(
        default_factory=list,
        description="Per chunk, in order: true where the predicted duration ran away and "
        "the duration guard replaced it (DURATION_GUARD).",
    )
    dropped_characters: list[str] = Field(
        description="Unsupported characters that would be removed, as U+XXXX."
    )
    lexicon_unsupported: list[str] = Field(
        default_factory=list,
        description="Words the request's or the deployment's PLS lexicon gives only as "
        "<phoneme>s, which this model cannot say: they are read as written.",
    )


class SpeechMarksRequest(SpeechRequest):
    """POST /v1/speech/marks: the /v1/speech body, plus whether to estimate word marks and
    the form of the answer (its `format` is the marks', not the audio's)."""

    format: Literal["json", "vtt", "srt", "polly"] | FormatName = Field(  # type: ignore[assignment]
        default="json",
        description="json (default): marks as below; vtt or srt: caption cues of the "
        "sentences (42 characters a line, two lines a cue); polly: Amazon Polly's speech "
        "marks, JSON lines {time, type, start, end, value} with byte offsets into the text. "
        "An audio format (the /v1/speech body sent as it is) answers json marks.",
    )

    word_marks: bool = Field(
        default=False,
        description="Also estimate word marks ('estimated': true): each sentence's time "
        "spread over its characters.",
    )


class SpeechMark(BaseModel):
    type: Literal["sentence", "word"]
    text: str = Field(description="The request text's characters [text_start, text_end).")
    start: float = Field(description="Seconds into the audio where its speech starts.")
    end: float = Field(description="Seconds into the audio where its speech ends.")
    text_start: int = Field(description="Offset into the text (SSML: markup removed).")
    text_end: int
    estimated: bool = Field(default=False, description="True for word marks: an estimate.")
    voice: str | None = Field(
        default=None,
        description="The speaker: the SSML <voice> or script line's voice; null: the "
        "request's voice.",
    )
    duration_capped: bool = Field(
        default=False,
        description="Sentence marks: the chunk's predicted duration ran away and the "
        "duration guard replaced it (DURATION_GUARD); its times are the guard's.",
    )


class SpeechMarksResponse(BaseModel):
    """POST /v1/speech/marks: when each sentence is spoken, from planning alone."""

    language: str
    duration_seconds: float = Field(description="Length of the audio /v1/speech would give.")
    seed: int = Field(description="The seed /v1/speech would use (as x-seed).")
    marks: list[SpeechMark]


class VoiceInfo(BaseModel):
    name: str
    openai_aliases: list[str]
    source: Literal["preset", "library"] = Field(
        default="preset",
        description="preset: shipped with the model; library: the deployment's own "
        "(VOICES_DIR, VOICES_S3_URI).",
    )


class VoicesResponse(BaseModel):
    voices: list[VoiceInfo]


class TagInfo(BaseModel):
    name: str = Field(description="The tag's name, e.g. laugh.")
    text: str = Field(description="How to write it in plain text (any case works): <laugh>.")
    ssml: str = Field(description="How to write it in SSML: <laugh/>.")


class TagsResponse(BaseModel):
    """GET /v1/tags: the model's inline expression tags and what is known about them."""

    tags: list[TagInfo]
    best_languages: list[str] = Field(description="Where they are reported to work best.")
    placement: str = Field(description="Where in a sentence they work best.")
    notes: str
    sources: list[str]


class HealthResponse(BaseModel):
    status: Literal["ok"] = "ok"
    model_revision: str
    weights_sha256: str = Field(
        description="Digest of the verified weight set (docker/model-weights.txt); "
        '"unknown" for a model directory the image build did not verify.'
    )
    sample_rate: int
    languages: list[str]
    voices: list[str]
    cold: bool = Field(description="True only for the first invocation this process serves.")
    synthetic: bool = Field(
        default=False,
        description="True when the loaded model is a synthetic test model (random weights: "
        "it speaks tones, not words).",
    )
