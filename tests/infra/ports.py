"""Free TCP ports on 127.0.0.1, chosen at run time so parallel test runs do not collide."""

from __future__ import annotations

import contextlib
import socket

LOOPBACK = "127.0.0.1"


def _bind(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((LOOPBACK, port))
    except OSError:
        sock.close()
        raise
    return sock


def free_ports(count: int) -> list[int]:
    """`count` distinct ports that were free a moment ago.

    All sockets stay bound until every port is picked, so the kernel cannot hand out the same
    port twice; another process can still take one before the caller binds it, which is why
    server start-up retries on "address already in use".
    """
    with contextlib.ExitStack() as stack:
        ports: list[int] = []
        for _ in range(count):
            sock = stack.enter_context(_bind(0))
            ports.append(sock.getsockname()[1])
        return ports


def free_port() -> int:
    return free_ports(1)[0]


def free_port_with_partner(offset: int, attempts: int = 200) -> int:
    """A free port `p` such that `p + offset` is free as well.

    Some SeaweedFS clients derive a gRPC port as http port + 10000 instead of reading the
    configured one, so both must be usable together.
    """
    for _ in range(attempts):
        with contextlib.ExitStack() as stack:
            port = stack.enter_context(_bind(0)).getsockname()[1]
            if port + offset > 65535:
                continue
            try:
                stack.enter_context(_bind(port + offset))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port pair (p, p+{offset}) on {LOOPBACK} in {attempts} attempts")
