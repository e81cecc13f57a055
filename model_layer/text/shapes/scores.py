# ruff: noqa: RUF001  (Cyrillic and Latin letters side by side are the data here)
"""Scores and ratios written with a colon, read as the language does.

"4:2" in a match report is "vier zu zwei", "quatre à deux", "cuatro a dos",
"four to two"; "14:30" stays a clock time. The decision, from the text itself:

- a second part of one digit ("4:2", "16:9", "3:1") or above 59, or a first part
  above 24, is no clock time: always a score or ratio;
- otherwise ("21:15", "10:12") only with a sports or vote word near it ("won",
  "Sieg", "victoire", "partido", "Stimmen", "voix") and no time word right
  before it ("um 21:15", "at 10:30") or right after it ("Uhr", "h", "o'clock").

Each language's table gives the word between the numbers ("" where the numbers
are said one after the other: "четыре два", "négy kettő"), the words that mark a
match or a vote, and the words that mark a time. Languages whose own module
already reads a score (ar, bg, el, hr) or that have no table keep their reading.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from model_layer.text import numbers
from model_layer.text.langs import language_module, language_part


@dataclass(frozen=True)
class ScoreTable:
    word: str  # between the numbers; "" for none
    context: str  # regex: words of matches, games and votes (matched case-insensitively)
    time_before: str = ""  # regex: words right before a clock time ("um", "at")
    time_after: str = ""  # regex: words right after a clock time ("Uhr", "h")
    second: Callable[[int], str | None] | None = None  # the second number's own form (pl)
    number: Callable[[int], str | None] | None = None  # the language's own number words
    template: str = ""  # how the parts join when not by spaces: "{a}対{b}" (ja)
    word_bounds: bool = True  # False where words are not set apart by spaces (ja, ko stems)
    # A result written with a hyphen ("won 2-1"), read only with a sports or vote word in
    # its sentence: "said" as a colon score is said (に対いち, واحد مقابل اثنين), "dash" as
    # the two numbers with a pause (ένα-δύο); "" leaves it to the language (a range).
    hyphen: str = ""
    # What may follow a hyphenated score: a particle or preposition, punctuation, the
    # end; not a noun it would count ("2-3 ώρες", "1-5月", "3-4割" are ranges).
    hyphen_after: str = r"\s*(?:$|[.,;:!?)])"


# Polish "cztery do dwóch": the number after "do" in the genitive.
_PL_GENITIVE = ("zera", "jednego", "dwóch", "trzech", "czterech", "pięciu", "sześciu", "siedmiu",
                "ośmiu", "dziewięciu", "dziesięciu", "jedenastu", "dwunastu", "trzynastu",
                "czternastu", "piętnastu", "szesnastu", "siedemnastu", "osiemnastu",
                "dziewiętnastu")  # fmt: skip
_PL_TENS_GENITIVE = ("", "", "dwudziestu", "trzydziestu", "czterdziestu", "pięćdziesięciu",
                     "sześćdziesięciu", "siedemdziesięciu", "osiemdziesięciu",
                     "dziewięćdziesięciu")  # fmt: skip


def _polish_genitive(n: int) -> str | None:
    if n < 20:
        return _PL_GENITIVE[n]
    if n >= 100:
        return None
    tens, units = divmod(n, 10)
    unit = "" if not units else " jeden" if units == 1 else f" {_PL_GENITIVE[units]}"
    return _PL_TENS_GENITIVE[tens] + unit


TABLES: dict[str, ScoreTable] = {
    "en": ScoreTable(
        "to",
        r"won|win|wins|beat|beats|lost|loses|lose|defeat\w*|victory|score\w*|match|game|final|"
        r"lead|led|draw|tie|vote[sd]?|ratio|odds|goals?|points|halftime|half-time",
        r"at|by|from|until|till|since|before|after|around",
        r"a\.?m\.?|p\.?m\.?|o'clock|hours?|h",
    ),
    "de": ScoreTable(
        "zu",
        r"gewann|gewannen|gewinnen|gewinnt|gewonnen|siegt\w*|sieg\w*|verlor\w*|verloren|niederlage|spiel\w*|"
        r"partie|endstand|halbzeit|stand|tor\w*|ergebnis|besiegt|schlug|unentschieden|"
        r"stimmen|abstimmung|gewählt|verhältnis|finale|derby|heimsieg|auswärtssieg",
        r"um|ab|bis|gegen|seit|von",
        r"uhr|h",
    ),
    "fr": ScoreTable(
        "à",
        r"victoire|défaite|gagn\w*|perd\w*|battu\w*|bat|score|match|voix|vote\w*|mené|"
        r"finale|s'impose|l'emporte|rencontre|buts?|ratio|nul",
        r"à|vers|dès|jusqu'à|avant|après|depuis|de",
        r"h|heures?",
    ),
    "es": ScoreTable(
        "a",
        r"ganó|gana\w*|perdió|pierde\w*|victoria|derrota|partido|marcador|votos|resultado|"
        r"venció|goleó|empate|final|goles?|encuentro|triunfo",
        r"las|la|desde|hasta",
        r"h|horas?|hrs",
    ),
    "it": ScoreTable(
        "a",
        r"vint\w*|vince\w*|pers\w*|vittoria|sconfitta|partita|risultato|voti|battut\w*|"
        r"pareggio|finale|gol|reti|incontro",
        r"alle|all'|dalle|fino",
        r"h|ore",
        hyphen="said",  # "ha vinto 3-1": "tre a uno"
    ),
    "pt": ScoreTable(
        "a",
        r"venceu|vence\w*|perdeu|perde\w*|vitória|derrota|jogo|partida|placar|votos|resultado|"
        r"empate|final|ganhou|golos?|gols?|goleada",
        r"às|as|das|até|desde",
        r"h|horas?",
    ),
    "nl": ScoreTable(
        "tegen",
        r"won|wint|verloor|verliest|zege|overwinning|nederlaag|wedstrijd|stand|stem\w*|"
        r"uitslag|gelijkspel|finale|doelpunt\w*|goals?|verhouding",
        r"om|vanaf|tot|tussen",
        r"uur|u",
    ),
    "pl": ScoreTable(
        "do",
        r"wygra\w*|przegra\w*|zwycię\w*|porażk\w*|mecz\w*|wynik\w*|głos\w*|remis\w*|finał\w*|"
        r"pokona\w*|bramk\w*|gol\w*|stosunk\w*",
        r"o|od|do|po|przed",
        r"godz\.?|h",
        second=lambda n: _polish_genitive(n),
    ),
    "ru": ScoreTable(
        "",
        r"сч[её]т\w*|матч\w*|побед\w*|выигра\w*|проигра\w*|поражени\w*|голос\w*|финал\w*|"
        r"нич\w*|игр\w*|гол\w*|шайб\w*",
        r"в|во|с|до|после|около|к",
        r"ч\.?|час\w*",
    ),
    "uk": ScoreTable(
        "",
        r"рахун\w*|матч\w*|перемог\w*|виграв\w*|програв\w*|поразк\w*|голос\w*|фінал\w*|"
        r"нічи\w*|гр\w*|гол\w*",
        r"о|об|з|до|після|близько",
        r"год\.?|годин\w*",
    ),
    "cs": ScoreTable(
        "",
        r"vyhr\w*|prohr\w*|výhr\w*|porážk\w*|zápas\w*|utkání|skóre|hlas\w*|remíz\w*|finál\w*|"
        r"gól\w*|poměr\w*",
        r"v|ve|od|do|po|kolem",
        r"h|hod\.?|hodin\w*",
    ),
    "sk": ScoreTable(
        "",
        r"vyhr\w*|prehr\w*|výhr\w*|zápas\w*|skóre|hlas\w*|remíz\w*|finál\w*|gól\w*|pomer\w*",
        r"o|od|do|po|okolo",
        r"h|hod\.?|hodin\w*",
    ),
    "hu": ScoreTable(
        "",
        r"nyer\w*|győz\w*|kikap\w*|vereség\w*|mérkőzés\w*|meccs\w*|eredmény\w*|szavaz\w*|"
        r"döntetlen\w*|döntő\w*|gól\w*|arány\w*",
        "",
        r"-kor|-ig|-tól|-től|óra\w*|h",
    ),
    "ro": ScoreTable(
        "la",
        r"câștig\w*|învin\w*|pierd\w*|victori\w*|înfrânger\w*|meci\w*|scor\w*|voturi|"
        r"egal\w*|final\w*|gol\w*",
        r"la|de|până|după|ora|orele",
        r"ora|ore",
    ),
    "sv": ScoreTable(
        "",
        r"vann|vinner|förlor\w*|seger|match\w*|resultat\w*|röster|oavgjort|final\w*|mål",
        r"klockan|kl\.?|vid|från|till",
        r"h",
    ),
    "da": ScoreTable(
        "",
        r"vandt|vinder|tabte|sejr\w*|nederlag\w*|kamp\w*|resultat\w*|stemmer|uafgjort|"
        r"finale\w*|mål",
        r"klokken|kl\.?|fra|til",
        r"h",
    ),
    "sl": ScoreTable(
        "",
        r"zmag\w*|poraz\w*|tekm\w*|rezultat\w*|izid\w*|glas\w*|neodločen\w*|finale\w*|"
        r"gol\w*",
        r"ob|od|do|po",
        r"h|ur\w*",
    ),
    "lt": ScoreTable(
        "",
        r"laimėj\w*|pralaimėj\w*|pergal\w*|rungtyn\w*|rezultat\w*|bals\w*|lygiosios|"
        r"final\w*|įvar\w*",
        r"nuo|iki|apie",
        r"val\.?",
    ),
    "lv": ScoreTable(
        "",
        r"uzvarēj\w*|zaudēj\w*|uzvar\w*|spēl\w*|rezultāt\w*|bals\w*|neizšķirt\w*|fināl\w*|"
        r"vārt\w*",
        r"no|līdz|ap",
        r"",
    ),
    # bg, hr, el, ar: the word their modules always said between the numbers
    "bg": ScoreTable(
        "на",
        r"спечел\w*|загуб\w*|победа\w*|мач\w*|резултат\w*|гласа|равен\w*|финал\w*|гол\w*",
        r"в|от|до|около",
        r"ч\.?|часа",
    ),
    "hr": ScoreTable(
        "prema",
        r"pobijed\w*|izgubi\w*|pobjed\w*|poraz\w*|utakmic\w*|rezultat\w*|glas\w*|"
        r"neriješen\w*|finale\w*|gol\w*",
        r"u|od|do|oko",
        r"h|sati",
    ),
    "el": ScoreTable(
        "προς",
        r"κέρδισε|νίκη\w*|ήττα\w*|έχασε|αγών\w*|σκορ|αποτέλεσμα\w*|ψήφ\w*|ισοπαλία|τελικ\w*|"
        r"γκολ|νίκησε|ηττήθηκε|έχασε|ήττα|ισοφάρισε",
        r"στις|από|έως|μέχρι",
        r"",
        hyphen="dash",
        hyphen_after=r"\s*(?:$|[.,;!·)]|(?:τον|την|το|τους|τις|στο|στον|στην|με|και|εκτός|εντός|"
        r"απέναντι|στα|στις|στους|χθες|σήμερα)(?!\w))",
    ),
    # Arabic: مقابل governs the genitive, so the second number is oblique ("أربعة مقابل اثنين").
    "ar": ScoreTable(
        "مقابل",
        r"فاز|خسر|فوز|هزيمة|مباراة|نتيجة|أصوات|صوت|تعادل|نهائي|هدف|أهداف",
        r"الساعة",
        r"",
        second=lambda n: _arabic_genitive(n),
        word_bounds=False,
        hyphen="said",
        hyphen_after=r"\s*(?:$|[.,،؛!?)]|(?:على|أمام|في|ضد|مع|لصالح)(?!\w))",
    ),
    # Hindi says a score with a short pause: "चार-दो से जीता" (as the hyphenated "4-2").
    "hi": ScoreTable(
        "",
        # a result, not a fixture: "मैच 10:30 पर शुरू होगा" is a time
        r"जीत|हार|हराया|हराकर|स्कोर|गोल|वोट|मतों",
        r"सुबह|शाम|दोपहर|रात|तड़के",
        r"बजे",
        template="{a}-{b}",
        word_bounds=False,
    ),
    "fi": ScoreTable(
        "",
        r"voitt\w*|häv\w*|ottelu\w*|tulos\w*|ääni\w*|tasapeli\w*|finaali\w*|maali\w*",
        r"klo|kello",
        r"",
    ),
    "tr": ScoreTable(
        "",
        r"kazan\w*|yen\w*|kaybet\w*|galibiyet\w*|yenilgi\w*|maç\w*|skor\w*|oy\w*|beraber\w*|"
        r"final\w*|gol\w*",
        r"saat",
        r"",
        hyphen="said",  # "3-1 yendi": üç bir, as the colon score; never "üç ila bir"
        hyphen_after=r"(?:\s(?!(?:gol|gün|saat|dakika|kez|kere|maç|puan|kişi|yıl|ay|hafta)\b)"
        r"|$|[.,;:!?)]|'[a-zçğıöşü]+)",
    ),
    # Estonian: "3:1 võit" is "kolm üks", the numbers one after the other.
    "et": ScoreTable(
        "",
        r"võit\w*|kaot\w*|mäng\w*|viik\w*|skoor\w*|hääl\w*|finaal\w*|värav\w*|"
        r"alistas|alistus|seis\w*",
        r"kell",
        r"",
    ),
    "id": ScoreTable(
        "",
        r"menang\w*|kalah\w*|pertandingan|skor|suara|imbang|final|gol",
        r"pukul|jam",
        r"",
        hyphen="said",  # "menang 3-1": tiga satu, not the range "tiga sampai satu"
        hyphen_after=r"(?:\s(?!(?:gol|hari|jam|menit|kali|orang|tahun|bulan|poin)\b)|$|[.,;:!?)])",
    ),
    # Japanese reads "4対2" (よんたいに) with its own number rules: the digits stay for ja.py.
    "ja": ScoreTable(
        "対",
        r"勝|負|試合|得点|スコア|票|対戦|引き分け|決勝|比|リード|逆転|賛成|反対|可決|否決",
        r"",
        r"",
        number=str,
        template="{a}対{b}",
        word_bounds=False,
        hyphen="said",
        hyphen_after=r"(?:$|[でにのとをがは、。！!）)\s])",
    ),
    # Korean scores are Sino-Korean ("사 대 이"), not the native counting of "네 대".
    "ko": ScoreTable(
        "대",
        r"이겼|이기|졌|승리|패배|경기|점수|스코어|득표|표|비율|무승부|결승|역전|찬성|반대|가결|부결",
        r"",
        r"",
        number=lambda n: _korean(n),
        word_bounds=False,
        hyphen="said",  # "3-2로 이겼다": 삼 대 이; "3-5명" (a counter follows) stays a range
        hyphen_after=r"(?:$|[\s,.!?)]|으로|로|의|를|을|가|이|는|은|까지|에서|에|승|패)",
    ),
    "vi": ScoreTable(
        "",
        r"thắng|thua|trận|tỉ số|tỷ số|phiếu|hòa|chung kết|bàn",
        r"lúc|từ|đến",
        r"giờ|h",
        hyphen="said",  # "thắng 3-1": ba một, not the range "ba đến một"
        hyphen_after=r"(?:\s|$|[.,;:!?)])(?!\s*(?:người|ngày|giờ|tháng|năm|lần|cái|con|km)\b)",
    ),
}

# A result written with a hyphen ("gewann 2-0 gegen", "ganó 2-0 al Sevilla", "vandt 2-0
# over Brøndby"): the words that may follow it besides punctuation, where a range would
# be followed by the noun it counts ("2-3 Tore", "3-5 días").
_HYPHEN_FOLLOWERS = {
    "de": "gegen|im|in|am|beim|vor|nach|und|für|bei|über|auf|zum|zur",
    "fr": "contre|face|à|au|devant|sur|en|et|dans|lors|chez|pour|après",
    "es": "al|a|ante|contra|frente|en|con|y|del|de|para|tras|sobre",
    "pt": "ao|à|a|contra|frente|em|no|na|com|e|diante|sobre|de|do|da|perante",
    "it": "al|alla|contro|sul|sulla|in|con|e|a|nel|nella|del|della|su|ai",
    "pl": "z|ze|w|we|nad|przeciwko|i|na|po|dla",
    "ru": "с|со|в|во|над|против|и|на|после|у",
    "uk": "з|із|зі|в|у|над|проти|і|й|та|на|після",
    "cs": "s|se|v|ve|nad|proti|a|na|po|u",
    "sv": "mot|över|i|på|och|efter|för|hemma|borta",
    "da": "over|mod|i|på|og|efter|for|hjemme|ude",
}
# Dutch says a result "drie-één", not "drie tegen één" (that is a vote or ratio)
TABLES["nl"] = replace(
    TABLES["nl"],
    hyphen="dash",
    hyphen_after=r"\s*(?:$|[.,;:!?)]|(?:van|tegen|in|op|bij|na|en|over|tegenover|voor|thuis|uit)(?!\w))",
)
for _lang, _words in _HYPHEN_FOLLOWERS.items():
    TABLES[_lang] = replace(
        TABLES[_lang],
        hyphen="said",
        hyphen_after=rf"\s*(?:$|[.,;:!?)]|(?:{_words})(?!\w))",
    )


# Letters of the Latin script may not touch it ("a4:2b"); CJK ones may ("試合は4:2で").
_SCORE = re.compile(
    r"(?<![0-9A-Za-zÀ-ÿ:.,/])(\d{1,3}):(\d{1,3})"
    r"(?:-(?P<suffix>r[ae]|[aeoö]?s|ig|tól|től|ra|re))?(?![0-9A-Za-zÀ-ÿ:]|[.,]\d)"
)
CONTEXT = 60  # characters around a score that may hold its sports or vote word
# Two small numbers joined by a hyphen, not inside a date, phone number or address.
_HYPHEN_SCORE = re.compile(
    r"(?<![0-9A-Za-zÀ-ÿ:.,/\-])(\d{1,3})[-\u2013](\d{1,3})(?![0-9A-Za-zÀ-ÿ:\-\u2013]|[.,]\d)"
)
_SENTENCE_START = re.compile(r"[.!?]\s|[。！？]")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|[。！？]")


@dataclass(frozen=True)
class _Compiled:
    context: re.Pattern[str]
    time_before: re.Pattern[str] | None
    time_after: re.Pattern[str] | None


_COMPILED: dict[str, _Compiled] = {}


def _compiled(lang: str, table: ScoreTable) -> _Compiled:
    found = _COMPILED.get(lang)
    if found is None:
        found = _COMPILED[lang] = _Compiled(
            re.compile(
                rf"(?<!\w)(?:{table.context})(?!\w)" if table.word_bounds else table.context,
                re.IGNORECASE,
            ),
            re.compile(rf"(?<!\w)(?:{table.time_before})\s*$", re.IGNORECASE)
            if table.time_before
            else None,
            re.compile(rf"^\s*(?:{table.time_after})(?!\w)", re.IGNORECASE)
            if table.time_after
            else None,
        )
    return found


def _cardinal(n: int, lang: str) -> str | None:
    language = getattr(language_module(lang), "LANGUAGE", None)
    return language.cardinal(str(n)) if language is not None else numbers.cardinal(str(n), lang)


def _arabic_genitive(n: int) -> str | None:
    return language_part("ar", "spell").cardinal(n, case="obl")  # type: ignore[no-any-return]


def _korean(n: int) -> str | None:
    return language_part("ko", "numbers").sino(n)  # type: ignore[no-any-return]


def is_clock(first: str, second: str) -> bool:
    return len(second) == 2 and int(first) <= 24 and int(second) <= 59


def read(text: str, lang: str) -> str:
    """`text` with its scores and ratios said; clock times are left for the time rules."""
    table = TABLES.get(lang)
    hyphenated = bool(table and table.hyphen) and ("-" in text or "\u2013" in text)
    if table is None or not (":" in text or hyphenated):
        return text
    rules = _compiled(lang, table)

    def say(m: re.Match[str]) -> str:
        first, second = m.group(1), m.group(2)
        if is_clock(first, second):
            # the words of its own sentence only
            before = _SENTENCE_START.split(m.string[max(0, m.start() - CONTEXT) : m.start()])[-1]
            after = _SENTENCE_END.split(m.string[m.end() : m.end() + CONTEXT])[0]
            if rules.time_before and rules.time_before.search(before):
                return m.group()
            if rules.time_after and rules.time_after.search(after):
                return m.group()
            if not (rules.context.search(before) or rules.context.search(after)):
                return m.group()
        a, b = int(first), int(second)
        number = table.number or (lambda n: _cardinal(n, lang))
        head = number(a)
        tail = (table.second(b) if table.second else None) or number(b)
        if head is None or tail is None:
            return m.group()
        if table.template:
            said = table.template.format(a=head, b=tail)
        else:
            said = " ".join(w for w in (head, table.word, tail) if w)
        suffix = m.group("suffix")
        return f"{said}{suffix}" if suffix else said  # hu "4:2-re" -> "négy kettőre"

    text = _SCORE.sub(say, text)
    if table.hyphen and ("-" in text or "\u2013" in text):
        text = _hyphen_scores(text, lang, table, rules)
    return text


def _hyphen_scores(text: str, lang: str, table: ScoreTable, rules: _Compiled) -> str:
    def say(m: re.Match[str]) -> str:
        before = _SENTENCE_START.split(m.string[max(0, m.start() - CONTEXT) : m.start()])[-1]
        after = _SENTENCE_END.split(m.string[m.end() : m.end() + CONTEXT])[0]
        if not (rules.context.search(before) or rules.context.search(after)):
            return m.group()
        if not re.match(table.hyphen_after, after):
            return m.group()
        a, b = int(m.group(1)), int(m.group(2))
        number = table.number or (lambda n: _cardinal(n, lang))
        head = number(a)
        tail = (table.second(b) if table.second and table.hyphen == "said" else None) or number(b)
        if head is None or tail is None:
            return m.group()
        if table.hyphen == "dash":
            return f"{head}-{tail}"
        if table.template:
            return table.template.format(a=head, b=tail)
        return " ".join(w for w in (head, table.word, tail) if w)

    return _HYPHEN_SCORE.sub(say, text)
