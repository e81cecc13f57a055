"""Targets, the markdown table and the JSON file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.report import TARGETS, Report, Target, evaluate, ratios, render_notes, render_table
from bench.stats import Summary


def one(value: float) -> Summary:
    return Summary(value, value, value, 1)


RELATIVE = Target("rss.after_load_mb", 0.6, True, "<= 0.6x")
ABSOLUTE = Target("soak.end_over_first", 1.05, False, "<= 1.05")


def test_ratios_are_ours_over_official() -> None:
    summaries = {"official": one(400.0), "engine": one(200.0), "handler": one(220.0)}
    assert ratios(summaries) == {"engine": 0.5, "handler": 0.55}
    assert ratios({"engine": one(200.0), "official": None}) == {}


def test_relative_target_is_decided_by_the_worst_of_ours() -> None:
    verdict = evaluate(
        RELATIVE, {"official": one(400.0), "engine": one(200.0), "handler": one(260.0)}
    )
    assert (verdict.status, verdict.worst, verdict.value) == ("FAIL", "handler", 0.65)
    verdict = evaluate(RELATIVE, {"official": one(400.0), "engine": one(200.0), "handler": None})
    assert (verdict.status, verdict.worst, verdict.value) == ("pass", "engine", 0.5)


def test_the_limit_itself_passes() -> None:
    assert evaluate(RELATIVE, {"official": one(100.0), "engine": one(60.0)}).status == "pass"


def test_absolute_target_ignores_the_official_package() -> None:
    verdict = evaluate(ABSOLUTE, {"official": one(1.5), "handler": one(1.01)})
    assert (verdict.status, verdict.worst) == ("pass", "handler")


@pytest.mark.parametrize(
    "summaries",
    [
        {},
        {"official": one(400.0)},
        {"engine": one(200.0), "handler": one(210.0)},
        {"official": one(0.0), "engine": one(200.0)},
    ],
)
def test_missing_data_is_neither_pass_nor_fail(summaries: dict[str, Summary]) -> None:
    assert evaluate(RELATIVE, summaries).status == "missing"


def test_absolute_target_without_ours_is_missing() -> None:
    assert evaluate(ABSOLUTE, {"official": one(1.0)}).status == "missing"


def test_every_target_names_a_known_metric() -> None:
    report = Report(cases=["cold", "rss", "rtf", "latency", "soak", "threads"])
    for target in TARGETS:
        report.add(target.metric, "engine", 1.0)


def small_report() -> Report:
    report = Report(cases=["rss"])
    for value in (400.0, 410.0, 390.0):
        report.add("rss.after_load_mb", "official", value)
    for value in (200.0, 205.0, 210.0):
        report.add("rss.after_load_mb", "engine", value)
    report.add("rss.peak_3000_mb", "official", 900.0)
    report.add("rss.peak_3000_mb", "engine", 600.0)
    report.add("rss.peak_3000_minus_600_mb", "engine", 12.345)
    return report


def test_markdown_table_lines() -> None:
    assert render_table(small_report()).splitlines() == [
        "| metric | official | engine | handler | ours/official (worst) | target | result |",
        "|---|---:|---:|---:|---:|---|---|",
        "| RSS after load (MB) | 400 (390..410) | 205 (200..210) | — | 0.51x (engine) "
        "| <= 0.6x | pass |",
        "| peak RSS of loading, VmHWM (MB) | — | — | — | — |  |  |",
        "| peak RSS, ~60 chars (MB) | — | — | — | — |  |  |",
        "| peak RSS, ~600 chars (MB) | — | — | — | — |  |  |",
        "| peak RSS, ~3000 chars (MB) | 900 | 600 | — | 0.67x (engine) | <= 0.6x | FAIL |",
        "| peak ~3000 minus peak ~600 (MB) | — | 12.3 | — | — | <= 30 MB | pass |",
    ]


def test_cases_not_run_have_no_rows_and_no_verdicts() -> None:
    report = small_report()
    assert "RTF" not in render_table(report)
    assert {v.target.metric for v in report.verdicts()} == {
        "rss.after_load_mb",
        "rss.peak_3000_mb",
        "rss.peak_3000_minus_600_mb",
    }


def test_unknown_metric_is_refused() -> None:
    with pytest.raises(KeyError):
        Report(cases=["rss"]).add("rss.typo_mb", "engine", 1.0)


def test_json_round_trip(tmp_path: Path) -> None:
    report = small_report()
    report.series["handler"] = [[0, 300.0], [100, 310.0]]
    report.machine = {"cpu_model": "Test CPU", "cpus": 2}
    report.meta = {"command": "python -m bench --quick"}
    report.errors.append("worker handler/rss exited with status 1")
    path = tmp_path / "results" / "latest.json"
    report.save(path)
    assert Report.load(path) == report


def test_json_carries_summaries_and_verdicts_for_readers() -> None:
    data = small_report().to_dict()
    assert data["summary"]["rss.after_load_mb"]["engine"] == {
        "median": 205.0,
        "min": 200.0,
        "max": 210.0,
        "n": 3,
    }
    statuses = {t["metric"]: t["status"] for t in data["targets"]}
    assert statuses["rss.peak_3000_mb"] == "FAIL"


def test_notes_show_noise_series_threads_and_errors() -> None:
    report = Report(cases=["threads", "soak"])
    report.machine = {
        "cpu_model": "Test CPU",
        "cpus": 2,
        "loadavg_before": [0.5, 0.4, 0.3],
        "loadavg_after": [1.5, 1.0, 0.5],
        "other_cpu_percent_before": 1.0,
        "other_cpu_percent_after": 40.0,
        "calibration_before": {"repeats": 10, "median_ms": 9.0, "cv": 0.05},
    }
    report.meta["audio_seconds"] = {"engine": {"60": 4.567, "600": 60.0}}
    report.series["handler"] = [[0, 300.0], [100, 310.0], [200, 311.0]]
    report.add("threads.rtf_1", "engine", 0.5)
    report.add("threads.rtf_2", "engine", 0.3)
    report.errors.append("worker official/soak exited with status 1")
    notes = render_notes(report).splitlines()
    assert notes[0].startswith("- Machine: Test CPU, 2 CPUs;")
    assert "40.0% after" in notes[0]
    assert notes[1] == "- Calibration before (numpy matmul x10): median 9.0 ms, CV 5.0%."
    assert notes[2] == "- Audio seconds per text, engine: ~60 chars: 4.57, ~600 chars: 60."
    assert notes[3] == "- Soak RSS (MB) by invocations, handler: 0: 300, 100: 310, 200: 311."
    assert notes[4] == (
        "- Intra-op threads: engine RTF 0.5 (1) vs 0.3 (2): 2 threads faster by 1.67x."
    )
    assert notes[5] == "- Error: worker official/soak exited with status 1"
