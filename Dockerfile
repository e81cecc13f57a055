# Supertonic 3 text-to-speech as an AWS Lambda container image (x86_64).
#
#   docker build --platform linux/amd64 -t supertonic-lambda .
#   docker run --rm -p 9000:8080 supertonic-lambda        # local invoke via the RIE
#   curl -d @events/<event>.json localhost:9000/2015-03-31/functions/function/invocations
#
# Stages: weights (model files from the hub) -> deps (runtime dependencies in a
# venv) -> app (the project's own packages) -> model (graphs prepared at build
# time) -> rie (emulator + entry script) -> stdlib (bytecode of the standard
# library) -> runtime (the image).
# Only Dockerfile features the classic builder also understands are used
# (no ADD --checksum, COPY --chmod or RUN --mount), because `sam build` may
# build without BuildKit.

# Every stage starts from the same base so the venv's interpreter symlinks and
# the bytecode built in earlier stages match the final interpreter exactly.
ARG PYTHON_IMAGE=python:3.12-slim-bookworm

FROM ${PYTHON_IMAGE} AS weights
ARG MODEL_REPO=Supertone/supertonic-3
ARG MODEL_REVISION=724fb5abbf5502583fb520898d45929e62f02c0b
ARG HUGGINGFACE_HUB_VERSION=2.4.0
# The hub client's cache goes to /tmp so that only the model files land in
# /opt/model; telemetry is off because a build has nobody to report to.
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HOME=/tmp/hf \
    HF_HUB_DISABLE_TELEMETRY=1
RUN pip install --no-cache-dir "huggingface_hub==${HUGGINGFACE_HUB_VERSION}"
COPY docker/fetch_model.py /tmp/fetch_model.py
RUN python /tmp/fetch_model.py --repo "${MODEL_REPO}" --revision "${MODEL_REVISION}" --dest /opt/model

FROM ${PYTHON_IMAGE} AS deps
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore
WORKDIR /src
# Only the pinned dependency list: editing code must not reinstall (nor
# re-upload) the dependency layer.
COPY docker/requirements.txt docker/
# The venv gets no pip of its own: the base image's pip installs into it, and
# the runtime never installs anything. Every file is checked against the hashes
# in docker/requirements.txt (regenerate with docker/pin-requirements.sh), so a
# build installs exactly the bytes that were reviewed, or fails.
RUN python -m venv --without-pip /opt/venv \
    && pip --python /opt/venv/bin/python install --no-cache-dir --require-hashes --no-deps \
        -r docker/requirements.txt \
    && python -m compileall -q --invalidation-mode unchecked-hash /opt/venv/lib
# Why unchecked-hash bytecode: Lambda's filesystem is read-only, so any module
# whose .pyc is judged stale is recompiled in memory on every cold start, and
# timestamp-checked .pyc files go stale when a builder rewrites file times.

FROM deps AS app
COPY pyproject.toml README.md ./
COPY handler/ handler/
COPY model_layer/ model_layer/
RUN pip install --no-cache-dir --no-deps --no-compile --target /opt/app . \
    && python -m compileall -q --invalidation-mode unchecked-hash /opt/app

# Built on `app` because the preparation is project code (model_layer.optimize, and
# model_layer.text.language for the language identifier, ~1 s less cold start):
# each graph optimized once and saved with its weights in a separate, mapped file,
# so cold starts skip graph optimization and the load-time memory spike. Its output
# is deterministic and its timestamps are pinned, so a code edit that leaves the
# result unchanged also leaves the final model layer byte-identical (and cached).
FROM app AS model
COPY --from=weights /opt/model /opt/model
# The graph rewrites (model_layer.optimize_rewrites) and ONNX Runtime's quantizer need
# the onnx package, installed in this stage only. INT8=true also prepares the opt-in
# int8 graphs (SUPERTONIC_PRECISION=int8) and their quality report.
ARG INT8=false
ARG ONNX_VERSION=1.23.2
RUN pip --python /opt/venv/bin/python install --no-cache-dir "onnx==${ONNX_VERSION}" \
    && if [ "${INT8}" = "true" ]; then \
        PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.optimize /opt/model --int8; \
    else \
        PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.optimize /opt/model; \
    fi \
    && PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.text.language /opt/model \
    && find /opt/model -exec touch -h -d @0 {} +
