"""What each seat's page shows of a card led out of turn and of a revoke, in a real
Chromium at a phone's width (390 px) and a desktop's (1280 px).

Expectations come from the Laws: a lead out of turn is faced (54-56): every page shows the
card in front of its player while declarer chooses, looking at it; a revoke is known to its
player alone until attention is drawn to it (61, 62A): only his page offers the correction,
with a legal card (62B), and once corrected the withdrawn card is a major penalty card in
front of him on every page (62B1, 50).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import LiveServer

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
AUCTION = [("N", "1NT"), ("E", "pass"), ("S", "3NT"), ("W", "pass"), ("N", "pass"), ("E", "pass")]
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
Opener = Callable[..., Any]


def pages_after_auction(
    server: LiveServer, open_page: Opener, size: str
) -> tuple[str, dict[str, str], dict[str, Any]]:
    table, tokens = server.new_table(DEAL, mode="law")
    for seat, call in AUCTION:
        server.send(table, tokens[seat], call)
    width, height = SIZES[size]
    pages = {
        s: open_page(server.page_url(table, tokens[s]), width=width, height=height) for s in "NESW"
    }
    synced(pages, len(AUCTION))
    return table, tokens, pages


def synced(pages: dict[str, Any], events: int) -> None:
    for page in pages.values():
        page.wait_for_selector(f'body[data-events="{events}"]')


def shown(page: Any, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def at_the_hand(page: Any) -> None:
    """The player looks at his hand: the page scrolled to its bottom."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def in_sight_and_focused(page: Any, selector: str, height: int) -> None:
    """The notice ``selector`` was brought into view when it appeared, and the keyboard's
    focus is on its first option."""
    box = page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return { top: r.top, bottom: r.bottom }; }",
        selector,
    )
    assert box["top"] >= 0 and box["bottom"] <= height, (selector, box)
    focused = page.evaluate("document.activeElement.closest('.options')?.parentElement?.id")
    assert focused == selector[1:], (selector, focused)


PROBE = """async (cards) => {
    const shown = [];
    for (const card of cards) {
        // the page's own request and its own refusal panel (no view fetched after it)
        const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/events`,
                                 { event: card });
        showError(answer, card);
        const panel = document.getElementById("error").cloneNode(true);
        for (const node of panel.querySelectorAll(".card-text")) {
            if (node.textContent.endsWith(cardWords(card))) node.replaceWith("<card>");
        }
        shown.push([answer.status, panel.textContent.replace(/\\s+/g, " ")]);
    }
    document.getElementById("error-close").click();
    return shown;
}"""
"""In a page: each card posted as the seat's event, and the refusal panel the page shows for
it, the card itself written ``<card>``."""


def declarer_cannot_read_dummy(north: Any) -> None:
    """Before the opening lead declarer cannot see dummy (41B): naming dummy's cards or a
    defender's, his page is told the same thing (the API's test names all
    39 cards: here dummy's 13 and West's 13, within the server's burst of requests)."""
    south, west = DEAL.split()[2], DEAL.split()[3]
    cards = [
        suit + rank
        for hand in (south, west)
        for suit, ranks in zip("SHDC", hand.split("."), strict=True)
        for rank in ranks
    ]
    shown = north.evaluate(PROBE, cards)
    assert {status for status, _ in shown} == {422}, shown
    assert len({text for _, text in shown}) == 1, shown
    assert "<card>" in shown[0][1], shown[0]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_lead_out_of_turn_is_shown_on_every_page_while_declarer_chooses(
    live_server: LiveServer, open_page: Opener, screenshots: Path, size: str
) -> None:
    _, _, pages = pages_after_auction(live_server, open_page, size)
    if size == "desktop":
        declarer_cannot_read_dummy(pages["N"])
    at_the_hand(pages["N"])
    west = pages["W"]
    west.click('#my-hand button[data-card="S3"]')  # East is on lead: out of turn (54)
    synced(pages, len(AUCTION) + 1)
    for seat, page in pages.items():
        assert "♠3" in shown(page, '.on-table[data-seat="W"]'), seat  # in front of West
    north = pages["N"]
    assert north.locator("#awaiting .law").get_attribute("data-law") == "54"
    assert north.locator("#awaiting-options button").count() == 3
    in_sight_and_focused(north, "#awaiting", SIZES[size][1])
    north.locator("#awaiting").scroll_into_view_if_needed()
    north.screenshot(path=screenshots / f"table-{size}-lead-out-of-turn-faced.png")
    north.click('#awaiting-options button[data-option="accept"]')  # 54B
    synced(pages, len(AUCTION) + 2)
    for seat, page in pages.items():
        assert page.locator(".on-table").count() == 0, seat  # now in the trick
        assert "♠3" in shown(page, '.played[data-seat="W"]'), seat


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_revoke_is_offered_for_correction_on_its_players_page_alone(
    live_server: LiveServer, open_page: Opener, screenshots: Path, size: str
) -> None:
    table, tokens, pages = pages_after_auction(live_server, open_page, size)
    at_the_hand(pages["W"])
    live_server.send(table, tokens["E"], "DK")
    live_server.send(table, tokens["N"], "D8")  # dummy's card, by declarer (45B)
    live_server.send(table, tokens["W"], "CT")  # West holds diamonds: a revoke (61A)
    events = len(AUCTION) + 3
    synced(pages, events)
    west = pages["W"]
    assert not west.locator("#correction").is_hidden()
    offered = west.locator("#correction-options button")
    options = offered.evaluate_all("bs => bs.map(b => b.dataset.option)")
    assert options == ["correct D7", "correct D6", "correct D5"]  # 62B: a legal card
    assert west.locator("#correction .law").get_attribute("data-law") == "62A"
    in_sight_and_focused(west, "#correction", SIZES[size][1])
    for seat in "NES":
        assert pages[seat].locator("#correction").is_hidden(), seat
        assert "revoke" not in pages[seat].inner_text("body").lower(), seat
    west.locator("#correction").scroll_into_view_if_needed()
    west.screenshot(path=screenshots / f"table-{size}-revoke-correction.png")
    west.click('#correction-options button[data-option="correct D5"]')
    synced(pages, events + 1)
    for seat, page in pages.items():
        assert "West: major penalty card ♣10" in shown(page, "#penalty-line"), seat
    assert west.locator("#correction").is_hidden()
