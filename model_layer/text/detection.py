"""Which of the 31 languages a text is in, when the caller does not say.

Two kinds of evidence, the stronger first:

1. The script, where it belongs to one language: Hangul (ko), kana (ja), Greek (el),
   Devanagari (hi), Arabic without Persian/Urdu letters (ar).
2. For Latin and Cyrillic text, py3langid's naive Bayes model restricted to our
   languages, with probabilities normalised over them (`norm_probs`), trusted only
   above a confidence cutoff: short or featureless text ("$20", "12:30", "OK") gets a
   low score there. Function words and letters (`langid_evidence`) are combined with
   its scores first, which settles most short text between close languages. Below
   the cutoff, letters unique to one language decide ("ß" is German,
   "ї" Ukrainian) and otherwise the configured default language (`DEFAULT_LANG`,
   `en` unless set): numbers are then read in a language rather than left as digits.

py3langid decompresses its model to a temporary file on first use (~1 s); `load`
reads a copy prepared at image build time instead (`python -m model_layer.text.detection
MODEL_DIR`), restricted to our languages, in ~0.15 s.
"""

from __future__ import annotations

import argparse
import functools
import mmap
import re
import sys
import unicodedata
from array import array
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from model_layer.constants import LANGUAGES, UNKNOWN_LANGUAGE
from model_layer.text import langid_evidence

DEFAULT_MIN_CONFIDENCE = 0.5
# The start of a text says its language as well as the whole: bounds the time per request.
DETECTION_SAMPLE_CHARS = 1000
# Languages among the 31 written in each script the identifier has to tell apart.
_CYRILLIC_LANGUAGES = ("ru", "uk", "bg")
_LATIN_LANGUAGES = tuple(
    lang for lang in LANGUAGES if lang not in (*_CYRILLIC_LANGUAGES, "ko", "ja", "el", "hi", "ar")
)
PREPARED_DIR = Path("langid")  # inside the model directory

# Scripts that belong to a single language among the 31.
_SCRIPT_LANGUAGE = {"HANGUL": "ko", "KANA": "ja", "GREEK": "el", "DEVANAGARI": "hi"}

# Letters of the Arabic script used by Persian, Urdu and others but not by
# Arabic: their presence means an unsupported language, not `ar`.
_NON_ARABIC_LETTERS = frozenset("پچژگکیۀےٹڈڑںھ")

_UKRAINIAN = frozenset("ґєїіҐЄЇІ")
_RUSSIAN = frozenset("ыэёЫЭЁ")
# Russian writes the hard sign only before iotated vowels; Bulgarian uses it as a vowel.
_BULGARIAN_HARD_SIGN = re.compile(r"[ъЪ](?![еёюяЕЁЮЯ])")

# Latin letters (lower case) that, alone or in the listed pairs, occur in only
# one of the 31 languages. Pairs settle letters that two languages share;
# ą and ę (Polish and Lithuanian) and ä, ö, ü, é, ç, ... decide nothing alone.
_LATIN_UNIQUE = {
    "hu": "őű",
    "cs": "řůě",
    "pl": "łńśźż",
    "ro": "șțţ",
    "tr": "ğı",
    "lt": "ėįų",
    "lv": "āēīķļņģ",
    "sk": "ľĺŕ",
    "de": "ß",
    "da": "æø",
    "es": "ñ¿¡",
    "fr": "œ",
    "vi": "ơư",  # the Latin Extended Additional block is checked separately
}
_LATIN_PAIRS = (
    ("õ", "äöü", "et"),  # õ alone is also Portuguese / Vietnamese
    ("å", "äö", "sv"),  # å alone is also Danish
    ("ã", "ç", "pt"),  # ã alone is also Vietnamese
    ("đ", "čć", "hr"),  # đ alone is also Vietnamese
    ("ş", "öüç", "tr"),  # ş alone is also (legacy) Romanian
    ("ă", "îș", "ro"),  # ă alone is also Vietnamese
)


def detect_language(text: str) -> str:
    """What the script and letters alone settle, else `na` (no identifier involved)."""
    return script_language(text) or UNKNOWN_LANGUAGE


def script_language(text: str) -> str | None:
    """The language the script or unique letters name, or None if they do not settle it."""
    script = dominant_script(text)
    if script is None:
        return None
    if script == "LATIN":
        return _latin_language(text.lower())
    if script == "CYRILLIC":
        return _cyrillic_language(text)
    return _script_only_language(script, text)


