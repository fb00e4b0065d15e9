"""The table page follows a stream sent on to the table's owner (docs/deployment.md):
a process that does not own the table closes the stream with 4307 and the owner's address as
the reason; the page opens the stream there at once and plays on from it.

The page's first stream is answered here, in the browser, with that close (the owner's address
being the same server under another name, ``localhost`` for ``127.0.0.1``): what the page does
with it is under test, not the cluster (``tests/server/test_server_cluster.py``)."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import LiveServer

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"


def test_a_stream_sent_to_the_owner_is_opened_there_and_stays_live(
    live_server: LiveServer, browser: Any
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="law")
    owner = live_server.url.replace("127.0.0.1", "localhost")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        opened: list[str] = []

        def route(socket: Any) -> None:
            opened.append(socket.url)
            if len(opened) == 1:  # the process the page asked first is not the owner
                socket.close(code=4307, reason=owner)
            else:
                socket.connect_to_server()

        page.route_web_socket(re.compile(r".*/stream.*"), route)
        page.goto(live_server.page_url(table, tokens["E"]))
        page.wait_for_selector('body[data-events="0"]')
        page.locator("#connection").filter(has_text="live").wait_for()
        assert len(opened) == 2, opened
        assert opened[0].startswith(live_server.url.replace("http", "ws") + "/api/tables/")
        # the same path and token, at the owner's address
        path = opened[0].split("/api/", 1)[1]
        assert opened[1] == owner.replace("http", "ws") + "/api/" + path
        # the stream at the owner carries the table's next event to the page
        live_server.send(table, tokens["N"], "1NT")
        page.wait_for_selector('body[data-events="1"]')
        assert page.locator('#auction td[data-call="1NT"]').count() == 1
        assert len(opened) == 2  # no other stream was needed
    finally:
        context.close()


def test_a_page_sent_on_without_end_falls_back_to_its_own_address(
    live_server: LiveServer, browser: Any
) -> None:
    """A 4307 that keeps coming (owners changing faster than the page follows) is followed at
    most three times in a row; then the page waits and asks its own address again."""
    table, tokens = live_server.new_table(DEAL, mode="law")
    owner = live_server.url.replace("127.0.0.1", "localhost")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        opened: list[str] = []

        def route(socket: Any) -> None:
            opened.append(socket.url)
            if len(opened) <= 4:
                socket.close(code=4307, reason=owner)
            else:
                socket.connect_to_server()

        page.route_web_socket(re.compile(r".*/stream.*"), route)
        page.goto(live_server.page_url(table, tokens["W"]))
        page.locator("#connection").filter(has_text="live").wait_for()
        own = live_server.url.replace("http", "ws")
        hosts = ["own" if url.startswith(own) else "owner" for url in opened]
        assert hosts == ["own", "owner", "owner", "owner", "own"], opened
    finally:
        context.close()
