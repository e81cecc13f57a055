"""The template's operations: alarms and dashboard watch metrics the code really emits.

The function's own metrics are taken from what it prints (CloudWatch embedded metric
format) when `python -m handler invoke` runs real events on the synthetic model, so a
renamed metric or a changed dimension in the code fails here, not on a dark dashboard.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cfnlint.decode import decode

from handler.observability import NAMESPACE, SERVICE
from tests.infra.process import base_env

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "template.yaml"
# Emitted only by a stream that fails after its first byte (tests/handler/test_stream_*),
# which one invoke cannot produce: checked against the source instead.
# The result cache's counts need an output bucket, which these invokes run without
# (tests/handler/test_result_cache.py checks they are emitted).
SOURCE_ONLY = {
    ("StreamErrors", frozenset({"ErrorCode"})): ROOT / "handler" / "streaming.py",
    ("CacheHits", frozenset({"service"})): ROOT / "handler" / "function.py",
    ("CacheMisses", frozenset({"service"})): ROOT / "handler" / "function.py",
}
AWS_METRICS = {
    "AWS/Lambda": {"Invocations", "Errors", "Throttles", "Duration", "ConcurrentExecutions"},
    "AWS/SQS": {"ApproximateNumberOfMessagesVisible", "ApproximateAgeOfOldestMessage"},
}
EVENTS = ["http-speech.json", "bad-http-unknown-voice.json", "direct-invoke.json"]

Metric = tuple[str, frozenset[str]]  # name, dimension names


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    decoded, errors = decode(str(TEMPLATE))
    assert not errors, errors
    return decoded


@pytest.fixture(scope="module")
def emitted(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> set[Metric]:
    """(name, dimension names) of every metric the function printed for EVENTS."""
    home = tmp_path_factory.mktemp("emf")
    env = base_env(home) | {"MODEL_DIR": str(tiny_model_dir), "SUPERTONIC_WARMUP": "false"}
    found: set[Metric] = set()
    for event in EVENTS:
        run = subprocess.run(
            [sys.executable, "-m", "handler", "invoke", f"events/{event}"],
            capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
        )  # fmt: skip
        for line in run.stdout.splitlines():
            if not line.startswith('{"_aws"'):
                continue
            document = json.loads(line)
            for directive in document["_aws"]["CloudWatchMetrics"]:
                assert directive["Namespace"] == NAMESPACE
                for dimensions in directive["Dimensions"]:
                    for metric in directive["Metrics"]:
                        found.add((metric["Name"], frozenset(dimensions)))
                        if "service" in dimensions:
                            assert document["service"] == SERVICE
    assert ("Invocations", frozenset({"service"})) in found  # the runs really emitted
    for (name, dimensions), source in SOURCE_ONLY.items():
        assert f'"{name}"' in source.read_text()
        found.add((name, dimensions))
    return found


def _resources(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {n: r["Properties"] for n, r in template["Resources"].items() if r["Type"] == kind}


def _function_env(template: dict[str, Any]) -> dict[str, Any]:
    (function,) = _resources(template, "AWS::Serverless::Function").values()
    return function["Environment"]["Variables"]


def test_template_names_the_namespace_and_service_the_code_uses(template) -> None:
    env = _function_env(template)
    assert env["POWERTOOLS_METRICS_NAMESPACE"] == NAMESPACE
    assert env["POWERTOOLS_SERVICE_NAME"] == SERVICE


# --- alarms ---------------------------------------------------------------------------------
def _alarm_metrics(alarm: dict[str, Any]) -> list[dict[str, Any]]:
    if "MetricName" in alarm:
        return [alarm]
    return [query["MetricStat"]["Metric"] for query in alarm["Metrics"] if "MetricStat" in query]


def test_every_alarm_watches_a_metric_that_exists(template, emitted) -> None:
    alarms = _resources(template, "AWS::CloudWatch::Alarm")
    assert alarms
    for name, alarm in alarms.items():
        for metric in _alarm_metrics(alarm):
            dimensions = {d["Name"]: d["Value"] for d in metric.get("Dimensions", [])}
            if metric["Namespace"] == NAMESPACE:
                assert (metric["MetricName"], frozenset(dimensions)) in emitted, name
            else:
                assert metric["MetricName"] in AWS_METRICS[metric["Namespace"]], name
                if metric["Namespace"] == "AWS/Lambda":
                    assert dimensions == {"FunctionName": {"Ref": "TtsFunction"}}, name
                else:
                    (queue,) = dimensions.values()
                    assert queue["Fn::GetAtt"][1] == "QueueName", name
        actions = alarm["AlarmActions"]
        assert actions == alarm["OKActions"]
        assert [a["Fn::If"][0] for a in actions] == ["HasAlarmEmail", "HasAlarmTopicArn"]


def test_the_alarms_the_issue_asks_for(template) -> None:
    alarms = _resources(template, "AWS::CloudWatch::Alarm").values()

    def watched(namespace: str, metric: str) -> list[dict[str, Any]]:
        return [
            alarm
            for alarm in alarms
            for m in _alarm_metrics(alarm)
            if m["Namespace"] == namespace and m["MetricName"] == metric
        ]

    queues = {
        a["Dimensions"][0]["Value"]["Fn::GetAtt"][0]
        for a in watched("AWS/SQS", "ApproximateNumberOfMessagesVisible")
    }
    dead_letter_queues = {
        name for name in _resources(template, "AWS::SQS::Queue") if "DeadLetter" in name
    }
    assert dead_letter_queues and queues == dead_letter_queues
    (age,) = watched("AWS/SQS", "ApproximateAgeOfOldestMessage")
    assert age["Dimensions"][0]["Value"]["Fn::GetAtt"][0] == "SegmentQueue"
    assert watched("AWS/Lambda", "Errors") and watched("AWS/Lambda", "Throttles")
    (duration,) = watched("AWS/Lambda", "Duration")
    stat = next(q for q in duration["Metrics"] if "MetricStat" in q)["MetricStat"]["Stat"]
    expression = next(q for q in duration["Metrics"] if "Expression" in q)["Expression"]
    assert stat == "p95" and "${Timeout}" in expression["Fn::Sub"]
    (internal,) = watched(NAMESPACE, "Errors")
    assert internal["Dimensions"] == [{"Name": "ErrorCode", "Value": "internal_error"}]
    topic = template["Resources"]["AlarmTopic"]
    assert topic["Condition"] == "HasAlarmEmail"
    assert topic["Properties"]["Subscription"][0]["Endpoint"] == {"Ref": "AlarmEmail"}


# --- dashboard --------------------------------------------------------------------------
def _dashboard(template: dict[str, Any]) -> dict[str, Any]:
    (dashboard,) = _resources(template, "AWS::CloudWatch::Dashboard").values()
    body = dashboard["DashboardBody"]["Fn::Sub"]
    numbers = {"Timeout": "900", "SegmentQueueAgeAlarmSeconds": "1800"}
    body = re.sub(r"\$\{(Timeout|SegmentQueueAgeAlarmSeconds)\}", lambda m: numbers[m[1]], body)
    # Every other substitution is inside a string: the reference's name stands in for it.
    return json.loads(re.sub(r"\$\{([A-Za-z0-9:.]+)\}", r"<\1>", body))


def _widget_metrics(dashboard: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for widget in dashboard["widgets"]:
        rows.extend(widget["properties"]["metrics"])
    return rows


SEARCH = re.compile(r"SEARCH\('\{([^}]*)\} (.*?)', '(\w+)', (\d+)\)")


def test_every_dashboard_metric_is_emitted(template, emitted) -> None:
    rows = _widget_metrics(_dashboard(template))
    own = 0
    for row in rows:
        if isinstance(row[0], dict):  # a SEARCH expression
            schema, query, _stat, _period = SEARCH.fullmatch(row[0]["expression"]).groups()
            namespace, *dimensions = schema.split(",")
            names = re.findall(r'MetricName="(\w+)"', query)
            assert namespace == NAMESPACE and names
            for name in names:
                assert (name, frozenset(dimensions)) in emitted, name
            continue
        namespace, name, *rest = row
        pairs = [item for item in rest if not isinstance(item, dict)]
        dimensions = dict(zip(pairs[::2], pairs[1::2], strict=True))
        if namespace == NAMESPACE:
            own += 1
            assert (name, frozenset(dimensions)) in emitted, name
            assert dimensions.get("service", SERVICE) == SERVICE
            assert dimensions.get("function_name", "<TtsFunction>") == "<TtsFunction>"
        else:
            assert name in AWS_METRICS[namespace], name
    # Requests, characters, audio seconds, real-time factor, cold starts from the function.
    names = {row[1] for row in rows if isinstance(row[0], str) and row[0] == NAMESPACE}
    assert {"Invocations", "Characters", "AudioSeconds", "RealTimeFactor", "ColdStart"} <= names
    assert own >= 5


# --- parameters -----------------------------------------------------------------------------
def test_playground_and_tracing_parameters(template) -> None:
    parameters = template["Parameters"]
    conditions = template["Conditions"]
    env = _function_env(template)
    (function,) = _resources(template, "AWS::Serverless::Function").values()

    assert parameters["Playground"]["Default"] == "auto"
    # auto is on exactly for a public (NONE) URL: a browser cannot sign AWS_IAM requests.
    auto_when_public = {"Fn::Equals": [{"Ref": "Playground"}, "auto"]}, {"Condition": "IsPublicUrl"}
    assert {"Fn::And": list(auto_when_public)} in conditions["PlaygroundOn"]["Fn::Or"]
    assert conditions["IsPublicUrl"] == {"Fn::Equals": [{"Ref": "FunctionUrlAuthType"}, "NONE"]}
    assert env["PLAYGROUND"] == {"Fn::If": ["PlaygroundOn", "true", "false"]}

    assert parameters["Tracing"]["Default"] == "Disabled"
    assert function["Tracing"] == {"Fn::If": ["TracingOn", "Active", {"Ref": "AWS::NoValue"}]}
    assert env["POWERTOOLS_TRACE_DISABLED"] == {"Fn::If": ["TracingOn", "false", "true"]}
