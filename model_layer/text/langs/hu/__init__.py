"""Hungarian: the spec; "két" before a noun, dates as "március ötödike", joined suffixes.

Dates run year, month, day; the day is said with the possessive ordinal
("ötödike", "elseje"), whose vowel follows vowel harmony. A case suffix written
after a hyphen ("2024-ben", "14:30-kor") joins the spoken number.
"""

from __future__ import annotations

import re

from model_layer.text import numbers
from model_layer.text.langs import data
from model_layer.text.langs.engine import DateParts, Language, LanguageSpec, plain_ordinal
from model_layer.text.langs.forms import last_word, plural_none, word
from model_layer.text.langs.hu import amounts as hu_amounts
from model_layer.text.shapes import rates

MONTHS = data.words("hu", "months")
_BACK_VOWELS = frozenset("aáoóuú")


def day_of_month(n: int) -> str | None:
    """ "ötödike", "harmadika", "elseje": the ordinal with the possessive -a/-e."""
    if n == 1:
        return "elseje"
    words = numbers.ordinal(n, "hu")
    if words is None:
        return None
    last_part = re.sub(r"^(?:tizen|huszon|harminc)", "", words)
    back = any(ch in _BACK_VOWELS for ch in last_part)
    return words + ("a" if back else "e")


def _date(parts: DateParts) -> str | None:
    day = day_of_month(parts.day)
    if day is None:
        return None
    said = f"{MONTHS[parts.month - 1]} {day}"
    year = LANGUAGE.cardinal(str(parts.year)) if parts.year else ""
    return f"{year} {said}" if year else said if parts.year is None else None


# case suffixes that join a number word without changing it
_SUFFIX = (
    r"(?:ban|ben|ba|be|ból|ből|ra|re|ról|ről|nál|nél|hoz|hez|höz|tól|től|ig|kor|ért|"
    r"szor|szer|ször|val|vel|zal|zel|tal|tel|nal|nel|ral|rel|cal|cel|nak|nek|t|"
    r"at|et|ot|öt|as|es|os|ös|an|en|on|ön)"
)
# The stem a number word takes before a suffix that starts with a vowel ("3-as" is
# "hármas", "7-et" "hetet", "10-es" "tizes"); other words keep their form ("négyes").
_VOWEL_STEMS = data.table("hu", "vowel_stems")
_MONTH_DAY_SUFFIXED = re.compile(
    rf"(?<![\w.])(?:(\d{{4}})\.\s)?((?:{'|'.join(MONTHS)})\s)(\d{{1,2}})-([^\W\d_]+)"
)
_LONG = {"a": "á", "e": "é"}
_TIME_KOR = re.compile(r"(?<![\w:.,])([01]?\d|2[0-3])[:.]([0-5]\d)-kor(?!\w)")  # 14.30-kor too
# a day of the month without its month: "15-én" -> "tizenötödikén", "1-jétől" -> "elsejétől"
_DAY_SUFFIXED = re.compile(r"(?<![\w.,-])(0?[1-9]|[12]\d|3[01])-(j?[áé](?:n|ig|től|tól))(?!\w)")
# a day of the month without its month: "15-én" -> "tizenötödikén", "1-jétől" -> "elsejétől"
_DAY_SUFFIXED = re.compile(r"(?<![\w.,-])(0?[1-9]|[12]\d|3[01])-(j?[áé](?:n|ig|től|tól))(?!\w)")
# Not the last group of a phone number ("06 1 234 5678-as"): the phone rule reads it.
_SUFFIXED = re.compile(rf"(?<![\w.,-])(?<!\d )(\d+)-({_SUFFIX})(?!\w)")


_ORDINAL = plain_ordinal("hu")


def _ordinal(n: int, suffix: str, before: str, after: str) -> str | None:
    """ "március 15. óta" -> "március tizenötödike óta": after a month, the day of the month."""
    if last_word(before) in MONTHS:
        return day_of_month(n)
    return _ORDINAL(n, suffix, before, after)


