"""Greek: numbers agree in gender with their noun; dates, times and ordinals as said.

Readings followed (Τριανταφυλλίδης, Νεοελληνική Γραμματική; ΕΛΟΤ 1439 for
dates): a date is day + month in the genitive + year, the day a feminine
cardinal and the first "πρώτη" (πέντε → πέντε Μαρτίου, 1 → πρώτη Μαρτίου); hours
are feminine (στις τρεις και είκοσι); "3,5" is "τρία κόμμα πέντε"; ordinals are
written 1ος, 1η, 1ο, with the ending in the suffix (21ης → εικοστής πρώτης).
Version numbers: the dot is read "τελεία" (uncertain: many say nothing or
"κόμμα"; the name of the sign keeps the reading unambiguous). Numbers come from
our own speller (`langs/el/spell.py`: num2words has no Greek).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001, RUF002, RUF003

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.el import amounts as el_amounts
from model_layer.text.langs.el import spell as el
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import date_from_parts, last_word, word
from model_layer.text.shapes import day_month, roman

MONTHS_GENITIVE = data.words("el", "months_genitive")
MONTHS_NOMINATIVE = data.words("el", "months_nominative")
_NOT_NOUNS = frozenset(data.words("el", "not_nouns"))
_ORDINAL_FORMS = data.table("el", "ordinal_forms")
# The endings are as often written with their accent: 20ός, 20ό, 20ού, 3ή.
_ORDINAL_FORMS |= {"ός": "m", "ή": "f", "ό": "n", "ού": "gen", "ής": "f_gen", "όν": "m_acc",
                   "ήν": "f", "οί": "m_pl", "ές": "f_pl", "ά": "n_pl", "ών": "pl_gen"}  # fmt: skip


def _agreeing(digits: str, following: str) -> str | None:
    """The counting form (ένα, τρία), or the gender of the noun after the number."""
    n = int(digits)
    noun = following.lower()
    gender = el.noun_gender(noun, n) if len(noun) > 2 and noun not in _NOT_NOUNS else "n"
    return el.cardinal(n, gender)


def _date(parts: DateParts) -> str | None:
    day = "πρώτη" if parts.day == 1 else el.cardinal(parts.day, "f")
    words = f"{day} {MONTHS_GENITIVE[parts.month - 1]}"
    return f"{words} {el.year(parts.year)}" if parts.year else words


_SECONDS = word("δευτερόλεπτο", "δευτερόλεπτα", gender="n")


def _clock(hour: int, minute: int, second: int | None) -> str:
    """ "στις τρεις και είκοσι": a feminine hour (η ώρα)."""
    words = el.cardinal(hour, "f")
    if minute:
        words += f" και {el.cardinal(minute)}"
    if second:
        words += f" και {el.cardinal(second, 'n')} {_SECONDS.form(0 if second == 1 else 1)}"
    return words


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    return el.ordinal(n, _ORDINAL_FORMS[suffix])


# Greek numerals (Α΄ 1 ... Θ΄ 9, Ι΄ 10, ΙΑ΄ 11, Κ΄ 20, ΚΑ΄ 21) number rulers, wars, centuries
# and school years, always as ordinals: "Ελισάβετ Β΄" is "Ελισάβετ η Δεύτερη", "ο Β΄
# Παγκόσμιος Πόλεμος" "ο Δεύτερος Παγκόσμιος Πόλεμος", "τον ΙΘ΄ αιώνα" "τον δέκατο
# ένατο αιώνα" (Τριανταφυλλίδης §§ 400-403). The keraia (U+0374, or the tonos U+0384
# that keyboards type for it) must follow; the plain apostrophe is an elision ("Μ' αρέσει").
_GREEK_UNITS = {"Α": 1, "Β": 2, "Γ": 3, "Δ": 4, "Ε": 5, "ΣΤ": 6, "Ϛ": 6, "Ζ": 7, "Η": 8, "Θ": 9}
_GREEK_TENS = {"Ι": 10, "Κ": 20, "Λ": 30, "Μ": 40, "Ν": 50, "Ξ": 60, "Ο": 70, "Π": 80, "Ϟ": 90}
_GREEK_NUMERAL = re.compile(
    r"(?<![\w\u0374\u0384])(?P<tens>[ΙΚΛΜΝΞΟΠϞ])?(?P<units>ΣΤ|[ΑΒΓΔΕϚΖΗΘ])?[\u0374\u0384]"
    r"(?!\w)"
)
# The article before a name or numeral gives the ordinal's form, and is said again
# before a ruler's ordinal ("Λουδοβίκος ο Δέκατος Τέταρτος").
_ARTICLE_FORMS = data.table("el", "article_forms")
_FORM_ARTICLES = data.table("el", "form_articles")
_FEMININE_NAMES = frozenset(data.words("el", "feminine_names"))


def _greek_value(m: re.Match[str]) -> int:
    return _GREEK_TENS.get(m.group("tens") or "", 0) + _GREEK_UNITS.get(m.group("units") or "", 0)


def _name_form(name: str, article: str) -> str:
    """The case and gender of a ruler's name, from its article or its ending."""
    if article in _ARTICLE_FORMS and _ARTICLE_FORMS[article] != "n":
        return _ARTICLE_FORMS[article]
    if name in _FEMININE_NAMES:
        return "f"
    if name.endswith(("ου", "ού")):
        return "gen"
    if name.endswith(("ος", "ός", "ας", "άς", "ης", "ής")):
        return "m"
    if name.endswith(("ο", "ό")):
        return "m_acc"
    if name.endswith(("α", "ά", "η", "ή")):
        return "f"
    return "m"  # Μιχαήλ, Λέων


