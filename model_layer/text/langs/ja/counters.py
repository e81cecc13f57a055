"""What comes after a Japanese number: counters, units, currencies, as written -> said.

Readings per the NHK日本語発音アクセント新辞典 (2016) counter tables (助数詞);
see `ja_numbers` for the sound-change rules these specs feed.
"""

from __future__ import annotations

from model_layer.text.langs import cjk, data
from model_layer.text.langs.ja.numbers import Counter, h_row

_YO = {4: "よ"}  # よにん, よねん, よえん, よじ
_HOUR_DIGITS = {0: "れい", 4: "よ", 7: "しち", 9: "く"}  # れいじ, よじ, しちじ, くじ

# The days of the month have their own words (和語): 1-10, 14, 20, 24.
_DAY_WORDS = {
    2: "ふつか", 3: "みっか", 4: "よっか", 5: "いつか", 6: "むいか", 7: "なのか", 8: "ようか",
    9: "ここのか", 10: "とおか", 14: "じゅうよっか", 20: "はつか", 24: "にじゅうよっか",
}  # fmt: skip
_DAY_LAST = {7: "しち", 9: "く"}  # 17日 じゅうしちにち, 19日 じゅうくにち
DAY_OF_MONTH = Counter("にち", last=_DAY_LAST, exact={1: "ついたち", **_DAY_WORDS})
DAYS = Counter("にち", last=_DAY_LAST, exact={1: "いちにち", **_DAY_WORDS})  # 1日 as a span
DAYS_SPAN = Counter(
    "にちかん", last=_DAY_LAST, exact={k: v + "かん" for k, v in _DAY_WORDS.items()}
)
YEAR = Counter("ねん", last=_YO)
MONTH = Counter("がつ", last={4: "し", 7: "しち", 9: "く"})  # しがつ, しちがつ, くがつ
HOUR = Counter("じ", last=_HOUR_DIGITS)
MINUTE = h_row("ふん", "ぷん", "ぷん", yon="ぷん")  # いっぷん, さんぷん, よんぷん, ごふん
SECOND = Counter("びょう")
FRACTION = Counter("ぶんの")  # 3分の1 さんぶんのいち: no sound change
YEN = Counter("えん", last=_YO)
DOLLAR = Counter("ドル")
EURO = Counter("ユーロ")
POUND = Counter("ポンド", "p")
WON = Counter("ウォン")
YUAN = Counter("げん")
_BY_CODE = {"USD": DOLLAR, "EUR": EURO, "GBP": POUND, "JPY": YEN, "KRW": WON, "CNY": YUAN}
CENT = Counter("セント", "p")
SUBUNITS = {
    "ドル": CENT,
    "ユーロ": CENT,
    "ポンド": Counter("ペンス", "p"),
}  # $1.50 いちドルごじゅっセント
CELSIUS = Counter("ど")
FAHRENHEIT = Counter("ど", prefix="華氏")

_TSU = (
    "",
    "ひとつ",
    "ふたつ",
    "みっつ",
    "よっつ",
    "いつつ",
    "むっつ",
    "ななつ",
    "やっつ",
    "ここのつ",
    "とお",
)
_MONTHS = data.words("ja", "counters.months")
_PLACES = data.words("ja", "counters.places")
_COUNTRIES = data.words("ja", "counters.countries")

