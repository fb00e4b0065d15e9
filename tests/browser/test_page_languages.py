"""The table page's own words in the reader's language, in a real Chromium.

A Hungarian declarer at a law table where West leads out of turn after 1NT pass 3NT pass pass
pass (Law 54: declarer, North, chooses): his page's headings, status and buttons are
Hungarian, and the offer and the ruling the server writes for him are the Hungarian ones. The
language comes from ``?lang=``, else the one picked on this browser, else the browser's own;
an unknown ``?lang=`` is refused on the page with the known ones. A pseudo language in place
of the page words shows that no English word of the page's own is left.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.conftest import LiveServer
from tests.i18n.pseudo import pseudo_law_titles, pseudo_page_words

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
AUCTION = [("N", "1NT"), ("E", "pass"), ("S", "3NT"), ("W", "pass"), ("N", "pass"), ("E", "pass")]

ENGLISH_LEFT = """() => {
    // every visible text node and label of the page's own (not the server's sentences, not
    // what is marked translate="no") with two ASCII lower-case letters in a row: English
    const found = [];
    const own = (node) => !node.closest('[data-from="server"], [translate="no"], script, style');
    const seen = (node) => node.getClientRects().length > 0 && !node.closest("[hidden]");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const parent = t.parentElement;
        if (parent && own(parent) && seen(parent) && /[a-z]{2,}/.test(t.nodeValue)) {
            found.push(t.nodeValue.trim());
        }
    }
    for (const node of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
        if (!own(node) || !seen(node)) continue;
        for (const name of ["aria-label", "title", "placeholder"]) {
            if (name === "title" && node.dataset.titleFrom === "server") continue;
            const value = node.getAttribute(name);
            if (value && /[a-z]{2,}/.test(value)) found.push(`${name}=${value}`);
        }
    }
    return found;
}"""


@pytest.fixture
def context_in(browser: Any) -> Iterator[Callable[..., Any]]:
    """A browser context whose language is ``locale`` (navigator.languages, Accept-Language)."""
    contexts: list[Any] = []

    def opener(locale: str = "en-US") -> Any:
        context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield opener
    for context in contexts:
        context.close()


def lead_out_of_turn(server: LiveServer) -> tuple[str, dict[str, str]]:
    """The law table after 1NT pass 3NT pass pass pass, West having led S5 at East's turn."""
    table, seats = server.new_table(DEAL, mode="law")
    for seat, event in AUCTION:
        server.send(table, seats[seat], event)
    server.send(table, seats["W"], "S5")
    return table, seats


CARD = re.compile(r"(?<![A-Za-z0-9])[SHDC](?:10|[AKQJT2-9])(?![A-Za-z0-9])")


def shown_in(sentence: str, text: str) -> bool:
    """Whether the server's ``sentence`` is in the page's ``text`` (its cards drawn as ♠5)."""
    return all(part.strip() in text for part in CARD.split(sentence) if part.strip())


