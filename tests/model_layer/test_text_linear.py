"""The text path is linear in its input, and planning stops when it is cancelled.

No test here measures time: the machine is shared and times are noisy. Linearity is
proved from what is deterministic instead:

- the normalizer (dozens of regular expressions per language, added to over time)
  only ever sees blocks of at most `BLOCK_CHARS` characters, and the blocks cover the
  text exactly once, so whatever a rule does inside a block, the work per character
  is bounded;
- the number of Python calls made while planning grows in proportion to the text
  (counted with `sys.setprofile`): a loop that rescans the text per sentence or per
  character would multiply it.

`bench text-linear` shows the time per character itself (README table).
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_layer
from model_layer import CancelToken, Synthesizer
from model_layer.errors import SynthesisCancelled
from model_layer.settings import EngineSettings
from model_layer.text import chunking
from model_layer.text.blocks import BLOCK_CHARS, normalize_in_blocks, split_blocks

# The families that were quadratic somewhere (chunking or a language's rules), and the
# other shapes a hostile text can take: (unit repeated, languages to read it in).
PATHOLOGICAL = {
    "periods": (".", ("en", "de", "hi")),
    "bangs": ("!", ("en", "fr")),
    "questions": ("?", ("es",)),
    "ellipsis": ("\u2026", ("ru",)),
    "danda": ("\u0964", ("hi",)),
    "arabic-question": ("\u061f", ("ar",)),
    "mixed-marks": ("!?.", ("en",)),
    "ideographic-period": ("\u3002", ("ja",)),
    "digits": ("1", ("ko", "ja", "en")),
    "full-width-digits": ("\uff11", ("ja",)),
    "devanagari-digits": ("\u0967", ("hi",)),
    "arabic-digits": ("\u0663", ("ar",)),
    "digits-and-commas": ("1,0", ("ko",)),
    "spaces": (" ", ("en", "de", "es")),
    "newlines": ("\n", ("en",)),
    "combining": ("a\u0301\u0302", ("en", "vi")),
    "combining-only": ("\u0301", ("en",)),
    "emoji": ("\U0001f600", ("en",)),
    "emoji-sequence": ("\U0001f469\u200d\U0001f4bb", ("en",)),
    "alternating-scripts": ("a\u0431\u65e5\ud55c", ("en",)),
    # What the shared rules (model_layer/text/shapes) look at, over and over.
    "counted-nouns": ("2 \u043a\u043d\u0438\u0433\u0438 ", ("ru",)),
    "counted-nouns-es": ("1 casa ", ("es",)),
    "mixed-numbers": ("5 1/2 km ", ("de",)),
    "phone-numbers": ("call 555-123-4567 ", ("en",)),
}
CASES = [(family, lang) for family, (_, langs) in PATHOLOGICAL.items() for lang in langs]


def pathological(family: str, n: int) -> str:
    unit = PATHOLOGICAL[family][0]
    return ("x " + unit * n)[:n]


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path) -> Synthesizer:
    return model_layer.load(tiny_model_dir, EngineSettings(warmup=False))


def count_calls(action: Callable[[], Any]) -> int:
    """Python and C function calls made by `action`: a deterministic measure of work."""
    calls = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize(("family", "lang"), CASES, ids=[f"{f}-{lang}" for f, lang in CASES])
def test_planning_work_grows_linearly(synthesizer: Synthesizer, family: str, lang: str) -> None:
    def work(n: int) -> int:
        text = pathological(family, n)
        return count_calls(lambda: synthesizer.plan(text, lang=lang, durations=False))

    work(500)  # first use compiles patterns and fills caches: not part of the rate
    small, large = work(2_000), work(8_000)
    # Linear work quadruples (plus a constant); quadratic work would grow sixteen-fold.
    assert large <= 6 * small + 2_000, (small, large)


@pytest.mark.parametrize(("family", "lang"), CASES, ids=[f"{f}-{lang}" for f, lang in CASES])
def test_the_normalizer_only_sees_bounded_blocks(
    synthesizer: Synthesizer, family: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real = model_layer.synthesizer.normalize_text

    def recording(text: str, *args: Any, **kwargs: Any) -> str:
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(model_layer.synthesizer, "normalize_text", recording)
    text = pathological(family, 5_000)
    synthesizer.plan(text, lang=lang, durations=False)
    assert "".join(seen) == text
    assert max(map(len, seen)) <= BLOCK_CHARS


@given(st.text(max_size=3_000), st.integers(min_value=8, max_value=600))
def test_blocks_cover_the_text_exactly_and_are_bounded(text: str, max_chars: int) -> None:
    pieces = list(split_blocks(text, max_chars))
    assert "".join(pieces) == text
    assert all(len(p) <= max_chars for p in pieces)
    assert all(pieces) or pieces == [""]


_UNITS = st.sampled_from([unit for unit, _ in PATHOLOGICAL.values()] + ["word ", "Hi. ", "5 "])


@given(st.lists(st.tuples(_UNITS, st.integers(1, 400)), min_size=1, max_size=12))
def test_blocks_of_pathological_mixtures_keep_graphemes_whole(runs: list[tuple[str, int]]) -> None:
    text = "".join(unit * count for unit, count in runs)
    pieces = list(split_blocks(text, 64))
    assert "".join(pieces) == text
    pos = 0
    for piece in pieces[:-1]:
        pos += len(piece)
        # A block never ends between a letter and its combining mark or inside an emoji
        # sequence, unless the run of joined characters is too long to keep whole.
        joined = unicodedata.combining(text[pos]) or "\u200d" in (text[pos], text[pos - 1])
        assert not joined or _long_joined_run(text, pos), repr(text[pos - 4 : pos + 4])


def _long_joined_run(text: str, pos: int) -> bool:
    back = text[max(0, pos - 30) : pos]
    return len(back) == 30 and all(
        unicodedata.combining(ch) or ch in "\u200d\U0001f469\U0001f4bb" for ch in back
    )


def test_blocks_end_after_a_sentence_and_its_space() -> None:
    sentence = "The council met on Tuesday and approved 14 of the 18 proposals. "
    text = sentence * 40
    pieces = list(split_blocks(text))
    assert len(pieces) > 1
    assert all(p.endswith("proposals. ") for p in pieces)


def test_a_sentence_longer_than_a_block_is_cut_at_a_clause_then_a_space() -> None:
    clause = "and then they talked about the roads, "
    pieces = list(split_blocks(clause * 40, 200))
    assert all(p.endswith(", ") for p in pieces[:-1])
    pieces = list(split_blocks("word " * 200, 200))
    assert all(p.endswith("word ") for p in pieces)


def test_abbreviations_do_not_end_a_block() -> None:
    text = ("x" * 150 + " Dr. Smith arrived. ") * 3
    assert all(not p.endswith("Dr. ") for p in split_blocks(text, 200))


def test_short_text_is_normalized_as_one_block() -> None:
    seen: list[str] = []
    text = "It costs $20 and weighs 5 kg. " * 10
    assert normalize_in_blocks(text, lambda t: seen.append(t) or t) == text
    assert seen == [text]


def test_check_runs_before_every_block() -> None:
    order: list[str] = []
    text = "A sentence that goes on for a while. " * 60  # ~2,200 characters

    def normalize(block: str) -> str:
        order.append("block")
        return block

    normalize_in_blocks(text, normalize, lambda: order.append("check"))
    assert order.count("block") == len(list(split_blocks(text))) >= 4
    assert order == ["check", "block"] * order.count("block")


def test_chunker_checks_before_every_paragraph_and_chunk() -> None:
    checks = 0

    def check() -> None:
        nonlocal checks
        checks += 1

    text = "\n\n".join(["One short sentence here. " * 20] * 3)
    chunks = chunking.split_into_chunks(text, "en", 160, check=check)
    assert checks == len(chunks) + 3


class CountingToken(CancelToken):
    """A real token that cancels itself after `after` checks."""

    def __init__(self, after: int | None = None) -> None:
        super().__init__()
        self.after = after
        self.checks = 0

    def check(self) -> None:
        self.checks += 1
        if self.after is not None and self.checks > self.after:
            self.cancel()
        super().check()


LONG_TEXT = "On 3 May the team of 12 ran 42 km in 3.5 hours, a record. " * 200  # ~12,000 chars


def test_planning_checks_the_token_per_block_and_per_chunk(synthesizer: Synthesizer) -> None:
    token = CountingToken()
    plan = synthesizer.plan(LONG_TEXT, lang="en", durations=False, cancel=token)
    normalization_blocks = len(list(split_blocks(LONG_TEXT)))
    assert token.checks >= normalization_blocks + 2 * len(plan.chunks)


@pytest.mark.parametrize("after", [0, 1, 5, 30, 200])
def test_a_cancelled_token_stops_planning(synthesizer: Synthesizer, after: int) -> None:
    token = CountingToken(after)
    with pytest.raises(SynthesisCancelled):
        synthesizer.plan(LONG_TEXT, lang="en", cancel=token)
    assert token.checks == after + 1  # stopped at the first check after the cancel


def test_an_already_cancelled_token_plans_nothing(synthesizer: Synthesizer) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(SynthesisCancelled):
        synthesizer.plan("<speak>Hello 5 times.</speak>", text_type="ssml", cancel=token)


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru", "ja"])
def test_blocks_do_not_change_how_prose_is_read(lang: str) -> None:
    """Cut where a reader pauses, blocks give exactly what the whole text gives."""
    from bench.texts import BOOK
    from model_layer.text import normalize_text

    text = BOOK if lang == "en" else _translated_prose(lang)
    assert len(list(split_blocks(text))) > 3
    whole = normalize_text(text, lang)
    assert normalize_in_blocks(text, lambda block: normalize_text(block, lang)) == whole


def _translated_prose(lang: str) -> str:
    sentences = {
        "de": "Am 3. Mai liefen 12 Läufer 42 km in 3,5 Stunden, ein Rekord von 2024! ",
        "fr": "Le 3 mai, 12 coureurs ont couru 42 km en 3,5 heures, un record de 2024 ! ",
        "ru": "3 мая 12 бегунов пробежали 42 км за 3,5 часа, это рекорд 2024 года. ",
        "ja": "5月3日に12人が42kmを3.5時間で走りました。2024年の記録です。",
    }
    return sentences[lang] * 40


def test_a_run_of_combining_marks_is_cut_into_full_chunks() -> None:
    """Backing off to keep a mark with its letter once made one chunk per mark."""
    text = "x " + "\u0301" * 5_000
    chunks = chunking.split_into_chunks(text, "en", 160)
    assert "".join(chunks).replace(" ", "") == text.replace(" ", "")  # nothing lost
    assert len(chunks) <= 5_000 // 160 + 3
    assert "a\u0301" in "".join(chunking.split_into_chunks("a\u0301" * 200, "en", 160))
    assert not any(c[0] == "\u0301" for c in chunking.split_into_chunks("a\u0301" * 200, "en", 160))


@settings(max_examples=25)
@given(
    st.lists(st.tuples(_UNITS, st.integers(1, 300)), min_size=1, max_size=10),
    st.sampled_from(["en", "de", "ko", "ja", "ru", "es", "hi", "ar"]),
)
def test_planning_mixtures_of_hostile_runs_keeps_every_promise(
    synthesizer: Synthesizer, runs: list[tuple[str, int]], lang: str
) -> None:
    text = "x " + "".join(unit * count for unit, count in runs)
    try:
        plan = synthesizer.plan(text, lang=lang, durations=False)
    except model_layer.errors.EmptyTextError:
        return  # nothing speakable (only marks or emoji): a clean refusal
    limit = chunking.default_max_chars(lang)  # the settings leave it per language
    assert all(0 < len(chunk.text) <= limit for chunk in plan.chunks)
    assert plan.normalized_text
