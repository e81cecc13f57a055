# ruff: noqa: RUF001  (tables in Cyrillic, Greek and other scripts, not look-alike Latin)
"""Numbers that agree with the noun they count.

"300 páginas" is "trescientas páginas", "1 casa" "una casa", "21 voitures" "vingt et
une voitures", "2 книги" "две книги", "в 2 книгах" "в двух книгах", "2 książki" "dwie
książki", "2 knihy" "dvě knihy". The noun's gender (and, in Russian and Ukrainian, its
case) decides the number's form:

- ru, uk: pymorphy3 with its dictionaries (the field's standard analyser) gives the
  gender and case of the written noun; num2words then declines the number. Loaded on
  the first Russian or Ukrainian number before a word (ru ~0.45 s and ~28 MB, uk
  ~0.2 s and ~21 MB, measured on this machine), or at init by `preload`.
- pl, cs: a table of noun forms whose gender the ending does not tell (built by
  `scripts/build_text_data.py` from wordfreq's frequency lists and simplemma's
  lemmas, see there), then the ending.
- es, pt, it, fr, de: short hand lists of frequent nouns that contradict their ending,
  then a table of the forms (singular and plural) of the 10,000 most frequent noun
  lemmas with their gender (data/noun_gender_<lang>.json, built by the same script
  from Apertium's dictionaries for es/pt/it, Dicollecte's for fr and Wiktionary's via
  german-nouns for de; licences in NOTICE); for a German noun not in it, its last
  part's ("Küchenuhr" as "Uhr"); then endings learned from the same dictionaries
  ("-ité", "-tion" feminine, "-ome" masculine in fr); then the hand-written ending
  rules. A form the dictionaries give both genders ("livre", "capital", "Kunde") is not
  in the table; a missing file only means the hand-written rules decide. On nouns held
  out of the learning and not in the tables, the learned endings raise the share read
  in the right gender from 75% to 92% (fr), 94% to 95% (de, feminine or not), 95% to
  96% (es). A noun of common gender ("turista", "journaliste") is read masculine, the
  generic form when counting people. Each file is read on the language's first number
  before a word (median of 5 fresh processes on this 2-core machine shared with other
  work: es 4.2 ms and +2.3 MB RSS, pt 3.1 ms and +1.7 MB, it 3.5 ms and +2.0 MB, fr
  3.4 ms and +1.6 MB, de 2.2 ms and +1.0 MB; all five 15 ms and +7.4 MB).

Only a number written alone before a word is touched ("3,5 kg", "10:30", "1 000",
"2-3 casas" are left to the language's own rules), and only when the agreeing form
differs from the plain one. What is not a noun (a preposition, an article) is left
alone, so "3 de mayo" and "1 o 2" keep their readings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from model_layer.text import numbers
from model_layer.text.shapes.east_slavic_agreement import east_slavic
from model_layer.text.shapes.noun_genders import (
    form_genders,
    learned_ending_gender,
)
from model_layer.text.shapes.romance_agreement import (
    CODE,
    LABELS,
    NOT_NOUN_SETS,
    french,
    is_year,
    italian,
    portuguese,
    spanish,
)
from model_layer.text.shapes.west_slavic_agreement import west_slavic

# A number standing alone (not part of a decimal, a time, a grouped number, a range or
# an amount), then one space and a lower-case word.
_COUNTED = re.compile(
    r"(?<![\w.,:/\-+$€£¥%#\u00a0])(?<!\d )"
    r"(?P<n>\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?![\d,.]\d)|\d{1,3}(?:\.\d{3})+(?![\d,.]\d)|\d{1,9})"
    r"(?P<gap>[ \u00a0])"
    r"(?P<noun>[^\W\d_A-ZА-ЯЁІЇЄҐĄĆĘŁŃÓŚŹŻČĎĚŇŘŠŤŮŽÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÇ]\w+)\b"
)
_WORD_BEFORE = re.compile(r"(\w+)\W*$")


def agree(text: str, lang: str, module: Callable[[str], str] | None = None) -> str:
    """`text` with each counted number in the form its noun asks for, as words.

    `module` is the language's own normalizer: where it reads the number and the word
    together otherwise than the number alone ("2 min" -> "dwie minuty", "1 мая" ->
    "первое мая", "2024 году" as a year), the word is a unit, a month or a year, and
    the module's reading stays."""
    if lang == "de":
        return agree_german(text, module)
    reader = _READERS.get(lang)
    if reader is None or not any(ch.isdigit() for ch in text):
        return text

    def say(m: re.Match[str]) -> str:
        if lang in ("es", "pt") and m.group("noun") == "mil":
            return _thousands_of(m, text, lang, reader)
        if lang == "ro" and m.group("noun").lower() in _RO_MONTHS:
            return m.group()  # "pe 21 martie": a day of the month, not 21 of them
        if lang == "ro" and m.group("noun") == "de":
            return _romanian_before_de(m, text)
        if module is not None and _module_reads_together(
            m.group("n"), m.group("noun"), lang, module
        ):
            return m.group()
        digits = re.sub(r"\D", "", m.group("n"))  # "2 500", "2.500": thousands grouped
        n = int(digits)
        before = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
        before_word = before.group(1).lower() if before else ""
        if before_word in LABELS.get(lang, ()) or m.group("noun").lower() in LABELS.get(lang, ()):
            return m.group()  # "capítulo 1 parte 2": a number that names, not counts
        if (
            before is not None
            and CODE.fullmatch(before.group(1))
            and m.start() - before.end(1) <= 1
        ):
            return m.group()  # "TP 1234 tem", "AF 1 part": a flight's or a line's code names
        if is_year(n, digits, before_word, text[: before.start(1)] if before else "", lang):
            return m.group()  # "Em 2025 entra", "enero de 2025 entra": a year counts nothing
        words = reader(n, m.group("noun"), before_word)
        if words is None or words == numbers.cardinal(digits, lang):
            return m.group()
        gap = "" if words.endswith("'") else m.group("gap")  # "un'amica"
        return f"{words}{gap}{m.group('noun')}"

    if lang in _RANGE_LANGUAGES and module is not None and ("-" in text or "\u2013" in text):
        text = _ranges(text, lang, reader, module)
    return _COUNTED.sub(say, text)


