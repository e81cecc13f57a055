"""The SSML subset: `<speak>`, `<p>`, `<s>`, `<break>`, `<sub>`, `<say-as>`, `<prosody rate>`
and `<lang>`, plus the model's ten expression tags as empty elements (`<laugh/>`,
`<sigh/>`, ...; see `model_layer.text.tags`), read into the spans the planner speaks
(`model_layer.text.spans`).

Anything else (another tag or attribute, a DOCTYPE, an entity, text outside
`<speak>`) is an `InvalidSsmlError` with its line and column: a request is
either spoken as written or refused, never half-read.
"""

from model_layer.text.ssml.parser import parse_ssml
from model_layer.text.ssml.say_as import INTERPRETATIONS, say_as
from model_layer.text.ssml.values import BREAK_STRENGTHS, RATE_LABELS

__all__ = ["BREAK_STRENGTHS", "INTERPRETATIONS", "RATE_LABELS", "parse_ssml", "say_as"]
