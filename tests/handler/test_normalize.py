"""POST /v1/normalize, direct {"action": "normalize"}, and the deployment lexicon from S3."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
import uuid
from pathlib import Path

import pytest

from handler.deployment_lexicon import fetch_lexicon, parse_s3_uri
from model_layer import ModelLoadError
from tests.handler.conftest import Invoke, body_json, url_event
from tests.infra.seaweed import S3Server

ROOT = Path(__file__).resolve().parents[2]


def normalize(invoke: Invoke, **body: object) -> dict:
    return invoke(url_event("POST", "/v1/normalize", body))


def test_answers_what_would_be_read(invoke: Invoke) -> None:
    response = normalize(invoke, text="It costs $20 at 10:30 AM. Call 555-123-4567.", lang="en")
    assert response["statusCode"] == 200
    assert response["headers"]["content-type"] == "application/json"
    assert response["headers"]["x-language"] == "en"
    document = body_json(response)
    assert set(document) == {
        "normalized",
        "language",
        "chunks",
        "model_inputs",
        "duration_capped",
        "dropped_characters",
        "lexicon_unsupported",
    }
    assert document["duration_capped"] == [False] * len(document["chunks"])
    assert document["normalized"] == (
        "It costs twenty dollars at ten thirty A M. "
        "Call five five five, one two three, four five six seven."
    )
    assert document["language"] == "en"
    assert " ".join(document["chunks"]) == document["normalized"]
    assert document["dropped_characters"] == []


def test_model_inputs_are_exactly_what_the_model_reads(invoke: Invoke) -> None:
    """`[laugh]` is displayed as written but the model reads "laugh"; a real tag, in any
    case or as SSML, reaches the model as the one lowercase form it knows."""
    plain = body_json(normalize(invoke, text="[laugh] <LAUGH> That is 5 euros", lang="en"))
    assert plain["chunks"] == ["[laugh] <laugh> That is five euros"]
    assert plain["model_inputs"] == ["<en>laugh <laugh> That is five euros.</en>"]
    ssml = body_json(
        normalize(
            invoke,
            text='<speak xml:lang="ko"><Sigh/>안녕하세요.</speak>',
            text_type="ssml",
        )
    )
    # NFKD, as the reference prepares text: Hangul syllables reach the model as jamo.
    assert ssml["model_inputs"] == [unicodedata.normalize("NFKD", "<ko><sigh>안녕하세요.</ko>")]
    unnormalized = body_json(normalize(invoke, text="<Cough> API", lang="en", normalize=False))
    assert unnormalized["model_inputs"] == ["<en><cough> API.</en>"]


def test_tags_route_lists_the_expression_tags(invoke: Invoke) -> None:
    response = invoke(url_event("GET", "/v1/tags"))
    assert response["statusCode"] == 200
    document = body_json(response)
    assert [t["name"] for t in document["tags"]] == [
        "laugh", "breath", "surprise", "sigh", "scream", "throatclear", "sad", "angry",
        "cough", "yawn",
    ]  # fmt: skip
    assert document["tags"][0] == {"name": "laugh", "text": "<laugh>", "ssml": "<laugh/>"}
    assert document["best_languages"] == ["ko", "en", "ja"]
    assert "sentence" in document["placement"]
    assert invoke(url_event("POST", "/v1/tags", {}))["statusCode"] == 405


def test_language_is_detected_without_lang(invoke: Invoke) -> None:
    german = body_json(normalize(invoke, text="Das Ticket kostet heute nur 20 € pro Person."))
    assert german["language"] == "de"
    assert "zwanzig Euro" in german["normalized"]
    french = body_json(normalize(invoke, text="Le billet coûte 20 € par personne aujourd'hui."))
    assert french["language"] == "fr"
    assert "vingt euros" in french["normalized"]
    short = normalize(invoke, text="$20")
    assert short["headers"]["x-language"] == "en"
    assert body_json(short)["normalized"] == "twenty dollars"


def test_dropped_characters_and_strict(invoke: Invoke) -> None:
    text = "Snow \u2603 man."
    assert body_json(normalize(invoke, text=text, lang="en"))["dropped_characters"] == ["U+2603"]
    strict = normalize(invoke, text=text, lang="en", strict=True)
    assert strict["statusCode"] == 400
    assert body_json(strict)["error"]["code"] == "unsupported_characters"


def test_request_lexicon_entries(invoke: Invoke) -> None:
    lexicon = [
        {"word": "US", "say": "United States", "case_sensitive": True},
        {"word": "nginx", "say": "engine x"},
    ]
    document = body_json(
        normalize(invoke, text="NGINX in the US, not us.", lang="en", lexicon=lexicon)
    )
    assert document["normalized"] == "engine x in the United States, not us."
    bad = normalize(invoke, text="x", lexicon=[{"word": "", "say": "y"}])
    assert bad["statusCode"] == 400
    assert body_json(bad)["error"]["code"] == "invalid_parameter"
    assert body_json(bad)["error"]["param"] == "lexicon.entries.0.word"


def test_same_errors_as_speech(invoke: Invoke) -> None:
    empty = normalize(invoke, text="   ")
    assert (empty["statusCode"], body_json(empty)["error"]["code"]) == (400, "empty_text")
    wrong_method = invoke(url_event("GET", "/v1/normalize"))
    assert wrong_method["statusCode"] == 405
    assert wrong_method["headers"]["allow"] == "POST"


def test_direct_invoke_action(invoke: Invoke) -> None:
    document = invoke({"action": "normalize", "text": "Version 3.10.2 is out.", "lang": "en"})
    assert document["normalized"] == "Version three point ten point two is out."
    assert document["language"] == "en" and document["request_id"]
    unknown = invoke({"action": "sing", "text": "la"})
    assert unknown["error"]["code"] == "invalid_parameter"
    assert unknown["error"]["param"] == "action"


def test_fetch_lexicon_from_s3(s3_server: S3Server) -> None:
    client = s3_server.client()
    bucket = f"lexicon-{uuid.uuid4().hex[:10]}"
    client.create_bucket(Bucket=bucket)
    entries = {"entries": [{"word": "k8s", "say": "kubernetes"}]}
    client.put_object(Bucket=bucket, Key="team/lexicon.json", Body=json.dumps(entries).encode())
    client.put_object(Bucket=bucket, Key="bad.json", Body=b"{not json")
    lexicon = fetch_lexicon(client, f"s3://{bucket}/team/lexicon.json")
    assert [(e.word, e.say) for e in lexicon.entries] == [("k8s", "kubernetes")]
    with pytest.raises(ModelLoadError, match="cannot fetch the lexicon"):
        fetch_lexicon(client, f"s3://{bucket}/missing.json")
    with pytest.raises(ModelLoadError, match=r"bad\.json: not valid JSON"):
        fetch_lexicon(client, f"s3://{bucket}/bad.json")
    with pytest.raises(ModelLoadError, match=r"s3://bucket/key\.json"):
        parse_s3_uri("https://example.com/lexicon.json")


@pytest.mark.slow
def test_init_loads_the_s3_lexicon(
    s3_server: S3Server, tiny_model_dir: Path, tmp_path: Path
) -> None:
    client = s3_server.client()
    bucket = f"lexicon-{uuid.uuid4().hex[:10]}"
    client.create_bucket(Bucket=bucket)
    client.put_object(Bucket=bucket, Key="lexicon.json", Body=b'{"nginx": "engine x"}')
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"action": "normalize", "text": "Nginx works.", "lang": "en"}))
    env = {
        **s3_server.env(),
        "PATH": "/usr/bin:/bin",
        "MODEL_DIR": str(tiny_model_dir),
        "SUPERTONIC_WARMUP": "false",
        "S3_ENDPOINT_URL": s3_server.endpoint_url,
        "LEXICON_S3_URI": f"s3://{bucket}/lexicon.json",
    }
    result = subprocess.run(
        [sys.executable, "-m", "handler", "invoke", str(event)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert '"normalized": "engine x works."' in result.stdout
