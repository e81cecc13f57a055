# ruff: noqa: RUF001, RUF002, RUF003  (tables in Cyrillic, not look-alike Latin)
"""Numbers in the case their preposition or their noun asks for.

A Slavic number after a preposition is declined with it: "około 80% osób" is "około
osiemdziesięciu procent osób", "od 5 do 10 osób" "od pięciu do dziesięciu osób",
"po 3 latach" "po trzech latach", "v 65 letech" "v šedesáti pěti letech", "около 3 млн"
"около трёх миллионов", "с 10 до 12 часов" "с десяти до двенадцати часов". A Finnish
number before a noun in a case takes the noun's case: "5 eurolla" is "viidellä eurolla",
"3 päivässä" "kolmessa päivässä".

How the case is found:

- pl, cs, sk, sl: the word before the number is a preposition of the language's table.
  A preposition that always governs one case ("od", "do", "około", "kolem") gives it;
  one that governs several ("w", "po", "z", "v", "s") only when the noun after the number
  shows the case by its ending ("latach", "letech", "kotami"). Declension tables below
  (Polish, Czech up to 999 999; Slovak, Slovenian up to 99).
- ru, uk: the same prepositions, the noun's case from pymorphy3 (the analyser
  `agreement.py` loads) and num2words in the case. A noun the analyser reads is left to
  `agreement.py` unless its preposition needs a case the noun cannot tell ("с", "от").
- fi: the noun's ending (inessive "-ssa", adessive "-lla", ablative
  "-lta", allative "-lle", translative "-ksi", genitive "-n", illative "-Vn"); numbers
  of 2 and more (one takes a nominative noun too often to guess).

A unit or a percent after the number ("3 млн", "80%", "5 km") is said in the same case
(the genitive plural as the module says it after "5"; in ru and uk any case, inflected
by pymorphy3). A month or a year after the number ("od 3 maja", "do 2020 roku") is the
language module's (a date), so is anything it reads together with the number that is
not a counted unit.
"""

from __future__ import annotations

import re

from model_layer.text.langs import data, language_module
from model_layer.text.shapes import (
    east_slavic_agreement,
    noun_genders,
    west_slavic_agreement,
)
from model_layer.text.shapes.before_cases import (
    OPENING_WORDS,
    SIGN_NAMES,
    opening_hours,
    signs_and_ids,
)
from model_layer.text.shapes.case_context import (
    AFTER,
    BEFORE,
    BEFORE_TWO,
    Reader,
    counted_unit,
    each,
    module_reading,
)
from model_layer.text.shapes.finnic_baltic_cases import (
    ET_NAMING,
    FI_NAMING,
    FI_RANGE,
    baltic,
    estonian,
    et_compounds,
    fi_range,
    finnish,
)
from model_layer.text.shapes.slavic_declension import DECLINE, SK_SMALL

# A whole number standing alone: not part of a decimal, a time, a date or a range.
# A number alone, or grouped by spaces ("50 000": one number, not "50" and "000").
_NUMBER = re.compile(
    r"(?<![\w.,:/\-+$€£¥#])(\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?!\d)|\d{1,6})"
    r"(?![\w\-–]|[.,:/]\d|\.\s?\d)"
)

# Preposition -> (the cases its noun may show, the case it gives when the noun shows none).
Government = tuple[str, str | None]


def _governments(lang: str) -> dict[str, Government]:
    """`data/cases.prepositions.tsv`: a preposition, the cases its noun may show, the case it
    gives when the noun shows none ("-": none; "w 5 minut" is an accusative, so "w" declines
    only before a locative noun)."""
    return {
        word: (shows, None if gives == "-" else gives)
        for word, shows, gives in data.rows(lang, "cases.prepositions")
    }


_PREPOSITIONS = data.ByLanguage("cases.prepositions", lambda lang, _: _governments(lang))

# The noun's ending that shows its case (plural forms: the number is 2 or more).
_ENDINGS = data.ByLanguage("cases.endings", data.rows)

# "w wieku 65 lat", "w ciągu 3 dni", "w trakcie 2 lat": the genitive after two words.
_AFTER_W = frozenset(["wieku", "ciągu", "trakcie"])

