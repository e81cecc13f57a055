"""Pytest fixtures that start real servers on 127.0.0.1 (filled in by the test-infra work)."""
