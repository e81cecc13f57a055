"""What comes after a Korean number, as written -> said, and which numerals it takes.

Native numerals (한, 두, 세) count things, people, animals, hours of the clock,
ages and times (표준국어대사전's entries for each counter give its examples:
세 시, 두 개, 스무 살, 두 번째); Sino-Korean numerals (일, 이, 삼) name money,
dates, minutes, seconds, floors, ranks and units (삼십 분, 천오백 원, 삼 층).
Native numerals run to 아흔아홉; from 백 the Sino-Korean number is said
(백 명, 백 살), as 국립국어원 describes common usage.
"""

from __future__ import annotations

from dataclasses import dataclass

from model_layer.text.langs import cjk, data


@dataclass(frozen=True)
class KoCounter:
    word: str
    native_max: int = 0  # native numerals from 1 up to this; 0 = always Sino-Korean
    prefix: str = ""  # said before the number: 시속 for km/h, 화씨 for ℉


def _native(word: str, native_max: int = 99) -> KoCounter:
    return KoCounter(word, native_max)


HOUR = _native("시", 24)  # the clock: 한 시 .. 스물네 시
MINUTE = KoCounter("분")
SECOND = KoCounter("초")
YEAR = KoCounter("년")
DAY = KoCounter("일")
MONTH = KoCounter("월")  # said as the month's name: 일월 .. 유월 .. 시월
ORDINAL = _native("번째")  # 첫 번째, 두 번째
TIMES = _native("번")  # 세 번; but 삼 번 출구 (see NUMBERED_BY_BEON)
MACHINES = _native("대")  # 세 대; but 이십 대 (an age group)
CENT = KoCounter("센트")
SUBUNITS = {"달러": CENT, "유로": CENT, "파운드": KoCounter("펜스")}  # $1.50 일 달러 오십 센트
CELSIUS = KoCounter("도")
WON = KoCounter("원")
DOLLAR = KoCounter("달러")
EURO = KoCounter("유로")
POUND = KoCounter("파운드")
YEN = KoCounter("엔")
YUAN = KoCounter("위안")
_BY_CODE = {"USD": DOLLAR, "EUR": EURO, "GBP": POUND, "JPY": YEN, "KRW": WON, "CNY": YUAN}

# After 번 these name a numbered thing (3번 출구 삼 번 출구), not a count of times.
NUMBERED_BY_BEON = data.words("ko", "counters.numbered_by_beon")

_NATIVE_WORDS = data.words("ko", "counters.native_words")
_SINO_WORDS = data.words("ko", "counters.sino_words")

SUFFIXES: dict[str, KoCounter] = {
    **{w: _native(w) for w in _NATIVE_WORDS},
    **{w: KoCounter(w) for w in _SINO_WORDS},
    "대": MACHINES,
    "번": TIMES,
    "번째": ORDINAL,
    "시": HOUR,
    "분": MINUTE,
    "초": SECOND,
    "년": YEAR,
    "월": MONTH,
    "일": DAY,
    "원": WON,
    "달러": DOLLAR,
    "센트": CENT,
    "유로": EURO,
    "파운드": POUND,
    "엔": YEN,
    "위안": YUAN,
    **cjk.currencies(_BY_CODE),
    "%": KoCounter("퍼센트"),
    # points in shopping and card notifications: 500P 오백 포인트
    "P": KoCounter("포인트"),
    "pt": KoCounter("포인트"),
    "℃": CELSIUS,
    "°C": CELSIUS,
    "℉": KoCounter("도", prefix="화씨"),
    "°F": KoCounter("도", prefix="화씨"),
    "°": KoCounter("도"),  # an angle: -5° is 마이너스 오 도, not 영하
    "km/h": KoCounter("킬로미터", prefix="시속"),
    "m/s": KoCounter("미터"),  # 풍속 15m/s 십오 미터, as forecasts say it
    "km": KoCounter("킬로미터"),
    "m": KoCounter("미터"),
    "cm": KoCounter("센티미터"),
    "mm": KoCounter("밀리미터"),
    "km²": KoCounter("제곱킬로미터"),
    "km2": KoCounter("제곱킬로미터"),
    "m²": KoCounter("제곱미터"),
    "m2": KoCounter("제곱미터"),
    "m³": KoCounter("세제곱미터"),
    "m3": KoCounter("세제곱미터"),
    "kg": KoCounter("킬로그램"),
    "g": KoCounter("그램"),
    "mg": KoCounter("밀리그램"),
    "mg/dL": KoCounter("밀리그램 퍼 데시리터"),  # blood sugar, cholesterol
    "t": KoCounter("톤"),
    "L": KoCounter("리터"),
    "l": KoCounter("리터"),
    "mL": KoCounter("밀리리터"),
    "ml": KoCounter("밀리리터"),
    "cc": KoCounter("시시"),
    "kcal": KoCounter("킬로칼로리"),
    "cal": KoCounter("칼로리"),
    "ha": KoCounter("헥타르"),
    "Hz": KoCounter("헤르츠"),
    "kHz": KoCounter("킬로헤르츠"),
    "MHz": KoCounter("메가헤르츠"),
    "GHz": KoCounter("기가헤르츠"),
    "KB": KoCounter("킬로바이트"),
    "MB": KoCounter("메가바이트"),
    "GB": KoCounter("기가바이트"),
    "TB": KoCounter("테라바이트"),
    "W": KoCounter("와트"),
    "kW": KoCounter("킬로와트"),
    "kWh": KoCounter("킬로와트시"),
    "V": KoCounter("볼트"),
    "mAh": KoCounter("밀리암페어시"),
    "ms": KoCounter("밀리초"),
    "min": MINUTE,
    "sec": SECOND,
}

PREFIX_CURRENCIES: dict[str, KoCounter] = {"US$": DOLLAR, **cjk.currencies(_BY_CODE)}
