"""``bridgelaw serve --demo`` (``make run``), run as a real process: it starts
on an SQLite file in the working folder with a demo club session (a Mitchell played on the table
pages, robots in every seat but the user's, who is North at table 1; strict tables unless
``--demo-mode law``), prints the player's link,
the director's session console and the live results (tokens in the fragment), and stops on
Ctrl-C (SIGINT) with status 0 and no traceback; started again, it makes a new session."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ADDRESS = re.compile(r"^\s+(play|direct|results):\s+(\S+)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def get(url: str, token: str) -> Any:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def start_and_stop(folder: Path, port: int, mode: str | None = None) -> tuple[dict[str, str], str]:
    """Run ``serve --demo`` (``--demo-mode mode`` if given) in ``folder`` until the player's
    second board shows a robot's first call, then Ctrl-C; the printed addresses and the
    session's id. The night's tables are of ``mode`` (strict by default: a first game), and
    the terminal says so with what it means."""
    env = {k: v for k, v in os.environ.items() if k != "BRIDGELAW_DIRECTOR_TOKEN"}
    extra = [] if mode is None else ["--demo-mode", mode]
    process = subprocess.Popen(
        [sys.executable, "-m", "bridgelaw", "serve", "--demo", "--port", str(port), *extra],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for line in process.stdout or []:
            lines.put(line)

    reader = threading.Thread(target=pump)
    reader.start()
    try:
        found: dict[str, str] = {}
        printed: list[str] = []
        deadline = time.monotonic() + 60
        while len(found) < 3:
            assert process.poll() is None and time.monotonic() < deadline, "no addresses"
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            printed.append(line)
            match = ADDRESS.match(line.rstrip("\n"))
            if match:
                found[match.group(1)] = match.group(2)
        base = f"http://127.0.0.1:{port}"
        player = re.fullmatch(rf"{base}/session/([0-9a-f]+)/play#token=([\w-]+)", found["play"])
        assert player is not None, found
        session, token = player.group(1), player.group(2)
        assert re.fullmatch(rf"{base}/director/session/{session}#token=[\w-]+", found["direct"])
        assert found["results"] == f"{base}/results/{session}/"
        you: Any = None
        seen: Any = None
        while time.monotonic() < deadline:
            try:
                you = get(f"{base}/api/sessions/{session}", token)["you"]
                # board 2: East deals (Law 2), a robot: it calls without waiting for anyone
                seen = get(f"{base}/api/tables/{you['boards'][1]['table_id']}", token)
            except OSError:  # not listening yet
                time.sleep(0.2)
                continue
            if seen["calls"]:
                break
            time.sleep(0.2)
        assert seen is not None and seen["calls"], "the robots did not call"
        assert (you["table"], you["seat"], you["round"]) == ("1", "N", 1)
        assert you["next"] == you["boards"][0]["table_id"]  # board 1: he deals, he calls first
        expected = mode or "strict"
        assert seen["seat"] == "N" and seen["robots"] == ["E", "S", "W"]
        assert seen["mode"] == expected
        label = {"strict": "Strict table: illegal actions refused",
                 "law": "Law table: irregularities are allowed and ruled"}[expected]  # fmt: skip
        assert any(label in line for line in printed), printed
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
        assert process.stderr is not None
        errors = process.stderr.read()
        assert "Traceback" not in errors and "stopped" in errors, errors
        return found, session
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(timeout=10)


def test_serve_demo_starts_prints_the_addresses_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    first, session = start_and_stop(tmp_path, free_port())
    assert (tmp_path / "bridgelaw-demo.db").is_file()  # in the working folder
    again, other = start_and_stop(tmp_path, free_port(), "law")
    assert other != session  # a new demo session at each start (tokens are kept only as hashes)
    # the director's token is kept beside the database: an open console works on after a restart
    token = first["direct"].rsplit("#token=", 1)[1]
    assert again["direct"].rsplit("#token=", 1)[1] == token
    kept = tmp_path / "bridgelaw-demo.db.director-token"
    assert kept.stat().st_mode & 0o077 == 0  # the owner's alone
    assert kept.read_text().strip() == token
