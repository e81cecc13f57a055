# Supertonic 3 text-to-speech as an AWS Lambda container image, x86_64 or arm64.
#
#   docker build --platform linux/amd64 -t supertonic-lambda .     # or linux/arm64 (Graviton)
#   docker buildx build --platform linux/amd64,linux/arm64 -t REPO:TAG --push .
#   docker run --rm -p 9000:8080 supertonic-lambda        # local invoke via the RIE
#   curl -d @events/<event>.json localhost:9000/2015-03-31/functions/function/invocations
#
# Stages: weights (model files from any source, verified against
# docker/model-weights.txt) -> deps (runtime dependencies in a venv) -> app (the
# project's own packages) -> model (graphs prepared at build time) -> rie
# (emulator + entry script) -> stdlib (bytecode of the standard library) ->
# runtime (the image).
# Only Dockerfile features the classic builder also understands are used
# (no ADD --checksum, COPY --chmod or RUN --mount), because `sam build` may
# build without BuildKit. Every step that depends on the CPU architecture reads
# TARGETARCH (set by BuildKit/buildx), falling back to the base image's own
# architecture (dpkg) where the classic builder leaves it empty; the base image is
# multi-arch, so each stage runs on the target platform (emulated in a cross build).

# Every stage starts from the same base so the venv's interpreter symlinks and
# the bytecode built in earlier stages match the final interpreter exactly.
ARG PYTHON_IMAGE=python:3.12-slim-bookworm

# The weights, from whichever source holds them; the content is their identity.
# Sources (README, "Weights: sources and verification"):
#   MODEL_SOURCE=hub (default): MODEL_REPO at MODEL_REVISION on the hub at
#     HF_ENDPOINT: the original repository, the archive namespace, or a mirror
#     at its own commit;
#   MODEL_SOURCE=local: the files under model-source/ in the build context (a
#     private copy, e.g. `aws s3 sync s3://BUCKET/PREFIX model-source/` first).
FROM ${PYTHON_IMAGE} AS weights
ARG MODEL_SOURCE=hub
ARG MODEL_REPO=Supertone/supertonic-3
ARG MODEL_REVISION=724fb5abbf5502583fb520898d45929e62f02c0b
ARG HF_ENDPOINT=https://huggingface.co
ARG HUGGINGFACE_HUB_VERSION=2.4.0
# The hub client's cache goes to /tmp so that only the model files land in
# /opt/model; telemetry is off because a build has nobody to report to.
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HOME=/tmp/hf \
    HF_ENDPOINT=${HF_ENDPOINT} \
    HF_HUB_DISABLE_TELEMETRY=1
RUN pip install --no-cache-dir "huggingface_hub==${HUGGINGFACE_HUB_VERSION}"
COPY docker/model-weights.txt docker/fetch_model.py docker/verify_weights.py /tmp/weights/
# Holds only its README unless a private copy was put there for MODEL_SOURCE=local.
COPY model-source/ /tmp/model-source/
# verify_weights.py checks every file's size and SHA-256 against the table and
# fails this step, naming each mismatch, if any differs; on success it records the
# revision and the weights' digest that /v1/health reports. LICENSE (the Open
# RAIL-M licence of the weights) is one of the verified files and ships in
# /opt/model/LICENSE.
RUN if [ "${MODEL_SOURCE}" = "local" ]; then \
        python /tmp/weights/fetch_model.py --table /tmp/weights/model-weights.txt \
            --from-dir /tmp/model-source --dest /opt/model; \
    elif [ "${MODEL_SOURCE}" = "hub" ]; then \
        python /tmp/weights/fetch_model.py --table /tmp/weights/model-weights.txt \
            --repo "${MODEL_REPO}" --revision "${MODEL_REVISION}" --dest /opt/model; \
    else \
        echo "MODEL_SOURCE must be hub or local, got '${MODEL_SOURCE}'" >&2; exit 1; \
    fi \
    && python /tmp/weights/verify_weights.py --table /tmp/weights/model-weights.txt \
        --write-provenance /opt/model

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
    && python -m compileall -q -f --invalidation-mode unchecked-hash /opt/venv/lib
# Why unchecked-hash bytecode: Lambda's filesystem is read-only, so any module
# whose .pyc is judged stale is recompiled in memory on every cold start, and
# timestamp-checked .pyc files go stale when a builder rewrites file times.
# Why -f: pip already compiled every module at install, timestamp-checked, and
# compileall skips a module whose .pyc looks current, so without -f it changed
# nothing. The same flags are used for the app and the standard library below.

FROM deps AS app
COPY pyproject.toml README.md LICENSE NOTICE ./
COPY handler/ handler/
COPY model_layer/ model_layer/
RUN pip install --no-cache-dir --no-deps --no-compile --target /opt/app . \
    && python -m compileall -q -f --invalidation-mode unchecked-hash /opt/app \
    && cp LICENSE NOTICE /opt/app/

