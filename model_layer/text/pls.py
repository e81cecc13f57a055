"""W3C Pronunciation Lexicon Specification 1.0 documents, as Amazon Polly users keep them.

What this model can honour is the `<alias>`: each `<lexeme>`'s `<grapheme>`s are said as its
first alias, matched whole-word in the document's language (`xml:lang` of the root; its
primary subtag, so "en-US" is en). A lexeme with only `<phoneme>`s cannot be honoured (the
model reads letters, not phones): its graphemes are returned as unsupported, for the caller
to report, never dropped silently. Graphemes match case-sensitively, as written.

Parsed with defusedxml, refusing any DTD, entity declaration or external reference (billion
laughs, XXE): such a document is an error, not a lexicon.
"""

from __future__ import annotations

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

from model_layer.constants import ALL_LANGUAGE_CODES

PLS = "{http://www.w3.org/2005/01/pronunciation-lexicon}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MAX_LEXEMES = 10_000


class PlsError(ValueError):
    """A document that is no usable PLS lexicon; the message says why."""


def looks_like_pls(data: str | bytes) -> bool:
    head = data.lstrip()[:1]
    return head in ("<", b"<")


def parse_pls(
    data: str | bytes, source: str = "lexicon"
) -> tuple[list[tuple[str, str, str | None]], list[str]]:
    """(grapheme, alias, language) per alias entry, and the graphemes that have only
    phonemes."""
    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise PlsError(
            f"{source}: refused: a PLS document may not declare a DTD or entities "
            f"({type(exc).__name__})"
        ) from None
    except ParseError as exc:
        raise PlsError(f"{source}: not well-formed XML ({exc})") from None
    if root.tag not in (f"{PLS}lexicon", "lexicon"):
        raise PlsError(f"{source}: the root element must be a PLS <lexicon>")
    ns = PLS if root.tag.startswith(PLS) else ""
    lang = _language(root.get(XML_LANG), source)
    entries: list[tuple[str, str, str | None]] = []
    unsupported: list[str] = []
    lexemes = root.findall(f"{ns}lexeme")
    if len(lexemes) > MAX_LEXEMES:
        raise PlsError(f"{source}: more than {MAX_LEXEMES} lexemes")
    for lexeme in lexemes:
        graphemes = [(g.text or "").strip() for g in lexeme.findall(f"{ns}grapheme")]
        graphemes = [g for g in graphemes if g]
        aliases = [(a.text or "").strip() for a in lexeme.findall(f"{ns}alias")]
        aliases = [a for a in aliases if a]
        if aliases:
            entries.extend((grapheme, aliases[0], lang) for grapheme in graphemes)
        elif lexeme.findall(f"{ns}phoneme"):
            unsupported.extend(graphemes)
    return entries, unsupported


def _language(tag: str | None, source: str) -> str | None:
    if not tag:
        return None  # PLS requires it; without it the entries apply to every language
    primary = tag.split("-")[0].split("_")[0].lower()
    if primary not in ALL_LANGUAGE_CODES:
        raise PlsError(f"{source}: xml:lang {tag!r} is not one of the model's languages")
    return primary
