"""Our number spellers (model_layer/text/spell): the edge numbers of each language."""

from __future__ import annotations

import random
import re

import pytest

from model_layer.text import spell
from model_layer.text.langs.ar import spell as ar
from model_layer.text.langs.bg import spell as bg
from model_layer.text.langs.el import spell as el
from model_layer.text.langs.et import spell as et
from model_layer.text.langs.hi import spell as hi
from model_layer.text.langs.hr import spell as hr

CARDINALS = {
    "bg": [
        (0, "нула"), (1, "едно"), (11, "единадесет"), (12, "дванадесет"), (19, "деветнадесет"),
        (21, "двадесет и едно"), (100, "сто"), (101, "сто и едно"), (120, "сто и двадесет"),
        (121, "сто двадесет и едно"), (200, "двеста"), (1000, "хиляда"), (1001, "хиляда и едно"),
        (1100, "хиляда и сто"), (2000, "две хиляди"), (2520, "две хиляди петстотин и двадесет"),
        (21000, "двадесет и една хиляди"), (10**6, "един милион"),
        (1_200_000, "един милион и двеста хиляди"), (2_000_000, "два милиона"),
        (10**9, "един милиард"), (10**12, "един трилион"),
    ],
    "hr": [
        (0, "nula"), (1, "jedan"), (11, "jedanaest"), (14, "četrnaest"), (19, "devetnaest"),
        (21, "dvadeset jedan"), (100, "sto"), (101, "sto jedan"), (200, "dvjesto"),
        (600, "šesto"), (1000, "tisuću"), (1001, "tisuću jedan"), (2000, "dvije tisuće"),
        (5000, "pet tisuća"), (21000, "dvadeset jedna tisuća"), (22000, "dvadeset dvije tisuće"),
        (10**6, "milijun"), (2_000_000, "dva milijuna"), (5_000_000, "pet milijuna"),
        (2 * 10**9, "dvije milijarde"), (10**12, "bilijun"),
    ],
    "el": [
        (0, "μηδέν"), (1, "ένα"), (11, "έντεκα"), (12, "δώδεκα"), (13, "δεκατρία"),
        (19, "δεκαεννέα"), (21, "είκοσι ένα"), (100, "εκατό"), (101, "εκατόν ένα"),
        (200, "διακόσια"), (1000, "χίλια"), (1001, "χίλια ένα"), (2000, "δύο χιλιάδες"),
        (3000, "τρεις χιλιάδες"), (200_000, "διακόσιες χιλιάδες"), (10**6, "ένα εκατομμύριο"),
        (3_000_000, "τρία εκατομμύρια"), (10**9, "ένα δισεκατομμύριο"),
        (10**12, "ένα τρισεκατομμύριο"),
    ],
    "et": [
        (0, "null"), (1, "üks"), (10, "kümme"), (11, "üksteist"), (19, "üheksateist"),
        (21, "kakskümmend üks"), (100, "sada"), (101, "sada üks"), (200, "kakssada"),
        (1000, "tuhat"), (1001, "tuhat üks"), (2000, "kaks tuhat"), (10**6, "miljon"),
        (2_000_000, "kaks miljonit"), (10**9, "miljard"), (10**12, "triljon"),
    ],
    "hi": [
        (0, "शून्य"), (11, "ग्यारह"), (19, "उन्नीस"), (21, "इक्कीस"), (45, "पैंतालीस"),
        (67, "सड़सठ"), (79, "उन्यासी"), (99, "निन्यानवे"), (100, "एक सौ"), (101, "एक सौ एक"),
        (1000, "एक हज़ार"), (1001, "एक हज़ार एक"), (2000, "दो हज़ार"), (10**5, "एक लाख"),
        (250_000, "दो लाख पचास हज़ार"), (10**6, "दस लाख"), (10**7, "एक करोड़"),
        (10**9, "एक अरब"), (10**11, "एक खरब"), (10**12, "दस खरब"),
    ],
    "ar": [
        (0, "صفر"), (1, "واحد"), (2, "اثنان"), (11, "أحد عشر"), (12, "اثنا عشر"),
        (19, "تسعة عشر"), (21, "واحد وعشرون"), (100, "مئة"), (101, "مئة وواحد"),
        (200, "مئتان"), (1000, "ألف"), (1001, "ألف وواحد"), (2000, "ألفان"),
        (3000, "ثلاثة آلاف"), (11000, "أحد عشر ألفًا"), (100_000, "مئة ألف"),
        (10**6, "مليون"), (2_000_000, "مليونان"), (3_000_000, "ثلاثة ملايين"),
        (10**9, "مليار"), (10**12, "تريليون"),
    ],
}  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [(lang, n, words) for lang, rows in CARDINALS.items() for n, words in rows],
)
def test_cardinal(lang: str, n: int, expected: str) -> None:
    assert spell.speller(lang).cardinal(n) == expected


