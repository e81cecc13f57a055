"""Greek: numbers agree in gender with their noun; dates, times and ordinals as said.

Readings followed (Τριανταφυλλίδης, Νεοελληνική Γραμματική; ΕΛΟΤ 1439 for
dates): a date is day + month in the genitive + year, the day a feminine
cardinal and the first "πρώτη" (πέντε → πέντε Μαρτίου, 1 → πρώτη Μαρτίου); hours
are feminine (στις τρεις και είκοσι); "3,5" is "τρία κόμμα πέντε"; ordinals are
written 1ος, 1η, 1ο, with the ending in the suffix (21ης → εικοστής πρώτης).
Version numbers: the dot is read "τελεία" (uncertain: many say nothing or
"κόμμα"; the name of the sign keeps the reading unambiguous).
"""

# Letters of this script look like Latin ones; they are meant.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import re

from model_layer.text.langs._rules import Amount, Pipeline, Spec, one_or_many, spelled
from model_layer.text.langs.forms import date_from_parts
from model_layer.text.spell import el

# (singular, plural, gender)
Noun = tuple[str, str, str]

_MONTHS_GENITIVE = ("Ιανουαρίου", "Φεβρουαρίου", "Μαρτίου", "Απριλίου", "Μαΐου", "Ιουνίου",
                    "Ιουλίου", "Αυγούστου", "Σεπτεμβρίου", "Οκτωβρίου", "Νοεμβρίου",
                    "Δεκεμβρίου")  # fmt: skip
_NOT_NOUNS = frozenset(("και", "από", "έως", "μέχρι", "για", "που", "στις", "στους", "στα", "στο",
                        "στη", "στην", "των", "τον", "την", "της", "του", "είναι", "ήταν",
                        "περίπου"))  # fmt: skip
_EURO: Noun = ("ευρώ", "ευρώ", "n")
_CENT: Noun = ("λεπτό", "λεπτά", "n")
_DOLLAR: Noun = ("δολάριο", "δολάρια", "n")
_POUND: Noun = ("λίρα", "λίρες", "f")
_CURRENCIES: dict[str, tuple[Noun, Noun | None]] = {
    "€": (_EURO, _CENT), "EUR": (_EURO, _CENT), "$": (_DOLLAR, ("σεντ", "σεντ", "n")),
    "USD": (_DOLLAR, ("σεντ", "σεντ", "n")), "£": (_POUND, None), "GBP": (_POUND, None),
    "¥": (("γιεν", "γιεν", "n"), None), "JPY": (("γιεν", "γιεν", "n"), None),
}  # fmt: skip
_KM: Noun = ("χιλιόμετρο", "χιλιόμετρα", "n")
_KG: Noun = ("κιλό", "κιλά", "n")
_GRAM: Noun = ("γραμμάριο", "γραμμάρια", "n")
_LITRE: Noun = ("λίτρο", "λίτρα", "n")
_CELSIUS: Noun = ("βαθμός Κελσίου", "βαθμοί Κελσίου", "m")
_UNITS: dict[str, Noun] = {
    "km/h": ("χιλιόμετρο την ώρα", "χιλιόμετρα την ώρα", "n"),
    "χλμ/ώρα": ("χιλιόμετρο την ώρα", "χιλιόμετρα την ώρα", "n"),
    "km": _KM, "χλμ.": _KM, "χλμ": _KM, "m": ("μέτρο", "μέτρα", "n"),
    "cm": ("εκατοστό", "εκατοστά", "n"), "mm": ("χιλιοστό", "χιλιοστά", "n"), "kg": _KG,
    "κιλ.": _KG, "g": _GRAM, "γρ.": _GRAM, "γρ": _GRAM, "l": _LITRE, "λτ.": _LITRE,
    "ml": ("μιλιλίτρο", "μιλιλίτρα", "n"), "°C": _CELSIUS, "℃": _CELSIUS,
    "°": ("βαθμός", "βαθμοί", "m"), "h": ("ώρα", "ώρες", "f"),
}  # fmt: skip
_ORDINAL_FORMS = {"ος": "m", "η": "f", "ο": "n", "ου": "gen", "ης": "f_gen", "ον": "m_acc",
                  "ην": "f", "οι": "m_pl", "ες": "f_pl", "α": "n_pl", "ων": "pl_gen"}  # fmt: skip


def _cardinal(value: Amount, gender: str) -> str:
    return spelled(value, lambda n: el.cardinal(n, gender), el.decimal, el.digits, el.MINUS)


def _number(value: Amount, following: str) -> str:
    gender = "n"  # the counting form: ένα, δύο, τρία
    word = following.lower()
    if value.whole and len(word) > 2 and word not in _NOT_NOUNS:
        gender = el.noun_gender(word, value.value)
    return _cardinal(value, gender)


def _counted(value: Amount, noun: Noun) -> str:
    singular, plural, gender = noun
    return f"{_cardinal(value, gender)} {one_or_many(value, singular, plural)}"


def _date(day: int, month: int, year: int | None) -> str:
    words = f"{'πρώτη' if day == 1 else el.cardinal(day, 'f')} {_MONTHS_GENITIVE[month - 1]}"
    return f"{words} {el.year(year)}" if year else words


def _time(hour: int, minute: int, second: int | None) -> str:
    words = el.cardinal(hour, "f")
    if minute:
        words += f" και {el.cardinal(minute)}"
    if second:
        words += " και " + _counted(Amount(str(second)), ("δευτερόλεπτο", "δευτερόλεπτα", "n"))
    return words


_ORDINAL = re.compile(rf"(?<![\w.,])(\d+)({'|'.join(sorted(_ORDINAL_FORMS, key=len)[::-1])})(?!\w)")


def _ordinal(m: re.Match[str]) -> str:
    return el.ordinal(int(m.group(1)), _ORDINAL_FORMS[m.group(2)])


def _months() -> dict[str, int]:
    names = {}
    for number, genitive in enumerate(_MONTHS_GENITIVE, start=1):
        names[genitive.lower()] = number
        names[el.strip_accents(genitive)] = number  # written without accents
    return names


_PIPELINE = Pipeline(
    Spec(
        decimal_comma=True,
        number=_number,
        counted=_counted,
        digits=el.digits,
        date=_date,
        time=_time,
        plus="συν",
        range_template="από {} έως {}",
        score_word="προς",
        version_word="τελεία",
        percent=("τοις εκατό", "τοις εκατό", "n"),
        money_template="{} και {}",
        currencies=_CURRENCIES,
        units=_UNITS,
        months=_months(),
        symbols={"&": "και", "=": "ίσον"},
        version_lead="έκδοση|έκδοσης|εκδοση",
        phone_extra=r"(?<!\d)(?:2\d{2}|69\d)[ -]?\d{3}[ -]?\d{4}(?!\d)",
        passes=((_ORDINAL, _ordinal),),
    )
)


def normalize(text: str) -> str:
    return _PIPELINE.normalize(text)


_MONTHS_NOMINATIVE = ("Ιανουάριος", "Φεβρουάριος", "Μάρτιος", "Απρίλιος", "Μάιος", "Ιούνιος",
                      "Ιούλιος", "Αύγουστος", "Σεπτέμβριος", "Οκτώβριος", "Νοέμβριος",
                      "Δεκέμβριος")  # fmt: skip


def say_date(day: int | None, month: int | None, year: int | None, day_first: bool) -> str:
    """SSML `say-as date`: as a date in running text; a month alone in the nominative."""
    return date_from_parts(
        day, month, year, _date, _MONTHS_NOMINATIVE, el.year, lambda d: el.cardinal(d, "f")
    )
