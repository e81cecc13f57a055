# ruff: noqa: RUF001, RUF002  (Cyrillic and Latin letters side by side are the data here)
"""Numbers with something glued on: decades and case endings.

- Decades: German "80er", "1980er-Jahre" ("achtziger", "neunzehnhundertachtziger
  Jahre"); Russian "80-е годы" ("восьмидесятые"), Ukrainian "80-ті"; Polish
  "lata 80." ("lata osiemdziesiąte", "w latach osiemdziesiątych"); French
  "les années 80" ("quatre-vingt", invariable); "anni '80", "años '80".
  (English "the 80s" is read by en.py.)
- Case endings written after a colon or hyphen: Finnish "5:ssä" ("viidessä"),
  "3:lle" ("kolmelle"), "80-luvulla"; Estonian "5-s" ("viies"), "3-le"
  ("kolmele"), "10-ni". The number is declined, every part as the language does.

Hungarian suffixes ("3-án", "5-ször") live in hu.py, Turkish ones ("3'te") in tr.py.
Each language's rules are a tuple of (pattern, reader) in `RULES`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.langs import language_module

Reader = Callable[[re.Match[str]], str]


def _language(lang: str):  # type: ignore[no-untyped-def]
    return getattr(language_module(lang), "LANGUAGE", None)


def _cardinal(n: int, lang: str) -> str | None:
    language = _language(lang)
    return language.cardinal(str(n)) if language is not None else numbers.cardinal(str(n), lang)


# --- decades ----------------------------------------------------------------------------


def _german_er(m: re.Match[str]) -> str:
    """ "80er" -> "achtziger", "1980er-Jahre" -> "neunzehnhundertachtziger Jahre",
    "in den 20ern" -> "zwanzigern"; not a decade, a noun: "3er-Pack" -> "Dreier-Pack"."""
    digits, ending, jahre = m.group(1), m.group(2) or "", m.group(3)
    n = int(digits)
    words = numbers.year(n, "de") if len(digits) == 4 else _cardinal(n, "de")
    if not words:
        return m.group()
    if n % 10:
        words = words[:1].upper() + words[1:]  # "Dreier": a noun
    rest = " " + jahre if jahre else ""
    return f"{words}er{ending}{rest}"


def _east_slavic_decade(lang: str) -> Reader:
    """ "80-е годы" -> "восьмидесятые годы", "1990-е" -> "тысяча девятьсот девяностые"."""

    def read(m: re.Match[str]) -> str:
        cases = language_module(lang).CASES  # type: ignore[union-attr]
        words = cases.ordinal(int(m.group(1)), "pl")
        return m.group() if words is None else words

    return read


_PL_DECADE_FORMS = {"lata": "e", "latach": "ych", "lat": "ych", "latami": "ymi", "latom": "ym"}


def _polish_decade(m: re.Match[str]) -> str:
    """ "lata 80." -> "lata osiemdziesiąte", "w latach 90." -> "w latach dziewięćdziesiątych"."""
    noun, digits = m.group(1), m.group(2)
    words = numbers.ordinal(int(digits), "pl")
    if words is None:
        return m.group()
    ending = _PL_DECADE_FORMS[noun.lower()]
    said = " ".join(w[:-1] + ending if w[-1] in "yi" else w for w in words.split(" "))
    rest = m.string[m.end() :]
    dot = "." if not rest.strip() or (rest[:1].isspace() and rest.lstrip()[:1].isupper()) else ""
    return f"{noun} {said}{dot}"


def _french_decade(m: re.Match[str]) -> str:
    """ "les années 80": "quatre-vingt", without the plural s of a count."""
    words = _cardinal(int(m.group(2)), "fr")
    return m.group() if words is None else f"{m.group(1)} {words.removesuffix('s')}"


def _romanian_decade(m: re.Match[str]) -> str:
    """ "anii '90", "anii 80": said here, so no "de" is put before the next word."""
    words = _cardinal(int(m.group(2)), "ro")
    return m.group() if words is None else f"{m.group(1)} {words}"


def _nordic_tal(lang: str) -> Reader:
    """Swedish "1800-talet" -> "artonhundratalet", "80-talet" -> "åttiotalet"; Danish
    "1800-tallet" -> "attenhundredetallet": the number and "-tal" make one word."""

    def read(m: re.Match[str]) -> str:
        digits = m.group(1)
        n = int(digits)
        words = _cardinal(n, lang)
        if 1100 <= n < 2000:  # by hundreds; "2000-talet" is "tvåtusentalet"
            year = getattr(_language(lang).spec, "year", None)
            words = (year(n) if year else None) or numbers.year(n, lang) or words
        if not words:
            return m.group()
        return words.replace(" ", "") + m.group(2)

    return read


# A number joined to an adjective or adverb ending: "65-jährige" fünfundsechzigjährige,
# "3-fach" dreifach, "10-mal" zehnmal, "5-jarig" vijfjarig, "65-årig" femogtresårig.
_COMPOUND_ENDINGS = {
    "de": r"jährig\w*|fach\w*|mal|malig\w*|stündig\w*|tägig\w*|wöchig\w*|monatig\w*|"
    r"köpfig\w*|seitig\w*|prozentig\w*|stellig\w*|teilig\w*|zimmer\w*|sitzer\w*",
    "nl": r"jarig\w*|voudig\w*|daags\w*|delig\w*|kamer\w*|persoons\w*|jarige",
    "sv": r"årig\w*|åring\w*|faldig\w*|dagars|rums\w*",
    "da": r"årig\w*|årige|dobbelt|fold\w*|dages|værelses\w*",
}
_COMPOUND_ONE = {"de": "ein", "nl": "een", "sv": "ett", "da": "et"}


def _compound(lang: str) -> Reader:
    def read(m: re.Match[str]) -> str:
        n = int(m.group(1))
        words = _COMPOUND_ONE[lang] if n == 1 else _cardinal(n, lang)
        if not words:
            return m.group()
        return words.replace(" ", "") + m.group(2)

    return read


def _apostrophe_decade(m: re.Match[str]) -> str:
    return f"{m.group(1)} {m.group(2)}"  # "anni '80" -> "anni 80", then read as a number


# --- Finnish and Estonian case endings ----------------------------------------------------

# (oblique stem, illative/essive stem, partitive)
_FI_PARTS = {
    0: ("nolla", "nolla", "nollaa"), 1: ("yhde", "yhte", "yhtä"), 2: ("kahde", "kahte", "kahta"),
    3: ("kolme", "kolme", "kolmea"), 4: ("neljä", "neljä", "neljää"),
    5: ("viide", "viite", "viittä"), 6: ("kuude", "kuute", "kuutta"),
    7: ("seitsemä", "seitsemä", "seitsemää"), 8: ("kahdeksa", "kahdeksa", "kahdeksaa"),
    9: ("yhdeksä", "yhdeksä", "yhdeksää"), 10: ("kymmene", "kymmene", "kymmentä"),
    100: ("sada", "sata", "sataa"), 1000: ("tuhanne", "tuhante", "tuhatta"),
}  # fmt: skip
_FI_CASES = {
    "n": "gen", "ssa": "ine", "ssä": "ine", "sta": "ela", "stä": "ela", "lla": "ade",
    "llä": "ade", "lta": "abl", "ltä": "abl", "lle": "all", "ksi": "tra", "na": "ess",
    "nä": "ess", "ta": "par", "tä": "par", "a": "par", "ä": "par",
}  # fmt: skip
_FI_ENDINGS = {"gen": "n", "ine": "ssA", "ela": "stA", "ade": "llA", "abl": "ltA", "all": "lle",
               "tra": "ksi", "ess": "nA"}  # fmt: skip


def _fi_part(n: int, case: str) -> str:
    oblique, illative, partitive = _FI_PARTS[n]
    if case == "par":
        return partitive
    if case == "ill":
        return illative + illative[-1] + "n"  # "viiteen", "kolmeen", "sataan"
    back = any(v in oblique for v in "aou")
    ending = _FI_ENDINGS[case].replace("A", "a" if back else "ä")
    return (illative if case == "ess" else oblique) + ending


def finnish_case(n: int, case: str) -> str | None:
    """A cardinal of 0-9999 declined in `case`, every part, written as one word:
    "kahdessakymmenessäviidessä". Teens keep "toista" as it is: "viidessätoista"."""
    if not 0 <= n <= 9999:
        return None
    if n == 0:
        return _fi_part(0, case)
    parts: list[str] = []
    thousands, rest = divmod(n, 1000)
    hundreds, rest = divmod(rest, 100)
    for count, unit in ((thousands, 1000), (hundreds, 100)):
        if count:
            parts += ([_fi_part(count, case)] if count > 1 else []) + [_fi_part(unit, case)]
    if 11 <= rest <= 19:
        parts.append(_fi_part(rest - 10, case) + "toista")
    elif rest:
        tens, units = divmod(rest, 10)
        if tens:
            parts += ([_fi_part(tens, case)] if tens > 1 else []) + [_fi_part(10, case)]
        if units:
            parts.append(_fi_part(units, case))
    return "".join(parts)


def _fi_case_of(suffix: str) -> str | None:
    if suffix in _FI_CASES:
        return _FI_CASES[suffix]
    if re.fullmatch(r"([aeiouyäö])\1?n|seen|hin|h[aeiouyäö]n", suffix):
        return "ill"
    return None


def _finnish(m: re.Match[str]) -> str:
    """ "5:ssä" -> "viidessä", "3:lle" -> "kolmelle", "2:een" -> "kahteen"."""
    case = _fi_case_of(m.group(2))
    words = finnish_case(int(m.group(1)), case) if case else None
    return m.group() if words is None else words


def _finnish_compound(m: re.Match[str]) -> str:
    """ "80-luvulla" -> "kahdeksankymmentäluvulla": a number in a compound word."""
    words = _cardinal(int(m.group(1)), "fi")
    return m.group() if words is None else words.replace(" ", "") + m.group(2)


# genitive stems, to which the case endings attach
_ET_STEMS = {
    0: "nulli", 1: "ühe", 2: "kahe", 3: "kolme", 4: "nelja", 5: "viie", 6: "kuue", 7: "seitsme",
    8: "kaheksa", 9: "üheksa", 10: "kümne", 100: "saja", 1000: "tuhande",
}  # fmt: skip
_ET_SUFFIXES = "sse|st|s|lt|le|l|ks|ni|na|ta|ga"


def estonian_case(n: int, ending: str) -> str | None:
    """A cardinal of 0-9999 with a case ending on its last part, the parts before it in
    the genitive: "5-s" -> "viies", "25-le" -> "kahekümne viiele", "10-ni" -> "kümneni"."""
    if not 0 <= n <= 9999:
        return None
    if n == 0:
        return _ET_STEMS[0] + ending
    parts: list[str] = []
    thousands, rest = divmod(n, 1000)
    hundreds, rest = divmod(rest, 100)
    for count, unit in ((thousands, 1000), (hundreds, 100)):
        if count:
            parts.append((_ET_STEMS[count] if count > 1 else "") + _ET_STEMS[unit])
    if 11 <= rest <= 19:
        parts.append(_ET_STEMS[rest - 10] + "teistkümne")
    elif rest:
        tens, units = divmod(rest, 10)
        if tens:
            parts.append((_ET_STEMS[tens] if tens > 1 else "") + _ET_STEMS[10])
        if units:
            parts.append(_ET_STEMS[units])
    return " ".join(parts) + ending


def _estonian(m: re.Match[str]) -> str:
    words = estonian_case(int(m.group(1)), m.group(2))
    return m.group() if words is None else words


RULES: dict[str, tuple[tuple[re.Pattern[str], Reader], ...]] = {
    "de": (
        (
            re.compile(r"(?<![\w.,])(\d{1,2}|1[1-9]\d{2}|20\d{2})er(n|s)?(?:-(Jahre\w*))?(?!\w)"),
            _german_er,
        ),
    ),
    "ru": (
        (
            re.compile(r"(?<![\w.,])(\d{1,3}0)-е(?=\s+(?:годы|гг\.)|\s*[,.;:!?)]|\s*$)"),
            _east_slavic_decade("ru"),
        ),
    ),
    "uk": (
        (
            re.compile(r"(?<![\w.,])(\d{1,3}0)-(?:ті|і)(?=\s+(?:роки|рр\.)|\s*[,.;:!?)]|\s*$)"),
            _east_slavic_decade("uk"),
        ),
    ),
    "pl": (
        (
            re.compile(r"(?<!\w)(lata|latach|lat|latami|latom)\s(\d0)\.", re.IGNORECASE),
            _polish_decade,
        ),
    ),
    "sv": ((re.compile(r"(?<![\w.,])(\d{1,4}0)-(tal(?:ets|et|en|s)?)(?!\w)"), _nordic_tal("sv")),),
    "da": ((re.compile(r"(?<![\w.,])(\d{1,4}0)-(tal(?:let|lets)?)(?!\w)"), _nordic_tal("da")),),
    "fr": ((re.compile(r"(?<!\w)(années)\s((?:19)?80)(?!\d)"), _french_decade),),
    **{
        lang: ((re.compile(rf"(?<!\w)({noun})\s['’](\d0)(?!\d)"), _apostrophe_decade),)
        for lang, noun in (("it", "anni"), ("es", "años"), ("pt", "anos"), ("nl", "jaren"))
    },
    "ro": (
        (
            re.compile(r"(?<!\w)(anii|anilor)\s['’]?((?:19|20)?\d0)(?![\d.,])", re.IGNORECASE),
            _romanian_decade,
        ),
    ),
    "fi": (
        (re.compile(r"(?<![\w.,:])(\d{1,4}):([a-zäö]{1,4})(?!\w)"), _finnish),
        (
            re.compile(r"(?<![\w.,])(\d{1,4})-(luv\w*|luku\w*|vuotia\w*|vuotias\w*)"),
            _finnish_compound,
        ),
    ),
    "et": ((re.compile(rf"(?<![\w.,-])(\d{{1,4}})-({_ET_SUFFIXES})(?!\w)"), _estonian),),
}


# Slavic compounds take the number's combining form: "3-pokojowe" trzypokojowe,
# "3-комнатная" трёхкомнатная, "2-кімнатна" двокімнатна, "5-letý" pětiletý.
_SLAVIC_COMBINING = {
    "pl": {1: "jedno", 2: "dwu", 3: "trzy", 4: "cztero", 5: "pięcio", 6: "sześcio", 7: "siedmio",
           8: "ośmio", 9: "dziewięcio", 10: "dziesięcio", 12: "dwunasto", 15: "piętnasto",
           20: "dwudziesto", 100: "stu"},
    "ru": {1: "одно", 2: "двух", 3: "трёх", 4: "четырёх", 5: "пяти", 6: "шести", 7: "семи",
           8: "восьми", 9: "девяти", 10: "десяти", 12: "двенадцати", 15: "пятнадцати",
           20: "двадцати", 30: "тридцати", 40: "сорока", 50: "пятидесяти", 100: "сто"},
    "uk": {1: "одно", 2: "дво", 3: "три", 4: "чотири", 5: "п'яти", 6: "шести", 7: "семи",
           8: "восьми", 9: "дев'яти", 10: "десяти", 12: "дванадцяти", 15: "п'ятнадцяти",
           20: "двадцяти", 30: "тридцяти", 50: "п'ятдесяти", 100: "сто"},
    "cs": {1: "jedno", 2: "dvou", 3: "tří", 4: "čtyř", 5: "pěti", 6: "šesti", 7: "sedmi",
           8: "osmi", 9: "devíti", 10: "deseti", 12: "dvanácti", 15: "patnácti", 20: "dvaceti",
           100: "sto"},
}  # fmt: skip
_SLAVIC_STEMS = {
    "pl": r"pokojow|letni|osobow|krotn|dniow|procentow|piętrow|tonow|godzinn|minutow|"
    r"miesięczn|tomow|gwiazdkow|drzwiow|biegow|metrow|kilometrow|litrow|lecie",
    "ru": r"летн|летие|комнатн|этажн|кратн|процентн|дневн|месячн|часов|минутн|тонн|местн|"
    r"серийн|томн|разов|градусн|километров|метров|литров|звёздочн|звездочн|ступенчат",
    "uk": r"річн|річч|кімнатн|поверхов|разов|денн|місячн|годинн|відсотков|томн|серійн|"
    r"зірков|тонн|місн",
    "cs": r"pokojov|let[ýáé]|letou|letého|denní|měsíční|hodinov|procentní|patrov|násob|"
    r"místn|dveř|hvězdičkov|členn|minutov|díln",
}


def _slavic_compound(lang: str) -> Reader:
    def read(m: re.Match[str]) -> str:
        head = _SLAVIC_COMBINING[lang].get(int(m.group(1)))
        return m.group() if head is None else head + m.group(2)

    return read


for _lang, _stems in _SLAVIC_STEMS.items():
    RULES[_lang] = (
        *RULES.get(_lang, ()),
        (re.compile(rf"(?<![\w.,])(\d{{1,3}})-((?:{_stems})\w*)"), _slavic_compound(_lang)),
    )

for _lang, _endings in _COMPOUND_ENDINGS.items():
    RULES[_lang] = (
        *RULES.get(_lang, ()),
        (re.compile(rf"(?<![\w.,])(\d{{1,3}})-({_endings})(?!\w)"), _compound(_lang)),
    )


def read(text: str, lang: str) -> str:
    """`text` with its decades and case-suffixed numbers said."""
    for pattern, reader in RULES.get(lang, ()):
        text = pattern.sub(reader, text)
    return text
