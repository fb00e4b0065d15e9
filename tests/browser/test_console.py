"""The director's console in a real Chromium.

A lead out of turn at a ``law`` table: West leads when East should (Law 54). West calls the
director; the console lists the call; the director opens the table, sees declarer's three
options with their clauses (54A spread, 54B accept, 54D refuse), enters the one declarer
chooses, and the table changes: declarer spreads his hand, so his partner declares (54A).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import LiveServer

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
AUCTION = [("N", "1NT"), ("E", "pass"), ("S", "pass"), ("W", "pass")]


def act(server: LiveServer, table: str, token: str, event: str) -> None:
    answer = server.client.post(
        f"/api/tables/{table}/events",
        json={"event": event},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text


def lead_out_of_turn(server: LiveServer) -> tuple[str, dict[str, str]]:
    """A law table after 1NT by North, West having led S5 when East was on lead, and West
    having called the director (Law 9B)."""
    table, seats = server.new_table(DEAL, mode="law")
    for seat, event in AUCTION:
        act(server, table, seats[seat], event)
    act(server, table, seats["W"], "S5")
    answer = server.client.post(
        f"/api/tables/{table}/calls",
        json={"reason": "I led out of turn"},
        headers={"Authorization": f"Bearer {seats['W']}"},
    )
    assert answer.status_code == 200, answer.text
    return table, seats


def console_url(server: LiveServer, table: str | None = None) -> str:
    fragment = f"token={server.director}" + (f"&table={table}" if table else "")
    return f"{server.url}/director#{fragment}"


def test_the_director_rules_a_lead_out_of_turn_from_the_console(
    live_server: LiveServer, open_page: Callable[..., Any], screenshots: Path
) -> None:
    table, seats = lead_out_of_turn(live_server)
    page = open_page(console_url(live_server))
    assert "token" not in page.url  # the token left the address bar at once
    item = page.locator(f'.table-item:has([data-table="{table}"])')
    item.locator(".call").wait_for()
    assert "West called" in item.inner_text() and "I led out of turn" in item.inner_text()
    item.locator("button.table-button").click()

    offer = page.locator("#offer")
    offer.get_by_text("opening lead out of turn").wait_for()
    assert "Law 54" in offer.inner_text()
    options = {
        str(row.locator(".option-button").get_attribute("data-option")): (
            row.locator(".consequence").inner_text()
        )
        for row in offer.locator(".option").all()
    }
    labels = {row.locator(".option-button").inner_text() for row in offer.locator(".option").all()}
    assert "Spread my hand: I become dummy" in labels  # the label made with the offer
    assert set(options) == {"accept", "spread", "decline"}
    assert "Law 54A" in options["spread"] and "becomes dummy" in options["spread"]
    assert "Law 54B" in options["accept"]
    assert "Law 54D" in options["decline"] and "major penalty card" in options["decline"]
    # the whole deal: North's spades (the director sees every hand)
    assert "AKQ2" in page.locator("#deal .seat-N .suit.S").inner_text()
    assert "T876" in page.locator("#deal .seat-W .suit.C").inner_text()
    page.screenshot(path=str(screenshots / "console-desktop-offer.png"), full_page=True)

    offer.locator('.option-button[data-option="spread"]').click()
    page.locator("#confirm-option").click()  # the director enters declarer's choice
    page.locator("#rulings-log").get_by_text("54A").wait_for()
    log = page.locator("#rulings-log").inner_text()
    assert "North" in log and "entered by director" in log
    assert "declarer spreads his hand" in log
    assert "South" in page.locator("#table-head").inner_text()  # South declares now (54A)

    # the consequence at the table: South is declarer, North is dummy (Law 54A)
    view = live_server.view(table, seats["S"])
    assert view["declarer"] == "S" and view["rulings"][-1]["law"] == "54A"

    # the play record names each card's seat and each trick's winner
    # (44): West's ♠5 stands as the lead (54A); dummy (North), East and declarer follow
    for _ in range(3):
        seen = live_server.view(table, live_server.director)
        actor = "S" if seen["turn"] in ("N", "S") else seen["turn"]  # declarer plays dummy's
        legal = live_server.view(table, seats[actor])["legal"]
        act(live_server, table, seats[actor], legal[0])
    trick = page.locator("#play li.trick")
    trick.wait_for()
    cards = trick.locator(".trick-card").evaluate_all("cs => cs.map(c => c.dataset.seat)")
    assert cards == ["W", "N", "E", "S"]  # from the leader, clockwise
    winner = live_server.view(table, live_server.director)["quitted"][0]["winner"]
    assert trick.get_attribute("data-winner") == winner
    assert trick.locator(".trick-card.winner").get_attribute("data-seat") == winner
    assert "won by" in trick.inner_text()
    page.screenshot(path=screenshots / "console-play-1280.png", full_page=True)

    # the call answered leaves the list of open calls
    page.locator("#calls").get_by_role("button", name="Mark answered").click()
    page.locator("#calls .call.answered").wait_for()
    item.locator(".call").wait_for(state="detached")

    # an artificial adjusted score, 60/40 (Law 12C2a), as the scorer reads it
    page.select_option("#result-kind", "artificial")
    page.select_option('select[name="art-NS"]', "A+")
    page.select_option('select[name="art-EW"]', "A-")
    page.fill("#result-note", "a test")
    page.get_by_role("button", name="Record the result").click()
    page.locator("#result-now").get_by_text("A+/A-").wait_for()
    # an assigned score (12C1): each side sees its own sign, East-West the negation of NS's
    page.select_option("#result-kind", "ns_score")
    page.fill('input[name="ns_score"]', "630")
    page.fill("#result-note", "assigned")
    page.get_by_role("button", name="Record the result").click()
    page.locator("#result-now").get_by_text("EW -630").wait_for()
    assert "NS +630 · EW -630" in page.locator("#result-now").inner_text()
    page.screenshot(path=str(screenshots / "console-desktop.png"), full_page=True)


def test_a_lead_out_of_turn_at_the_table_pages_ruled_in_the_console(
    live_server: LiveServer, open_page: Callable[..., Any], screenshots: Path
) -> None:
    """The whole story through the pages: West leads at his page when East should, calls the
    director from it; the console shows the call and Law 54's options; the director enters
    declarer's choice to spread (54A); the table pages show South declaring, North dummy."""
    table, tokens = live_server.new_table(DEAL, mode="law")
    pages = {
        seat: open_page(live_server.page_url(table, tokens[seat]), width=390, height=844)
        for seat in "NESW"
    }
    synced(pages, 0)
    for number, (seat, word) in enumerate(AUCTION, 1):
        button = ".other-calls" if word == "pass" else "#bids"
        pages[seat].click(f'{button} button[data-call="{word}"]')
        synced(pages, number)
    west = pages["W"]
    west.click('button.card[data-card="S5"]')  # a law page lets West lead out of turn
    synced(pages, 5)
    north = pages["N"]  # the offer is shown to the seat it concerns: declarer (Law 54)
    assert north.locator("#awaiting .law").get_attribute("data-law") == "54"
    west.fill("#director-reason", "I led out of turn")
    west.click("#director-button")
    west.locator("#director-answer").filter(has_text="The director has been called").wait_for()

    console = open_page(console_url(live_server))
    item = console.locator(f'.table-item:has([data-table="{table}"])')
    item.locator(".call").filter(has_text="I led out of turn").wait_for()
    assert "West called" in item.inner_text()
    item.locator("button.table-button").click()
    offer = console.locator("#offer")
    offer.get_by_text("opening lead out of turn").wait_for()
    assert "W S5" in offer.locator(".last-event").inner_text()  # the event that brought it
    spread = offer.locator(".option").filter(has=console.locator('[data-option="spread"]'))
    assert "Law 54A" in spread.inner_text() and "becomes dummy" in spread.inner_text()
    # each clause shows its title from the law book when pointed at (GET /api/laws)
    titles = live_server.client.get("/api/laws", params={"edition": 2017}).json()
    clause = spread.locator(".law").filter(has_text="Law 54A")
    console.wait_for_function("(node) => node.getAttribute('title')", arg=clause.element_handle())
    assert clause.get_attribute("title") == titles["54A"]
    offer.locator('.option-button[data-option="spread"]').click()
    console.locator("#confirm-option").click()
    console.locator("#rulings-log").get_by_text("54A").wait_for()
    # the lead stands in turn (54A): North, now dummy, plays next, his card named by South
    console.locator("#table-head").filter(has_text="North to play").wait_for()

    synced(pages, 6)  # the consequence at the table: South declares, North is dummy (54A)
    for page in pages.values():
        assert "by South" in " ".join(page.inner_text("#contract-line").split())
        assert page.locator("#awaiting").is_hidden()
    assert "you are dummy" in north.inner_text("#hand-title")
    assert "you play its cards" in pages["S"].inner_text("#dummy-title")
    pages["S"].screenshot(path=str(screenshots / "table-after-54a-phone.png"), full_page=True)
    console.screenshot(path=str(screenshots / "console-desktop-54a.png"), full_page=True)


