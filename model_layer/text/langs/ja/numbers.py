"""Japanese numbers in hiragana, and the sound changes a counter makes to them.

A number is a list of tokens (kana, key); only the last token meets the
counter, and its key says what it is: a digit 1-9 (or 0), or the power it
names (10 じゅう, 100 ひゃく, 1000 せん, 10**4 まん...). The counter then decides,
from that key and its own first sound:

- sokuon (促音): いち, ろく, はち, じゅう, ひゃく shorten to いっ, ろっ, はっ, じゅっ,
  ひゃっ before a counter in k- or h-row (いっこ, ろっぽん, ひゃっかい); before s-
  and t-row only 1, 8 and 10 do (いっさい, はっさつ, じゅってん; ろくさい, ひゃくてん);
- an h-row counter turns p after a sokuon (いっぽん) and b or p after ん (さんぼん,
  さんぷん); which one, and whether よん also triggers it, is the counter's own;
- 4, 7, 9 are read よ/し, しち, く before a few counters (よにん, しがつ, くじ);
- a few whole numbers have their own word (ひとり, ふたり, はたち, ついたち...).

Rules and readings follow the NHK日本語発音アクセント新辞典 (2016) counter
tables; where it lists two readings (はっぽん/はちほん, じゅっ/じっ, ななねん/
しちねん) the first one of common speech is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from model_layer.text.langs import data

Token = tuple[str, int]

DIGITS = data.words("ja", "numbers.digits")
# Digit by digit (phone numbers), 2 and 5 are drawn out to two morae like the rest.
_DIGITS_SPELLED = data.words("ja", "numbers.digits_spelled")
_HEAD = {6: "ろっ", 8: "はっ"}  # 600 ろっぴゃく, 8000 はっせん (the 1000s only take はっ)
_SOKUON = data.table("ja", "numbers.sokuon")
_SOKUON.update({p: p[:-1] + "っ" for p in ("ひゃく", "びゃく", "ぴゃく")})
_SOKUON_KEYS = {
    "k": frozenset({1, 6, 8, 10, 100}),
    "h": frozenset({1, 6, 8, 10, 100}),
    "s": frozenset({1, 8, 10}),
    "t": frozenset({1, 8, 10}),
    "p": frozenset({10}),  # loanwords (キロ, パーセント, センチ): only じゅっ is settled
    "": frozenset(),
}
_MAX_DIGITS = 16


@dataclass(frozen=True)
class Counter:
    """How a counter (or unit) is said after a number."""

    plain: str
    row: str = ""  # the row of its first sound, for the sokuon rule: k, s, t, h, p or none
    after_sokuon: str = ""  # h-row: ほん -> ぽん
    after_n: str = ""  # after さん, せん, まん: ほん -> ぼん, ふん -> ぷん
    after_yon: str = ""  # after よん, where it differs from `plain` (よんぷん)
    last: Mapping[int, str] = field(default_factory=dict)  # {4: "よ"}: the last digit's word
    exact: Mapping[int, str] = field(default_factory=dict)  # {1: "ひとり"}: a whole number's word
    prefix: str = ""  # said before the number: 時速 for km/h


def h_row(plain: str, voiced: str, half: str, yon: str = "") -> Counter:
    """An h-row counter: ほん/ぼん/ぽん, ひき/びき/ぴき, ふん/ぷん/ぷん."""
    return Counter(plain, "h", after_sokuon=half, after_n=voiced, after_yon=yon)


def integer_tokens(n: int) -> list[Token]:
    if n == 0:
        return [("ゼロ", 0)]
    if n >= 10**_MAX_DIGITS:
        return digit_tokens(str(n))
    tokens: list[Token] = []
    for value, unit in _BIG_UNITS:
        group, n = divmod(n, value)
        if group:
            tokens.append((attach(_group(group, under_unit=True), unit), value))
    return tokens + (_group(n, under_unit=False) if n else [])


def _group(n: int, under_unit: bool) -> list[Token]:
    thousands, rest = divmod(n, 1000)
    hundreds, rest = divmod(rest, 100)
    tens, units = divmod(rest, 10)
    tokens: list[Token] = []
    if thousands:
        if thousands == 1:
            head = "いっ" if under_unit and n == 1000 else ""  # 1000万 いっせんまん, 1000 せん
        else:
            head = "はっ" if thousands == 8 else DIGITS[thousands]
        tokens += [(head, -1), ("ぜん" if thousands == 3 else "せん", 1000)]
    if hundreds:
        head = _HEAD.get(hundreds, DIGITS[hundreds] if hundreds > 1 else "")
        power = {3: "びゃく", 6: "ぴゃく", 8: "ぴゃく"}.get(hundreds, "ひゃく")
        tokens += [(head, -1), (power, 100)]
    if tens:
        tokens += [(DIGITS[tens] if tens > 1 else "", -1), ("じゅう", 10)]
    if units:
        tokens.append((DIGITS[units], units))
    return tokens


def digit_tokens(digits: str, spelled: bool = False) -> list[Token]:
    names = _DIGITS_SPELLED if spelled else DIGITS
    return [(names[int(d)], int(d)) for d in digits if d.isdigit()]


def decimal_tokens(whole: int, fraction: str) -> list[Token]:
    point = "れいてん" if whole == 0 else attach(integer_tokens(whole), POINT)
    return [(point, -1), *digit_tokens(fraction)]


def attach(tokens: list[Token], counter: Counter, whole: int | None = None) -> str:
    """The number followed by its counter, with the sound changes between them.
    `whole` is the number when it is an integer, for the counter's own words."""
    if whole is not None and whole in counter.exact:
        return counter.exact[whole]
    *head, (last, key) = tokens
    form = counter.plain
    if key in counter.last:
        last = counter.last[key]
    elif key in _SOKUON_KEYS[counter.row] and last in _SOKUON:
        last = _SOKUON[last]
        form = counter.after_sokuon or form
    elif last == "よん":
        form = counter.after_yon or form
    elif last.endswith("ん"):
        form = counter.after_n or form
    return "".join(kana for kana, _ in head) + last + form


def say(tokens: list[Token]) -> str:
    return "".join(kana for kana, _ in tokens)


POINT = Counter("てん", "t")  # 1.5 いってんご, 10.5 じゅってんご
_BIG_UNITS = (
    (10**12, Counter("ちょう", "t")),  # 1兆 いっちょう
    (10**8, Counter("おく")),
    (10**4, Counter("まん")),
)
