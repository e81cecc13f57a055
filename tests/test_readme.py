"""The README is the user's manual: its commands, variables and error codes stay true."""

from __future__ import annotations

import re
from pathlib import Path

from handler.config import HandlerSettings
from handler.errors import ERROR_TABLE, INTERNAL_ERROR
from model_layer.settings import EngineSettings

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _top_commands() -> list[str]:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_exactly_two_commands_open_the_readme() -> None:
    assert README.index("```sh") < 600
    assert len(_top_commands()) == 2


def test_ci_runs_the_readme_test_command() -> None:
    test_command = _top_commands()[1]
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_setting_is_documented() -> None:
    for name in HandlerSettings.model_fields:
        assert f"`{name.upper()}`" in README, name
    for name in EngineSettings.model_fields:
        assert f"`SUPERTONIC_{name.upper()}`" in README, name


def test_every_error_code_is_documented() -> None:
    for status, code in [*ERROR_TABLE.values(), INTERNAL_ERROR]:
        assert re.search(rf"\| {status} \| `{code}` \|", README), code