def synced(pages: dict[str, Any], events: int) -> None:
    """Wait until every seat's page shows the table after ``events`` events."""
    for page in pages.values():
        page.wait_for_selector(f'body[data-events="{events}"]')


def test_the_console_on_a_phone(
    live_server: LiveServer, open_page: Callable[..., Any], screenshots: Path
) -> None:
    table, _ = lead_out_of_turn(live_server)
    # a board passed out has ended (22A): hidden from the list by default
    ended, seats = live_server.new_table(DEAL, board=7, mode="law")
    dealer = live_server.view(ended, live_server.director)["dealer"]
    order = "NESW"
    for i in range(4):
        seat = order[(order.index(dealer) + i) % 4]
        act(live_server, ended, seats[seat], "pass")
    assert live_server.view(ended, live_server.director)["phase"] == "ended"
    # and a table at 27B: the offender's replacements grouped by what follows them
    grouped, tokens = live_server.new_table(DEAL, board=3, mode="law")
    for seat, event in (("S", "1NT"), ("W", "1D"), ("N", "decline")):  # dealer South (board 3)
        act(live_server, grouped, tokens[seat], event)
    page = open_page(console_url(live_server), width=390, height=844)
    page.locator(f'[data-table="{table}"]').wait_for()
    assert page.locator(f'[data-table="{ended}"]').count() == 0
    assert "ended hidden" in page.inner_text("#filter-note")
    page.select_option("#filter-state", "all")
    page.locator(f'[data-table="{ended}"]').wait_for()
    page.select_option("#filter-state", "ended")
    assert page.locator(f'[data-table="{table}"]').count() == 0
    page.select_option("#filter-state", "active")
    page.fill("#filter-text", grouped)  # found by its id
    page.locator(f'[data-table="{table}"]').wait_for(state="detached")
    assert page.locator(".table-button").evaluate_all("bs => bs.map(b => b.dataset.table)") == [
        grouped
    ]
    page.fill("#filter-text", "")
    page.screenshot(path=str(screenshots / "console-phone-tables.png"), full_page=True)
    page.screenshot(path=screenshots / "console-list-phone-390.png", full_page=True)
    page.locator(f'[data-table="{grouped}"]').click()
    groups = page.locator("#offer .option-group")
    groups.first.wait_for()
    assert groups.evaluate_all("gs => gs.map(g => g.dataset.group)") == [
        "27B1a",
        "27B1b",
        "27B2",
        "27B3",
    ]
    lowest = page.locator('#offer .option-group[data-group="27B1a"] .option-button')
    assert lowest.evaluate_all("bs => bs.map(b => b.dataset.event)") == ["W 2D"]
    assert "Law 27B1a" in page.inner_text('#offer .option-group[data-group="27B1a"]')
    page.screenshot(path=screenshots / "console-27b-phone-390.png", full_page=True)
    page.locator("#back").click()
    page.locator(f'[data-table="{table}"]').wait_for()
    page.locator(f'[data-table="{table}"]').click()
    page.locator("#offer .option-button").first.wait_for()
    assert not page.locator("#tables-pane").is_visible()  # one column: the table alone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    page.screenshot(path=str(screenshots / "console-phone-table.png"), full_page=True)
    page.locator("#back").click()
    page.locator("#tables-pane").wait_for()


