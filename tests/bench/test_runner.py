"""Reading a worker's output: one result line, or an error that says why not."""

from __future__ import annotations

import pytest

from bench.runner import WorkerError, parse_worker_output, tail, worker_env
from bench.worker import RESULT_PREFIX, SPAWNED_AT_ENV


def test_the_result_line_is_found_among_log_lines() -> None:
    stdout = ['{"level": "INFO", "message": "model loaded"}', RESULT_PREFIX + '{"peak_mb": 412.5}']
    assert parse_worker_output(stdout, "", 0, "worker engine/rss") == {"peak_mb": 412.5}


def test_garbage_instead_of_json_is_a_clear_error() -> None:
    with pytest.raises(WorkerError, match="not JSON") as caught:
        parse_worker_output([RESULT_PREFIX + "{oops"], "warning: x", 0, "worker engine/rss")
    assert "worker engine/rss" in str(caught.value)
    assert "warning: x" in str(caught.value)


def test_no_result_line_is_an_error() -> None:
    with pytest.raises(WorkerError, match="0 result lines"):
        parse_worker_output(["hello"], "", 0, "worker official/rtf")


def test_two_result_lines_are_an_error() -> None:
    lines = [RESULT_PREFIX + "{}", RESULT_PREFIX + "{}"]
    with pytest.raises(WorkerError, match="2 result lines"):
        parse_worker_output(lines, "", 0, "worker official/rtf")


def test_a_result_that_is_not_an_object_is_an_error() -> None:
    with pytest.raises(WorkerError, match="list, not an object"):
        parse_worker_output([RESULT_PREFIX + "[1, 2]"], "", 0, "worker official/rtf")


def test_a_crash_shows_the_exit_status_and_the_stderr_tail() -> None:
    stderr = tail(f"line {i}\n" for i in range(100))
    with pytest.raises(WorkerError) as caught:
        parse_worker_output([RESULT_PREFIX + "{}"], stderr, -9, "worker handler/soak")
    message = str(caught.value)
    assert "worker handler/soak exited with status -9" in message
    assert message.endswith("line 99")
    assert "line 80" in message
    assert "line 79" not in message


def test_worker_env_scrubs_settings_that_would_change_defaults() -> None:
    base = {
        "PATH": "/usr/bin",
        "SUPERTONIC_INTRA_OP_THREADS": "1",
        "SUPERTONIC_LAMBDA_CACHE": "/cache",
        "MODEL_DIR": "/opt/model",
        "PYTHONPATH": "/elsewhere",
    }
    env = worker_env(base, 123.5)
    assert "SUPERTONIC_INTRA_OP_THREADS" not in env
    assert "MODEL_DIR" not in env
    assert env["SUPERTONIC_LAMBDA_CACHE"] == "/cache"
    assert env["PATH"] == "/usr/bin"
    assert env["PYTHONPATH"].endswith("/elsewhere")
    assert float(env[SPAWNED_AT_ENV]) == 123.5
