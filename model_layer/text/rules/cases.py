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
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.langs import language_module
from model_layer.text.rules import agreement

Reader = Callable[[str], str]


def _each(spaced: str) -> list[str]:
    return spaced.split()


# A whole number standing alone: not part of a decimal, a time, a date or a range.
# A number alone, or grouped by spaces ("50 000": one number, not "50" and "000").
_NUMBER = re.compile(
    r"(?<![\w.,:/\-+$€£¥#])(\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?!\d)|\d{1,6})"
    r"(?![\w\-–]|[.,:/]\d|\.\s?\d)"
)
_BEFORE = re.compile(r"(\w+)[ \u00a0]$")
_BEFORE_TWO = re.compile(r"(\w+)[ \u00a0]+(\w+)[ \u00a0]$")
_AFTER = re.compile(r"([ \u00a0]?)(%|[^\W\d_]\w*(?:/[^\W\d_]+)?)")  # "km/h" whole

# Preposition -> (the cases its noun may show, the case it gives when the noun shows none).
Government = tuple[str, str | None]


def _table(*groups: tuple[str, Government]) -> dict[str, Government]:
    return {word: government for spaced, government in groups for word in spaced.split()}


_GEN: Government = ("g", "g")
_DAT: Government = ("d", "d")
_LOC: Government = ("l", None)  # "w 5 minut" is an accusative: only a locative noun
_LOC_FORCED: Government = ("l", "l")
_INS: Government = ("i", None)
_GEN_INS: Government = ("ig", None)

_PREPOSITIONS: dict[str, dict[str, Government]] = {
    "pl": _table(
        (
            "około od do bez dla u wokół powyżej poniżej według spośród sprzed podczas "
            "zamiast oprócz wśród koło obok blisko wieku ciągu trakcie",
            _GEN,
        ),
        ("dzięki ku wbrew przeciw przeciwko", _DAT),
        ("w we o na po", _LOC),
        ("przy", _LOC_FORCED),
        ("między przed nad pod za", _INS),
        ("z ze", ("ig", "g")),  # "z 2 kotami"; "z 3 kandydatów", "z 2 stron" (from)
    ),
    "cs": _table(
        ("od do kolem okolo bez u podle během kromě místo vedle uprostřed z ze", _GEN),
        ("k ke díky kvůli proti vůči", _DAT),
        ("v ve o po na", _LOC),
        ("při", _LOC_FORCED),
        ("s se před za nad pod mezi", _INS),
    ),
    "sk": _table(
        ("od do okolo bez u podľa počas z zo vedľa namiesto okrem spomedzi", _GEN),
        ("k ku vďaka kvôli proti oproti", _DAT),
        ("v vo o po na", _LOC),
        ("pri", _LOC_FORCED),
        ("s so pred za nad pod medzi", _INS),
    ),
    "sl": _table(
        ("od do okoli blizu brez iz izmed zaradi namesto razen sredi", _GEN),
        ("k h proti kljub", _DAT),
        ("v o po na", _LOC),
        ("pri", _LOC_FORCED),
        ("pred nad pod med", _INS),
        ("z s", _GEN_INS),
    ),
}

# The noun's ending that shows its case (plural forms: the number is 2 or more).
_ENDINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "pl": (("laty", "i"), ("ach", "l"), ("ami", "i"), ("mi", "i"), ("om", "d"), ("ów", "g")),
    "cs": (
        ("lidem", "d"),
        ("ech", "l"),
        ("ách", "l"),
        ("ích", "l"),
        ("ami", "i"),
        ("emi", "i"),
        ("mi", "i"),
        ("ům", "d"),
        ("ám", "d"),
    ),
    "sk": (
        ("och", "l"),
        ("ách", "l"),
        ("iach", "l"),
        ("ami", "i"),
        ("mi", "i"),
        ("om", "d"),
        ("ám", "d"),
        ("iam", "d"),
    ),
    "sl": (
        ("ih", "l"),
        ("ah", "l"),
        ("ami", "i"),
        ("oma", "i"),
        ("ema", "i"),
        ("om", "d"),
        ("em", "d"),
    ),
}

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
    known = agreement.form_genders("cs" if lang == "sk" else lang).get(lower)
    for case, ending, feminine in _ONE_ENDINGS[lang]:
        if case in cases and lower.endswith(ending):
            if known is not None and lang != "sk":
                feminine = known == "f"
            return ONE_FORMS[lang][case][feminine]
    return None


# --- Polish ------------------------------------------------------------------------

_PL_GEN = {2: "dwóch", 3: "trzech", 4: "czterech", 5: "pięciu", 6: "sześciu", 7: "siedmiu",
           8: "ośmiu", 9: "dziewięciu", 10: "dziesięciu", 11: "jedenastu", 12: "dwunastu",
           13: "trzynastu", 14: "czternastu", 15: "piętnastu", 16: "szesnastu",
           17: "siedemnastu", 18: "osiemnastu", 19: "dziewiętnastu", 20: "dwudziestu",
           30: "trzydziestu", 40: "czterdziestu", 50: "pięćdziesięciu", 60: "sześćdziesięciu",
           70: "siedemdziesięciu", 80: "osiemdziesięciu", 90: "dziewięćdziesięciu", 100: "stu",
           200: "dwustu", 300: "trzystu", 400: "czterystu", 500: "pięciuset",
           600: "sześciuset", 700: "siedmiuset", 800: "ośmiuset", 900: "dziewięciuset"}  # fmt: skip