# One, declined by the noun's gender, which its ending in the case tells (a table form
# first): "po 1 tabletce" po jednej tabletce, "do 1 roku" do jednego roku.
ONE_FORMS = {
    "pl": {"g": ("jednego", "jednej"), "l": ("jednym", "jednej"), "d": ("jednemu", "jednej"),
           "i": ("jednym", "jedną")},
    "cs": {"g": ("jednoho", "jedné"), "l": ("jednom", "jedné"), "d": ("jednomu", "jedné"),
           "i": ("jedním", "jednou")},
    "sk": {"g": ("jedného", "jednej"), "l": ("jednom", "jednej"), "d": ("jednému", "jednej"),
           "i": ("jedným", "jednou")},
}  # fmt: skip
# (case, ending, feminine) by the singular noun's ending; first match wins.
_ONE_ENDINGS = {
    "pl": (("l", "u", False), ("l", "ście", False), ("l", "ce", True), ("l", "dze", True),
           ("g", "a", False), ("g", "u", False), ("g", "y", True), ("g", "i", True),
           ("i", "em", False), ("i", "ą", True), ("d", "owi", False)),
    "cs": (("l", "u", False), ("l", "stě", False), ("l", "ě", True), ("g", "a", False),
           ("g", "u", False), ("g", "y", True), ("i", "em", False), ("i", "ou", True)),
    "sk": (("l", "u", False), ("g", "a", False), ("g", "u", False), ("g", "y", True),
           ("i", "om", False), ("i", "ou", True)),
}  # fmt: skip
_ONE = frozenset(ONE_FORMS)


def _one(lang: str, cases: str, noun: str) -> str | None:
    """One in the first of `cases` (the preposition's) that the noun's ending shows."""
    lower = noun.lower()
    known = noun_genders.form_genders("cs" if lang == "sk" else lang).get(lower)
    for case, ending, feminine in _ONE_ENDINGS[lang]:
        if case in cases and lower.endswith(ending):
            if known is not None and lang != "sk":
                feminine = known == "f"
            return ONE_FORMS[lang][case][feminine]
    return None


# --- Russian, Ukrainian --------------------------------------------------------------


_EAST = data.ByLanguage(
    "cases.east_prepositions",
    lambda lang, name: {
        word: tuple("" if case == "-" else case for case in shows.split())
        for word, shows in data.rows(lang, name)
    },
)
# "from 10 to 12" (ru, uk): the word after the number is no noun.
_EAST_LINKS = frozenset(["до", "по", "и", "или", "і", "й", "та", "або", "-", "—", "–"])

# --- the rule ------------------------------------------------------------------------

LANGUAGES = frozenset(_PREPOSITIONS) | frozenset(_EAST) | {"fi", "lt", "lv", "et"}
_SYMBOL = re.compile(r"([ \u00a0]?)([°€$£¥₽₴][CF]?)(?!\w)")
_PLAIN_AFTER = frozenset(".,;:!?)»\"'-–—/")
_WORD_AFTER_SCALE = re.compile(r"\s+[^\W\d_A-ZА-ЯЁІЇЄ]{3,}(?!\w|\.\S)")
_SCALES: dict[str, frozenset[str]] = {}


_CONJUNCTIONS = frozenset(each("и і й или або a i lub albo oraz in ali ir arba un vai ja või tai"))
_CONJUNCTION_NEXT = re.compile(r"\s+\d{1,6}\s([^\W\d_]+)")
_EAST_DAY_SPAN = re.compile(r"\s?(?:по|и|і|або|или|-|–)\s?\d{1,2}\s([^\W\d_]+)")
_MONTHS: dict[str, frozenset[str]] = {}


def _scales_months(lang: str) -> frozenset[str]:
    """The language's month names in a date (its module's `MONTHS`)."""
    known = _MONTHS.get(lang)
    if known is None:
        module = language_module(lang)
        known = _MONTHS[lang] = frozenset(getattr(module, "MONTHS", ()))
    return known


def _scales(lang: str) -> frozenset[str]:
    """The language's written scales ("tys.", "тыс."): its module's spec."""
    known = _SCALES.get(lang)
    if known is None:
        module = language_module(lang)
        known = _SCALES[lang] = frozenset(module.SPEC.scales)  # type: ignore[union-attr]
    return known


