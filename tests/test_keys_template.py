"""Key mode in the template: one parameter turns the Function URL to AuthType NONE, hands
the function where the digests are, and grants reading that secret or parameter only."""

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


def test_key_mode_makes_the_url_unsigned_and_checked(template: dict[str, Any]) -> None:
    function = template["Resources"]["TtsFunction"]["Properties"]
    assert function["FunctionUrlConfig"]["AuthType"] == {
        "Fn::If": ["KeyMode", "NONE", {"Ref": "FunctionUrlAuthType"}]
    }
    variables = function["Environment"]["Variables"]
    assert variables["API_KEYS_SECRET_ID"]["Fn::If"][:2] == [
        "HasApiKeysSecret",
        {"Ref": "ApiKeysSecretArn"},
    ]
    assert variables["API_KEYS_PARAMETER"]["Fn::If"][:2] == [
        "HasApiKeysParameter",
        {"Ref": "ApiKeysParameterName"},
    ]
    conditions = template["Conditions"]
    assert conditions["UrlAuthNone"] == {
        "Fn::Or": [{"Condition": "IsPublicUrl"}, {"Condition": "KeyMode"}]
    }
    for name in ("TtsFunctionUrlPublicInvokeUrl", "TtsFunctionUrlPublicInvoke"):
        assert template["Resources"][name]["Condition"] == "UrlAuthNone"
    # The playground's "auto" follows a public URL, not key mode: its page needs no key.
    assert "KeyMode" not in str(conditions["PlaygroundOn"])


def test_key_mode_reads_its_store_and_nothing_more(template: dict[str, Any]) -> None:
    statements = template["Resources"]["TtsFunction"]["Properties"]["Policies"][0]["Statement"]
    granted = {}
    for statement in statements:
        if isinstance(statement, dict) and "Fn::If" in statement:
            condition, inner, _ = statement["Fn::If"]
            granted[condition] = inner
    assert granted["HasApiKeysSecret"]["Action"] == "secretsmanager:GetSecretValue"
    assert granted["HasApiKeysSecret"]["Resource"] == {"Ref": "ApiKeysSecretArn"}
    assert granted["HasApiKeysParameter"]["Action"] == "ssm:GetParameter"
    assert "parameter${ApiKeysParameterName}" in str(granted["HasApiKeysParameter"]["Resource"])


def test_the_voice_library_is_read_from_its_prefix_only(template: dict[str, Any]) -> None:
    function = template["Resources"]["TtsFunction"]["Properties"]
    uri = function["Environment"]["Variables"]["VOICES_S3_URI"]["Fn::If"]
    assert uri[:2] == ["HasVoicesBucket", {"Fn::Sub": "s3://${VoicesBucket}/${VoicesPrefix}"}]
    statements = function["Policies"][0]["Statement"]
    granted = [
        s["Fn::If"][1]
        for s in statements
        if isinstance(s, dict) and "Fn::If" in s and s["Fn::If"][0] == "HasVoicesBucket"
    ]
    by_action = {statement["Action"]: statement for statement in granted}
    read = by_action["s3:GetObject"]["Resource"]["Fn::Sub"]
    assert read.endswith(":s3:::${VoicesBucket}/${VoicesPrefix}*")
    listing = by_action["s3:ListBucket"]
    assert listing["Condition"] == {"StringLike": {"s3:prefix": {"Fn::Sub": "${VoicesPrefix}*"}}}
    assert template["Parameters"]["VoicesBucket"]["Default"] == ""


def test_batch_operations_is_opt_in_with_its_own_role(template: dict[str, Any]) -> None:
    """BatchOperations=true: a role only batchoperations.s3.amazonaws.com may assume, that
    invokes this function, reads the manifest's bucket and writes the report under its own
    prefix; and the function may read the source bucket's objects, outside INPUT_PREFIX."""
    assert template["Parameters"]["BatchOperations"]["Default"] == "false"
    role = template["Resources"]["BatchOperationsRole"]
    assert role["Condition"] == "BatchOperationsOn"
    trust = role["Properties"]["AssumeRolePolicyDocument"]["Statement"]
    assert trust == [
        {
            "Effect": "Allow",
            "Principal": {"Service": "batchoperations.s3.amazonaws.com"},
            "Action": "sts:AssumeRole",
        }
    ]
    statements = role["Properties"]["Policies"][0]["PolicyDocument"]["Statement"]
    by_sid = {statement["Sid"]: statement for statement in statements}
    assert by_sid["InvokeTheFunction"]["Action"] == "lambda:InvokeFunction"
    assert "TtsFunction.Arn" in str(by_sid["InvokeTheFunction"]["Resource"])
    assert "batch-operations-reports/*" in str(by_sid["WriteTheCompletionReport"]["Resource"])
    assert template["Outputs"]["BatchOperationsRoleArn"]["Condition"] == "BatchOperationsOn"
    function = template["Resources"]["TtsFunction"]["Properties"]["Policies"][0]["Statement"]
    granted = {
        s["Fn::If"][0]: s["Fn::If"][1] for s in function if isinstance(s, dict) and "Fn::If" in s
    }
    assert granted["BatchOperationsOn"]["Action"] == "s3:GetObject"
    rules = template["Resources"]["OutputBucket"]["Properties"]["LifecycleConfiguration"]["Rules"]
    assert any(rule.get("Prefix") == "batch-operations-reports/" for rule in rules)
