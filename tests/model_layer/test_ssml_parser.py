"""The SSML subset read into spans: every tag, and every error with its position."""

from __future__ import annotations

import pytest

from model_layer.errors import InvalidRequestError, InvalidSsmlError
from model_layer.text.spans import Span, SpokenText
from model_layer.text.ssml import parse_ssml


def read(source: str, lang: str | None = "en", speed: float = 1.0) -> SpokenText:
    return parse_ssml(source, lang=lang, speed=speed)


def texts(source: str, **options: object) -> list[str]:
    return [span.text for span in read(source, **options).spans]  # type: ignore[arg-type]


def error(source: str, **options: object) -> InvalidSsmlError:
    with pytest.raises(InvalidSsmlError) as failure:
        read(source, **options)  # type: ignore[arg-type]
    return failure.value


def test_plain_speak_is_one_span() -> None:
    spoken = read("<speak>Hello there, world.</speak>")
    assert spoken.spans == (Span("Hello there, world.", "en", 1.0),)
    assert spoken.lang == "en" and spoken.trailing_pause == 0.0


def test_whitespace_collapses_and_predefined_entities_are_read() -> None:
    source = "<speak>\n  Fish &amp; chips\n  cost &lt; &#163;5 <![CDATA[<b>]]>\n</speak>"
    assert "".join(texts(source)) == " Fish & chips cost < £5 <b> "


def test_xml_declaration_comments_and_namespaces_are_accepted() -> None:
    source = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xml:lang="en-US">'
        "<!-- a comment -->Hi.</speak>"
    )
    assert texts(source) == ["Hi."]


def test_p_and_s_start_new_chunks() -> None:
    spoken = read("<speak>Intro <p>One. <s>Two</s> three</p> end</speak>")
    assert [(s.text, s.new_chunk) for s in spoken.spans] == [
        ("Intro ", False),
        ("One. ", True),
        ("Two", True),
        (" three", True),
        (" end", True),
    ]
    assert len(spoken.segments) == 5


def test_break_time_and_strength() -> None:
    source = (
        '<speak>a<break time="500ms"/>b<break time="1.5s"/>c<break strength="x-strong"/>d'
        '<break/>e<break strength="weak" time="2s"/>f</speak>'
    )
    pauses = [(s.text, s.pause_before) for s in read(source).spans]
    assert pauses == [("a", None), ("b", 0.5), ("c", 1.5), ("d", 1.25), ("e", 0.75), ("f", 2.0)]
    assert all(s.new_chunk for s in read(source).spans[1:])


def test_break_of_nothing_keeps_the_words_together() -> None:
    spoken = read('<speak>no<break strength="none"/>pause <break time="0ms"/>here</speak>')
    assert [s.new_chunk for s in spoken.spans] == [False, False, False]
    assert len(spoken.segments) == 1


def test_breaks_in_a_row_add_up_to_at_most_ten_seconds() -> None:
    spoken = read('<speak>a<break time="300ms"/><break time="200ms"/>b</speak>')
    assert spoken.spans[1].pause_before == pytest.approx(0.5)
    many = read("<speak>a" + '<break time="4s"/>' * 5 + "b</speak>")
    assert many.spans[1].pause_before == 10.0


def test_leading_and_trailing_breaks() -> None:
    spoken = read('<speak><break time="1s"/>Hi.<break time="2s"/></speak>')
    assert spoken.spans[0].pause_before == 1.0
    assert spoken.trailing_pause == 2.0


def test_sub_is_said_as_its_alias_and_protected() -> None:
    spoken = read('<speak>The <sub alias="World Wide Web Consortium">W3C</sub> says.</speak>')
    assert [(s.text, s.protected) for s in spoken.spans] == [
        ("The ", False),
        ("World Wide Web Consortium", True),
        (" says.", False),
    ]
    assert len(spoken.segments) == 1


def test_say_as_is_resolved_in_its_language_and_protected() -> None:
    source = (
        '<speak>Room <say-as interpret-as="cardinal">12</say-as>, '
        '<lang xml:lang="de"><say-as interpret-as="ordinal">3</say-as></lang></speak>'
    )
    spans = read(source).spans
    assert (spans[1].text, spans[1].lang, spans[1].protected) == ("twelve", "en", True)
    assert (spans[3].text, spans[3].lang, spans[3].protected) == ("dritte", "de", True)