# Russian clock times after a preposition of the genitive: "с 9:00 до 21:00" is "с девяти
# часов до двадцати одного часа", "до 18:30" "до восемнадцати тридцати".
RU_TIME = re.compile(
    r"(?<!\w)(?P<prep>(?:[Сс]|[Сс]о|[Дд]о|[Оо]т|[Пп]осле|[Оо]коло)\s)"
    r"(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?![\d:])"
)


def ru_time(m: re.Match[str]) -> str:
    h, minute = int(m.group("h")), int(m.group("m"))
    hour = east_slavic_agreement.east_slavic_words(h, "ru", "gent", "masc") if h else "ноля"
    if hour is None:
        return m.group()
    if not minute:
        one = h % 10 == 1 and h != 11
        return f"{m.group('prep')}{hour} {'часа' if one else 'часов'}"
    said = east_slavic_agreement.east_slavic_words(minute, "ru", "gent", "masc")
    if said is None:
        return m.group()
    return f"{m.group('prep')}{hour} {'ноль ' if minute < 10 else ''}{said}"


# "pieauga par 12 %": "par" with a plural takes the dative, the percent word written out
# so the number declines with it ("par diviem procentiem", "par vienu procentu").
_LV_PERCENT = re.compile(r"(?<!\w)([Pp]ar )(\d{1,6})\s?%(?!\w)")


def _lv_percent(m: re.Match[str]) -> str:
    n = int(m.group(2))
    one = n % 10 == 1 and n % 100 != 11
    return f"{m.group(1)}{m.group(2)} {'procentu' if one else 'procentiem'}"


def read(text: str, lang: str, reader: Reader | None) -> str:
    """`text` with numbers after case-governing prepositions (and, in Finnish, before
    nouns in a case) said in that case."""
    if lang not in LANGUAGES or reader is None or not any(ch.isdigit() for ch in text):
        return text
    if lang == "ru" and ":" in text:
        text = RU_TIME.sub(ru_time, text)
    text = signs_and_ids(text, lang)
    if lang in OPENING_WORDS:
        text = opening_hours(text, lang)
    if lang == "et":
        text = et_compounds(text)
    if lang == "fi" and ("–" in text or "-" in text):
        text = FI_RANGE.sub(lambda m: fi_range(m, reader), text)
    if lang == "lv" and "%" in text:
        text = _LV_PERCENT.sub(_lv_percent, text)
    out: list[str] = []
    position = 0
    for m in _NUMBER.finditer(text):
        if m.start() < position:
            continue
        said = _say(m, text, lang, reader)
        if said is None:
            continue
        words, end = said
        out.append(text[position : m.start()])
        out.append(words)
        position = end
    if not out:
        return text
    out.append(text[position:])
    return "".join(out)


# "Nr. 12345", "№ 5", "číslo 3": a number after its label names something; it takes no case
# from the words around it ("Užsakymas Nr. 12345 pristatytas" is no accusative).
_LABEL_BEFORE = re.compile(
    r"(?i:\b(?:nr|no|numeris|numurs|numer|numero|número|номер|č|číslo|broj|št|kodas|kods)"
    r"\.?|№)[ \u00a0]?$"
)