_RO_MONTHS = frozenset(
    (
        "ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august",
        "septembrie", "octombrie", "noiembrie", "decembrie",
    )
)  # fmt: skip
# A range before its noun ("2-3 gotas", "21-31 casas", "1-2 fois"): both ends agree.
_RANGE_LANGUAGES = frozenset(["es", "pt", "it", "fr", "ro"])
_COUNTED_RANGE = re.compile(
    r"(?<![\w.,:/\-+$€£¥%#\u00a0])(?P<a>\d{1,4})[-\u2013](?P<b>\d{1,4})(?![\d.,:/\-])"
    r"(?P<gap> )(?P<noun>[^\W\d_A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÇ]\w+)\b"
)


def _ranges(
    text: str,
    lang: str,
    reader: Callable[[int, str, str], str | None],
    module: Callable[[str], str],
) -> str:
    """The language reads the range ("dois a três gotas"); each end then takes the form
    its noun asks for ("duas a três gotas")."""

    def say(m: re.Match[str]) -> str:
        a, b, noun = m["a"], m["b"], m["noun"]
        if noun.lower() in NOT_NOUN_SETS.get(lang, ()) or int(a) >= int(b):
            return m.group()
        if lang == "ro" and noun.lower() in _RO_MONTHS:
            return m.group()  # "1-15 iunie": days of a month
        plain_a, plain_b = numbers.cardinal(a, lang), numbers.cardinal(b, lang)
        if plain_a is None or plain_b is None:
            return m.group()
        agreed_a = reader(int(a), noun, "") or plain_a  # None: the plain form
        if _bare(plain_a).startswith(_bare(agreed_a).rstrip("'")):
            agreed_a = plain_a  # "un", "veintiún" only right before the noun: "uno a dos"
        agreed_b = reader(int(b), noun, "") or plain_b
        if (agreed_a, agreed_b) == (plain_a, plain_b):
            return m.group()
        said = module(m.group()).strip()
        tail = f"{plain_b} {noun}"
        if not (said.startswith(plain_a) and said.endswith(tail)):
            return m.group()  # read otherwise (a date, a score): left as it is
        middle = said[len(plain_a) : len(said) - len(tail)]
        if not middle or middle[0] not in " -" or middle[-1] not in " -":
            return m.group()
        gap = "" if agreed_b.endswith("'") else " "
        return f"{agreed_a}{middle}{agreed_b}{gap}{noun}"

    return _COUNTED_RANGE.sub(say, text)


def _bare(words: str) -> str:
    """Words without their accents: "veintiún" as "veintiun"."""
    return unicodedata.normalize("NFD", words).encode("ascii", "ignore").decode()


_NEXT_WORD = re.compile(r"[ \u00a0]+([^\W\d_]+)")


def _romanian_before_de(m: re.Match[str], text: str) -> str:
    """ "21 de persoane" is "douăzeci și una de persoane": the "de" is written, the
    number agrees with the noun after it."""
    after = _NEXT_WORD.match(text, m.end())
    digits = re.sub(r"\D", "", m.group("n"))
    if after is None:
        return m.group()
    words = _romanian(int(digits), after.group(1), "")
    if words is None:
        return m.group()
    words = words.removesuffix(" de")
    if words == numbers.cardinal(digits, "ro"):
        return m.group()
    return f"{words}{m.group('gap')}de"


