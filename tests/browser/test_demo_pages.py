"""The demo night's pages in a real Chromium: ``bridgelaw serve --demo``
says on the player's page and on his table's page which kind of table he plays at (strict by
default: a mis-click is refused with its law), and the button on his page starts a night at
law tables, whose pages say so; at a phone's width (390 px) and a desktop's (1280 px)."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import bridgelaw_command, free_port, wait_until_up

Opener = Callable[..., Any]
LINK = re.compile(r"^\s+play:\s+(\S+)$", re.M)
STRICT = "Strict table: illegal actions refused"
LAW = "Law table: irregularities are allowed and ruled"


@pytest.fixture
def demo_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A ``serve --demo`` of its own (the shared server is not a demo): its address and the
    file its terminal output goes to."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "demo.log"
    command = [*bridgelaw_command(), "serve", "--demo", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'demo.db'}"]
    env = {k: v for k, v in os.environ.items() if k != "BRIDGELAW_DIRECTOR_TOKEN"}
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
    try:
        wait_until_up(process, url, log)
        yield url, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def shown(page: Any, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def test_the_demo_says_its_kind_of_table_and_starts_the_other(
    demo_server: tuple[str, Path], open_page: Opener, screenshots: Path
) -> None:
    url, log = demo_server
    printed = log.read_text(errors="replace")
    found = LINK.search(printed)
    assert found is not None, printed
    assert STRICT in printed  # the terminal says it too
    assert found.group(1).startswith(f"{url}/session/")
    page = open_page(found.group(1), width=390, height=844)
    page.locator("#mode-label[data-mode='strict']").wait_for()
    assert shown(page, "#mode-label").startswith(STRICT)
    page.locator("#demo").wait_for()
    assert shown(page, "#demo-button") == "Start a demo night at law tables"
    page.screenshot(path=screenshots / "i22-after-demo-390-strict.png", full_page=True)
    # his table's page says it in its header
    page.click("#next-button")
    page.wait_for_url(re.compile(r"/table/"))
    page.locator("#mode-label[data-mode='strict']").wait_for()
    assert shown(page, "#mode-label").startswith(STRICT)
    page.screenshot(path=screenshots / "i22-after-demo-table-390-strict.png")
    page.go_back()
    page.locator("#demo-button").wait_for()
    first = page.url
    page.click("#demo-button")
    page.wait_for_url(lambda address: address != first and "/play" in address)
    page.locator("#mode-label[data-mode='law']").wait_for()
    assert shown(page, "#mode-label").startswith(LAW)
    # the panel is drawn again once the new night's demo facts are read: wait for it
    page.locator("#demo-button", has_text="Start a demo night at strict tables").wait_for()
    assert shown(page, "#demo-button") == "Start a demo night at strict tables"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=screenshots / "i22-after-demo-1280-law.png")
    page.click("#next-button")
    page.wait_for_url(re.compile(r"/table/"))
    page.locator("#mode-label[data-mode='law']").wait_for()
    assert shown(page, "#mode-label").startswith(LAW)
    page.screenshot(path=screenshots / "i22-after-demo-table-1280-law.png")
