# ruff: noqa: RUF001, RUF003  (Cyrillic and Latin letters that look alike are the point here)
"""Evidence py3langid misses on short text, combined with its scores.

py3langid reads byte n-grams; on two to eight words its probabilities are spread over
close languages (cs/sk, sl/hr, da/sv, es/pt/it, fi/et, lt/lv, ru/uk/bg) and a short
Polish or Czech sentence can come out as English. Two kinds of evidence settle most of
those cases, each a log-likelihood ratio (in nats) added to py3langid's log-probability,
as a naive Bayes model adds independent features:

- **Function words.** Per language a short curated list of its most frequent
  function words (articles, pronouns, prepositions, conjunctions, auxiliaries,
  everyday particles). A word type in the text that is on a language's list adds
  `FUNCTION_WORD_NATS` to that language: a word on several lists ("a", "in", "je")
  lifts all of them alike and so only separates them from the rest.
- **Letters.** A letter with a diacritic outside a language's alphabet
  (`ř` for Slovak, `ñ` for Portuguese, `ы` for Ukrainian) subtracts
  `FOREIGN_LETTER_NATS`, once per distinct letter (`NAME_LETTER_WEIGHT` of it when the
  letter is only in capitalised words: names keep their own spelling); a few letter
  groups and spelling habits of one or two languages ("rz", "ij", "ção", "м'я") add
  `LETTER_GROUP_NATS` once each.

The combined posterior, renormalised over the languages of the text's script, is
used only when some evidence was found; it must clear the same confidence cutoff
py3langid's own answer has to clear. Without evidence py3langid's answer stands.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from model_layer.text.langs import data

# A word on a language's list is ~e^2.2 (9x) likelier in that language than elsewhere.
FUNCTION_WORD_NATS = 2.2
# A letter a language does not write: ~e^3 (20x) less likely (names and loanwords keep it finite).
FOREIGN_LETTER_NATS = 3.0
LETTER_GROUP_NATS = 1.0
# Letters seen only in capitalised words (likely names) count this much of the above.
NAME_LETTER_WEIGHT = 0.3
# Below the cutoff, the fallback language is skipped when the evidence leaves it less
# than this probability, for the best language if that has at least the floor.
RULED_OUT_BELOW = 0.01
RULED_OUT_FLOOR = 0.3
# Languages whose spelling and reading are close enough that taking one for the other
# below the cutoff is a lesser error than a fallback language the evidence ruled out.
_CLOSE_GROUPS = (
    ("cs", "sk", "pl", "sl", "hr"),
    ("da", "sv"),
    ("de", "nl"),
    ("es", "pt", "it", "ro"),
    ("fi", "et"),
    ("lt", "lv"),
    ("ru", "uk", "bg"),
)
_CLOSE = {lang: frozenset(group) - {lang} for group in _CLOSE_GROUPS for lang in group}
# py3langid's probability is floored so one feature-less language is not ruled out forever.
PROBABILITY_FLOOR = 1e-6


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# ~70-110 of the most frequent function words per language (and, for English, the
# common short words that are function words elsewhere: "go", "to", "man"), lower case.
# Elided forms keep their apostrophe ("l'", "qu'"), as the tokenizer below returns them.
FUNCTION_WORDS: Mapping[str, frozenset[str]] = data.word_sets("langid.function_words")

_VIETNAMESE_VOWELS = "aăâeêioôơuưy"
_TONE_MARKS = "\u0300\u0301\u0309\u0303\u0323"  # grave, acute, hook above, tilde, dot below


def _vietnamese_letters() -> str:
    toned = (
        unicodedata.normalize("NFC", vowel + mark)
        for vowel in _VIETNAMESE_VOWELS
        for mark in _TONE_MARKS
    )
    return "ăâêôơưđ" + "".join(toned)


# Letters beyond a-z each language writes natively (lower case). A letter in the text
# that is in none of these (ø in Polish text...) counts only against the languages
# whose alphabet lacks it. Cyrillic alphabets are complete: ru, uk and bg share most.
_CYRILLIC_COMMON = "абвгдежзийклмнопрстуфхцчшщьюя"
EXTRA_LETTERS: dict[str, str] = {
    "en": "",
    "de": "äöüß",
    "fr": "àâæçéèêëîïôœùûüÿ",
    "es": "áéíóúüñ",
    "pt": "áâãàçéêíóôõú",
    "it": "àèéìíîòóùú",
    "nl": "éëïóöüèá",
    "sv": "åäöé",
    "da": "æøåé",
    "fi": "äöåšž",
    "et": "äöüõšž",
    "hu": "áéíóöőúüű",
    "pl": "ąćęłńóśźż",
    "cs": "áčďéěíňóřšťúůýž",
    "sk": "áäčďéíĺľňóôŕšťúýž",
    "sl": "čšžćđ",  # ć and đ only in names, but they are written
    "hr": "čćđšž",
    "lt": "ąčęėįšųūž",
    "lv": "āčēģīķļņšūž",
    "ro": "ăâîșțşţ",  # ş ţ: the cedilla forms older keyboards still produce
    "tr": "çğıöşüâîû",
    "id": "é",
    "vi": _vietnamese_letters(),
    "ru": _CYRILLIC_COMMON + "ъыэё",
    "uk": _CYRILLIC_COMMON + "іїєґ",
    "bg": _CYRILLIC_COMMON + "ъ",
}
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_ALPHABETS = {
    lang: frozenset(extra) | (frozenset() if lang in ("ru", "uk", "bg") else _ASCII_LETTERS)
    for lang, extra in EXTRA_LETTERS.items()
}

# Letter groups typical of one or a few of the languages (matched in lower case), each
# counted once however often it occurs: nats per language (negative: unlikely there).
LETTER_GROUPS: tuple[tuple[re.Pattern[str], dict[str, float]], ...] = tuple(
    (re.compile(pattern), weights)
    for pattern, weights in (
        ("rz|cz", {"pl": LETTER_GROUP_NATS}),
        ("sz", {"pl": LETTER_GROUP_NATS, "hu": LETTER_GROUP_NATS}),
        ("zs|gy", {"hu": LETTER_GROUP_NATS}),
        ("ij", {"nl": LETTER_GROUP_NATS}),
        ("sch", {"de": LETTER_GROUP_NATS, "nl": LETTER_GROUP_NATS}),
        ("eau", {"fr": LETTER_GROUP_NATS}),
        ("ção|ões|ão", {"pt": LETTER_GROUP_NATS}),
        ("ää|öö|ii|uu", {"fi": LETTER_GROUP_NATS, "et": LETTER_GROUP_NATS}),
        ("lh", {"pt": LETTER_GROUP_NATS}),
        ("nh", {"pt": LETTER_GROUP_NATS, "vi": LETTER_GROUP_NATS}),
        ("y", {"et": -LETTER_GROUP_NATS}),  # Finnish writes y; Estonian only in loanwords
        ("ння", {"uk": LETTER_GROUP_NATS}),
        # Ukrainian marks a hard consonant before я, ю, є, ї with an apostrophe (м'ясо);
        # Russian and Bulgarian write ъ or ь there.
        (
            "[бпвмфрк]['’ʼ][яюєї]",
            {"uk": LETTER_GROUP_NATS, "ru": -FOREIGN_LETTER_NATS, "bg": -FOREIGN_LETTER_NATS},
        ),
        # Russian reflexive verbs in -тся; Ukrainian writes -ться, Bulgarian a separate се.
        (r"тся\b", {"ru": LETTER_GROUP_NATS}),
        # The hard sign as a vowel (before a consonant) is Bulgarian; Russian writes it
        # only before е, ё, ю, я.
        ("ъ(?![еёюя])", {"bg": LETTER_GROUP_NATS, "ru": -FOREIGN_LETTER_NATS}),
    )
)

# A word: letters with inner apostrophes; an elided word ("l'", "dell'") keeps its apostrophe.
_CAPITALISED_OR_NOT = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"[^\W\d_]+(?:['’](?=[^\W\d_]))?")


def text_words(text: str) -> list[str]:
    """Lower-case words of `text`; elisions keep the apostrophe (normalised to ')."""
    lower = text.lower().replace("i\u0307", "i")  # Turkish capital İ lowers to i + dot
    return [word.replace("’", "'") for word in _WORD.findall(lower)]


def _letter_weights(text: str) -> dict[str, float]:
    """Each letter beyond a-z in `text` (lower case), weighted 1, or `NAME_LETTER_WEIGHT`
    when it occurs only in capitalised words of a text of several words: those are
    mostly names ("Flights to Kraków", "Björk is playing"), spelled in their own language."""
    words = _CAPITALISED_OR_NOT.findall(text)
    weights: dict[str, float] = {}
    for word in words:
        weight = NAME_LETTER_WEIGHT if word[0].isupper() and len(words) > 1 else 1.0
        for letter in word.lower():
            if letter not in _ASCII_LETTERS:
                weights[letter] = max(weights.get(letter, 0.0), weight)
    return weights


def evidence_scores(text: str, candidates: Iterable[str]) -> dict[str, float]:
    """Log-likelihood ratios (nats) per candidate language; all zero = no evidence."""
    languages = tuple(candidates)
    scores = dict.fromkeys(languages, 0.0)
    words = set(text_words(text))
    for lang in languages:
        listed = FUNCTION_WORDS.get(lang)
        if listed:
            scores[lang] += FUNCTION_WORD_NATS * len(words & listed)
    for letter, weight in _letter_weights(text).items():
        for lang in languages:
            alphabet = _ALPHABETS.get(lang)
            if alphabet is not None and letter not in alphabet:
                scores[lang] -= FOREIGN_LETTER_NATS * weight
    lower = text.lower()
    for pattern, weights in LETTER_GROUPS:
        if pattern.search(lower):
            for lang, nats in weights.items():
                if lang in scores:
                    scores[lang] += nats
    return scores


def combine(
    ranked: Sequence[tuple[str, float]],
    evidence: dict[str, float],
) -> dict[str, float]:
    """Posterior over the evidence's languages: py3langid's probability times e^evidence,
    renormalised (py3langid's own probabilities are spread over all 31 languages)."""
    prior = dict(ranked)
    logits = {
        lang: math.log(max(prior.get(lang, 0.0), PROBABILITY_FLOOR)) + nats
        for lang, nats in evidence.items()
    }
    top = max(logits.values())
    weights = {lang: math.exp(logit - top) for lang, logit in logits.items()}
    total = sum(weights.values())
    return {lang: weight / total for lang, weight in weights.items()}


def identify(
    text: str,
    ranked: Sequence[tuple[str, float]],
    candidates: Sequence[str],
    min_confidence: float,
    default: str | None = None,
) -> str | None:
    """The language of `text` among `candidates`, or None when not confident enough.

    `ranked` is py3langid's `rank(text)` (probabilities over its languages). With
    no evidence, its best candidate stands if it clears `min_confidence`; with some,
    the combined posterior's best must clear it, or at least `RULED_OUT_FLOOR` when
    the evidence has ruled out `default` (the language the caller falls back to) and
    what remains is doubt between close languages (or the runner-up is far behind):
    Croatian too short to be sure of is still better read as Slovenian than as English.
    """
    evidence = evidence_scores(text, candidates)
    if not any(evidence.values()):
        best, probability = next(
            ((lang, p) for lang, p in ranked if lang in candidates), (None, 0.0)
        )
        return best if probability >= min_confidence else None
    posterior = combine(ranked, evidence)
    best = max(posterior, key=posterior.__getitem__)
    if posterior[best] >= min_confidence:
        return best
    if posterior.get(default or "", 0.0) >= RULED_OUT_BELOW or posterior[best] < RULED_OUT_FLOOR:
        return None
    others = [lang for lang in posterior if lang != best]
    if not others:
        return best
    runner_up = max(others, key=posterior.__getitem__)
    close = runner_up in _CLOSE.get(best, ()) or posterior[runner_up] < RULED_OUT_FLOOR / 2
    return best if close else None  # "I met Zoë and Chloé": nl 0.47, en 0.34: not settled
