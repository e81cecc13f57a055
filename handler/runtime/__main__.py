"""`python -m handler.runtime [HANDLER]`: the streaming-capable runtime (see __init__.py)."""

from __future__ import annotations

import sys

from handler.runtime.loop import main

DEFAULT_HANDLER = "handler.stream_app.lambda_handler"

if __name__ == "__main__":
    spec = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_HANDLER
    sys.exit(main(spec))
