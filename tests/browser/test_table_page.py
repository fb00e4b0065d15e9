"""The table page in a real Chromium: four seats play a board by clicking, a strict table
shows a refusal with its law, a law table lets a player make an irregularity and offers the
options to the seat the Laws give them to.

Expectations come from the Laws: the auction's contract (Law 22), the tricks (Law 44) and the
score (Law 77); an insufficient bid's first option belongs to the offender's left-hand
opponent (27A1) and, declined, the offender must replace it (27B); a player who bids again at
his left-hand opponent's turn has changed his call (Law 25, through 31C).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import LiveServer

# North 1NT (AKQ2.KQ2.A32.K32), dealer North (board 1, nobody vulnerable: Law 2)
DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
SEATS = ("N", "E", "S", "W")
Opener = Callable[..., Any]


def seat_pages(
    server: LiveServer,
    open_page: Opener,
    mode: str,
    *,
    width: int = 1280,
    height: int = 800,
) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A new table and one page per seat, each in its own browser context."""
    table, tokens = server.new_table(DEAL, mode=mode)
    pages = {
        seat: open_page(server.page_url(table, tokens[seat]), width=width, height=height)
        for seat in SEATS
    }
    synced(pages, 0)
    return table, tokens, pages


def synced(pages: dict[str, Any], events: int) -> None:
    """Wait until every page shows the table after ``events`` events."""
    for page in pages.values():
        page.wait_for_selector(f'body[data-events="{events}"]')


def shown(page: Any, selector: str) -> str:
    """What the page shows in ``selector``, white space made single (a screen reader's
    words beside a suit symbol are laid out on lines of their own)."""
    return " ".join(page.inner_text(selector).split())


def call(page: Any, text: str, *, alert: bool = False) -> None:
    """Click a call in the page's bidding box (the alert toggle first, if asked)."""
    if alert:
        page.click("#alert-toggle")
    if text in ("pass", "X", "XX"):
        page.click(f'.other-calls button[data-call="{text}"]')
    else:
        page.click(f'#bids button[data-call="{text}"]')


def pbn_cards(hand: str) -> list[str]:
    """``AKQ2.KQ2.A32.K32`` -> ``["SA", "SK", ...]``, as the page names its card buttons."""
    return [
        suit + rank for suit, ranks in zip("SHDC", hand.split("."), strict=True) for rank in ranks
    ]


def score_2s_not_vulnerable(tricks: int) -> int:
    """Law 77 for an undoubled 2♠ by a side not vulnerable: 30 a trick over six, 50 for a
    part score made; 50 a trick undertaken and not won."""
    if tricks >= 8:
        return 30 * (tricks - 6) + 50
    return -50 * (8 - tricks)


