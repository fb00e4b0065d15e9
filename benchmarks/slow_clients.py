"""Slow clients: a normal request's wait while many connections send half a request head and
stall ("slowloris"), under the usual open-file limit of 1,024.

``bridgelaw serve`` runs as its own process (its open-file limit set to 1,024, soft and hard,
by the shell that starts it) on a fresh SQLite file, from ``--src`` (this checkout's ``src`` by
default; another checkout's to compare). This process opens ``--connections`` connections from
``--addresses`` loopback addresses (``127.0.1.x``), each sending half a request head, and then
makes ``--requests`` normal requests, one a second, from another address (``127.0.0.2``),
printing each one's status and seconds (or the error after 30 s). The baseline, in the same
command: the same request before the slow connections, and the ratio to it. Nothing here is a
test: the numbers depend on the machine and what else runs on it.

    .venv/bin/python benchmarks/slow_clients.py [--connections 1100] [--addresses 1] [--src DIR]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def normal(base: str) -> tuple[str, float]:
    """One request from another address: its status (or error) and seconds."""
    started = time.monotonic()
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    try:
        with httpx.Client(transport=transport, timeout=30) as client:
            status = str(client.get(f"{base}/api/tables/none").status_code)
    except httpx.HTTPError as error:
        status = type(error).__name__
    return status, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--addresses", type=int, default=1)
    parser.add_argument("--requests", type=int, default=3)
    parser.add_argument("--src", default=str(HERE / "src"))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="slow-clients-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "BRIDGELAW_DIRECTOR_TOKEN": "slow", "PYTHONPATH": args.src}
    command = (
        f"ulimit -Sn 1024 -Hn 1024; exec {sys.executable} -m bridgelaw serve "
        f"--db sqlite:///{folder / 'tables.db'} --port {port}"
    )
    with (folder / "serve.log").open("w") as log:
        server = subprocess.Popen(["bash", "-c", command], env=env, stdout=log, stderr=log)
    slow: list[socket.socket] = []
    try:
        for _ in range(600):
            try:
                httpx.get(f"{base}/api/tables/none", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        status, baseline = normal(base)
        print(f"baseline: {status} in {baseline:.3f} s (src {args.src})")
        for index in range(args.connections):
            sock = socket.socket()
            sock.settimeout(5)
            sock.bind((f"127.0.1.{1 + index % args.addresses}", 0))
            slow.append(sock)
            try:
                sock.connect(("127.0.0.1", port))
                sock.sendall(b"GET /api/tables/none HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            except OSError:
                pass  # refused or not accepted: it counts as tried
        print(f"{args.connections} slow connections from {args.addresses} address(es)")
        for number in range(args.requests):
            status, seconds = normal(base)
            print(
                f"  request {number + 1}: {status} in {seconds:.2f} s ({seconds / baseline:.0f}x)"
            )
            time.sleep(1)
    finally:
        for sock in slow:
            sock.close()
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
