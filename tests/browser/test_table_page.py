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

import pytest

from tests.browser.conftest import LiveServer

# North 1NT (AKQ2.KQ2.A32.K32), dealer North (board 1, nobody vulnerable: Law 2)
DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
SEATS = ("N", "E", "S", "W")
Opener = Callable[..., Any]
OFFERED = """() => ({
    turn: document.getElementById("turn-line").textContent,
    cards: [...document.querySelectorAll("button.card:enabled")].map(b => b.dataset.card),
    owners: [...new Set([...document.querySelectorAll("button.card:enabled")]
        .map(b => b.dataset.owner))],
})"""
"""What a page offers now: its turn line, the cards it lets the player click and whose."""


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
    table, _, pages = seat_pages(live_server, open_page, "strict")
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

    # the play: the seat to play (declarer for dummy, Law 45A) clicks a card its page offers;
    # a strict page offers exactly the cards Law 44C allows: the suit led when the player
    # holds one, any card otherwise (checked against the director's view of the deal)
    events = len(auction)
    for _ in range(52):
        seen = live_server.view(table, live_server.director)
        owner = seen["turn"]
        actor = pages["N"] if owner == "S" else pages[owner]  # South is dummy
        actor.wait_for_selector(f'body[data-events="{events}"]')  # the WebSocket's update
        state = actor.evaluate(OFFERED)
        assert state["turn"].startswith("Your turn"), state
        held = pbn_cards(seen["hands"][owner])
        led = seen["trick"][0][0] if seen["trick"] else None
        following = [c for c in held if c[0] == led]
        assert sorted(state["cards"]) == sorted(following or held)
        assert state["owners"] == [owner]
        actor.click(f'button.card[data-card="{state["cards"][0]}"]')
        events += 1
        actor.wait_for_selector(f'body[data-events="{events}"]')  # stored, and answered
        if events == len(auction) + 6:  # mid-trick 2: the page as a player sees it
            synced(pages, events)
            for seat in ("E", "S", "W"):
                assert not pages[seat].inner_text("#turn-line").startswith("Your")
            north.screenshot(path=screenshots / "table-desktop-1280x800.png")
            east.set_viewport_size({"width": 390, "height": 844})  # a defender on a phone
            east.screenshot(path=screenshots / "table-phone-390x844-play.png", full_page=True)
    synced(pages, events)
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
    north.set_viewport_size({"width": 390, "height": 844})
    north.screenshot(path=screenshots / "table-phone-390x844-ended.png")
    # the page's own count of tricks agrees with the tricks credited
    won = shown(north, "#tricks-line")
    assert f"NS {tricks} · EW {13 - tricks}" in won


