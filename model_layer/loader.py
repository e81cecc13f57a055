"""Loading a model directory once: four sessions, config, indexer and voices.

Every check runs at load, so a broken directory fails at cold start with a message
naming the file and the problem, never in the middle of a request.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import onnxruntime as ort

from model_layer.constants import (
    CONFIG_PATH,
    GRAPH_INPUTS,
    GRAPH_PATHS,
    INDEXER_PATH,
    VOICE_STYLES_DIR,
)
from model_layer.engine import AcousticConfig, Engine
from model_layer.errors import InvalidStyleError, ModelLoadError
from model_layer.memory import release_free_memory
from model_layer.prepared import single_item_graph, usable_optimized_dir
from model_layer.settings import EngineSettings, get_settings
from model_layer.text.indexer import TextIndexer
from model_layer.voices import Style, load_style_file

# Input name -> (ONNX type, rank, static dims by axis) that the published graphs declare.
INPUT_SPECS: dict[str, tuple[str, int, dict[int, int]]] = {
    "text_ids": ("tensor(int64)", 2, {}),
    "text_mask": ("tensor(float)", 3, {1: 1}),
    "style_dp": ("tensor(float)", 3, {1: 8, 2: 16}),
    "style_ttl": ("tensor(float)", 3, {1: 50, 2: 256}),
    "noisy_latent": ("tensor(float)", 3, {}),
    "text_emb": ("tensor(float)", 3, {}),
    "latent_mask": ("tensor(float)", 3, {1: 1}),
    "current_step": ("tensor(float)", 1, {}),
    "total_step": ("tensor(float)", 1, {}),
    "latent": ("tensor(float)", 3, {}),
}

_OPT_LEVELS = {
    "disable": ort.GraphOptimizationLevel.ORT_DISABLE_ALL,
    "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC,
    "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
    "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
}


def session_options(settings: EngineSettings) -> ort.SessionOptions:
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = settings.threads()
    opts.inter_op_num_threads = settings.inter_op_threads
    opts.execution_mode = (
        ort.ExecutionMode.ORT_SEQUENTIAL
        if settings.execution_mode == "sequential"
        else ort.ExecutionMode.ORT_PARALLEL
    )
    opts.graph_optimization_level = _OPT_LEVELS[settings.graph_optimization]
    opts.enable_cpu_mem_arena = settings.cpu_mem_arena
    opts.enable_mem_pattern = settings.mem_pattern
    spinning = "1" if settings.allow_spinning else "0"
    opts.add_session_config_entry("session.intra_op.allow_spinning", spinning)
    opts.add_session_config_entry("session.inter_op.allow_spinning", spinning)
    # Prepacking the weights for the GEMMs is most of a prepared graph's load (0.34 of
    # the vector estimator's 0.39 s); on the intra-op threads it takes the whole load
    # from 0.49 to 0.44 s on 2 CPUs. The packed weights are the same either way.
    opts.add_session_config_entry("session.prepack.enable_parallel", "1")
    return opts


def _check_graph(rel: str, name: str, session: ort.InferenceSession) -> None:
    declared = {i.name: i for i in session.get_inputs()}
    expected = GRAPH_INPUTS[name]
    if set(declared) != set(expected):
        raise ModelLoadError(
            f"{rel}: graph inputs are {sorted(declared)}, expected {sorted(expected)}"
        )
    for input_name in expected:
        node = declared[input_name]
        onnx_type, rank, static = INPUT_SPECS[input_name]
        if node.type != onnx_type or len(node.shape) != rank:
            raise ModelLoadError(
                f"{rel}: input '{input_name}' is {node.type} of rank {len(node.shape)}, "
                f"expected {onnx_type} of rank {rank}"
            )
        for axis, size in static.items():
            dim = node.shape[axis]
            if isinstance(dim, int) and dim != size:
                raise ModelLoadError(
                    f"{rel}: input '{input_name}' has {dim} at axis {axis}, expected {size}"
                )


def _load_session(
    path: Path, label: str, name: str, options: ort.SessionOptions
) -> ort.InferenceSession:
    try:
        session = ort.InferenceSession(
            str(path), sess_options=options, providers=["CPUExecutionProvider"]
        )
    except Exception as exc:
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ModelLoadError(f"{label}: not a loadable ONNX graph ({first_line})") from exc
    _check_graph(label, name, session)
    # The parsed protobuf is freed now; give its pages back before the next graph
    # loads, so the load peak is the largest graph, not the sum of all of them.
    release_free_memory()
    return session


def _graph_files(model_dir: Path, settings: EngineSettings) -> dict[str, Path]:
    """Which file to load for each graph: prepared ones when usable, else the originals."""
    if settings.prepared_graphs or settings.precision == "int8":
        folder, why_not = usable_optimized_dir(
            model_dir, settings.precision, settings.shared_weights
        )
        if folder is not None:
            return {name: folder / f"{name}.onnx" for name in GRAPH_PATHS}
        if settings.precision == "int8":
            raise ModelLoadError(
                "precision int8 needs graphs prepared by "
                f"`python -m model_layer.build.optimize {model_dir} --int8`: {why_not}"
            )
    return {name: model_dir / rel for name, rel in GRAPH_PATHS.items()}


def _single_item_graphs(files: Mapping[str, Path], settings: EngineSettings) -> dict[str, Path]:
    """The graphs to serve as their single-item path alone: where chunks run one at a
    time (batch size 1) and the build wrote that path. The whole graph packs the weights
    of both its paths at load (~0.1 s more for the full-size vector estimator, on the
    init's critical path); the path alone, only its own."""
    if settings.batch_size != 1:
        return {}
    singles = {name: single_item_graph(path.parent, name) for name, path in files.items()}
    return {name: path for name, path in singles.items() if path.is_file()}


def _read_json(model_dir: Path, rel: Path) -> Any:
    try:
        return json.loads((model_dir / rel).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ModelLoadError(f"{rel}: malformed JSON ({exc.msg} at line {exc.lineno})") from exc


def _acoustic_config(doc: Any) -> AcousticConfig:
    def key(section: str, name: str) -> int:
        try:
            value = doc[section][name]
        except (KeyError, TypeError):
            raise ModelLoadError(f"{CONFIG_PATH}: missing key '{section}.{name}'") from None
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise ModelLoadError(f"{CONFIG_PATH}: '{section}.{name}' must be a positive integer")
        return value

    return AcousticConfig(
        sample_rate=key("ae", "sample_rate"),
        base_chunk_size=key("ae", "base_chunk_size"),
        latent_dim=key("ttl", "latent_dim"),
        chunk_compress_factor=key("ttl", "chunk_compress_factor"),
    )


def _load_voices(model_dir: Path) -> dict[str, Style]:
    voices: dict[str, Style] = {}
    for path in sorted((model_dir / VOICE_STYLES_DIR).glob("*.json")):
        try:
            voices[path.stem] = load_style_file(path)
        except InvalidStyleError as exc:
            raise ModelLoadError(f"{VOICE_STYLES_DIR}/{exc}") from exc
    if not voices:
        raise ModelLoadError(f"{VOICE_STYLES_DIR}: no voice style files (*.json)")
    return voices


REVISION_FILE = "REVISION"
WEIGHTS_DIGEST_FILE = "WEIGHTS_SHA256"


def weights_digest(model_dir: Path | str) -> str:
    """The digest of the verified weight set, written by the image build's verification
    (docker/verify_weights.py); "unknown" for a directory the build did not verify."""
    digest_file = Path(model_dir) / WEIGHTS_DIGEST_FILE
    if digest_file.is_file():
        return digest_file.read_text(encoding="utf-8").strip() or "unknown"
    return "unknown"


def _revision(model_dir: Path, config_doc: Mapping[str, Any]) -> str:
    # The image build writes the verified revision next to the model
    # (docker/verify_weights.py); synthetic models describe themselves in tts.json.
    revision_file = model_dir / REVISION_FILE
    if revision_file.is_file():
        return revision_file.read_text(encoding="utf-8").strip()
    synthetic = config_doc.get("synthetic")
    if isinstance(synthetic, Mapping):
        return f"synthetic-{synthetic.get('size')}-seed{synthetic.get('seed')}"
    return "unknown"


def load_parts(
    model_dir: Path | str, settings: EngineSettings | None = None
) -> tuple[Engine, TextIndexer, dict[str, Style], str]:
    """Load and check everything in `model_dir`; raise ModelLoadError naming what is wrong."""
    return start_loading_parts(model_dir, settings).result()


@dataclass(frozen=True)
class PendingParts:
    """A model directory whose files are checked and whose graph sessions are being
    created in background threads. ONNX Runtime releases the GIL while it builds a
    session, so the caller can import and set up the rest meanwhile; `result()` waits.
    `general`: how to load the whole graph where a session serves its single-item path."""

    sessions: Mapping[str, Future[ort.InferenceSession]]
    config: AcousticConfig
    indexer: TextIndexer
    voices: dict[str, Style]
    revision: str
    general: Mapping[str, Callable[[], ort.InferenceSession]]

    def result(self) -> tuple[Engine, TextIndexer, dict[str, Style], str]:
        """The loaded parts; raises the first graph's ModelLoadError, if any."""
        sessions = {name: future.result() for name, future in self.sessions.items()}
        engine = Engine(sessions, self.config, self.general)
        return engine, self.indexer, self.voices, self.revision


def start_loading_parts(
    model_dir: Path | str, settings: EngineSettings | None = None
) -> PendingParts:
    """Check `model_dir` and start creating its graph sessions; returns at once.

    The files are checked, and the small ones (config, indexer, voices) read, here in the
    caller: a broken directory raises from here (a missing file or a bad config before
    any session starts), a graph that fails to load from `result()`."""
    model_dir = Path(model_dir)
    settings = settings or get_settings()
    if not model_dir.is_dir():
        raise ModelLoadError(f"{model_dir}: model directory does not exist")
    required = [CONFIG_PATH, INDEXER_PATH, *GRAPH_PATHS.values()]
    missing = [str(rel) for rel in required if not (model_dir / rel).is_file()]
    if missing:
        raise ModelLoadError(f"{model_dir}: missing file(s): {', '.join(missing)}")

    config_doc = _read_json(model_dir, CONFIG_PATH)
    if not isinstance(config_doc, Mapping):
        raise ModelLoadError(f"{CONFIG_PATH}: must be a JSON object")
    config = _acoustic_config(config_doc)
    files = _graph_files(model_dir, settings)
    # Largest first: while it loads, nothing else is being parsed.
    by_size = sorted(files, key=lambda name: files[name].stat().st_size, reverse=True)
    # One graph at a time, prepared or not: building a session holds its weights twice for
    # a moment (mapped from the data file, or parsed, and packed for the CPU kernels), and
    # two builds at once added both moments to the peak: VmHWM 664 -> 557 MB for the
    # full-size model with one thread (RSS after load 514 MB either way), and no slower
    # on 2 CPUs (0.83-0.93 s -> 0.71-0.75 s), since each build packs on every intra-op
    # thread already (session.prepack.enable_parallel).
    options = session_options(settings)
    served = files | _single_item_graphs(files, settings)

    def load(name: str, path: Path) -> ort.InferenceSession:
        return _load_session(path, str(path.relative_to(model_dir)), name, options)

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="load")
    sessions = {name: pool.submit(load, name, served[name]) for name in by_size}
    pool.shutdown(wait=False)  # the queued loads still run; the threads end with them
    # Read while the graphs load: parsing the voices alone takes ~45 ms.
    try:
        indexer = TextIndexer.from_file(model_dir / INDEXER_PATH)
    except ValueError as exc:
        raise ModelLoadError(f"{INDEXER_PATH}: {exc}") from exc
    voices = _load_voices(model_dir)
    # A run whose masks are not all ones (a padded batch: see Engine.session_for) takes
    # the whole graph, loaded then.
    general = {
        name: partial(load, name, files[name]) for name in served if served[name] != files[name]
    }
    return PendingParts(
        sessions, config, indexer, voices, _revision(model_dir, config_doc), general
    )
