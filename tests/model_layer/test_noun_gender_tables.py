"""The noun-gender tables that number agreement reads (model_layer/text/shapes/data).

They are built by scripts/build_text_data.py from pinned dictionaries that this test
cannot fetch, so it checks what the build promises: the files are well formed, sized
as the script says, name the sources the script names, hold known forms (plurals too),
leave out nouns the dictionaries give both genders, and change the reading where the
noun's ending alone is wrong.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from model_layer.text import normalize_text
from model_layer.text.shapes import agreement, noun_genders

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "model_layer" / "text" / "shapes" / "data"
BUILT_FROM_DICTIONARIES = ("es", "pt", "it", "fr", "de")


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_text_data", REPO / "scripts" / "build_text_data.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _table(lang: str) -> dict[str, str]:
    forms: dict[str, str] = json.loads((DATA / f"noun_gender_{lang}.json").read_text("utf-8"))[
        "forms"
    ]
    return forms


@pytest.mark.parametrize("lang", [*BUILT_FROM_DICTIONARIES, "pl", "cs"])
def test_table_is_well_formed_and_sorted(lang: str) -> None:
    data = json.loads((DATA / f"noun_gender_{lang}.json").read_text("utf-8"))
    learned = {"endings"} if lang in BUILT_FROM_DICTIONARIES else set()
    assert set(data) == {"source", "forms"} | learned
    forms = data["forms"]
    assert list(forms) == sorted(forms), "the build writes forms sorted"
    genders = {"m", "f", "n"} if lang in ("de", "pl", "cs") else {"m", "f"}
    assert set(forms.values()) <= genders
    assert all(form == form.lower() and form.isalpha() for form in forms)


@pytest.mark.parametrize("lang", BUILT_FROM_DICTIONARIES)
def test_table_names_the_sources_and_size_the_script_pins(lang: str) -> None:
    script = _build_script()
    source = json.loads((DATA / f"noun_gender_{lang}.json").read_text("utf-8"))["source"]
    assert script.GENDER_SOURCES[lang] in source
    assert f"{script.NOUN_LEMMAS} most frequent noun lemmas" in source
    # Every form of at most NOUN_LEMMAS lemmas: a few thousand nouns, not a dictionary.
    assert 5_000 <= len(_table(lang)) <= 4 * script.NOUN_LEMMAS


KNOWN = {
    "es": {"mano": "f", "manos": "f", "día": "m", "días": "m", "mapa": "m", "foto": "f",
           "páginas": "f", "imágenes": "f", "acciones": "f", "tribu": "f"},
    "pt": {"tribo": "f", "tribos": "f", "mapa": "m", "mão": "f", "mãos": "f", "ações": "f",
           "árvores": "f", "dias": "m"},
    "it": {"mano": "f", "mani": "f", "problema": "m", "problemi": "m", "città": "f",
           "case": "f", "immagine": "f", "tribù": "f"},
    "fr": {"maison": "f", "musée": "m", "plage": "f", "voitures": "f", "accessoire": "m",
           "génie": "m", "chevaux": "m", "activités": "f"},
    "de": {"frau": "f", "mädchen": "n", "sache": "f", "bibliothek": "f", "ampel": "f",
           "buch": "n", "name": "m"},
}  # fmt: skip
# Nouns the dictionaries give both genders (meaning decides): left to the hand lists
# and the ending.
BOTH_GENDERS = {
    "it": ("pianeta", "fine"),
    "es": ("capital", "orden"),
    "fr": ("livre", "tour"),
    "de": ("kunde", "leiter"),
}


@pytest.mark.parametrize("lang", BUILT_FROM_DICTIONARIES)
def test_table_holds_known_forms_and_leaves_out_nouns_of_both_genders(lang: str) -> None:
    table = _table(lang)
    assert {form: table.get(form) for form in KNOWN[lang]} == KNOWN[lang]
    for form in BOTH_GENDERS.get(lang, ()):
        assert form not in table


# (lang, text, reading with the table, reading by the ending alone)
TABLE_DECIDES = [
    ("es", "Compró 300 acciones.", "Compró trescientas acciones.", "trescientos"),
    ("pt", "Vendeu 2 ações.", "Vendeu duas ações.", "dois"),
    ("it", "C'è 1 tribù.", "C'è una tribù.", "un tribù"),
    ("fr", "Il manque 1 accessoire.", "Il manque un accessoire.", "une accessoire"),
    ("de", "Es gibt 1 Bibliothek.", "Es gibt eine Bibliothek.", "ein Bibliothek"),
]


@pytest.mark.parametrize(("lang", "text", "with_table", "ending_alone"), TABLE_DECIDES)
def test_the_table_decides_where_the_ending_is_wrong(
    monkeypatch: pytest.MonkeyPatch, lang: str, text: str, with_table: str, ending_alone: str
) -> None:
    assert normalize_text(text, lang) == with_table
    monkeypatch.setattr(noun_genders, "noun_data", lambda _lang: ({}, {}))
    assert ending_alone in normalize_text(text, lang)


def test_a_missing_table_leaves_the_ending_to_decide(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A distribution may drop a table (NOTICE): the reading falls back, nothing fails."""
    monkeypatch.setattr(noun_genders, "_DATA", tmp_path)
    noun_genders.noun_data.cache_clear()
    try:
        assert normalize_text("Il manque 1 accessoire.", "fr") == "Il manque une accessoire."
        assert normalize_text("Il y a 1 maison.", "fr") == "Il y a une maison."
    finally:
        noun_genders.noun_data.cache_clear()


