"""Build the text rules' data files from licensed sources, reproducibly.

    .venv/bin/pip install wordfreq==3.1.1 simplemma==2.0.0
    .venv/bin/python scripts/build_text_data.py [LANG ...]

Writes, under model_layer/text/shapes/data/ (all languages, or those named):

- noun_gender_pl.json, noun_gender_cs.json: word forms whose gender the ending alone
  gets wrong ("książki" is feminine, "koty" masculine, yet both end in a plural -i/-y),
  for agreement (`shapes/agreement.py`). The forms are wordfreq's most frequent words;
  each is lemmatized with simplemma and the lemma's gender decided by its ending (a
  reliable rule on lemmas, with the exceptions listed below); a form is kept when
  `west_slavic_agreement.west_slavic_gender` on the form itself would say otherwise.
- noun_gender_{es,pt,it,fr,de}.json: the genders of every form (singular and plural)
  of the 10,000 most frequent noun lemmas found among wordfreq's 100,000 most frequent
  words, from a dictionary with genders (all forms, not only those the ending gets
  wrong, so the tables stay right whatever becomes of the ending rules; each costs
  about 2-7 ms and 0.4-2 MB when first used, see shapes/agreement.py). The
  dictionaries, pinned below, are fetched by the ordinary clients into a temporary
  folder, never installed:
  es, pt, it: Apertium's morphological analysers (Debian apertium-* packages, run with
  lttoolbox's lt-proc from the same folder); fr: the Dicollecte dictionary of Debian's
  hunspell-fr-comprehensive (its entries carry "po:nom is:fem"); de: german-nouns
  (PyPI, from German Wiktionary). Needs apt-get and dpkg-deb (Debian) and pip.
  Each file also holds "endings": the 2-5 letter endings that most nouns of one
  gender share (learned from the whole dictionary for fr and de, from the nouns among
  the frequent words for es/pt/it), the fallback for nouns not in the table.

Sources and licences: wordfreq 3.1.1 (code Apache-2.0; word lists CC BY-SA 4.0, from
Wikipedia, subtitles, news, books, web text, Twitter and Reddit, see its README);
simplemma 2.0.0 (MIT); for the others, GENDER_SOURCES below (Apertium: GPL; Dicollecte:
MPL-2.0; german-nouns: CC BY-SA 4.0). Each derived file names its sources in its
"source" field. None of these packages is needed at run time.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from model_layer.text.shapes.west_slavic_agreement import west_slavic_gender  # noqa: E402

DATA = REPO / "model_layer" / "text" / "shapes" / "data"
FORMS = 30_000
# Lemmas whose ending says the wrong gender (masculine nouns in -a, feminine ones in a
# consonant), from grammars of each language.
_LEMMA_EXCEPTIONS = {
    "pl": {
        "m": "mężczyzna kolega poeta artysta sędzia turysta kierowca dentysta książę tata dziadek",
        "f": "noc rzecz mysz sól twarz krew jesień pieśń dłoń wieś kość gałąź miłość",
        "n": "imię zwierzę dziecko muzeum centrum",
    },
    "cs": {
        "m": "předseda kolega starosta hrdina sluha táta děda soudce průvodce",
        "f": "píseň kost noc věc řeč moc myš loď sůl krev zeď tvář postel obec paměť "
        "báseň dlaň daň lež zem čtvrť",
        "n": "kuře dítě zvíře moře pole srdce slunce vejce nádraží",
    },
}
ATTRIBUTION = (
    "Built by scripts/build_text_data.py from wordfreq 3.1.1 word lists (CC BY-SA 4.0) "
    "and simplemma 2.0.0 lemmas (MIT)."
)


def lemma_gender(lemma: str, lang: str) -> str:
    for gender, words in _LEMMA_EXCEPTIONS[lang].items():
        if lemma in words.split():
            return gender
    if lemma.endswith("a"):
        return "f"
    if lemma.endswith(("o", "e", "ę", "um", "í", "ě")):
        return "n" if not (lang == "cs" and lemma.endswith("e")) else "f"
    if lemma.endswith("ść") or (lang == "cs" and lemma.endswith("ost")):
        return "f"
    return "m"


def noun_genders(lang: str) -> dict[str, str]:
    import simplemma
    import wordfreq

    forms: dict[str, str] = {}
    top = wordfreq.top_n_list(lang, FORMS)
    known = set(top)
    for word in top:
        if not word.isalpha() or len(word) < 3 or word != word.lower():
            continue
        lemma = simplemma.lemmatize(word, lang=lang)
        if lemma == word and word[-1] in "yi" and word[:-1] + "a" in known:
            lemma = word[:-1] + "a"  # simplemma knows no lemma: "hodiny" is "hodina"
        if lemma == word and word not in forms:
            gender = lemma_gender(lemma, lang)
        else:
            gender = lemma_gender(lemma.lower(), lang)
        if gender != west_slavic_gender(word, lang, use_table=False):
            forms[word] = gender
    return dict(sorted(forms.items()))


# --- es, pt, it, fr, de: genders of the most frequent nouns ---------------------------
#
# Each language's noun genders come from a dictionary in a Debian package or a PyPI
# package, pinned below; wordfreq decides which nouns are frequent. The files map word
# forms (singular and plural, lower case) to "m", "f" or "n"; a form whose dictionary
# gives both genders ("livre", "capital") is left out, so the ending decides it.

FREQUENT_FORMS = 100_000  # wordfreq forms searched for nouns
NOUN_LEMMAS = 10_000  # the most frequent noun lemmas kept per language
ENDING_SIZES = (2, 5)  # the shortest and longest endings learned
# lang: the Debian packages (name, version) and the analysers inside them. Where two
# are listed, a form is kept only where every one that knows it as a noun gives the
# same single gender ("pianeta", "fine" have both). Not apertium-es-pt: its dictionaries
# are older, smaller and give wrong genders ("el arroz", "el hambre" as the other).
APERTIUM = {
    "es": (
        ("apertium-spa-cat", "2.2.0-3", "apertium-spa-cat/spa-cat.automorf.bin"),
        ("apertium-spa-ita", "0.2.1-3", "apertium-spa-ita/spa-ita.automorf.bin"),
    ),
    "pt": (("apertium-por-cat", "0.10.1-2", "apertium-por-cat/por-cat.automorf.bin"),),
    "it": (
        ("apertium-spa-ita", "0.2.1-3", "apertium-spa-ita/ita-spa.automorf.bin"),
        ("apertium-cat-ita", "0.2.2-1", "apertium-cat-ita/ita-cat.automorf.bin"),
    ),
}
LTTOOLBOX = (("lttoolbox", "3.7.1-1+b2"), ("liblttoolbox3", "3.7.1-1+b2"))
HUNSPELL_FR = ("hunspell-fr-comprehensive", "1:7.0-1")
GERMAN_NOUNS = ("german-nouns", "1.2.5")
CACHE = Path(tempfile.gettempdir()) / "build_text_data"
GENDER_SOURCES = {  # each file's "source" names these; NOTICE gives the licences
    "es": "the Apertium Spanish dictionaries of Debian apertium-spa-cat 2.2.0-3 "
    "(apertium-spa 1.2.0, GPL-2.0) and apertium-spa-ita 0.2.1-3 (apertium-spa 1.2.2, GPL-2.0+)",
    "pt": "the Apertium Portuguese dictionary of Debian apertium-por-cat 0.10.1-2 "
    "(apertium-por 0.3.1, GPL-3.0+)",
    "it": "the Apertium Italian dictionaries of Debian apertium-spa-ita 0.2.1-3 "
    "(apertium-ita 1.1.1, GPL-2.0+) and apertium-cat-ita 0.2.2-1 (apertium-ita 1.1.2, GPL-2.0+)",
    "fr": "Dicollecte/Grammalecte French dictionary 7.0 "
    "(Debian hunspell-fr-comprehensive 1:7.0-1, MPL-2.0)",
    "de": "german-nouns 1.2.5 from German Wiktionary (PyPI, CC BY-SA 4.0)",
}


def debian_root(packages: tuple[tuple[str, str], ...]) -> Path:
    """The pinned Debian packages, downloaded (not installed) and unpacked in CACHE."""
    root = CACHE / "root"
    for name, version in packages:
        marker = CACHE / f"{name}_{version}.unpacked"
        if marker.exists():
            continue
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["apt-get", "download", f"{name}={version}"], cwd=CACHE, check=True)
        deb = next(CACHE.glob(f"{name}_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        marker.touch()
    return root


def frequent_words(lang: str, count: int) -> list[str]:
    import wordfreq

    return [w for w in wordfreq.top_n_list(lang, count) if w.isalpha() and len(w) >= 2]


def apertium_noun_genders(lang: str, words: list[str]) -> dict[str, tuple[str, set[str]]]:
    """form -> (lemma, genders) for the forms that Apertium's analysers read as a noun;
    the genders are those of every reading in every analyser (<mf> is both)."""
    nouns: dict[str, tuple[str, set[str]]] = {}
    for package, version, analyser in APERTIUM[lang]:
        root = debian_root((*LTTOOLBOX, (package, version)))
        env = dict(os.environ, LD_LIBRARY_PATH=str(root / "usr/lib/x86_64-linux-gnu"))
        out = subprocess.run(
            [str(root / "usr/bin/lt-proc"), str(root / "usr/share/apertium" / analyser)],
            input="\n".join(words) + "\n",
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        for unit in re.findall(r"\^(.*?)\$", out):
            surface, *readings = unit.split("/")
            genders: set[str] = set()
            lemma = ""
            for reading in readings:
                m = re.match(r"([^<]+)<n>((?:<[^>]+>)*)", reading)
                if m is None:
                    continue
                lemma = lemma or m.group(1)
                tags = re.findall(r"<([^>]+)>", m.group(2))
                genders |= {"c"} if "mf" in tags else {t for t in tags if t in ("m", "f")}
            if genders:
                known_lemma, known = nouns.get(surface, (lemma, set()))
                nouns[surface] = (known_lemma, known | genders)
    return nouns


# Dicollecte marks "is:epi" both nouns of either gender that name a person
# ("journaliste") and homonyms ("livre", "tour", "mode", "période"): only the first,
# told by these endings, count as common gender.
_FR_PERSON_ENDINGS = ("iste", "aire", "logue", "graphe", "crate", "naute", "phile", "phobe")


def one_gender(genders: set[str]) -> str | None:
    """The gender to read a noun with: its only gender; masculine for a noun of common
    gender ("c": "turista", "journaliste"), the generic form when counting people,
    unless a dictionary gives one gender alone; None for a noun with both genders by
    meaning ("capital", "livre"), left to the hand lists and endings."""
    explicit = genders - {"c"}
    if len(explicit) == 1:
        return next(iter(explicit))
    return "m" if not explicit else None


def hunspell_fr_noun_genders(words: list[str]) -> dict[str, tuple[str, set[str]]]:
    """form -> (lemma, genders) from the Dicollecte dictionary: its noun entries carry
    "po:nom is:mas" or "is:fem" ("is:epi" for both); plurals come from the entry's
    flag (S.: +s, X.: +x and -al/-ail -> -aux)."""
    root = debian_root((HUNSPELL_FR,))
    entries: dict[str, list[tuple[str, str]]] = {}
    for line in (root / "usr/share/hunspell/fr.dic").read_text("utf-8").splitlines()[1:]:
        if " po:nom" not in line:
            continue
        head, _, morph = line.partition(" ")
        lemma, _, flags = head.partition("/")
        gender = "m" if "is:mas" in morph else "f" if "is:fem" in morph else "mf"
        if gender == "mf" and lemma.endswith(_FR_PERSON_ENDINGS):
            gender = "c"  # "un/une journaliste": a person, of either gender
        entries.setdefault(lemma, []).append((flags, gender))
    nouns: dict[str, tuple[str, set[str]]] = {}
    for word in words:
        candidates = [(word, "")]
        if word.endswith("s"):
            candidates.append((word[:-1], "S."))
        if word.endswith("x"):
            candidates.append((word[:-1], "X."))
        if word.endswith("aux"):
            candidates += [(word[:-3] + "al", "X."), (word[:-3] + "ail", "X.")]
        for lemma, flag in candidates:
            genders: set[str] = set()
            for flags, gender in entries.get(lemma, ()):
                if not flag or flags.startswith(flag):
                    genders |= {"m", "f"} if gender == "mf" else {gender}
            if genders:
                nouns[word] = (lemma, genders)
                break
    return nouns


_NOT_COMMON = {"Toponym", "Eigenname", "Nachname", "Vorname", "Abkürzung", "Buchstabe"}


def german_lemma_genders() -> dict[str, set[str]]:
    """lower-cased lemma -> genders from german-nouns' CSV (Wiktionary's "genus"
    columns); a lemma listed twice with different genders gets both."""
    name, version = GERMAN_NOUNS
    wheel_dir = CACHE / f"{name}-{version}"
    if not any(wheel_dir.glob("*.whl")):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", f"{name}=={version}",
             "-d", str(wheel_dir)],
            check=True,
        )  # fmt: skip
    wheel = next(wheel_dir.glob("*.whl"))
    lemmas: dict[str, set[str]] = {}
    with zipfile.ZipFile(wheel) as archive:
        rows = csv.DictReader(io.TextIOWrapper(archive.open("german_nouns/nouns.csv"), "utf-8"))
        for row in rows:
            lemma = row["lemma"]
            kinds = set(row["pos"].split(","))
            if not lemma[:1].isupper() or "Substantiv" not in kinds or kinds & _NOT_COMMON:
                continue  # names, places, abbreviations: "Aller" (a river) is no "aller"
            genders = {row[k] for k in ("genus", "genus 1", "genus 2", "genus 3", "genus 4")}
            genders &= {"m", "f", "n"}
            if genders:
                lemmas.setdefault(lemma.lower(), set()).update(genders)
    return lemmas


def german_noun_genders(words: list[str]) -> dict[str, tuple[str, set[str]]]:
    """lower-cased lemma -> (lemma, genders) for the `words` that are German nouns."""
    lemmas = german_lemma_genders()
    return {w: (w, lemmas[w]) for w in words if w in lemmas}


def french_dictionary_forms() -> list[str]:
    """Every noun lemma of the Dicollecte dictionary and the plurals it may have
    (hunspell_fr_noun_genders keeps those its flags allow)."""
    root = debian_root((HUNSPELL_FR,))
    words: list[str] = []
    for line in (root / "usr/share/hunspell/fr.dic").read_text("utf-8").splitlines()[1:]:
        if " po:nom" in line:
            lemma = line.partition(" ")[0].partition("/")[0]
            words += [lemma, lemma + "s", lemma + "x"]
            if lemma.endswith(("al", "ail")):
                words.append(lemma[: -2 if lemma.endswith("al") else -3] + "aux")
    return [w for w in dict.fromkeys(words) if w.isalpha() and w == w.lower()]


def learned_endings(
    genders: dict[str, str], min_count: int = 10, share: float = 0.85
) -> dict[str, str]:
    """Word endings (2-5 letters) that tell a noun's gender: those shared by at least
    `min_count` of `genders`' forms, `share` of which have one gender; an ending is
    kept only where it says otherwise than the longest shorter one kept (the look-up,
    `agreement.learned_ending_gender`, takes the longest that matches)."""
    counts: dict[str, dict[str, int]] = {}
    for form, gender in genders.items():
        for size in range(ENDING_SIZES[0], ENDING_SIZES[1] + 1):
            if len(form) > size:
                tally = counts.setdefault(form[-size:], {})
                tally[gender] = tally.get(gender, 0) + 1
    kept: dict[str, str] = {}
    for size in range(ENDING_SIZES[0], ENDING_SIZES[1] + 1):
        for ending in sorted(e for e in counts if len(e) == size):
            tally = counts[ending]
            total = sum(tally.values())
            gender = max(sorted(tally), key=tally.__getitem__)
            if total < min_count or tally[gender] < share * total:
                continue
            shorter = next(
                (kept[ending[-n:]] for n in range(size - 1, ENDING_SIZES[0] - 1, -1)
                 if ending[-n:] in kept),
                None,
            )  # fmt: skip
            if shorter != gender:
                kept[ending] = gender
    return dict(sorted(kept.items()))


def noun_tables(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The forms of the NOUN_LEMMAS most frequent noun lemmas (by their most frequent
    form in wordfreq) whose dictionary gives one gender; and the endings learned from
    every single-gender noun form known (the whole dictionary for fr and de, the nouns
    among the FREQUENT_FORMS words for es, pt, it)."""
    words = frequent_words(lang, FREQUENT_FORMS)
    if lang == "fr":
        nouns = hunspell_fr_noun_genders(words)
        every = hunspell_fr_noun_genders(french_dictionary_forms())
    elif lang == "de":
        nouns = german_noun_genders(words)
        every = {w: (w, g) for w, g in german_lemma_genders().items() if w.isalpha()}
    else:
        nouns = apertium_noun_genders(lang, words)
        every = nouns
    kept_lemmas: set[str] = set()
    forms: dict[str, str] = {}
    for word in words:  # most frequent first
        if word not in nouns:
            continue
        lemma, genders = nouns[word]
        if lemma not in kept_lemmas:
            if len(kept_lemmas) >= NOUN_LEMMAS:
                continue
            kept_lemmas.add(lemma)
        gender = one_gender(genders)
        if gender is not None:
            forms[word] = gender
    single = {w: next(iter(g)) for w, (_, g) in every.items() if len(g) == 1 and g != {"c"}}
    return dict(sorted(forms.items())), learned_endings(single)


def main(argv: list[str]) -> int:
    """Build every file, or only those of the languages named on the command line."""
    langs = argv or ["pl", "cs", *GENDER_SOURCES]
    DATA.mkdir(parents=True, exist_ok=True)
    for lang in langs:
        out: dict[str, object]
        if lang in GENDER_SOURCES:
            forms, endings = noun_tables(lang)
            source = (
                f"Built by scripts/build_text_data.py: genders from {GENDER_SOURCES[lang]}; "
                f"the {NOUN_LEMMAS} most frequent noun lemmas by wordfreq 3.1.1 (CC BY-SA 4.0)."
            )
            out = {"source": source, "forms": forms, "endings": endings}
        else:
            forms = noun_genders(lang)
            out = {"source": ATTRIBUTION, "forms": forms}
        path = DATA / f"noun_gender_{lang}.json"
        path.write_text(json.dumps(out, ensure_ascii=False, indent=0) + "\n", "utf-8")
        print(f"{path.relative_to(REPO)}: {len(forms)} forms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