# Built on `app` because the preparation is project code (model_layer.build.optimize, and
# model_layer.text.detection for the language identifier, ~1 s less cold start):
# each graph optimized once and saved with its weights in a separate, mapped file,
# so cold starts skip graph optimization and the load-time memory spike. Its output
# is deterministic and its timestamps are pinned, so a code edit that leaves the
# result unchanged also leaves the final model layer byte-identical (and cached).
FROM app AS model
COPY --from=weights /opt/model /opt/model
# The graph rewrites (model_layer.build.rewrites) and ONNX Runtime's quantizer need
# the onnx package, installed in this stage only. INT8=true also prepares the opt-in
# int8 graphs (SUPERTONIC_PRECISION=int8) and their quality report.
ARG INT8=false
ARG ONNX_VERSION=1.23.2
RUN pip --python /opt/venv/bin/python install --no-cache-dir "onnx==${ONNX_VERSION}" \
    && if [ "${INT8}" = "true" ]; then \
        PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.build.optimize /opt/model --int8; \
    else \
        PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.build.optimize /opt/model; \
    fi \
    && PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.text.detection /opt/model \
    && find /opt/model -exec touch -h -d @0 {} +
# Each preset voice's loudness (ITU-R BS.1770) measured on the real weights: the gain
# table /opt/model/loudness.json that "loudness": "normalized" applies. pyloudnorm and
# scipy (~113 MB) are installed in this stage only; the runtime copies /opt/venv from deps.
ARG PYLOUDNORM_VERSION=0.2.0
ARG SCIPY_VERSION=1.17.1
RUN pip --python /opt/venv/bin/python install --no-cache-dir \
        "pyloudnorm==${PYLOUDNORM_VERSION}" "scipy==${SCIPY_VERSION}" \
    && PYTHONPATH=/opt/app /opt/venv/bin/python -m model_layer.build.calibrate /opt/model \
    && touch -h -d @0 /opt/model/loudness.json /opt/model

FROM ${PYTHON_IMAGE} AS rie
ARG TARGETARCH
ARG RIE_VERSION=v1.35
ARG RIE_SHA256_X86_64=3a3494331c212c14366c1073fdc4f0078f58a927da64479413879b0d84e21f20
ARG RIE_SHA256_ARM64=8159172a2dc2ce5bf434ba94d7241f2252d1ac30b58410c7e30a4b8afefd7cca
# Both builds are fetched (ADD cannot choose by architecture without BuildKit);
# only the target's is checked and kept.
ADD https://github.com/aws/aws-lambda-runtime-interface-emulator/releases/download/${RIE_VERSION}/aws-lambda-rie-x86_64 /tmp/rie/amd64
ADD https://github.com/aws/aws-lambda-runtime-interface-emulator/releases/download/${RIE_VERSION}/aws-lambda-rie-arm64 /tmp/rie/arm64
COPY docker/lambda-entry.sh /usr/local/bin/lambda-entry
# Modes are set here rather than trusted from the checkout, which may have
# lost the executable bit (e.g. on Windows).
RUN arch="${TARGETARCH:-$(dpkg --print-architecture)}" \
    && case "${arch}" in \
        amd64) sum="${RIE_SHA256_X86_64}" ;; \
        arm64) sum="${RIE_SHA256_ARM64}" ;; \
        *) echo "no Lambda runtime interface emulator for ${arch}" >&2; exit 1 ;; \
    esac \
    && printf '%s  %s\n' "${sum}" "/tmp/rie/${arch}" > /tmp/rie.sha256 \
    && sha256sum -c /tmp/rie.sha256 \
    && mv "/tmp/rie/${arch}" /usr/local/bin/aws-lambda-rie \
    && rm -rf /tmp/rie \
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
    && python -m compileall -q -f --invalidation-mode unchecked-hash -x '/site-packages/' "${PYTHON_STDLIB}" \
    && mkdir -p /opt/stdlib-bytecode \
    && find . -name '*.pyc' -print0 | tar --null -cf - -T - | tar -xf - -C /opt/stdlib-bytecode

# What ships: the app without its build-time code (model_layer/build: graph preparation,
# calibration, the synthetic-model generator), which the model stage ran and the
# function never imports.
FROM app AS shipped
RUN rm -rf /opt/app/model_layer/build

FROM ${PYTHON_IMAGE} AS runtime
ARG PYTHON_STDLIB=/usr/local/lib/python3.12
# Layers in order of how rarely they change: the ~305 MB model first, so a
# code or dependency change neither re-uploads it nor evicts it from Lambda's
# image cache; then the small runtime tools; then dependencies; then code.
COPY --from=model /opt/model /opt/model
COPY --from=rie /usr/local/bin/aws-lambda-rie /usr/local/bin/lambda-entry /usr/local/bin/
COPY --from=stdlib /opt/stdlib-bytecode/ ${PYTHON_STDLIB}/
COPY --from=deps /opt/venv /opt/venv
COPY --from=shipped /opt/app /opt/app
# Nothing is written at run time: bytecode was compiled at build time and the
# function keeps audio in memory or sends it to S3 (only /tmp is writable).
# ONNX Runtime would otherwise create a telemetry id database under
# $HOME/.cache; HOME=/tmp keeps any other library's dot-files writable too.
# PYDANTIC_DISABLE_PLUGINS: pydantic otherwise scans every installed package's
# entry points for plugins when the settings are first read (20-30 ms of cold
# start measured here); the function uses none.
# No MALLOC_* setting: none measured here both bounded the heap's growth and
# kept synthesis speed (README, "Memory over time").
ENV MODEL_DIR=/opt/model \
    PYDANTIC_DISABLE_PLUGINS=__all__ \
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
