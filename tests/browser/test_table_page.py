"""The table page in a real Chromium: four seats play a board by clicking, a strict table
shows a refusal with its law, a law table lets a player make an irregularity and offers the
options to the seat the Laws give them to.

Expectations come from the Laws: the auction's contract (Law 22), the tricks (Law 44) and the
score (Law 77); an insufficient bid's first option belongs to the offender's left-hand
opponent (27A1) and, declined, the offender must replace it (27B); a player who bids again at
his left-hand opponent's turn has changed his call (Law 25, through 31C).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


IN_VIEW = """(selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, viewport: window.innerHeight };
}"""
"""Where an element is on the screen now (its top and bottom, in CSS pixels)."""


CONTRAST = """(selector) => {
    // WCAG 2 contrast of each element's text on its own background, with every opacity
    // between it and the page multiplied in (an element faded by opacity is drawn lighter)
    const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
    const lum = ([r, g, b]) => {
        const f = (c) => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    return [...document.querySelectorAll(selector)].map((node) => {
        let alpha = 1;
        for (let n = node; n; n = n.parentElement) alpha *= Number(getComputedStyle(n).opacity);
        const style = getComputedStyle(node);
        const back = rgb(style.backgroundColor).slice(0, 3);
        const ink = rgb(style.color).slice(0, 3).map((c, i) => alpha * c + (1 - alpha) * back[i]);
        const [a, b] = [lum(ink), lum(back)].sort((x, y) => y - x);
        return { card: node.dataset.card, ratio: (a + 0.05) / (b + 0.05) };
    });
}"""
"""The contrast ratio of the text of each element matched (WCAG 2's relative luminance)."""

FOCUSED = """() => {
    const node = document.activeElement;
    return { tag: node.tagName, id: node.id, call: node.dataset.call || null,
             card: node.dataset.card || null,
             area: (node.closest("[data-focus-area]") || {}).id || null };
}"""
"""The element that has the keyboard's focus, and the area of the page it is in."""


def path_of(url: str) -> str:
    """A URL's path, without its query."""
    return urlsplit(url).path


def tabs_to(page: Any, selector: str, most: int = 40) -> int:
    """How many Tab presses from the top of the page reach ``selector``."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.evaluate("window.scrollTo(0, 0)")
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return presses
    return most + 1


SOCKETS_WATCHED = """(() => {
    window.socketCloses = [];
    window.socketsOpened = 0;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(...args) {
            super(...args);
            window.socketsOpened += 1;
            this.addEventListener("close", (event) => window.socketCloses.push(event.code));
        }
    };
})()"""
"""An init script: every WebSocket a page opens counted, and each one's close code kept."""


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


def posts_of_events(pages: Iterable[Any]) -> list[str]:
    """The events the pages post over HTTP from now on (filled as they are posted); a page
    whose stream is open sends them on it instead."""
    posted: list[str] = []

    def seen(request: Any) -> None:
        if request.method == "POST" and urlsplit(request.url).path.endswith("/events"):
            posted.append(request.post_data or "")

    for page in pages:
        page.on("request", seen)
    return posted


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


EXPLAINED = "Stayman: asks for a major"
ANSWERED = "no five-card major"


def ask_and_answer_an_alert(pages: dict[str, Any], screenshots: Path) -> None:
    """After South's 2♣! with its explanation: West, at his turn to call, asks about it (20F1)
    on a phone; South answers; the opponents read both; North, South's partner, neither."""
    north, east, south, west = (pages[s] for s in SEATS)
    for page in (east, west):
        page.wait_for_selector(
            f'#explanations li[data-event="3"] .explanation:has-text("{EXPLAINED}")'
        )
    assert north.locator("#explanations-panel").is_hidden()
    west.set_viewport_size({"width": 390, "height": 844})
    west.click('#explanations li[data-event="3"] .ask-button')
    south.wait_for_selector("#explanations .answer-form input")
    south.fill("#explanations .answer-form input", ANSWERED)
    south.click("#explanations .answer-form button")
    for page in (east, west):
        page.wait_for_selector(f'#explanations [data-kind="answer"]:has-text("{ANSWERED}")')
    answer = west.locator('#explanations [data-kind="answer"]')
    answer.scroll_into_view_if_needed()
    assert answer.is_visible()
    box = answer.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # on the phone's screen
    west.screenshot(path=screenshots / "table-phone-390x844-alert-explained.png", full_page=True)
    west.set_viewport_size({"width": 1280, "height": 800})
    east.screenshot(path=screenshots / "table-desktop-1280-alert-explained.png", full_page=True)
    assert north.locator("#explanations-panel").is_hidden()
    assert EXPLAINED not in north.content() and ANSWERED not in north.content()


def test_four_seats_play_a_whole_board_by_clicking(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    table, _, pages = seat_pages(live_server, open_page, "strict")
    north, east, south, west = (pages[s] for s in SEATS)
    assert "#token" not in north.url  # the token left the address bar
    posted = posts_of_events(pages.values())  # none: each page sends its events on its stream

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
    # Pass is the second Tab stop (after the skip link), not the 36th
    assert tabs_to(north, '.other-calls button[data-call="pass"]') <= 3
    for events, (page, spoken, alert) in enumerate(auction, start=1):
        assert page.inner_text("#turn-line") == "Your call"
        if events == 1:  # North bids with the keyboard: the focus stays in the bidding box
            north.focus('#bids button[data-call="1NT"]')
            north.keyboard.press("Enter")
            synced(pages, events)
            focused = north.evaluate(FOCUSED)
            assert focused["area"] == "bidding" and focused["tag"] == "BUTTON", focused
            continue
        if alert:  # South explains his alert with the call (online: to the opponents, 20F)
            page.click("#alert-toggle")
            page.fill("#alert-explanation", EXPLAINED)
            page.click(f'#bids button[data-call="{spoken}"]')
        else:
            call(page, spoken)
        synced(pages, events)
        if events == 3:
            ask_and_answer_an_alert(pages, screenshots)
    for seat, page in pages.items():
        # the opponents and South see the alert on South's 2♣, North (his partner) does not
        # (online, a player never sees his own side's alerts); the contract (22: 2♠ by North)
        alerted = page.locator('#auction td[data-call="2C"] .alert-mark').count()
        assert alerted == (0 if seat == "N" else 1), seat
        assert re.search(r"Contract 2♠.* by North", shown(page, "#contract-line"))
        assert page.locator("#bidding").is_hidden()
    assert EXPLAINED not in north.content() and ANSWERED not in north.content()

    # the play: the seat to play (declarer for dummy, Law 45A) clicks a card its page offers;
    # a strict page offers exactly the cards Law 44C allows: the suit led when the player
    # holds one, any card otherwise (checked against the director's view of the deal)
    events = len(auction)
    checked_contrast = False
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
        if len(state["cards"]) < len(held) and owner != "S":
            # the cards he may not play (he must follow suit, 44C) are told apart
            # otherwise than by fading: their text keeps a contrast of 4.5:1 at least
            ratios = actor.evaluate(CONTRAST, f'#my-hand button.card[data-owner="{owner}"]')
            assert len(ratios) == len(held) and min(r["ratio"] for r in ratios) >= 4.5, ratios
            checked_contrast = True
        keyboard = events == len(auction) + 3  # one card played with the keyboard
        if keyboard:
            actor.focus(f'button.card[data-card="{state["cards"][0]}"]')
            actor.keyboard.press("Enter")
        else:
            actor.click(f'button.card[data-card="{state["cards"][0]}"]')
        events += 1
        actor.wait_for_selector(f'body[data-events="{events}"]')  # stored, and answered
        if keyboard:  # the focus stays in the hand the card came from
            focused = actor.evaluate(FOCUSED)
            assert focused["area"] in ("my-hand", "dummy-hand"), focused
        if events == len(auction) + 6:  # mid-trick 2: the page as a player sees it
            synced(pages, events)
            for seat in ("E", "S", "W"):
                assert not pages[seat].inner_text("#turn-line").startswith("Your")
            north.screenshot(path=screenshots / "table-desktop-1280x800.png")
            north.screenshot(path=screenshots / "play-desktop-1280.png")
            # on a phone the hand stays above the fold with dummy spread (compact)
            for page in (east, north):
                page.set_viewport_size({"width": 390, "height": 844})
                page.evaluate("window.scrollTo(0, 0)")
                hand = page.evaluate(IN_VIEW, "#my-hand")
                page.screenshot(path=screenshots / "play-phone-390-top.png", full_page=True)
                assert hand["bottom"] <= 844, hand
            east.screenshot(path=screenshots / "table-phone-390x844-play.png", full_page=True)
            east.screenshot(path=screenshots / "play-phone-390-defender.png")
            north.screenshot(path=screenshots / "play-phone-390-declarer.png")
            north.set_viewport_size({"width": 1280, "height": 800})
    synced(pages, events)
    assert checked_contrast  # some trick had a player with cards he could not play
    assert south.locator("#dummy").is_hidden()  # dummy's own page shows his hand once

    director = live_server.view(table, live_server.director)
    assert director["phase"] == "ended"
    assert director["seq"] == 60 and posted == []  # 8 calls and 52 cards, all on the streams
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
    after_the_board(live_server, table, pages, screenshots)


def ranks_shown(hand: str) -> list[str]:
    """A PBN hand's four suits as the page writes them: ranks apart, 10 for T, a dash for a
    void."""
    return [" ".join("10" if r == "T" else r for r in ranks) or "—" for ranks in hand.split(".")]


def after_the_board(
    server: LiveServer, table: str, pages: dict[str, Any], screenshots: Path
) -> None:
    """Once the board is over every page shows the four hands (66D), the double-dummy table
    the server solved, and, at a table of its own, that the next board is a new table; and
    the strict table says so in its header."""
    hands = dict(zip(SEATS, DEAL[2:].split(), strict=True))  # the deal starts with North
    for seat, page in pages.items():
        page.wait_for_selector("#after-dd-table", timeout=90_000)  # DDS on a busy machine
        for owner in SEATS:
            rows = page.locator(f'.after-hand[data-seat="{owner}"] .after-suit')
            texts = [" ".join(t.split()) for t in rows.all_text_contents()]
            expected = ranks_shown(hands[owner])
            for text, name, ranks in zip(
                texts, ("spades", "hearts", "diamonds", "clubs"), expected, strict=True
            ):
                assert text.endswith(f"{name}: {ranks}"), (seat, owner, text)
        solved = server.client.get(  # solved by now: the page shows it
            f"/api/tables/{table}/after", headers={"Authorization": f"Bearer {server.director}"}
        ).json()["analysis"]["dd"]
        for owner in SEATS:
            cells = page.locator(f'#after-dd-table tr[data-seat="{owner}"] td')
            numbers = dict(zip(cells.evaluate_all("cs => cs.map(c => c.dataset.strain)"),
                               map(int, cells.all_text_contents()), strict=True))  # fmt: skip
            assert numbers == solved[owner], (seat, owner, numbers)
        assert "one board" in page.inner_text("#after-next")
        assert page.locator("#after-traveller").count() == 0  # no session: no traveller
        assert shown(page, "#mode-label").startswith("Strict table: illegal actions refused")
    north, east = pages["N"], pages["E"]
    north.locator("#after").scroll_into_view_if_needed()
    north.screenshot(path=screenshots / "i22-after-table-390-hands.png")
    east.set_viewport_size({"width": 1280, "height": 800})
    east.locator("#after").scroll_into_view_if_needed()
    east.screenshot(path=screenshots / "i22-after-table-1280-hands.png")


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
        stale_posts = posts_of_events([stale])
        stale.goto(live_server.page_url(table, tokens["S"]))
        stale.wait_for_selector('body[data-events="2"]')
        call(pages["S"], "2C")
        synced(pages, 3)
        assert stale.inner_text("#turn-line") == "Your call"  # it has not heard of 2♣
        stale.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # at his calls
        call(stale, "2D")
        # bidding again at his left-hand opponent's turn is a change of call (31C -> Law 25):
        # the strict table refuses it and the page says so with the law
        error = stale.locator("#error")
        error.wait_for(state="visible")
        law = error.locator(".law").get_attribute("data-law")
        assert law is not None and law.startswith("25"), law
        text = error.inner_text()
        assert "The table refused it" in text and f"Law {law}" in text, text
        # its stream never gave it a view: the page posted the event instead
        assert [json.loads(body)["event"] for body in stale_posts] == ["2D"]
        seen = stale.evaluate(IN_VIEW, "#error")  # in sight where he clicked
        assert seen["top"] >= 0 and seen["bottom"] <= 844, seen
        stale.screenshot(path=screenshots / "table-phone-390x844-refusal.png")
        # the page then fetches the table again and offers nothing more to South
        stale.wait_for_selector('body[data-events="3"]')
        assert stale.inner_text("#turn-line") == "West to call"
        assert stale.locator("#bids button:enabled").count() == 0
    finally:
        stale_context.close()
    # nothing was stored: every page still shows three calls
    assert live_server.view(table, tokens["N"])["calls"] == ["1NT", "pass", "2C"]
    # South meant 2♦ (a slip, Law 25A): before North calls he may ask; at a strict table
    # the director decides, and the request is seen on every page
    south = pages["S"]
    assert south.locator("#change-form").is_visible()
    south.select_option("#change-call", "2D")
    south.click("#change-button")
    for page in pages.values():
        page.wait_for_selector('#change-records li[data-kind="request"]')
        assert "South asked the director to change a call to 2♦" in shown(page, "#change")
    assert pages["N"].locator("#change-form").is_hidden()


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
    # his offer answered and gone, South's focus is not lost: it is on his next
    # control, his Pass (a law table lets him call at any time)
    assert south.evaluate(FOCUSED)["call"] == "pass", south.evaluate(FOCUSED)
    east = pages["E"]
    assert east.locator("#awaiting .law").get_attribute("data-law", timeout=5000) == "27B"
    words = east.locator("#awaiting-options button").evaluate_all(
        "buttons => buttons.map(b => b.dataset.option)"
    )
    assert "2D" in words and "1D" not in words  # a legal call: 1♦ is still insufficient
    assert south.locator("#awaiting-options button").count() == 0
    # the replacements grouped by what follows them, each group's clause
    # and consequence said once (27B1a: 2♦ alone; 27B1b: any other bid; 27B2: pass; 27B3: X)
    groups = east.locator("#awaiting .option-group")
    assert groups.evaluate_all("gs => gs.map(g => g.dataset.group)") == [
        "27B1a",
        "27B1b",
        "27B2",
        "27B3",
    ]
    assert east.locator('.option-group[data-group="27B1a"] button').evaluate_all(
        "bs => bs.map(b => b.dataset.option)"
    ) == ["2D"]
    assert east.locator('.option-group[data-group="27B1b"] button').count() == 29
    assert "no rectification" in shown(east, '.option-group[data-group="27B1a"] .consequence')
    # on a phone the whole offer is on one screen, in view, its first option focused
    east.screenshot(path=screenshots / "27b-phone-390.png")
    box = east.evaluate(IN_VIEW, "#awaiting")
    assert box["top"] >= 0 and box["bottom"] <= 844, box
    assert east.evaluate("document.activeElement.closest('#awaiting-options') !== null")
    east.set_viewport_size({"width": 1280, "height": 800})  # and on a desktop
    box = east.evaluate(IN_VIEW, "#awaiting")
    assert box["height"] <= 800 * 0.75, box  # a good part of the table stays in sight
    east.locator("#awaiting").scroll_into_view_if_needed()
    east.screenshot(path=screenshots / "27b-desktop-1280.png")
    east.set_viewport_size({"width": 390, "height": 844})
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
    # the defenders on phones, each looking at his hand at the bottom of his page
    for seat in ("E", "W"):
        pages[seat].set_viewport_size({"width": 390, "height": 844})
        pages[seat].evaluate("window.scrollTo(0, document.body.scrollHeight)")

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
    # 68C: North faces his cards: each opponent sees all thirteen (he has played none)
    held = sorted(pbn_cards(DEAL[2:].split()[0]))
    # (East and West on phones, South, his partner, on a desktop at 1280 px)
    for seat in ("E", "W", "S"):
        faced = pages[seat].locator("#claim-hand .faced-card")
        assert sorted(faced.evaluate_all("cs => cs.map(c => c.dataset.card)")) == held, seat
    pages["S"].screenshot(path=screenshots / "table-desktop-1280-claim-hand.png", full_page=True)
    assert north.locator("#claim-hand").is_hidden()  # his own page shows his hand already
    west = pages["W"]
    west.set_viewport_size({"width": 390, "height": 844})
    hand = west.locator("#claim-hand")
    hand.scroll_into_view_if_needed()
    box = hand.bounding_box()
    assert hand.is_visible() and box is not None and box["x"] + box["width"] <= 390
    west.screenshot(path=screenshots / "table-phone-390x844-claim-hand.png", full_page=True)
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
        # the question is brought into view on his phone, its first answer focused
        box = pages[asked[0]].evaluate(IN_VIEW, "#awaiting")
        assert box["top"] >= 0 and box["bottom"] <= 844, box
        assert pages[asked[0]].evaluate(FOCUSED)["area"] == "awaiting-options"
        if events == 6:
            pages[asked[0]].screenshot(
                path=screenshots / "table-desktop-1280-claim.png", full_page=True
            )
            pages[asked[0]].screenshot(path=screenshots / "claim-asked-phone-390.png")
        pages[asked[0]].click('#awaiting-options button[data-option="agree"]')
        events += 1
        synced(pages, events)
    # agreed by both: the claim stands (69A), 7 tricks; Law 77: 1NT made, 40 + 50
    for page in pages.values():
        assert re.search(r"1NT by North: 7 tricks\. Score NS \+90", shown(page, "#result-text"))
        assert page.locator("#open-claim").is_hidden()
        # the tricks won count the claim's (no trick was played: 7 and 6)
        assert "Tricks won: NS 7 · EW 6" in shown(page, "#tricks-line")
    result = pages["E"].evaluate(IN_VIEW, "#result")  # in sight on the phone
    assert result["top"] >= 0 and result["bottom"] <= 844, result
    pages["E"].screenshot(path=screenshots / "claim-result-phone-390.png")


def test_the_call_the_director_button_posts_the_seats_call(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    table, tokens = live_server.new_table(DEAL, mode="law")
    west = open_page(live_server.page_url(table, tokens["W"]), width=390, height=844)
    west.wait_for_selector('body[data-events="0"]')
    west.fill("#director-reason", "North bid out of turn")
    with (
        # (the page's language rides along as ?lang=, so that a refusal is in it too)
        west.expect_request(
            lambda r: path_of(r.url).endswith(f"/api/tables/{table}/calls")
        ) as sent,
        west.expect_response(lambda r: path_of(r.url).endswith("/calls")) as answered,
    ):
        west.click("#director-button")
    request = sent.value
    # the contract of the console (SERVER.md): POST {"reason": ...} with the seat's token
    assert request.method == "POST"
    assert request.post_data_json == {"reason": "North bid out of turn"}
    assert request.headers["authorization"] == f"Bearer {tokens['W']}"
    answer = answered.value
    line = west.locator("#director-answer")
    assert answer.status == 200, answer.status
    number = answer.json()["call"]
    line.filter(has_text=f"The director has been called (call {number})").wait_for()
    # the call is in the status line, which stays in sight on a phone (9B) ...
    status = west.locator("#director-line")
    status.filter(has_text="You called the director: waiting for him.").wait_for()
    west.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    seen = west.evaluate(IN_VIEW, "#director-line")
    assert seen["top"] >= 0 and seen["bottom"] <= 844, seen
    # ... and acknowledged there once the director has answered it
    answered_call = live_server.client.post(
        f"/api/tables/{table}/calls/{number}/answer",
        json={"note": ""},
        headers={"Authorization": f"Bearer {live_server.director}"},
    )
    assert answered_call.status_code == 200, answered_call.text
    status.filter(has_text="The director has answered the call").wait_for()
    west.screenshot(path=screenshots / "director-answered-phone-390.png")


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


def test_a_page_whose_stream_is_refused_stops_and_says_why(
    live_server: LiveServer, open_page: Opener, browser: Any
) -> None:
    """A stream refused with a close code of 4000 + the HTTP status (a
    token the server does not know: 4403) is not tried again; the page says why. The page's
    fetch of the view is held back, so that only the stream's refusal can stop it."""
    table, _ = live_server.new_table(DEAL, mode="law")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.route(re.compile(rf".*/api/tables/{table}$"), lambda route: route.abort())
        sockets: list[Any] = []
        page.on("websocket", lambda socket: sockets.append(socket))
        page.goto(live_server.page_url(table, "not-a-seat-token"))
        page.locator("#connection").filter(has_text="cannot open this seat").wait_for()
        page.wait_for_timeout(2500)  # a reconnecting page would have tried twice by now
        assert len(sockets) == 1, [s.url for s in sockets]
        assert page.get_attribute("#connection", "data-state") == "down"
        assert page.evaluate("localStorage.length") == 0  # the refused token is not kept
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
    # every WebSocket the page opens, and the code each closes with (the page's own handler
    # is left as it is); the page is loaded again with it, from the token it keeps
    north.context.add_init_script(SOCKETS_WATCHED)
    north.reload()
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
    # the old link's page is closed by the server with 4403 (403: the token is not the
    # seat's any more) and says so; it stops: no new connection with the old token
    north.locator("#connection").filter(has_text="cannot open this seat").wait_for()
    # polled with evaluate: wait_for_function's string predicate needs eval after its first
    # try, which the page's CSP forbids
    for _ in range(100):
        if north.evaluate("window.socketCloses.includes(4403)"):
            break
        north.wait_for_timeout(50)
    assert north.evaluate("window.socketCloses.includes(4403)")
    opened = north.evaluate("window.socketsOpened")
    north.wait_for_timeout(1500)  # the page's first reconnection would come after 0.5 s
    assert north.evaluate("window.socketsOpened") == opened
    assert "cannot open this seat" in north.inner_text("#connection")
    north.goto(f"{live_server.url}/table/{table}")
    north.locator("#no-token").wait_for(state="visible")
    north.screenshot(path=str(screenshots / f"reissued-link-old-{width}.png"))
    north.goto(live_server.page_url(table, given.json()["token"]))
    north.wait_for_selector('body[data-events="0"]')
    call(north, "1NT")
    north.wait_for_selector('body[data-events="1"]')
    assert live_server.view(table, tokens["E"])["calls"][0] == "1NT"
    north.screenshot(path=str(screenshots / f"reissued-link-new-{width}.png"))
