# ruff: noqa: RUF001, RUF003  (multilingual test sentences)
"""Short unlabelled text between close languages: function-word and letter
evidence combined with py3langid (`langid_evidence`), through `LanguageDetector`.

The sentences are everyday ones a native speaker writes, none taken from the bench set
(bench/langid_set.tsv): the bench measures, these pin the behaviour.
"""

from __future__ import annotations

import pytest

from model_layer.constants import LANGUAGES
from model_layer.text import langid_evidence
from model_layer.text.detection import LanguageDetector, load_identifier


@pytest.fixture(scope="module")
def identifier():  # type: ignore[no-untyped-def]
    return load_identifier()


@pytest.fixture(scope="module")
def detector(identifier) -> LanguageDetector:  # type: ignore[no-untyped-def]
    return LanguageDetector(identifier, default="en")


# Four per Latin/Cyrillic language: the same everyday situations, as each language says them.
GOLDEN = [
    ("en", "Is the shop open on Sunday?"),
    ("en", "We missed the last bus."),
    ("en", "My phone is almost dead."),
    ("en", "How much is it?"),
    ("de", "Ist der Laden am Sonntag offen?"),
    ("de", "Wir haben den letzten Bus verpasst."),
    ("de", "Mein Handy ist fast leer."),
    ("de", "Wie viel kostet das?"),
    ("fr", "Le magasin est ouvert le dimanche ?"),
    ("fr", "On a raté le dernier bus."),
    ("fr", "Mon téléphone n'a presque plus de batterie."),
    ("fr", "Ça coûte combien ?"),
    ("es", "¿La tienda abre el domingo?"),
    ("es", "Perdimos el último autobús."),
    ("es", "Mi móvil está casi sin batería."),
    ("es", "¿Cuánto cuesta?"),
    ("pt", "A loja abre no domingo?"),
    ("pt", "Perdemos o último ônibus."),
    ("pt", "O meu telemóvel está quase sem bateria."),
    ("pt", "Quanto custa isso?"),
    ("it", "Il negozio è aperto la domenica?"),
    ("it", "Abbiamo perso l'ultimo autobus."),
    ("it", "Il telefono è quasi scarico."),
    ("it", "Quanto costa?"),
    ("nl", "Is de winkel zondag open?"),
    ("nl", "We hebben de laatste bus gemist."),
    ("nl", "Mijn telefoon is bijna leeg."),
    ("nl", "Hoeveel kost het?"),
    ("sv", "Har affären öppet på söndag?"),
    ("sv", "Vi missade sista bussen."),
    ("sv", "Min telefon är nästan urladdad."),
    ("sv", "Hur mycket kostar det?"),
    ("da", "Har butikken åbent om søndagen?"),
    ("da", "Vi nåede ikke den sidste bus."),
    ("da", "Min telefon er næsten død."),
    ("da", "Hvad koster det?"),
    ("fi", "Onko kauppa auki sunnuntaina?"),
    ("fi", "Myöhästyimme viimeisestä bussista."),
    ("fi", "Puhelimeni akku on melkein loppu."),
    ("fi", "Paljonko se maksaa?"),
    ("et", "Kas pood on pühapäeval lahti?"),
    ("et", "Me jäime viimasest bussist maha."),
    ("et", "Mu telefoni aku on peaaegu tühi."),
    ("et", "Kui palju see maksab?"),
    ("hu", "Vasárnap nyitva van a bolt?"),
    ("hu", "Lekéstük az utolsó buszt."),
    ("hu", "Mindjárt lemerül a telefonom."),
    ("hu", "Mennyibe kerül?"),
    ("pl", "Czy sklep jest otwarty w niedzielę?"),
    ("pl", "Spóźniliśmy się na ostatni autobus."),
    ("pl", "Telefon prawie mi się rozładował."),
    ("pl", "Ile to kosztuje?"),
    ("cs", "Je obchod v neděli otevřený?"),
    ("cs", "Ujel nám poslední autobus."),
    ("cs", "Už jsem skoro doma."),
    ("cs", "Kolik to stojí?"),
    ("sk", "Je obchod v nedeľu otvorený?"),
    ("sk", "Ušiel nám posledný autobus."),
    ("sk", "Už som skoro doma."),
    ("sk", "Koľko to stojí?"),
    ("sl", "Ali je trgovina v nedeljo odprta?"),
    ("sl", "Zamudili smo zadnji avtobus."),
    ("sl", "Telefon se mi je skoraj izpraznil."),
    ("sl", "Kje je avtobusna postaja?"),
    ("hr", "Je li trgovina otvorena nedjeljom?"),
    ("hr", "Propustili smo zadnji autobus."),
    ("hr", "Mobitel mi se skoro ispraznio."),
    ("hr", "Koliko to košta?"),
    ("lt", "Ar parduotuvė sekmadienį dirba?"),
    ("lt", "Mes praleidome paskutinį autobusą."),
    ("lt", "Mano telefonas beveik išsikrovė."),
    ("lt", "Kiek tai kainuoja?"),
    ("lv", "Vai veikals svētdien ir atvērts?"),
    ("lv", "Mēs nokavējām pēdējo autobusu."),
    ("lv", "Mans telefons ir gandrīz izlādējies."),
    ("lv", "Cik tas maksā?"),
    ("ro", "Magazinul e deschis duminică?"),
    ("ro", "Am pierdut ultimul autobuz."),
    ("ro", "Telefonul meu e aproape descărcat."),
    ("ro", "Cât costă?"),
    ("tr", "Mağaza pazar günü açık mı?"),
    ("tr", "Son otobüsü kaçırdık."),
    ("tr", "Telefonumun şarjı bitmek üzere."),
    ("tr", "Bu ne kadar?"),
    ("id", "Tokonya buka hari Minggu?"),
    ("id", "Kami ketinggalan bus terakhir."),
    ("id", "Baterai HP saya hampir habis."),
    ("id", "Berapa harganya?"),
    ("vi", "Cửa hàng có mở cửa Chủ nhật không?"),
    ("vi", "Chúng tôi lỡ chuyến xe buýt cuối."),
    ("vi", "Điện thoại tôi sắp hết pin."),
    ("vi", "Cái này bao nhiêu tiền?"),
    ("ru", "Магазин открыт в воскресенье?"),
    ("ru", "Мы опоздали на последний автобус."),
    ("ru", "У меня телефон почти сел."),
    ("ru", "Сколько это стоит?"),
    ("uk", "Крамниця відчинена в неділю?"),
    ("uk", "Ми запізнилися на останній автобус."),
    ("uk", "У мене телефон майже розрядився."),
    ("uk", "Скільки це коштує?"),
    ("bg", "Магазинът отворен ли е в неделя?"),
    ("bg", "Изпуснахме последния автобус."),
    ("bg", "Телефонът ми почти се изтощи."),
    ("bg", "Колко струва това?"),
]


