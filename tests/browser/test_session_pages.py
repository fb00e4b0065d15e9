"""The pages of a club night in a real Chromium, phone-sized (390 px): a table's device enters a
result and the other side accepts it (a lead the leader did not hold is refused by Law 41A
before it is sent); a player follows his one link through two rounds of an online session with
robots in every other seat; the director corrects a result and moves the round in the session
console; the live results page follows the session.

Expectations come from the Laws: the score of a result (Law 77 with the vulnerability of Law 2:
board 1 nobody vulnerable, board 3 East-West), the opening leader (41A: declarer's left-hand
opponent), the artificial score the director gives to a board not played (12C2a), the correction
that supersedes a result and leaves it in the log (79C).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import LiveServer
from tests.browser.helpers import PHONE, call, deals, start_session

Opener = Callable[..., Any]
# North AKQ2.KQ2.A32.K32, East JT9.AJT.KQJ4.A54, South 876.9876.T98.QJ9, West 543.543.765.T876
DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
# East holds every ace, king and queen and the four jacks but three: 13 top tricks at no trumps;
# the others have three points between them (the sample bidder passes with them)
EAST_DEAL = "N:T98.JT98.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 765.765.8765.876 432.432.432.5432"
NAMES = {"1": ["Anna Nowak", "Jan Kowalski"], "2": ["Ola Maj", "Adam Bury"]}


def director_view(server: LiveServer, session: str) -> dict[str, Any]:
    view: dict[str, Any] = call(server, "GET", f"/api/sessions/{session}", server.director)
    return view


def shown(page: Any, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def test_a_table_device_enters_a_result_and_the_other_side_accepts_it(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}
    night = start_session(
        live_server,
        movement=movement,
        deals=deals(DEAL, 6),
        pairs=NAMES,
        clock={"seconds_per_board": 450},
    )
    session, device = night["session"], night["tables"]["1"]
    page = open_page(f"{live_server.url}/session/{session}/device#token={device}", **PHONE)
    assert "token" not in page.url  # the token left the address bar
    page.wait_for_selector("body[data-version]")
    assert page.inner_text("#title") == "Table 1"
    assert shown(page, '#pair-list dd[data-side="NS"]') == "Pair 1: Anna Nowak & Jan Kowalski"
    assert "left in this round" in page.inner_text("#clock")  # 2 boards of 450 s: 15 minutes
    assert [
        (b.get_attribute("data-board"), b.get_attribute("data-status"))
        for b in page.locator("#board-list .board-item").all()
    ] == [("1", "to-play"), ("2", "to-play")]

    # board 1: 4♥ by South, ten tricks, and a lead of ♠A, which North held: West, South's
    # left-hand opponent, makes the opening lead (41A); the server refuses it before sending
    page.click('button[data-enter="1"]')
    for choice in ('data-level="4"', 'data-strain="H"', 'data-declarer="S"', 'data-tricks="10"'):
        page.click(f"#entry button[{choice}]")
    page.click('#entry button[data-lead-suit="S"]')
    page.click('#entry button[data-lead-rank="A"]')
    page.wait_for_selector('#preview[data-state="refused"]')
    assert page.locator("#preview .law").get_attribute("data-law") == "41A"
    assert "West" in page.inner_text("#preview") and "Law 41A" in page.inner_text("#preview")
    assert page.locator("#send").is_disabled()
    page.screenshot(path=screenshots / "session-device-390-refused-41A.png", full_page=True)

    # the lead West held (♠5): Law 77, 4♥ made not vulnerable, 120 + 300 for North-South
    page.click('#entry button[data-lead-rank="5"]')
    page.wait_for_selector('#preview[data-state="ok"]')
    assert shown(page, "#preview .preview-score") == "NS +420 · EW −420"
    assert "nobody vulnerable" in page.inner_text("#preview")  # board 1 (Law 2)
    page.screenshot(path=screenshots / "session-device-390-entry.png", full_page=True)
    page.click("#send")

    # East-West see the result with its score, and accept it (79A)
    item = page.locator('#accept-list .accept-item[data-board="1"]')
    item.wait_for()
    item.locator(".score .points").wait_for()
    assert shown(page, '#accept-list .accept-item[data-board="1"] .score') == "NS +420 · EW −420"
    logged = call(live_server, "GET", f"/api/sessions/{session}/log", live_server.director)
    assert [(r["board"], r["status"]) for r in logged["results"]] == [(1, "entered")]
    page.screenshot(path=screenshots / "session-device-390-accept.png", full_page=True)
    item.locator("button[data-accept]").click()
    page.wait_for_selector('#board-list .board-item[data-board="1"][data-status="accepted"]')
    assert page.locator("#accept").is_hidden()
    published = live_server.client.get(f"/api/sessions/{session}/results.json").json()
    assert [
        (r["board"], r["contract"], r["declarer"], r["tricks"], r["lead"])
        for r in published["results"]
    ] == [(1, "4H", "S", 10, "S5")]

    # the director moves on (Law 8A1): board 2, not played yet, becomes a late board (8B2),
    # still listed and entered on the device, here passed out (no score, Law 22B)
    call(live_server, "POST", f"/api/sessions/{session}/round", live_server.director, {})
    late = page.locator('#late-list .board-item[data-board="2"][data-status="late"]')
    late.wait_for()
    assert shown(page, "#subtitle") == "Tuesday pairs · Round 2 of 2"
    assert [
        b.get_attribute("data-board") for b in page.locator("#board-list .board-item").all()
    ] == [
        "3",
        "4",
    ]  # a Mitchell's boards move down one table: table 1 plays table 2's boards
    late.locator("button[data-enter]").click()
    page.click("#passed-out")
    page.wait_for_selector('#preview[data-state="ok"]')
    assert shown(page, "#preview .preview-score") == "NS 0 · EW 0"
    page.click("#send")
    page.locator('#accept-list .accept-item[data-board="2"] button[data-accept]').click()
    page.wait_for_selector("#late", state="hidden")

    # a result entered elsewhere (another device of the table) reaches the page live; East-West
    # dispute it: the director is called (79B) and it does not count
    entered = call(
        live_server,
        "POST",
        f"/api/sessions/{session}/results",
        device,
        {"round": 2, "board": 3, "contract": "3NT", "declarer": "N", "tricks": 8},
    )
    disputed = page.locator('#accept-list .accept-item[data-board="3"]')
    disputed.wait_for()
    # board 3, East-West vulnerable: North-South one down not vulnerable, 50 (Law 77)
    disputed.locator(".score .points").wait_for()
    assert shown(page, '#accept-list .accept-item[data-board="3"] .score') == "NS −50 · EW +50"
    disputed.locator("button[data-dispute]").click()
    disputed.locator(".dispute-form input").fill("declarer won nine tricks")
    disputed.locator("button[data-send-dispute]").click()
    disputed.locator(".disputed-note").wait_for()
    page.screenshot(path=screenshots / "session-device-390-disputed.png", full_page=True)
    calls = director_view(live_server, session)["calls"]
    assert any(
        c["board"] == 3 and "declarer won nine tricks" in c["reason"] and "79B" in c["reason"]
        for c in calls
    ), calls
    log = call(live_server, "GET", f"/api/sessions/{session}/log", live_server.director)
    assert [(r["board"], r["status"], r["late"]) for r in log["results"]] == [
        (1, "accepted", False),
        (2, "accepted", True),
        (3, "disputed", False),
    ]
    assert log["results"][2]["result"] == entered["result"]

    # a player's link opened as a device: the page sends him to his own page
    player = night["players"]["4"][0]
    wrong = open_page(f"{live_server.url}/session/{session}/device#token={player}", **PHONE)
    wrong.locator("#error a", has_text="Open the right page").wait_for()
    assert f"/session/{session}/play" in (wrong.get_attribute("#error a", "href") or "")
    assert wrong.locator("#content").is_hidden()


def wait_for(check: Callable[..., bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def accepted(server: LiveServer, session: str) -> int:
    count: int = director_view(server, session)["progress"].get("accepted", 0)
    return count


def play_my_board(table: Any) -> None:
    """East (the page's seat) bids 1NT at his turn, the robots pass; after South's opening lead
    he claims every trick (he holds 13 top tricks); the robots agree (69A)."""
    table.locator("#turn-line", has_text="Your call").wait_for(timeout=20_000)
    table.click('#bids button[data-call="1NT"]')
    table.locator("#dummy").wait_for(timeout=20_000)  # the opening lead is faced: dummy is seen
    table.fill("#claim-number", "13")
    table.click("#claim-button")
    table.locator("#result").wait_for(timeout=20_000)


def test_a_player_follows_his_one_link_through_two_rounds(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    # pair 4's first player sits East: table 1 (board 1) in round 1, table 2 (board 3) in
    # round 2 of this Mitchell; robots everywhere else
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
    night = start_session(
        live_server,
        movement=movement,
        deals=deals(EAST_DEAL, 3),
        play="law",
        pairs=NAMES | {"4": ["Ewa Lis", "Piotr Wrona"]},
        robots=["1", "2", "3", "4:2", "5", "6"],
        clock={"seconds_per_round": 600, "change_seconds": 60},
    )
    session, me = night["session"], night["players"]["4"][0]
    page = open_page(f"{live_server.url}/session/{session}/play#token={me}", **PHONE)
    page.wait_for_selector("#next:not([hidden])")
    assert shown(page, '#where-list dd[data-what="table"]') == "1"
    assert shown(page, '#where-list dd[data-what="seat"]') == "East (EW)"
    assert shown(page, '#where-list dd[data-what="against"]') == (
        "Pair 1: Anna Nowak & Jan Kowalski"
    )
    page.screenshot(path=screenshots / "session-play-390-round1.png", full_page=True)

    results: list[dict[str, Any]] = []
    for round_, (table, board) in enumerate([("1", 1), ("2", 3)], start=1):
        you = call(live_server, "GET", f"/api/sessions/{session}", me)["you"]
        assert (you["round"], you["table"], you["seat"]) == (round_, table, "E")
        if round_ == 1:
            page.click("#next-button")  # his one link: the player's page opens the table
        # (in round 2 the table page's "next" button has taken him there)
        page.wait_for_url(re.compile(rf"/table/{you['next']}"))
        bar = page.locator("#session-bar")
        bar.wait_for()
        page.locator("#session-where", has_text=f"Round {round_}").wait_for()
        assert shown(page, "#session-where") == (
            f"Round {round_} · Table {table} · Board {board} (1 of 1)"
        )
        # the table's title comes with its first view, which may follow the session's bar
        page.locator("#title", has_text=f"Board {board}").wait_for()
        assert page.inner_text("#title") == f"Board {board} · East"
        play_my_board(page)
        if round_ == 1:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=screenshots / "session-table-390-board-over.png")
            # after the board: the session's traveller with his own row, the wait for the
            # move (8A1); once the director moves, the button to his next board
            page.locator('#after-traveller tr[data-you="true"]').wait_for()
            assert "(you)" in shown(page, '#after-traveller tr[data-you="true"]')
            assert "1NT" in shown(page, '#after-traveller tr[data-you="true"]')
            assert "Law 8A1" in shown(page, "#after-next")
            wait_for(lambda: accepted(live_server, session) == 3)
            call(live_server, "POST", f"/api/sessions/{session}/round", live_server.director, {})
            button = page.locator("#after-next-button")
            button.wait_for()
            assert shown(page, "#after-next-button") == "Next: board 3 at table 2 →"
            page.locator("#after").scroll_into_view_if_needed()
            page.screenshot(path=screenshots / "i22-after-session-390-next.png")
            page.set_viewport_size({"width": 1280, "height": 900})
            page.screenshot(path=screenshots / "i22-after-session-1280-next.png")
            page.set_viewport_size(PHONE)
            button.click()
            continue
        # the board is over: "next board" back to the player's page, which waits for the move
        page.click("#session-next")
        page.wait_for_url(re.compile(rf"/session/{session}/play"))
        page.locator("#notice", has_text="Wait for the director").wait_for()
        assert page.locator("#next").is_hidden()
        page.screenshot(path=screenshots / f"session-play-390-waiting-{round_}.png")
        # the robots finish the other tables; the director then moves (Law 8A1)
        wait_for(lambda played=3 * round_: accepted(live_server, session) == played)
        results = call(live_server, "GET", f"/api/sessions/{session}/results.json", me)["results"]
    # his two boards, each entered by the play at the table: 1NT by East, 13 tricks
    mine = [(r["round"], r["table"], r["board"]) for r in results if r["ew"] == "4"]
    assert mine == [(1, 1, 1), (2, 2, 3)]
    for r in results:
        if r["ew"] == "4":
            assert (r["contract"], r["declarer"], r["tricks"]) == ("1NT", "E", 13)
    assert "Wait for the director to end the session" in page.inner_text("#notice")
    call(live_server, "POST", f"/api/sessions/{session}/end", live_server.director, {})
    page.locator("#notice", has_text="The session has ended").wait_for()


def test_the_director_corrects_a_result_and_moves_the_round_in_the_session_console(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}
    night = start_session(live_server, movement=movement, deals=deals(DEAL, 6), pairs=NAMES)
    session, tables = night["session"], night["tables"]
    results = f"/api/sessions/{session}/results"
    first = call(
        live_server,
        "POST",
        results,
        tables["1"],
        {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10},
    )["result"]
    call(live_server, "POST", f"{results}/{first}/accept", tables["1"], {})
    wrong = call(
        live_server,
        "POST",
        results,
        tables["2"],
        {"round": 1, "board": 3, "contract": "2S", "declarer": "N", "tricks": 8},
    )["result"]
    call(live_server, "POST", f"{results}/{wrong}/dispute", tables["2"], {"reason": "we made 9"})

    page = open_page(
        f"{live_server.url}/director/session/{session}#token={live_server.director}", **PHONE
    )
    assert "token" not in page.url
    page.wait_for_selector("body[data-version]")
    # the dispute comes first, with its law
    dispute = page.locator("#call-list .call-item.open").first
    assert "we made 9" in dispute.inner_text() and "Law 79B" in dispute.inner_text()
    table_2 = page.locator('#table-list .table-item[data-table="2"]')
    assert "attention" in (table_2.get_attribute("class") or "")
    statuses = {
        (b.get_attribute("data-table"), b.get_attribute("data-board")): b.get_attribute(
            "data-status"
        )
        for b in page.locator("#table-list .chip-button").all()
    }
    assert statuses == {
        ("1", "1"): "accepted",
        ("1", "2"): "to-play",
        ("2", "3"): "disputed",
        ("2", "4"): "to-play",
        ("3", "5"): "to-play",
        ("3", "6"): "to-play",
    }
    page.screenshot(path=screenshots / "session-console-390.png", full_page=True)

    # the director's result: 2♠ by North made with an overtrick (board 3, East-West
    # vulnerable: North-South score 60 + 30 + 50, Law 77); it supersedes the disputed one (79C)
    dispute.locator("button[data-correct]").click()
    page.wait_for_selector(f'#result-current[data-result="{wrong}"]')
    page.select_option("#f-level", "2")
    page.select_option("#f-strain", "S")
    page.select_option("#f-declarer", "N")
    page.select_option("#f-tricks", "9")
    page.fill("#result-note", "the ninth trick was not counted")
    page.locator("#result-preview .preview-score", has_text="NS +140 · EW −140").wait_for()
    page.click("#result-send")
    page.locator("#flash", has_text="recorded").wait_for()
    page.locator(f'#log tr[data-result="{wrong}"].status-superseded').wait_for(state="attached")
    log = call(live_server, "GET", f"/api/sessions/{session}/log", live_server.director)["results"]
    corrected = log[-1]
    assert corrected["supersedes"] == wrong and corrected["status"] == "accepted"
    assert corrected["entry"] == {"contract": "2S", "declarer": "N", "tricks": 9}
    assert corrected["note"] == "the ninth trick was not counted"
    assert next(r for r in log if r["result"] == wrong)["status"] == "superseded"
    page.locator('#table-list .chip-button[data-board="3"][data-status="accepted"]').wait_for()

    # the move: the boards still without a result are not played, average to North-South and
    # average-minus to East-West (the director's judgement of fault, 12C2a)
    page.check('input[name="unfinished"][value="not-played"]')
    page.select_option("#move-ns", "A")
    page.select_option("#move-ew", "A-")
    page.click("#move-button")
    confirm = page.locator("#move-confirm")
    assert "Start round 2" in confirm.inner_text() and "NS A, EW A-" in confirm.inner_text()
    confirm.click()
    page.wait_for_selector('body[data-round="2"]')
    view = director_view(live_server, session)
    assert view["round"] == 2 and view["late"] == []
    log = call(live_server, "GET", f"/api/sessions/{session}/log", live_server.director)["results"]
    not_played = {(r["table"], r["board"]): r["entry"] for r in log if r["by"] == "director"}
    artificial = {"artificial": {"NS": "A", "EW": "A-"}}
    assert not_played == {
        ("2", 3): {"contract": "2S", "declarer": "N", "tricks": 9},
        ("1", 2): artificial,
        ("2", 4): artificial,
        ("3", 5): artificial,
        ("3", 6): artificial,
    }
    assert page.inner_text("#tables-title") == "Tables of round 2"
    # the guide cards (8A1), and a substitute for pair 2's first player (Law 4): a new link
    page.click("#guide-box summary")
    page.locator("#guide", has_text="Pair 2").wait_for()
    page.click("#substitute-box summary")
    page.select_option("#sub-pair", "2")
    page.select_option("#sub-player", "1")
    page.fill("#sub-name", "Ewa Substitute")
    page.click('#substitute-form button[type="submit"]')
    link = page.locator("#sub-link").input_value()
    assert re.fullmatch(rf"{re.escape(live_server.url)}/session/{session}/play#token=\S+", link)
    fresh = link.split("#token=")[1]
    you = call(live_server, "GET", f"/api/sessions/{session}", fresh)["you"]
    assert (you["pair"], you["player"], you["name"]) == ("2", 1, "Ewa Substitute")
    assert page.locator('#table-list .chip-button[data-status="to-play"]').count() == 6
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=screenshots / "session-console-1280.png", full_page=True)


def test_the_live_results_page_follows_the_session_on_a_phone(
    live_server: LiveServer, open_page: Opener, screenshots: Path
) -> None:
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}
    night = start_session(live_server, movement=movement, deals=deals(DEAL, 6), pairs=NAMES)
    session, tables = night["session"], night["tables"]

    def enter_and_accept(table: str, body: dict[str, Any]) -> None:
        path = f"/api/sessions/{session}/results"
        number = call(live_server, "POST", path, tables[table], body)["result"]
        call(live_server, "POST", f"{path}/{number}/accept", tables[table], {})

    enter_and_accept("1", {"round": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10})
    page = open_page(f"{live_server.url}/results/{session}/", **PHONE)
    page.wait_for_selector("html[data-version]")
    assert "Ola Maj" not in page.inner_text("body")  # pair 2 has no accepted result yet
    enter_and_accept("2", {"round": 1, "board": 3, "contract": "3NT", "declarer": "N", "tricks": 9})
    # the page reloads by itself when the session changes
    page.get_by_text("Ola Maj", exact=False).first.wait_for()
    # a phone shows the page without sideways scrolling of the page itself
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    page.screenshot(path=screenshots / "session-results-390.png", full_page=True)
    page.click('.boards a[href="boards/board-1.html"]')
    page.wait_for_url(re.compile(r"board-1\.html$"))
    page.screenshot(path=screenshots / "session-results-390-board.png", full_page=True)
