#!/bin/sh
# An arm64 smoke test without Docker: Debian's arm64 CPython under qemu-user, the aarch64
# wheels docker/requirements.txt pins (hashes checked), one synthesis through the handler.
#
#   sudo sh docker/qemu-arm64-check.sh [MODEL_DIR]   # default: the tiny synthetic model
#
# Needs root (apt, a private mount namespace) on a Debian bookworm x86_64 host and the
# README set-up (.venv). What it proves and what it cannot: README, "arm64 (Graviton)".
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
work=${WORK:-/tmp/supertonic-arm64}
model_dir=${1:-$(.venv/bin/python -m model_layer.build.synthetic --size tiny)}
mkdir -p "$work/debs" "$work/root" "$work/site" "$work/home"

command -v qemu-aarch64-static >/dev/null || apt-get install -y -qq qemu-user-static

# Debian bookworm's arm64 CPython 3.11 and the libraries it and the wheels load. The
# architecture is added only for the download and removed again.
dpkg --add-architecture arm64
apt-get update -qq
(cd "$work/debs" && apt-get download -qq python3.11-minimal:arm64 libpython3.11-minimal:arm64 \
    libpython3.11-stdlib:arm64 libc6:arm64 zlib1g:arm64 libexpat1:arm64 libffi8:arm64 \
    libssl3:arm64 libbz2-1.0:arm64 liblzma5:arm64 libsqlite3-0:arm64 libgcc-s1:arm64 \
    libstdc++6:arm64 libuuid1:arm64 libncursesw6:arm64 libtinfo6:arm64 libgomp1:arm64 \
    libcrypt1:arm64)
dpkg --remove-architecture arm64
for deb in "$work"/debs/*.deb; do dpkg -x "$deb" "$work/root"; done

# The pinned dependencies as aarch64 wheels, every hash checked; 3.12 is the image's.
for version in 3.12 3.11; do
    .venv/bin/pip download -q --no-deps --require-hashes --python-version "$version" \
        --implementation cp --platform manylinux_2_28_aarch64 --platform manylinux2014_aarch64 \
        --platform manylinux_2_17_aarch64 -d "$work/wheels$version" -r docker/requirements.txt
done
for wheel in "$work"/wheels3.11/*.whl; do (cd "$work/site" && python3 -m zipfile -e "$wheel" .); done
tar xzf "$work"/wheels3.11/docopt-*.tar.gz -C "$work" && cp "$work"/docopt-*/docopt.py "$work/site/"

# ONNX Runtime's CPU detection crashes under qemu-user on the host's x86 /proc/cpuinfo:
# give the emulated process an arm64 one (Neoverse N1, as Graviton2), in its own mount
# namespace only.
cat >"$work/cpuinfo" <<'EOF'
processor	: 0
BogoMIPS	: 243.75
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs
CPU implementer	: 0x41
CPU architecture: 8
CPU variant	: 0x3
CPU part	: 0xd0c
CPU revision	: 1

processor	: 1
BogoMIPS	: 243.75
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs
CPU implementer	: 0x41
CPU architecture: 8
CPU variant	: 0x3
CPU part	: 0xd0c
CPU revision	: 1

EOF
unshare -m sh -c "
    mount --bind '$work/cpuinfo' /proc/cpuinfo
    exec env -i QEMU_CPU=neoverse-n1 PATH=/usr/bin:/bin HOME='$work/home' LANG=C.UTF-8 \
        PYTHONPATH='$work/site:$repo' PYTHONDONTWRITEBYTECODE=1 MODEL_DIR='$model_dir' \
        POWERTOOLS_METRICS_NAMESPACE=arm64-check ORT_DISABLE_TELEMETRY=1 \
        PYDANTIC_DISABLE_PLUGINS=__all__ AWS_DEFAULT_REGION=us-east-1 \
        qemu-aarch64-static -L '$work/root' '$work/root/usr/bin/python3.11' \
        -m handler invoke events/http-speech.json --out '$work/speech.wav'
"
echo "qemu-arm64-check: an aarch64 process synthesized $work/speech.wav"
