"""Structured JSON logs and CloudWatch embedded-format metrics (Powertools for AWS Lambda).

Powertools reads its own environment variables (POWERTOOLS_SERVICE_NAME,
POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_LOG_LEVEL / LOG_LEVEL); these are the defaults.
"""

from __future__ import annotations

import os

from aws_lambda_powertools import Logger, Metrics

SERVICE = os.environ.get("POWERTOOLS_SERVICE_NAME", "supertonic-lambda")
NAMESPACE = os.environ.get("POWERTOOLS_METRICS_NAMESPACE", "SupertonicLambda")

logger = Logger(service=SERVICE)
metrics = Metrics(namespace=NAMESPACE, service=SERVICE)
