"""The director's session in a real Chromium, from a call at the table to an appeal decided.

At table 1 of an online club night (board 1: dealer North, nobody vulnerable, Law 2) North
opens 1NT and East passes after a pause; South calls the director from his table page (9B).
North later claims 11 of the 12 tricks left; West disputes (68, 70). In the console the director
answers the call, sees the Law 70 adjudicator's proposal and rules one trick fewer; polls four
peers for West's call after 1NT - pass - pass (16B1b); the poll's weights, which he changes with
his reason, give a weighted score (12C1c) that becomes the session's result of the board. East-
West appeal: a committee cannot change the score on a point of law (93B3) but does on
judgement, and its score supersedes the ruling. The printed ruling form lists all of it.

The numbers come from Law 77: 1NT by North making 8 tricks, not vulnerable, is 90 + 30 = 120;
1NT doubled making 7 is 80 + 50 + 50 = 180; weighted 2/3 and 1/3 (12C1c) the score is 140.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import LiveServer
from tests.browser.helpers import PHONE, call, deals, start_session

Opener = Callable[..., Any]
DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
SHOTS = Path("/work/shots-director")
"""Where the screenshots of this test go, to be looked at by eye (outside the checkout)."""
ANSWERS = {"Ann": ("pass", ""), "Bob": ("pass", "X"), "Cy": ("X", ""), "Di": ("pass", "")}


def act(server: LiveServer, table: str, token: str, event: str) -> None:
    call(server, "POST", f"/api/tables/{table}/events", token, {"event": event})


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_the_directors_session_from_a_call_to_an_appeal(
    live_server: LiveServer, open_page: Opener
) -> None:
    movement = {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1}
    night = start_session(
        live_server,
        movement=movement,
        deals=deals(DEAL, 3),
        play="law",
        robots=["2", "3", "5", "6"],  # pairs 1 (North-South) and 4 (East-West) at table 1
    )
    session = night["session"]
    seats: dict[str, str] = {}
    table = ""
    for token in night["players"]["1"] + night["players"]["4"]:
        you = call(live_server, "GET", f"/api/sessions/{session}", token)["you"]
        seats[you["seat"]] = token
        table = you["next"]
    assert set(seats) == {"N", "E", "S", "W"}

    # -- a call from the table (9B) ------------------------------------------------------------
    act(live_server, table, seats["N"], "1NT")
    act(live_server, table, seats["E"], "pass")
    south = open_page(f"{live_server.url}/table/{table}#token={seats['S']}", **PHONE)
    south.fill("#director-reason", "East paused before passing")
    south.click("#director-button")
    south.locator("#director-answer", has_text=re.compile(r"\S")).wait_for()
    shot(south, "table-390-call.png")
    for seat, event in [
        ("S", "pass"),
        ("W", "pass"),
        ("E", "SJ"),
        ("N", "S6"),
        ("W", "S3"),
        ("N", "SA"),
        ("N", "claim 11"),
        ("E", "agree"),
        ("W", "dispute"),
    ]:
        act(live_server, table, seats[seat], event)

    # -- the console: the call answered, the claim's proposal changed (70) ---------------------
    page = open_page(f"{live_server.url}/director#token={live_server.director}&table={table}")
    page.locator("#calls button", has_text="Mark answered").click()
    page.locator("#record-entries [data-entry='1']").wait_for()
    page.locator("#claim:not([hidden])").wait_for()
    proposed = int(page.inner_text("#claim-proposed"))
    assert 0 <= proposed <= 11  # never more than claimed (68B1)
    assert "Law 70" in page.inner_text("#claim")
    shot(page, "console-1280-claim.png")
    changed = proposed - 1 if proposed else 1
    page.fill("#claim-tricks", str(changed))
    page.fill("#claim-reasoning", "the club finesse is a normal line")
    page.click("#claim-change")
    ruling = page.locator("#record-entries [data-entry='2']")
    ruling.wait_for()
    assert "claim" in ruling.inner_text() and "Law 70" in ruling.inner_text()

    # -- a poll of four peers on West's call after 1NT - pass - pass (16B1b) -------------------
    page.locator("#record-entries [data-entry='1'] button", has_text="Poll peers").click()
    page.fill("#poll-calls", "3")
    page.fill("#poll-peers", "\n".join(ANSWERS))
    page.click("#poll-form button[type=submit]")
    page.locator(".poll-link a").nth(3).wait_for()
    links = {
        str(a.get_attribute("data-peer")): str(a.get_attribute("href"))
        for a in page.locator(".poll-link a").all()
    }
    assert set(links) == set(ANSWERS)
    for peer, (would, considered) in ANSWERS.items():
        peer_page = open_page(links[peer], **PHONE)
        peer_page.locator("#question:not([hidden])").wait_for()
        assert "You are West" in peer_page.inner_text("#seat-line")
        assert peer_page.inner_text("#auction") == "1NT – pass – pass"
        assert "paused" not in peer_page.content()  # the information stays at the table (16B)
        if peer == "Ann":
            shot(peer_page, "poll-390-question.png")
        peer_page.fill("#would-call", would)
        peer_page.fill("#considered", considered)
        peer_page.click("#answer-form button")
        peer_page.locator("#answered:not([hidden])").wait_for()
    page.locator("[data-poll]").first.click()
    page.locator("#poll-alternatives").wait_for()
    # chose or considered: pass 3 of 4, X 2 of 4, both at least one in five
    assert page.inner_text("#poll-alternatives").endswith("pass, X")
    assert page.input_value(".weight[data-call='pass']") == "3/4"
    assert page.input_value(".weight[data-call='X']") == "1/4"
    page.fill(".weight[data-call='pass']", "2/3")
    page.fill(".weight[data-call='X']", "1/3")
    page.fill(".outcome[data-call='pass']", "1NT N 8")
    page.fill(".outcome[data-call='X']", "1NTX N 7")
    page.fill("#poll-reason", "with 15 points more would double")
    shot(page, "console-1280-poll.png")
    page.click("#poll-score")
    weighted = page.locator("#record-entries [data-entry='3']")
    weighted.wait_for()
    assert "weighted: 120 × 2/3 + 180 × 1/3" in weighted.inner_text()

    # the weighted score is the session's result of the board, in its ranking
    results = call(live_server, "GET", f"/api/sessions/{session}/results.json", seats["N"])
    [board] = [r for r in results["results"] if r["board"] == 1 and r["ns"] == "1"]
    assert sorted(w["weight"] for w in board["weighted"]) == ["1/3", "2/3"]
    ranking = live_server.client.get(f"/api/sessions/{session}/ranking").json()
    assert "1" in str(ranking) and "4" in str(ranking)
    published = open_page(f"{live_server.url}/results/{session}/boards/board-1.html")
    published.wait_for_selector("html[data-version]")
    traveller = published.inner_text("table")  # the weighted score scored as 140 (12C1c)
    assert "weighted: 2/3 of +120, 1/3 of +180" in traveller and "140" in traveller.split()
    shot(published, "results-1280-board-1-weighted.png")

    # -- an appeal: 93B3 on law, the score changed on judgement --------------------------------
    page.locator("#record-entries [data-entry='3'] button", has_text="Appeal").click()
    page.fill("#appeal-appellant", "East-West (pair 4)")
    page.fill("#appeal-text-0", "pass was the only logical alternative")
    page.fill("#appeal-text-1", "a pause of two seconds is no unauthorized information")
    page.fill("#appeal-deposit", "20")
    page.click("#appeal-form button[type=submit]")
    appeal = page.locator("#appeal-list [data-appeal='1']")
    appeal.wait_for()
    appeal.locator(".decision-reasoning").fill("pass is the only logical alternative")
    appeal.locator(".decision-on").select_option("1")  # the point of law
    appeal.locator(".decision-result").fill("120")
    appeal.locator("button.decide").click()
    page.locator("#appeal-error", has_text="93B3").wait_for()
    shot(page, "console-1280-appeal-93B3.png")
    appeal.locator(".decision-on").select_option("0")  # judgement: the committee's to decide
    appeal.locator(".decision-returned").check()
    appeal.locator("button.decide").click()
    page.locator("#appeal-list .appeal.decided").wait_for()
    assert "ruling 4 supersedes ruling 3" in page.inner_text("#appeal-list")
    page.locator("#record-entries [data-entry='3']", has_text="superseded by ruling 4").wait_for()
    results = call(live_server, "GET", f"/api/sessions/{session}/results.json", seats["N"])
    [board] = [r for r in results["results"] if r["board"] == 1 and r["ns"] == "1"]
    assert board.get("ns_score") == 120 and "weighted" not in board
    shot(page, "console-1280-record.png")

    # -- the director's log, searched by clause, session, player and table (81C) ---------------
    page.locator("#log-box summary").click()

    def search(found: str, **fields: str) -> list[str]:
        for name in ("clause", "table", "player", "session"):
            page.fill(f"#log-{name}", fields.get(name, ""))
        page.click("#log-form button[type=submit]")
        page.locator(f"#log-results li[data-entry='{found}']").wait_for()
        return [str(li.get_attribute("data-entry")) for li in page.locator("#log-results li").all()]

    weighted_rulings = search("3", clause="12C1c", session=session)
    assert "3" in weighted_rulings and not {"1", "2"} & set(weighted_rulings)
    assert search("1", player="S", table=table) == ["1"]  # South called (9B)
    assert search("4", clause="93B3", session=session) == ["4"]  # the committee's score
    # the disputed claim (70), and the rulings after it, which hold the engine's rulings so far
    assert search("2", clause="70", table=table) == ["2", "3", "4"]
    page.fill("#log-clause", "not a clause")
    page.click("#log-form button[type=submit]")
    page.locator("#log-error", has_text=re.compile(r"clause")).wait_for()
    shot(page, "console-1280-log.png")

    # -- the printed ruling form ---------------------------------------------------------------
    with page.context.expect_page() as opened:
        page.click("#record-html")
    form = opened.value
    form.wait_for_load_state()
    text = form.inner_text("body")
    assert "Ruling record" in text and "Appeal 1" in text and "12C1c" in text
    assert "16B1b" in text and "changed by ruling 4" in text
    shot(form, "ruling-form-1280.png")

    # -- the same console on a phone, and the session's record ---------------------------------
    phone = open_page(
        f"{live_server.url}/director#token={live_server.director}&table={table}", **PHONE
    )
    phone.locator("#record-entries [data-entry='4']").wait_for()
    phone.locator("#poll-box summary").click()
    phone.locator("#appeal-box summary").click()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the console is {width} px wide on a 390 px phone"
    shot(phone, "console-390-record.png")
    console = open_page(
        f"{live_server.url}/director/session/{session}#token={live_server.director}"
    )
    console.locator("#record-list li", has_text=re.compile(r"^Ruling 4 ")).wait_for()
    console.click("#record-publish")
    console.locator("#record-deadlines", has_text="appeals (92B) until").wait_for()
    shot(console, "session-console-1280-record.png")