@pytest.mark.parametrize(("lang", "text"), GOLDEN)
def test_short_sentences_are_identified(detector: LanguageDetector, lang: str, text: str) -> None:
    assert detector.detect(text) == lang


def test_every_latin_and_cyrillic_language_has_golden_cases() -> None:
    script_settled = {"ko", "ja", "el", "hi", "ar"}
    assert {lang for lang, _ in GOLDEN} == set(LANGUAGES) - script_settled


@pytest.mark.parametrize(
    ("text", "lang", "main_said"),
    [
        # py3langid alone was below its cutoff (-> DEFAULT_LANG) or chose a neighbour.
        ("A loja abre no domingo?", "pt", "en"),
        ("Vi missade sista bussen.", "sv", "en"),
        ("Barnen sover redan.", "sv", "en"),
        ("Dónde está la parada? Hasta luego.", "es", None),
        ("Ще се видим ли утре?", "bg", None),
        ("Я тебе перезвоню позже.", "ru", "uk"),
        # Below the cutoff (sl 0.4), but š and the words rule English, the default, out.
        ("Plačilo je uspešno.", "sl", "en"),
    ],
)
def test_evidence_settles_what_py3langid_alone_got_wrong(
    identifier,  # type: ignore[no-untyped-def]
    text: str,
    lang: str,
    main_said: str | None,
) -> None:
    assert LanguageDetector(identifier, default="en").detect(text) == lang
    if main_said is not None:  # the case is a real one: main's detector said otherwise
        assert LanguageDetector(identifier, default="en", evidence=False).detect(text) == main_said


