"""The text front end's house rules, checked on the source (ast), so a change that breaks
one fails here with the file and line:

- no module uses another module's private (underscore) names;
- a language is found by its code in one place (`langs.language_module`/`language_part`):
  no other module imports `importlib`, and no shared module (anything outside a language's
  folder `langs/<code>/`) imports a language's folder, so imports run from the languages
  to the shared readers and never back;
- a language's folder does not import another language's;
- the shared shape readers (`shapes/`) take from `langs/` only the registry and the grammar
  every language is written in (`forms`, `spec`, `data`), never the engine or a family's
  module (`nordic`, `central_slavic`, ...), and none of those `langs/` modules imports a
  shape: imports run languages -> families -> shapes -> grammar, never back up;
- no module is longer than one sitting's reading (600 lines).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEXT = ROOT / "model_layer" / "text"
LANGS = TEXT / "langs"
LANGUAGE_CODES = frozenset(p.name for p in LANGS.iterdir() if (p / "__init__.py").is_file())
LOADER = LANGS / "__init__.py"
# What a shape may take from langs/: the registry and the grammar of a spec.
GRAMMAR = frozenset(
    {
        "model_layer.text.langs",
        "model_layer.text.langs.forms",
        "model_layer.text.langs.spec",
        "model_layer.text.langs.data",
    }
)
MAX_LINES = 600


_LANGS_MODULES = frozenset(p.stem for p in LANGS.glob("*.py")) - {"__init__"}


def _modules() -> list[Path]:
    return sorted(TEXT.rglob("*.py"))


def _language(module: str) -> str | None:
    """The language folder a dotted module name is in, if any."""
    match = re.match(r"model_layer\.text\.langs\.([a-z]{2})(?:\.|$)", module)
    return match.group(1) if match and match.group(1) in LANGUAGE_CODES else None


def _name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST) -> list[tuple[int, str, str | None]]:
    """(line, module, imported name or None) of every import, at any depth."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.extend((node.lineno, node.module, alias.name) for alias in node.names)
    return found


def violations(path: Path, root: Path = ROOT) -> list[str]:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    me = _name(path, root)
    mine = _language(me)
    problems = []
    length = len(source.splitlines())
    if length > MAX_LINES:
        problems.append(f"{path.relative_to(root)} has {length} lines, over {MAX_LINES}")
    bound: dict[str, str] = {}  # local name -> the model_layer module it names
    for line, module, name in _imports(tree):
        where = f"{path.relative_to(root)}:{line}"
        if module == "importlib" and path.relative_to(root) != LOADER.relative_to(ROOT):
            problems.append(f"{where} imports importlib: find a language with language_module()")
        if not module.startswith("model_layer"):
            continue
        target = f"{module}.{name}" if name else module
        if name and name.startswith("_") and not name.startswith("__"):
            problems.append(f"{where} imports the private name {name} of {module}")
        theirs = _language(target) or _language(module)
        if theirs and mine is None:
            problems.append(f"{where} (shared) imports the language folder {theirs}")
        if theirs and mine and theirs != mine:
            problems.append(f"{where} (language {mine}) imports language {theirs}")
        in_shapes = me.startswith("model_layer.text.shapes")
        from_langs = module == "model_layer.text.langs" or module.startswith(
            "model_layer.text.langs."
        )
        if in_shapes and from_langs and not theirs:
            taken = (
                target if module == "model_layer.text.langs" and name in _LANGS_MODULES else module
            )
            if taken not in GRAMMAR:
                problems.append(f"{where} (shape) imports {taken}: only the registry and grammar")
        if me in GRAMMAR and module.startswith("model_layer.text.shapes"):
            problems.append(f"{where} (grammar) imports the shape reader {target}")
        if name:
            bound[name] = target
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            where = f"{path.relative_to(root)}:{node.lineno}"
            problems.append(f"{where} uses the private name {node.attr} of {bound[node.value.id]}")
    return problems


def test_the_text_front_end_follows_the_house_rules() -> None:
    problems = [problem for path in _modules() for problem in violations(path)]
    assert problems == []


@pytest.mark.parametrize(
    ("relative", "planted", "expected"),
    [
        ("shapes/scores.py", "from model_layer.text.langs.pl import MONTHS", "(shared) imports"),
        (
            "langs/de/__init__.py",
            "from model_layer.text.langs.fr import SPEC",
            "imports language fr",
        ),
        ("shapes/phones.py", "import importlib", "imports importlib"),
        ("shapes/scores.py", "from model_layer.text.langs import nordic", "(shape) imports"),
        ("shapes/cases.py", "from model_layer.text.langs.engine import Language", "(shape)"),
        ("langs/forms.py", "from model_layer.text.shapes import cases", "(grammar) imports"),
        ("shapes/phones.py", "\n" * 600, "lines"),
        ("langs/de/__init__.py", "from model_layer.text.shapes.cases import _x", "private name _x"),
        (
            "langs/de/__init__.py",
            "from model_layer.text.shapes import cases\ncases._DECLINE",
            "private name _DECLINE",
        ),
    ],
)
def test_a_planted_violation_is_found(
    tmp_path: Path, relative: str, planted: str, expected: str
) -> None:
    """The rules catch what they are for (the test above cannot pass vacuously)."""
    copy = tmp_path / "model_layer" / "text" / relative
    copy.parent.mkdir(parents=True)
    copy.write_text((TEXT / relative).read_text(encoding="utf-8") + "\n" + planted + "\n")
    found = violations(copy, tmp_path)
    assert any(expected in problem for problem in found), found


def test_every_language_the_function_accepts_has_its_folder_and_no_folder_is_stray() -> None:
    """The registry finds a language by its code: a code without a folder would read its
    text as written, a folder without a code would never be reached."""
    from model_layer.constants import LANGUAGES

    assert set(LANGUAGES) == LANGUAGE_CODES
    stray = sorted(p.name for p in LANGS.iterdir() if p.is_dir() and p.name not in {"__pycache__"})
    assert set(stray) == LANGUAGE_CODES, "a folder in langs/ that is no language"
