"""What a cold start imports: the init phase (handler.app) loads the model and the
function, not the parsers and writers only a batch document needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = (
    "import sys\n"
    "import handler.app\n"
    "heavy = ('selectolax', 'markdown_it', 'mdit_py_plugins', 'yaml', 'mutagen',"
    " 'model_layer.documents.html', 'model_layer.documents.epub', 'handler.batch')\n"
    "print('LOADED', [m for m in heavy if m in sys.modules])\n"
)


def test_a_cold_start_imports_no_document_parser(tiny_model_dir: Path, tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "MODEL_DIR": str(tiny_model_dir),
        "SUPERTONIC_WARMUP": "false",
        "AWS_DEFAULT_REGION": "us-east-1",
    }
    run = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert "LOADED []" in run.stdout, run.stdout[-1000:] + run.stderr[-2000:]