def _say(m: re.Match[str], text: str, lang: str, reader: Reader) -> tuple[str, int] | None:
    if _LABEL_BEFORE.search(text, max(0, m.start() - 12), m.start()):
        return None
    n = int(re.sub(r"\D", "", m.group(1)))
    if n < 1 or m.group(1).startswith("0") or (n == 1 and lang not in _ONE | {"lt", "lv"}):
        return None
    if text.startswith(".", m.end()):
        following = text[m.end() + 1 : m.end() + 3].lstrip()
        if following and (following[0].islower() or following[0].isdigit()):
            return None  # "do 5. třídy", "od 1. května": an ordinal or a date
    after = AFTER.match(text, m.end())
    token, gap = (after.group(2), after.group(1)) if after else ("", "")
    if after is None:
        symbol = text[m.end() : m.end() + 2].lstrip()[:1]
        if symbol and not symbol.isalnum() and symbol not in _PLAIN_AFTER:
            # "do 30 °C", "od 20 €": a unit or a currency, said as the module says it
            after = _SYMBOL.match(text, m.end())
            if after is None:
                return None
            token, gap = after.group(2), after.group(1)
    if token and not gap and token != "%" and token[0].isalpha():
        return None  # "5km", "3x": the module's
    dot = 0
    if after and text.startswith(".", after.end()):
        following = text[after.end() + 1 : after.end() + 3].lstrip()
        if following and not following[0].isupper():
            # "około 2 tys. osób", "около 3 тыс. участников": a scale before a word said
            # in full; "4 tys. zł", "3 ul. Długiej": the module reads them together.
            if f"{token}." not in _scales(lang) or not _WORD_AFTER_SCALE.match(
                text, after.end() + 1
            ):
                return None
            token, dot = f"{token}.", 1
    unit = counted_unit(token, gap, lang, reader) if token else None
    plain = (
        bool(token)
        and unit is None
        and module_reading(reader, f"5{gap}{token}", lang)
        == (f"{module_reading(reader, '5', lang)}{gap}{token}")
    )
    if token and unit is None and not plain:
        return None  # a month, a year, an ordinal: the module reads them together
    if plain and module_reading(reader, f"{m.group(1)}{gap}{token}", lang) != (
        f"{module_reading(reader, m.group(1), lang)}{gap}{token}"
    ):
        return None  # "2020 года", "2020 roku": a year the module reads with its word
    if plain and token.lower() in _CONJUNCTIONS:
        # "между 2 и 3 часами", "między 2 a 3 godzinami": the first number takes the case
        # of the noun after the second
        later = _CONJUNCTION_NEXT.match(text, after.end() if after else m.end())
        if later is not None:
            token = later.group(1)
            if counted_unit(token, " ", lang, reader) is not None:
                return None
    if not token and 1000 <= n <= 2100:
        return None  # "do 2020": a year, not a count
    if lang in ("lt", "lv"):
        words = baltic(n, token, lang) if plain and n < 1_000_000 else None
        return None if words is None else (words, m.end())
    if lang == "et":
        named = BEFORE.search(text, max(0, m.start() - 30), m.start())
        if named is not None and named.group(1).lower() in ET_NAMING:
            return None  # "arve nr 153 summas": a number that names
        words = estonian(n, token, text, after.end() if after else m.end()) if plain else None
        return None if words is None else (words, m.end())
    if lang == "fi":
        if not plain:
            return None
        named = BEFORE.search(text, max(0, m.start() - 30), m.start())
        if named is not None and named.group(1).lower() in FI_NAMING:
            return None
        words = finnish(n, token)
        return None if words is None else (words, m.end())
    before = BEFORE.search(text, max(0, m.start() - 30), m.start())
    if before is None and lang in _EAST:
        return None
    preposition = before.group(1).lower() if before else ""
    if preposition in SIGN_NAMES:  # "до плюс 25": the preposition before the sign
        earlier = BEFORE.search(text, max(0, before.start() - 30), before.start())
        preposition = earlier.group(1).lower() if earlier else ""
    if lang in _EAST:
        unit_end = (after.end() + dot) if after else m.end()
        return _east(n, m, preposition, token if plain else "", unit, unit_end, lang)
    if lang == "sk" and plain and 2 <= n <= 4 and token.endswith("ov") and len(token) > 4:
        # "3 bratov": a masculine person counted by two to four takes the genitive form
        # of the number ("troch bratov"); "5 zošitov" keeps its number
        return SK_SMALL["g"][n], m.end()
    government = _PREPOSITIONS[lang].get(preposition)
    if government is None:
        # No preposition: a plural noun in the dative, instrumental or locative still
        # shows its case ("dał 2 osobom" dwóm osobom, "pomohl 3 lidem" třem lidem).
        government = ("dil", None) if plain and n > 1 else None
    if government is None:
        return None
    showing, given = government
    if preposition in _AFTER_W:
        two = BEFORE_TWO.search(text, max(0, m.start() - 30), m.start())
        if two is None or two.group(1).lower() != "w":
            return None
    if n == 1:
        said = _one(lang, showing + (given or ""), token) if plain else None
        return None if said is None else (said, m.end())
    case = given
    if plain:
        lower = token.lower()
        for ending, ending_case in _ENDINGS[lang]:
            if lower.endswith(ending) and ending_case in showing:
                case = ending_case
                break
    if case is None:
        return None
    feminine = (
        plain and west_slavic_agreement.west_slavic_gender(token, lang) == "f"
        if lang != "sl"
        else False
    )
    words = DECLINE[lang](n, case, feminine)
    if words is None:
        return None
    if unit is not None:
        if case != "g":
            return None  # "przy 5 km": only the genitive plural is known from the module
        return f"{words} {unit}", (after.end() + dot) if after else m.end()
    return words, m.end()


