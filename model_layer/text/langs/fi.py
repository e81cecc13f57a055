"""Finnish: the spec; partitive after numbers ("viisi euroa"), "klo 14.30".

Case endings that a following noun or a postposition asks for ("3. kerralla",
"5-10" as "viidestä kymmeneen") are not made: the nominative stays.
"""

from __future__ import annotations

from model_layer.text import numbers
from model_layer.text.langs.engine import Currency, Language, LanguageSpec, plain_ordinal
from model_layer.text.langs.forms import plural_finnish, word

# in a date, the month is in the partitive: "viides maaliskuuta"
MONTHS = ("tammikuuta", "helmikuuta", "maaliskuuta", "huhtikuuta", "toukokuuta",
          "kesäkuuta", "heinäkuuta", "elokuuta", "syyskuuta", "lokakuuta", "marraskuuta",
          "joulukuuta")  # fmt: skip
MONTH_NAMES = ("tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesäkuu",
               "heinäkuu", "elokuu", "syyskuu", "lokakuu", "marraskuu", "joulukuu")  # fmt: skip

_SENTTI = word("sentti", "senttiä")
_UNITS = {
    "km": word("kilometri", "kilometriä"), "m": word("metri", "metriä"),
    "cm": word("senttimetri", "senttimetriä"), "mm": word("millimetri", "millimetriä"),
    "kg": word("kilo", "kiloa"), "g": word("gramma", "grammaa"),
    "mg": word("milligramma", "milligrammaa"), "l": word("litra", "litraa"),
    "ml": word("millilitra", "millilitraa"),
    "km/h": word("kilometri tunnissa", "kilometriä tunnissa"),
    "m/s": word("metri sekunnissa", "metriä sekunnissa"), "m2": word("neliömetri", "neliömetriä"),
    "km2": word("neliökilometri", "neliökilometriä"), "h": word("tunti", "tuntia"),
    "min": word("minuutti", "minuuttia"), "s": word("sekunti", "sekuntia"),
    "ms": word("millisekunti", "millisekuntia"), "kWh": word("kilowattitunti", "kilowattituntia"),
    "kW": word("kilowatti", "kilowattia"), "W": word("watti", "wattia"),
    "GB": word("gigatavu", "gigatavua"), "MB": word("megatavu", "megatavua"),
    "TB": word("teratavu", "teratavua"), "C": word("celsiusaste", "celsiusastetta"),
    "F": word("fahrenheitaste", "fahrenheitastetta"), "deg": word("aste", "astetta"),
}  # fmt: skip
_ABBREVIATIONS = {
    "esim.": "esimerkiksi", "jne.": "ja niin edelleen", "ym.": "ynnä muuta", "klo": "kello",
    "tri": "tohtori", "ns.": "niin sanottu", "ks.": "katso",
}  # fmt: skip
_SCALES = {
    "milj.": word("miljoona", "miljoonaa"),
    "mrd.": word("miljardi", "miljardia"),
}  # written abbreviations of large numbers
SPEC = LanguageSpec(
    code="fi",
    plural=plural_finnish,  # "yksi euro", "viisi euroa", "2,5 euroa"
    percent=word("prosentti", "prosenttia"),
    currencies={
        "EUR": Currency(word("euro", "euroa"), _SENTTI),
        "USD": Currency(word("dollari", "dollaria"), _SENTTI),
        "GBP": Currency(word("punta", "puntaa"), word("penny", "pennyä")),
        "SEK": Currency(word("kruunu", "kruunua"), word("äyri", "äyriä")),
    },
    currency_and="ja",
    scales=_SCALES,
    months=MONTHS,
    month_names=MONTH_NAMES,  # a month on its own (SSML say-as)
    day=lambda n, before: numbers.ordinal(n, "fi"),  # "viides maaliskuuta"
    minute_zero="nolla",  # "yhdeksän nolla viisi"
    time_keywords="kello",  # "klo 14.30"
    ordinal_dot=True,  # "3. kerta"
    ordinal=plain_ordinal("fi"),
    units=_UNITS,
    version_word="versio",
    version_keywords="versio|Versio",
    point_word="piste",
    and_word="ja",
    equals_word="on yhtä kuin",
    section_word="pykälä",
    abbreviations=_ABBREVIATIONS,
    titles=frozenset(("esim.", "ns.", "ks.")),  # never end a sentence
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