def test_prosody_rate_sets_the_speed_of_its_span() -> None:
    source = (
        '<speak>a<prosody rate="80%">b<prosody rate="+50%">c</prosody></prosody>'
        '<prosody rate="x-fast">d</prosody><prosody rate="1.5">e</prosody>'
        '<prosody rate="default">f</prosody><prosody rate="-10%">g</prosody></speak>'
    )
    speeds = [(s.text, s.speed) for s in read(source, speed=1.2).spans]
    assert speeds == [
        ("a", 1.2),
        ("b", pytest.approx(0.96)),
        ("c", pytest.approx(1.44)),
        ("d", 1.6),
        ("e", pytest.approx(1.8)),
        ("f", 1.2),
        ("g", pytest.approx(1.08)),
    ]


def test_lang_sets_the_language_of_its_span() -> None:
    source = '<speak xml:lang="en-GB">Hi <lang xml:lang="fr-FR">bonjour</lang> there</speak>'
    spoken = read(source, lang=None)
    assert [(s.text, s.lang) for s in spoken.spans] == [
        ("Hi ", "en"),
        ("bonjour", "fr"),
        (" there", "en"),
    ]
    assert spoken.lang == "en"
    assert [seg.lang for seg in spoken.segments] == ["en", "fr", "en"]


def test_document_language_comes_from_speak_then_request_then_the_text() -> None:
    assert read('<speak xml:lang="de">x</speak>', lang="fr").lang == "de"
    assert read("<speak>x</speak>", lang="fr").lang == "fr"
    assert read("<speak>안녕하세요.</speak>", lang=None).lang == "ko"
    assert read("<speak>Plain words.</speak>", lang=None).lang == "na"


def test_p_and_s_may_carry_a_language() -> None:
    spoken = read('<speak><p xml:lang="es">Hola.</p><s xml:lang="it">Ciao.</s></speak>')
    assert [s.lang for s in spoken.spans] == ["es", "it"]


def _position(source: str, line: int, column: int, *words: str) -> None:
    failure = error(source)
    assert (failure.line, failure.column) == (line, column), str(failure)
    assert failure.details == {"line": line, "column": column}
    assert f"line {line}, column {column}" in str(failure)
    for word in words:
        assert word in failure.reason, failure.reason
    assert isinstance(failure, InvalidRequestError)