def test_a_strict_table_shows_a_refusal_with_its_law(
    live_server: LiveServer, open_page: Opener, browser: Any, screenshots: Path
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
    # 19A1: a player may double an opponent's bid; 19B1: redouble only an opponent's double
    assert pages["E"].locator('.other-calls button[data-call="X"]').is_enabled()
    assert pages["E"].locator('.other-calls button[data-call="XX"]').is_disabled()
    pages["E"].screenshot(path=screenshots / "table-desktop-1280x800-auction.png")
    call(pages["E"], "pass")
    synced(pages, 2)
    assert pages["S"].locator('.other-calls button[data-call="X"]').is_disabled()  # partner's
    assert pages["S"].locator('.other-calls button[data-call="pass"]').is_enabled()

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
        stale.screenshot(path=screenshots / "table-phone-390x844-refusal.png")
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


def test_a_claim_made_on_the_page_is_answered_on_the_opponents_pages(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="strict")
    # set up through the API: 1NT by North, East's opening lead (41A)
    for seat, event in [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass"), ("E", "SJ")]:
        live_server.send(table, tokens[seat], event)
    pages = {s: open_page(live_server.page_url(table, tokens[s])) for s in SEATS}
    synced(pages, 5)

    # declarer claims 7 of the 13 tricks left, with his statement (68C)
    north = pages["N"]
    north.fill("#claim-number", "7")
    north.fill("#claim-statement", "my top tricks")
    north.click("#claim-button")
    synced(pages, 6)
    for page in pages.values():
        # play stops (68D); every seat sees the claim
        assert shown(page, "#open-claim-text") == (
            "North claims 7 of the remaining tricks: “my top tricks”."
        )
        assert page.locator("button.card:enabled").count() == 0
    # 69A: each defender answers; the page offers agree/dispute to the one asked now only
    events = 6
    for _ in range(2):
        asked = [s for s in ("E", "W") if pages[s].locator("#awaiting-options button").count()]
        assert len(asked) == 1
        options = pages[asked[0]].locator("#awaiting-options button")
        assert options.evaluate_all("bs => bs.map(b => b.dataset.option)") == [
            "agree",
            "dispute",
        ]
        assert pages[asked[0]].locator("#awaiting .law").get_attribute("data-law") == "69A"
        if events == 6:
            pages[asked[0]].screenshot(
                path=screenshots / "table-desktop-1280-claim.png", full_page=True
            )
        pages[asked[0]].click('#awaiting-options button[data-option="agree"]')
        events += 1
        synced(pages, events)
    # agreed by both: the claim stands (69A), 7 tricks; Law 77: 1NT made, 40 + 50
    for page in pages.values():
        assert re.search(r"1NT by North: 7 tricks\. Score NS \+90", shown(page, "#result-text"))
        assert page.locator("#open-claim").is_hidden()


def test_the_call_the_director_button_posts_the_seats_call(
    live_server: LiveServer, open_page: Opener
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="law")
    west = open_page(live_server.page_url(table, tokens["W"]), width=390, height=844)
    west.wait_for_selector('body[data-events="0"]')
    west.fill("#director-reason", "North bid out of turn")
    with (
        west.expect_request(lambda r: r.url.endswith(f"/api/tables/{table}/calls")) as sent,
        west.expect_response(lambda r: r.url.endswith("/calls")) as answered,
    ):
        west.click("#director-button")
    request = sent.value
    # the contract of the console (SERVER.md): POST {"reason": ...} with the seat's token
    assert request.method == "POST"
    assert request.post_data_json == {"reason": "North bid out of turn"}
    assert request.headers["authorization"] == f"Bearer {tokens['W']}"
    answer = answered.value
    line = west.locator("#director-answer")
    if answer.status == 200:  # the console's endpoint is there
        number = answer.json()["call"]
        line.filter(has_text=f"The director has been called (call {number})").wait_for()
    else:  # not yet on this server: the page says so rather than failing silently
        assert answer.status == 404
        line.filter(has_text="does not take calls for the director").wait_for()


def test_a_page_whose_connection_drops_reconnects_and_catches_up(
    live_server: LiveServer, open_page: Opener, browser: Any
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="law")
    north = open_page(live_server.page_url(table, tokens["N"]))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        south = context.new_page()
        routes: list[Any] = []

        def route(socket: Any) -> None:
            routes.append(socket)
            server = socket.connect_to_server()
            if len(routes) == 1:
                server.on_message(lambda message: None)  # updates lost on the way

        south.route_web_socket(re.compile(r".*/stream.*"), route)
        south.goto(live_server.page_url(table, tokens["S"]))
        south.wait_for_selector('body[data-events="0"]')
        north.wait_for_selector('body[data-events="0"]')
        call(north, "1NT")
        north.wait_for_selector('body[data-events="1"]')
        assert south.get_attribute("body", "data-events") == "0"  # South missed it
        routes[0].close(code=1012, reason="server restarting")
        # the page says so, connects again by itself, and shows the table as it is now
        south.wait_for_selector('body[data-events="1"]')
        assert len(routes) == 2
        south.locator("#connection").filter(has_text="live").wait_for()
        assert south.locator('#auction td[data-call="1NT"]').count() == 1
        assert south.inner_text("#turn-line") == "East to call"
    finally:
        context.close()


def test_a_lead_out_of_turn_clicked_at_a_law_table_is_offered_to_declarer(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="law")
    for seat, event in [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass")]:
        live_server.send(table, tokens[seat], event)
    pages = {s: open_page(live_server.page_url(table, tokens[s])) for s in ("N", "E", "W")}
    synced(pages, 4)
    west = pages["W"]
    # East is on lead (41A); a law page still lets West click any of his 13 cards
    assert west.inner_text("#turn-line") == "East to play"
    assert west.locator("#my-hand button.card:enabled").count() == 13
    west.click('#my-hand button[data-card="C8"]')
    synced(pages, 5)
    # Law 54: declarer chooses (spread his hand, accept the lead, or not accept it)
    north = pages["N"]
    assert north.locator("#awaiting .law").get_attribute("data-law") == "54"
    offered = north.locator("#awaiting-options button")
    assert sorted(offered.evaluate_all("bs => bs.map(b => b.dataset.option)")) == [
        "accept",
        "decline",
        "spread",
    ]
    for seat in ("E", "W"):
        assert pages[seat].inner_text("#awaiting-title") == "Waiting for North"
        assert pages[seat].locator("#awaiting-options button").count() == 0
    # 54D: not accepted, the card becomes a major penalty card (50D), face up for everyone
    north.click('#awaiting-options button[data-option="decline"]')
    synced(pages, 6)
    for page in pages.values():
        assert "West: major penalty card ♣8" in shown(page, "#penalty-line")
        assert "♣8" in shown(page, '.faced[data-seat="W"]')  # in front of West
    assert west.locator('#my-hand button[data-card="C8"].penalty').count() == 1
    # and declarer has the lead options of 50D2 for East's lead
    law = north.locator("#awaiting .law").get_attribute("data-law")
    assert law is not None and law.startswith("50D2"), law
    north.screenshot(path=screenshots / "table-desktop-1280x800-lead-out-of-turn.png")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_seat_whose_link_the_director_reissued_plays_on_with_the_new_one(
    live_server: LiveServer, open_page: Opener, screenshots: Path, width: int
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="law")
    north = open_page(live_server.page_url(table, tokens["N"]), width=width, height=844)
    north.wait_for_selector('body[data-events="0"]')
    # a new tab of the same browser finds the seat's token (kept per browser, not per tab)
    tab = north.context.new_page()
    tab.goto(f"{live_server.url}/table/{table}")
    tab.wait_for_selector('body[data-events="0"]')
    tab.close()
    given = live_server.client.post(
        f"/api/tables/{table}/seats/N/token",
        headers={"Authorization": f"Bearer {live_server.director}"},
    )
    assert given.status_code == 200, given.text
    # the old link's page is closed by the server and says so; it forgets the old token
    north.locator("#connection").filter(has_text="cannot open this seat").wait_for()
    north.goto(f"{live_server.url}/table/{table}")
    north.locator("#no-token").wait_for(state="visible")
    north.screenshot(path=str(screenshots / f"reissued-link-old-{width}.png"))
    north.goto(live_server.page_url(table, given.json()["token"]))
    north.wait_for_selector('body[data-events="0"]')
    call(north, "1NT")
    north.wait_for_selector('body[data-events="1"]')
    assert live_server.view(table, tokens["E"])["calls"][0] == "1NT"
    north.screenshot(path=str(screenshots / f"reissued-link-new-{width}.png"))
