"""The template's result cache: its own prefix and expiry, IAM scoped to it, a switch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cfnlint.decode import decode

TEMPLATE = Path(__file__).resolve().parents[1] / "template.yaml"


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    decoded, errors = decode(str(TEMPLATE))
    assert not errors, errors
    return decoded


def function(template: dict[str, Any]) -> dict[str, Any]:
    return template["Resources"]["TtsFunction"]["Properties"]


def test_parameters_turn_it_off_and_set_its_expiry(template: dict[str, Any]) -> None:
    parameters = template["Parameters"]
    assert parameters["ResultCache"]["Default"] == "on"
    assert set(parameters["ResultCache"]["AllowedValues"]) == {"on", "off"}
    assert parameters["CacheExpirationDays"]["Default"] == 30
    assert parameters["CacheExpirationDays"]["MinValue"] >= 1
    env = function(template)["Environment"]["Variables"]
    assert env["RESULT_CACHE"] == {"Ref": "ResultCache"}
    assert env["RESULT_CACHE_PREFIX"] == {"Ref": "ResultCachePrefix"}


def test_each_prefix_expires_by_its_own_rule(template: dict[str, Any]) -> None:
    rules = template["Resources"]["OutputBucket"]["Properties"]["LifecycleConfiguration"]["Rules"]
    by_prefix = {str(rule.get("Prefix")): rule for rule in rules}
    cache = by_prefix[str({"Ref": "ResultCachePrefix"})]
    assert cache["Status"] == "Enabled"
    assert cache["ExpirationInDays"] == {"Ref": "CacheExpirationDays"}
    assert "AbortIncompleteMultipartUpload" in cache
    # No rule without a prefix: it would expire the cache with the generated audio.
    assert all("Prefix" in rule for rule in rules)
    output = by_prefix[str({"Ref": "OutputPrefix"})]
    assert output["ExpirationInDays"] == {"Ref": "OutputExpirationDays"}
    assert by_prefix["batch-work/"]["ExpirationInDays"] == {"Ref": "OutputExpirationDays"}


def test_iam_reaches_cache_entries_only_under_the_prefix(template: dict[str, Any]) -> None:
    statements = [
        statement
        for policy in function(template)["Policies"]
        if isinstance(policy, dict) and "Statement" in policy
        for statement in policy["Statement"]
    ]
    (cache,) = [s for s in statements if s.get("Sid") == "ResultCacheEntries"]
    assert cache["Resource"] == {"Fn::Sub": "${OutputBucket.Arn}/${ResultCachePrefix}*"}
    assert set(cache["Action"]) == {"s3:PutObject", "s3:GetObject", "s3:AbortMultipartUpload"}