def _east(
    n: int,
    m: re.Match[str],
    preposition: str,
    noun: str,
    unit: str | None,
    unit_end: int,
    lang: str,
) -> tuple[str, int] | None:
    cases = _EAST[lang].get(preposition)
    if cases is None:
        return None
    if cases == ("accs",):
        if n % 1000 or n >= 1_000_000:
            return None  # only a whole thousand differs from the plain reading
        words = east_slavic_agreement.east_slavic_words(n, lang, "accs", "masc")
        return None if words is None else (words, m.end())
    span = _EAST_DAY_SPAN.match(m.string, m.end())
    if span and span.group(1) in _scales_months(lang):
        return None  # "со 2 по 5 марта": the first day of a date span, the module's
    morph = east_slavic_agreement.analyzer(lang)
    if morph is None:
        return None
    case, gender = cases[0], "masc"
    one = n % 10 == 1 and n % 100 != 11
    if noun and noun.lower() not in _EAST_LINKS:
        analysed = morph.parse(noun)
        if any(p.tag.POS == "NOUN" for p in analysed[:3]):  # "часами" is first an adverb
            # In an oblique case the noun after 2 and more is plural: "на 5 этаже" is
            # an ordinal ("на пятом этаже"), left to the module.
            parses = [
                p
                for p in analysed
                if p.tag.POS == "NOUN" and p.tag.number == ("sing" if one else "plur")
            ]
            showing = [p for p in parses if str(p.tag.case) in cases]
            if cases[0] != "gent" and any(
                str(p.tag.case) in ("nomn", "accs") for p in analysed if p.tag.POS == "NOUN"
            ):
                return None  # "за 2 кофе", "на 4 порции": the accusative reads as counted
            if not showing:
                return _east_ordinal(n, analysed, cases, lang, m.end())
            chosen = next((p for p in showing if str(p.tag.case) in cases[1:]), showing[0])
            case, gender = chosen.tag.case, chosen.tag.gender or "masc"
    if not case:
        return None
    if unit is not None:
        last = unit.split()  # "метров в секунду": the first word declines, the rest stays
        parse = next((p for p in morph.parse(last[0]) if p.tag.POS == "NOUN"), None)
        if parse is None:
            return None
        inflected = parse.inflect({case, "sing" if one else "plur"})
        if inflected is None:
            return None
        gender = parse.tag.gender or "masc"
        words = east_slavic_agreement.east_slavic_words(n, lang, case, gender)
        if words is None:
            return None
        end = unit_end
        return " ".join([_thousand(words), inflected.word, *last[1:]]), end
    words = east_slavic_agreement.east_slavic_words(n, lang, case, gender)
    return None if words is None else (_thousand(words), m.end())


def _east_ordinal(
    n: int, parses: list, cases: tuple[str, ...], lang: str, end: int
) -> tuple[str, int] | None:
    """ "на 5 этаже", "в 3 классе": a singular noun in the locative after a number names
    a place in a row, said as the ordinal ("на пятом этаже", "на второй странице")."""
    if lang != "ru" or "loct" not in cases:
        return None
    noun = next(
        (
            p
            for p in parses
            if p.tag.POS == "NOUN" and p.tag.number == "sing" and p.tag.case == "loct"
        ),
        None,
    )
    if noun is None:
        return None
    from num2words import num2words

    gender = {"masc": "m", "femn": "f", "neut": "n"}.get(str(noun.tag.gender), "m")
    try:
        return num2words(n, lang="ru", to="ordinal", case="p", gender=gender), end
    except Exception:  # num2words raises on what it cannot say: keep the module's reading
        return None


def _thousand(words: str) -> str:
    """ "около тысячи рублей": a thousand alone is said without "one"."""
    return re.sub(r"^(одной|однієї|одній|одною|однією) (?=тисяч)", "", words)
