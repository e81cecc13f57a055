"""Exceptions the engine raises; the handler maps each to an HTTP status in one table."""

from __future__ import annotations


class ModelError(Exception):
    """Base class of every error the engine raises on purpose."""


class ModelLoadError(ModelError):
    """The model directory is broken; the message names the file and the problem."""


class InvalidRequestError(ModelError, ValueError):
    """A synthesis parameter is out of range or malformed."""


class EmptyTextError(InvalidRequestError):
    """Nothing speakable is left in the text."""


class UnknownVoiceError(InvalidRequestError):
    """The voice is neither a preset of this model nor a valid inline style."""


class InvalidStyleError(InvalidRequestError):
    """An inline or on-disk voice style has the wrong structure or dimensions."""


class UnsupportedLanguageError(InvalidRequestError):
    """The language code is not one of the model's."""


class SpokenTextTooLongError(InvalidRequestError):
    """The text as it would be read (after SSML, normalization and lexicons) is longer than
    the caller's limit: a small request that expands into enormous work."""

    param = "text"

    def __init__(self, chars: int, limit: int) -> None:
        self.chars = chars
        self.limit = limit
        super().__init__(
            f"the text expands to more than {limit} characters to read (MAX_SPOKEN_CHARS) "
            "after SSML, normalization and lexicons; send shorter text or a smaller lexicon"
        )

    @property
    def details(self) -> dict[str, int | str]:
        return {"limit": "MAX_SPOKEN_CHARS", "max": self.limit, "at_least": self.chars}


class SynthesisCancelled(ModelError):
    """The caller cancelled synthesis (a deadline passed); no further audio follows."""


class InvalidSsmlError(InvalidRequestError):
    """SSML that is malformed or uses markup this engine does not support.

    `line` and `column` are 1-based and point at the offending tag or character.
    """

    param = "text"

    def __init__(self, reason: str, line: int, column: int) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(f"invalid SSML at line {line}, column {column}: {reason}")

    @property
    def details(self) -> dict[str, int]:
        return {"line": self.line, "column": self.column}
