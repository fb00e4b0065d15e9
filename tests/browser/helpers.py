"""Helpers several browser tests share: the phone's window, and the director's requests to a
running server (:class:`~tests.browser.conftest.LiveServer`) that set up what a page shows."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import LiveServer

PHONE = {"width": 390, "height": 844}
"""A phone's window (``open_page(url, **PHONE)``)."""


def deals(deal: str, boards: int) -> str:
    """A PBN file of ``boards`` boards, each with ``deal``."""
    return "".join(f'[Board "{b}"]\n[Deal "{deal}"]\n\n' for b in range(1, boards + 1))


def start_session(server: LiveServer, **spec: Any) -> dict[str, Any]:
    """A new session through the API, as the director starts one."""
    server.wait()
    body = {"name": "Tuesday pairs", "date": "2026-11-24", "scoring": "matchpoints"} | spec
    answer = server.client.post("/api/sessions", json=body, headers=bearer(server.director))
    assert answer.status_code == 200, answer.text
    started: dict[str, Any] = answer.json()
    return started


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def call(server: LiveServer, method: str, path: str, token: str, body: Any = None) -> Any:
    """A request that must succeed (200): its JSON."""
    answer = server.client.request(method, path, json=body, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()
