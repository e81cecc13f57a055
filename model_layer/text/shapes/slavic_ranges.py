# ruff: noqa: RUF001, RUF002, RUF003  (the text is Cyrillic, not look-alike Latin)
"""A range of counts before a noun: "5–7 дней", "3-5 днів", "7-10 dni".

In Russian, Ukrainian and Polish the noun agrees with the last number, so "пять-семь
дней" reads the first number wrong whenever its form differs ("один-два дня"). A
native speaker says the range with its prepositions: "от пяти до семи дней", "від
трьох до п'яти днів", "od siedmiu do dziesięciu dni", the noun in the genitive plural
(Розенталь, § 186; PWN: "od dwóch do trzech tygodni"). Where the sentence already
gives the numbers a case, both take it and keep the hyphen, as it is said: "в течение
трёх-пяти дней", "в двух-трёх местах", "w ciągu siedmiu-dziesięciu dni". After a
preposition of the accusative ("через 10-15 минут", "za 10-15 minut") the reading
stays as it is, the numbers only taking the noun's gender ("через одну-две недели").

A range that names rather than counts ("в 10-11 классах", "2020-2022 годы", "12-14
czerwca") is left to the rules that read it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from model_layer.text.langs import data
from model_layer.text.langs.forms import Word
from model_layer.text.langs.spec import UNIT_SYMBOLS
from model_layer.text.shapes import (
    cases,
    east_slavic_agreement,
    slavic_declension,
    west_slavic_agreement,
)

Rule = Callable[[str], str]

# Two whole numbers joined by a dash, then a space: not part of a phone number, a
# date, a decimal, a time or a longer chain ("1990-2000-х").
_RANGE = re.compile(
    r"(?<![\w.,:/+\-\u2013\u2014])(\d{1,6})[ \u00a0]?[-\u2013\u2014][ \u00a0]?(\d{1,6})"
    r"(?![\w\-\u2013\u2014]|[.,:/]\d)"
)
_WORDS = re.compile(r"[ \u00a0]([^\W\d_]+)(?:[ \u00a0]([^\W\d_]+))?(?:[ \u00a0]([^\W\d_]+))?")
_CURRENCY_NEXT = re.compile(r"[ \u00a0]?(?:руб|грн|zł|[₽₴$€£]|[A-Z]{3}(?!\w))")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \u00a0]*$")


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_FROM_TO = {"ru": ("от", "до"), "uk": ("від", "до"), "pl": ("od", "do")}

# Words after which the numbers are in the genitive: both said so, joined by a hyphen.
_GENITIVE = data.word_sets("ranges.genitive_after")
# Prepositions whose case the noun does not show: the numbers stay as the module says
# them (accusative like the nominative: "через десять-пятнадцать минут").
_OTHER_PREPOSITIONS = {
    "ru": _words("с со от из через на за в во по про под над о об к ко при между"),
    "uk": _words("з із зі від через на за в у по про під над о об к при між"),
    "pl": _words("od z ze za na przez po w we o przed nad pod między przy"),
}
# Nouns a range names rather than counts ("в 10-11 классах" are grades, "на 5-7
# страницах" page numbers): left to the module.
_NAMING = data.word_sets("ranges.naming_nouns")
# The genitive plural said after a count where pymorphy3 gives another ("людей" is
# the plural of another stem; "разів" is the counted form)
_SUPPLETIVE = {"ru": {"людей": "человек"}, "uk": {"раз": "разів"}}
_EAST_CASE = {"datv", "ablt", "loct"}


def _plural_class(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _unit_at(text: str, pos: int, units: Mapping[str, Word]) -> tuple[Word, int] | None:
    """The unit written after the range ("км", "%"), and where it ends."""
    rest = text[pos : pos + 12]
    lead = len(rest) - len(rest.lstrip(" \u00a0"))
    if lead > 1:
        return None
    rest = rest[lead:]
    for symbol in sorted(units, key=len, reverse=True):
        if rest.startswith(symbol):
            tail = rest[len(symbol) : len(symbol) + 1]
            if not tail or not (tail.isalnum() or tail in "/²³"):
                return units[symbol], pos + lead + len(symbol)
    return None


def _preceding(text: str, start: int) -> str:
    found = _WORD_BEFORE.search(text, max(0, start - 30), start)
    return found.group(1).lower() if found else ""


# --- Russian, Ukrainian: pymorphy3 tells the noun's case and declines it -------------


def _east_phrase(words: list[str], lang: str) -> list[tuple[str, list]] | None:
    """The adjectives and the noun after the range, each with its parses; None if the
    words after it are no noun phrase."""
    morph = east_slavic_agreement.analyzer(lang)
    if morph is None:
        return None
    phrase: list[tuple[str, list]] = []
    for i, token in enumerate(words):
        if not token[:1].islower():
            return None
        parses = morph.parse(token)
        nouns = [p for p in parses if p.tag.POS == "NOUN" and "Abbr" not in p.tag]
        adjectives = [p for p in parses if p.tag.POS in ("ADJF", "PRTF")]
        following_noun = i + 1 < len(words) and any(
            p.tag.POS == "NOUN" for p in morph.parse(words[i + 1])
        )
        if adjectives and following_noun and words[i + 1][:1].islower():
            phrase.append((token, adjectives))
            continue
        if nouns:
            phrase.append((token, nouns))
            return phrase
        return None
    return None


def _east_numbers(
    a: int, b: int, lang: str, case: str, gender: str, joiner: str, last_case: str = ""
) -> str | None:
    first = east_slavic_agreement.east_slavic_words(a, lang, case, gender)
    last = east_slavic_agreement.east_slavic_words(b, lang, last_case or case, gender)
    if first is None or last is None:
        return None
    return joiner.format(first, last)


Said = tuple[str, int] | None  # the words and where the text they replace ends


def _east(m: re.Match[str], lang: str, units: Mapping[str, Word], months: frozenset[str]) -> Said:
    a, b = int(m.group(1)), int(m.group(2))
    if a >= b or b == 1:
        return None
    text = m.string
    before = _preceding(text, m.start())
    frm, to = _FROM_TO[lang]
    genitive = before in _GENITIVE[lang]
    from_to = f"{frm} {{}} {to} {{}}"
    unit = _unit_at(text, m.end(), units)
    if unit is not None:
        noun, end = unit
        if before in _OTHER_PREPOSITIONS[lang] or _CURRENCY_NEXT.match(text, end):
            return None  # "5-10 тыс. руб.": money, read by the rules for amounts
        gender = {"f": "femn", "n": "neut"}.get(noun.gender, "masc")
        numbers = _east_numbers(a, b, lang, "gent", gender, "{}-{}" if genitive else from_to)
        return None if numbers is None else (f"{numbers} {noun.form(2)}", end)
    found = _WORDS.match(text, m.end())
    if found is None:
        return None
    words = [w for w in found.groups() if w]
    if words[0].lower() in months:
        return None  # "3–4 мая": a span of days, the date rules'
    phrase = _east_phrase(words, lang)
    if phrase is None:
        return None
    noun_parses = phrase[-1][1]
    lemma = noun_parses[0].normal_form
    if lemma in _NAMING[lang] and (lemma not in ("год", "рік") or b >= 1000):
        return None
    gender = next((str(p.tag.gender) for p in noun_parses if p.tag.gender), "masc")
    plural = [p for p in noun_parses if p.tag.number == "plur"]
    oblique = [p for p in plural if p.tag.case in _EAST_CASE]
    if oblique and not any(p.tag.case in ("nomn", "gent", "accs") for p in noun_parses):
        # "в 2-3 местах", "с 2-3 детьми": the noun shows the case, both numbers take it
        numbers = _east_numbers(a, b, lang, str(oblique[0].tag.case), gender, "{}-{}")
        return None if numbers is None else (numbers, m.end())
    form = _plural_class(b)
    gen_plural = any(p.tag.case == "gent" for p in plural)
    if genitive:
        numbers = _east_numbers(a, b, lang, "gent", gender, "{}-{}") if gen_plural else None
        return None if numbers is None else (numbers, m.end())
    if before in _OTHER_PREPOSITIONS[lang] or form == "one":
        # "через 1-2 недели": the accusative, alike the nominative but for one
        case = "accs" if before in _OTHER_PREPOSITIONS[lang] and a == 1 else "nomn"
        numbers = _east_numbers(a, b, lang, case, gender, "{}-{}", "nomn")
        return None if numbers is None else (numbers, m.end())
    if form == "many":
        numbers = _east_numbers(a, b, lang, "gent", gender, from_to) if gen_plural else None
        return None if numbers is None else (numbers, m.end())
    # After 2-4 the noun is in the genitive singular (ru) or the nominative plural (uk);
    # after "до" it takes the genitive plural, and so do its adjectives.
    counted = ("gent", "sing") if lang == "ru" else ("nomn", "plur")
    if not any((p.tag.case, p.tag.number) == counted for p in noun_parses):
        return None
    said = []
    for _token, parses in phrase:
        target = next((p.inflect({"gent", "plur"}) for p in parses), None)
        if target is None:
            return None
        said.append(_SUPPLETIVE[lang].get(target.word, target.word))
    numbers = _east_numbers(a, b, lang, "gent", gender, from_to)
    if numbers is None:
        return None
    return f"{numbers} {' '.join(said)}", found.start() + 1 + len(" ".join(w for w, _ in phrase))


def unit_words(
    units: Mapping[str, Word],
    symbols: Mapping[str, str],
    percent: Word | None,
    scales: Mapping[str, Word],
) -> dict[str, Word]:
    """Symbol -> its word, from a module's units, symbols (the shared ones too), written
    scales ("тыс.") and percent."""
    table = {**UNIT_SYMBOLS, **symbols}
    found = {s: units[k] for s, k in table.items() if k in units} | dict(scales)
    if percent is not None:
        found["%"] = percent
    return found


def _apply(text: str, say: Callable[[re.Match[str]], Said]) -> str:
    out: list[str] = []
    position = 0
    for m in _RANGE.finditer(text):
        if m.start() < position:
            continue
        said = say(m)
        if said is None:
            continue
        out += [text[position : m.start()], said[0]]
        position = said[1]
    return "".join([*out, text[position:]]) if out else text


def east_rule(lang: str, units: Mapping[str, Word], months: tuple[str, ...]) -> Rule:
    """The rule for ru or uk, given the module's units (with "%") and month names."""
    month_set = frozenset(months)

    def rule(text: str) -> str:
        if not any(dash in text for dash in "-\u2013\u2014"):
            return text
        return _apply(text, lambda m: _east(m, lang, units, month_set))

    return rule