ENGLISH = [
    "Go to bed.",
    "Do it now.",
    "Come on in.",
    "Is it on?",
    "So do I.",
    "Not today.",
    "Take a seat.",
    "Hold on a second.",
    "What time is it?",
    "I don't know.",
    "That's fine by me.",
    "Open the window, please.",
    "It's raining again.",
    "Who is there?",
    "Call me later.",
]


@pytest.mark.parametrize("text", ENGLISH)
def test_ordinary_short_english_stays_english(identifier, text: str) -> None:  # type: ignore[no-untyped-def]
    # A German default: the answer comes from identification, not from the fallback.
    assert LanguageDetector(identifier, default="de").detect(text) == "en"


@pytest.mark.parametrize(
    "text", ["42", "12:30", "$20", "€ 15,99", "+49 30 1234567", "2024-03-05", "3/4", "100 %"]
)
@pytest.mark.parametrize("default", ["en", "pl", "fr"])
def test_digits_and_symbols_fall_to_the_default(identifier, text: str, default: str) -> None:  # type: ignore[no-untyped-def]
    assert LanguageDetector(identifier, default=default).detect(text) == default


def test_no_evidence_leaves_py3langids_answer(identifier) -> None:  # type: ignore[no-untyped-def]
    text = "Frukost"  # no function word, no letter outside a-z
    latin = [
        lang for lang in LANGUAGES if lang not in ("ru", "uk", "bg", "ko", "ja", "el", "hi", "ar")
    ]
    assert not any(langid_evidence.evidence_scores(text, latin).values())
    ranked = identifier.rank(text)
    assert langid_evidence.identify(text, ranked, latin, 0.5) is None  # py3langid unsure
    assert langid_evidence.identify(text, ranked, latin, 0.0) == ranked[0][0]


def test_function_words_count_once_per_word_type() -> None:
    once = langid_evidence.evidence_scores("nie", ["pl", "en"])
    twice = langid_evidence.evidence_scores("nie nie nie", ["pl", "en"])
    assert once == twice
    assert once["pl"] == pytest.approx(langid_evidence.FUNCTION_WORD_NATS)
    assert once["en"] == 0.0


def test_letters_outside_an_alphabet_count_against_it() -> None:
    scores = langid_evidence.evidence_scores("řeka", ["cs", "sk", "pl"])
    assert scores["cs"] == 0.0
    assert scores["sk"] == scores["pl"] == -langid_evidence.FOREIGN_LETTER_NATS
    cyrillic = langid_evidence.evidence_scores("мыло", ["ru", "uk", "bg"])
    assert cyrillic["ru"] == 0.0
    assert cyrillic["uk"] == cyrillic["bg"] == -langid_evidence.FOREIGN_LETTER_NATS


def test_bulgarian_vowel_hard_sign_is_bulgarian_evidence() -> None:
    scores = langid_evidence.evidence_scores("път", ["ru", "uk", "bg"])
    assert scores["bg"] > 0 > scores["ru"]
    assert langid_evidence.evidence_scores("объект", ["ru", "bg"])["ru"] == 0.0  # before е: Russian


def test_elisions_keep_their_apostrophe() -> None:
    assert langid_evidence.text_words("L’eau qu'il boit") == ["l'", "eau", "qu'", "il", "boit"]
    assert langid_evidence.text_words("İSTANBUL'da") == ["istanbul'", "da"]


