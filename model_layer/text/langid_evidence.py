# ruff: noqa: RUF001, RUF003  (Cyrillic and Latin letters that look alike are the point here)
"""Evidence py3langid misses on short text, combined with its scores.

py3langid reads byte n-grams; on two to eight words its probabilities are spread over
close languages (cs/sk, sl/hr, da/sv, es/pt/it, fi/et, lt/lv, ru/uk/bg) and a short
Polish or Czech sentence can come out as English. Two kinds of evidence settle most of
those cases, each a log-likelihood ratio (in nats) added to py3langid's log-probability,
as a naive Bayes model adds independent features:

- **Function words.** Per language a short curated list of its most frequent
  function words (articles, pronouns, prepositions, conjunctions, auxiliaries,
  everyday particles). A word type in the text that is on a language's list adds
  `FUNCTION_WORD_NATS` to that language: a word on several lists ("a", "in", "je")
  lifts all of them alike and so only separates them from the rest.
- **Letters.** A letter with a diacritic outside a language's alphabet
  (`ř` for Slovak, `ñ` for Portuguese, `ы` for Ukrainian) subtracts
  `FOREIGN_LETTER_NATS`, once per distinct letter (`NAME_LETTER_WEIGHT` of it when the
  letter is only in capitalised words: names keep their own spelling); a few letter
  groups and spelling habits of one or two languages ("rz", "ij", "ção", "м'я") add
  `LETTER_GROUP_NATS` once each.

The combined posterior, renormalised over the languages of the text's script, is
used only when some evidence was found; it must clear the same confidence cutoff
py3langid's own answer has to clear. Without evidence py3langid's answer stands.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Sequence

# A word on a language's list is ~e^2.2 (9x) likelier in that language than elsewhere.
FUNCTION_WORD_NATS = 2.2
# A letter a language does not write: ~e^3 (20x) less likely (names and loanwords keep it finite).
FOREIGN_LETTER_NATS = 3.0
LETTER_GROUP_NATS = 1.0
# Letters seen only in capitalised words (likely names) count this much of the above.
NAME_LETTER_WEIGHT = 0.3
# Below the cutoff, the fallback language is skipped when the evidence leaves it less
# than this probability, for the best language if that has at least the floor.
RULED_OUT_BELOW = 0.01
RULED_OUT_FLOOR = 0.3
# Languages whose spelling and reading are close enough that taking one for the other
# below the cutoff is a lesser error than a fallback language the evidence ruled out.
_CLOSE_GROUPS = (
    ("cs", "sk", "pl", "sl", "hr"),
    ("da", "sv"),
    ("de", "nl"),
    ("es", "pt", "it", "ro"),
    ("fi", "et"),
    ("lt", "lv"),
    ("ru", "uk", "bg"),
)
_CLOSE = {lang: frozenset(group) - {lang} for group in _CLOSE_GROUPS for lang in group}
# py3langid's probability is floored so one feature-less language is not ruled out forever.
PROBABILITY_FLOOR = 1e-6


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# ~70-110 of the most frequent function words per language (and, for English, the
# common short words that are function words elsewhere: "go", "to", "man"), lower case.
# Elided forms keep their apostrophe ("l'", "qu'"), as the tokenizer below returns them.
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": _words(
        "the a an and or but of to in on at for with from by as is are was were be been "
        "am it this that these those i you he she we they me him her us them my your his "
        "our their not no do does did have has had will would can could should there here "
        "what who which when where how why if so just very yes please thank thanks "
        "don' didn' doesn' isn' can' won' it' i' that' let' what' there' about"
        " all some any more now then today tomorrow again later soon always never one get got go"
        " come see know make take want need like think say look time day way good new out up"
        " down off over back well also man men two"
    ),
    "de": _words(
        "der die das den dem des ein eine einen einem einer und oder aber nicht kein keine "
        "ist sind war waren bin bist hat haben habe wird werden ich du er sie es wir ihr "
        "mich mir dich dir uns euch mit von zu zum zur bei auf aus für über unter nach vor "
        "im ins am auch noch schon nur sehr ja nein bitte danke wie was wer wo warum wann "
        "heute hier dass doch mal gibt kann"
        " in so jetzt dann immer wieder morgen gestern später bald gut viel alles etwas man"
        " sich hast wurde bis um ab durch ohne"
    ),
    "fr": _words(
        "le la les l' un une des du de d' et ou mais ne n' pas plus est sont était suis es "
        "ai as avons avez ont je j' tu il elle nous vous ils elles on ce c' cette ces ça "
        "qui que qu' quoi où quand comment pourquoi dans sur sous avec pour par en au aux "
        "y très bien oui non merci bonjour s' moi toi lui leur mon ma mes ton ta son sa"
        " si tout tous toute rien déjà encore demain maintenant toujours jamais alors aussi"
        " fait va vais peut chez m' t' se me te sans"
    ),
    "es": _words(
        "el la los las lo un una unos unas y o pero que de del a al en con por para sin "
        "sobre es son está están estoy era fue ser estar hay no sí muy más ya yo tú él "
        "ella nosotros usted ustedes me te se le les nos mi tu su sus este esta esto ese "
        "esa eso qué cómo dónde cuándo gracias hola también bien todo cuando donde como"
        " luego ahora hoy mañana siempre nunca otra otro todos nada algo aquí allí hasta desde"
        " entre tengo tiene voy va puedo puede"
    ),
    "pt": _words(
        "o a os as um uma uns umas e ou mas que de do da dos das em no na nos nas ao aos "
        "à às com por pelo pela para sem é são está estão estou era foi ser ter tem não "
        "sim muito mais já eu tu ele ela nós você vocês me te se lhe meu minha seu sua "
        "este esta isso isto esse essa aqui obrigado obrigada olá também bem tudo quando "
        "onde como"
        " hoje amanhã agora sempre nunca outra outro todos nada algo até logo depois vou vai"
        " posso pode tenho num numa estava lá aí"
    ),
    "it": _words(
        "il lo la i gli le un uno una un' l' e ed o ma che di del della dei delle da dal "
        "dalla in nel nella con su sul sulla per tra fra è sono sei siamo era ho hai ha "
        "abbiamo hanno non sì molto più già io tu lui lei noi voi loro mi ti si ci vi mio "
        "mia suo sua questo questa quello quella come dove quando perché grazie ciao "
        "anche bene tutto oggi dell' all' nell' c'"
        " a al alla ai agli alle nei sui oggi domani adesso ora sempre mai ancora dopo poi"
        " niente qualcosa qui lì là tutti vado va posso può presto"
    ),
    "nl": _words(
        "de het een en of maar dat die dit deze is zijn was waren ben bent heb hebt heeft "
        "hebben wordt worden ik jij je hij zij ze wij we jullie u mij me hem haar ons niet "
        "geen wel ook nog al er hier daar van in op aan met voor naar bij uit over om te "
        "tot door als wat wie waar hoe waarom wanneer ja nee dank alstublieft goed heel zeer"
        " veel nu vandaag morgen gisteren straks later altijd nooit weer alles iets niets zo"
        " dan toch even kan kun moet wil ga gaat zal zullen"
    ),
    "sv": _words(
        "och i att det som en ett på är av för med till den de inte om har jag du han hon "
        "vi ni dem mig dig sig honom henne oss min mitt mina din ditt sin var vad vem när "
        "hur varför kan ska skulle vill måste från eller men så också bara här där nu ja "
        "nej tack hej mycket ingen inga finns blir"
        " redan idag imorgon igår sedan sen alltid aldrig igen allt något inget mer bra går"
        " ses vid efter utan hade mot"
    ),
    "da": _words(
        "og i at det som en et på er af for med til den de ikke om har jeg du han hun vi "
        "dem mig dig sig ham hende os jer min mit mine din dit sin var hvad hvem hvornår "
        "hvordan hvorfor kan skal skulle vil må fra eller men så også kun her der nu ja nej "
        "tak hej meget ingen blev bliver"
        " allerede idag senere altid aldrig igen alt noget mere godt går ses ved efter uden"
        " havde mod hvor jo nok"
    ),
    "fi": _words(
        "ja on ei se että hän minä sinä me te he tämä tuo mikä kuka missä milloin miksi "
        "miten mutta tai kun jos niin myös vain nyt jo vielä olen olet olemme ovat oli "
        "ollut olla en et emme eivät minun sinun hänen meidän teidän heidän kanssa tässä "
        "siellä täällä kiitos hei kyllä paljon hyvä mitä joka"
        " tänään huomenna eilen myöhemmin aina koskaan taas kaikki jotain pian vähän enää"
        " sitten ole voi voit pitää"
    ),
    "et": _words(
        "ja on ei see et ta mina sina meie teie nad mis kes kus millal miks kuidas aga või "
        "kui siis ka ainult nüüd juba veel olen oled oleme olete oli olnud olla ma sa me "
        "te minu sinu tema nende koos siin seal aitäh tere jah palju hea mida kõik seda"
        " täna homme eile hiljem alati kunagi jälle midagi varsti natuke enam ole saab võib"
        " pole oma sul mul tal"
    ),
    "hu": _words(
        "a az egy és vagy de hogy nem is van volt lesz vannak voltak én te ő mi ti ők "
        "engem téged nekem neked neki ez ezt azt itt ott mit ki hol mikor miért hogyan "
        "igen nagyon már még csak meg el fel be le sem mert ha akkor köszönöm szia jó "
        "minden"
        " ma holnap tegnap most később mindig soha megint újra valami semmi hamarosan kicsit"
        " nincs lehet kell vagyok vagy"
    ),
    "pl": _words(
        "i w we z ze na do nie się to jest są był była było że a ale lub albo czy jak co "
        "kto gdzie kiedy dlaczego ja ty on ona ono my wy oni one mnie mi ci go jej jego "
        "ich mój moja twój nasz ten ta te tego tej już jeszcze tylko bardzo tak też od po "
        "przez dla przy o u za pod nad dziękuję proszę dzień dobry jestem jesteś mam ma"
        " dziś dzisiaj jutro wczoraj teraz później zawsze nigdy znowu znów wszystko coś nic"
        " wszyscy może można trzeba bo jeśli gdy"
    ),
    "cs": _words(
        "a i v ve z ze na do není je jsou byl byla bylo že ale nebo jak co kdo kde kdy "
        "proč já ty on ona ono my vy oni mě mi tě ti ho jí jeho její jejich můj moje tvůj "
        "náš ten ta to tento tato už ještě jen velmi tak taky také od po přes pro při o u "
        "za pod nad děkuji prosím dobrý den jsem jsi mám má ne"
        " dnes zítra včera teď později vždy vždycky nikdy zase znovu všechno něco nic všichni"
        " může musí protože když jestli se si tady tam"
    ),
    "sk": _words(
        "a i v vo z zo na do nie je sú bol bola bolo že ale alebo ako čo kto kde kedy "
        "prečo ja ty on ona ono my vy oni mňa mi ťa ti ho jej jeho ich môj moja tvoj náš "
        "ten tá to tento táto už ešte len veľmi tak tiež aj od po cez pre pri o u za pod "
        "nad ďakujem prosím dobrý deň som si mám má"
        " dnes zajtra včera teraz neskôr vždy nikdy zase znova všetko niečo nič všetci môže"
        " musí pretože keď ak sa tu tam sme ste"
    ),
    "sl": _words(
        "in v na z s je so sem si smo ste bil bila bilo da ali ampak ker ko kaj kdo kje "
        "kdaj zakaj jaz ti on ona ono mi vi oni me te ga jo jih moj moja tvoj naš ta to "
        "tisti že še samo zelo tako tudi od po pri o za pod nad hvala prosim dober dan "
        "imam ima ni ne bo"
        " danes jutri včeraj zdaj kasneje vedno nikoli spet vse nekaj nič vsi lahko mora se tu"
        " tam če kot pa"
    ),
    "hr": _words(
        "i u na s sa je su sam si smo ste bio bila bilo da ali ili jer kad što tko gdje "
        "kada zašto ja ti on ona ono mi vi oni me te ga ih moj moja tvoj naš taj ta to "
        "već još samo vrlo jako tako također od po pri o za pod nad hvala molim dobar dan "
        "imam ima nije ne će bi"
        " danas sutra jučer sada sad kasnije uvijek nikad opet sve nešto ništa svi može mora"
        " se tu tamo ako kao pa li"
    ),
    "lt": _words(
        "ir yra buvo bus aš tu jis ji mes jūs jie jos mano tavo jo jų kas kur kada kodėl "
        "kaip bet ar arba nes jei kad tai šis ši tas ta labai jau dar tik taip ne su iš į "
        "ant prie po per be už nuo apie ačiū prašau labas sveiki gerai"
        " šiandien rytoj vakar dabar vėliau visada niekada vėl viskas nieko visi gali reikia"
        " čia ten kai man tau jam jai"
    ),
    "lv": _words(
        "un ir bija būs es tu viņš viņa mēs jūs viņi mans tavs kas kur kad kāpēc kā bet "
        "vai jo ja tas tā šis šī ļoti jau vēl tikai jā nē ar no uz pie pa par bez pēc "
        "līdz paldies lūdzu labdien sveiki labi arī"
        " šodien rīt vakar tagad vēlāk vienmēr nekad atkal viss nekas visi var vajag šeit tur"
        " man tev lai nav būt esmu"
    ),
    "ro": _words(
        "și în de la cu pe din pentru care ce că nu este sunt era a fost eu tu el ea noi "
        "voi ei ele mă te se îmi îți meu mea tău lui acest această acesta aici acolo unde "
        "când cum dar sau foarte mai deja doar da mulțumesc vă rog bună ziua un o niște al "
        "ale"
        " azi mâine ieri acum târziu mereu niciodată iar tot totul ceva nimic toți poate"
        " trebuie să e ai am au îl ne"
    ),
    "tr": _words(
        "ve bir bu şu o ben sen biz siz onlar ne kim nerede zaman neden nasıl ama veya ile "
        "için gibi kadar daha çok en de da mi mı mu mü değil var yok evet hayır "
        "teşekkürler teşekkür lütfen merhaba iyi bugün şimdi her ki bana sana onu bunu"
        " yarın dün sonra hep asla yine tekrar şey hiç hepsi burada orada çünkü eğer benim"
        " senin onun bizim misin miyiz musun"
    ),
    "id": _words(
        "dan di ke dari yang ini itu adalah ada tidak bukan saya aku kamu dia kami kita "
        "mereka anda apa siapa mana kapan mengapa bagaimana tetapi tapi atau karena jika "
        "untuk dengan pada dalam akan sudah belum juga hanya sangat lebih terima kasih "
        "tolong selamat pagi ya bisa mau"
        " hari besok kemarin sekarang nanti selalu pernah lagi semua sesuatu boleh harus sini"
        " sana kalau seperti gak nggak"
    ),
    "vi": _words(
        "tôi bạn anh chị em của và là có không được cho với trong này đó những các một "
        "người đã đang sẽ rất cũng thì mà để khi nào gì ai đâu sao vâng cảm ơn xin chào ở "
        "từ đến như nhưng hay"
    ),
    "ru": _words(
        "и в не на я он она оно мы вы они что это как а но или с со к по из у о от за для "
        "до то же бы был была было были есть нет да ты мне меня тебя его её их мой моя "
        "твой наш этот эта там тут здесь где когда почему очень уже ещё только спасибо "
        "пожалуйста привет все всё так"
        " сегодня завтра вчера сейчас теперь потом позже всегда никогда опять снова ничего"
        " можно нужно надо тебе ему ей нам вам им ли чтобы если вот тоже"
    ),
    "uk": _words(
        "і й в у не на я він вона воно ми ви вони що це як а але або з із зі до по від за "
        "для то же б був була було були є немає так ти мені мене тебе його її їх мій моя "
        "твій наш цей ця там тут де коли чому дуже вже ще тільки дякую будь ласка привіт "
        "все також"
        " сьогодні завтра вчора зараз тепер потім пізніше завжди ніколи знову щось нічого"
        " можна треба потрібно тобі йому їй нам вам їм чи щоб якщо ось теж ці"
    ),
    "bg": _words(
        "и в не на аз той тя то ние вие те че това как а но или с със към по от у за до "
        "бе беше има няма да ти мене мен теб него нея тях моят моя твоят нашият този тази "
        "там тук където кога защо много вече още само благодаря моля здравей всичко така "
        "е са съм си сме"
        " днес утре вчера сега после късно винаги никога пак отново нещо нищо може трябва ще"
        " се ли ми му ни ви им ако ето също"
    ),
}

_VIETNAMESE_VOWELS = "aăâeêioôơuưy"
_TONE_MARKS = "\u0300\u0301\u0309\u0303\u0323"  # grave, acute, hook above, tilde, dot below


def _vietnamese_letters() -> str:
    toned = (
        unicodedata.normalize("NFC", vowel + mark)
        for vowel in _VIETNAMESE_VOWELS
        for mark in _TONE_MARKS
    )
    return "ăâêôơưđ" + "".join(toned)


# Letters beyond a-z each language writes natively (lower case). A letter in the text
# that is in none of these (ø in Polish text...) counts only against the languages
# whose alphabet lacks it. Cyrillic alphabets are complete: ru, uk and bg share most.
_CYRILLIC_COMMON = "абвгдежзийклмнопрстуфхцчшщьюя"
EXTRA_LETTERS: dict[str, str] = {
    "en": "",
    "de": "äöüß",
    "fr": "àâæçéèêëîïôœùûüÿ",
    "es": "áéíóúüñ",
    "pt": "áâãàçéêíóôõú",
    "it": "àèéìíîòóùú",
    "nl": "éëïóöüèá",
    "sv": "åäöé",
    "da": "æøåé",
    "fi": "äöåšž",
    "et": "äöüõšž",
    "hu": "áéíóöőúüű",
    "pl": "ąćęłńóśźż",
    "cs": "áčďéěíňóřšťúůýž",
    "sk": "áäčďéíĺľňóôŕšťúýž",
    "sl": "čšžćđ",  # ć and đ only in names, but they are written
    "hr": "čćđšž",
    "lt": "ąčęėįšųūž",
    "lv": "āčēģīķļņšūž",
    "ro": "ăâîșțşţ",  # ş ţ: the cedilla forms older keyboards still produce
    "tr": "çğıöşüâîû",
    "id": "é",
    "vi": _vietnamese_letters(),
    "ru": _CYRILLIC_COMMON + "ъыэё",
    "uk": _CYRILLIC_COMMON + "іїєґ",
    "bg": _CYRILLIC_COMMON + "ъ",
}
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_ALPHABETS = {
    lang: frozenset(extra) | (frozenset() if lang in ("ru", "uk", "bg") else _ASCII_LETTERS)
    for lang, extra in EXTRA_LETTERS.items()
}

# Letter groups typical of one or a few of the languages (matched in lower case), each
# counted once however often it occurs: nats per language (negative: unlikely there).
LETTER_GROUPS: tuple[tuple[re.Pattern[str], dict[str, float]], ...] = tuple(
    (re.compile(pattern), weights)
    for pattern, weights in (
        ("rz|cz", {"pl": LETTER_GROUP_NATS}),
        ("sz", {"pl": LETTER_GROUP_NATS, "hu": LETTER_GROUP_NATS}),
        ("zs|gy", {"hu": LETTER_GROUP_NATS}),
        ("ij", {"nl": LETTER_GROUP_NATS}),
        ("sch", {"de": LETTER_GROUP_NATS, "nl": LETTER_GROUP_NATS}),
        ("eau", {"fr": LETTER_GROUP_NATS}),
        ("ção|ões|ão", {"pt": LETTER_GROUP_NATS}),
        ("ää|öö|ii|uu", {"fi": LETTER_GROUP_NATS, "et": LETTER_GROUP_NATS}),
        ("lh", {"pt": LETTER_GROUP_NATS}),
        ("nh", {"pt": LETTER_GROUP_NATS, "vi": LETTER_GROUP_NATS}),
        ("y", {"et": -LETTER_GROUP_NATS}),  # Finnish writes y; Estonian only in loanwords
        ("ння", {"uk": LETTER_GROUP_NATS}),
        # Ukrainian marks a hard consonant before я, ю, є, ї with an apostrophe (м'ясо);
        # Russian and Bulgarian write ъ or ь there.
        (
            "[бпвмфрк]['’ʼ][яюєї]",
            {"uk": LETTER_GROUP_NATS, "ru": -FOREIGN_LETTER_NATS, "bg": -FOREIGN_LETTER_NATS},
        ),
        # Russian reflexive verbs in -тся; Ukrainian writes -ться, Bulgarian a separate се.
        (r"тся\b", {"ru": LETTER_GROUP_NATS}),
        # The hard sign as a vowel (before a consonant) is Bulgarian; Russian writes it
        # only before е, ё, ю, я.
        ("ъ(?![еёюя])", {"bg": LETTER_GROUP_NATS, "ru": -FOREIGN_LETTER_NATS}),
    )
)

# A word: letters with inner apostrophes; an elided word ("l'", "dell'") keeps its apostrophe.
_CAPITALISED_OR_NOT = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"[^\W\d_]+(?:['’](?=[^\W\d_]))?")


def text_words(text: str) -> list[str]:
    """Lower-case words of `text`; elisions keep the apostrophe (normalised to ')."""
    lower = text.lower().replace("i\u0307", "i")  # Turkish capital İ lowers to i + dot
    return [word.replace("’", "'") for word in _WORD.findall(lower)]


def _letter_weights(text: str) -> dict[str, float]:
    """Each letter beyond a-z in `text` (lower case), weighted 1, or `NAME_LETTER_WEIGHT`
    when it occurs only in capitalised words of a text of several words: those are
    mostly names ("Flights to Kraków", "Björk is playing"), spelled in their own language."""
    words = _CAPITALISED_OR_NOT.findall(text)
    weights: dict[str, float] = {}
    for word in words:
        weight = NAME_LETTER_WEIGHT if word[0].isupper() and len(words) > 1 else 1.0
        for letter in word.lower():
            if letter not in _ASCII_LETTERS:
                weights[letter] = max(weights.get(letter, 0.0), weight)
    return weights


def evidence_scores(text: str, candidates: Iterable[str]) -> dict[str, float]:
    """Log-likelihood ratios (nats) per candidate language; all zero = no evidence."""
    languages = tuple(candidates)
    scores = dict.fromkeys(languages, 0.0)
    words = set(text_words(text))
    for lang in languages:
        listed = FUNCTION_WORDS.get(lang)
        if listed:
            scores[lang] += FUNCTION_WORD_NATS * len(words & listed)
    for letter, weight in _letter_weights(text).items():
        for lang in languages:
            alphabet = _ALPHABETS.get(lang)
            if alphabet is not None and letter not in alphabet:
                scores[lang] -= FOREIGN_LETTER_NATS * weight
    lower = text.lower()
    for pattern, weights in LETTER_GROUPS:
        if pattern.search(lower):
            for lang, nats in weights.items():
                if lang in scores:
                    scores[lang] += nats
    return scores


def combine(
    ranked: Sequence[tuple[str, float]],
    evidence: dict[str, float],
) -> dict[str, float]:
    """Posterior over the evidence's languages: py3langid's probability times e^evidence,
    renormalised (py3langid's own probabilities are spread over all 31 languages)."""
    prior = dict(ranked)
    logits = {
        lang: math.log(max(prior.get(lang, 0.0), PROBABILITY_FLOOR)) + nats
        for lang, nats in evidence.items()
    }
    top = max(logits.values())
    weights = {lang: math.exp(logit - top) for lang, logit in logits.items()}
    total = sum(weights.values())
    return {lang: weight / total for lang, weight in weights.items()}


def identify(
    text: str,
    ranked: Sequence[tuple[str, float]],
    candidates: Sequence[str],
    min_confidence: float,
    default: str | None = None,
) -> str | None:
    """The language of `text` among `candidates`, or None when not confident enough.

    `ranked` is py3langid's `rank(text)` (probabilities over its languages). With
    no evidence, its best candidate stands if it clears `min_confidence`; with some,
    the combined posterior's best must clear it, or at least `RULED_OUT_FLOOR` when
    the evidence has ruled out `default` (the language the caller falls back to) and
    what remains is doubt between close languages (or the runner-up is far behind):
    Croatian too short to be sure of is still better read as Slovenian than as English.
    """
    evidence = evidence_scores(text, candidates)
    if not any(evidence.values()):
        best, probability = next(
            ((lang, p) for lang, p in ranked if lang in candidates), (None, 0.0)
        )
        return best if probability >= min_confidence else None
    posterior = combine(ranked, evidence)
    best = max(posterior, key=posterior.__getitem__)
    if posterior[best] >= min_confidence:
        return best
    if posterior.get(default or "", 0.0) >= RULED_OUT_BELOW or posterior[best] < RULED_OUT_FLOOR:
        return None
    others = [lang for lang in posterior if lang != best]
    if not others:
        return best
    runner_up = max(others, key=posterior.__getitem__)
    close = runner_up in _CLOSE.get(best, ()) or posterior[runner_up] < RULED_OUT_FLOOR / 2
    return best if close else None  # "I met Zoë and Chloé": nl 0.47, en 0.34: not settled