def _month_day(m: re.Match[str]) -> str:
    """ "2024. március 15-én" -> "... március tizenötödikén", "1-jéig" -> "elsejéig"."""
    year, month, digits, suffix = m.groups()
    day = day_of_month(int(digits)) if 1 <= int(digits) <= 31 else None
    year_words = LANGUAGE.cardinal(year) if year else ""
    if day is None or year_words is None:
        return m.group()
    rest = re.sub(r"^j?[aáeé]?", "", suffix)
    said = month + (day[:-1] + _LONG[day[-1]] + rest if rest else day)
    return f"{year_words} {said}" if year_words else said


def _day(m: re.Match[str]) -> str:
    day = day_of_month(int(m.group(1)))
    if day is None:
        return m.group()
    return day[:-1] + _LONG[day[-1]] + re.sub(r"^j?[áé]", "", m.group(2))


# "2024. 03. 15-én", "2024.03.15-ig": a numeric date with a case ending is said with the
# month's name ("... március tizenötödikén"), as the written-out date is.
_NUMERIC_DATE_SUFFIXED = re.compile(
    r"(?<![\w.])(\d{4})\.\s?(0?[1-9]|1[0-2])\.\s?(0?[1-9]|[12]\d|3[01])\.?-(?=\w)"
)
# "H-P", "Szo-V": opening days, from one to the other (hétfőtől péntekig).
_DAYS_FROM = data.table("hu", "days_from")
_DAYS_TO = data.table("hu", "days_to")
_DAY = "(Szo|Sze|Cs|H|K|P|V)"
# Written in capitals or small letters ("h-p" too,); both sides alike.
_DAY_RANGE = re.compile(
    rf"(?<!\w)(?:{_DAY}\s?[-\u2013]\s?{_DAY}|(szo|sze|cs|h|k|p|v)\s?[-\u2013]\s?"
    r"(szo|sze|cs|h|k|p|v))(?!\w)"
)


def _day_range(m: re.Match[str]) -> str:
    first = (m.group(1) or m.group(3)).capitalize()
    last = (m.group(2) or m.group(4)).capitalize()
    return f"{_DAYS_FROM[first]} {_DAYS_TO[last]}"


# "9:00-18:00", "H-P 9:30-17:30": opening hours, said from one time (-tól/-től) to the
# other (-ig): "kilenc órától tizennyolc óráig", "kilenc óra harminctól tizenhét óra
# harmincig". A lone weekday letter before a time is the day ("Szo 10:00-14:00").
_CLOCK = r"(?:[01]?\d|2[0-3])[:.][0-5]\d"
_CLOCK_RANGE = re.compile(rf"(?<![\w:.,-])({_CLOCK})\s?[-\u2013]\s?({_CLOCK})(?![\w:-]|[.,]\d)")
_DAY_NAMES = data.table("hu", "day_names")
_DAY_BEFORE_CLOCK = re.compile(rf"(?<![\w.-]){_DAY}\.?(?=:?\s+{_CLOCK})")
_BACK_NUMBERS = re.compile(r"(?:három|hat|nyolc|húsz|harminc|hatvan|nyolcvan|száz)$")


def _clock_ranges(text: str) -> str:
    def spoken(written: str) -> str | None:
        hour, minute = (int(p) for p in re.split("[:.]", written))
        words = LANGUAGE.cardinal(str(hour))
        if minute and words is not None:
            minutes = LANGUAGE.cardinal(str(minute))
            return None if minutes is None else f"{words} óra {minutes}"
        return None if words is None else f"{words} óra"

    def say(m: re.Match[str]) -> str:
        first, last = spoken(m.group(1)), spoken(m.group(2))
        if first is None or last is None:
            return m.group()
        if re.match(r"\s+között\b", m.string[m.end() :]):  # "8:30-16:45 között"
            return f"{first} és {last}"
        if first.endswith("óra"):
            start = first[:-1] + "ától"
        else:
            start = first + ("tól" if _BACK_NUMBERS.search(first) else "től")
        end = last[:-1] + "áig" if last.endswith("óra") else last + "ig"
        return f"{start} {end}"

    if ":" not in text and "." not in text:
        return text
    text = _DAY_BEFORE_CLOCK.sub(lambda m: _DAY_NAMES[m.group(1)], text)
    return _CLOCK_RANGE.sub(say, text)


