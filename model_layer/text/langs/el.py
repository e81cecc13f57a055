"""Greek: numbers agree in gender with their noun; dates, times and ordinals as said.

Readings followed (Τριανταφυλλίδης, Νεοελληνική Γραμματική; ΕΛΟΤ 1439 for
dates): a date is day + month in the genitive + year, the day a feminine
cardinal and the first "πρώτη" (πέντε → πέντε Μαρτίου, 1 → πρώτη Μαρτίου); hours
are feminine (στις τρεις και είκοσι); "3,5" is "τρία κόμμα πέντε"; ordinals are
written 1ος, 1η, 1ο, with the ending in the suffix (21ης → εικοστής πρώτης).
Version numbers: the dot is read "τελεία" (uncertain: many say nothing or
"κόμμα"; the name of the sign keeps the reading unambiguous). Numbers come from
our own speller (`spell/el.py`: num2words has no Greek).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

from model_layer.text.langs.engine import Currency, DateParts, Language, LanguageSpec
from model_layer.text.langs.forms import date_from_parts, word
from model_layer.text.spell import el

MONTHS_GENITIVE = ("Ιανουαρίου", "Φεβρουαρίου", "Μαρτίου", "Απριλίου", "Μαΐου", "Ιουνίου",
                   "Ιουλίου", "Αυγούστου", "Σεπτεμβρίου", "Οκτωβρίου", "Νοεμβρίου",
                   "Δεκεμβρίου")  # fmt: skip
MONTHS_NOMINATIVE = ("Ιανουάριος", "Φεβρουάριος", "Μάρτιος", "Απρίλιος", "Μάιος", "Ιούνιος",
                     "Ιούλιος", "Αύγουστος", "Σεπτέμβριος", "Οκτώβριος", "Νοέμβριος",
                     "Δεκέμβριος")  # fmt: skip
_NOT_NOUNS = frozenset(("και", "από", "έως", "μέχρι", "για", "που", "στις", "στους", "στα", "στο",
                        "στη", "στην", "των", "τον", "την", "της", "του", "είναι", "ήταν",
                        "περίπου"))  # fmt: skip
_ORDINAL_FORMS = {"ος": "m", "η": "f", "ο": "n", "ου": "gen", "ης": "f_gen", "ον": "m_acc",
                  "ην": "f", "οι": "m_pl", "ες": "f_pl", "α": "n_pl", "ων": "pl_gen"}  # fmt: skip


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


_EURO = word("ευρώ", gender="n")
_CENT = word("λεπτό", "λεπτά", gender="n")
_KM = word("χιλιόμετρο", "χιλιόμετρα", gender="n")
_KG = word("κιλό", "κιλά", gender="n")
_GRAM = word("γραμμάριο", "γραμμάρια", gender="n")
_LITRE = word("λίτρο", "λίτρα", gender="n")
_UNITS = {
    "km/h": word("χιλιόμετρο την ώρα", "χιλιόμετρα την ώρα", gender="n"), "km": _KM,
    "m": word("μέτρο", "μέτρα", gender="n"), "cm": word("εκατοστό", "εκατοστά", gender="n"),
    "mm": word("χιλιοστό", "χιλιοστά", gender="n"), "kg": _KG, "g": _GRAM, "l": _LITRE,
    "ml": word("μιλιλίτρο", "μιλιλίτρα", gender="n"),
    "C": word("βαθμός Κελσίου", "βαθμοί Κελσίου"), "deg": word("βαθμός", "βαθμοί"),
    "h": word("ώρα", "ώρες", gender="f"),
}  # fmt: skip

SPEC = LanguageSpec(
    code="el",
    gendered=lambda digits, gender: el.cardinal(int(digits), gender),
    agreeing=_agreeing,
    percent=word("τοις εκατό", gender="n"),
    currencies={
        "EUR": Currency(_EURO, _CENT),
        "USD": Currency(word("δολάριο", "δολάρια", gender="n"), word("σεντ", gender="n")),
        "GBP": Currency(word("λίρα", "λίρες", gender="f")),
        "JPY": Currency(word("γιεν", gender="n")),
    },
    currency_and="και",
    months=MONTHS_GENITIVE,
    month_aliases={el.strip_accents(m): i for i, m in enumerate(MONTHS_GENITIVE, start=1)},
    month_names=MONTHS_NOMINATIVE,
    date=_date,
    clock=_clock,
    ordinal_suffix="|".join(sorted(_ORDINAL_FORMS, key=len, reverse=True)),
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols={
        "χλμ/ώρα": "km/h",
        "χλμ.": "km",
        "χλμ": "km",
        "κιλ.": "kg",
        "γρ.": "g",
        "γρ": "g",
        "λτ.": "l",
    },
    phone_extra=r"(?:2\d{2}|69\d)[ -]?\d{3}[ -]?\d{4}",  # 210 1234567, 69x xxx xxxx
    foreign_grouping=True,
    range_template="από {} έως {}",
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
