"""Key mode: the official OpenAI SDK's `Authorization: Bearer <key>` checked against
SHA-256 digests in Secrets Manager or SSM (moto's server on 127.0.0.1), through
`python -m handler serve`: right key, wrong key, no key, a rotated key; keys never logged."""

from __future__ import annotations

import hashlib
import http.client
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest

from handler.api_keys import ApiKeys, parse_digests, request_key
from handler.errors import InvalidApiKeyError, StorageUnavailableError
from tests.infra.local_server import local_server
from tests.infra.moto_server import MotoServer
from tests.infra.ports import LOOPBACK

KEY, ROTATED = "sk-first-" + uuid.uuid4().hex, "sk-second-" + uuid.uuid4().hex
TEXT = "Only with the right key."


def sha(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@pytest.fixture(scope="module", params=["secretsmanager", "ssm"])
def keyed(
    request: pytest.FixtureRequest,
    moto_server: MotoServer,
    tiny_model_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[int, Any, Any]]:
    """(port, a function that stores the digests, the server process)."""
    name = f"supertonic-keys-{uuid.uuid4().hex[:8]}"
    if request.param == "secretsmanager":
        client = moto_server.client("secretsmanager")
        client.create_secret(Name=name, SecretString=json.dumps([sha(KEY)]))

        def store(digests: list[str]) -> None:
            client.put_secret_value(SecretId=name, SecretString=json.dumps(digests))

        setting = {"API_KEYS_SECRET_ID": name}
    else:
        client = moto_server.client("ssm")
        client.put_parameter(Name=name, Value=sha(KEY), Type="SecureString")

        def store(digests: list[str]) -> None:
            client.put_parameter(Name=name, Value="\n".join(digests), Overwrite=True)

        setting = {"API_KEYS_PARAMETER": name}
    env = moto_server.env() | setting | {"API_KEYS_TTL_SECONDS": "0"}
    workdir = tmp_path_factory.mktemp(f"keys-{request.param}")
    with local_server(tiny_model_dir, workdir, env=env) as (port, process):
        yield port, store, process
    store([sha(KEY)])


def _sdk(port: int, key: str) -> Any:
    return openai.OpenAI(base_url=f"http://{LOOPBACK}:{port}/v1", api_key=key, max_retries=0)


def test_keys_through_the_sdk(keyed: tuple[int, Any, Any]) -> None:
    port, store, process = keyed
    audio = _sdk(port, KEY).audio.speech.create(
        model="tts-1", voice="alloy", input=TEXT, response_format="wav"
    )
    assert audio.content[:4] == b"RIFF"
    with pytest.raises(openai.AuthenticationError) as wrong:
        _sdk(port, "sk-wrong").audio.speech.create(model="tts-1", voice="alloy", input=TEXT)
    assert wrong.value.status_code == 401
    error = wrong.value.body
    assert error["code"] == "invalid_api_key" and error["type"] == "invalid_request_error"
    assert error["param"] is None
    # Rotation: the new key works and the old one stops, without a restart.
    store([sha(ROTATED)])
    assert _sdk(port, ROTATED).models.list().data
    with pytest.raises(openai.AuthenticationError):
        _sdk(port, KEY).models.list()
    store([sha(KEY)])
    log = process.log_path.read_text(encoding="utf-8", errors="replace")
    for secret in (KEY, ROTATED, sha(KEY), sha(ROTATED), "sk-wrong"):
        assert secret not in log


def test_no_key_is_401_and_health_stays_open(keyed: tuple[int, Any, Any]) -> None:
    port, _, _ = keyed

    def get(path: str, **headers: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection(LOOPBACK, port, timeout=60)
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        body = answer.read()
        connection.close()
        return answer.status, body

    status, body = get("/v1/voices")
    assert status == 401 and json.loads(body)["error"]["code"] == "invalid_api_key"
    assert get("/v1/health")[0] == 200
    assert get("/v1/voices", **{"x-api-key": KEY})[0] == 200  # x-api-key is accepted too


def test_the_store_and_the_headers_as_read() -> None:
    assert parse_digests(f"# keys\n{sha(KEY).upper()}\n\n{sha(ROTATED)}\n") == (
        sha(KEY),
        sha(ROTATED),
    )
    with pytest.raises(ValueError, match="no SHA-256 hex digest"):
        parse_digests(json.dumps(["not-a-digest"]))
    assert request_key({"authorization": "Bearer  abc "}) == "abc"
    assert request_key({"authorization": "Basic abc"}) is None
    assert request_key({}) is None


def test_an_unreadable_store_is_503_not_open() -> None:
    def broken() -> str:
        raise ConnectionError("no route")

    keys = ApiKeys(broken, ttl_seconds=0)
    with pytest.raises(StorageUnavailableError):
        keys.check("/v1/speech", {"authorization": f"Bearer {KEY}"})
    keys.check("/v1/health", {})  # the probe needs no key
    good = ApiKeys(lambda: sha(KEY), ttl_seconds=3600)
    good.check("/v1/speech", {"authorization": f"Bearer {KEY}"})
    with pytest.raises(InvalidApiKeyError):
        good.check("/v1/speech", {"authorization": "Bearer nope"})
