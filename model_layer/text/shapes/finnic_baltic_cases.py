# ruff: noqa: RUF001, RUF003  (dashes and letters of other scripts are the data here)
"""Finnish, Estonian, Lithuanian and Latvian numbers in the case of the noun they count
("viidessä kaupungissa", "viiele lapsele", "penkiuose miestuose"): the noun's ending
names the case, and the number takes it."""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.shapes.case_context import (
    AFTER,
    BEFORE,
    Reader,
    counted_unit,
    each,
)

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
_FI_NOT_NOUNS = frozenset(each(
    "kanssa asti saakka jälkeen sitten kuin tai ja paikalla paikalle kotona kotiin ulkona "
    "mukana mukaan aikana mennessä lähtien alkaen sisällä sisälle verran yhteensä luona "
    "takia vuoksi välillä ennen aikaan päästä kertaa"
))  # fmt: skip
FI_NAMING = frozenset(each("kello klo vuonna vuosi sivu sivulla numero nro luku kohta linja"))


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


def finnish(n: int, noun: str) -> str | None:
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
FI_RANGE = re.compile(r"(?<![\w.,:/–-])(\d{1,3})\s?[–-]\s?(\d{1,3})(?![\w:/–-]|[.,]\d)")
_FI_NOT_RANGE = frozenset(each("voitti hävisi päättyi tasapeli tulos lukemin maalein vuosina"))


def fi_range(m: re.Match[str], reader: Reader) -> str:
    a, b = int(m.group(1)), int(m.group(2))
    after = AFTER.match(m.string, m.end())
    if after and after.group(1) and counted_unit(after.group(2), " ", "fi", reader):
        return m.group()  # "5-10 km": the module says the unit after the range
    before = BEFORE.search(m.string, max(0, m.start() - 30), m.start())
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


def baltic(n: int, noun: str, lang: str) -> str | None:
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
_ET_POSTPOSITIONS = frozenset(each(
    "pärast jooksul eest järel võrra vältel ajal kestel möödudes sees tagant kaugusel"
))  # fmt: skip
ET_NAMING = frozenset(each("nr number kell tuba ruum buss liin lk lehekülg korter maja aasta"))
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


def estonian(n: int, noun: str, text: str, end: int) -> str | None:
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


def et_compounds(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        words = numbers.cardinal(m.group(1), "et")
        genitive = _et_genitive(words) if words else None
        return m.group() if genitive is None else f"{genitive} {m.group(2)}"

    return _ET_COMPOUND.sub(say, text) if "-" in text else text
