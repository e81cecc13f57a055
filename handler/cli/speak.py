"""`python -m handler speak "Text to read" --voice F2 --lang de --format mp3 --out hallo.mp3`

Text (or `-` for stdin) to an audio file, through the same entry point and path as
`python -m handler invoke` with a direct-invoke event: the same validation, normalization,
errors and audio. On a terminal, stderr shows the chunks done out of the total and an ETA.
"""

from __future__ import annotations

import argparse
import base64
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from handler.cli.progress import ChunkProgress, ProgressBar
from model_layer import ModelLoadError

EXTENSIONS = {name: name for name in ("wav", "flac", "mp3", "opus", "ogg", "pcm")}
# A local run writes a file: Lambda's 6 MB response limit, which INLINE_AUDIO_LIMIT_BYTES
# models, does not apply to it (set the variable to model it anyway).
LOCAL_INLINE_LIMIT_BYTES = str(2**40)


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    speak = commands.add_parser(
        "speak",
        help="synthesize text to an audio file (the invoke path, with a progress bar)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    speak.add_argument("text", help="the text to read, or - to read it from stdin")
    speak.add_argument("--voice", default="M1", help="a preset (M1-M5, F1-F5); default M1")
    speak.add_argument("--lang", help="language code (default: detected)")
    speak.add_argument("--format", default="wav", choices=sorted(EXTENSIONS), help="default wav")
    speak.add_argument("--out", help="output file, - for stdout (default speech.FORMAT)")
    speak.add_argument("--ssml", action="store_true", help="the text is an SSML <speak> document")
    speak.add_argument("--seed", type=int, help="same seed, same audio")
    speak.add_argument("--steps", type=int, help="denoising steps, 1-100 (default 8)")
    speak.add_argument("--speed", type=float, help="0.7-2.0 (default 1.05)")
    speak.add_argument("--sample-rate", type=int, help="output sample rate (default 44100)")
    speak.add_argument(
        "--verbose", action="store_true", help="show the function's JSON logs and metrics on stderr"
    )
    speak.add_argument(
        "--timeout", type=float, default=900.0, help="seconds to the deadline (900, as deployed)"
    )
    speak.set_defaults(run=run)


def speech_event(args: argparse.Namespace, text: str) -> dict[str, Any]:
    """The direct-invoke event `python -m handler invoke` would be given for these options."""
    event: dict[str, Any] = {"text": text, "voice": args.voice, "format": args.format}
    event["delivery"] = "inline"
    if args.ssml:
        event["text_type"] = "ssml"
    optional = {
        "lang": args.lang,
        "seed": args.seed,
        "steps": args.steps,
        "speed": args.speed,
        "sample_rate": args.sample_rate,
    }
    event.update({name: value for name, value in optional.items() if value is not None})
    return event


def observe_chunks(synthesizer: Any, bar: ProgressBar) -> None:
    """Count the chunks the synthesizer yields, on this process's instance only: the
    handler path itself is unchanged."""
    stream: Callable[..., Iterator[Any]] = synthesizer.stream

    def counted(plan: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        progress = ChunkProgress(bar, len(plan.chunks), float(plan.total_samples))
        for pcm in stream(plan, *args, **kwargs):
            yield pcm
            progress.advance(float(len(pcm)))
        bar.finish()

    synthesizer.stream = counted


@contextmanager
def _function_output(verbose: bool) -> Iterator[None]:
    """What the function prints on stdout (JSON logs, EMF metrics) goes to stderr with
    --verbose, else nowhere: a person wants the file and one summary line, and with
    `--out -` stdout must carry the audio and nothing else. Redirected at the descriptor,
    since the logger holds its own reference to the stream."""
    sys.stdout.flush()
    saved = os.dup(1)
    target = os.open(os.devnull, os.O_WRONLY) if not verbose else os.dup(2)
    try:
        os.dup2(target, 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        os.close(target)


def run(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.text == "-" else args.text
    out = args.out or f"speech.{EXTENSIONS[args.format]}"
    os.environ.setdefault("INLINE_AUDIO_LIMIT_BYTES", LOCAL_INLINE_LIMIT_BYTES)
    from handler.context import LocalContext

    bar = ProgressBar(sys.stderr)
    with _function_output(verbose=args.verbose):
        try:
            from handler import app  # the init phase: loads the model
        except ModelLoadError as exc:
            print(f"cannot load the model: {exc}", file=sys.stderr)
            return 2
        observe_chunks(app.function.synthesizer, bar)
        try:
            document = app.lambda_handler(speech_event(args, text), LocalContext(args.timeout))
        finally:
            bar.finish()
    if "error" in document:
        error = document["error"]
        print(f"{error['code']} ({error['status']}): {error['message']}", file=sys.stderr)
        return 1
    audio = base64.b64decode(document["audio_base64"])
    if out == "-":
        sys.stdout.buffer.write(audio)
        sys.stdout.buffer.flush()
    else:
        Path(out).write_bytes(audio)
    dropped = document.get("x-dropped-characters")
    print(
        f"wrote {len(audio)} bytes to {'stdout' if out == '-' else out}: "
        f"{float(document['x-audio-duration']):.2f} s of {args.format}, "
        f"language {document['x-language']}, seed {document['x-seed']}"
        + (f", dropped {dropped}" if dropped else ""),
        file=sys.stderr,
    )
    return 0