def test_combine_is_a_posterior_over_the_evidence_languages() -> None:
    posterior = langid_evidence.combine(
        [("sl", 0.5), ("hr", 0.4), ("en", 0.1)], {"sl": 0.0, "hr": 2.2}
    )
    assert set(posterior) == {"sl", "hr"}
    assert sum(posterior.values()) == pytest.approx(1.0)
    assert posterior["hr"] > posterior["sl"]


def test_cyrillic_spelling_habits_are_evidence(detector: LanguageDetector) -> None:
    apostrophe = langid_evidence.evidence_scores("м'ясо", ["ru", "uk", "bg"])
    assert apostrophe["uk"] > 0 > apostrophe["ru"]
    reflexive = langid_evidence.evidence_scores("кажется", ["ru", "uk", "bg"])
    assert reflexive["ru"] > 0 and reflexive["uk"] == reflexive["bg"] == 0.0
    assert detector.detect("Дев'ять хвилин") == "uk"
    assert detector.detect("Мне кажется, он прав.") == "ru"


@pytest.mark.parametrize(
    ("text", "name_language"),
    [
        ("Björk is playing", "hu"),  # "is" is also Hungarian, ö too
        ("Flights to Kraków", "pl"),  # "to" is also Polish, ó too
        ("Meeting with Paweł at 5", "pl"),
        ("I met Zoë and Chloé", "nl"),
    ],
)
def test_foreign_names_do_not_pull_english_away(identifier, text: str, name_language: str) -> None:  # type: ignore[no-untyped-def]
    # Letters seen only in capitalised words count little: names keep their own spelling.
    # Some of these are too short for py3langid's cutoff and reach English as the default;
    # none may be claimed by the language of the name.
    assert LanguageDetector(identifier, default="en").detect(text) == "en"
    assert LanguageDetector(identifier, default="de").detect(text) in ("en", "de")
    assert LanguageDetector(identifier, default="de").detect(text) != name_language


def test_a_name_does_not_outweigh_english_function_words(identifier) -> None:  # type: ignore[no-untyped-def]
    assert LanguageDetector(identifier, default="de").detect("Björk is playing") == "en"
    assert LanguageDetector(identifier, default="de").detect("Meeting with Paweł at 5") == "en"


def test_letters_of_a_single_word_count_in_full() -> None:
    alone = langid_evidence.evidence_scores("Ľudia", ["sk", "cs"])
    in_a_name = langid_evidence.evidence_scores("Thanks Ľudia", ["sk", "cs"])
    assert alone["cs"] == -langid_evidence.FOREIGN_LETTER_NATS
    assert in_a_name["cs"] == pytest.approx(
        -langid_evidence.FOREIGN_LETTER_NATS * langid_evidence.NAME_LETTER_WEIGHT
    )


def test_below_the_cutoff_the_best_wins_only_over_a_ruled_out_default() -> None:
    ranked = [("hr", 0.3), ("sl", 0.25), ("cs", 0.2), ("en", 0.25)]
    candidates = ["hr", "sl", "cs", "en"]
    # "je" is on the hr, sl and cs lists and š is not English: English, the default, is
    # ruled out and the doubt is between close languages, so the best (hr, ~0.4) is taken.
    assert langid_evidence.identify("vaš je", ranked, candidates, 0.5, default="en") == "hr"
    # Without š English keeps ~4%: not ruled out, so the caller's fallback decides.
    assert langid_evidence.identify("je", ranked, candidates, 0.5, default="en") is None


def test_below_the_cutoff_doubt_between_distant_languages_is_not_settled() -> None:
    # German, the default here, is ruled out; what remains is a tie below the cutoff.
    close = [("da", 0.40), ("sv", 0.38), ("nl", 0.22), ("de", 0.001)]
    assert langid_evidence.identify("men", close, ["da", "sv", "nl", "de"], 0.5, "de") == "da"
    distant = [("nl", 0.45), ("en", 0.45), ("de", 0.001)]
    assert langid_evidence.identify("we", distant, ["nl", "en", "de"], 0.5, "de") is None
