# ruff: noqa: RUF001  (multilingual test sentences)
"""`LanguageDetector`: script rules, py3langid above its cutoff, unique letters, default."""

from __future__ import annotations

from pathlib import Path

import pytest

from model_layer.settings import EngineSettings
from model_layer.text.detection import LanguageDetector, load_identifier, prepare_identifier
from tests.infra.memory import mapped_kib


@pytest.fixture(scope="module")
def identifier():  # type: ignore[no-untyped-def]
    return load_identifier()


@pytest.fixture(scope="module")
def detector(identifier) -> LanguageDetector:  # type: ignore[no-untyped-def]
    return LanguageDetector(identifier, default="en")


SENTENCES = [
    ("The train leaves at half past ten, so we should hurry.", "en"),
    ("Der Zug fährt um halb elf ab, wir sollten uns beeilen.", "de"),
    ("Le train part à dix heures et demie, il faut se dépêcher.", "fr"),
    ("El tren sale a las diez y media, así que debemos darnos prisa.", "es"),
    ("Il treno parte alle dieci e mezza, quindi dobbiamo sbrigarci.", "it"),
    ("De trein vertrekt om half elf, dus we moeten opschieten.", "nl"),
    ("O comboio parte às dez e meia, por isso temos de nos apressar.", "pt"),
    ("Pociąg odjeżdża o wpół do jedenastej, więc musimy się pospieszyć.", "pl"),
    ("Tåget går halv elva, så vi borde skynda oss.", "sv"),
    ("Поезд отправляется в половине одиннадцатого, нам нужно спешить.", "ru"),
    ("Потяг відправляється о пів на одинадцяту, нам треба поспішати.", "uk"),
    ("Chuyến tàu khởi hành lúc mười giờ rưỡi, chúng ta phải nhanh lên.", "vi"),
    ("Kereta berangkat pukul setengah sebelas, jadi kita harus bergegas.", "id"),
    ("Tren on buçukta kalkıyor, acele etmeliyiz.", "tr"),
    ("안녕하세요, 반갑습니다.", "ko"),
    ("今日はいい天気ですね。", "ja"),
    ("Καλημέρα κόσμε, τι κάνεις;", "el"),
]


@pytest.mark.parametrize(("text", "lang"), SENTENCES)
def test_plain_sentences(detector: LanguageDetector, text: str, lang: str) -> None:
    assert detector.detect(text) == lang


@pytest.mark.parametrize("text", ["$20", "12:30", "100 %", "OK", "", "   ", "2024-03-05"])
def test_too_little_to_tell_gives_the_default(text: str, identifier) -> None:  # type: ignore[no-untyped-def]
    assert LanguageDetector(identifier, default="en").detect(text) == "en"
    assert LanguageDetector(identifier, default="fr").detect(text) == "fr"


def test_unique_letters_decide_below_the_cutoff(identifier) -> None:  # type: ignore[no-untyped-def]
    strict = LanguageDetector(identifier, default="en", min_confidence=1.0)  # never trusted
    assert strict.detect("Straße") == "de"
    assert strict.detect("Hello there") == "en"


def test_short_cyrillic_never_falls_back_to_a_latin_default(identifier) -> None:  # type: ignore[no-untyped-def]
    strict = LanguageDetector(identifier, default="en", min_confidence=1.0)
    assert strict.detect("Привет") == "ru"  # nothing unique to uk or bg: the common one
    assert strict.detect("Привіт") == "uk"  # a letter only Ukrainian has
    assert LanguageDetector(identifier, default="bg", min_confidence=1.0).detect("Привет") == "bg"


def test_scripts_none_of_the_languages_use_stay_na(detector: LanguageDetector) -> None:
    assert detector.detect("中文文本") == "na"
    assert detector.detect("สวัสดี") == "na"
    assert detector.detect("سلام، چطوری؟") == "na"  # Persian, not Arabic


def test_without_an_identifier_the_rules_and_default_decide() -> None:
    rules = LanguageDetector(None, default="de")
    assert rules.detect("Hello, how are you?") == "de"
    assert rules.detect("Zażółć gęślą jaźń") == "pl"
    assert rules.detect("안녕") == "ko"


def test_prepared_copy_answers_like_the_packaged_model(tmp_path: Path, identifier) -> None:  # type: ignore[no-untyped-def]
    prepare_identifier(tmp_path)
    prepared = load_identifier(tmp_path)
    assert prepared is not identifier
    assert sorted(prepared.nb_classes) == sorted(identifier.nb_classes)
    assert len(prepared.nb_classes) == 31
    for text, _ in SENTENCES:
        lang, confidence = prepared.classify(text)
        expected_lang, expected_confidence = identifier.classify(text)
        assert lang == expected_lang
        assert confidence == pytest.approx(expected_confidence, rel=1e-5)


def test_prepared_files_are_reproducible(tmp_path: Path) -> None:
    first = prepare_identifier(tmp_path / "a")
    second = prepare_identifier(tmp_path / "b")
    for path in sorted(first.iterdir()):
        assert path.read_bytes() == (second / path.name).read_bytes(), path.name


def test_default_lang_is_read_from_the_plain_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEFAULT_LANG", "de")
    assert EngineSettings().default_lang == "de"
    monkeypatch.setenv("DEFAULT_LANG", "xx")
    with pytest.raises(ValueError, match="DEFAULT_LANG"):
        EngineSettings()


def test_build_step_command(tmp_path: Path) -> None:
    from model_layer.text.detection import is_prepared, main

    assert not is_prepared(tmp_path)
    assert main([str(tmp_path)]) == 0
    assert is_prepared(tmp_path)


def test_the_prepared_tables_leave_no_pages_mapped_after_a_detection(tmp_path: Path) -> None:
    # The automaton's pages are walked at scattered states; left mapped they pile up
    # in RSS over thousands of requests. Each identification drops them again, and the
    # next one reads them back: same answers every time.
    folder = prepare_identifier(tmp_path)
    detector = LanguageDetector(load_identifier(tmp_path), default="en")
    first = [detector.detect(text) for text, _ in SENTENCES]
    assert first == [lang for _, lang in SENTENCES]
    resident = mapped_kib(folder)
    assert {"nextmove.npy", "ptc.npy"} <= set(resident)
    assert resident["nextmove.npy"] == 0
    assert resident["ptc.npy"] == 0
    assert [detector.detect(text) for text, _ in SENTENCES] == first
    ranked = detector.identifier.rank(SENTENCES[0][0])
    assert mapped_kib(folder)["nextmove.npy"] > 0  # walked, and not yet dropped
    assert detector.identifier.rank(SENTENCES[0][0]) == ranked
