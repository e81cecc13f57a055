"""`<say-as>` readings: what each interpretation says, in the span's language."""

from __future__ import annotations

import pytest

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.text.ssml import say_as
from model_layer.text.ssml.values import SsmlValueError


@pytest.mark.parametrize(
    ("interpret_as", "text", "lang", "expected"),
    [
        ("characters", "abc", "en", "A B C"),
        ("spell-out", "Hi 42", "en", "H I four two"),
        ("characters", "ÄÖ", "de", "Ä Ö"),
        ("cardinal", "1234", "en", "one thousand two hundred and thirty-four"),
        ("cardinal", "2,000,005", "en", "two million and five"),
        ("cardinal", "-7", "en", "minus seven"),
        ("number", "12", "en", "twelve"),
        ("cardinal", "1.234", "de", "eintausendzweihundertvierunddreißig"),
        ("cardinal", "21", "fr", "vingt et un"),
        ("cardinal", "12", "el", "δώδεκα"),  # Greek has its own speller (langs/el/spell.py)
        ("ordinal", "21", "en", "twenty-first"),
        ("ordinal", "3rd", "en", "third"),
        ("ordinal", "3.", "de", "dritte"),
        ("ordinal", "2e", "fr", "deuxième"),
        ("digits", "2024", "en", "two zero two four"),
        ("digits", "0 7-1", "en", "zero seven one"),
        ("digits", "42", "es", "cuatro dos"),
        ("time", "14:30", "en", "fourteen thirty"),
        ("time", "9:05", "en", "nine oh five"),
        ("time", "3 pm", "en", "three P M"),
        ("time", "14:30", "de", "vierzehn Uhr dreißig"),
        ("telephone", "555-0100", "en", "five five five, zero one zero zero"),
        ("telephone", "+1 (555) 123", "en", "plus one, five five five, one two three"),
        ("telephone", "030 1234", "de", "null drei null, eins zwei drei vier"),
    ],
)  # fmt: skip
def test_readings(interpret_as: str, text: str, lang: str, expected: str) -> None:
    assert say_as(interpret_as, text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "date_format", "expected"),
    [
        ("2024-03-05", "en", None, "March fifth, twenty twenty-four"),
        ("3/5/2024", "en", None, "March fifth, twenty twenty-four"),
        ("3/5/2024", "en", "mdy", "March fifth, twenty twenty-four"),
        ("5/3/2024", "en", "dmy", "the fifth of March, twenty twenty-four"),
        ("20240305", "en", "ymd", "March fifth, twenty twenty-four"),
        ("20240305", "en", "yyyymmdd", "March fifth, twenty twenty-four"),
        ("05-03-2024", "en", "dd-mm-yyyy", "the fifth of March, twenty twenty-four"),
        ("3/5", "en", "md", "March fifth"),
        ("5.3", "en", "dm", "the fifth of March"),
        ("3/2024", "en", "my", "March twenty twenty-four"),
        ("1999", "en", "y", "nineteen ninety-nine"),
        ("1999", "en", None, "nineteen ninety-nine"),
        ("12", "en", "m", "December"),
        ("31", "en", "d", "the thirty-first"),
        ("5.3.2024", "de", None, "fünfter März zweitausendvierundzwanzig"),
        ("1/3/2024", "fr", None, "premier mars deux mille vingt-quatre"),
        ("5/3/2024", "es", None, "cinco de marzo de dos mil veinticuatro"),
        ("5/3/2024", "it", "dmy", "cinque marzo duemilaventiquattro"),
        ("1/3", "pt", "dm", "primeiro de março"),
        ("5-3-2024", "nl", None, "vijf maart tweeduizendvierentwintig"),
        # Every language reads a date as its own module does in running text.
        ("2024-03-05", "pl", None, "piątego marca dwa tysiące dwudziestego czwartego roku"),
        ("05.03.2024", "el", None, "πέντε Μαρτίου δύο χιλιάδες είκοσι τέσσερα"),
        ("3/2024", "ru", "my", "март две тысячи двадцать четыре"),
        ("12", "uk", "m", "грудень"),
        ("1/3", "ko", "dm", "삼월 일 일"),
        ("2024", "ja", "y", "にせんにじゅうよねん"),
        # Only `na` (no language) has no words: the numbers in the order written.
        ("2024-03-05", "na", None, "2024 3 5"),
    ],
)
def test_dates(text: str, lang: str, date_format: str | None, expected: str) -> None:
    assert say_as("date", text, lang, date_format) == expected


