"""Lexicons: whole words, case-insensitive unless asked, the request's over the deployment's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import model_layer
from model_layer import ModelLoadError
from model_layer.settings import EngineSettings
from model_layer.text import normalize_text
from model_layer.text.lexicon import Lexicon, LexiconEntry, LexiconError


def test_case_insensitive_by_default() -> None:
    lexicon = Lexicon.from_mapping({"nginx": "engine x"})
    assert normalize_text("Nginx and NGINX and nginx", "en", lexicon) == (
        "engine x and engine x and engine x"
    )


def test_case_sensitive_entries_match_only_their_case() -> None:
    lexicon = Lexicon([LexiconEntry("US", "United States", case_sensitive=True)])
    assert normalize_text("The US and us", "en", lexicon) == "The United States and us"


def test_exact_case_wins_over_a_case_insensitive_entry() -> None:
    lexicon = Lexicon(
        [LexiconEntry("us", "ourselves"), LexiconEntry("US", "United States", case_sensitive=True)]
    )
    assert normalize_text("US, Us", "en", lexicon) == "United States, ourselves"


def test_whole_words_only_and_longest_first() -> None:
    lexicon = Lexicon.from_mapping({"cat": "kitty", "New York": "NY town", "New York City": "NYC!"})
    text = "concatenate a cat in New York City, not New York"
    assert normalize_text(text, "en", lexicon) == "concatenate a kitty in NYC!, not NY town"


def test_entries_for_one_language_apply_only_there() -> None:
    lexicon = Lexicon([LexiconEntry("Mo.", "Montag", lang="de"), LexiconEntry("Mo.", "Monday")])
    assert normalize_text("Mo.", "de", lexicon) == "Montag"
    assert normalize_text("Mo.", "en", lexicon) == "Monday"
    only_de = Lexicon([LexiconEntry("Mo.", "Montag", lang="de")])
    assert only_de.matcher("fr") is None


def test_request_wins_over_deployment_and_output_is_not_rewritten() -> None:
    deployment = Lexicon.from_mapping({"SQL": "sequel", "k8s": "kubernetes"})
    request = {"SQL": "S Q L 5"}
    text = "SQL on k8s"
    assert normalize_text(text, "en", request, deployment) == "S Q L 5 on kubernetes"
    assert normalize_text(text, "en", None, deployment) == "sequel on kubernetes"


def test_document_formats() -> None:
    entries = Lexicon.from_json(
        json.dumps({"entries": [{"word": "GIF", "say": "jif", "case_sensitive": True}]})
    )
    assert entries.entries == (LexiconEntry("GIF", "jif", True, None),)
    flat = Lexicon.from_json('{"nginx": "engine x"}')
    assert flat.entries == (LexiconEntry("nginx", "engine x"),)
    later = Lexicon.from_mapping({"a1": "first"}) + Lexicon.from_mapping({"A1": "second"})
    assert [e.say for e in later.entries] == ["second"]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "expected"),
        ('{"entries": [{"word": "", "say": "x"}]}', "entry 0: 'word'"),
        ('{"entries": [{"word": "a", "say": 5}]}', "entry 0: 'say'"),
        ('{"entries": [{"word": "a", "say": "b"}, {"word": "c"}]}', "entry 1: 'say'"),
        ('{"entries": [{"word": "a", "say": "b", "lang": "xx"}]}', "unknown language 'xx'"),
        ('{"entries": [{"word": "a", "say": "b", "case": true}]}', "unknown field(s) case"),
        ('{"entries": [{"word": "a", "say": "b", "case_sensitive": "yes"}]}', "true or false"),
    ],
)
def test_bad_documents_name_the_entry(document: str, message: str) -> None:
    with pytest.raises(LexiconError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Lexicon.from_json(document, "lexicon.json")


def test_deployment_lexicon_file_is_loaded_at_init(tiny_model_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "lexicon.json"
    path.write_text(json.dumps({"entries": [{"word": "nginx", "say": "engine x"}]}), "utf-8")
    settings = EngineSettings(warmup=False, lexicon_file=path)
    extra = Lexicon.from_mapping({"k8s": "kubernetes"})
    synthesizer = model_layer.load(tiny_model_dir, settings, lexicon=extra)
    plan = synthesizer.plan("Nginx on k8s.", lang="en", durations=False)
    assert plan.normalized_text == "engine x on kubernetes."
    assert all(float(chunk.duration[0]) == 0.0 for chunk in plan.chunks)
    request = synthesizer.plan("Nginx.", lang="en", lexicon={"nginx": "N G X"}, durations=False)
    assert request.normalized_text == "N G X."


def test_unreadable_deployment_lexicon_fails_the_load(tiny_model_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"entries": [{"word": "x"}]}', "utf-8")
    with pytest.raises(ModelLoadError, match=r"SUPERTONIC_LEXICON_FILE: .*broken\.json: entry 0"):
        model_layer.load(tiny_model_dir, EngineSettings(warmup=False, lexicon_file=path))
    with pytest.raises(ModelLoadError, match="cannot read"):
        model_layer.load(
            tiny_model_dir, EngineSettings(warmup=False, lexicon_file=tmp_path / "missing.json")
        )
