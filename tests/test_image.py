"""What the image must hold so that it starts fast and installs only reviewed bytes.

No Docker engine runs here, so the Dockerfile is read as text; what it promises is
checked against what the handler really imports and against the pinned files.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tests.test_packaging import DOCKERFILE, ROOT, _copies, _stages

REQUIREMENTS = ROOT / "docker" / "requirements.txt"
PIN_SCRIPT = ROOT / "docker" / "pin-requirements.sh"
UNCHECKED_HASH = "--invalidation-mode unchecked-hash"


@pytest.fixture(scope="module")
def stages() -> tuple[dict[str, str], dict[str, dict]]:
    global_args, found = _stages(DOCKERFILE.read_text())
    return global_args, {stage["name"]: stage for stage in found}


def _runs(stage: dict) -> str:
    return " ".join(text for keyword, text in stage["instructions"] if keyword == "RUN")


def _env(stage: dict) -> dict[str, str]:
    env: dict[str, str] = {}
    for keyword, text in stage["instructions"]:
        if keyword == "ENV":
            for word in shlex.split(text):
                key, _, value = word.partition("=")
                env[key] = value
    return env


def _stage_arg(stage: dict, name: str) -> str:
    for keyword, text in stage["instructions"]:
        if keyword == "ARG" and text.startswith(f"{name}="):
            return text.split("=", 1)[1].strip('"')
    raise AssertionError(f"stage {stage['name']} declares no ARG {name}")


# --- bytecode ---------------------------------------------------------------


@pytest.fixture(scope="module")
def imported_files(tiny_model_dir: Path) -> list[Path]:
    """Every module file the entry point imports at init, from a fresh interpreter."""
    script = (
        "import json, sys, handler.app\n"
        "print(json.dumps(sorted({getattr(m, '__file__', None) or '' for m in "
        "list(sys.modules.values())} - {''})))"
    )
    env = {**os.environ, "MODEL_DIR": str(tiny_model_dir), "POWERTOOLS_METRICS_NAMESPACE": "t"}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return [Path(p) for p in json.loads(result.stdout.splitlines()[-1])]


def _sources(files: list[Path], root: Path) -> list[Path]:
    return [f for f in files if f.suffix == ".py" and f.is_relative_to(root)]


def test_every_stdlib_module_the_handler_imports_gets_bytecode_in_the_image(
    stages, imported_files: list[Path]
) -> None:
    global_args, by_name = stages
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    imported = _sources(imported_files, stdlib)
    imported = [f for f in imported if "site-packages" not in f.parts]
    # The slim base image ships no stdlib .pyc at all; without this the list is what a
    # cold start would compile on Lambda's read-only filesystem, every time.
    assert len(imported) > 50, imported
    runtime = by_name["runtime"]
    image_stdlib = _stage_arg(runtime, "PYTHON_STDLIB")
    python_version = re.match(r"python:(3\.\d+)", global_args["PYTHON_IMAGE"]).group(1)
    assert image_stdlib == f"/usr/local/lib/python{python_version}"
    copies = [
        (source, dest)
        for source, _, dest in _copies(runtime)
        if dest.rstrip("/") in ("${PYTHON_STDLIB}", image_stdlib)
    ]
    assert copies, "the runtime stage copies no bytecode into the standard library"
    (source_stage, _), *_ = copies
    builder = by_name[source_stage]
    runs = _runs(builder)
    assert _stage_arg(builder, "PYTHON_STDLIB") == image_stdlib
    assert f"-f {UNCHECKED_HASH} -x '/site-packages/' \"${{PYTHON_STDLIB}}\"" in runs
    assert "-name '*.pyc'" in runs  # only bytecode leaves the stage, not a second stdlib


def test_every_dependency_and_project_module_gets_unchecked_hash_bytecode(
    stages, imported_files: list[Path]
) -> None:
    _, by_name = stages
    site = Path(sysconfig.get_paths()["purelib"])
    assert len(_sources(imported_files, site)) > 50
    assert len(_sources(imported_files, ROOT)) > 20
    assert f"-f {UNCHECKED_HASH} /opt/venv/lib" in _runs(by_name["deps"])
    assert f"-f {UNCHECKED_HASH} /opt/app" in _runs(by_name["app"])
    final = {dest.rstrip("/"): source for source, _, dest in _copies(by_name["runtime"])}
    assert final["/opt/venv"] == "deps"
    # The app ships from `shipped`: the compiled `app` stage less its build-time code.
    assert final["/opt/app"] == "shipped"
    assert "FROM app AS shipped" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert _runs(by_name["shipped"]) == "rm -rf /opt/app/model_layer/build"


def _compile_commands(stages) -> list[list[str]]:
    """Every `python -m compileall` command of the Dockerfile, as argv."""
    found = []
    for stage in stages[1].values():
        for part in _runs(stage).split("&&"):
            if "-m compileall" not in part:
                continue
            words = shlex.split(part)
            if words[:3] == ["python", "-m", "compileall"]:
                found.append(words)
    return found


def _pyc_flags(source: Path) -> int | None:
    pyc = source.parent / "__pycache__" / f"{source.stem}.{sys.implementation.cache_tag}.pyc"
    return int.from_bytes(pyc.read_bytes()[4:8], "little") if pyc.exists() else None


def test_the_dockerfiles_compile_commands_recompile_the_whole_import_set_unchecked(
    stages, tmp_path: Path, imported_files: list[Path]
) -> None:
    """The image's real import set (every module the entry point imports at init: the
    standard library, the dependencies and the project), copied with the timestamp
    bytecode pip (and the base image) leave beside it, then compiled with the
    Dockerfile's own flags: every module must end with a hash-based .pyc that skips the
    source check (PEP 552 flags = 0b01). Without -f, compileall keeps the stale ones."""
    commands = _compile_commands(stages)
    assert len(commands) == 3, commands  # venv, app, standard library
    for command in commands:
        assert "-f" in command and UNCHECKED_HASH in shlex.join(command), command
    venv_command = next(c for c in commands if c[-1] == "/opt/venv/lib")
    options = venv_command[3:-1]

    sources = [f for f in imported_files if f.suffix == ".py" and f.is_file()]
    assert len(sources) > 300, len(sources)
    tree = tmp_path / "import-set"
    copies = []
    for number, source in enumerate(sources):
        # A folder per module keeps same-named modules of different packages apart.
        copy = tree / f"{number:04d}" / source.name
        copy.parent.mkdir(parents=True)
        copy.write_bytes(source.read_bytes())
        copies.append(copy)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree)], check=True)
    assert {_pyc_flags(copy) for copy in copies} == {0}  # what pip leaves: timestamps

    without_force = [option for option in options if option != "-f"]
    subprocess.run([sys.executable, "-m", "compileall", *without_force, str(tree)], check=True)
    assert {_pyc_flags(copy) for copy in copies} == {0}  # unchanged: the bug -f fixes

    subprocess.run([sys.executable, "-m", "compileall", *options, str(tree)], check=True)
    stale = [str(s) for s, copy in zip(sources, copies, strict=True) if _pyc_flags(copy) != 0b01]
    assert not stale, stale[:10]


# --- run time writes nothing outside /tmp ---------------------------------------


def test_image_keeps_onnxruntime_from_writing_under_home(stages, tmp_path: Path) -> None:
    runtime_env = _env(stages[1]["runtime"])
    assert runtime_env.get("HOME") == "/tmp"
    assert runtime_env.get("ORT_DISABLE_TELEMETRY") == "1"

    def home_after_import(disable_telemetry: bool) -> list[Path]:
        home = tmp_path / f"home-{disable_telemetry}"
        home.mkdir()
        # ONNX Runtime stays quiet by itself when it sees CI=true (as CI sets); Lambda sets
        # no such variable, so the control runs without it.
        env = {k: v for k, v in os.environ.items() if k not in ("ORT_DISABLE_TELEMETRY", "CI")}
        env["HOME"] = str(home)
        if disable_telemetry:
            env["ORT_DISABLE_TELEMETRY"] = runtime_env["ORT_DISABLE_TELEMETRY"]
        subprocess.run([sys.executable, "-c", "import onnxruntime"], check=True, env=env)
        return list(home.rglob("*"))

    # Without the variable ONNX Runtime creates a database under $HOME/.cache, which on
    # Lambda's read-only filesystem fails; with the image's setting it writes nothing.
    assert home_after_import(disable_telemetry=False)
    assert home_after_import(disable_telemetry=True) == []


def test_image_runs_as_an_unprivileged_user(stages) -> None:
    users = [text for keyword, text in stages[1]["runtime"]["instructions"] if keyword == "USER"]
    assert users, "the runtime stage sets no USER"
    uid = users[-1].split(":")[0]
    assert uid.isdigit() and int(uid) != 0


# --- pinned dependencies ------------------------------------------------------


def _pins() -> dict[str, tuple[str, list[str]]]:
    """name -> (version, hashes) from docker/requirements.txt."""
    text = REQUIREMENTS.read_text().replace("\\\n", " ")
    pins = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        spec = line.split()[0]
        name, _, version = spec.partition("==")
        pins[name.lower().replace("_", "-")] = (version, re.findall(r"--hash=sha256:(\w+)", line))
    return pins


def test_image_installs_only_hash_pinned_dependencies(stages) -> None:
    runs = _runs(stages[1]["deps"])
    assert "--require-hashes" in runs and "-r docker/requirements.txt" in runs
    pins = _pins()
    for name, (version, hashes) in pins.items():
        assert re.fullmatch(r"\d+(\.\w+)*", version), (name, version)
        assert hashes and all(len(h) == 64 for h in hashes), name


def test_pins_cover_every_runtime_dependency_within_its_range() -> None:
    pins = _pins()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for line in project["dependencies"]:
        requirement = Requirement(line)
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"{name} is not pinned: run sh {PIN_SCRIPT.relative_to(ROOT)}"
        assert requirement.specifier.contains(pins[name][0]), (name, pins[name][0])


def test_pins_are_regenerated_by_one_documented_command() -> None:
    assert os.access(PIN_SCRIPT, os.R_OK)
    script = PIN_SCRIPT.read_text()
    assert "--generate-hashes" in script and "--python-version 3.12" in script
    assert "sh docker/pin-requirements.sh" in (ROOT / "README.md").read_text()
