"""Commands for people at a terminal, registered on `python -m handler`:

- `speak`: text to an audio file through the same handler path as `invoke`;
- `status`: a batch narration's status.json, with a progress bar.
"""

from __future__ import annotations

import argparse

from handler.cli import speak, status


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the commands; each sets `run(args) -> exit status` on its parsed arguments."""
    speak.register(commands)
    status.register(commands)
