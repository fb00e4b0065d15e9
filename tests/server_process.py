"""``bridgelaw serve`` run as a real process for the tests (durability, the log)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Served:
    """``bridgelaw serve`` as a process on one database (a file, or a URL) and one port, with
    the options ``extra``."""

    def __init__(
        self, database: Path | str, log: Path, director: str, extra: tuple[str, ...] = ()
    ) -> None:
        self.database, self.log, self.port = database, log, free_port()
        self.director = director
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "bridgelaw", "serve", "--db"]
        url = self.database if isinstance(self.database, str) else f"sqlite:///{self.database}"
        command += [url, "--port", str(self.port), *self.extra]
        env = {**os.environ, "BRIDGELAW_DIRECTOR_TOKEN": self.director}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log, env=env)
        started = time.monotonic()
        # a minute: the import and the replay of the log take a second on a quiet machine, but
        # the tests run beside others on every core (make test), and a loaded one is slower
        while time.monotonic() - started < 60:
            assert self.process.poll() is None, self.log.read_text()
            try:
                httpx.get(f"{self.base}/api/tables/none", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start in 60 s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """Ctrl-C: uvicorn stops cleanly and flushes its log."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def close(self) -> None:
        """Killed if still running (the end of a test, passed or failed)."""
        if self.process is not None and self.process.poll() is None:
            self.kill()
