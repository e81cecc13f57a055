"""The function's configuration, read once from the environment at cold start."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class HandlerSettings(BaseSettings):
    model_config = SettingsConfigDict(frozen=True, extra="ignore")

    model_dir: Path = Path("/opt/model")
    output_bucket: str | None = None
    output_prefix: str = "speech/"
    input_prefix: str = "incoming/"
    # Presigned URLs are bearer tokens: short by default, capped at S3's 7 days.
    presign_expiry_seconds: int = Field(default=900, ge=60, le=604_800)
    # Time kept back from the Lambda deadline to cancel, answer 504 and abort uploads.
    deadline_margin_ms: int = Field(default=2000, ge=100, le=60_000)
    max_text_chars: int = Field(default=20_000, ge=1)
    # Synthesis seconds per second of audio at 8 steps (scaled by (steps + 2) / 10), with
    # margin over the 0.22-0.26 measured at 2,048 MB (~1.16 vCPU; bench lambda-limits). It
    # turns away HTTP requests that cannot finish before the deadline (text_too_long, up
    # front, rather than 504 after minutes of billed work) and sizes batch segments.
    # BATCH_ESTIMATED_RTF is its earlier name.
    estimated_rtf: float = Field(
        default=0.4, gt=0, validation_alias=AliasChoices("estimated_rtf", "batch_estimated_rtf")
    )
    # Limits on what will actually be synthesized (handler/admission.py), whatever the
    # request's own size: the text as read after SSML, normalization and lexicons (a small
    # lexicon can expand every word), the pauses it plans (SSML <break>), and the audio's
    # estimated encoded size when it goes to S3.
    max_spoken_chars: int = Field(default=60_000, ge=1)
    max_silence_seconds: float = Field(default=300.0, gt=0)
    max_audio_bytes: int = Field(default=1_000_000_000, ge=1024)
    max_body_bytes: int = Field(default=1_048_576, ge=1024)
    # GET / answers the playground page (handler/static). Off by default: a browser cannot
    # sign requests for an AWS_IAM Function URL; `python -m handler serve` always turns it on.
    playground: bool = False
    # Raw audio above this goes to S3: 6 MB response limit, base64 adds a third,
    # and the JSON envelope and headers need room.
    inline_audio_limit_bytes: int = Field(default=4_500_000, ge=1024)
    # A deployment-wide lexicon as an S3 object (s3://bucket/key.json), read at init;
    # a file in the image is SUPERTONIC_LEXICON_FILE (model_layer settings).
    lexicon_s3_uri: str | None = None
    # Only for S3-compatible servers (local runs and tests); unset on AWS.
    s3_endpoint_url: str | None = None
    # The deployment's own voices (handler/voice_library.py): voice-style JSON files in a
    # folder of the image and/or under an S3 prefix (s3://bucket/prefix/), loaded at init.
    voices_dir: Path | None = None
    voices_s3_uri: str | None = None
    # API keys (handler/api_keys.py), opt-in: SHA-256 digests of the keys in a Secrets
    # Manager secret or an SSM SecureString parameter; unset, the URL's IAM auth decides.
    api_keys_secret_id: str | None = None
    api_keys_parameter: str | None = None
    # How long a read of the key store is trusted: a rotated key works within this.
    api_keys_ttl_seconds: float = Field(default=60.0, ge=0, le=3600)
    # Bounds on one S3 call: botocore's standard retries (attempts count the first), each
    # attempt bounded by these timeouts. No new attempt starts past the deadline margin, so
    # one attempt in flight (connect + read timeout) is what can overrun it.
    s3_max_attempts: int = Field(default=3, ge=1, le=10)
    s3_connect_timeout_seconds: float = Field(default=1.0, gt=0, le=60)
    s3_read_timeout_seconds: float = Field(default=3.0, gt=0, le=120)

    # --- batch narration from S3 uploads (handler/batch) ---
    # Claims, segment audio and job descriptors, in OUTPUT_BUCKET; never under OUTPUT_PREFIX.
    batch_work_prefix: str = "batch-work/"
    batch_max_input_bytes: int = Field(default=2_097_152, ge=1)
    # EPUB uploads carry their images and fonts, so their bound is of another size than a
    # text's (Markdown and HTML are bounded as text); the spoken text counts as text does.
    batch_max_document_bytes: int = Field(default=52_428_800, ge=1)
    batch_max_text_chars: int = Field(default=200_000, ge=1)
    # Estimated synthesis seconds one invocation takes on; longer texts are split into
    # segments run in parallel through SEGMENT_QUEUE_URL. Keep it well under the timeout.
    batch_max_spoken_chars: int = Field(default=600_000, ge=1)
    batch_max_silence_seconds: float = Field(default=3_600.0, gt=0)
    batch_max_audio_bytes: int = Field(default=4_000_000_000, ge=1024)
    batch_max_invocation_seconds: float = Field(default=600.0, gt=0)
    segment_queue_url: str | None = None
    # Like S3_ENDPOINT_URL, for the segment queue in local runs and tests; unset on AWS.
    sqs_endpoint_url: str | None = None
    # --- result cache (handler/cache.py) ---
    # Speech already made is answered from OUTPUT_BUCKET under RESULT_CACHE_PREFIX instead
    # of synthesized again; on wherever OUTPUT_BUCKET is set, RESULT_CACHE=off turns it off.
    result_cache: bool = True
    # Its own prefix, so the template gives it its own lifecycle expiry; never under
    # OUTPUT_PREFIX or BATCH_WORK_PREFIX (their expiry would cut it short).
    result_cache_prefix: str = Field(default="cache/", min_length=1)

    @model_validator(mode="after")
    def _cache_prefix_apart(self) -> HandlerSettings:
        for other, name in (
            (self.output_prefix, "OUTPUT_PREFIX"),
            (self.batch_work_prefix, "BATCH_WORK_PREFIX"),
        ):
            cache = self.result_cache_prefix
            if cache.startswith(other) or other.startswith(cache):
                raise ValueError(
                    f"RESULT_CACHE_PREFIX {cache!r} overlaps {name} {other!r}: their "
                    "lifecycle rules would expire each other's objects"
                )
        return self

    # S3 multipart parts must be at least 5 MiB except the last.
    batch_part_size_bytes: int = Field(default=8 * 1024 * 1024, ge=5 * 1024 * 1024)
    # A batch claim's lease, renewed by its live holder every third of it: after a crash a
    # retry takes the job over within about this long (Lambda retries after ~1 and ~3 min).
    batch_lease_seconds: float = Field(default=45.0, ge=1, le=900)
    # How often at most one worker rewrites `<name>.status.json` while it synthesizes.
    batch_status_interval_seconds: float = Field(default=5.0, gt=0, le=300)


@lru_cache(maxsize=1)
def get_settings() -> HandlerSettings:
    return HandlerSettings()