# "Az ellenőrző kódja: 482913", "Adószám: 12345678-2-42", "TAJ szám: 123 456 789": a
# code or an identifier is read digit by digit, in the groups it is written in, never
# as a count ("nyolcmilliárd-százhuszonhárommillió ...").
_CODE_DIGITS = re.compile(
    r"(?<![\w-])(?i:kód(?:ja|od|unk)?|PIN(?:-kód(?:ja|od)?)?|jelszó|jelszava|"
    r"adószám(?:a)?|adóazonosító(?: jel)?|adóazonosító jele|TAJ(?:[- ]szám(?:a)?)?|"
    r"számlaszám(?:a)?|bankszámlaszám(?:a)?|ügyfélszámla|ügyfélazonosító)(?:\s*:\s*|\s+)"
    r"(\d{1,11}(?:[ -]\d{1,8}){0,3})(?![\w.,]\d|[\w-])"
)


def _codes(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        groups = re.split("[ -]", m.group(1))
        said = [numbers.digit_by_digit(g, "hu") for g in groups]
        if sum(len(g) for g in groups) < 4 or None in said:
            return m.group()  # "kód 12": a label, not a code to read out
        return m.group()[: m.start(1) - m.start()] + ", ".join(w for w in said if w)

    return _CODE_DIGITS.sub(say, text) if any(ch.isdigit() for ch in text) else text


def _suffixes(text: str) -> str:
    text = _NUMERIC_DATE_SUFFIXED.sub(
        lambda m: f"{m.group(1)}. {MONTHS[int(m.group(2)) - 1]} {int(m.group(3))}-", text
    )
    text = _DAY_RANGE.sub(_day_range, text)
    text = _MONTH_DAY_SUFFIXED.sub(_month_day, text)

    def time(m: re.Match[str]) -> str:
        hour, minute = LANGUAGE.cardinal(str(int(m.group(1)))), int(m.group(2))
        if not minute:
            return f"{hour} órakor"
        return f"{hour} óra {LANGUAGE.cardinal(str(minute))}kor"  # "tizennégy óra harminckor"

    text = _TIME_KOR.sub(time, text)
    text = _DAY_SUFFIXED.sub(_day, text)
    return _SUFFIXED.sub(_suffixed, text)


def _suffixed(m: re.Match[str]) -> str:
    """ "5-ször" -> "ötször", "2-szer" -> "kétszer", "3-as" -> "hármas"."""
    words = LANGUAGE.cardinal(m.group(1))
    suffix = m.group(2)
    if words is None:
        return m.group()
    head, _, last = words.rpartition(" ")
    if suffix[0] in "aeoö" and not (suffix in ("an", "en") and last.endswith(("tíz", "húsz"))):
        last = next((last[: -len(w)] + stem for w, stem in _VOWEL_STEMS.items()
                     if last.endswith(w)), last)  # fmt: skip
    elif suffix in ("szer", "szor", "ször") and last.endswith("kettő"):
        last = last[:-5] + "két"  # "kétszer", "huszonkétszer"
    return f"{head} {last}{suffix}" if head else f"{last}{suffix}"


# "-5 °C-ra", "3,2%-ra", "12 990 Ft-ot": the suffix was written for the symbol's spoken
# word and joins it once it is said ("Celsius-fokra", "százalékra", "forintot"); also
# after a number word left with a hyphen ("3-1-re" -> "három-egyre").
_SPOKEN_SUFFIX = re.compile(rf"(?<=[a-záéíóöőúüű])-({_SUFFIX}|kal|kel|val|vel|on|en|ön)(?!\w)")
_JOINS = re.compile(
    r"(?:fok|százalék|darab|forint|euró|dollár|font|cent|méter|gramm|liter|perc|óra|másodperc|watt|"
    r"bájt|hertz|wattóra|egy|kettő|két|három|négy|öt|hat|hét|nyolc|kilenc|tíz|húsz|harminc|"
    r"negyven|ötven|hatvan|hetven|nyolcvan|kilencven|száz|ezer|millió|milliárd)$"
)


def _harmonizes(word: str, suffix: str) -> bool:
    """Whether a suffix's vowel fits the word's: "három-öt" (3-5) is a range, never
    "hármöt", nor "négy-öt" "négyöt"; "öt-öt" is "ötöt"."""
    vowels = [ch for ch in word if ch in "aáoóuúeéiíöőüű"]
    first = next((ch for ch in suffix if ch in "aáoóeéöő"), None)
    if not vowels or first is None:
        return True
    last = "e" if word.endswith("kettő") else vowels[-1]  # "kettes", "kettőt": never "-öt"
    if any(ch in _BACK_VOWELS for ch in vowels) and last in "éií":
        last = "a"  # "harminc", "százalék": back words with a neutral last vowel
    if last in _BACK_VOWELS:
        return first in "aáoó"
    if last in "öőüű":
        return first in "eéöő"
    return first in "eé"


def _join_suffixes(text: str) -> str:
    def join(m: re.Match[str]) -> str:
        before = _JOINS.search(m.string, 0, m.start())
        if before is None or not _harmonizes(before.group(), m.group(1)):
            return m.group()
        return m.group(1)

    def stem(m: re.Match[str]) -> str:  # "hét-es" -> "hetes", as `_suffixed` does
        word, suffix = m.group(1), m.group(2)
        if not _harmonizes(word, suffix):
            return m.group()
        if _JOINS.search(word) and suffix[0] in "aeoö":
            word = next((word[: -len(w)] + s for w, s in _VOWEL_STEMS.items()
                         if word.endswith(w)), word)  # fmt: skip
        return m.group() if not _JOINS.search(m.group(1)) else word + suffix

    text = _VOWEL_SUFFIX.sub(stem, text)
    text = _NULLA_SUFFIX.sub(r"nullá\1", text)  # "1-0-ra": egy-nullára, the a lengthened
    return _SPOKEN_SUFFIX.sub(join, text)


_NULLA_SUFFIX = re.compile(rf"(?<![^\W\d_])nulla-({_SUFFIX}|val|kal|n)(?!\w)")


_VOWEL_SUFFIX = re.compile(
    r"(?<![\w-])([a-záéíóöőúüű]+)-(as|es|os|ös|at|et|ot|öt|an|en|on|ön)(?!\w)"
)
# "Kossuth u. 25. II. em.": a house number is written with a period but is no ordinal.
_HOUSE_NUMBER = re.compile(
    r"(?<!\w)((?:utca|út|u\.|tér|krt\.|körút|köz|sor|fasor|sétány|rakpart) )"
    r"(\d{1,4}(?:/[A-Za-z])?)\.(?=\s|$)"
)


# "június 1-15. (között)": a span of days in a month, "június elsejétől tizenötödikéig";
# written here with the case endings the day rules read ("1-jétől 15-éig").
_DAY_SPAN = re.compile(
    rf"(?<![\w.])((?:{'|'.join(MONTHS)})\s)(0?[1-9]|[12]\d|3[01])\s?[-\u2013]\s?"
    r"(0?[1-9]|[12]\d|3[01])\.?(?P<between>\s+között)?(?=\s|$|[,;.])"
)
_BACK_DAYS = frozenset((2, 3, 6, 8, 20, 30))  # másodika, harmadika, ...: back vowels


def _day_vowel(day: int) -> str:
    last = day if day in (20, 30) else day % 10 or day
    return "á" if last in _BACK_DAYS else "é"


def _day_spans(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        first, last = int(m.group(2)), int(m.group(3))
        if first >= last:
            return m.group()
        start = "jétől" if first == 1 else ("ától" if _day_vowel(first) == "á" else "étől")
        return f"{m.group(1)}{first}-{start} {last}-{_day_vowel(last)}ig"

    return _DAY_SPAN.sub(say, text)


# "2 alma", "22 tabletta": before a noun two is "két" ("huszonkét"), "kettő" standing alone.
# Only the number: not "mindkettő" (both), which stays as it is.
_TWO_BEFORE_WORD = re.compile(
    r"(?:(?<![^\W\d_])|(?<=tizen)|(?<=huszon)|(?<=harminc)|(?<=negyven)|(?<=ötven)|"
    r"(?<=hatvan)|(?<=hetven)|(?<=nyolcvan)|(?<=kilencven)|(?<=száz)|(?<=ezer))"
    r"kettő(?=\s+[a-záéíóöőúüű])(?!\s+(?:egy|kettő|három|négy|öt|hat|hét|nyolc|kilenc|nulla|tíz|egész|tized|század|ezred|szám\w*|pont|per|és|vagy|plusz|mínusz|meg|szor|osztva)\b)"
)


# "2-3 nap", "12-15 fok": the first end of a range before a noun is "két" too.
_TWO_BEFORE_RANGE = re.compile(
    r"(?:(?<![^\W\d_])|(?<=tizen)|(?<=huszon))kettő(?=-(?:egy|két|három|négy|öt|hat|hét|"
    r"nyolc|kilenc|tíz|tizen|húsz|huszon|harminc)[a-záéíóöőúüű]*\s+[a-záéíóöőúüű])"
)


def _two_before_noun(text: str) -> str:
    if "kettő" not in text:
        return text
    return _TWO_BEFORE_WORD.sub("két", _TWO_BEFORE_RANGE.sub("két", text))


def _house_numbers(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        digits, _, letter = m.group(2).partition("/")
        words = LANGUAGE.cardinal(digits) or digits
        end = "." if not m.string[m.end() :].strip() else ","  # at the end, the full stop
        return m.group(1) + (f"{words} per {letter}{end}" if letter else f"{words}{end}")

    return _HOUSE_NUMBER.sub(say, text)


# "2/3-a", "a lakosság 3/4 része": a fraction is one word, numerator and denominator
# (kétharmad, háromnegyed, egyötöd), with its suffix joined (kétharmada).
_DENOMINATORS = {2: "ketted", 3: "harmad", 4: "negyed", 5: "ötöd", 6: "hatod", 7: "heted",
                 8: "nyolcad", 9: "kilenced", 10: "tized"}  # fmt: skip
_FRACTION = re.compile(r"(?<![\w/.,-])(\d)/(\d{1,2})(?:-([a-záéíóöőúüű]+))?(?=\s[^\W\d_]|\W|$)")


def _fractions(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if not (0 < a < b and b in _DENOMINATORS):
            return m.group()
        if (a, b) == (1, 2):
            return "fél" + (m.group(3) or "")
        numerator = "két" if a == 2 else LANGUAGE.cardinal(str(a)) or str(a)
        return numerator + _DENOMINATORS[b] + (m.group(3) or "")

    return _FRACTION.sub(say, text)


_UNITS = data.nouns("hu", "units")
_ABBREVIATIONS = data.table("hu", "abbreviations")
# "2 500 Ft/fő", "3 tabletta/nap": a rate, "per fő", "per nap".
_PER_WORDS = data.table("hu", "per_words")


SPEC = LanguageSpec(
    code="hu",
    plural=plural_none,  # no plural after a number: "öt forint"
    genders={"m": {"~kettő": "két"}},  # before a noun: "két forint", "huszonkét euró"
    percent=word("százalék"),
    currencies=data.currencies("hu"),
    currency_symbols={"Ft": "HUF"},
    months=MONTHS,
    date_order="ymd",  # 2024. március 5., 2024.03.05.
    date=_date,
    time_format="{h} óra {m} perc",
    time_format_hour="{h} óra",
    ordinal_dot=True,  # "a 3. helyen"
    ordinal=_ordinal,
    units=_UNITS,
    unit_symbols={"db": "db"},
    version_word="verzió",
    version_keywords="verzió|Verzió",
    point_word="pont",
    plus_word="plusz",
    and_word="és",
    equals_word="egyenlő",
    abbreviations=_ABBREVIATIONS,
    # never end a sentence
    titles=frozenset(data.words("hu", "titles")),
    scales={w: word(w) for w in ("ezer", "millió", "milliárd")},
    # "tizenkétezer", "kétmillió": két in a compound (num2words writes "tizenkettőezer")
    word_fixes=((r"kettő(?=ezer|millió|milliárd|száz)", "két"),),
    extra_rules=(
        _codes,
        hu_amounts.rule,  # "1,5k", "8/10", "1:25:30", "18+"
        _clock_ranges,
        _house_numbers,
        _day_spans,
        _suffixes,
        _fractions,
        rates.rule(_PER_WORDS),
    ),
    final_rules=(_join_suffixes, _two_before_noun),
)

LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
