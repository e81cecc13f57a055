"""W3C PLS lexicons wherever a lexicon is accepted: per request as a string, as the
deployment's file (SUPERTONIC_LEXICON_FILE) and from S3 (LEXICON_S3_URI); aliases said,
phoneme-only words reported, DTDs and entities (billion laughs, XXE) refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from handler.deployment_lexicon import fetch_lexicon
from model_layer import Lexicon, LexiconError
from tests.handler.conftest import url_event

PLS = (Path(__file__).parents[1] / "fixtures" / "lexicons" / "polly-en.pls").read_text()
TEXT = "The W3C says k8s and Kubernetes are fine, says Nguyen."
BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lexicon [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
 xml:lang="en"><lexeme><grapheme>x</grapheme><alias>&lol3;</alias></lexeme></lexicon>"""
XXE = """<?xml version="1.0"?>
<!DOCTYPE lexicon [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
 xml:lang="en"><lexeme><grapheme>x</grapheme><alias>&secret;</alias></lexeme></lexicon>"""


def normalize(invoke: Any, **body: Any) -> dict[str, Any]:
    return invoke(url_event("POST", "/v1/normalize", {"lang": "en", **body}))


def test_a_request_pls_says_its_aliases_and_reports_phonemes(invoke: Any) -> None:
    answer = normalize(invoke, text=TEXT, lexicon=PLS)
    assert answer["statusCode"] == 200, answer["body"]
    document = json.loads(answer["body"])
    spoken = document["normalized"]
    assert "World Wide Web Consortium" in spoken
    assert spoken.count("koo ber net ease") == 2
    assert "Nguyen" in spoken  # read as written: the model cannot say phonemes
    assert document["lexicon_unsupported"] == ["Nguyen"]
    plain = json.loads(normalize(invoke, text=TEXT)["body"])
    assert plain["lexicon_unsupported"] == [] and "koo" not in plain["normalized"]


def test_pls_entries_keep_to_their_language(invoke: Any) -> None:
    document = json.loads(normalize(invoke, text="Der W3C tagt.", lexicon=PLS, lang="de")["body"])
    assert "World Wide Web Consortium" not in document["normalized"]


@pytest.mark.parametrize(
    ("document", "says"),
    [
        (BILLION_LAUGHS, "may not declare a DTD or entities"),
        (XXE, "may not declare a DTD or entities"),
        ("<lexicon><lexeme>", "not well-formed XML"),
        ("<speak>hi</speak>", "root element must be a PLS <lexicon>"),
        (PLS.replace('xml:lang="en-US"', 'xml:lang="tlh"'), "not one of the model's languages"),
    ],
)
def test_hostile_or_broken_pls_is_a_400(invoke: Any, document: str, says: str) -> None:
    answer = normalize(invoke, text=TEXT, lexicon=document)
    assert answer["statusCode"] == 400
    error = json.loads(answer["body"])["error"]
    assert error["code"] == "invalid_parameter" and error["param"] == "lexicon"
    assert says in error["message"]
    assert "root:" not in answer["body"]  # nothing of /etc/passwd


def test_a_deployment_pls_file_and_s3_object(tmp_path: Path, s3: Any, s3_buckets: Any) -> None:
    path = tmp_path / "lexicon.pls"
    path.write_text(PLS, encoding="utf-8")
    from_file = Lexicon.from_file(path)
    assert from_file.unsupported == ("Nguyen",)
    assert {entry.word for entry in from_file.entries} == {"W3C", "Kubernetes", "k8s"}
    assert all(entry.lang == "en" and entry.case_sensitive for entry in from_file.entries)
    s3.put_object(Bucket=s3_buckets.input, Key="lexicons/polly.pls", Body=PLS.encode())
    from_s3 = fetch_lexicon(s3, f"s3://{s3_buckets.input}/lexicons/polly.pls")
    assert [e.word for e in from_s3.entries] == [e.word for e in from_file.entries]
    (tmp_path / "bomb.pls").write_text(BILLION_LAUGHS, encoding="utf-8")
    with pytest.raises(LexiconError, match="may not declare a DTD"):
        Lexicon.from_file(tmp_path / "bomb.pls")
