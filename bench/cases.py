"""The cases: which workers to spawn, with what arguments, and where their numbers go.

Within a run the implementations take turns in a rotating order, so a machine that
slows down over time does not always penalize the same one.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bench.report import IMPLS, SIZES, STEPS, Report
from bench.runner import WorkerError, run_worker
from bench.stats import percentile
from bench.texts import BOOK, LONG, MEDIUM, SHORT, TEXTS

CASE_NAMES = (
    "cold", "rss", "rtf", "latency", "soak", "threads", "int8", "text", "batch", "stream",
    "layouts", "mixed-soak",
)  # fmt: skip
# The layouts case: each synthetic layout (ours, and that of the released files) against
# the official package on the same graphs; ours in fp32 and int8. "words": the official
# package given the words our normalizer reads the text as (numbers spelled out), so
# both make the same speech and the ratio is of the same work.
LAYOUT_VARIANTS = (
    ("official", None), ("official", "words"), ("engine", "fp32"), ("engine", "int8"),
)  # fmt: skip
# The handler adds request parsing and WAV encoding to the engine, not model work,
# so rates are compared engine vs official; the handler's cost shows in latency.
ENGINES = ("official", "engine")
SOAK_IMPLS = ("handler", "official")
THREAD_COUNTS = (1, 2)


@dataclass(frozen=True)
class Config:
    model_dir: str
    runs: int
    soak: int
    soak_every: int
    soak_steps: int
    repeats: int
    latency_requests: int
    cold_requests: int = 10
    steps: int = 8
    # The released-layout model (python -m model_layer.build.synthetic --layout released).
    released_model_dir: str = ""
    layout_sizes: tuple[str, ...] = ("600", "3000")
    layouts: tuple[str, ...] = ("ours", "released")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def rotated(impls: Sequence[str], run: int) -> list[str]:
    shift = run % len(impls)
    return [*impls[shift:], *impls[:shift]]


class Bench:
    def __init__(self, config: Config, report: Report):
        self.config = config
        self.report = report

    def measure(
        self,
        impl: str,
        case: str,
        args: dict[str, Any],
        what: str,
        env: Mapping[str, str] | None = None,
    ) -> dict[str, Any]:
        """The worker's result, or {} after recording why there is none: one crash
        should cost its numbers, not the whole run."""
        started = time.perf_counter()
        try:
            args = {"model_dir": self.config.model_dir, **args}
            result = run_worker(impl, case, args, log, env)
        except WorkerError as exc:
            self.report.errors.append(str(exc))
            log(f"  {what}: FAILED\n{exc}")
            return {}
        log(f"  {what}: {time.perf_counter() - started:.0f} s")
        return result

    def cold(self) -> None:
        for run in range(self.config.runs):
            for impl in rotated(IMPLS, run):
                args = {"text": SHORT, "steps": self.config.steps}
                r = self.measure(
                    impl, "cold", args | {"requests": self.config.cold_requests}, f"{impl} #{run}"
                )
                if not r:
                    continue
                first, tenth = r["request_s"][0], r["request_s"][-1]
                self.report.add("cold.ready_s", impl, r["ready_s"])
                self.report.add("cold.first_response_s", impl, r["first_response_s"])
                self.report.add("cold.load_s", impl, r["load_s"])
                self.report.add("cold.first_request_s", impl, first)
                self.report.add("cold.tenth_request_s", impl, tenth)
                self.report.add("cold.first_over_tenth", impl, first / tenth)

    def rss(self) -> None:
        for run in range(self.config.runs):
            for impl in rotated(IMPLS, run):
                peaks = {}
                for size in SIZES:
                    args = {"text": TEXTS[size], "steps": self.config.steps}
                    r = self.measure(impl, "rss", args, f"{impl} ~{size} chars #{run}")
                    if not r:
                        continue
                    peaks[size] = r["peak_mb"]
                    # Ours spells numbers out, so the same text is more speech for us.
                    audio = self.report.meta.setdefault("audio_seconds", {})
                    audio.setdefault(impl, {})[size] = round(r["audio_s"], 2)
                    self.report.add("rss.after_load_mb", impl, r["after_load_mb"])
                    self.report.add("rss.load_peak_mb", impl, r["load_peak_mb"])
                    self.report.add(f"rss.peak_{size}_mb", impl, r["peak_mb"])
                if "600" in peaks and "3000" in peaks:
                    delta = peaks["3000"] - peaks["600"]
                    self.report.add("rss.peak_3000_minus_600_mb", impl, delta)

    def rtf(self) -> None:
        for run in range(self.config.runs):
            for impl in rotated(ENGINES, run):
                args = {
                    "warmup_text": SHORT,
                    "texts": TEXTS,
                    "steps": list(STEPS),
                    "repeats": self.config.repeats,
                }
                r = self.measure(impl, "rtf", args, f"{impl} #{run}")
                for size, by_steps in r.get("rtf", {}).items():
                    for steps, value in by_steps.items():
                        self.report.add(f"rtf.steps{steps}_{size}", impl, value)

    def latency(self) -> None:
        for run in range(self.config.runs):
            for impl in rotated(IMPLS, run):
                args = {
                    "text": SHORT,
                    "steps": self.config.steps,
                    "requests": self.config.latency_requests,
                }
                r = self.measure(impl, "latency", args, f"{impl} #{run}")
                if not r:
                    continue
                milliseconds = [s * 1000 for s in r["request_s"]]
                self.report.add("latency.p50_ms", impl, percentile(milliseconds, 50))
                self.report.add("latency.p95_ms", impl, percentile(milliseconds, 95))

    def soak(self) -> None:
        """Once per implementation, whatever --runs says: the series within one long
        process is the measurement."""
        for impl in SOAK_IMPLS:
            args = {
                "invocations": self.config.soak,
                "every": self.config.soak_every,
                "seed": 0,
                "shortest": 10,
                "longest": 600,
                "steps": self.config.soak_steps,
            }
            r = self.measure(impl, "soak", args, f"{impl} x{self.config.soak}")
            if not r:
                continue
            series = r["series"]
            self.report.series[impl] = series
            # series[0] is right after load; the target compares against the first sample.
            first, end = series[1][1], series[-1][1]
            self.report.add("soak.rss_first_mb", impl, first)
            self.report.add("soak.rss_end_mb", impl, end)
            self.report.add("soak.end_over_first", impl, end / first)

    def int8(self) -> None:
        """The opt-in int8 mode against the official package (which has no such mode)."""
        for run in range(self.config.runs):
            for impl in rotated(ENGINES, run):
                args = {
                    "warmup_text": SHORT,
                    "texts": TEXTS,
                    "steps": [self.config.steps],
                    "repeats": self.config.repeats,
                    "precision": "int8" if impl == "engine" else None,
                }
                r = self.measure(impl, "rtf", args, f"{impl} int8 #{run}")
                for size, by_steps in r.get("rtf", {}).items():
                    self.report.add(f"int8.rtf_{size}", impl, by_steps[str(self.config.steps)])

    def threads(self) -> None:
        for run in range(self.config.runs):
            for impl in rotated(ENGINES, run):
                for threads in THREAD_COUNTS:
                    args = {
                        "warmup_text": SHORT,
                        "texts": {"600": MEDIUM},
                        "steps": [self.config.steps],
                        "repeats": self.config.repeats,
                        "threads": threads,
                    }
                    r = self.measure(impl, "rtf", args, f"{impl} {threads} thread(s) #{run}")
                    if r:
                        value = r["rtf"]["600"][str(self.config.steps)]
                        self.report.add(f"threads.rtf_{threads}", impl, value)

    def text(self) -> None:
        """The cost of the text front end: cold start with and without the language
        identifier (paired per run, order alternating), and detection plus normalization
        of ~3000 characters against their synthesis, in the same process."""
        for run in range(self.config.runs):
            ready = {}
            for identifier in (True, False) if run % 2 == 0 else (False, True):
                args = {
                    "text": LONG,
                    "steps": self.config.steps,
                    "repeats": max(3, self.config.repeats),
                    "identifier": identifier,
                    "synthesize": identifier,
                }
                label = f"engine identifier {'on' if identifier else 'off'} #{run}"
                r = self.measure("engine", "text", args, label)
                if not r:
                    continue
                ready[identifier] = r["ready_s"]
                state = "on" if identifier else "off"
                self.report.add(f"text.ready_identifier_{state}_s", "engine", r["ready_s"])
                if "identifier_init_s" in r:
                    self.report.add("text.identifier_init_s", "engine", r["identifier_init_s"])
                if "synthesis_s" in r:
                    self.report.add("text.normalize_3000_ms", "engine", r["normalize_s"] * 1000)
                    self.report.add("text.synthesis_3000_s", "engine", r["synthesis_s"])
                    share = r["normalize_s"] / r["synthesis_s"]
                    self.report.add("text.normalize_over_synthesis", "engine", share)
            if len(ready) == 2:
                self.report.add("text.identifier_cold_s", "engine", ready[True] - ready[False])

    def batch(self) -> None:
        """An S3 upload of ~20,000 characters narrated by the handler in one invocation,
        from the event to the manifest (ours only: the official package has no batch)."""
        for run in range(self.config.runs):
            args = {"text": BOOK, "steps": self.config.steps}
            r = self.measure("handler", "batch", args, f"handler #{run}")
            if r:
                self.report.add("batch.audio_per_wall", "handler", r["audio_s"] / r["wall_s"])
                self.report.add("batch.peak_rss_mb", "handler", r["peak_mb"])

    def stream(self) -> None:
        """Time to first audio byte and total, streamed vs buffered, same process: the
        handler answers each text both ways (in alternating order from run to run)."""
        for run in range(self.config.runs):
            args = {"texts": TEXTS, "steps": self.config.steps, "streamed_first": run % 2 == 1}
            r = self.measure("handler", "stream", args, f"handler streamed vs buffered #{run}")
            for size, timings in r.get("timings", {}).items():
                for name, value in timings.items():
                    self.report.add(f"stream.{name}_{size}_s", "handler", value)
            short = r.get("timings", {}).get("60", {}).get("buffered_total")
            for size, timings in r.get("timings", {}).items():
                ttfb, total = timings["streamed_ttfb"], timings["buffered_total"]
                self.report.add(f"stream.ttfb_over_buffered_{size}", "handler", ttfb / total)
                if short:
                    self.report.add(
                        f"stream.ttfb_over_short_buffered_{size}", "handler", ttfb / short
                    )

    def layouts(self) -> None:
        """Synthesis time of ~600 and ~3,000 characters on both synthetic layouts: the
        official package on the unmodified graphs, ours on the prepared (rewritten)
        graphs in fp32 and int8, fresh processes in rotating order."""
        dirs = {"ours": self.config.model_dir, "released": self.config.released_model_dir}
        texts = {size: TEXTS[size] for size in self.config.layout_sizes}
        for run in range(self.config.runs):
            for layout, model_dir in dirs.items():
                if not model_dir or layout not in self.config.layouts:
                    continue
                for impl, variant in rotated(LAYOUT_VARIANTS, run):
                    args = {
                        "model_dir": model_dir,
                        "warmup_text": SHORT,
                        "texts": texts,
                        "steps": [self.config.steps],
                        "repeats": self.config.repeats,
                        "precision": variant if impl == "engine" else None,
                        "same_words": variant == "words",
                    }
                    label = f"{layout} layout, {impl} {variant or ''} #{run}"
                    r = self.measure(impl, "rtf", args, label)
                    if r:
                        self._add_layout_run(layout, impl, variant, r)

    def _add_layout_run(
        self, layout: str, impl: str, variant: str | None, result: Mapping[str, Any]
    ) -> None:
        steps = str(self.config.steps)
        for size in self.config.layout_sizes:
            wall = result["wall"][size][steps]
            rtf = result["rtf"][size][steps]
            if impl == "official":
                # The official run is the baseline of both the fp32 and int8 rows; its
                # "words" run, of the same rows compared on the same speech.
                suffix = "_words" if variant == "words" else ""
                for mode in ("fp32", "int8"):
                    self.report.add(f"layouts.{layout}_{mode}_{size}{suffix}_s", impl, wall)
                    self.report.add(f"layouts.{layout}_{mode}_rtf_{size}{suffix}", impl, rtf)
                continue
            for suffix in ("", "_words"):
                self.report.add(f"layouts.{layout}_{variant}_{size}{suffix}_s", impl, wall)
                self.report.add(f"layouts.{layout}_{variant}_rtf_{size}{suffix}", impl, rtf)

    def mixed_soak(self) -> None:
        """One process serving every kind of invocation (bench/mixed_schedule.py) against
        a real S3: RSS, descriptors and threads flat, every answer right."""
        from bench import mixed_soak

        with mixed_soak.storage() as (env, input_bucket):
            args = {
                "invocations": self.config.soak,
                "every": self.config.soak_every,
                "seed": 0,
                "steps": self.config.soak_steps,
                "input_bucket": input_bucket,
            }
            r = self.measure(
                "handler", "mixed-soak", args, f"handler mixed x{args['invocations']}", env
            )
        if r:
            mixed_soak.record(self.report, r)

    def run(self, cases: Sequence[str]) -> dict[str, float]:
        """Run the cases in order; returns the seconds each took."""
        methods: dict[str, Callable[[], None]] = {
            name: getattr(self, name.replace("-", "_")) for name in CASE_NAMES
        }
        seconds = {}
        for case in cases:
            log(f"[{case}]")
            started = time.perf_counter()
            methods[case]()
            seconds[case] = time.perf_counter() - started
            log(f"[{case}] done in {seconds[case]:.0f} s")
        return seconds