def dominant_script(text: str) -> str | None:
    scripts = Counter(_script(ch) for ch in text if ch.isalpha())
    scripts.pop(None, None)
    if scripts["KANA"]:
        scripts["KANA"] += scripts.pop("HAN", 0)  # kanji belong with the kana
    elif scripts["HANGUL"]:
        scripts["HANGUL"] += scripts.pop("HAN", 0)  # hanja in Korean text
    if not scripts:
        return None
    return scripts.most_common(1)[0][0]


def _script_only_language(script: str, text: str) -> str | None:
    if script in _SCRIPT_LANGUAGE:
        return _SCRIPT_LANGUAGE[script]
    if script == "ARABIC" and not _NON_ARABIC_LETTERS.intersection(text):
        return "ar"
    return None  # Han alone (Chinese or Japanese), Thai, Hebrew, Persian, ...


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    if "HIRAGANA" in name or "KATAKANA" in name:  # incl. half-width and the ー mark
        return "KANA"
    if name.startswith("CJK"):
        return "HAN"
    for script in ("LATIN", "CYRILLIC", "GREEK", "ARABIC", "DEVANAGARI", "HANGUL"):
        if name.startswith(script):
            return script
    return "OTHER" if name else None  # Thai, Hebrew, ...: a script none of the 31 use


def _cyrillic_language(text: str) -> str | None:
    votes = {
        "uk": bool(_UKRAINIAN.intersection(text)),
        "ru": bool(_RUSSIAN.intersection(text)),
        "bg": bool(_BULGARIAN_HARD_SIGN.search(text)),
    }
    return _only_one(votes)


def _latin_language(lower: str) -> str | None:
    letters = set(lower)
    votes = {lang: bool(letters.intersection(chars)) for lang, chars in _LATIN_UNIQUE.items()}
    votes["vi"] = votes["vi"] or any("\u1ea0" <= ch <= "\u1ef9" for ch in letters)
    for key, partners, lang in _LATIN_PAIRS:
        if key in letters and letters.intersection(partners):
            votes[lang] = True
    return _only_one(votes)


def _only_one(votes: dict[str, bool]) -> str | None:
    winners = [lang for lang, voted in votes.items() if voted]
    return winners[0] if len(winners) == 1 else None


class LanguageDetector:
    """Script rules, then the identifier, then unique letters, then `default`.

    Without an identifier (`identifier=None`) it is the script rules and the default.
    A text in a script none of the 31 languages uses (Han alone, Thai, Hebrew) gets
    `na`: reading it with a language's accent would be a guess.
    """

    def __init__(
        self,
        identifier: Any | None,
        default: str = "en",
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        evidence: bool = True,
    ):
        self.identifier = identifier
        self.default = default
        self.min_confidence = min_confidence
        # Function words and letters combined with py3langid's scores (langid_evidence);
        # False gives py3langid's answer alone (kept to measure the difference).
        self.evidence = evidence

    def detect(self, text: str) -> str:
        script = dominant_script(text)
        if script is None:
            return self.default  # digits and symbols only: "$20", "12:30"
        if script not in ("LATIN", "CYRILLIC"):
            return _script_only_language(script, text) or UNKNOWN_LANGUAGE
        candidates = _LATIN_LANGUAGES if script == "LATIN" else _CYRILLIC_LANGUAGES
        guess = self._identify(text, candidates)
        if guess is not None:
            return guess
        letters = _latin_language(text.lower()) if script == "LATIN" else _cyrillic_language(text)
        if letters is not None:
            return letters
        if self.default in candidates or script == "LATIN":
            return self.default
        return "ru"  # a non-Cyrillic default would read Cyrillic letters as noise

    def _identify(self, text: str, candidates: Sequence[str]) -> str | None:
        """The identifier's language if it is one of `candidates` and confident enough."""
        if self.identifier is None:
            return None
        sample = text[:DETECTION_SAMPLE_CHARS]
        try:
            if self.evidence:
                ranked = self.identifier.rank(sample)
                return langid_evidence.identify(
                    sample, ranked, candidates, self.min_confidence, self.default
                )
            lang, confidence = self.identifier.classify(sample)
            return lang if lang in candidates and confidence >= self.min_confidence else None
        finally:
            release_mapped_pages()