def _thousands_of(
    m: re.Match[str], text: str, lang: str, reader: Callable[[int, str, str], str | None]
) -> str:
    """ "300 mil casas" is "trescientas mil casas", "2 mil casas" "duas mil casas": the
    thousands agree with the noun after "mil" (es, pt)."""
    digits = re.sub(r"\D", "", m.group("n"))
    after = _NEXT_WORD.match(text, m.end())
    if len(digits) > 3 or int(digits) < 2 or after is None:
        return m.group()
    words = reader(int(digits), after.group(1), "")
    if words is None or words == numbers.cardinal(digits, lang):
        return m.group()
    return f"{words}{m.group('gap')}mil"


_MODULE_CACHE: dict[tuple[str, str, str], bool] = {}
_MODULE_CACHE_LIMIT = 4096


def _module_reads_together(n: str, noun: str, lang: str, module: Callable[[str], str]) -> bool:
    key = (lang, n, noun)
    known = _MODULE_CACHE.get(key)
    if known is None:
        known = module(f"{n} {noun}").strip() != f"{module(n).strip()} {noun}"
        if len(_MODULE_CACHE) >= _MODULE_CACHE_LIMIT:
            _MODULE_CACHE.clear()
        _MODULE_CACHE[key] = known
    return known


def agreeing_number(n: int, noun: str, lang: str) -> str | None:
    """The words for `n` before `noun`, agreeing with it; None where nothing changes."""
    reader = _READERS.get(lang)
    return None if reader is None else reader(n, noun, "")


# --- Romanian, Baltic, German: the ending decides ------------------------------------


def _romanian(n: int, noun: str, before: str) -> str | None:
    """Feminine nouns and neuter plurals take "o"/"două"/"douăsprezece"; numbers whose
    last two digits are 0 or 20 and more take "de" before the noun ("douăzeci de case")."""
    if noun in ("de", "și", "sau", "în", "la", "pe", "cu", "din"):
        return None
    if 1000 <= n <= 2100 and before.lower() in ("în", "din", "anul", "până"):
        return None  # "În 2023 vânzările au crescut": a year, no count of the noun after it
    words = numbers.cardinal(str(n), "ro")
    if words is None:
        return None
    lower = noun.lower()
    if n == 1:
        feminine = lower.endswith(("ă", "a", "ie", "are", "ere", "ire"))
        return "o" if feminine else "un"
    masculine_plural = (lower.endswith("i") and not lower.endswith("uri")) or lower == "euro"
    if not masculine_plural:
        words = re.sub(r"doisprezece$", "douăsprezece", words)
        words = re.sub(r"\bdoi$", "două", words)
        words = re.sub(r"\bunu$", "una", words)
    if n >= 20 and (n % 100 == 0 or n % 100 >= 20):
        words += " de"
    return words


def _slovenian(n: int, noun: str, before: str) -> str | None:
    """One by the noun's ending: "ena ura", "eno tableto" (feminine accusative or neuter),
    "en dan"; the other numbers are the module's (dual and plural forms)."""
    if n != 1 or noun in ("in", "ali", "do", "od", "na", "v", "za", "po", "pri", "s", "z"):
        return None
    lower = noun.lower()
    if lower.endswith(("o", "e")):
        return "eno"
    if lower.endswith("a"):
        return None  # "ena", as read
    if lower[-1:] in "bcčdfghjklmnprsštvzž":
        return "en"
    return None


def _baltic(lang: str) -> Callable[[int, str, str], str | None]:
    two, two_f = ("du", "dvi") if lang == "lt" else ("divi", "divas")
    one, one_f = ("vienas", "viena") if lang == "lt" else ("viens", "viena")
    feminine_plural = ("os", "ės", "as", "es") if lang == "lt" else ("as", "es")
    feminine_singular = ("a", "ė") if lang == "lt" else ("a", "e")

    def read(n: int, noun: str, before: str) -> str | None:
        words = numbers.cardinal(str(n), lang)
        if words is None:
            return None
        lower = noun.lower()
        if n % 10 == 1 and n % 100 != 11 and lower.endswith(feminine_singular):
            return re.sub(rf"\b{one}$", one_f, words)
        if n % 10 == 2 and n % 100 != 12 and lower.endswith(feminine_plural):
            return re.sub(rf"\b{two}$", two_f, words)
        return None

    return read


def _split(words: str) -> list[str]:
    return words.split()


