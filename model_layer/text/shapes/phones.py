# ruff: noqa: RUF001  (tables in Cyrillic, Greek and other scripts, not look-alike Latin)
"""Phone numbers in digit groups, emergency numbers digit by digit.

A phone number read as a quantity ("nine hundred and twelve million ...") is a number
no listener can dial. A phone-shaped string is read group by group, with a pause
between groups, the way the language says phone numbers: digit by digit in most,
each group as a number in French (pairs: "zéro un, vingt-trois"), Russian and
Ukrainian ("восемьсот, пятьсот пятьдесят пять, тридцать пять"); a leading "+" is the
language's "plus".

Phone-shaped: a leading "+" or "(", or at least three groups of digits joined by
spaces, dashes or dots, or two groups starting with "0", with 6 to 15 digits in all.
Not: dates (2024-03-15, 05-03-2024, 15.03.2024), numbers with thousands written with
spaces ("1 234 567", as every language may write them) unless a word of calling is
near ("zadzwoń pod 123 456 789"), nor decimals. Where the language's module reads the
number in groups already, its reading stays.

Short emergency and service numbers (911, 112, 110, 119, 999, ...) are digit by digit
("nine one one") when a word of calling is near: "call 911", "112 anrufen",
"llame al 112", "звоните 112".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from model_layer.text import numbers

# Languages whose module reads phone numbers already in their own way.
_OWN_RULES = frozenset(("ja", "ko"))
PLUS_WORDS = {
    "en": "plus", "de": "plus", "fr": "plus", "es": "más", "pt": "mais", "it": "più",
    "nl": "plus", "ru": "плюс", "uk": "плюс", "pl": "plus", "cs": "plus", "sk": "plus",
    "tr": "artı", "sv": "plus", "da": "plus", "fi": "plus", "hu": "plusz", "ro": "plus",
    "id": "plus", "vi": "cộng", "bg": "плюс", "el": "συν", "hr": "plus", "sl": "plus",
    "lt": "plius", "lv": "plus", "et": "pluss", "ar": "زائد", "hi": "प्लस",
}  # fmt: skip
# Languages that read each group as a number rather than digit by digit.
_GROUPS_AS_NUMBERS = frozenset(("fr",))

_PHONE = re.compile(
    r"(?<![\w+.,/:-])(?P<plus>\+ ?)?(?P<body>(?:\(\d{1,5}\) ?)?\d{1,5}(?:[ .\-]\(?\d{1,5}\)?){1,6})"
    r"(?![\w]|[.,/:-]\d)"
)
_GROUP = re.compile(r"\d+")

# Emergency numbers said digit by digit in the languages whose speakers say them so
# ("nine one one", "eins eins zwei", "uno uno dos", "één één twee", "일일구"). French,
# Italian, Russian, Ukrainian, Polish, Czech, Slovak, Hungarian and Turkish speakers say them as
# numbers ("le cent douze", "centododici", "сто двенадцать", "yüz on iki"), and
# Japanese says 110番 as ひゃくとおばん: those keep the number's reading.
_EMERGENCY = {
    "en": "911 999 112 000 111", "de": "110 112 116117", "es": "112 091 092 061 062 016",
    "pt": "112 190 192 193 199", "nl": "112", "ko": "112 119 110", "sv": "112 114",
    "da": "112 114", "fi": "112", "id": "112 110 113 118 119",
    # Arabic: "تسعة تسعة تسعة", "واحد واحد اثنان" (Gulf, Egypt, Levant: 999, 911, 997, 998,
    # 122, 123, 180, 112).
    "ar": "999 911 997 998 122 123 180 112",
}  # fmt: skip
# Stems of the words of calling, matched at the start of a word, case-insensitively.
_CALLING = {
    "en": r"call|dial|ring|phone|emergenc|hotline|text",
    "de": r"ruf|anruf|wähl|notruf|telefon|rufnummer",
    "fr": r"appel|compos|urgence|téléphon|numéro|faites le",
    "es": r"llam|llám|marc|marqu|emergencia|teléfono|número",
    "pt": r"lig|disque|disca|chame|emergência|telefone|número",
    "it": r"chiam|compon|emergenz|telefon|numero",
    "nl": r"bel|nood|telefoon|nummer",
    "ru": r"звон|позвон|набер|набир|вызов|вызыва|экстренн|телефон|номер",
    "uk": r"дзвон|зателефон|набер|набир|виклик|екстрен|телефон|номер",
    "pl": r"dzwoń|zadzwoń|dzwon|wybierz|wykręć|alarmow|telefon|numer",
    "cs": r"volej|zavolej|vytoč|tísňov|telefon|číslo",
    "sk": r"volaj|zavolaj|vytoč|tiesňov|telefón|číslo",
    "tr": r"ara|arayın|acil|telefon|numara|tuşla",
    "ko": r"전화|신고|눌러|긴급|구급|구조|소방|출동|상황실",
    "sv": r"ring|larm|nummer|telefon", "da": r"ring|alarm|nummer|telefon",
    "fi": r"soita|hätä|numero|puhelin", "hu": r"hív|tárcsáz|segélyh|telefon|szám",
    "ro": r"sunați|sună|apelați|apel|urgenț|telefon|număr",
    "id": r"hubungi|telepon|panggil|darurat|nomor",
    "vi": r"gọi|khẩn cấp|điện thoại|số", "bg": r"звън|обад|набер|спешн|телефон|номер",
    "el": r"καλέστε|τηλεφων|κλήση|έκτακτ|αριθμ", "hr": r"nazov|zovi|hitn|telefon|broj",
    "sl": r"pokliči|pokličite|klic|nujn|telefon|številk", "lt": r"skambin|pagalb|telefon|numer",
    "lv": r"zvani|ārkārt|tālru|numur", "et": r"helista|häda|telefon|number",
    "ar": r"اتصل|اتصلوا|الطوارئ|هاتف|رقم", "hi": r"कॉल|फोन|डायल|आपात|नंबर",
}  # fmt: skip
_CONTEXT_CHARS = 40


def read_phones(text: str, lang: str, module: Callable[[str], str] | None = None) -> str:
    """`module`: the language's own normalizer. Where it reads a phone number in
    groups already, its reading stays (the tables of its golden tests)."""
    if lang not in _OWN_RULES:

        def say(m: re.Match[str]) -> str:
            said = _phone(m, lang)
            if said is None:
                return m.group()
            if module is not None:
                own = module(m.group())
                # "0 800 123 456" read as "zéro huit cents millions ..." is a quantity
                if not _says_scale(own, module) and _reads_groups(m, lang, own):
                    return own
            return said

        text = _PHONE.sub(say, text)
    return _emergency(text, lang)


def _says_scale(own: str, module: Callable[[str], str]) -> bool:
    """Whether `own` says a million or a thousand as a word ("millions", "mille"): a
    phone number read as one quantity."""
    scales = set()
    for n in ("1000000", "2000000", "2000"):
        words = module(n).split()
        if len(words) > 1:
            scales.add(words[-1])
    return any(word in scales for word in own.replace(",", " ").split())


def _reads_groups(m: re.Match[str], lang: str, own: str) -> bool:
    """Whether the language module's reading `own` of this phone number is digit by
    digit or in groups (its last group comes out as in a phone number, not inside a
    quantity)."""
    groups = _GROUP.findall(m.group())
    if own.count(",") >= len(groups) - 1:
        return True  # a pause between every two groups
    last = _group(groups[-1], lang)
    return last is not None and len(groups[-1]) > 1 and own.rstrip(" .").endswith(last)


def _phone(m: re.Match[str], lang: str) -> str | None:
    body = m.group("body")
    groups = _GROUP.findall(body)
    digits = sum(map(len, groups))
    plus = bool(m.group("plus"))
    bracket = "(" in body
    separators = set(re.findall(r"[ .\-]", body))
    if not 6 <= digits <= 15:
        return None
    if "." in separators and len(separators) > 1:
        return None  # "März 1999 05.03.2024": a year, then a date
    if any(len(g) < 2 for g in groups[1:]):
        return None  # "1 2 3 4 5": counting, not dialling
    if separators == {"."} and len(groups) < 4 and not plus:
        return None  # a date (15.03.2024) or a version
    trunk = groups[0].startswith("0") and len(groups) >= 2  # "030 1234567"
    dialled = digits >= 7 and _calling_near(m, lang)  # "Zvaniet 2123 4567"
    if not (plus or bracket or trunk or dialled or len(groups) >= 3):
        return None
    if len(groups) == 3 and not plus and len(separators) == 1 and separators != {" "}:
        lengths = tuple(map(len, groups))
        if (lengths[0] == 4 and max(lengths[1:]) <= 2) or (
            max(lengths[:2]) <= 2 and lengths[2] in (2, 4)
        ):
            return None  # a date: 2024-03-15, 05-03-2024
    if (
        separators == {" "}
        and not plus
        and not bracket
        and not groups[0].startswith("0")
        and len(groups[0]) <= 3
        and all(len(g) == 3 for g in groups[1:])
        and not _calling_near(m, lang)
    ):
        return None  # a number grouped by thousands: "123 456 789", unless one calls it
    said = [_group(g, lang) for g in groups]
    if plus:  # the country code is said as a number: "plus thirty-four"
        said[0] = numbers.cardinal(groups[0], lang)
    if None in said:
        return None
    words = ", ".join(s for s in said if s)
    if plus:
        words = f"{PLUS_WORDS.get(lang, 'plus')} {words}"
    return words


def _calling_near(m: re.Match[str], lang: str) -> bool:
    calling = _calling_pattern(lang)
    return calling is not None and calling.search(_around(m)) is not None


def _around(m: re.Match[str]) -> str:
    """The text just before and after a match: where a word of calling would be."""
    text, start, end = m.string, m.start(), m.end()
    return f"{text[max(0, start - _CONTEXT_CHARS) : start]} {text[end : end + _CONTEXT_CHARS]}"


@functools.cache
def _calling_pattern(lang: str) -> re.Pattern[str] | None:
    stems = _CALLING.get(lang)
    return None if stems is None else re.compile(rf"(?i)(?<!\w)(?:{stems})")


# Danes say a phone number's pairs as numbers: "12 34 56 78" is "tolv fireogtredive
# seksoghalvtreds otteoghalvfjerds" (a pair starting with 0 digit by digit).
_PAIRS_AS_NUMBERS = frozenset(("da",))


def _group(group: str, lang: str) -> str | None:
    if lang in _PAIRS_AS_NUMBERS and len(group) == 2 and not group.startswith("0"):
        return numbers.cardinal(group, lang)
    if lang in _GROUPS_AS_NUMBERS and len(group) <= 3:
        if group.startswith("0") and len(group) > 1:
            rest = numbers.cardinal(group.lstrip("0") or "0", lang)
            zeros = numbers.digit_by_digit("0" * (len(group) - len(group.lstrip("0"))), lang)
            return None if rest is None or zeros is None else f"{zeros} {rest}"
        return numbers.cardinal(group, lang)
    return numbers.digit_by_digit(group, lang)


@functools.cache
def _emergency_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    codes = _EMERGENCY.get(lang)
    calling = _calling_pattern(lang)
    if codes is None or calling is None:
        return None
    code_pattern = "|".join(sorted(codes.split(), key=len, reverse=True))
    # Korean particles follow the number directly ("119에"): only a digit may not.
    # A sentence's full stop may follow ("dial 999."), a decimal point may not.
    after = r"(?!\d|[.,:/-]\d)" if lang == "ko" else r"(?!\w|[.,:/-]\w)"
    return re.compile(rf"(?<![\w+.,:/-])(?:{code_pattern}){after}"), calling


# "Call 020 7946 0958 or 999", "Ring 08-123 456 78 eller 112": a number offered as the
# other one to call; the word of calling is before the first number, out of reach of
# `_CONTEXT_CHARS` once that number is read out.
_OR_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:or|eller|oder|ou|o|of|tai|või|nebo|alebo|lub|albo|или|або|vagy|veya|"
    r"atau|hoặc|ή|sau|ili|arba|vai|ali)\s+(?:(?:the|le|la|el|al|il|lo|o|a|na|на)\s+)?$"
)
_SENTENCE_BREAK = re.compile(r"[.!?;。]\s")


def _alternative_number(m: re.Match[str], calling: re.Pattern[str]) -> bool:
    before = m.string[max(0, m.start() - 160) : m.start()]
    if not _OR_BEFORE.search(before):
        return False
    sentence = _SENTENCE_BREAK.split(before)[-1]
    return calling.search(sentence) is not None


def _emergency(text: str, lang: str) -> str:
    patterns = _emergency_patterns(lang)
    if patterns is None:
        return text
    pattern, calling = patterns

    def say(m: re.Match[str]) -> str:
        if not calling.search(_around(m)) and not _alternative_number(m, calling):
            return m.group()
        said = numbers.digit_by_digit(m.group(), lang)
        if said is None:
            return m.group()
        return said.replace(" ", "") if lang == "ko" else said  # Korean: "일일구"

    return pattern.sub(say, text)