@pytest.mark.parametrize(
    ("noun", "article"),
    [("Küchenuhr", "eine"), ("Nachbarstadt", "eine"), ("Gartenbank", "eine"),
     ("Autobahnausfahrt", "eine"), ("Fensterbrett", "ein"), ("Arbeiterschaft", "eine")],
)  # fmt: skip
def test_german_compounds_not_in_the_table_take_their_last_parts_gender(
    noun: str, article: str
) -> None:
    assert noun.lower() not in _table("de")  # else the table, not the compound rule, decides
    assert agreement.german_one(noun) == article


@pytest.mark.parametrize("lang", BUILT_FROM_DICTIONARIES)
def test_learned_endings_are_short_endings_with_a_gender(lang: str) -> None:
    endings = json.loads((DATA / f"noun_gender_{lang}.json").read_text("utf-8"))["endings"]
    assert 30 <= len(endings) <= 2_000
    assert all(2 <= len(ending) <= 5 for ending in endings)
    assert set(endings.values()) <= {"m", "f", "n"}


@pytest.mark.parametrize(
    ("word", "lang", "gender"),
    [("cordialité", "fr", "f"), ("réinterprétation", "fr", "f"), ("hématome", "fr", "m"),
     ("mutualización", "es", "f"), ("mutualização", "pt", "f"),
     ("mutualizzazione", "it", "f"), ("mutualisierung", "de", "f")],
)  # fmt: skip
def test_learned_endings_tell_the_gender_of_nouns_not_in_the_table(
    word: str, lang: str, gender: str
) -> None:
    assert word not in _table(lang)
    assert noun_genders.learned_ending_gender(word, lang) == gender


def test_learning_keeps_only_endings_that_say_something_new() -> None:
    script = _build_script()
    nouns = {f"{stem}tion": "f" for stem in ("na", "mo", "lo", "ra", "ta", "po")}
    nouns |= {f"{stem}ion": "m" for stem in ("cam", "av", "esp", "bast")}
    nouns |= {"lion": "m", "pion": "m"}
    learned = script.learned_endings(nouns, min_count=2, share=0.85)
    # "-on" and "-ion" are 6 f to 6 m: too mixed. "-tion" is 6 f to 1 m ("bastion"):
    # kept. "-ation", "-otion" say what "-tion" says: left out. "-mion": too few.
    assert learned == {"tion": "f"}
    assert script.learned_endings({"ab": "m", "cab": "m"}, min_count=1) == {"ab": "m"}


def test_a_noun_of_common_gender_is_read_masculine_unless_a_dictionary_says_one() -> None:
    one_gender = _build_script().one_gender
    assert one_gender({"c"}) == "m"  # "turista": the generic masculine
    assert one_gender({"c", "f"}) == "f"  # one dictionary knows it feminine only
    assert one_gender({"f"}) == "f"
    assert one_gender({"m", "f"}) is None  # "capital": meaning decides, left out
    assert one_gender({"m", "f", "c"}) is None