# --- Polish: the noun's ending and a table of the counted nouns ----------------------

# The nominative plural after 2-4 -> the genitive plural after "do" (the nouns most often
# counted in a range: time, doses, people, recipes).
_PL_GENITIVE_PLURAL = {
    "tygodnie": "tygodni", "godziny": "godzin", "minuty": "minut", "sekundy": "sekund",
    "miesiące": "miesięcy", "lata": "lat", "doby": "dób", "noce": "nocy", "osoby": "osób",
    "łyżki": "łyżek", "łyżeczki": "łyżeczek", "szklanki": "szklanek", "tabletki": "tabletek",
    "kapsułki": "kapsułek", "krople": "kropli", "porcje": "porcji", "sztuki": "sztuk",
    "jajka": "jajek", "jaja": "jaj", "ząbki": "ząbków", "plastry": "plastrów",
    "dni": "dni", "razy": "razy", "tygodni": "tygodni", "pokoje": "pokoi", "piętra": "pięter",
    "kilometry": "kilometrów", "metry": "metrów", "litry": "litrów", "kilogramy": "kilogramów",
    "gramy": "gramów", "stopnie": "stopni", "centymetry": "centymetrów", "lekcje": "lekcji",
    "zajęcia": "zajęć", "dzieci": "dzieci", "kobiety": "kobiet", "książki": "książek",
}  # fmt: skip
_PL_PLURAL_GENITIVES = frozenset(_PL_GENITIVE_PLURAL.values())
_PL_NOT_NOUNS = _words(
    "i a w z na do od po za o lub albo oraz że się nie to jest są dla dziennie rano wieczorem "
    "tygodniowo miesięcznie rocznie razem więcej mniej"
)
_PL_OBLIQUE = (("ach", "l"), ("ami", "i"), ("om", "d"))