SUFFIXES: dict[str, Counter] = {
    # people and animals
    "人": Counter("にん", last=_YO, exact={1: "ひとり", 2: "ふたり"}),
    "名": Counter("めい"),
    # portions in recipes and menus: 2人前 ににんまえ (NHK), 2人分 ふたりぶん
    "人前": Counter("にんまえ", last=_YO),
    "人分": Counter("にんぶん", last=_YO, exact={1: "ひとりぶん", 2: "ふたりぶん"}),
    "匹": h_row("ひき", "びき", "ぴき"),
    "頭": Counter("とう", "t"),
    "歳": Counter("さい", "s", exact={20: "はたち"}),
    "才": Counter("さい", "s", exact={20: "はたち"}),
    # things
    "つ": Counter("", exact={n: w for n, w in enumerate(_TSU) if w}),  # ひとつ..とお; no つ from 11
    "個": Counter("こ", "k"),
    "本": h_row("ほん", "ぼん", "ぽん"),
    "枚": Counter("まい"),
    "台": Counter("だい"),
    "冊": Counter("さつ", "s"),
    "杯": h_row("はい", "ばい", "ぱい"),
    "足": Counter("そく", "s", after_n="ぞく"),
    "着": Counter("ちゃく", "t"),
    "軒": Counter("けん", "k", after_n="げん"),
    "件": Counter("けん", "k"),
    "曲": Counter("きょく", "k"),
    "通": Counter("つう", "t"),
    "票": h_row("ひょう", "びょう", "ぴょう"),
    "点": Counter("てん", "t"),
    "社": Counter("しゃ", "s"),
    "校": Counter("こう", "k"),
    "巻": Counter("かん", "k"),
    "章": Counter("しょう", "s"),
    "部": Counter("ぶ"),  # 第2部 だいにぶ
    "世": Counter("せい", "s"),  # ルイ14世 ルイじゅうよんせい, 1世 いっせい
    "次": Counter("じ"),  # 第2次 だいにじ
    "期": Counter("き", "k"),  # 1期 いっき, 3期 さんき
    # medicine doses: 1回2錠 にじょう, 2〜3滴 にからさんてき, 1粒 ひとつぶ
    "錠": Counter("じょう"),
    "滴": Counter("てき", "t"),
    "粒": Counter("つぶ", exact={1: "ひとつぶ", 2: "ふたつぶ"}),
    # Words that begin with one of those counters, so that it does not claim them.
    "世紀": Counter("せいき", "s"),  # 20世紀 にじゅっせいき
    "世代": Counter("せだい", "s", exact={1: "いちせだい"}),
    "世帯": Counter("せたい", "s"),
    "世界": Counter("せかい", "s"),  # 第3世界 だいさんせかい
    "次元": Counter("じげん"),  # 3次元 さんじげん
    "畳": Counter("じょう"),  # 6畳の和室 ろくじょう
    "部屋": Counter("へや", exact={1: "ひとへや", 2: "ふたへや"}),
    "歩": h_row("ほ", "ぽ", "ぽ"),
    "発": h_row("はつ", "ぱつ", "ぱつ"),
    "泊": h_row("はく", "ぱく", "ぱく"),
    "食": Counter("しょく", "s"),  # 1泊2食 いっぱくにしょく, 1食 いっしょく
    # times, order, rank
    "回": Counter("かい", "k"),
    "階": Counter("かい", "k", after_n="がい"),
    "度": Counter("ど"),
    "倍": Counter("ばい"),
    # 110番 (the police) is ひゃくとおばん, as every announcer and caller says it.
    "番": Counter("ばん", exact={110: "ひゃくとおばん"}),
    "号": Counter("ごう"),
    "位": Counter("い"),
    "等": Counter("とう", "t"),
    "割": Counter("わり"),
    "割引": Counter("わりびき"),
    "丁目": Counter("ちょうめ", "t"),
    # time
    "年": YEAR,
    "年間": Counter("ねんかん", last=_YO),
    "年生": Counter("ねんせい", last=_YO),
    # "1995年生まれ" is born in 1995 (ねんうまれ), not a pupil in year 1995 (ねんせい).
    "年生まれ": Counter("ねんうまれ", last=_YO),
    "年代": Counter("ねんだい", last=_YO),
    "代": Counter("だい"),  # 30代の男性 さんじゅうだい, an age group
    "年度": Counter("ねんど", last=_YO),
    "月": MONTH,
    **dict.fromkeys(_MONTHS, Counter("かげつ", "k")),
    **{m + "間": Counter("かげつかん", "k") for m in _MONTHS},
    "週": Counter("しゅう", "s"),
    "週間": Counter("しゅうかん", "s"),
    "日": DAYS,
    "日間": DAYS_SPAN,
    "時": HOUR,
    "時間": Counter("じかん", last={4: "よ", 7: "しち", 9: "く"}),
    "分": MINUTE,
    "分間": h_row("ふんかん", "ぷんかん", "ぷんかん", yon="ぷんかん"),
    "min": MINUTE,
    "h": Counter("じかん", last={4: "よ", 7: "しち", 9: "く"}),  # 24h対応 にじゅうよじかん
    "秒": SECOND,
    "秒間": Counter("びょうかん"),
    "sec": SECOND,
    "ms": Counter("ミリびょう"),
    # places
    **dict.fromkeys(_PLACES, Counter("かしょ", "k")),
    **dict.fromkeys(_COUNTRIES, Counter("かこく", "k")),
    # money
    "円": YEN,
    "ドル": DOLLAR,
    "セント": CENT,
    "ユーロ": EURO,
    "ポンド": POUND,
    "ウォン": WON,
    "元": YUAN,
    **cjk.currencies(_BY_CODE),
    # units (loanwords in katakana), as written in katakana and as symbols
    **{w: Counter(w, "p") for w in ("キロ", "センチ", "ページ", "ポイント", "トン", "カロリー")},
    **{w: Counter(w, "p") for w in ("セット", "ケース", "パック", "キロメートル", "キログラム")},
    **{w: Counter(w) for w in ("メートル", "グラム", "ミリ", "リットル", "ドット")},
    "%": Counter("パーセント", "p"),
    "pt": Counter("ポイント", "p"),  # 500pt ごひゃくポイント
    "℃": CELSIUS,
    "°C": CELSIUS,
    "℉": FAHRENHEIT,
    "°F": FAHRENHEIT,
    "°": Counter("ど"),
    "km/h": Counter("キロメートル", "p", prefix="時速"),
    "m/s": Counter("メートル"),  # 風速15m/s ふうそくじゅうごメートル, as forecasts say it
    "km": Counter("キロメートル", "p"),
    "m": Counter("メートル"),
    "cm": Counter("センチメートル", "p"),
    "mm": Counter("ミリメートル"),
    "km²": Counter("へいほうキロメートル"),
    "km2": Counter("へいほうキロメートル"),
    "m²": Counter("へいほうメートル"),
    "m2": Counter("へいほうメートル"),
    "m³": Counter("りっぽうメートル"),
    "m3": Counter("りっぽうメートル"),
    "kg": Counter("キログラム", "p"),
    "g": Counter("グラム"),
    "mg": Counter("ミリグラム"),
    "mg/dL": Counter("ミリグラムパーデシリットル"),  # blood sugar, cholesterol
    "t": Counter("トン", "p"),
    "L": Counter("リットル"),
    "l": Counter("リットル"),
    "mL": Counter("ミリリットル"),
    "ml": Counter("ミリリットル"),
    "cc": Counter("シーシー", "p"),
    "kcal": Counter("キロカロリー", "p"),
    "cal": Counter("カロリー", "p"),
    "ha": Counter("ヘクタール", "p"),
    "Hz": Counter("ヘルツ", "p"),
    "kHz": Counter("キロヘルツ", "p"),
    "MHz": Counter("メガヘルツ"),
    "GHz": Counter("ギガヘルツ"),
    "KB": Counter("キロバイト", "p"),
    "MB": Counter("メガバイト"),
    "GB": Counter("ギガバイト"),
    "TB": Counter("テラバイト", "p"),
    "W": Counter("ワット"),
    "kW": Counter("キロワット", "p"),
    "kWh": Counter("キロワットアワー", "p"),
    "V": Counter("ボルト"),
    "mAh": Counter("ミリアンペアアワー"),
}

PREFIX_CURRENCIES: dict[str, Counter] = {"US$": DOLLAR, **cjk.currencies(_BY_CODE)}
