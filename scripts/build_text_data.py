"""Build the text rules' data files from licensed sources, reproducibly.

    .venv/bin/pip install wordfreq==3.1.1 simplemma==2.0.0
    .venv/bin/python scripts/build_text_data.py

Writes, under model_layer/text/rules/data/:

- noun_gender_pl.json, noun_gender_cs.json: word forms whose gender the ending alone
  gets wrong ("książki" is feminine, "koty" masculine, yet both end in a plural -i/-y),
  for agreement (`rules/agreement.py`). The forms are wordfreq's most frequent words;
  each is lemmatized with simplemma and the lemma's gender decided by its ending (a
  reliable rule on lemmas, with the exceptions listed below); a form is kept when
  `agreement.west_slavic_gender` on the form itself would say otherwise.

Sources and licences: wordfreq 3.1.1 (code Apache-2.0; word lists CC BY-SA 4.0, from
Wikipedia, subtitles, news, books, web text, Twitter and Reddit, see its README);
simplemma 2.0.0 (MIT). The derived files carry the same attribution in their header.
Both packages are needed only here, not at run time.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from model_layer.text.rules.agreement import west_slavic_gender  # noqa: E402

DATA = REPO / "model_layer" / "text" / "rules" / "data"
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


def main() -> int:
    DATA.mkdir(parents=True, exist_ok=True)
    for lang in ("pl", "cs"):
        forms = noun_genders(lang)
        out = {"source": ATTRIBUTION, "forms": forms}
        path = DATA / f"noun_gender_{lang}.json"
        path.write_text(json.dumps(out, ensure_ascii=False, indent=0) + "\n", "utf-8")
        print(f"{path.relative_to(REPO)}: {len(forms)} forms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
