#!/bin/sh
# Entry point of the image. On Lambda the service provides the Runtime API and
# sets AWS_LAMBDA_RUNTIME_API; anywhere else (docker run on a laptop) nothing
# answers that API, so the Runtime Interface Emulator is started to provide it
# on :8080. Both paths run the same runtime client with the same handler, so a
# local invoke exercises exactly what Lambda runs. Both programs are found on
# PATH (the image puts them in /usr/local/bin and /opt/venv/bin) so the script
# can be exercised outside the image with stand-ins.
#
# INVOKE_MODE=RESPONSE_STREAM (set by template.yaml with the Function URL's
# InvokeMode) runs the project's own runtime loop, which can stream
# (awslambdaric cannot), with the streaming entry point. The emulator does not
# support streaming, so off Lambda the buffered client always runs.
set -eu

if [ -z "${AWS_LAMBDA_RUNTIME_API:-}" ]; then
    exec aws-lambda-rie python -m awslambdaric "$@"
fi
if [ "${INVOKE_MODE:-BUFFERED}" = "RESPONSE_STREAM" ]; then
    exec python -m handler.runtime handler.stream_app.lambda_handler
fi
exec python -m awslambdaric "$@"
