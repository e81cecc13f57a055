"""README.md is the front door and docs/ the manual: their commands, settings, error codes
and links stay true."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from handler.config import HandlerSettings
from handler.errors import DOCUMENT_ERRORS, ERROR_TABLE, INTERNAL_ERROR
from model_layer.settings import EngineSettings

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONFIGURATION = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
# A front door, not a manual: the manual's pages carry the detail.
README_MAX_LINES = 300
# [text](target) outside code; images and reference links are not used here.
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _top_commands() -> list[str]:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def _without_fences(markdown: str) -> str:
    return re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)


def _prose(markdown: str) -> str:
    """The markdown without its fenced code blocks and inline code (links there are text)."""
    return re.sub(r"`[^`\n]*`", "", _without_fences(markdown))


def _slugs(markdown: str) -> set[str]:
    """Heading anchors as GitHub and MkDocs' toc both make them for these headings."""
    slugs = set()
    for heading in re.findall(r"^#{1,6} (.+)$", _without_fences(markdown), flags=re.M):
        text = re.sub(r"[^\w\s-]", "", heading.replace("`", "")).strip().lower()
        slugs.add(re.sub(r"[-\s]+", "-", text))
    return slugs


def test_exactly_two_commands_open_the_readme() -> None:
    assert README.index("```sh") < 600
    assert len(_top_commands()) == 2


def test_ci_runs_the_readme_test_command() -> None:
    test_command = _top_commands()[1]
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_manual_opens_with_the_same_two_commands() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", index, re.S)
    assert block is not None
    assert [line for line in block.group(1).splitlines() if line and line[0] != "#"] == (
        _top_commands()
    )


def test_the_readme_is_a_front_door() -> None:
    assert len(README.splitlines()) <= README_MAX_LINES


def test_every_setting_is_documented() -> None:
    for name in HandlerSettings.model_fields:
        assert f"`{name.upper()}`" in CONFIGURATION, name
    for name in EngineSettings.model_fields:
        assert f"`SUPERTONIC_{name.upper()}`" in CONFIGURATION, name


def test_every_error_code_is_documented() -> None:
    documents = [(status, code) for code, status in DOCUMENT_ERRORS.items()]
    for status, code in [*ERROR_TABLE.values(), *documents, INTERNAL_ERROR]:
        assert re.search(rf"\| {status} \| `{code}` \|", API), code


def test_every_relative_link_in_the_readme_resolves() -> None:
    links = LINK.findall(_prose(README))
    assert links, "the README links into the manual"
    for link in links:
        if re.match(r"[a-z]+:", link):
            continue
        path, _, anchor = link.partition("#")
        target = (ROOT / unquote(path)) if path else ROOT / "README.md"
        assert target.is_file(), link
        if anchor and target.suffix == ".md":
            assert anchor in _slugs(target.read_text(encoding="utf-8")), link


def test_the_readme_reaches_deploying_and_fixing_a_language() -> None:
    """A newcomer's two routes, each one link from the README to the page that answers."""
    links = LINK.findall(_prose(README))
    assert "docs/deploy.md" in links
    assert "docs/languages.md#a-language-reads-something-wrong-where-to-fix-it" in links
    languages = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    assert "model_layer/text/langs/<code>/" in languages
    assert "tests/model_layer/golden/<code>.tsv" in languages