def load_identifier(model_dir: Path | None = None) -> Any:
    """py3langid restricted to our languages: the prepared copy in `model_dir` when
    present and made by this py3langid version, else the packaged model (slower)."""
    if model_dir is not None and is_prepared(model_dir):
        return _load_prepared(_prepared_dir(model_dir))
    return _load_packaged()


def is_prepared(model_dir: Path) -> bool:
    return (_prepared_dir(model_dir) / "classes.txt").is_file()


def _prepared_dir(model_dir: Path) -> Path:
    import py3langid

    return Path(model_dir) / PREPARED_DIR / f"py3langid-{py3langid.__version__}"


@functools.cache
def _load_packaged() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(LANGUAGES)
    return identifier


# The read-only mappings of the prepared tables, for `release_mapped_pages`.
_MAPPINGS: list[mmap.mmap] = []


def release_mapped_pages() -> None:
    """Unmap from this process the table pages the last texts walked through.

    The automaton is walked at scattered states and the kernel maps 64 KB around each
    page touched, so over ~1,000 varied texts its mapping grew from 2 to 16 MB of RSS
    (measured on a soak) before levelling off: clean file pages, but RSS that only ever
    rises. Dropping them after each identification keeps RSS flat; the next text maps
    the pages it needs back from the page cache (minor faults, no disk read)."""
    for mapping in _MAPPINGS:
        mapping.madvise(mmap.MADV_DONTNEED)


def _map_npy(path: Path) -> np.ndarray:
    """A read-only view of an .npy file's array over its own mapping (kept in
    `_MAPPINGS`)."""
    with path.open("rb") as file:
        if np.lib.format.read_magic(file) == (1, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(file)
        else:
            shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(file)
        offset = file.tell()
        mapping = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    if fortran_order or dtype.hasobject:
        raise ValueError(f"{path}: not a plain C-ordered array")
    _MAPPINGS.append(mapping)
    count = int(np.prod(shape, dtype=np.int64))
    return np.frombuffer(mapping, dtype=dtype, count=count, offset=offset).reshape(shape)


@functools.cache
def _load_prepared(folder: Path) -> Any:
    """The two big tables (the automaton, 39 MB, and the feature weights) stay mapped
    from the file: only the pages a text walks through are read, so loading costs
    ~0.05 s and ~20 MB instead of ~0.4 s and ~80 MB for copies."""
    from py3langid.langid import LanguageIdentifier

    def mapped(name: str) -> np.ndarray:
        return _map_npy(folder / f"{name}.npy")

    row = mapped("row")
    # Row numbers are shifted as Python ints by py3langid; a numpy uint16 would wrap.
    rows = array({2: "H", 4: "I"}[row.itemsize], row.tobytes())
    return LanguageIdentifier(
        mapped("ptc"),
        np.asarray(mapped("pc")),
        (folder / "classes.txt").read_text(encoding="utf-8").split(),
        mapped("nextmove"),
        mapped("output").tolist(),
        norm_probs=True,
        tk_row=rows,
    )


def prepare_identifier(model_dir: Path) -> Path:
    """Write the restricted, uncompressed model under `model_dir` (image build time).

    Plain .npy files, not an .npz: `np.save` output is byte-for-byte reproducible, so an
    unchanged model layer stays cached between image builds."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE
    from py3langid.modelio import load_model

    ptc, pc, classes, nextmove, row, output = load_model(MODEL_DIR / MODEL_FILE)
    keep = [i for i, lang in enumerate(classes) if lang in LANGUAGES]
    folder = _prepared_dir(model_dir)
    folder.mkdir(parents=True, exist_ok=True)
    arrays = {
        "ptc": np.ascontiguousarray(np.asarray(ptc)[:, keep]),
        "pc": np.asarray(pc)[keep],
        "nextmove": np.frombuffer(
            nextmove, dtype=np.uint16 if nextmove.itemsize == 2 else np.uint32
        ),
        "row": np.frombuffer(row, dtype=np.uint16 if row.itemsize == 2 else np.uint32),
        "output": np.asarray(output, dtype=np.int32),
    }
    for name, values in arrays.items():
        np.save(folder / f"{name}.npy", values, allow_pickle=False)
    (folder / "classes.txt").write_text("\n".join(classes[i] for i in keep) + "\n", "utf-8")
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m model_layer.text.detection",
        description="Prepare the language identifier under MODEL_DIR (done at image build).",
    )
    parser.add_argument("model_dir", type=Path)
    folder = prepare_identifier(parser.parse_args(argv).model_dir)
    print(f"prepared {folder}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