@pytest.mark.parametrize(
    ("interpret_as", "text", "date_format", "reason"),
    [
        ("cardinal", "twelve", None, "whole number"),
        ("cardinal", "3.5", None, "whole number"),
        ("ordinal", "first", None, "a number"),
        ("digits", "abc", None, "needs digits"),
        ("time", "25:00", None, "a time"),
        ("time", "1430", None, "a time"),
        ("telephone", "call me", None, "phone number"),
        ("date", "March 5", None, "needs digits"),
        ("date", "2024-02-30-1", None, "parts of format"),
        ("date", "5/13/2024", "dmy", "month 13"),
        ("date", "32/1/2024", "dmy", "day 32"),
        ("date", "2024", "xyz", "format 'xyz'"),
        ("date", "5-3-5", "dmd", "format 'dmd'"),
        ("date", "202403", "ymd", "parts of format"),
        ("cardinal", "   ", None, "no text"),
        ("time", "14:30", "hms24", "format applies only"),
    ],
)
def test_text_that_is_not_what_it_claims_is_refused(
    interpret_as: str, text: str, date_format: str | None, reason: str
) -> None:
    with pytest.raises(SsmlValueError, match=reason):
        say_as(interpret_as, text, "en", date_format)


# "2024-03-05" read by a native narrator of each language, as its module reads a date.
DATES_IN_EVERY_LANGUAGE = {
    "en": "March fifth, twenty twenty-four",
    "ko": "이천이십사 년 삼월 오 일",
    "ja": "にせんにじゅうよねんさんがついつか",
    "ar": "الخامس من مارس ألفين وأربعة وعشرين",
    "bg": "пети март две хиляди двадесет и четвърта година",
    "cs": "pátého března dva tisíce dvacet čtyři",
    "da": "femte marts to tusind og fireogtyve",
    "de": "fünfter März zweitausendvierundzwanzig",
    "el": "πέντε Μαρτίου δύο χιλιάδες είκοσι τέσσερα",
    "es": "cinco de marzo de dos mil veinticuatro",
    "et": "viies märts kaks tuhat kakskümmend neli",
    "fi": "viides maaliskuuta kaksituhatta kaksikymmentäneljä",
    "fr": "cinq mars deux mille vingt-quatre",
    "hi": "पाँच मार्च दो हज़ार चौबीस",
    "hr": "petog ožujka dvije tisuće dvadeset četvrte",
    "hu": "kétezer-huszonnégy március ötödike",
    "id": "lima Maret dua ribu dua puluh empat",
    "it": "cinque marzo duemilaventiquattro",
    "lt": "du tūkstančiai dvidešimt ketvirtųjų metų kovo penktoji",
    "lv": "divi tūkstoši divdesmit ceturtā gada piektais marts",
    "nl": "vijf maart tweeduizendvierentwintig",
    "pl": "piątego marca dwa tysiące dwudziestego czwartego roku",
    "pt": "cinco de março de dois mil e vinte e quatro",
    "ro": "cinci martie două mii douăzeci și patru",
    "ru": "пятое марта две тысячи двадцать четвёртого года",
    "sk": "piateho marca dvetisícdvadsaťštyri",
    "sl": "petega marca dva tisoč štiriindvajset",
    "sv": "femte mars tvåtusentjugofyra",
    "tr": "beş Mart iki bin yirmi dört",
    "uk": "п'яте березня дві тисячі двадцять четвертого року",
    "vi": "ngày năm tháng ba năm hai nghìn không trăm hai mươi bốn",
}


def test_every_language_has_a_date_golden() -> None:
    assert set(DATES_IN_EVERY_LANGUAGE) == set(ALL_LANGUAGE_CODES) - {"na"}


@pytest.mark.parametrize(("lang", "expected"), sorted(DATES_IN_EVERY_LANGUAGE.items()))
def test_dates_in_every_language(lang: str, expected: str) -> None:
    assert say_as("date", "2024-03-05", lang) == expected
    # the same date written day first reads the same (English: "the fifth of March")
    if lang != "en":
        assert say_as("date", "05.03.2024", lang, "dmy") == expected