_PL_DAT_SMALL = {2: "dwóm", 3: "trzem", 4: "czterem"}
_PL_INS_SMALL = {2: "dwoma", 3: "trzema", 4: "czterema", 100: "stoma", 200: "dwustoma",
                 300: "trzystoma", 400: "czterystoma"}  # fmt: skip
_PL_THOUSAND = {"g": ("tysiąca", "tysięcy"), "l": ("tysiącu", "tysiącach"),
                "d": ("tysiącowi", "tysiącom"), "i": ("tysiącem", "tysiącami")}  # fmt: skip


def _pl_part(n: int, case: str) -> str:
    if case == "d" and n in _PL_DAT_SMALL:
        return _PL_DAT_SMALL[n]
    if case == "i":
        if n in _PL_INS_SMALL:
            return _PL_INS_SMALL[n]
        if n < 100:
            return _PL_GEN[n][:-1] + "oma"  # pięciu -> pięcioma, dwudziestu -> dwudziestoma
    return _PL_GEN[n]


def _pl_below_thousand(n: int, case: str) -> list[str] | None:
    words = []
    hundreds, rest = n // 100 * 100, n % 100
    if hundreds:
        words.append(_pl_part(hundreds, case))
    if rest >= 20 and rest % 10:
        words.append(_pl_part(rest // 10 * 10, case))
        rest %= 10
        if rest == 1:
            words.append("jeden")  # "dwudziestu jeden": one in a compound stays
            return words
    if rest == 1:
        return None if not words else [*words, "jeden"]
    if rest:
        words.append(_pl_part(rest, case))
    return words


def polish_forms(n: int, case: str, feminine: bool) -> str | None:
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands:
        one, many = _PL_THOUSAND[case]
        if thousands == 1:
            words.append(one)
        else:
            count = _pl_below_thousand(thousands, case)
            if count is None:
                return None
            words += [*count, many]
    if rest:
        tail = _pl_below_thousand(rest, case)
        if tail is None:
            return None
        words += tail
    said = " ".join(words)
    if feminine and case == "i":
        said = re.sub(r"\bdwoma$", "dwiema", said)
    return said or None


# --- Czech -------------------------------------------------------------------------

_CS_OBLIQUE = {5: "pěti", 6: "šesti", 7: "sedmi", 8: "osmi", 9: "devíti", 10: "deseti",
               11: "jedenácti", 12: "dvanácti", 13: "třinácti", 14: "čtrnácti",
               15: "patnácti", 16: "šestnácti", 17: "sedmnácti", 18: "osmnácti",
               19: "devatenácti", 20: "dvaceti", 30: "třiceti", 40: "čtyřiceti",
               50: "padesáti", 60: "šedesáti", 70: "sedmdesáti", 80: "osmdesáti",
               90: "devadesáti"}  # fmt: skip
_CS_SMALL = {"g": {2: "dvou", 3: "tří", 4: "čtyř"}, "d": {2: "dvěma", 3: "třem", 4: "čtyřem"},
             "l": {2: "dvou", 3: "třech", 4: "čtyřech"},
             "i": {2: "dvěma", 3: "třemi", 4: "čtyřmi"}}  # fmt: skip
_CS_HUNDRED = {"g": ("sta", "set"), "d": ("stu", "stům"), "l": ("stu", "stech"),
               "i": ("stem", "sty")}  # fmt: skip
_CS_THOUSAND = {"g": ("tisíce", "tisíc"), "d": ("tisíci", "tisícům"), "l": ("tisíci", "tisících"),
                "i": ("tisícem", "tisíci")}  # fmt: skip


def _cs_below_hundred(n: int, case: str) -> list[str] | None:
    if n in _CS_SMALL[case]:
        return [_CS_SMALL[case][n]]
    if n in _CS_OBLIQUE:
        return [_CS_OBLIQUE[n]]
    if n % 10 == 1:
        return None  # "dvacet jedna": its gender decides, left as read
    return [_CS_OBLIQUE[n // 10 * 10], *(_cs_below_hundred(n % 10, case) or [])]


def _cs_below_thousand(n: int, case: str) -> list[str] | None:
    hundreds, rest = divmod(n, 100)
    words: list[str] = []
    if hundreds:
        one, many = _CS_HUNDRED[case]
        if hundreds == 1:
            words.append(one)
        else:
            count = _cs_below_hundred(hundreds, case)
            if count is None:
                return None
            words += [*count, many]
    if rest:
        tail = _cs_below_hundred(rest, case) if rest != 1 else None
        if tail is None:
            return None
        words += tail
    return words


def _czech(n: int, case: str, feminine: bool) -> str | None:
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands:
        one, many = _CS_THOUSAND[case]
        if thousands == 1:
            words.append(one)
        else:
            count = _cs_below_thousand(thousands, case)
            if count is None:
                return None
            words += [*count, many]
    if rest:
        tail = _cs_below_thousand(rest, case)
        if tail is None:
            return None
        words += tail
    return " ".join(words) or None


# --- Slovak ------------------------------------------------------------------------

_SK_STEMS = {5: "piat", 6: "šiest", 7: "siedm", 8: "ôsm", 9: "deviat", 10: "desiat",
             11: "jedenást", 12: "dvanást", 13: "trinást", 14: "štrnást", 15: "pätnást",
             16: "šestnást", 17: "sedemnást", 18: "osemnást", 19: "devätnást",
             20: "dvadsiat", 30: "tridsiat", 40: "štyridsiat", 50: "päťdesiat",
             60: "šesťdesiat", 70: "sedemdesiat", 80: "osemdesiat",
             90: "deväťdesiat"}  # fmt: skip
_SK_SMALL = {"g": {2: "dvoch", 3: "troch", 4: "štyroch"}, "l": {2: "dvoch", 3: "troch",
             4: "štyroch"}, "d": {2: "dvom", 3: "trom", 4: "štyrom"},
             "i": {2: "dvoma", 3: "troma", 4: "štyrmi"}}  # fmt: skip
_SK_ENDINGS = {"g": "ich", "l": "ich", "d": "im", "i": "imi"}


def _sk_word(n: int, case: str) -> str:
    return _SK_SMALL[case].get(n) or _SK_STEMS[n] + _SK_ENDINGS[case]


def _slovak(n: int, case: str, feminine: bool) -> str | None:
    if n >= 100 or n < 2 or n % 10 == 1:
        return None
    if n in _SK_SMALL[case] or n in _SK_STEMS:
        return _sk_word(n, case)
    return f"{_sk_word(n // 10 * 10, case)} {_sk_word(n % 10, case)}"  # "šesťdesiatich piatich"


# --- Slovenian ---------------------------------------------------------------------

_SL_STEMS = {5: "pet", 6: "šest", 7: "sedm", 8: "osm", 9: "devet", 10: "deset",
             11: "enajst", 12: "dvanajst", 13: "trinajst", 14: "štirinajst", 15: "petnajst",
             16: "šestnajst", 17: "sedemnajst", 18: "osemnajst", 19: "devetnajst",
             20: "dvajset", 30: "trideset", 40: "štirideset", 50: "petdeset",
             60: "šestdeset", 70: "sedemdeset", 80: "osemdeset", 90: "devetdeset"}  # fmt: skip
_SL_SMALL = {"g": {2: "dveh", 3: "treh", 4: "štirih"}, "l": {2: "dveh", 3: "treh",
             4: "štirih"}, "d": {2: "dvema", 3: "trem", 4: "štirim"},
             "i": {2: "dvema", 3: "tremi", 4: "štirimi"}}  # fmt: skip
_SL_ENDINGS = {"g": "ih", "l": "ih", "d": "im", "i": "imi"}
_SL_UNITS = {1: "ena", 2: "dva", 3: "tri", 4: "štiri", 5: "pet", 6: "šest", 7: "sedem",
             8: "osem", 9: "devet"}  # fmt: skip


def _slovenian(n: int, case: str, feminine: bool) -> str | None:
    if n >= 100 or n < 2:
        return None
    if n in _SL_SMALL[case]:
        return _SL_SMALL[case][n]
    if n in _SL_STEMS:
        return _SL_STEMS[n] + _SL_ENDINGS[case]
    # "petinšestdesetih": the unit as it is said, "in", the tens declined
    return f"{_SL_UNITS[n % 10]}in{_SL_STEMS[n // 10 * 10]}{_SL_ENDINGS[case]}"


DECLINE: dict[str, Callable[[int, str, bool], str | None]] = {
    "pl": polish_forms,
    "cs": _czech,
    "sk": _slovak,
    "sl": _slovenian,
}

# --- Russian, Ukrainian --------------------------------------------------------------


_EAST: dict[str, dict[str, tuple[str, ...]]] = {
    # preposition -> the cases its noun may show, first the one it gives alone
    "ru": {
        **{
            w: ("gent",)
            for w in _each(
                "около от ото до из изо без для после более менее свыше у кроме среди против "
                "вместо возле порядка течение возрасте старше младше больше меньше дороже дешевле"
            )
        },
        **{w: ("gent", "ablt") for w in ("с", "со")},
        **{w: ("datv",) for w in ("к", "ко", "благодаря", "согласно")},
        **{w: ("loct",) for w in ("при",)},
        **{w: ("", "loct") for w in ("в", "во", "о", "об", "на")},
        **{w: ("", "ablt") for w in ("над", "под", "перед", "между", "за")},
    },
    "uk": {
        **{
            w: ("gent",)
            for w in _each(
                "біля від до без для після більше менше крім серед проти замість близько коло "
                "протягом віці старше молодше"
            )
        },
        **{w: ("gent", "ablt") for w in ("з", "із", "зі")},
        "понад": ("accs",),  # "понад тисячу підписів": the accusative
        **{w: ("datv",) for w in ("к", "завдяки", "згідно")},
        **{w: ("loct",) for w in ("при",)},
        **{w: ("", "loct") for w in ("в", "у", "о", "об", "на")},
        **{w: ("", "ablt") for w in ("над", "під", "перед", "між", "за")},
    },
}
# "from 10 to 12" (ru, uk): the word after the number is no noun.
_EAST_LINKS = frozenset(["до", "по", "и", "или", "і", "й", "та", "або", "-", "—", "–"])

# --- Finnish -------------------------------------------------------------------------

# Number word -> (the stem the local cases and the genitive take, the illative).
_FI_STEMS = {"yksi": ("yhde", "yhteen"), "kaksi": ("kahde", "kahteen"),
             "kolme": ("kolme", "kolmeen"), "neljä": ("neljä", "neljään"),
             "viisi": ("viide", "viiteen"), "kuusi": ("kuude", "kuuteen"),
             "seitsemän": ("seitsemä", "seitsemään"), "kahdeksan": ("kahdeksa", "kahdeksaan"),
             "yhdeksän": ("yhdeksä", "yhdeksään"), "kymmenen": ("kymmene", "kymmeneen"),
             "kymmentä": ("kymmene", "kymmeneen"), "sata": ("sada", "sataan"),
             "sataa": ("sada", "satoihin"), "tuhat": ("tuhanne", "tuhanteen"),
             "tuhatta": ("tuhanne", "tuhansiin")}  # fmt: skip
_FI_PARTS = re.compile("|".join(sorted([*_FI_STEMS, "toista"], key=len, reverse=True)))
# Ending of the noun -> the case's ending on a number word (back-vowel form).
# The elative ("-sta") is left out: after a number it is most often a partitive
# ("21 ihmistä", "1000 allekirjoitusta"), which keeps the number as it is.
_FI_CASES = (("ssa", "ssa"), ("ssä", "ssa"), ("lla", "lla"),
             ("llä", "lla"), ("lta", "lta"), ("ltä", "lta"), ("lle", "lle"),
             ("ksi", "ksi"))  # fmt: skip
_FI_ILLATIVE = re.compile(r"([aeiouyäö])\1n$|h[aeiouyäö]n$|siin$")
# Words after a number that are not what it counts (postpositions, adverbs), and words
# before a number that names rather than counts ("kello 12", "vuonna 2020").
_FI_NOT_NOUNS = frozenset(_each(
    "kanssa asti saakka jälkeen sitten kuin tai ja paikalla paikalle kotona kotiin ulkona "
    "mukana mukaan aikana mennessä lähtien alkaen sisällä sisälle verran yhteensä luona "
    "takia vuoksi välillä ennen aikaan päästä kertaa"
))  # fmt: skip
_FI_NAMING = frozenset(_each("kello klo vuonna vuosi sivu sivulla numero nro luku kohta linja"))


def _fi_case(noun: str) -> str | None:
    lower = noun.lower()
    if len(lower) < 4 or lower in _FI_NOT_NOUNS:
        return None
    for ending, case in _FI_CASES:
        if lower.endswith(ending):
            return case
    if _FI_ILLATIVE.search(lower):
        return "ill"
    if lower.endswith("n") and lower[-2] in "aeiouyäö":
        return "n"
    return None


def _fi_word(part: str, case: str) -> str:
    if part == "toista":
        return part  # "yhdellätoista": the teens' "toista" stays
    stem, illative = _FI_STEMS[part]
    if case == "ill":
        return illative
    if case == "n":
        return stem + "n"
    front = not re.search("[aou]", stem)
    return stem + (case.translate(str.maketrans("a", "ä")) if front else case)


def _finnish(n: int, noun: str) -> str | None:
    case = _fi_case(noun)
    words = numbers.cardinal(str(n), "fi")
    if case is None or words is None or " " in words:
        return None
    parts = _FI_PARTS.findall(words)
    if "".join(parts) != words:
        return None
    return "".join(_fi_word(part, case) for part in parts)


# "9–21", "5–10 euroa": from one to the other, the elative and the illative
# ("yhdeksästä kahteenkymmeneenyhteen"); not a score ("voitti 2–1") or years.
_FI_RANGE = re.compile(r"(?<![\w.,:/–-])(\d{1,3})\s?[–-]\s?(\d{1,3})(?![\w:/–-]|[.,]\d)")
_FI_NOT_RANGE = frozenset(_each("voitti hävisi päättyi tasapeli tulos lukemin maalein vuosina"))


def _fi_range(m: re.Match[str], reader: Reader) -> str:
    a, b = int(m.group(1)), int(m.group(2))
    after = _AFTER.match(m.string, m.end())
    if after and after.group(1) and _counted_unit(after.group(2), " ", "fi", reader):
        return m.group()  # "5-10 km": the module says the unit after the range
    before = _BEFORE.search(m.string, max(0, m.start() - 30), m.start())
    if a >= b or (before is not None and before.group(1).lower() in _FI_NOT_RANGE):
        return m.group()
    first, last = numbers.cardinal(str(a), "fi"), numbers.cardinal(str(b), "fi")
    if first is None or last is None or " " in first + last:
        return m.group()
    parts_a, parts_b = _FI_PARTS.findall(first), _FI_PARTS.findall(last)
    if "".join(parts_a) != first or "".join(parts_b) != last:
        return m.group()
    elative = "".join(_fi_word(p, "sta") for p in parts_a)
    illative = "".join(_fi_word(p, "ill") for p in parts_b)
    return f"{elative} {illative}"


# --- Lithuanian, Latvian: 1-9 (the last digit) in the noun's case ---------------------

# case -> (masculine, feminine) for one and two, then the endings after a stem for 4-9.
_LT_ONE = {"gen": ("vieno", "vienos"), "dat": ("vienam", "vienai"), "acc": ("vieną", "vieną"),
           "loc": ("viename", "vienoje")}  # fmt: skip
_LT_SMALL = {
    2: {"gen": ("dviejų", "dviejų"), "dat": ("dviem", "dviem"), "acc": ("du", "dvi"),
        "ins": ("dviem", "dviem"), "loc": ("dviejuose", "dviejose")},
    3: {"gen": ("trijų", "trijų"), "dat": ("trims", "trims"), "acc": ("tris", "tris"),
        "ins": ("trimis", "trimis"), "loc": ("trijuose", "trijose")},
}  # fmt: skip
_LT_STEMS = {4: "ketur", 5: "penk", 6: "šeš", 7: "septyn", 8: "aštuon", 9: "devyn"}
_LT_ENDINGS = {"gen": ("ių", "ių"), "dat": ("iems", "ioms"), "acc": ("is", "ias"),
               "ins": ("iais", "iomis"), "loc": ("iuose", "iose")}  # fmt: skip
# "metai" has no singular: the collective numbers ("dvidešimt penkeri metai").
_LT_COLLECTIVE = {1: "viener", 2: "dvej", 3: "trej", 4: "ketver", 5: "penker", 6: "šešer",
                  7: "septyner", 8: "aštuoner", 9: "devyner"}  # fmt: skip
_LT_YEARS = {"metai": "i", "metų": "ų", "metams": "iems", "metus": "us", "metais": "ais",
             "metuose": "uose"}  # fmt: skip
# plural noun ending -> (case, feminine); singular ones for one
_LT_PLURAL = (("iuose", "loc", False), ("uose", "loc", False), ("ėse", "loc", True),
              ("ose", "loc", True), ("omis", "ins", True), ("ėmis", "ins", True),
              ("iais", "ins", False), ("ais", "ins", False), ("iams", "dat", False),
              ("ams", "dat", False), ("oms", "dat", True), ("ėms", "dat", True),
              ("ų", "gen", False), ("ius", "acc", False), ("us", "acc", False),
              ("is", "acc", False), ("as", "acc", True), ("es", "acc", True))  # fmt: skip
_LT_SINGULAR = (("oje", "loc", True), ("ėje", "loc", True), ("yje", "loc", False),
                ("uje", "loc", False), ("iui", "dat", False), ("ui", "dat", False),
                ("ai", "dat", True), ("ei", "dat", True), ("ą", "acc", False),
                ("ę", "acc", True), ("į", "acc", False), ("os", "gen", True),
                ("ės", "gen", True))  # fmt: skip
_LV_ONE = {"dat": ("vienam", "vienai"), "acc": ("vienu", "vienu"), "loc": ("vienā", "vienā")}
_LV_SMALL = {
    2: {"dat": ("diviem", "divām"), "acc": ("divus", "divas"), "loc": ("divos", "divās")},
    3: {"dat": ("trim", "trim"), "acc": ("trīs", "trīs"), "loc": ("trijos", "trijās")},
}  # fmt: skip
_LV_STEMS = {4: "četr", 5: "piec", 6: "seš", 7: "septiņ", 8: "astoņ", 9: "deviņ"}
_LV_ENDINGS = {"dat": ("iem", "ām"), "acc": ("us", "as"), "loc": ("os", "ās")}
_LV_PLURAL = (("iem", "dat", False), ("ām", "dat", True), ("ēm", "dat", True),
              ("us", "acc", False), ("os", "loc", False), ("ās", "loc", True),
              ("ēs", "loc", True))  # fmt: skip
_LV_SINGULAR = (("am", "dat", False), ("im", "dat", False), ("ai", "dat", True),
                ("ei", "dat", True), ("u", "acc", False), ("i", "acc", False),
                ("ā", "loc", True), ("ē", "loc", True), ("ī", "loc", True))  # fmt: skip


def _baltic(n: int, noun: str, lang: str) -> str | None:
    """`n` before `noun` with its last digit (1-9, not in 11-19) in the noun's case:
    "3 kiaušinius" tris kiaušinius, "4 porcijoms" keturioms, "25 metai" dvidešimt
    penkeri metai, "par 2 kafijām" divām, "1 tableti" vienu."""
    unit = n % 10
    if not unit or 11 <= n % 100 <= 19:
        return None
    lower = noun.lower()
    words = numbers.cardinal(str(n), lang)
    if words is None:
        return None
    head = words.rsplit(" ", 1)[0] + " " if " " in words else ""
    if lang == "lt" and lower in _LT_YEARS:
        if unit == 1 and n > 1 and lower != "metai":
            return None
        stem = _LT_COLLECTIVE[unit]
        ending = _LT_YEARS[lower]
        if stem.endswith("er") and ending[0] != "i":
            ending = "i" + ending  # "septynerių", "penkerius": the soft endings
        return f"{head}{stem}{ending}"
    plural, singular = (_LT_PLURAL, _LT_SINGULAR) if lang == "lt" else (_LV_PLURAL, _LV_SINGULAR)
    endings = singular if unit == 1 else plural
    found = next(
        ((c, f) for e, c, f in endings if lower.endswith(e) and len(lower) > len(e) + 1), None
    )
    if found is None:
        return None
    case, feminine = found
    if lang == "lt":
        if unit == 1:
            table = _LT_ONE.get(case)
        else:
            table = _LT_SMALL.get(unit, {}).get(case) or tuple(
                _LT_STEMS[unit] + e for e in _LT_ENDINGS[case]
            )
    elif unit == 1:
        table = _LV_ONE.get(case)
    else:
        table = _LV_SMALL.get(unit, {}).get(case) or tuple(
            _LV_STEMS[unit] + e for e in _LV_ENDINGS[case]
        )
    if table is None:
        return None
    return head + table[feminine]


# --- Estonian: the number in its noun's case -------------------------------------------

_ET_GENITIVE = {"üks": "ühe", "kaks": "kahe", "kolm": "kolme", "neli": "nelja", "viis": "viie",
                "kuus": "kuue", "seitse": "seitsme", "kaheksa": "kaheksa", "üheksa": "üheksa",
                "kümme": "kümne", "sada": "saja", "tuhat": "tuhande",
                "miljon": "miljoni"}  # fmt: skip
_ET_CASES = (("sse", "sse"), ("le", "le"), ("lt", "lt"), ("ga", "ga"), ("ni", "ni"),
             ("ks", "ks"), ("l", "l"), ("s", "s"))  # fmt: skip
# Postpositions after a genitive: "2 nädala pärast" kahe nädala pärast.
_ET_POSTPOSITIONS = frozenset(_each(
    "pärast jooksul eest järel võrra vältel ajal kestel möödudes sees tagant kaugusel"
))  # fmt: skip
_ET_NAMING = frozenset(_each("nr number kell tuba ruum buss liin lk lehekülg korter maja aasta"))
_ET_NEXT = re.compile(r"[ \u00a0]+([^\W\d_]+)")


def _et_genitive(words: str) -> str | None:
    out = []
    for word in words.split():
        if word in _ET_GENITIVE:
            out.append(_ET_GENITIVE[word])
            continue
        for tail, said in (("teist", "teistkümne"), ("kümmend", "kümne"), ("sada", "saja")):
            head = word[: -len(tail)]
            if word.endswith(tail) and head in _ET_GENITIVE:
                out.append(_ET_GENITIVE[head] + said)
                break
        else:
            return None
    return " ".join(out)


def _estonian(n: int, noun: str, text: str, end: int) -> str | None:
    """ "4 inimesele" neljale inimesele, "3 linnas" kolmes linnas, "5 euroga" viie euroga,
    "2 nädala pärast" kahe nädala pärast; the partitive ("3 muna") keeps the number."""
    lower = noun.lower()
    if n < 2 or len(lower) < 4:
        return None
    words = numbers.cardinal(str(n), "et")
    genitive = _et_genitive(words) if words else None
    if genitive is None:
        return None
    following = _ET_NEXT.match(text, end)
    if following and following.group(1).lower() in _ET_POSTPOSITIONS and lower[-1] in "aeiuõäöü":
        return genitive
    for ending, case in _ET_CASES:
        if lower.endswith(ending) and not lower.endswith(("ss", "us", "is")):
            # the comitative and terminative mark only the noun: "viie euroga"
            return genitive if case in ("ga", "ni") else genitive + case
    return None


# "25-aastane", "3-toaline": the number in the genitive before the adjective's stem.
_ET_COMPOUND = re.compile(
    r"(?<![\w.,])(\d{1,3})-([a-zõäöü]{3,}(?:ne|se|sed|sele|seks|sest|lised|ised))(?!\w)"
)


def _et_compounds(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        words = numbers.cardinal(m.group(1), "et")
        genitive = _et_genitive(words) if words else None
        return m.group() if genitive is None else f"{genitive} {m.group(2)}"

    return _ET_COMPOUND.sub(say, text) if "-" in text else text


# --- signs and long numbers -------------------------------------------------------------

# "до +25", "do -5 °C": the sign as a word, so that the number after it is declined by the
# preposition before the sign ("до плюс двадцати пяти").
_SIGN = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=\())([+\-\u2212])(?=\d)(?!\d+[\s\-(]+\d)")  # not a phone
_SIGN_WORDS = {
    "pl": ("plus", "minus"), "cs": ("plus", "minus"), "sk": ("plus", "mínus"),
    "sl": ("plus", "minus"), "hr": ("plus", "minus"), "ru": ("плюс", "минус"),
    "uk": ("плюс", "мінус"), "bg": ("плюс", "минус"), "lt": ("plius", "minus"),
    "lv": ("plus", "mīnus"), "et": ("pluss", "miinus"), "fi": ("plus", "miinus"),
}  # fmt: skip
_SIGN_NAMES = frozenset(w for pair in _SIGN_WORDS.values() for w in pair)
# A number of ten digits or more written without groups is an identifier (PESEL, an
# account, an order): said digit by digit, not as billions.
_LONG_ID = re.compile(r"(?<![\w.,+/\-])(\d{10,})(?![\w.,/]\d|\d)")


def _signs_and_ids(text: str, lang: str) -> str:
    plus, minus = _SIGN_WORDS[lang]
    if "+" in text or "-" in text or "\u2212" in text:
        text = _SIGN.sub(lambda m: f"{plus if m.group(1) == '+' else minus} ", text)
    return _LONG_ID.sub(lambda m: " ".join(m.group(1)), text)


# --- opening hours ---------------------------------------------------------------------

# "Sklep czynny od 9 do 17", "Otvorené od 9 do 17": bare hours where the sentence speaks
# of opening times, read as clock times ("od dziewiątej do siedemnastej"), not counts.
_OPENING_WORDS = {
    "pl": re.compile(r"czynn|otwart|zamknię|godz|pracuj|przyjmuj|dyżur|sklep|biur|kas[ay]", re.I),
    "sk": re.compile(r"otvoren|zatvoren|otváran|hod|pracuj|obchod|pokladň|úrad", re.I),
}
_HOURS_SPAN = {
    "pl": re.compile(
        r"(?<!\w)([Oo]d|[Mm]iędzy)\s([01]?\d|2[0-4])\s(do|a)\s([01]?\d|2[0-4])"
        r"(?=\s*(?:[.,;!?)]|$|\s(?:rano|wieczorem|w\b|we\b|i\b|oraz\b)))"
    ),
    "sk": re.compile(
        r"(?<!\w)([Oo]d)\s([01]?\d|2[0-4])\s(do)\s([01]?\d|2[0-4])"
        r"(?=\s*(?:[.,;!?)]|$|\s(?:ráno|večer|v\b|vo\b|a\b)))"
    ),
}


def _opening_hours(text: str, lang: str) -> str:
    def say(m: re.Match[str]) -> str:
        sentence = m.string[max(0, m.start() - 60) : m.end() + 30]
        if not _OPENING_WORDS[lang].search(sentence):
            return m.group()
        return f"{m.group(1)} {m.group(2)}:00 {m.group(3)} {m.group(4)}:00"

    return _HOURS_SPAN[lang].sub(say, text)


# --- the rule ------------------------------------------------------------------------

LANGUAGES = frozenset(_PREPOSITIONS) | frozenset(_EAST) | {"fi", "lt", "lv", "et"}
_MODULE_CACHE: dict[tuple[str, str], str] = {}


def _module(reader: Reader, text: str, lang: str) -> str:
    key = (lang, text)
    said = _MODULE_CACHE.get(key)
    if said is None:
        said = reader(text).strip()
        if len(_MODULE_CACHE) >= 4096:
            _MODULE_CACHE.clear()
        _MODULE_CACHE[key] = said
    return said


_SYMBOL = re.compile(r"([ \u00a0]?)([°€$£¥₽₴][CF]?)(?!\w)")
_PLAIN_AFTER = frozenset(".,;:!?)»\"'-–—/")
_WORD_AFTER_SCALE = re.compile(r"\s+[^\W\d_A-ZА-ЯЁІЇЄ]{3,}(?!\w|\.\S)")
_SCALES: dict[str, frozenset[str]] = {}


_CONJUNCTIONS = frozenset(_each("и і й или або a i lub albo oraz in ali ir arba un vai ja või tai"))
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


def _counted_unit(token: str, gap: str, lang: str, reader: Reader) -> str | None:
    """The words the module says for a unit after "5" ("km" -> "kilometrów"), or None
    when the token is no unit (a word, a month, "roku")."""
    alone = _module(reader, "5", lang)
    together = _module(reader, f"5{gap}{token}", lang)
    if not together.startswith(alone + " ") or together == f"{alone}{gap}{token}":
        return None
    said = together[len(alone) + 1 :]
    return said.rstrip(".") if token.endswith(".") else said  # "5 tys." ends a sentence


# Russian clock times after a preposition of the genitive: "с 9:00 до 21:00" is "с девяти
# часов до двадцати одного часа", "до 18:30" "до восемнадцати тридцати".
RU_TIME = re.compile(
    r"(?<!\w)(?P<prep>(?:[Сс]|[Сс]о|[Дд]о|[Оо]т|[Пп]осле|[Оо]коло)\s)"
    r"(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?![\d:])"
)


def ru_time(m: re.Match[str]) -> str:
    h, minute = int(m.group("h")), int(m.group("m"))
    hour = agreement.east_slavic_words(h, "ru", "gent", "masc") if h else "ноля"
    if hour is None:
        return m.group()
    if not minute:
        one = h % 10 == 1 and h != 11
        return f"{m.group('prep')}{hour} {'часа' if one else 'часов'}"
    said = agreement.east_slavic_words(minute, "ru", "gent", "masc")
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
    text = _signs_and_ids(text, lang)
    if lang in _OPENING_WORDS:
        text = _opening_hours(text, lang)
    if lang == "et":
        text = _et_compounds(text)
    if lang == "fi" and ("–" in text or "-" in text):
        text = _FI_RANGE.sub(lambda m: _fi_range(m, reader), text)
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
    after = _AFTER.match(text, m.end())
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
    unit = _counted_unit(token, gap, lang, reader) if token else None
    plain = (
        bool(token)
        and unit is None
        and _module(reader, f"5{gap}{token}", lang) == (f"{_module(reader, '5', lang)}{gap}{token}")
    )
    if token and unit is None and not plain:
        return None  # a month, a year, an ordinal: the module reads them together
    if plain and _module(reader, f"{m.group(1)}{gap}{token}", lang) != (
        f"{_module(reader, m.group(1), lang)}{gap}{token}"
    ):
        return None  # "2020 года", "2020 roku": a year the module reads with its word
    if plain and token.lower() in _CONJUNCTIONS:
        # "между 2 и 3 часами", "między 2 a 3 godzinami": the first number takes the case
        # of the noun after the second
        later = _CONJUNCTION_NEXT.match(text, after.end() if after else m.end())
        if later is not None:
            token = later.group(1)
            if _counted_unit(token, " ", lang, reader) is not None:
                return None
    if not token and 1000 <= n <= 2100:
        return None  # "do 2020": a year, not a count
    if lang in ("lt", "lv"):
        words = _baltic(n, token, lang) if plain and n < 1_000_000 else None
        return None if words is None else (words, m.end())
    if lang == "et":
        named = _BEFORE.search(text, max(0, m.start() - 30), m.start())
        if named is not None and named.group(1).lower() in _ET_NAMING:
            return None  # "arve nr 153 summas": a number that names
        words = _estonian(n, token, text, after.end() if after else m.end()) if plain else None
        return None if words is None else (words, m.end())
    if lang == "fi":
        if not plain:
            return None
        named = _BEFORE.search(text, max(0, m.start() - 30), m.start())
        if named is not None and named.group(1).lower() in _FI_NAMING:
            return None
        words = _finnish(n, token)
        return None if words is None else (words, m.end())
    before = _BEFORE.search(text, max(0, m.start() - 30), m.start())
    if before is None and lang in _EAST:
        return None
    preposition = before.group(1).lower() if before else ""
    if preposition in _SIGN_NAMES:  # "до плюс 25": the preposition before the sign
        earlier = _BEFORE.search(text, max(0, before.start() - 30), before.start())
        preposition = earlier.group(1).lower() if earlier else ""
    if lang in _EAST:
        unit_end = (after.end() + dot) if after else m.end()
        return _east(n, m, preposition, token if plain else "", unit, unit_end, lang)
    if lang == "sk" and plain and 2 <= n <= 4 and token.endswith("ov") and len(token) > 4:
        # "3 bratov": a masculine person counted by two to four takes the genitive form
        # of the number ("troch bratov"); "5 zošitov" keeps its number
        return _SK_SMALL["g"][n], m.end()
    government = _PREPOSITIONS[lang].get(preposition)
    if government is None:
        # No preposition: a plural noun in the dative, instrumental or locative still
        # shows its case ("dał 2 osobom" dwóm osobom, "pomohl 3 lidem" třem lidem).
        government = ("dil", None) if plain and n > 1 else None
    if government is None:
        return None
    showing, given = government
    if preposition in _AFTER_W:
        two = _BEFORE_TWO.search(text, max(0, m.start() - 30), m.start())
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
    feminine = plain and agreement.west_slavic_gender(token, lang) == "f" if lang != "sl" else False
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
        words = agreement.east_slavic_words(n, lang, "accs", "masc")
        return None if words is None else (words, m.end())
    span = _EAST_DAY_SPAN.match(m.string, m.end())
    if span and span.group(1) in _scales_months(lang):
        return None  # "со 2 по 5 марта": the first day of a date span, the module's
    morph = agreement.analyzer(lang)
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
        words = agreement.east_slavic_words(n, lang, case, gender)
        if words is None:
            return None
        end = unit_end
        return " ".join([_thousand(words), inflected.word, *last[1:]]), end
    words = agreement.east_slavic_words(n, lang, case, gender)
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
