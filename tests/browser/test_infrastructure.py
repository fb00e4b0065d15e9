"""The browser tests' own ground: the real server answers a real Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import LiveServer

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"


def test_chromium_reaches_the_served_api(
    live_server: LiveServer, open_page: Callable[..., Any]
) -> None:
    table, seats = live_server.new_table(DEAL)
    page = open_page(f"{live_server.url}/api/tables/{table}")
    # without a token the API refuses (401) and says why
    answer = json.loads(page.inner_text("body"))
    assert "token" in answer["error"]
    # the same table seen through the REST client with North's token: North's own hand
    assert live_server.view(table, seats["N"])["hand"] == "AKQ2.KQ2.A32.K32"
