"""Read an SSML document into spans, with an XML parser that expands nothing.

The stdlib's expat is used directly, not ElementTree or defusedxml: it reports
the line and column of every tag, which the errors must name, and refusing a
DOCTYPE at its first token leaves no way to declare an entity, internal or
external, so neither "billion laughs" nor file or network reads can happen.
Only XML's five predefined entities and character references (`&amp;`,
`&#233;`) are read; any other `&name;` is an undefined-entity error.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NoReturn

from model_layer.errors import InvalidSsmlError
from model_layer.text import tags
from model_layer.text.detection import detect_language
from model_layer.text.spans import Span, SpokenText, add_pauses
from model_layer.text.ssml.say_as import INTERPRETATIONS, say_as
from model_layer.text.ssml.values import SsmlValueError, break_seconds, language, prosody_speed

# The model's expression tags are empty elements: <laugh/> is spoken as <laugh>.
_EXPRESSIONS = frozenset(tags.EXPRESSION_TAGS)
_INLINE = frozenset({"break", "sub", "say-as", "prosody", "lang", "voice"}) | _EXPRESSIONS
_CHILDREN: dict[str, frozenset[str]] = {
    "speak": _INLINE | {"p", "s"},
    "p": _INLINE | {"s"},
    "s": _INLINE,
    "prosody": _INLINE | {"p", "s"},
    "lang": _INLINE | {"p", "s"},
    "voice": _INLINE | {"p", "s"},
    "sub": frozenset(),
    "say-as": frozenset(),
    "break": frozenset(),
    **dict.fromkeys(_EXPRESSIONS, frozenset()),
}
_ATTRIBUTES: dict[str, frozenset[str]] = {
    "speak": frozenset({"version", "xml:lang", "xmlns", "xsi:schemaLocation"}),
    "p": frozenset({"xml:lang"}),
    "s": frozenset({"xml:lang"}),
    "break": frozenset({"time", "strength"}),
    "sub": frozenset({"alias"}),
    "say-as": frozenset({"interpret-as", "format"}),
    "prosody": frozenset({"rate"}),
    "lang": frozenset({"xml:lang"}),
    "voice": frozenset({"name"}),
    **dict.fromkeys(_EXPRESSIONS, frozenset()),
}
_REQUIRED = {
    "sub": "alias",
    "say-as": "interpret-as",
    "prosody": "rate",
    "lang": "xml:lang",
    "voice": "name",
}
# Each <voice> starts (and ends) a chunk of its own: far more than a script has lines is
# an attempt to buy thousands of tiny syntheses with one request.
MAX_VOICE_ELEMENTS = 500
_TEXT_ONLY = frozenset({"sub", "say-as"})
_WHITESPACE = re.compile(r"\s+")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Longer say-as content is no date, number or phone number; as characters it is a text.
MAX_SAY_AS_CHARS = 1000
_EXPAT_CODES = xml.parsers.expat.errors.codes
# expat's words where they would puzzle a caller who writes SSML, not XML.
_EXPAT_REASONS = {
    _EXPAT_CODES[xml.parsers.expat.errors.XML_ERROR_JUNK_AFTER_DOC_ELEMENT]: (
        "text or markup after </speak>"
    ),
    _EXPAT_CODES[xml.parsers.expat.errors.XML_ERROR_UNDEFINED_ENTITY]: (
        "undefined entity; write & as &amp; and < as &lt;"
    ),
    _EXPAT_CODES[xml.parsers.expat.errors.XML_ERROR_NO_ELEMENTS]: (
        "the document ends before its closing </speak>"
    ),
}


def parse_ssml(
    source: str,
    *,
    lang: str | None = None,
    speed: float,
    detect: Callable[[str], str] = detect_language,
) -> SpokenText:
    """Spans of `source`, an SSML document whose root is `<speak>`.

    `lang` is the language of text no `xml:lang` covers (when None, `detect` names it
    from the document's text); `speed` is the request's, which `<prosody rate>`
    scales. Raises `InvalidSsmlError` with the 1-based line and column.
    """
    reader = _Reader(source, speed)
    reader.read()
    default = reader.root_lang or lang or detect(" ".join(p.text for p in reader.pieces))
    spans = tuple(reader.resolve(piece, default) for piece in reader.pieces)
    return SpokenText(default, spans, reader.pending_pause or 0.0)


@dataclass(frozen=True)
class _SayAs:
    interpret_as: str
    date_format: str | None


@dataclass
class _Element:
    tag: str
    line: int
    column: int
    lang: str | None  # None: the document's language
    speed: float
    in_paragraph: bool
    in_sentence: bool
    content: list[str] = field(default_factory=list)  # the text of a <sub> or <say-as>
    alias: str | None = None
    voice: str | None = None  # <voice name>: None, the request's voice
    say_as: _SayAs | None = None


@dataclass(frozen=True)
class _Piece:
    span: Span  # lang "" until the document's language is known
    lang: str | None
    say_as: _SayAs | None = None
    line: int = 0
    column: int = 0

    @property
    def text(self) -> str:
        return self.span.text


class _Reader:
    def __init__(self, source: str, speed: float) -> None:
        self.source = source
        self.requested_speed = speed
        self.stack: list[_Element] = []
        self.pieces: list[_Piece] = []
        self.text: list[str] = []  # character data not yet emitted
        self.root_lang: str | None = None
        self.pending_pause: float | None = None
        self.pending_boundary = False
        self.voice_elements = 0
        self.parser = xml.parsers.expat.ParserCreate()
        self.parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.StartDoctypeDeclHandler = self._refuse_doctype
        self.parser.EntityDeclHandler = self._refuse_doctype  # unreachable without a DOCTYPE
        self.parser.ExternalEntityRefHandler = self._refuse_doctype
        self.parser.ProcessingInstructionHandler = self._refuse_instruction
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._characters

    # --- parsing ---------------------------------------------------------------
    def read(self) -> None:
        stripped = self.source.lstrip()
        if stripped and not stripped.startswith("<"):
            self._fail_at_offset("text outside <speak>", len(self.source) - len(stripped))
        # A JSON string may carry a lone surrogate, which is no character: expat cannot
        # even be handed the document.
        if surrogate := _SURROGATE.search(self.source):
            self._fail_at_offset("a lone surrogate is not a character", surrogate.start())
        try:
            self.parser.Parse(self.source, True)
        except xml.parsers.expat.ExpatError as exc:
            reason = _EXPAT_REASONS.get(exc.code, xml.parsers.expat.ErrorString(exc.code))
            raise InvalidSsmlError(reason, exc.lineno, exc.offset + 1) from None

    def _fail(self, reason: str) -> NoReturn:
        raise InvalidSsmlError(
            reason, self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1
        )

    def _fail_at_offset(self, reason: str, offset: int) -> NoReturn:
        line = self.source.count("\n", 0, offset) + 1
        column = offset - (self.source.rfind("\n", 0, offset) + 1) + 1
        raise InvalidSsmlError(reason, line, column)

    def _refuse_doctype(self, *_args: object) -> NoReturn:
        offset = self.source.find("<!DOCTYPE")
        self._fail_at_offset("DOCTYPE and entity declarations are not allowed", max(offset, 0))

    def _refuse_instruction(self, target: str, _data: str) -> NoReturn:
        self._fail(f"processing instruction <?{target}?> is not allowed")

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        self._flush_text()
        if tags.is_tag_name(tag):
            tag = tag.lower()  # <Laugh/> as <laugh/>: the model knows one form
        parent = self.stack[-1] if self.stack else None
        if parent is None and tag != "speak":
            self._fail(f"the root element must be <speak>, not <{tag}>")
        if tag not in _CHILDREN:
            self._fail(f"unknown tag <{tag}>; supported: {', '.join(f'<{t}>' for t in _CHILDREN)}")
        if parent is not None:
            self._check_nesting(parent, tag)
        self._check_attributes(tag, attributes)
        element = _Element(
            tag,
            self.parser.CurrentLineNumber,
            self.parser.CurrentColumnNumber + 1,
            parent.lang if parent else None,
            parent.speed if parent else self.requested_speed,
            in_paragraph=tag == "p" or bool(parent and parent.in_paragraph),
            in_sentence=tag == "s" or bool(parent and parent.in_sentence),
        )
        element.voice = parent.voice if parent else None
        try:
            self._apply(element, attributes)
        except SsmlValueError as exc:
            self._fail(str(exc))
        if tag == "speak":
            self.root_lang = element.lang
        if tag in ("p", "s"):
            self.pending_boundary = True
        self.stack.append(element)

    def _check_nesting(self, parent: _Element, tag: str) -> None:
        allowed = _CHILDREN[parent.tag]
        if tag not in allowed:
            takes = ", ".join(f"<{t}>" for t in sorted(allowed)) or (
                "text only" if parent.tag in _TEXT_ONLY else "nothing"
            )
            self._fail(f"<{tag}> is not allowed inside <{parent.tag}>, which takes {takes}")
        if tag == "p" and parent.in_paragraph:
            self._fail("<p> is not allowed inside another <p>")
        if tag in ("p", "s") and parent.in_sentence:
            self._fail(f"<{tag}> is not allowed inside <s>")

    def _check_attributes(self, tag: str, attributes: dict[str, str]) -> None:
        for name in attributes:
            if name not in _ATTRIBUTES[tag] and not (tag == "speak" and name.startswith("xmlns:")):
                allowed = ", ".join(sorted(_ATTRIBUTES[tag])) or "none"
                self._fail(f"<{tag}> has no attribute '{name}'; supported: {allowed}")
        required = _REQUIRED.get(tag)
        if required and required not in attributes:
            self._fail(f"<{tag}> needs the attribute '{required}'")

    def _apply(self, element: _Element, attributes: dict[str, str]) -> None:
        if "xml:lang" in attributes:
            element.lang = language(attributes["xml:lang"])
        if element.tag == "voice":
            self.voice_elements += 1
            if self.voice_elements > MAX_VOICE_ELEMENTS:
                raise SsmlValueError(f"at most {MAX_VOICE_ELEMENTS} <voice> elements")
            element.voice = attributes["name"].strip()
            self.pending_boundary = True  # chunks never mix voices
        elif element.tag == "prosody":
            element.speed = prosody_speed(attributes["rate"], element.speed, self.requested_speed)
        elif element.tag == "sub":
            element.alias = attributes["alias"]
        elif element.tag == "say-as":
            interpret_as = attributes["interpret-as"]
            if interpret_as not in INTERPRETATIONS:
                known = ", ".join(INTERPRETATIONS)
                raise SsmlValueError(f"say-as interpret-as '{interpret_as}' is not one of {known}")
            element.say_as = _SayAs(interpret_as, attributes.get("format"))
        elif element.tag == "break":
            seconds = break_seconds(attributes.get("time"), attributes.get("strength"))
            self._pause(seconds)

    def _pause(self, seconds: float) -> None:
        """A pause of zero asks for no pause: it sets the gap at a boundary
        there anyway, but makes none."""
        self.pending_pause = add_pauses(self.pending_pause, seconds)
        if seconds > 0:
            self.pending_boundary = True

    def _end(self, tag: str) -> None:
        element = self.stack.pop()
        if element.tag in _EXPRESSIONS:
            self._emit(tags.canonical(element.tag), element, protected=True)
        elif tag == "sub":
            self._emit(element.alias or "", element, protected=True)
        elif tag == "say-as":
            self._emit("".join(element.content), element, protected=True, say_as=element.say_as)
        else:
            self._flush_text(element)
        if tag in ("p", "s", "voice"):
            self.pending_boundary = True

    def _characters(self, data: str) -> None:
        top = self.stack[-1]
        if top.tag in _TEXT_ONLY:
            top.content.append(data)
        elif top.tag == "break" or top.tag in _EXPRESSIONS:
            if data.strip():
                self._fail(f"<{top.tag}> must be empty")
        else:
            self.text.append(data)

    # --- spans -----------------------------------------------------------------
    def _flush_text(self, element: _Element | None = None) -> None:
        if not self.text:
            return
        text = "".join(self.text)
        self.text.clear()
        owner = element or self.stack[-1]
        self._emit(text, owner, protected=False)

    def _emit(
        self, text: str, element: _Element, *, protected: bool, say_as: _SayAs | None = None
    ) -> None:
        text = _WHITESPACE.sub(" ", text)
        # Spacing between inline words matters; at an edge it means nothing.
        at_edge = self.pending_boundary or not self.pieces or not text
        if not text.strip() and say_as is None and at_edge:
            return
        boundary = self.pending_boundary
        span = Span(
            text,
            "",
            element.speed,
            pause_before=self.pending_pause if boundary else None,
            new_chunk=boundary,
            protected=protected,
            voice=element.voice,
        )
        self.pieces.append(_Piece(span, element.lang, say_as, element.line, element.column))
        self.pending_pause = None
        self.pending_boundary = False

    def resolve(self, piece: _Piece, default_lang: str) -> Span:
        lang = piece.lang or default_lang
        text = piece.text
        if piece.say_as is not None:
            kind = piece.say_as.interpret_as
            if len(text) > MAX_SAY_AS_CHARS:
                raise InvalidSsmlError(
                    f"say-as content has {len(text)} characters; the limit is {MAX_SAY_AS_CHARS}",
                    piece.line,
                    piece.column,
                )
            try:
                text = say_as(kind, text, lang, piece.say_as.date_format)
            except SsmlValueError as exc:
                raise InvalidSsmlError(str(exc), piece.line, piece.column) from None
            except (ValueError, OverflowError, ArithmeticError):
                # A reader meeting what it cannot convert (Python refuses integers of
                # more than 4,300 digits): the request's fault, never a 500.
                raise InvalidSsmlError(
                    f"say-as {kind} cannot read this content", piece.line, piece.column
                ) from None
        return replace(piece.span, text=text, lang=lang)