def _noun_form(noun: str, article: str) -> str | None:
    """The ordinal's form before a noun: from the article, or a nominative's ending."""
    if article in _ARTICLE_FORMS:
        return _ARTICLE_FORMS[article]
    lower = noun.lower()
    if lower.endswith(("ος", "ός", "ας", "άς")):
        return "m"
    if lower.endswith(("η", "ή", "α", "ά")):
        return "f"
    if lower.endswith(("ο", "ό")):
        return "n"
    return None  # "Α΄ Λυκείου" (the first class of the Lyceum, η Α΄ τάξη): left as written


def _capitalized(words: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in words.split())


def _greek_numerals(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        n = _greek_value(m)
        if not 0 < n < 100:
            return m.group()
        before = m.string[max(0, m.start() - 40) : m.start()].split()
        after = m.string[m.end() : m.end() + 40].split()
        previous = before[-1] if before else ""
        article = before[-2].lower() if len(before) >= 2 else ""
        if previous[:1].isupper() and previous.lower() not in _ARTICLE_FORMS and previous.isalpha():
            form = _name_form(previous, article)  # a ruler: "Κωνσταντίνος ΙΑ΄"
            return f"{_FORM_ARTICLES[form]} {_capitalized(el.ordinal(n, form))}"
        following = after[0].strip(",.;·") if after else ""
        if not following.isalpha():
            return m.group()
        form = _noun_form(following, previous.lower())
        if form is None:
            return m.group()
        words = el.ordinal(n, form)
        return _capitalized(words) if following[:1].isupper() else words

    return _GREEK_NUMERAL.sub(say, text)


# Typed with an apostrophe instead of the keraia ("Κωνσταντίνος Β'", "ο Β' Παγκόσμιος"):
# a numeral after a capitalised name or before a capitalised noun, and not before a vowel,
# where the apostrophe is an elision ("Θ' αργήσω", "Μ' αρέσει").
_APOSTROPHE_NUMERAL = re.compile(
    r"(?<=[^\W\d_] )((?:[ΙΚΛΜΝΞΟΠϞ])?(?:ΣΤ|[ΑΒΓΔΕϚΖΗΘ])?)['’](?=\s+[^\W\d_]|[,.;·]|$)"
)
_VOWELS = "αεηιουωάέήίόύώϊϋΐΰ"


# Latin Roman numerals as Greek texts write them too: "ο Λουδοβίκος XIV", "τον XIX αιώνα",
# "Κεφάλαιο IV". After a ruler's name or before "αιώνας" they are the ordinals the Greek
# numerals are, so they are rewritten as those ("ΙΔ΄") and read by `_greek_numerals`;
# after a part of a book, the neuter ordinal ("Κεφάλαιο τέταρτο"). A size ("XL") and a
# numeral after any other word are left.
_LATIN_NUMERAL = re.compile(
    r"(?<![\w\u0374\u0384'’-])(X{0,3}(?:IX|IV|V?I{0,3}))(?![\w\u0374\u0384'’-])"
)
_GREEK_TENS_LETTERS = ("", "Ι", "Κ", "Λ", "Μ", "Ν", "Ξ", "Ο", "Π", "Ϟ")
_GREEK_UNITS_LETTERS = ("", "Α", "Β", "Γ", "Δ", "Ε", "ΣΤ", "Ζ", "Η", "Θ")
_NAME_ENDINGS = data.words("el", "name_endings")
_BOOK_PARTS = frozenset(data.words("el", "book_parts"))
_CENTURY = re.compile(r"\s+αι(?:ώνα|ώνας|ώνες|ώνων|\.)")


def _latin_numerals(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        numeral = m.group(1)
        if not numeral or numeral == "XL":
            return m.group()
        n = roman.value(numeral)
        before = m.string[max(0, m.start() - 40) : m.start()].split()
        previous = before[-1] if before else ""
        if previous in _BOOK_PARTS:
            words = el.ordinal(n, "n")
            return words or m.group()
        century = _CENTURY.match(m.string, m.end())
        ruler = (
            previous[:1].isupper()
            and previous.isalpha()
            and previous.lower() not in _ARTICLE_FORMS
            and (previous.lower().endswith(_NAME_ENDINGS) or previous in _FEMININE_NAMES)
            and len(previous) > 2
        )
        if not (ruler or century) or not 0 < n < 100:
            return m.group()
        greek = _GREEK_TENS_LETTERS[n // 10] + _GREEK_UNITS_LETTERS[n % 10] + "\u0374"
        if century and previous.lower() not in _ARTICLE_FORMS and not ruler:
            return f"τον {greek}"  # "XIX αιώνα": the accusative's article, said
        return greek

    return _LATIN_NUMERAL.sub(say, text) if re.search("[IVX]", text) else text


# "Ο κωδικός επαλήθευσης είναι 482913", "ΑΦΜ: 123456789", "Τ.Κ. 105 63": a code, a tax or
# social security number or a postcode is read digit by digit, in the groups it is
# written in, never as a count ("τετρακόσιες ογδόντα δύο χιλιάδες ...").
_CODE_DIGITS = re.compile(
    r"(?<![\w-])(?:[Κκ]ωδικός|[Κκ]ωδικό|[Κκ]ωδικού|PIN|OTP|ΑΦΜ|Α\.Φ\.Μ\.|ΑΜΚΑ|ΑΔΤ|ΤΚ|Τ\.Κ\.|"
    r"[Ττ]αχυδρομικός κώδικας)(?:\s(?:επαλήθευσης|επιβεβαίωσης|μιας|χρήσης|ασφαλείας|"
    r"πρόσβασης|ενεργοποίησης|σύνδεσης|σας|σου|είναι)){0,4}(?:\s*:\s*|\s+)"
    r"(\d{1,11}(?:[ -]\d{1,8}){0,3})(?![\w.,]\d|[\w-])"
)


# "Κηφισίας 124, 115 26 Αθήνα": a postcode in its two groups before the town, after a comma.
_POSTCODE = re.compile(r"(?:(?<=,\s)|^)(\d{3}) (\d{2})(?=\s[Α-ΩΆ-Ώ][^\W\d_])", re.MULTILINE)


def _codes(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        groups = re.split("[ -]", m.group(1))
        said = [numbers.digit_by_digit(g, "el") for g in groups]
        if sum(len(g) for g in groups) < 4 or None in said:
            return m.group()  # "κωδικός 12": a label, not a code to read out
        return m.group()[: m.start(1) - m.start()] + ", ".join(w for w in said if w)

    if not any(ch.isdigit() for ch in text):
        return text
    text = _POSTCODE.sub(
        lambda m: f"{numbers.digit_by_digit(m[1], 'el')}, {numbers.digit_by_digit(m[2], 'el')}",
        text,
    )
    return _CODE_DIGITS.sub(say, text)


def _keraia(text: str) -> str:
    def mark(m: re.Match[str]) -> str:
        if not m.group(1):
            return m.group()
        before = m.string[: m.start()].split()
        after = m.string[m.end() :].split()
        following = after[0] if after else ""
        if following[:1].lower() in _VOWELS and following[:1]:
            return m.group()  # an elision: "Θ' αργήσω"
        name_before = bool(before) and before[-1][:1].isupper() and before[-1].isalpha()
        if not (name_before or following[:1].isupper()):
            return m.group()
        return m.group(1) + "\u0374"

    return _APOSTROPHE_NUMERAL.sub(mark, text)


# "η δεκαετία του '80" is "η δεκαετία του ογδόντα", "το καλοκαίρι του '21" "του είκοσι
# ένα": the apostrophe marks the century left out, and is not said.
_DECADE = re.compile(r"(?<!\w)((?:του|το|στο|από το|ως το|έως το|μέχρι το) )['’‘](\d{2})(?![\d\w])")


def _decades(text: str) -> str:
    return _DECADE.sub(lambda m: m.group(1) + el.cardinal(int(m.group(2)), "n"), text)


# A clock range, "09:00-21:00", is "(από) εννέα έως είκοσι μία": the dash is said.
_CLOCK_RANGE = re.compile(
    r"(?<![\w:.,])((?:από )?)((?:[01]?\d|2[0-3])[:.][0-5]\d)\s?[-\u2013]\s?"
    r"(?=(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d:]))"
)


# "5 εκ. ευρώ", "2 εκ. κάτοικοι": εκ. before money or a count is εκατομμύρια, not εκατοστά.
_MILLIONS = re.compile(
    r"(?<=\d )εκ\.(?=\s(?:ευρώ|δολ|λίρ|€|\$|κάτοικ|κατοίκ|άτομα|ατόμων|ανθρώπ|επισκέπτ|τόν|ψήφ))"
)


# "Δευ-Παρ": Δευτέρα έως Παρασκευή; "15€/άτομο": το άτομο.
_DAYS = data.table("el", "days")
_DAY = "|".join(_DAYS)
_DAY_RANGE = re.compile(rf"(?<!\w)({_DAY})\.?\s?[-\u2013]\s?({_DAY})\b(?:\.(?=\s+[α-ω0-9]))?")
_PER = re.compile(r"(?<=[\w€%])/(άτομο|ημέρα|μέρα|μήνα|νύχτα|ώρα|κιλό|τεμάχιο)(?!\w)")


# "Σάβ 10:00-18:00": a day's abbreviation alone before a time is the day.
_DAY_BEFORE_CLOCK = re.compile(rf"(?<!\w)({_DAY})\.?(?=:?\s+(?:[01]?\d|2[0-3])[:.][0-5]\d)")


def _clock_ranges(text: str) -> str:
    text = _DAY_RANGE.sub(lambda m: f"{_DAYS[m.group(1)]} έως {_DAYS[m.group(2)]}", text)
    text = _DAY_BEFORE_CLOCK.sub(lambda m: _DAYS[m.group(1)], text)
    text = _PER.sub(
        lambda m: (
            f" {'την' if m.group(1) in ('ημέρα', 'μέρα', 'νύχτα', 'ώρα') else 'το'} {m.group(1)}"
        ),
        text,
    )
    text = _MILLIONS.sub("εκατ.", text)
    return _CLOCK_RANGE.sub(lambda m: f"από {m.group(2)} έως ", text)


# "στους -5°C", "σε 30 βαθμούς": after a preposition the degrees are in the accusative.
_DEGREES_AFTER = re.compile(
    r"(?<!\w)((?:στους|τους|σε|από|έως|ως|μέχρι|για|με|κάτω από|πάνω από) (?:[^\W\d_]+ ){1,6})"
    r"βαθμοί(?!\w)"
)


def _degrees_accusative(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        spoken = m.group(1).split()[1:]
        skip = ("πάνω", "κάτω", "από", "έως", "ως", "μέχρι")  # "από είκοσι έως τριάντα βαθμούς"
        if not all(w in _number_words() for w in spoken[-6:] if w not in skip):
            return m.group()
        return m.group(1) + "βαθμούς"

    return _DEGREES_AFTER.sub(say, text)


_NUMBER_WORDS: set[str] = set()

# A range before its noun: both ends agree with it ("4-6 ώρες" από τέσσερις έως έξι ώρες,
# "από 4 έως 6 ώρες"); after a preposition or "κάθε" the "από" is left out ("για 25-30
# λεπτά" για είκοσι πέντε έως τριάντα λεπτά, "κάθε 4-6 ώρες").
_COUNTED_RANGE = re.compile(
    r"(?<![\w.,:/\-])(?P<lead>(?:από|απο)\s)?(?P<a>\d{1,4})(?P<join>\s?[-\u2013]\s?|\s(?:έως|ως|μέχρι)\s)"
    r"(?P<b>\d{1,4})(?![\d.,:/\-])(?=\s(?P<noun>[^\W\d_]{3,}))"
)
_NO_FROM_AFTER = frozenset(data.words("el", "no_from_after"))


def _counted_ranges(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b, noun = int(m["a"]), int(m["b"]), m["noun"]
        if a >= b or noun.lower() in _NOT_NOUNS:
            return m.group()
        first, second = _agreeing(m["a"], noun), _agreeing(m["b"], noun)
        if first is None or second is None:
            return m.group()
        previous = last_word(m.string[max(0, m.start() - 20) : m.start()])
        lead = "" if previous in _NO_FROM_AFTER and not m["lead"] else "από "
        if m["lead"]:
            lead = m["lead"]
        return f"{lead}{first} έως {second}"

    return _COUNTED_RANGE.sub(say, text) if any(ch.isdigit() for ch in text) else text


def _number_words() -> set[str]:
    if not _NUMBER_WORDS:
        for n in (*range(100), *range(100, 1000, 100), 1000, 2000):
            for gender in ("m", "f", "n"):
                _NUMBER_WORDS.update(el.cardinal(n, gender).split())
        _NUMBER_WORDS.update(("μείον", "συν", "κόμμα", "εκατόν"))
    return _NUMBER_WORDS


_UNITS = data.nouns("el", "units")

SPEC = LanguageSpec(
    code="el",
    gendered=lambda digits, gender: el.cardinal(int(digits), gender),
    agreeing=_agreeing,
    percent=word("τοις εκατό", gender="n"),
    currencies=data.currencies("el"),
    currency_and="και",
    months=MONTHS_GENITIVE,
    month_aliases={el.strip_accents(m): i for i, m in enumerate(MONTHS_GENITIVE, start=1)},
    month_names=MONTHS_NOMINATIVE,
    date=_date,
    clock=_clock,
    ordinal_suffix="|".join(sorted(_ORDINAL_FORMS, key=len, reverse=True)),
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols=data.table("el", "unit_symbols"),
    scales={
        "χιλ.": word("χιλιάδα", "χιλιάδες", gender="f"),
        "εκατ.": word("εκατομμύριο", "εκατομμύρια", gender="n"),
        "δισ.": word("δισεκατομμύριο", "δισεκατομμύρια", gender="n"),
    },
    abbreviations=data.table("el", "abbreviations"),
    titles=frozenset(("σελ.", "Λεωφ.")),  # οδ., αρ. left out: their case follows the article
    extra_rules=(
        _codes,
        el_amounts.rule,  # "1,5k", "100 € - 200 €", "8/10", "1:25:30", "18+", "€/kg"
        _keraia,
        _latin_numerals,
        _greek_numerals,
        _decades,
        _clock_ranges,
        _counted_ranges,
        day_month.rule("el", r"στις|από τις|έως τις|μέχρι τις|ως τις|από|έως|μέχρι|την"),
    ),
    final_rules=(_degrees_accusative,),
    phone_extra=r"(?:2\d{2}|69\d)[ -]?\d{3}[ -]?\d{4}",  # 210 1234567, 69x xxx xxxx
    foreign_grouping=True,
    range_template="από {} έως {}",
    time_keywords="στις|από τις|έως τις|μέχρι τις|ως τις",  # "στις 14.30"
    version_keywords="έκδοση|έκδοσης|εκδοση",
    point_word="τελεία",
    plus_word="συν",
    and_word="και",
    equals_word="ίσον",
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text; a month alone in the nominative."""

    def full(d: int, m: int, y: int | None) -> str:
        return _date(DateParts(d, m, y, "")) or ""

    return date_from_parts(
        day, month, year, full, MONTHS_NOMINATIVE, el.year, lambda d: el.cardinal(d, "f")
    )