def _pl_number(n: int, case: str, feminine: bool) -> str | None:
    if n == 1:
        return cases.ONE_FORMS["pl"][case][feminine]
    return slavic_declension.polish_forms(n, case, feminine)


def _pl_pair(a: int, b: int, case: str, feminine: bool, joiner: str) -> str | None:
    first, last = _pl_number(a, case, feminine), _pl_number(b, case, feminine)
    return None if first is None or last is None else joiner.format(first, last)


def _polish(m: re.Match[str], units: Mapping[str, Word], months: frozenset[str]) -> Said:
    a, b = int(m.group(1)), int(m.group(2))
    if a >= b or b == 1:
        return None
    text = m.string
    before = _preceding(text, m.start())
    genitive = before in _GENITIVE["pl"]
    from_to = "od {} do {}"
    unit = _unit_at(text, m.end(), units)
    if unit is not None:
        noun, end = unit
        if before in _OTHER_PREPOSITIONS["pl"] or _CURRENCY_NEXT.match(text, end):
            return None
        said = _pl_pair(a, b, "g", noun.gender == "f", "{}-{}" if genitive else from_to)
        return None if said is None else (f"{said} {noun.form(2)}", end)
    found = _WORDS.match(text, m.end())
    if found is None:
        return None
    noun = found.group(1)
    lower = noun.lower()
    if not noun[:1].islower() or lower in _PL_NOT_NOUNS or lower in months:
        return None
    feminine = west_slavic_agreement.west_slavic_gender(noun, "pl") == "f"
    oblique = next((case for ending, case in _PL_OBLIQUE if lower.endswith(ending)), None)
    if oblique is not None:
        # "w 2-3 miastach", "z 2-3 osobami": both numbers in the case the noun shows
        said = _pl_pair(a, b, oblique, feminine, "{}-{}")
        return None if said is None else (said, m.end())
    gen_plural = (
        lower in _PL_PLURAL_GENITIVES
        or lower.endswith("ów")
        or (_plural_class(b) == "many" and b > 4 and lower not in _PL_GENITIVE_PLURAL)
    )
    if before in _OTHER_PREPOSITIONS["pl"]:
        return None  # "za 10-15 minut", "na 2-3 dni": the accusative, as the module says it
    if genitive:
        said = _pl_pair(a, b, "g", feminine, "{}-{}") if gen_plural else None
        return None if said is None else (said, m.end())
    if gen_plural:
        said = _pl_pair(a, b, "g", feminine, from_to)
        return None if said is None else (said, m.end())
    plural = _PL_GENITIVE_PLURAL.get(lower)
    if plural is None:
        return None
    said = _pl_pair(a, b, "g", feminine, from_to)
    return None if said is None else (f"{said} {plural}", found.end(1))


def polish_rule(units: Mapping[str, Word], months: tuple[str, ...]) -> Rule:
    """The rule for pl, given the module's units (with "%") and month names."""
    month_set = frozenset(months)

    def rule(text: str) -> str:
        if not any(dash in text for dash in "-\u2013\u2014"):
            return text
        return _apply(text, lambda m: _polish(m, units, month_set))

    return rule