def test_four_seats_play_a_whole_board_by_clicking(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    table, tokens, pages = seat_pages(live_server, open_page, "strict")
    north, east, south, west = (pages[s] for s in SEATS)
    assert "#token" not in north.url  # the token left the address bar

    # the auction, in rotation from the dealer (Law 17): 1NT - pass - 2♣! - pass - 2♠ - all pass
    auction = [
        (north, "1NT", False),
        (east, "pass", False),
        (south, "2C", True),
        (west, "pass", False),
        (north, "2S", False),
        (east, "pass", False),
        (south, "pass", False),
        (west, "pass", False),
    ]
    for events, (page, spoken, alert) in enumerate(auction, start=1):
        assert page.inner_text("#turn-line") == "Your call"
        call(page, spoken, alert=alert)
        synced(pages, events)
    for page in pages.values():
        # every seat sees the alert on South's 2♣, and the contract (Law 22: 2♠ by North)
        assert page.locator('#auction td[data-call="2C"] .alert-mark').count() == 1
        assert re.search(r"Contract 2♠.* by North", shown(page, "#contract-line"))
        assert page.locator("#bidding").is_hidden()

    # the play: whoever the page says is to play clicks a card it offers (dummy's cards from
    # declarer's page); a strict page offers only cards that follow suit (Law 44C)
    events = len(auction)
    for _ in range(52):
        actors = [p for p in pages.values() if p.inner_text("#turn-line").startswith("Your turn")]
        assert len(actors) == 1, [p.inner_text("#turn-line") for p in pages.values()]
        actor = actors[0]
        offered = actor.locator("button.card:enabled")
        owner = offered.first.get_attribute("data-owner")
        # Law 44C: a player follows suit when he can, and may play any card when he cannot
        # (checked against the view of the acting seat, read, never acted through)
        seen = live_server.view(table, tokens[next(s for s in SEATS if pages[s] is actor)])
        held = pbn_cards(seen["dummy"] if owner != seen["seat"] else seen["hand"])
        led = seen["trick"][0][0] if seen["trick"] else None
        following = [c for c in held if c[0] == led]
        shown_cards = offered.evaluate_all("buttons => buttons.map(b => b.dataset.card)")
        assert sorted(shown_cards) == sorted(following or held)
        offered.first.click()
        events += 1
        synced(pages, events)
        if events == len(auction) + 6:  # mid-trick 2: the page as a player sees it
            north.screenshot(path=screenshots / "table-desktop-1280x800.png")
            east.set_viewport_size({"width": 390, "height": 844})  # a defender on a phone
            east.screenshot(path=screenshots / "table-phone-390x844-play.png", full_page=True)
    assert south.locator("#dummy").is_hidden()  # dummy's own page shows his hand once

    director = live_server.view(table, live_server.director)
    assert director["phase"] == "ended"
    tricks = director["tricks"]
    expected = score_2s_not_vulnerable(tricks)
    for seat, page in pages.items():
        result = shown(page, "#result-text")
        assert re.search(rf"2♠.* by North: {tricks} tricks\.", result), (seat, result)
        ns = f"+{expected}" if expected > 0 else f"−{-expected}"
        assert f"Score NS {ns}" in result, (seat, result)
        assert page.locator("#quitted li").count() == 13
        assert page.inner_text("#turn-line") == "The board is over"
    # the page's own count of tricks agrees with the tricks credited
    won = shown(north, "#tricks-line")
    assert f"NS {tricks} · EW {13 - tricks}" in won


def test_a_strict_table_shows_a_refusal_with_its_law(
    live_server: LiveServer, open_page: Opener, browser: Any
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="strict")
    pages = {s: open_page(live_server.page_url(table, tokens[s])) for s in ("N", "E", "S")}
    synced(pages, 0)
    call(pages["N"], "1NT")
    synced(pages, 1)
    # a player may bid only higher than the last bid (18B): the strict page offers no 1♣..1NT
    assert pages["E"].locator('#bids button[data-call="1NT"]').is_disabled()
    assert pages["E"].locator('#bids button[data-call="2C"]').is_enabled()
    assert pages["S"].locator('#bids button[data-call="2C"]').is_disabled()  # not his turn
    call(pages["E"], "pass")
    synced(pages, 2)

    # South has a second device whose live connection is gone (its WebSocket answers
    # nothing): it still shows South to call after South has bid 2♣ on the first one
    stale_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        stale = stale_context.new_page()
        stale.route_web_socket(re.compile(r".*/stream.*"), lambda ws: None)
        stale.goto(live_server.page_url(table, tokens["S"]))
        stale.wait_for_selector('body[data-events="2"]')
        call(pages["S"], "2C")
        synced(pages, 3)
        assert stale.inner_text("#turn-line") == "Your call"  # it has not heard of 2♣
        call(stale, "2D")
        # bidding again at his left-hand opponent's turn is a change of call (31C -> Law 25):
        # the strict table refuses it and the page says so with the law
        error = stale.locator("#error")
        error.wait_for(state="visible")
        law = error.locator(".law").get_attribute("data-law")
        assert law is not None and law.startswith("25"), law
        text = error.inner_text()
        assert "The table refused it" in text and f"Law {law}" in text, text
        # the page then fetches the table again and offers nothing more to South
        stale.wait_for_selector('body[data-events="3"]')
        assert stale.inner_text("#turn-line") == "West to call"
        assert stale.locator("#bids button:enabled").count() == 0
    finally:
        stale_context.close()
    # nothing was stored: every page still shows three calls
    assert live_server.view(table, tokens["N"])["calls"] == ["1NT", "pass", "2C"]


def test_an_insufficient_bid_clicked_at_a_law_table_offers_the_options_to_the_right_seat(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    table, tokens, pages = seat_pages(live_server, open_page, "law", width=390, height=844)
    call(pages["N"], "1NT")
    synced(pages, 1)
    # a law table's bidding box lets East bid 1♦ over 1NT: an insufficient bid (Law 27)
    assert pages["E"].locator('#bids button[data-call="1D"]').is_enabled()
    call(pages["E"], "1D")
    synced(pages, 2)
    # 27A1: the offender's left-hand opponent (South) may accept it; he alone is offered it
    south = pages["S"]
    assert south.inner_text("#awaiting-title") == "Your choice"
    assert south.locator("#awaiting .law").get_attribute("data-law") == "27A1"
    offered = south.locator("#awaiting-options button").evaluate_all(
        "buttons => buttons.map(b => b.dataset.option)"
    )
    assert offered == ["accept", "decline"]
    for seat in ("N", "E", "W"):
        assert pages[seat].locator("#awaiting-options button").count() == 0
        assert pages[seat].inner_text("#awaiting-title") == "Waiting for South"
    south.screenshot(path=screenshots / "table-phone-390x844-awaiting.png", full_page=True)

    # declined: East must replace it (27B), and the options are now East's
    south.click('#awaiting-options button[data-option="decline"]')
    synced(pages, 3)
    east = pages["E"]
    assert east.locator("#awaiting .law").get_attribute("data-law", timeout=5000) == "27B"
    words = east.locator("#awaiting-options button").evaluate_all(
        "buttons => buttons.map(b => b.dataset.option)"
    )
    assert "2D" in words and "1D" not in words  # a legal call: 1♦ is still insufficient
    assert south.locator("#awaiting-options button").count() == 0
    # 27B1a: the lowest sufficient bid in the same denomination; the auction goes on
    east.click('#awaiting-options button[data-option="2D"]')
    synced(pages, 4)
    assert live_server.view(table, tokens["N"])["calls"] == ["1NT", "2D"]
    for page in pages.values():
        assert page.locator("#awaiting").is_hidden()
        cancelled = page.locator('#auction td[data-call="1D"]')
        assert cancelled.count() == 1 and "struck" in (cancelled.get_attribute("class") or "")
    assert south.inner_text("#turn-line") == "Your call"
    south.screenshot(path=screenshots / "table-phone-390x844-auction.png", full_page=True)
