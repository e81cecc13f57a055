"""What the benchmark measured, the targets it checks, and how both are printed and saved.

Raw values are kept per metric and implementation (one per run) so the JSON can be
re-summarized later; medians, ratios and verdicts are always derived from them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from bench.stats import Summary, summarize

IMPLS = ("official", "engine", "handler")
# Ours: a target holds only if every one of ours meets it.
OURS = ("engine", "handler")
SIZES = ("60", "600", "3000")
STEPS = (8, 5)
LAYOUTS = ("ours", "released")  # the synthetic model's node layouts (model_layer.build.synthetic)


@dataclass(frozen=True)
class Metric:
    key: str  # "<case>.<name>": the case that measures it comes first
    label: str
    # False where ours/official means nothing (differences, ratios of ratios).
    compare: bool = True

    @property
    def case(self) -> str:
        return _case_of(self.key)


# The mixed soak runs ours only (the official package has no HTTP, S3 or batch): no ratios.
# Start is the sample after its warm-up round; max is over the samples from there on.
_MIXED_SOAK_METRICS = tuple(
    Metric(f"mixed-soak.{key}", f"mixed soak: {label}", compare=False)
    for key, label in (
        ("invocations", "invocations"),
        ("incorrect", "incorrect answers"),
        ("rss_start_mb", "RSS at start, after warm-up (MB)"),
        ("rss_end_mb", "RSS at end (MB)"),
        ("rss_max_mb", "RSS max (MB)"),
        ("rss_end_over_start", "RSS end / start"),
        ("anon_start_mb", "anonymous (heap) RSS at start (MB)"),
        ("anon_end_mb", "anonymous (heap) RSS at end (MB)"),
        ("anon_max_mb", "anonymous (heap) RSS max (MB)"),
        ("fds_start", "open fds at start"),
        ("fds_end", "open fds at end"),
        ("fds_max", "open fds max"),
        ("fds_growth", "open fds end minus start"),
        ("threads_start", "threads at start"),
        ("threads_end", "threads at end"),
        ("threads_max", "threads max"),
        ("threads_growth", "threads end minus start"),
    )
)

METRICS: tuple[Metric, ...] = (
    Metric("cold.ready_s", "cold start: process start to ready (s)"),
    Metric("cold.first_response_s", "cold start: process start to first response (s)"),
    Metric("cold.load_s", "load alone (s)"),
    Metric("cold.first_request_s", "1st request, ~60 chars (s)"),
    Metric("cold.tenth_request_s", "10th request, ~60 chars (s)"),
    Metric("cold.first_over_tenth", "1st / 10th request", compare=False),
    Metric("rss.after_load_mb", "RSS after load (MB)"),
    Metric("rss.load_peak_mb", "peak RSS of loading, VmHWM (MB)"),
    *(Metric(f"rss.peak_{size}_mb", f"peak RSS, ~{size} chars (MB)") for size in SIZES),
    Metric("rss.peak_3000_minus_600_mb", "peak ~3000 minus peak ~600 (MB)", compare=False),
    *(
        Metric(f"rtf.steps{steps}_{size}", f"RTF {steps} steps, ~{size} chars")
        for steps in STEPS
        for size in SIZES
    ),
    Metric("latency.p50_ms", "latency ~60 chars p50 (ms)"),
    Metric("latency.p95_ms", "latency ~60 chars p95 (ms)"),
    Metric("soak.rss_first_mb", "soak: RSS at first sample (MB)"),
    Metric("soak.rss_end_mb", "soak: RSS at end (MB)"),
    Metric("soak.end_over_first", "soak: RSS end / first sample", compare=False),
    *(Metric(f"int8.rtf_{size}", f"RTF 8 steps, ~{size} chars, int8 mode") for size in SIZES),
    *(
        metric
        for size in SIZES
        for metric in (
            Metric(
                f"stream.buffered_total_{size}_s",
                f"buffered: total = first byte, ~{size} chars (s)",
            ),
            Metric(
                f"stream.streamed_ttfb_{size}_s", f"streamed: first audio byte, ~{size} chars (s)"
            ),
            Metric(f"stream.streamed_total_{size}_s", f"streamed: total, ~{size} chars (s)"),
            Metric(
                f"stream.ttfb_over_buffered_{size}",
                f"streamed first byte / buffered total, ~{size} chars",
                compare=False,
            ),
            Metric(
                f"stream.ttfb_over_short_buffered_{size}",
                f"streamed first byte / buffered total of ~60 chars, ~{size} chars",
                compare=False,
            ),
        )
    ),
    *(
        metric
        for layout in LAYOUTS
        for mode in ("fp32", "int8")
        for size in ("600", "3000")
        for words, same in (("", ""), ("_words", ", official given the same words"))
        for metric in (
            Metric(
                f"layouts.{layout}_{mode}_{size}{words}_s",
                f"{layout} layout, {mode}: synthesis ~{size} chars, 8 steps{same} (s)",
            ),
            Metric(
                f"layouts.{layout}_{mode}_rtf_{size}{words}",
                f"{layout} layout, {mode}: RTF ~{size} chars, 8 steps{same}",
            ),
        )
    ),
    Metric("threads.rtf_1", "RTF ~600 chars, 8 steps, 1 intra-op thread"),
    Metric("threads.rtf_2", "RTF ~600 chars, 8 steps, 2 intra-op threads"),
    Metric("text.ready_identifier_off_s", "cold start, language identifier off (s)", False),
    Metric("text.ready_identifier_on_s", "cold start, language identifier on (s)", False),
    Metric("text.identifier_cold_s", "cold start on minus off, paired per run (s)", False),
    Metric("text.identifier_init_s", "identifier import + load, timed alone (s)", False),
    Metric("text.normalize_3000_ms", "detect + normalize ~3000 chars (ms)", False),
    Metric("text.synthesis_3000_s", "synthesis of the same ~3000 chars (s)", False),
    Metric("text.normalize_over_synthesis", "normalization / synthesis time", False),
    # Batch narration exists only in ours: no ratio.
    Metric("batch.audio_per_wall", "batch ~20,000 chars: audio s per wall s", compare=False),
    Metric("batch.peak_rss_mb", "batch ~20,000 chars: peak RSS (MB)", compare=False),
    *_MIXED_SOAK_METRICS,
)
METRIC_KEYS = frozenset(metric.key for metric in METRICS)


@dataclass(frozen=True)
class Target:
    metric: str
    limit: float
    relative: bool  # True: ours / official <= limit; False: ours <= limit
    text: str


TARGETS: tuple[Target, ...] = (
    Target("cold.ready_s", 1.0, True, "<= 1.0x"),
    Target("cold.first_over_tenth", 1.0, False, "<= 1.0"),
    Target("rss.after_load_mb", 0.6, True, "<= 0.6x"),
    Target("rss.peak_3000_mb", 0.6, True, "<= 0.6x"),
    Target("rss.peak_3000_minus_600_mb", 30.0, False, "<= 30 MB"),
    *(Target(f"rtf.steps8_{size}", 0.85, True, "<= 0.85x") for size in SIZES),
    Target("soak.end_over_first", 1.05, False, "<= 1.05"),
    *(Target(f"int8.rtf_{size}", 0.5, True, "<= 0.5x") for size in SIZES),
    *(
        Target(f"layouts.{layout}_{mode}_{size}{words}_s", limit, True, f"<= {limit}x")
        for layout in LAYOUTS
        for mode, limit in (("fp32", 0.6), ("int8", 0.35))
        for size in ("600", "3000")
        for words in ("", "_words")
    ),
    Target("text.normalize_over_synthesis", 0.05, False, "<= 0.05"),
    Target("text.identifier_init_s", 0.3, False, "<= 0.3 s"),
    *(Target(f"stream.ttfb_over_buffered_{size}", 0.25, False, "<= 0.25") for size in SIZES[1:]),
    *(Target(f"stream.ttfb_over_short_buffered_{size}", 1.5, False, "< 1.5") for size in SIZES[1:]),
    Target("mixed-soak.incorrect", 0, False, "0"),
    Target("mixed-soak.rss_end_over_start", 1.05, False, "<= 1.05"),
    Target("mixed-soak.fds_growth", 0, False, "<= 0"),
    Target("mixed-soak.threads_growth", 0, False, "<= 0"),
)

Status = Literal["pass", "FAIL", "missing"]


@dataclass(frozen=True)
class Verdict:
    target: Target
    status: Status
    worst: str | None = None  # which of ours decided the verdict
    value: float | None = None  # the ratio (relative) or our median (absolute) that decided


def ratios(summaries: Mapping[str, Summary | None]) -> dict[str, float]:
    """Our medians over the official median, for those of ours that were measured."""
    official = summaries.get("official")
    if official is None or official.median == 0:
        return {}
    return {
        impl: summary.median / official.median
        for impl in OURS
        if (summary := summaries.get(impl)) is not None
    }


def evaluate(target: Target, summaries: Mapping[str, Summary | None]) -> Verdict:
    if target.relative:
        values = ratios(summaries)
    else:
        values = {
            impl: summary.median for impl in OURS if (summary := summaries.get(impl)) is not None
        }
    if not values:
        return Verdict(target, "missing")
    worst = max(values, key=values.__getitem__)
    status: Status = "pass" if values[worst] <= target.limit else "FAIL"
    return Verdict(target, status, worst, values[worst])


@dataclass
class Report:
    cases: list[str]
    # metric key -> implementation -> one value per run
    values: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    # soak: implementation -> [[invocations done, RSS MB], ...]
    series: dict[str, list[list[float]]] = field(default_factory=dict)
    machine: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def add(self, metric: str, impl: str, value: float) -> None:
        if metric not in METRIC_KEYS:
            raise KeyError(f"unknown metric {metric!r}")
        self.values.setdefault(metric, {}).setdefault(impl, []).append(float(value))

    def summaries(self, metric: str) -> dict[str, Summary | None]:
        measured = self.values.get(metric, {})
        return {impl: summarize(measured.get(impl, [])) for impl in IMPLS}

    def verdicts(self) -> list[Verdict]:
        return [
            evaluate(target, self.summaries(target.metric))
            for target in TARGETS
            if _case_of(target.metric) in self.cases
        ]

    def to_dict(self) -> dict[str, Any]:
        """Raw data plus the derived summaries and verdicts, for readers of the file;
        `from_dict` reads back only the raw data."""
        return {
            "cases": self.cases,
            "meta": self.meta,
            "machine": self.machine,
            "values": self.values,
            "series": self.series,
            "errors": self.errors,
            "summary": {
                metric: {
                    impl: asdict(summary)
                    for impl, summary in self.summaries(metric).items()
                    if summary is not None
                }
                for metric in self.values
            },
            "targets": [
                {
                    "metric": verdict.target.metric,
                    "target": verdict.target.text,
                    "status": verdict.status,
                    "worst": verdict.worst,
                    "value": verdict.value,
                }
                for verdict in self.verdicts()
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Report:
        return cls(
            cases=list(data["cases"]),
            values={m: {i: list(v) for i, v in per.items()} for m, per in data["values"].items()},
            series={impl: [list(p) for p in points] for impl, points in data["series"].items()},
            machine=dict(data["machine"]),
            meta=dict(data["meta"]),
            errors=list(data["errors"]),
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Report:
        return cls.from_dict(json.loads(path.read_text(encoding="utf-8")))


def _case_of(metric: str) -> str:
    return metric.split(".", 1)[0]


def fmt(value: float) -> str:
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}"


def fmt_summary(summary: Summary | None) -> str:
    if summary is None:
        return "—"
    if summary.n == 1:
        return fmt(summary.median)
    return f"{fmt(summary.median)} ({fmt(summary.min)}..{fmt(summary.max)})"


def render_table(report: Report) -> str:
    """One markdown row per metric of the cases run: median (min..max) per implementation."""
    verdicts = {verdict.target.metric: verdict for verdict in report.verdicts()}
    lines = [
        "| metric | " + " | ".join(IMPLS) + " | ours/official (worst) | target | result |",
        "|---|" + "---:|" * len(IMPLS) + "---:|---|---|",
    ]
    for metric in METRICS:
        if metric.case not in report.cases:
            continue
        summaries = report.summaries(metric.key)
        cells = [fmt_summary(summaries[impl]) for impl in IMPLS]
        ratio = "—"
        if metric.compare and (per_impl := ratios(summaries)):
            worst = max(per_impl, key=per_impl.__getitem__)
            ratio = f"{per_impl[worst]:.2f}x ({worst})"
        verdict = verdicts.get(metric.key)
        target = verdict.target.text if verdict else ""
        status = verdict.status if verdict else ""
        lines.append(f"| {metric.label} | " + " | ".join([*cells, ratio, target, status]) + " |")
    return "\n".join(lines)


def render_notes(report: Report) -> str:
    """The context a reader needs to trust the table: machine noise, series, errors."""
    lines = []
    machine = report.machine
    if machine:
        lines.append(
            f"Machine: {machine.get('cpu_model')}, {machine.get('cpus')} CPUs; load average "
            f"{machine.get('loadavg_before')} before, {machine.get('loadavg_after')} after; "
            f"other processes' CPU {machine.get('other_cpu_percent_before')}% before, "
            f"{machine.get('other_cpu_percent_after')}% after."
        )
        for when in ("before", "after"):
            calibration = machine.get(f"calibration_{when}")
            if calibration:
                lines.append(
                    f"Calibration {when} (numpy matmul x{calibration['repeats']}): median "
                    f"{calibration['median_ms']:.1f} ms, CV {calibration['cv'] * 100:.1f}%."
                )
    for impl, seconds in report.meta.get("audio_seconds", {}).items():
        shown = ", ".join(f"~{size} chars: {fmt(value)}" for size, value in seconds.items())
        lines.append(f"Audio seconds per text, {impl}: {shown}.")
    for impl, points in report.series.items():
        shown = ", ".join(f"{int(n)}: {fmt(rss)}" for n, rss in points)
        lines.append(f"Soak RSS (MB) by invocations, {impl}: {shown}.")
    threads = _threads_note(report)
    if threads:
        lines.append(threads)
    mixed = _mixed_soak_note(report)
    if mixed:
        lines.append(mixed)
    lines.extend(f"Error: {error}" for error in report.errors)
    return "\n".join(f"- {line}" for line in lines)


def _threads_note(report: Report) -> str:
    one, two = report.summaries("threads.rtf_1"), report.summaries("threads.rtf_2")
    parts = []
    for impl in IMPLS:
        single, double = one[impl], two[impl]
        if single is None or double is None:
            continue
        a, b = single.median, double.median
        faster = "1 thread" if a < b else "2 threads"
        speedup = max(a, b) / min(a, b)
        parts.append(f"{impl} RTF {fmt(a)} (1) vs {fmt(b)} (2): {faster} faster by {speedup:.2f}x")
    return "Intra-op threads: " + "; ".join(parts) + "." if parts else ""


def _mixed_soak_note(report: Report) -> str:
    mixed = report.meta.get("mixed_soak")
    if not mixed:
        return ""
    counts = ", ".join(f"{kind} {count}" for kind, count in mixed["counts"].items())
    wrong = "; ".join(f"#{i['step']} {i['kind']}: {i['problem']}" for i in mixed["incorrect"])
    return (
        f"Mixed soak: {mixed['warmup_invocations']} warm-up invocations, then the rest; "
        f"steps by kind: {counts}; audio decoded and timed: {mixed['decoded']}; "
        f"incorrect answers: {wrong or 'none'}."
    )