@pytest.mark.parametrize(
    ("source", "line", "column", "words"),
    [
        ("Hello <speak>x</speak>", 1, 1, ("outside <speak>",)),
        ("  \n  text", 2, 3, ("outside <speak>",)),
        ("<speak>x</speak> trailing", 1, 18, ("after </speak>",)),
        ("<speak>x</speak><speak>y</speak>", 1, 17, ("after </speak>",)),
        ("<p>x</p>", 1, 1, ("root element must be <speak>",)),
        ("<speak>\n  <emphasis>x</emphasis></speak>", 2, 3, ("unknown tag <emphasis>",)),
        ("<speak><amazon:effect>x</amazon:effect></speak>", 1, 8, ("unknown tag",)),
        ("<speak><p><p>x</p></p></speak>", 1, 11, ("<p>", "inside <p>")),
        ("<speak><s><p>x</p></s></speak>", 1, 11, ("inside <s>",)),
        ("<speak><s><prosody rate='slow'><s>x</s></prosody></s></speak>", 1, 32, ("inside <s>",)),
        ("<speak><speak>x</speak></speak>", 1, 8, ("<speak> is not allowed",)),
        ("<speak><sub alias='a'><break/></sub></speak>", 1, 23, ("text only",)),
        ("<speak><break>x</break></speak>", 1, 15, ("must be empty",)),
        ("<speak><s>x</p></speak>", 1, 14, ("mismatched tag",)),
        ("<speak><p>unclosed</speak>", 1, 21, ("mismatched tag",)),
        ("<speak>x", 1, 9, ("ends before",)),
        ("<speak>a & b</speak>", 1, 11, ("not well-formed",)),
        ("<speak>a &nbsp; b</speak>", 1, 10, ("undefined entity", "&amp;")),
        ("<speak>x<?php echo 1?></speak>", 1, 9, ("processing instruction",)),
        ("<speak pitch='x'>a</speak>", 1, 1, ("no attribute 'pitch'",)),
        ("<speak><prosody volume='loud'>a</prosody></speak>", 1, 8, ("no attribute 'volume'",)),
        ("<speak><prosody>a</prosody></speak>", 1, 8, ("needs the attribute 'rate'",)),
        ("<speak><sub>a</sub></speak>", 1, 8, ("'alias'",)),
        ("<speak><lang>a</lang></speak>", 1, 8, ("'xml:lang'",)),
        ("<speak><say-as>1</say-as></speak>", 1, 8, ("'interpret-as'",)),
        ("<speak><break time='2 minutes'/></speak>", 1, 8, ("not a duration",)),
        ("<speak><break time='-1s'/></speak>", 1, 8, ("not a duration",)),
        ("<speak>\n\n   <break time='10001ms'/></speak>", 3, 4, ("maximum of 10 s",)),
        ("<speak><break strength='huge'/></speak>", 1, 8, ("strength 'huge'",)),
        ("<speak><prosody rate='50%'>a</prosody></speak>", 1, 8, ("speed 0.5", "0.7-2.0")),
        ("<speak><prosody rate='3'>a</prosody></speak>", 1, 8, ("speed 3",)),
        ("<speak><prosody rate='quick'>a</prosody></speak>", 1, 8, ("rate 'quick'",)),
        ("<speak><lang xml:lang='zh-CN'>a</lang></speak>", 1, 8, ("'zh-CN'",)),
        ("<speak xml:lang='klingon'>a</speak>", 1, 1, ("'klingon'",)),
        ("<speak><say-as interpret-as='bleep'>a</say-as></speak>", 1, 8, ("'bleep'",)),
        ("<speak>\n <say-as interpret-as='cardinal'>12a</say-as></speak>", 2, 2, ("whole",)),
        ("<speak><say-as interpret-as='date'>2024-13-01</say-as></speak>", 1, 8, ("month 13",)),
        (
            "<speak><say-as interpret-as='cardinal' format='dmy'>1</say-as></speak>",
            1,
            8,
            ("format applies only",),
        ),
    ],
)
def test_errors_name_their_position(source: str, line: int, column: int, words: tuple) -> None:
    _position(source, line, column, *words)


def test_nested_prosody_out_of_range_is_refused_where_it_goes_out() -> None:
    source = '<speak><prosody rate="150%">a\n  <prosody rate="150%">b</prosody></prosody></speak>'
    _position(source, 2, 3, "speed 2.25")


_LAUGHS = ['<!ENTITY lol0 "lol">'] + [
    f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)
]
BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE speak [\n'
    + "\n".join(_LAUGHS)
    + "\n]>\n<speak>&lol9;</speak>"
)


def test_billion_laughs_is_refused_at_its_declaration() -> None:
    failure = error(BILLION_LAUGHS)
    # Refused where the DOCTYPE opens, before a single entity is declared: not
    # by expat's amplification limit after part of the expansion.
    assert (failure.line, failure.column) == (2, 1)
    assert "DOCTYPE" in failure.reason


@pytest.mark.parametrize(
    "source",
    [
        '<!DOCTYPE speak [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><speak>&xxe;</speak>',
        '<!DOCTYPE speak SYSTEM "http://127.0.0.1:9/evil.dtd"><speak>x</speak>',
        '<!DOCTYPE speak [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><speak>x</speak>',
        "<!DOCTYPE speak><speak>x</speak>",
    ],
)
def test_external_entities_and_any_doctype_are_refused(source: str) -> None:
    failure = error(source)
    assert (failure.line, failure.column) == (1, 1)
    assert "DOCTYPE" in failure.reason
    assert "root:" not in str(failure)  # nothing of /etc/passwd was read into the message


def test_an_undeclared_entity_is_never_looked_up() -> None:
    assert "undefined entity" in error("<speak>&xxe;</speak>").reason
