"""Nouns' grammatical genders from the tables scripts/build_text_data.py builds out of
dictionaries (data/noun_gender_<lang>.json: whole forms, and the endings most nouns of one
gender share), read on first use; the agreement rules of several languages ask them."""

from __future__ import annotations

import functools
import json
from pathlib import Path

Gender = str  # "m", "f" or "n"

_DATA = Path(__file__).parent / "data"


@functools.cache
def noun_data(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """(form -> gender, ending -> gender) from data/noun_gender_<lang>.json, read on
    first use; empty where there is no file."""
    # Slovak has no table of its own: most Slovak plural forms are spelled as in Czech
    # ("knihy", "ženy", "okna"), so the Czech one is the better guess than none.
    path = _DATA / f"noun_gender_{'cs' if lang == 'sk' else lang}.json"
    if not path.is_file():
        return {}, {}
    data = json.loads(path.read_text("utf-8"))
    return data["forms"], data.get("endings", {})


def form_genders(lang: str) -> dict[str, str]:
    return noun_data(lang)[0]


def learned_ending_gender(word: str, lang: str) -> Gender | None:
    """The gender that the word's longest learned ending (2-5 letters) tells, if any:
    endings that most nouns of one gender share in the language's dictionary, learned
    by scripts/build_text_data.py ("-ité", "-ion" feminine, "-isme" masculine in fr)."""
    endings = noun_data(lang)[1]
    for size in range(min(5, len(word) - 1), 1, -1):
        gender = endings.get(word[-size:])
        if gender is not None:
            return gender
    return None