def view_in(server: LiveServer, table: str, token: str, lang: str) -> dict[str, Any]:
    answer = server.client.get(
        f"/api/tables/{table}",
        params={"lang": lang},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_a_hungarian_declarer_reads_the_page_the_offer_and_the_ruling_in_hungarian(
    live_server: LiveServer, context_in: Callable[..., Any]
) -> None:
    table, seats = lead_out_of_turn(live_server)
    # the browser's own language is Hungarian: no ?lang= needed
    page = context_in("hu-HU").new_page()
    laws: list[str] = []
    page.on("request", lambda r: laws.append(r.url) if "/api/laws" in r.url else None)
    page.goto(live_server.page_url(table, seats["N"]))
    page.locator("#awaiting-options button.option").first.wait_for()
    assert page.evaluate("document.documentElement.lang") == "hu"
    # the page's own words (Hungarian 2017: licitálás, tornavezető, felvevő)
    assert page.locator("#awaiting-title").inner_text() == "Te választasz"
    assert page.locator(".auction-panel h2").inner_text() == "Licitálás"
    assert page.locator(".rulings-panel h2").inner_text() == "Döntések"
    assert page.locator("#director-button").inner_text() == "A tornavezető hívása"
    assert page.locator("#turn-line").inner_text() == "Te választasz (54 szabály)"
    assert "Észak (te, felvevő)" in page.locator("#table-area").inner_text()
    # the offer's clause with its title from the law book, in Hungarian (GET /api/laws?lang=hu)
    title = live_server.client.get("/api/laws", params={"edition": 2017, "lang": "hu"})
    assert title.json()["54"] == "felfordított soron kívüli indító kijátszás"
    clause = page.locator('#awaiting-text .law[data-law="54"]')
    clause.filter(has_text="54 szabály (felfordított soron kívüli indító kijátszás)").wait_for()
    assert laws and all("lang=hu" in url for url in laws), laws
    # the offer is the server's Hungarian one, the same as the API gives with ?lang=hu
    hungarian = view_in(live_server, table, seats["N"], "hu")
    english = view_in(live_server, table, seats["N"], "en")
    assert hungarian["offer"]["title"] != english["offer"]["title"]
    assert hungarian["offer"]["title"] in page.locator("#awaiting-text").inner_text()
    labels = [o["label"] for o in hungarian["offer"]["options"]]
    shown = page.locator("#awaiting-options").inner_text()
    assert all(label in shown for label in labels), (labels, shown)
    # declarer accepts the lead (54B): the ruling on his page is the Hungarian one
    accept = next(o for o in hungarian["offer"]["options"] if o["option"] == "accept")
    page.locator(f'button.option[data-option="{accept["event"]}"]').click()
    # a locator's wait, not wait_for_function: the page's CSP forbids eval, which Playwright's
    # polling of a string predicate needs after its first try (a flake under load)
    page.locator("#rulings li:not(.note)").first.wait_for()
    after = view_in(live_server, table, seats["N"], "hu")
    rulings = page.locator("#rulings").inner_text()
    assert after["rulings"] and all(shown_in(r["text"], rulings) for r in after["rulings"])
    english_after = view_in(live_server, table, seats["N"], "en")
    assert not any(shown_in(r["text"], rulings) for r in english_after["rulings"])


def test_lang_in_the_address_then_the_picker_then_the_browsers_language(
    live_server: LiveServer, context_in: Callable[..., Any]
) -> None:
    table, seats = lead_out_of_turn(live_server)
    context = context_in("en-US")
    page = context.new_page()
    # ?lang= decides, and the server's view is asked for in the same language
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if f"/api/tables/{table}" in r.url else None)
    page.goto(f"{live_server.url}/table/{table}?lang=pl#token={seats['W']}")
    page.locator("#turn-line").filter(has_text="Czekamy na wybór gracza Północ").wait_for()
    assert page.locator(".auction-panel h2").inner_text() == "Licytacja"
    assert asked and all("lang=pl" in url for url in asked), asked
    # the picker: Slovak chosen, remembered by this browser
    page.select_option("#lang-picker", "sk")
    page.locator(".auction-panel h2").filter(has_text="Dražba").wait_for()
    assert page.evaluate("localStorage.getItem('bridgelaw.lang')") == "sk"
    again = context.new_page()
    again.goto(live_server.page_url(table, seats["W"]))  # no ?lang=: the choice kept
    again.locator(".auction-panel h2").filter(has_text="Dražba").wait_for()
    assert again.locator("#lang-picker").input_value() == "sk"
    # an unknown language is refused on the page with the known ones; the page goes on
    wrong = context.new_page()
    wrong.goto(f"{live_server.url}/table/{table}?lang=de#token={seats['W']}")
    note = wrong.locator(".lang-refused")
    note.wait_for()
    assert "'de'" in note.inner_text() and "en, pl, hu, sk" in note.inner_text()
    wrong.locator(".auction-panel h2").filter(has_text="Dražba").wait_for()


def pseudo_polish_context(context_in: Callable[..., Any]) -> Any:
    """A browser context whose Polish page words and law book's titles are the pseudo
    language's: they stand in for Polish's page words and titles (the titles are written
    inside the page's own sentences, "Law 54 (...)"); the server's sentences are Polish,
    marked."""
    context = context_in("en-US")
    words = json.dumps(pseudo_page_words())
    context.route(
        re.compile(r".*/api/page-words\?lang=pl$"),
        lambda route: route.fulfill(status=200, content_type="application/json", body=words),
    )

    def laws(route: Any) -> None:
        edition = int(parse_qs(urlsplit(route.request.url).query)["edition"][0])
        body = json.dumps(pseudo_law_titles(edition))
        route.fulfill(status=200, content_type="application/json", body=body)

    context.route(re.compile(r".*/api/laws\?.*lang=pl.*"), laws)
    return context


