# ruff: noqa: RUF001, RUF002, RUF003  (Cyrillic and Latin letters side by side are the data here)
"""Roman numerals read as the language reads them, decided from context.

A Roman numeral is only read where the text around it says it is one, never
on its own: "I", "MIX", "CV", "DC", "Vi" or "mi" stay words. The contexts:

- a ruler's name before it: "Louis XVI", "Karl V.", "Екатерина II" (values up to
  39, letters I, V, X; a lone I, V or X only after a known ruler's name, so
  "Malcolm X" and "and I" stay as written);
- a century word: "XVIIIe siècle", "siglo XIX", "XX век", "XX. század";
- a numbering word: "Chapter IV", "Teil II", "World War II", "глава IV";
- an ordinal mark glued on: French "XVIIIe", "Ier"; or, in Hungarian and
  Turkish, a dot before the word it numbers ("IV. Béla", "XX. yüzyıl").

Each language's table (`TABLES`) says which words are which and how the number
is said there: ordinal or cardinal, its gender or case, capitalised in a name
or not ("Louis the Sixteenth", "Karl der Fünfte", "Louis seize", "Alfonso
décimo", "siglo diecinueve", "Пётр Первый", "в двадцатом веке").
Languages without a table (ko, ar) are left alone; Japanese reads its numerals
with 第 or a counter in ja.py ("第II章", "エリザベスII世"), Greek its own numerals
("Ελισάβετ Β΄") in el.py, Hindi rulers' numerals ("चार्ल्स III") in hi.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from model_layer.text.langs import data
from model_layer.text.shapes.roman_forms import (
    after_article,
    baltic_regnal,
    capital_ordinal,
    feminine_name,
    french,
    lower,
    ordinal_up_to,
    romanian,
    say_for,
    swedish_regnal,
)

# A well-formed numeral of 1-3999.
_NUMERAL = r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})"
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def value(numeral: str) -> int:
    """The value of a well-formed numeral ("XIV" -> 14)."""
    values = [_VALUES[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


# Rulers whose first is often written with a lone "I" (and a lone V or X): only after
# one of these names is "I" a numeral, never the pronoun.
_RULER_NAMES = """
Elizabeth Elisabeth Elżbieta Isabel Isabella Elisabetta Елизавета Єлизавета Peter Pierre Pedro
Pietro Piotr Petr Пётр Петр Петро Charles Karl Carlos Carlo Karol Carol Karel Карл Napoleon
Napoléon Napoleone Наполеон Francis François Franz Francisco Francesco Franciszek František
Alexander Alexandre Alejandro Alessandro Aleksander Александр Олександр Nicholas Nicolas
Nikolaus Николай Микола Mikołaj Henry Henri Heinrich Enrique Enrico Henrique Henryk Jindřich
Генрих William Wilhelm Guillaume Guillermo Willem Guglielmo Вильгельм Frederick Friedrich
Frédéric Federico Frederico Fryderyk Фридрих Ferdinand Fernando Ferdinando Фердинанд Leopold
Léopold Leopoldo Ludwig Louis Luis Luigi Luís Ludwik Людовик Lodewijk James Jacques Jaime
Giacomo Jakub John Jean Juan Giovanni João Jan Johann Johannes Иоанн Иван Maximilian Rudolf
Otto Otton Gustav Gustaf Gustavo Christian Kristian Manuel Afonso Alfonso Alphonse Alfons
Constantine Constantin Konstantin Константин Paul Paweł Paolo Pablo Paulo Павел Mary Maria
Marie María Мария Anna Anne Анна Catherine Katharina Catalina Caterina Katarzyna Екатерина
Victor Vittorio Umberto Philip Philippe Felipe Filippo Filip Philipp Richard Ricardo Riccardo
Edward Edouard Eduardo Edoardo George Georg Jorge Giorgio Jerzy Георгий Sigismund Zygmunt
Władysław Kazimierz Bolesław Mieszko Stefan István Béla Lajos Mátyás András László Géza Selim
Mehmed Mehmet Ahmed Murad Süleyman Osman Abdülhamid Innocent Benedict Benedikt Benoît Benedetto
Gregory Gregor Grégoire Gregorio Pius Pie Pio Leo Léon León Leone Clement Clemens Clément
Clemente Urban Urbain Urbano Boniface Celestine Adrian Hadrian Sixtus Martin Eugene Eugen
Callixtus Julius Jules Julio Giulio Marcus Michael Michel Mihai Miguel Michele Michał Михаил
Vasily Василий Dmitry Дмитрий Boris Борис Olaf Olav Haakon Håkon Harald Magnus Erik Eric
Valdemar Waldemar Canute Knud Knut Carl Sancho Ramiro Ramon Ramón Jaume Tomislav Stjepan Petar
Simeon Симеон Ivan Фёдор Fyodor Feodor Frederik Oskar Oscar Johan Hans Sebastião Dinis Václav
Přemysl Otakar Vratislav Stanisław Przemysł Данило Ярослав Володимир Владимир Святослав Олег
Ігор Игорь Юрій Юрий Мстислав Всеволод Алексей Олексій Лев Kristina Christina Margareta Ulrika
Juana Leonor Beatriz Urraca Mindaugas Gediminas Vytautas Algirdas Kęstutis Jogaila
Žygimantas Kazimieras Aleksandras Steponas Vladislovas Jonas Karolis Petras Kārlis Pēteris
Katrīna Elizabete Aleksandrs Nikolajs Jēkabs Frīdrihs Gustavs Vilhelms Augusts Staņislavs
Hamengkubuwono Hamengku Pakubuwono Pakualam Mangkunegara
"""
RULERS = frozenset(_RULER_NAMES.split())

# Names before which a numeral is not a ruler's: "Malcolm X", "Generation X", "Typ II".
_NOT_RULER_NAMES = """
Malcolm Generation Generación Génération Generazione Geração Generatie Project Projekt Projet
Proyecto Planet Planeta Mister Mr Herr Frau Madame Typ Type Tipo Windows Apollo Episode
Episodio Épisode Star Final Fantasy Rocky Super Bowl Mark Mk Phase Level Stufe Klasse Class
"""
_NOT_RULERS = frozenset(_NOT_RULER_NAMES.split())


@dataclass(frozen=True)
class RomanTable:
    """How one language reads Roman numerals; see the module docstring."""

    regnal: Callable[[int, str], str | None]  # (value, the name before it) -> words after it
    numbering: Mapping[str, str] = field(default_factory=dict)  # word -> form of `say`
    numbering_first: bool = False  # "IV. fejezet": the numeral before the word
    centuries: Mapping[str, str] = field(default_factory=dict)  # century word -> form
    century_first: bool = False  # "XX век", "XVIIIe siècle": the numeral before the word
    marks: str = ""  # ordinal marks glued on ("e|er|re|ème"): always an ordinal
    dot_before_word: bool = False  # hu, tr: "IV. Béla", "XX. yüzyıl" -> ordinal
    regnal_dot: bool = False  # "Karl V.": the dot is the ordinal's (de, cs, sk, hr, sl, da, ...)
    say: Callable[[int, str], str | None] = lambda n, form: None  # (value, form) -> words


# --- the tables -----------------------------------------------------------------------------


TABLES: dict[str, RomanTable] = {
    "en": RomanTable(
        after_article("the", "en"), numbering=data.table("en", "roman.numbering"), say=say_for("en")
    ),
    "de": RomanTable(
        after_article("der", "de", feminine="die"),
        numbering=data.table("de", "roman.numbering"),
        regnal_dot=True,
        say=say_for("de"),
    ),
    "nl": RomanTable(
        after_article("de", "nl"), numbering=data.table("nl", "roman.numbering"), say=say_for("nl")
    ),
    "sv": RomanTable(
        swedish_regnal, numbering=data.table("sv", "roman.numbering"), say=say_for("sv")
    ),
    "da": RomanTable(
        after_article("den", "da"),
        numbering=data.table("da", "roman.numbering"),
        regnal_dot=True,
        say=say_for("da"),
    ),
    "fr": RomanTable(
        french,
        numbering=data.table("fr", "roman.numbering"),
        centuries=data.table("fr", "roman.centuries"),
        century_first=True,
        marks="ers?|res?|èmes?|es?",
        say=say_for("fr"),
    ),
    "es": RomanTable(
        ordinal_up_to(10, "es"),
        numbering=data.table("es", "roman.numbering"),
        centuries=data.table("es", "roman.centuries"),
        say=say_for("es"),
    ),
    "pt": RomanTable(
        ordinal_up_to(10, "pt"),
        numbering=data.table("pt", "roman.numbering"),
        centuries=data.table("pt", "roman.centuries"),
        say=say_for("pt"),
    ),
    "it": RomanTable(
        lower("it"),
        numbering=data.table("it", "roman.numbering"),
        centuries=data.table("it", "roman.centuries"),
        century_first=True,  # "il XVI secolo" as well as "il secolo XVI"
        say=say_for("it"),
    ),
    "ro": RomanTable(
        romanian,
        numbering=data.table("ro", "roman.numbering"),
        centuries=data.table("ro", "roman.centuries"),
        say=say_for("ro"),
    ),
    "ru": RomanTable(
        capital_ordinal("ru", feminine_name),
        numbering=data.table("ru", "roman.numbering"),
        centuries=data.table("ru", "roman.centuries"),
        century_first=True,
        say=say_for("ru"),
    ),
    "uk": RomanTable(
        capital_ordinal("uk", feminine_name),
        numbering=data.table("uk", "roman.numbering"),
        centuries=data.table("uk", "roman.centuries"),
        century_first=True,
        say=say_for("uk"),
    ),
    "pl": RomanTable(
        capital_ordinal("pl", feminine_name),
        numbering=data.table("pl", "roman.numbering"),
        centuries=data.table("pl", "roman.centuries"),
        century_first=True,
        say=say_for("pl"),
    ),
    "cs": RomanTable(
        capital_ordinal("cs", feminine_name),
        numbering=data.table("cs", "roman.numbering"),
        regnal_dot=True,
        say=say_for("cs"),
    ),
    "sk": RomanTable(
        capital_ordinal("sk", feminine_name),
        numbering=data.table("sk", "roman.numbering"),
        regnal_dot=True,
        say=say_for("sk"),
    ),
    "hr": RomanTable(
        capital_ordinal("hr"),
        centuries=data.table("hr", "roman.centuries"),
        century_first=True,
        regnal_dot=True,
        say=say_for("hr"),
    ),
    "sl": RomanTable(capital_ordinal("sl"), regnal_dot=True, say=say_for("sl")),
    "bg": RomanTable(
        capital_ordinal("bg"),
        centuries=data.table("bg", "roman.centuries"),
        century_first=True,
        say=say_for("bg"),
    ),
    # Lithuanian and Latvian centuries: the definite ordinal in the noun's case
    "lt": RomanTable(
        baltic_regnal("lt"),
        centuries=data.table("lt", "roman.centuries"),
        century_first=True,
        say=say_for("lt"),
    ),
    "lv": RomanTable(
        baltic_regnal("lv"),
        centuries=data.table("lv", "roman.centuries"),
        century_first=True,
        say=say_for("lv"),
    ),
    "hu": RomanTable(lower("hu"), dot_before_word=True, say=say_for("hu")),
    "tr": RomanTable(lower("tr"), dot_before_word=True, say=say_for("tr")),
    "fi": RomanTable(lower("fi"), regnal_dot=True, say=say_for("fi")),
    "et": RomanTable(lower("et"), regnal_dot=True, say=say_for("et")),
    "id": RomanTable(
        lower("id"),
        numbering=dict.fromkeys(("bab", "bagian", "jilid", "pasal"), "card"),
        centuries=data.table("id", "roman.centuries"),
        say=say_for("id"),
    ),
    "vi": RomanTable(
        lambda n, name: None,
        numbering=dict.fromkeys(("chương", "phần", "tập", "quyển"), "card"),
        centuries=data.table("vi", "roman.centuries"),
        say=say_for("vi"),
    ),
}

# "XIX a. buvo", "XIX a. gyveno": a verb in the past (most end in -o) or "yra", "bus" after
# the century: it says when, the locative.
_LT_VERB_AFTER = re.compile(r"\s+(?:\w+[^i\W]o|yra|bus|buvo)\b")

# Locative after these in Polish ("w XX wieku"), genitive otherwise ("z XX wieku").
_PL_LOCATIVE = frozenset(("w", "we", "o", "po", "przy"))

_NAME = r"(?P<name>[A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁЄІЇҐ][a-zß-öø-ÿā-ſа-яёєіїґ'’-]+)"
_SMALL = r"(?P<small>(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3}))"  # 1-39: rulers' numbers


@dataclass(frozen=True)
class _Compiled:
    table: RomanTable
    rules: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]


def _words(keys: object) -> str:
    return "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))  # type: ignore[arg-type]


def _compile(lang: str, table: RomanTable) -> _Compiled:
    rules: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = []
    say = table.say
    if table.marks:  # "XVIIIe siècle", "François Ier": the mark makes it an ordinal
        # a lone L, C, D or M with a mark is a word: "Le", "Ce", "Des", "Mer"
        pattern = re.compile(
            rf"(?<![\w.])(?![LCDM](?:{table.marks})(?!\w))(?P<num>(?=[IVXLCDM]){_NUMERAL})"
            rf"(?P<mark>{table.marks})(?!\w)"
        )

        def marked(m: re.Match[str]) -> str:
            n = value(m.group("num"))
            if n == 1:
                return "première" if m.group("mark").startswith("r") else "premier"
            return say(n, "ord") or m.group()

        rules.append((pattern, marked))
    if table.centuries:
        words = _words(table.centuries)
        first = rf"(?<![\w.])(?P<num>(?=[IVXLC]){_NUMERAL})\.?\s(?P<word>{words})(?!\w)"
        after = rf"(?<!\w)(?P<word>(?i:{words}))\s(?P<num>(?=[IVXLC]){_NUMERAL})(?![\w])"

        def century(m: re.Match[str]) -> str:
            found = m.group("word")
            form = table.centuries.get(found) or table.centuries.get(found.lower(), "ord")
            if lang == "lt" and found == "a." and _LT_VERB_AFTER.match(m.string, m.end()):
                form = "ajame|amžiuje"  # "XIX a. buvo": in the century (before a noun,
                # "XIX a. pabaigoje", "XIX a. pastatas", the genitive)
            form, _, spoken = form.partition("|")  # "a.": "ojo|amžiaus", the word said in full
            found = spoken or found
            if lang == "pl" and form == "gen":
                before = m.string[max(0, m.start() - 4) : m.start()].split()
                form = "loc" if before and before[-1].lower() in _PL_LOCATIVE else "gen"
            words = say(value(m.group("num")), form)
            if words is None:
                return m.group()
            said = f"{words} {found}" if m.start("num") < m.start("word") else f"{found} {words}"
            rest = m.string[m.end() :]
            ends = not rest.strip() or (rest[:1].isspace() and rest.lstrip()[:1].isupper())
            return said + ("." if spoken and m.group().endswith(".") and ends else "")

        rules.append((re.compile(after), century))
        if table.century_first:
            rules.append((re.compile(first), century))
    if table.numbering:
        words = _words(table.numbering)
        pattern = re.compile(
            rf"(?<!\w)(?P<word>(?i:{words}))\s(?P<num>(?=[IVXLC]){_NUMERAL})(?![\w])"
        )

        def numbered(m: re.Match[str]) -> str:
            form = table.numbering.get(m.group("word").lower(), "card")
            words = say(value(m.group("num")), form)
            return m.group() if words is None else f"{m.group('word')} {words}"

        rules.append((pattern, numbered))
    if table.dot_before_word:  # "IV. Béla", "XX. yüzyıl", "II. fejezet"
        pattern = re.compile(rf"(?<![\w.])(?P<num>(?=[IVXLC]){_NUMERAL})\.(?=\s\w)")
        rules.append((pattern, lambda m: say(value(m.group("num")), "ord") or m.group()))
    dot = r"(?P<dot>\.)?" if table.regnal_dot else "(?P<dot>)"
    regnal = re.compile(rf"(?<![\w.]){_NAME}\s{_SMALL}{dot}(?![\w])")

    def ruler(m: re.Match[str]) -> str:
        name, numeral = m.group("name"), m.group("small")
        if name in _NOT_RULERS or (len(numeral) == 1 and name not in RULERS):
            return m.group()
        if numeral == "I" and _PRONOUN_VERB.match(m.string, m.end()):
            return m.group()  # "Peter I think": the pronoun
        words = table.regnal(value(numeral), name)
        if words is None:
            return m.group()
        # "Karl V. regierte": the dot is the ordinal's; at the very end it also ends the text.
        end = "." if m.group("dot") and not m.string[m.end() :].strip() else ""
        return f"{name} {words}{end}"

    rules.append((regnal, ruler))
    return _Compiled(table, tuple(rules))


# Words that follow the pronoun "I" but never a ruler's number ("Peter I think ...").
_PRONOUN_VERB = re.compile(
    r"(?:\s+(?:am|think|guess|mean|know|feel|hope|believe|want|need|love|like|can't|"
    r"cannot|don't|didn't|won't|wouldn't|will|would|should|could|must|might|have|'ve|"
    r"just|really|also|always|never|do|see|say|said|told|agree)\b|['’](?:m|ll|d|ve)\b)"
)

_COMPILED: dict[str, _Compiled] = {}
_HAS_NUMERAL = re.compile(r"(?<![^\W\d_])[IVXLC]")  # a cheap first look


def read(text: str, lang: str) -> str:
    """`text` with the Roman numerals its context marks read as words."""
    table = TABLES.get(lang)
    if table is None or not _HAS_NUMERAL.search(text):
        return text
    compiled = _COMPILED.get(lang)
    if compiled is None:
        compiled = _COMPILED[lang] = _compile(lang, table)
    for pattern, say in compiled.rules:
        text = pattern.sub(say, text)
    return text
