"""German: "ein" before a counted noun in the case the word before it governs.

"Man nehme 1/2 Liter" is "einen halben Liter", "für 1 Tag" "für einen Tag", "mit 1 Kind"
"mit einem Kind", "seit 1 Jahr" "seit einem Jahr" (Duden, Grammatik: Rektion der
Präpositionen; the direct object of a transitive verb is in the accusative).

The number rules (agreement, fractions before a measure, units, money, "Mio.") say
"ein", "eine", "ein halber" as if the noun were the subject; this rule, run after them,
puts the article (and "halb") in the accusative or the dative where the word before
decides it alone:

- a preposition that always governs the dative ("mit", "nach", "seit", "von", "zu",
  "bei", "aus", "ab"), or one of place and time before a span of time ("in einer
  Stunde", "vor einem Jahr", "an einem Tag"; "in ein Haus" stays accusative);
- a preposition that governs the accusative ("für", "um", "durch", "gegen", "ohne",
  "über": "über einen Monat");
- a transitive verb whose subject cannot follow it ("nehme", "nimm", "brauchen",
  "Gib mir", "Haben Sie"), or a third-person one after a pronoun or an article's
  noun ("es gibt", "er hat", "die Fahrt dauert"): after "Am Montag hat" the noun
  may be the subject, and nothing changes.

Only "ein"/"eine" followed by a capitalized noun (and "halb-" between) change, and only
from the nominative form: a correct article is left as it is, and "ein Uhr" (the time)
never changes.
"""

from __future__ import annotations

import re

from model_layer.text.langs import data
from model_layer.text.shapes import agreement, noun_genders


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_DATIVE = _words("mit nach seit von zu bei aus ab gegenüber außer samt nebst binnen")
# Prepositions of place and time: the dative only before a span of time ("in einer
# Stunde", "vor einem Jahr"); "in ein Haus", "auf ein Wunder" are accusative.
_DATIVE_IN_TIME = _words("in an vor unter binnen innerhalb")
_TIME_NOUNS = data.word_set("de", "case.time_nouns")
_ACCUSATIVE = _words("für um durch gegen ohne über wider")
# Verb forms after which the next noun phrase is the object: the subject is "ich",
# "du", "wir", "ihr", "Sie" (before the verb) or the verb is an imperative.
_OBJECT_VERBS = data.word_set("de", "case.object_verbs")
# Third-person forms: the object only after a pronoun or a noun with its article
# ("es gibt", "die Fahrt dauert"); "Heute hat ein Mann angerufen" keeps its subject.
_THIRD_PERSON_VERBS = data.word_set("de", "case.third_person_verbs")
_SUBJECT_PRONOUNS = _words("er sie es man das dies wer ihr jemand")
_ARTICLES = data.word_set("de", "case.articles")
_OBJECT_PRONOUNS = _words("mir dir uns euch ihm ihr sie sich Sie".lower())

_ONE = re.compile(
    r"(?<![\w-])(?P<one>[Ee]ine?)(?P<half> halber| halbe| halbes)? (?P<noun>[A-ZÄÖÜ][a-zäöüß]+)\b"
)
_WORDS_BEFORE = re.compile(r"(?:(\S+)\s+)?(\S+)\s+(\S+)\s*$")
_NOT_NOUNS = frozenset(["Uhr", "Mal"])  # "um ein Uhr": the time; "ein Mal"
# Frequent counted nouns that the built table leaves out (it drops a form that has two
# genders in any sense: "der Moment", "das Moment" in physics) or lacks.
_KNOWN = data.table("de", "case.known")


# "eine Pizza und 1 Salat": after "und", "oder" the noun phrase shares the first one's case.
_COORDINATED = re.compile(
    r"(?<![\w-])(?P<art>[Ee]ine[nmr]?|[Ee]in)(?: halbe[nrs]?)? [A-ZÄÖÜ][a-zäöüß]+"
    r"(?: [A-ZÄÖÜ][a-zäöüß]+)? (?:und|oder|sowie) $"
)
_ARTICLE_CASE = data.table("de", "case.article_case")


def _coordinated_case(before: str) -> str:
    found = _COORDINATED.search(before)
    if found is None:
        return ""
    known = _ARTICLE_CASE.get(found["art"].lower())
    if known:
        return known
    return case_before(before[: found.start()])


def case_before(before: str) -> str:
    """ "acc", "dat", "dat-time" (the dative before a span of time) or "" (nominative, or
    not decidable) for a noun phrase after `before`."""
    found = _WORDS_BEFORE.search(before[-60:])
    if found is None:
        words = before.split()
        if not words:
            return ""
        last, previous, first = words[-1], "", ""
    else:
        first, previous, last = found.group(1) or "", found.group(2), found.group(3)
    if not last[-1:].isalpha():
        return ""  # "Er kam, ein Mann ...": a comma or a full stop ends the phrase
    lower = last.lower()
    if lower in _DATIVE:
        return "dat"
    if lower in _DATIVE_IN_TIME:
        return "dat-time"
    if lower in _ACCUSATIVE:
        return "acc"
    if lower in _OBJECT_VERBS:
        return "acc"
    if lower in _OBJECT_PRONOUNS and previous.lower() in _OBJECT_VERBS | _THIRD_PERSON_VERBS:
        return "acc"  # "Gib mir 1 Minute", "Haben Sie 1 Moment"
    if lower in _THIRD_PERSON_VERBS:
        if previous.lower() in _SUBJECT_PRONOUNS and previous[:1].isalpha():
            return "acc"
        if previous[:1].isupper() and first.lower() in _ARTICLES:
            return "acc"  # "Die Fahrt dauert 1 Tag"
    return ""


def _gender(noun: str, half: str) -> str | None:
    if half:
        return {"halber": "m", "halbe": "f", "halbes": "n"}[half]
    table = noun_genders.form_genders("de")
    lower = noun.lower()
    known = _KNOWN.get(lower) or table.get(lower)
    if known is None:
        known = agreement.german_compound_gender(lower, table)
    return known


_FORMS = {
    ("acc", "m"): ("einen", " halben"),
    ("acc", "f"): ("eine", " halbe"),
    ("acc", "n"): ("ein", " halbes"),
    ("dat", "m"): ("einem", " halben"),
    ("dat", "f"): ("einer", " halben"),
    ("dat", "n"): ("einem", " halben"),
}


def rule(text: str) -> str:
    """`text` with "ein"/"eine" (and "halb-") in the case of the word before it."""
    if "ein" not in text:
        return text

    def say(m: re.Match[str]) -> str:
        noun = m["noun"]
        if noun in _NOT_NOUNS:
            return m.group()
        before = m.string[max(0, m.start() - 60) : m.start()]
        case = case_before(before)
        if not case and before.endswith(("und ", "oder ", "sowie ")):
            case = _coordinated_case(m.string[max(0, m.start() - 120) : m.start()])
        if case == "dat-time":
            case = "dat" if noun in _TIME_NOUNS else ""
        if not case:
            return m.group()
        half = (m["half"] or "").strip()
        one = m["one"].lower()
        if one == "eine" and half not in ("", "halbe"):
            return m.group()
        gender = "f" if one == "eine" else _gender(noun, half)
        if gender is None:
            if case != "dat":
                return m.group()
            gender = "m"  # "ein" before a noun: masculine or neuter, one dative form
        if gender == "f" and one != "eine":
            return m.group()  # "ein" before a feminine noun: not an article we wrote
        article, half_form = _FORMS[(case, gender)]
        if m["one"][0] == "E":
            article = article.capitalize()
        return f"{article}{half_form if half else ''} {noun}"

    return _ONE.sub(say, text)
