"""Browser tests: the real server and a real Chromium.

``live_server`` starts ``bridgelaw serve`` (the command a user runs, uvicorn underneath) as a
subprocess on a free loopback port, with a temporary SQLite file and a known director's token
(:data:`DIRECTOR_TOKEN`), once for the session; its first request waits until it answers, so
the server and the browser start side by side. Each test makes its own tables.
``browser`` drives Debian's ``chromium`` package through Playwright's ``executable_path``
(Playwright's own browser download is not used). Without a browser the tests are skipped with
the reason, except under CI (``CI=true``), where a missing browser is a failure: ``make test``
installs the package when it runs as root.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

DIRECTOR_TOKEN = "browser-test-director"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
START_TIMEOUT = 60.0  # as tests/server_process.py: a loaded 2-core machine starts slowly
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
"""Where screenshots are written to be looked at by eye (not committed: build/ is ignored)."""


def chromium_path() -> str | None:
    """Debian's chromium, or the one named by ``BRIDGELAW_CHROMIUM``."""
    named = os.environ.get("BRIDGELAW_CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium")


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def unavailable(reason: str) -> None:
    """Skip outside CI, fail under CI: a CI run must never pass without its browser tests."""
    if under_ci():
        pytest.fail(f"{reason} (CI=true: the browser tests must run)", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def bridgelaw_command() -> list[str]:
    """The ``bridgelaw`` script of the environment running the tests (either build)."""
    script = Path(sys.executable).parent / "bridgelaw"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "bridgelaw"]


@dataclass
class LiveServer:
    """A running ``bridgelaw serve``: its address, the director's token, a REST client."""

    url: str
    director: str
    process: subprocess.Popen[bytes]
    log: Path
    client: httpx.Client = field(init=False)
    up: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.url, timeout=10.0)

    def wait(self) -> None:
        """Wait until the server answers (once): it starts while the browser starts."""
        if not self.up:
            wait_until_up(self.process, self.url, self.log)
            self.up = True

    def new_table(
        self, deal: str, *, board: int = 1, mode: str = "law", edition: int = 2017
    ) -> tuple[str, dict[str, str]]:
        """Make a table as the director does: its id and the four seat tokens."""
        self.wait()
        answer = self.client.post(
            "/api/tables",
            json={"board": board, "deal": deal, "edition": edition, "mode": mode},
            headers={"Authorization": f"Bearer {self.director}"},
        )
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body["table"], body["seats"]

    def view(self, table: str, token: str) -> dict[str, Any]:
        self.wait()
        answer = self.client.get(
            f"/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def send(self, table: str, token: str, event: str) -> dict[str, Any]:
        """Send an event through the API (to set a table up; tests of the page click)."""
        self.wait()
        answer = self.client.post(
            f"/api/tables/{table}/events",
            json={"event": event},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def page_url(self, table: str, token: str) -> str:
        """A seat's page, the token in the fragment (never sent to the server, never logged)."""
        return f"{self.url}/table/{table}#token={token}"


def wait_until_up(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"bridgelaw serve stopped at start (exit {process.returncode}): "
                + log.read_text(errors="replace")[-2000:]
            )
        try:
            httpx.get(f"{url}/api/tables/none", timeout=1.0)
            return  # any answer (a 404) means it listens
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(
        f"bridgelaw serve did not answer within {START_TIMEOUT:.0f} s: "
        + log.read_text(errors="replace")[-2000:]
    )


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("server")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = folder / "server.log"
    env = {**os.environ, "BRIDGELAW_DIRECTOR_TOKEN": DIRECTOR_TOKEN}
    command = [
        *bridgelaw_command(),
        "serve",
        "--db",
        f"sqlite:///{folder / 'tables.db'}",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
    try:
        server = LiveServer(url, DIRECTOR_TOKEN, process, log)
        yield server
        server.client.close()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole run (each test opens its own contexts: separate sessions)."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        unavailable(
            "no chromium at $BRIDGELAW_CHROMIUM or /usr/bin/chromium "
            "(Debian: apt-get install chromium; make test does it as root)"
        )
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Error as error:
            unavailable(f"chromium at {path} does not start: {str(error).splitlines()[0]}")
        yield launched
        launched.close()


Page = Any
"""A Playwright page (typed loosely: the tests only call its methods)."""


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Page]]:
    """Open a page in a context of its own (its own sessionStorage: one seat per context),
    phone-sized or desktop-sized; every context is closed at the end of the test."""
    contexts: list[Any] = []

    def opener(url: str, *, width: int = 1280, height: int = 800) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.goto(url)
        return page

    yield opener
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
