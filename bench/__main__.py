"""`python -m bench`: see bench/__init__.py. Progress goes to stderr, the table to stdout."""

from __future__ import annotations

import argparse
import importlib.metadata
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from bench import machine
from bench.cases import CASE_NAMES, Bench, Config, log
from bench.report import Report, render_notes, render_table
from bench.texts import TEXTS
from bench.worker import REPO

DEFAULT_JSON = REPO / "bench" / "results" / "latest.json"
DEFAULTS = {"runs": 5, "soak": 1000, "soak_every": 100, "repeats": 2, "latency_requests": 30}
# Run only when asked for: the full mixed soak alone takes about as long as all the rest.
OPT_IN_CASES = ("mixed-soak",)
# --quick: the tiny model and just enough of everything to prove the harness works.
QUICK = {"runs": 1, "soak": 50, "soak_every": 10, "repeats": 1, "latency_requests": 10}


def parse_cases(value: str) -> list[str]:
    cases = [case.strip() for case in value.split(",") if case.strip()]
    unknown = sorted(set(cases) - set(CASE_NAMES))
    if unknown or not cases:
        raise argparse.ArgumentTypeError(
            f"unknown case(s) {', '.join(unknown) or '(none)'}; choose from {','.join(CASE_NAMES)}"
        )
    return cases


def positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {number}")
    return number


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--runs", type=positive, help="fresh processes per measurement (5)")
    parser.add_argument("--soak", type=positive, help="invocations in the soak (1000)")
    parser.add_argument("--soak-every", type=positive, help="RSS sample interval (100)")
    parser.add_argument("--soak-steps", type=positive, default=8, help="steps in the soak (8)")
    parser.add_argument("--repeats", type=positive, help="syntheses per RTF measurement (2)")
    parser.add_argument("--latency-requests", type=positive, help="requests per latency run (30)")
    parser.add_argument(
        "--cases",
        type=parse_cases,
        default=[case for case in CASE_NAMES if case not in OPT_IN_CASES],
        help=f"default: all but {', '.join(OPT_IN_CASES)}",
    )
    parser.add_argument(
        "--layout-sizes",
        type=lambda v: tuple(s for s in v.split(",") if s),
        default=("600", "3000"),
        help="text sizes of the layouts case (600,3000)",
    )
    parser.add_argument(
        "--layouts",
        type=lambda v: tuple(s for s in v.split(",") if s),
        default=("ours", "released"),
        help="model layouts of the layouts case (ours,released)",
    )
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write results")
    parser.add_argument("--model-dir", type=Path, help="default: the cached synthetic model")
    parser.add_argument(
        "--released-model-dir",
        type=Path,
        help="the released-layout model of the layouts case (default: the cached synthetic one)",
    )
    parser.add_argument("--quick", action="store_true", help="tiny model, few runs (smoke test)")
    args = parser.parse_args(argv)
    for name, value in (QUICK if args.quick else DEFAULTS).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.soak_every > args.soak:
        parser.error("--soak-every must not exceed --soak")
    return args


def resolve_model_dir(args: argparse.Namespace) -> Path:
    if args.model_dir is not None:
        return args.model_dir.resolve()
    from model_layer.build.synthetic import cached_model_dir

    log("locating (or generating) the synthetic model...")
    return cached_model_dir("tiny" if args.quick else "full")


def resolve_released_dir(args: argparse.Namespace) -> Path:
    if args.released_model_dir is not None:
        return args.released_model_dir.resolve()
    from model_layer.build.synthetic import cached_model_dir

    log("locating (or generating) the released-layout synthetic model...")
    return cached_model_dir("tiny" if args.quick else "full", 0, "released")


def prepare_graphs(model_dir: Path) -> None:
    """Measure what the image ships: graphs prepared at build time, fp32 and int8,
    and the prepared language identifier."""
    from model_layer.build.optimize import optimize_model
    from model_layer.prepared import usable_optimized_dir
    from model_layer.text.detection import is_prepared, prepare_identifier

    if not is_prepared(model_dir):
        log("preparing the language identifier (as the image build does)...")
        prepare_identifier(model_dir)

    for precision in ("fp32", "int8"):
        if usable_optimized_dir(model_dir, precision)[0] is None:
            log(f"preparing the {precision} graphs (as the image build does)...")
            optimize_model(model_dir, precision)


def versions() -> dict[str, str]:
    found = {}
    for package in ("onnxruntime", "numpy", "supertonic"):
        try:
            found[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def git_revision() -> str:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    )
    return result.stdout.strip() or "unknown"


def estimate_default_seconds(seconds: dict[str, float], config: Config) -> float:
    """What the same cases would take at the default settings, scaled from this run."""
    total = 0.0
    for case, spent in seconds.items():
        if case in ("soak", "mixed-soak"):
            total += spent * DEFAULTS["soak"] / config.soak
            continue
        scaled = spent * DEFAULTS["runs"] / config.runs
        if case in ("rtf", "threads", "int8"):
            scaled *= DEFAULTS["repeats"] / config.repeats
        if case == "latency":
            scaled *= DEFAULTS["latency_requests"] / config.latency_requests
        total += scaled
    return total


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["lambda-limits"]:
        from bench.limits import main as lambda_limits

        return lambda_limits(argv[1:])
    if argv[:1] == ["langid"]:
        from bench.langid import main as langid

        return langid(argv[1:])
    if argv[:1] == ["turn"]:
        from bench.turn import main as turn

        return turn(argv[1:])
    if argv[:1] == ["workers"]:
        from bench.workers import main as workers

        return workers(argv[1:])
    args = parse_args(argv)
    model_dir = resolve_model_dir(args)
    prepare_graphs(model_dir)
    released_dir = resolve_released_dir(args) if "layouts" in args.cases else None
    if released_dir is not None:
        prepare_graphs(released_dir)
    config = Config(
        model_dir=str(model_dir),
        released_model_dir=str(released_dir or ""),
        layout_sizes=args.layout_sizes,
        layouts=args.layouts,
        runs=args.runs,
        soak=args.soak,
        soak_every=args.soak_every,
        soak_steps=args.soak_steps,
        repeats=args.repeats,
        latency_requests=args.latency_requests,
    )
    report = Report(
        cases=args.cases,
        meta={
            "command": " ".join(["python -m bench", *(argv if argv is not None else sys.argv[1:])]),
            "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "git_revision": git_revision(),
            "config": vars(config),
            "text_chars": {size: len(text) for size, text in TEXTS.items()},
            "versions": versions(),
        },
    )
    log("measuring machine noise...")
    report.machine = machine.describe() | machine.snapshot("before")
    started = time.perf_counter()
    seconds = Bench(config, report).run(args.cases)
    report.meta["case_seconds"] = seconds
    report.meta["total_seconds"] = time.perf_counter() - started
    report.meta["estimated_default_seconds"] = estimate_default_seconds(seconds, config)
    report.machine |= machine.snapshot("after")
    report.save(args.json)

    print(render_table(report))
    print()
    print(render_notes(report))
    minutes = report.meta["total_seconds"] / 60
    estimate = report.meta["estimated_default_seconds"] / 60
    print(f"- Took {minutes:.1f} min; the same cases at the defaults: about {estimate:.0f} min.")
    print(f"- JSON: {args.json}")
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