# Each preset voice's loudness (ITU-R BS.1770) measured on the real weights: the gain
# table /opt/model/loudness.json that "loudness": "normalized" applies. pyloudnorm and
# scipy (~113 MB) are installed in this stage only; the runtime copies /opt/venv from deps.
ARG PYLOUDNORM_VERSION=0.2.0
ARG SCIPY_VERSION=1.17.1
RUN pip --python /opt/venv/bin/python install --no-cache-dir \
        "pyloudnorm==${PYLOUDNORM_VERSION}" "scipy==${SCIPY_VERSION}" \
    && PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.calibrate /opt/model \
    && touch -h -d @0 /opt/model/loudness.json /opt/model

FROM ${PYTHON_IMAGE} AS rie
ARG RIE_VERSION=v1.35
ARG RIE_SHA256=3a3494331c212c14366c1073fdc4f0078f58a927da64479413879b0d84e21f20
ADD https://github.com/aws/aws-lambda-runtime-interface-emulator/releases/download/${RIE_VERSION}/aws-lambda-rie-x86_64 /usr/local/bin/aws-lambda-rie
COPY docker/lambda-entry.sh /usr/local/bin/lambda-entry
# Modes are set here rather than trusted from the checkout, which may have
# lost the executable bit (e.g. on Windows).
RUN printf '%s  %s\n' "${RIE_SHA256}" /usr/local/bin/aws-lambda-rie > /tmp/rie.sha256 \
    && sha256sum -c /tmp/rie.sha256 \
    && chmod 0755 /usr/local/bin/aws-lambda-rie /usr/local/bin/lambda-entry

# The official slim images delete every .pyc of the standard library. On
# Lambda's read-only filesystem each of the ~170 stdlib modules the handler
# imports would then be compiled in memory on every cold start (measured: import
# plus load 1.6-2.0 s, against 0.8-1.0 s with compiled bytecode). Only the
# bytecode is carried over, so this layer is ~19 MB, not a second stdlib.
FROM ${PYTHON_IMAGE} AS stdlib
ARG PYTHON_STDLIB=/usr/local/lib/python3.12
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR ${PYTHON_STDLIB}
RUN python -c 'import sys, sysconfig; want = sys.argv[1]; got = sysconfig.get_paths()["stdlib"]; sys.exit(0 if got == want else f"PYTHON_STDLIB is {want}, the interpreter has {got}")' "${PYTHON_STDLIB}" \
    && python -m compileall -q --invalidation-mode unchecked-hash -x '/site-packages/' "${PYTHON_STDLIB}" \
    && mkdir -p /opt/stdlib-bytecode \
    && find . -name '*.pyc' -print0 | tar --null -cf - -T - | tar -xf - -C /opt/stdlib-bytecode

FROM ${PYTHON_IMAGE} AS runtime
ARG PYTHON_STDLIB=/usr/local/lib/python3.12
# Layers in order of how rarely they change: the ~305 MB model first, so a
# code or dependency change neither re-uploads it nor evicts it from Lambda's
# image cache; then the small runtime tools; then dependencies; then code.
COPY --from=model /opt/model /opt/model
COPY --from=rie /usr/local/bin/aws-lambda-rie /usr/local/bin/lambda-entry /usr/local/bin/
COPY --from=stdlib /opt/stdlib-bytecode/ ${PYTHON_STDLIB}/
COPY --from=deps /opt/venv /opt/venv
COPY --from=app /opt/app /opt/app
# Nothing is written at run time: bytecode was compiled at build time and the
# function keeps audio in memory or sends it to S3 (only /tmp is writable).
# ONNX Runtime would otherwise create a telemetry id database under
# $HOME/.cache; HOME=/tmp keeps any other library's dot-files writable too.
ENV MODEL_DIR=/opt/model \
    ORT_DISABLE_TELEMETRY=1 \
    HOME=/tmp \
    PATH=/opt/venv/bin:${PATH} \
    PYTHONPATH=/opt/app \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
WORKDIR /opt/app
# Lambda runs the function as an unprivileged user of its own; a local
# `docker run` does the same, so the image is tried as it will run.
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/lambda-entry"]
CMD ["handler.app.lambda_handler"]