_DE_FEMININE_ENDINGS = (
    "e", "ung", "heit", "keit", "schaft", "ion", "tät", "ei", "ik", "ur", "enz", "anz", "erin",
)  # fmt: skip
_DE_NOT_FEMININE = frozenset(
    _split(
        "junge name käse affe löwe kunde kollege auge ende interesse gebäude gebirge "
        "getränke erbe friede glaube gedanke buchstabe"
    )
)
# Frequent feminine nouns that no ending tells.
_DE_FEMININE = frozenset(
    _split(
        "frau zeit stadt welt hand nacht tür uhr art arbeit wand maus kuh bank burg post "
        "zahl wahl tat angst kraft macht last luft wut not milch haut brust gans wurst "
        "schrift sicht fahrt kunst gunst lust wurst nuss antwort geburt mannschaft "
        "million milliard billion"
    )
)
# Nouns that a number after them names ("Seite 1 Absatz 2"): not counted.
_DE_LABELS = frozenset(
    _split(
        "seite kapitel absatz nummer artikel teil band abschnitt zimmer gleis folge staffel "
        "lektion übung abbildung tabelle paragraph paragraf stufe level version platz runde "
        "linie bus tor halle klasse raum reihe sitz etage stock punkt"
    )
)


def german_one(noun: str) -> str:
    """ "ein" or "eine" before a German noun (nominative): the hand lists, the built
    table of frequent nouns, the compound's last part, the learned endings, then the
    hand-written endings."""
    lower = noun.lower()
    if lower in _DE_FEMININE:
        return "eine"
    if lower in _DE_NOT_FEMININE:
        return "ein"
    table = form_genders("de")
    known = table.get(lower)
    if known is None:
        known = german_compound_gender(lower, table) or learned_ending_gender(lower, "de")
    if known is not None:
        return "eine" if known == "f" else "ein"
    return "eine" if lower.endswith(_DE_FEMININE_ENDINGS) else "ein"


# Endings that decide a German noun's gender whatever it is compounded from.
_DE_FEMININE_SUFFIXES = ("ung", "heit", "keit", "schaft", "tion", "sion", "tät", "erin")
_DE_MASCULINE_SUFFIXES = ("ist", "ling", "ismus", "eur")


def german_compound_gender(lower: str, table: dict[str, str]) -> str | None:
    """A German compound takes its last part's gender ("Küchenuhr" as "Uhr"): a word
    not in the table goes by its longest ending of 4+ letters that is in it, after 3+
    letters of prefix, unless a derivational ending decides first. On the 75,900 nouns
    of german-nouns (its single-gender common nouns) not in the table, this and the
    ending tell feminine from not 94.1% of the time, against 87.9% for the ending alone."""
    if lower.endswith(_DE_FEMININE_SUFFIXES):
        return "f"
    if lower.endswith(_DE_MASCULINE_SUFFIXES):
        return "m"
    for start in range(3, len(lower) - 3):
        head = table.get(lower[start:])
        if head is not None:
            return head
    if len(lower) > 5 and lower[-3:] in _DE_FEMININE:
        return "f"  # "Küchenuhr", "Haustür": short feminine heads the ending misses
    return None


_DE_ONE = re.compile(
    r"(?<![\w.,:/\-+$€£¥%#\u00a0])(?<!\d )1(?P<gap> )(?P<noun>[A-ZÄÖÜ][a-zäöüß]+)\b(?P<dot>\.)?"
)


def agree_german(text: str, module: Callable[[str], str] | None) -> str:
    """ "1 Frau" is "eine Frau", not "eins Frau" (the number alone is "eins")."""

    def say(m: re.Match[str]) -> str:
        dot = m["dot"] or ""
        if module is not None and _module_reads_together("1", m["noun"] + dot, "de", module):
            return m.group()  # "1 Mio.", "1 Std.": the module's
        before = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
        if before is not None and before.group(1).lower() in _DE_LABELS:
            return m.group()  # "Seite 1": a number that names
        return f"{german_one(m['noun'])}{m['gap']}{m['noun']}{dot}"

    return _DE_ONE.sub(say, text) if "1 " in text else text


_READERS: dict[str, Callable[[int, str, str], str | None]] = {
    "ro": _romanian,
    "sl": _slovenian,
    "lt": _baltic("lt"),
    "lv": _baltic("lv"),
    "sk": west_slavic("sk"),
    "es": spanish,
    "pt": portuguese,
    "it": italian,
    "fr": french,
    "pl": west_slavic("pl"),
    "cs": west_slavic("cs"),
    "ru": east_slavic("ru"),
    "uk": east_slavic("uk"),
}
LANGUAGES = frozenset(_READERS) | {"de"}