def test_a_pseudo_language_leaves_no_english_word_of_the_pages_own(
    live_server: LiveServer, context_in: Callable[..., Any]
) -> None:
    table, seats = lead_out_of_turn(live_server)
    context = pseudo_polish_context(context_in)
    for seat in ("N", "W"):  # the declarer with his offer; the player who led, waiting
        page = context.new_page()
        page.goto(f"{live_server.url}/table/{table}?lang=pl#token={seats[seat]}")
        page.locator("#turn-line").filter(has_text="⟦").wait_for()
        page.locator("#rulings li").first.wait_for()
        left = page.evaluate(ENGLISH_LEFT)
        assert not left, (seat, left)
    # and after the board: the result, all four hands and the double-dummy table
    view = view_in(live_server, table, seats["N"], "en")
    accept = next(o for o in view["offer"]["options"] if o["option"] == "accept")
    live_server.send(table, seats["N"], accept["event"])
    play_out(live_server, table, seats)
    north = context.new_page()
    north.goto(f"{live_server.url}/table/{table}?lang=pl#token={seats['N']}")
    north.locator("#after-par").wait_for()
    left = north.evaluate(ENGLISH_LEFT)
    assert not left, left


def play_out(server: LiveServer, table: str, seats: dict[str, str]) -> None:
    """Every card to the end through the API: the first card the seat on turn may play
    (declarer plays dummy's)."""
    for _ in range(60):
        seen = server.view(table, server.director)
        if seen["phase"] == "ended":
            return
        turn = seen["turn"]
        dummy = {"N": "S", "S": "N", "E": "W", "W": "E"}[seen["declarer"]]
        actor = seen["declarer"] if turn == dummy else turn
        legal = server.view(table, seats[actor])["legal"]
        server.send(table, seats[actor], legal[0])
    raise AssertionError("the board did not end")


def test_a_polish_director_and_a_hungarian_declarer_each_read_their_own_language(
    live_server: LiveServer, context_in: Callable[..., Any]
) -> None:
    table, seats = lead_out_of_turn(live_server)
    called = live_server.client.post(
        f"/api/tables/{table}/calls",
        json={"reason": "I led out of turn"},
        headers={"Authorization": f"Bearer {seats['W']}"},
    )
    assert called.status_code == 200, called.text
    player = context_in("hu-HU").new_page()
    player.goto(live_server.page_url(table, seats["N"]))
    player.locator("#awaiting-options button.option").first.wait_for()
    # the director's browser says English: ?lang=pl decides, and the console passes it on
    console = context_in("en-US").new_page()
    asked: list[str] = []
    console.on("request", lambda r: asked.append(r.url) if "/api/tables" in r.url else None)
    streams: list[str] = []
    console.on("websocket", lambda socket: streams.append(socket.url))
    fragment = f"token={live_server.director}&table={table}"
    console.goto(f"{live_server.url}/director?lang=pl#{fragment}")
    offer = console.locator("#offer")
    offer.locator(".option-button").first.wait_for()
    assert console.evaluate("document.documentElement.lang") == "pl"
    # the console's own words, in the Polish Laws' terms (sędzia, licytacja, orzeczenie)
    assert console.locator("h1").inner_text() == "Konsola sędziego"
    assert console.locator("#tables-title").inner_text().startswith("Stoły")
    item = console.locator(f'.table-item:has(button[data-table="{table}"])')
    assert "Zachód wezwał" in item.inner_text()  # West called
    assert console.locator("#calls h3").inner_text().startswith("Wezwania")
    assert console.locator("#auction h3").inner_text() == "Licytacja"
    assert console.locator("#rulings h3").inner_text() == "Orzeczenia"
    assert "rozgrywa Północ" in console.locator("#table-head").inner_text()  # 3NT by North
    assert console.locator("#offer h3").inner_text().startswith("Oczekiwanie na:")
    # the offer is the server's Polish one, as the API gives it to the director with ?lang=pl
    polish = view_in(live_server, table, live_server.director, "pl")
    english = view_in(live_server, table, live_server.director, "en")
    assert polish["offer"]["title"] != english["offer"]["title"]
    assert polish["offer"]["title"] in offer.inner_text()
    labels = [o["label"] for o in polish["offer"]["options"]]
    assert all(label in offer.inner_text() for label in labels), labels
    assert not any(o["label"] in offer.inner_text() for o in english["offer"]["options"])
    # the Hungarian declarer's page meanwhile is Hungarian
    assert player.evaluate("document.documentElement.lang") == "hu"
    assert player.locator(".auction-panel h2").inner_text() == "Licitálás"
    # the director enters declarer's choice, accepting the lead (54B)
    accept = next(o for o in polish["offer"]["options"] if o["option"] == "accept")
    offer.locator(f'.option-button[data-option="{accept["option"]}"]').click()
    console.locator("#confirm-option").click()
    console.locator("#rulings-log").wait_for()
    log = console.locator("#rulings-log").inner_text()
    after = view_in(live_server, table, live_server.director, "pl")
    english_after = view_in(live_server, table, live_server.director, "en")
    assert after["rulings"] and all(shown_in(r["text"], log) for r in after["rulings"])
    assert not any(shown_in(r["text"], log) for r in english_after["rulings"])
    assert "orzekł" in console.locator("#rulings-log thead").inner_text()  # decided by
    # and on the declarer's page the same ruling is the Hungarian one
    player.locator("#rulings li:not(.note)").first.wait_for()
    hungarian = view_in(live_server, table, seats["N"], "hu")
    rulings = player.locator("#rulings").inner_text()
    assert hungarian["rulings"] and all(shown_in(r["text"], rulings) for r in hungarian["rulings"])
    # every table request and the stream of the console carried its language
    assert asked and all("lang=pl" in url for url in asked), asked
    assert streams and all("lang=pl" in url for url in streams), streams