def test_a_wrong_token_is_refused_and_asked_again(
    live_server: LiveServer, open_page: Callable[..., Any]
) -> None:
    table, seats = live_server.new_table(DEAL)
    page = open_page(f"{live_server.url}/director#token={seats['N']}")  # a seat's token
    page.locator("#login").wait_for()
    assert "refused" in page.locator("#status").inner_text()
    page.fill("#token-input", live_server.director)
    page.get_by_role("button", name="Open the console").click()
    page.locator(f'[data-table="{table}"]').wait_for()


def test_the_console_follows_the_tables_on_its_websocket_without_polling(
    live_server: LiveServer, open_page: Callable[..., Any]
) -> None:
    """Changes are pushed: a call and an event at a table reach the open console, and the
    console asks the server nothing while nothing changes (it polled every 2 s before)."""
    table, seats = live_server.new_table(DEAL, mode="law")
    page = open_page(console_url(live_server, table))
    head = page.locator("#table-head")
    head.filter(has_text="North to call").wait_for()
    page.locator("#status").filter(has_text="live").wait_for()
    page.wait_for_timeout(1000)  # the open table fetched again once the stream is up
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.wait_for_timeout(4500)  # two polls and more of the console as it was
    assert asked == []
    act(live_server, table, seats["N"], "1NT")
    head.filter(has_text="East to call").wait_for(timeout=5000)
    item = page.locator(f'.table-item:has([data-table="{table}"])')
    answer = live_server.client.post(
        f"/api/tables/{table}/calls",
        json={"reason": "a hesitation"},
        headers={"Authorization": f"Bearer {seats['E']}"},
    )
    assert answer.status_code == 200, answer.text
    item.locator(".call").filter(has_text="a hesitation").wait_for(timeout=5000)
    assert all("/console" in url for url in asked)  # the open table, fetched when it changed