ORDINALS = {
    "bg": [(1, "първи"), (2, "втори"), (3, "трети"), (11, "единадесети"), (21, "двадесет и първи"),
           (100, "стотен"), (101, "сто и първи"), (1000, "хиляден"), (2000, "двехиляден"),
           (1999, "хиляда деветстотин деветдесет и девети")],
    "hr": [(1, "prvi"), (3, "treći"), (11, "jedanaesti"), (21, "dvadeset prvi"), (100, "stoti"),
           (101, "sto prvi"), (1000, "tisućiti"), (2000, "dvijetisućiti")],
    "el": [(1, "πρώτος"), (8, "όγδοος"), (11, "ενδέκατος"), (13, "δέκατος τρίτος"),
           (21, "εικοστός πρώτος"), (100, "εκατοστός"), (1000, "χιλιοστός"),
           (2000, "δισχιλιοστός")],
    "et": [(1, "esimene"), (2, "teine"), (3, "kolmas"), (11, "üheteistkümnes"),
           (21, "kahekümne esimene"), (100, "sajas"), (101, "saja esimene"),
           (1000, "tuhandes"), (1999, "tuhande üheksasaja üheksakümne üheksas")],
    "hi": [(1, "पहला"), (2, "दूसरा"), (3, "तीसरा"), (4, "चौथा"), (5, "पाँचवाँ"), (6, "छठा"),
           (21, "इक्कीसवाँ"), (100, "एक सौवाँ")],
    "ar": [(1, "الأول"), (2, "الثاني"), (11, "الحادي عشر"), (12, "الثاني عشر"),
           (21, "الحادي والعشرون"), (100, "المئة"), (101, "الأول بعد المئة"), (1000, "الألف")],
}  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [(lang, n, words) for lang, rows in ORDINALS.items() for n, words in rows],
)
def test_ordinal(lang: str, n: int, expected: str) -> None:
    assert spell.speller(lang).ordinal(n) == expected


