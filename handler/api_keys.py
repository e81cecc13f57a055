"""API keys for the Function URL, opt-in: what OpenAI's SDK can send where it cannot sign
an IAM request.

The keys are stored hashed (SHA-256, hex) in Secrets Manager (`API_KEYS_SECRET_ID`) or in
an SSM SecureString parameter (`API_KEYS_PARAMETER`), as a JSON list of digests or one
digest per line. They are read at init and again once the copy is older than
`API_KEYS_TTL_SECONDS`, so a rotated key works without a redeploy. A request carries its key
as `Authorization: Bearer <key>` (what the OpenAI SDK sends) or `x-api-key`; its digest is
compared with every stored one in constant time. Keys are never logged, nor their digests.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from handler.errors import InvalidApiKeyError, StorageUnavailableError
from handler.observability import logger as log

OPEN_PATHS = frozenset({"/v1/health"})  # a load balancer's or uptime check's probe


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def parse_digests(document: str) -> tuple[str, ...]:
    """The stored digests: a JSON list, or one per line (blank lines and # comments skipped)."""
    text = document.strip()
    if text.startswith("["):
        values = json.loads(text)
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ValueError("the API key store must hold a JSON list of SHA-256 hex digests")
    else:
        values = [line.strip() for line in text.splitlines()]
        values = [v for v in values if v and not v.startswith("#")]
    digests = tuple(value.lower() for value in values)
    bad = [v for v in digests if len(v) != 64 or any(c not in "0123456789abcdef" for c in v)]
    if bad:
        raise ValueError(f"{len(bad)} entries of the API key store are no SHA-256 hex digest")
    return digests


def request_key(headers: Mapping[str, str]) -> str | None:
    authorization = headers.get("authorization", "")
    scheme, _, credentials = authorization.partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    key = headers.get("x-api-key", "").strip()
    return key or None


class ApiKeys:
    """The stored digests, re-read once older than `ttl_seconds`."""

    def __init__(self, read: Callable[[], str], ttl_seconds: float):
        self._read = read
        self._ttl = ttl_seconds
        self._lock = threading.Lock()
        self._digests: tuple[str, ...] = ()
        self._read_at = float("-inf")

    def _current(self) -> tuple[str, ...]:
        with self._lock:
            if time.monotonic() - self._read_at >= self._ttl:
                try:
                    self._digests = parse_digests(self._read())
                except Exception as exc:
                    log.warning("API key store unreadable", extra={"error": type(exc).__name__})
                    if not self._digests:  # nothing to fall back on
                        raise StorageUnavailableError(
                            f"the API key store could not be read ({type(exc).__name__})"
                        ) from None
                else:
                    self._read_at = time.monotonic()
            return self._digests

    def refresh(self) -> None:
        self._current()

    def check(self, path: str, headers: Mapping[str, str]) -> None:
        """Raise InvalidApiKeyError unless the request carries a stored key (or needs none)."""
        if path.rstrip("/") in OPEN_PATHS:
            return
        key = request_key(headers)
        if key is None:
            raise InvalidApiKeyError(
                "this function needs an API key: send Authorization: Bearer <key>"
            )
        given = digest(key).encode()
        # Every stored digest is compared, whichever matches: the time does not say which.
        matched = False
        for stored in self._current():
            matched |= hmac.compare_digest(given, stored.encode())
        if not matched:
            raise InvalidApiKeyError("the API key is not valid")


def from_settings(settings: Any, client: Callable[[str], Any]) -> ApiKeys | None:
    """Key mode when API_KEYS_SECRET_ID or API_KEYS_PARAMETER is set, else None (IAM)."""
    if settings.api_keys_secret_id:
        secret_id = settings.api_keys_secret_id

        def read() -> str:
            return str(
                client("secretsmanager").get_secret_value(SecretId=secret_id)["SecretString"]
            )

    elif settings.api_keys_parameter:
        name = settings.api_keys_parameter

        def read() -> str:
            answer = client("ssm").get_parameter(Name=name, WithDecryption=True)
            return str(answer["Parameter"]["Value"])

    else:
        return None
    keys = ApiKeys(read, settings.api_keys_ttl_seconds)
    # At init, so the first request does not wait for the store; a failure is logged and
    # each request tries again (answered 503 until the store can be read).
    with contextlib.suppress(StorageUnavailableError):
        keys.refresh()
    return keys