# -- the session pages (a club night) -------------------------------------------------------------

NAMES = {"1": ["Anna Nowak", "Jan Kowalski"], "2": ["Ola Maj", "Adam Bury"]}


def start_session(server: LiveServer, **spec: Any) -> dict[str, Any]:
    server.wait()
    body = {"name": "Utorok", "date": "2026-11-24", "scoring": "matchpoints"} | spec
    answer = server.client.post(
        "/api/sessions", json=body, headers={"Authorization": f"Bearer {server.director}"}
    )
    assert answer.status_code == 200, answer.text
    started: dict[str, Any] = answer.json()
    return started


def night(
    server: LiveServer, names: dict[str, list[str]] = NAMES, name: str = "Utorok"
) -> dict[str, Any]:
    """Three tables of a Mitchell, two boards a round, board 1's result accepted at table 1."""
    boards = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in range(1, 7))
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}
    started = start_session(
        server,
        name=name,
        movement=movement,
        deals=boards,
        pairs=names,
        clock={"seconds_per_board": 450},
    )
    path = f"/api/sessions/{started['session']}/results"
    device = {"Authorization": f"Bearer {started['tables']['1']}"}
    body = {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    entered = server.client.post(path, json=body, headers=device)
    assert entered.status_code == 200, entered.text
    number = entered.json()["result"]
    accepted = server.client.post(f"{path}/{number}/accept", json={}, headers=device)
    assert accepted.status_code == 200, accepted.text
    return started


def shown(page: Any, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def test_the_session_pages_and_the_live_results_in_slovak(
    live_server: LiveServer, context_in: Callable[..., Any]
) -> None:
    started = night(live_server)
    session = started["session"]
    # a table's device, the browser English, ?lang=sk in its address
    device = context_in("en-US").new_page()
    device.goto(
        f"{live_server.url}/session/{session}/device?lang=sk#token={started['tables']['1']}"
    )
    device.wait_for_selector("body[data-version]")
    assert device.evaluate("document.documentElement.lang") == "sk"
    # the Slovak Laws' words: stôl, kolo, v druhej hre (Law 2); the results site's pár
    assert device.inner_text("#title") == "Stôl 1"
    assert shown(device, '#pair-list dd[data-side="NS"]') == "Pár 1: Anna Nowak & Jan Kowalski"
    assert "do konca kola zostáva" in device.inner_text("#clock")
    device.click('button[data-enter="2"]')
    for choice in ('data-level="3"', 'data-strain="NT"', 'data-declarer="N"', 'data-tricks="9"'):
        device.click(f"#entry button[{choice}]")
    device.click('#entry button[data-lead-suit="H"]')
    device.click('#entry button[data-lead-rank="J"]')  # East's ♥J (41A)
    device.wait_for_selector('#preview[data-state="ok"]')
    assert "Sever-Juh v druhej hre" in device.inner_text("#preview")  # board 2: NS (Law 2)
    # the director's session console: the browser's own language is Slovak, no ?lang=
    console = context_in("sk-SK").new_page()
    console.goto(f"{live_server.url}/director/session/{session}#token={live_server.director}")
    console.wait_for_selector("body[data-version]")
    assert console.evaluate("document.documentElement.lang") == "sk"
    assert console.inner_text('a[data-word="consoleLink"]') == "Konzola stolov"
    assert console.inner_text("#results-link") == "Výsledky naživo"
    # a player's page with ?lang=sk: its link to the live results carries the language
    player = context_in("en-US").new_page()
    token = started["players"]["1"][0]
    player.goto(f"{live_server.url}/session/{session}/play?lang=sk#token={token}")
    player.wait_for_selector("body[data-version]")
    assert player.inner_text("#results-link") == "Výsledky naživo"
    link = player.get_attribute("#results-link", "href") or ""
    assert link.endswith(f"/results/{session}/?lang=sk"), link
    player.goto(live_server.url + link)
    player.wait_for_selector("html[data-version]")  # results-live.js has run
    assert player.evaluate("document.documentElement.lang") == "sk"
    text = player.inner_text("body")
    assert "Poradie" in text and "Rozdania" in text and "Ranking" not in text
    # the site's own links keep the language: a board's page is Slovak too
    board = player.locator('a[href*="boards/board-1.html"]').first
    assert (board.get_attribute("href") or "").endswith("?lang=sk")
    board.click()
    player.wait_for_url(re.compile(r"board-1\.html\?lang=sk$"))
    assert player.evaluate("document.documentElement.lang") == "sk"


def test_a_pseudo_language_leaves_no_english_in_the_console_and_the_session_pages(
    live_server: LiveServer, context_in: Callable[..., Any]
) -> None:
    table, seats = lead_out_of_turn(live_server)
    called = live_server.client.post(
        f"/api/tables/{table}/calls",
        json={"reason": "I led out of turn"},
        headers={"Authorization": f"Bearer {seats['W']}"},
    )
    assert called.status_code == 200, called.text
    # the night's and the players' names are data, not the pages' words: upper-case, so that
    # two lower-case letters in a row are only ever the pages' own English
    upper = {pair: [n.upper() for n in two] for pair, two in NAMES.items()}
    started = night(live_server, upper, "WTOREK")
    context = pseudo_polish_context(context_in)
    # the console with the table open: list, calls, offer, deal, auction, result form
    console = context.new_page()
    console.goto(f"{live_server.url}/director?lang=pl#token={live_server.director}&table={table}")
    console.locator("#offer .option-button").first.wait_for()
    console.locator("#status").filter(has_text="⟦").wait_for()
    left = console.evaluate(ENGLISH_LEFT)
    assert not left, "\n".join(left)
    # then with a ruling in its log, and every fold opened (record, poll, appeals, events)
    console.locator('#offer .option-button[data-option="accept"]').click()
    console.locator("#confirm-option").click()
    console.locator("#rulings-log").wait_for()
    console.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    console.locator("#record-entries li").first.wait_for()
    left = console.evaluate(ENGLISH_LEFT)
    assert not left, "\n".join(left)
    # the session's pages: a table's device, a player's page, the director's session console
    session = started["session"]
    pages = {
        "device": f"/session/{session}/device?lang=pl#token={started['tables']['1']}",
        "play": f"/session/{session}/play?lang=pl#token={started['players']['1'][0]}",
        "console": f"/director/session/{session}?lang=pl#token={live_server.director}",
    }
    for name, path in pages.items():
        page = context.new_page()
        page.goto(live_server.url + path)
        page.wait_for_selector("body[data-version]")
        if name == "console":  # its result form's preview comes a moment later: checked too
            page.wait_for_selector("#result-preview[data-state]")
        left = page.evaluate(ENGLISH_LEFT)
        assert not left, (name, left)