def test_gender_and_case_forms() -> None:
    assert (bg.cardinal(1, "m"), bg.cardinal(1, "f"), bg.cardinal(2, "m")) == (
        "един", "една", "два",
    )  # fmt: skip
    assert bg.ordinal(1, "f") == "първа"
    assert bg.ordinal(1, "m_def") == "първият"
    assert bg.ordinal(3, "f_def") == "третата"
    assert bg.ordinal(100, "f") == "стотна"
    assert (hr.cardinal(2, "f"), hr.cardinal(21, "f")) == ("dvije", "dvadeset jedna")
    assert (hr.ordinal(3, "m_gen"), hr.ordinal(5, "m_gen"), hr.ordinal(4, "f_loc")) == (
        "trećeg", "petog", "četvrtoj",
    )  # fmt: skip
    assert hr.count_form(1, ("euro", "eura", "eura")) == "euro"
    assert [hr.count_form(n, ("kuna", "kune", "kuna")) for n in (2, 5, 12, 22, 111)] == [
        "kune", "kuna", "kuna", "kune", "kuna",
    ]  # fmt: skip
    assert (el.cardinal(3, "f"), el.cardinal(1, "m"), el.cardinal(200, "m")) == (
        "τρεις", "ένας", "διακόσιοι",
    )  # fmt: skip
    assert el.ordinal(21, "f_gen") == "εικοστής πρώτης"
    assert el.cardinal(3200, "gen") == "τριών χιλιάδων διακοσίων"
    assert el.cardinal(3_000_000, "gen") == "τριών εκατομμυρίων"
    assert el.ordinal(2, "f") == "δεύτερη"
    assert et.ordinal(5, "ade") == "viiendal"
    assert et.ordinal(2024, "ade") == "kahe tuhande kahekümne neljandal"
    assert et.cardinal(2024, "gen") == "kahe tuhande kahekümne nelja"
    assert (hi.ordinal(1, "f"), hi.ordinal(5, "f"), hi.ordinal(6, "obl")) == (
        "पहली", "पाँचवीं", "छठे",
    )  # fmt: skip
    assert (ar.cardinal(3, "f"), ar.cardinal(11, "f"), ar.cardinal(21, "f")) == (
        "ثلاث", "إحدى عشرة", "إحدى وعشرون",
    )  # fmt: skip
    assert ar.cardinal(2024, case="obl") == "ألفين وأربعة وعشرين"
    assert ar.cardinal(2012, case="obl") == "ألفين واثني عشر"
    assert ar.ordinal(11, "f") == "الحادية عشرة"


@pytest.mark.parametrize(
    ("lang", "decimal", "negative", "year"),
    [
        ("bg", "три цяло и четиринадесет", "минус пет", "две хиляди двадесет и четвърта"),
        ("hr", "tri zarez četrnaest", "minus pet", "dvije tisuće dvadeset četvrte"),
        ("el", "τρία κόμμα δεκατέσσερα", "μείον πέντε", "δύο χιλιάδες είκοσι τέσσερα"),
        ("et", "kolm koma neliteist", "miinus viis", "kaks tuhat kakskümmend neli"),
        ("hi", "तीन दशमलव एक चार", "माइनस पाँच", "दो हज़ार चौबीस"),
        ("ar", "ثلاثة فاصلة واحد أربعة", "سالب خمسة", "ألفين وأربعة وعشرين"),
    ],
)
def test_decimal_negative_year(lang: str, decimal: str, negative: str, year: str) -> None:
    speller = spell.speller(lang)
    assert speller.decimal("3", "14") == decimal
    assert speller.cardinal(-5) == negative
    assert speller.year(2024) == year


def test_zero_led_and_long_fractions_go_digit_by_digit() -> None:
    assert hr.decimal("0", "05") == "nula zarez nula pet"
    assert el.decimal("3", "141") == "τρία κόμμα ένα τέσσερα ένα"


def test_hindi_years_in_hundreds() -> None:
    assert hi.year(1999) == "उन्नीस सौ निन्यानवे"
    assert hi.year(1900) == "उन्नीस सौ"
    assert hi.year(1047) == "एक हज़ार सैंतालीस"


def test_hindi_table_is_complete_and_distinct() -> None:
    words = [hi.cardinal(n) for n in range(100)]
    assert len(set(words)) == 100
    assert all(" " not in word for word in words)


@pytest.mark.parametrize("lang", sorted(spell.LANGUAGES))
def test_every_number_up_to_fifteen_digits_is_words(lang: str) -> None:
    speller = spell.speller(lang)
    rng = random.Random(lang)
    samples = [*range(0, 1100), *(rng.randrange(10**15) for _ in range(300)), 10**15 - 1]
    for n in samples:
        for words in (speller.cardinal(n), speller.ordinal(n), speller.year(n)):
            assert words and not re.search(r"\d", words) and "  " not in words, (n, words)


def test_no_speller_for_num2words_languages() -> None:
    assert spell.speller("de") is None
    assert spell.speller("xx") is None
