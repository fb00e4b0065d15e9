"""The fast results-JSON reader reads exactly what the line-tracking reader reads.

Valid files, laid out in random ways (one result per line, pretty-printed, all on one line), must
give the same tournament, line numbers included; a file with a problem is left to the line-tracking
reader, so every problem keeps its exact line.
"""

from __future__ import annotations

import gc
import json
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.formats.results_json import (
    _plain_entry,
    _read_fast,
    _read_tracking_lines,
    parse_entry,
    read_results_json,
)
from bridgelaw.scoring.results import Points

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4SX", "6C", "7NTXX", "passed-out"]


@st.composite
def results(draw: st.DrawFn, teams: bool) -> dict[str, Any]:
    board = draw(st.integers(1, 40))
    entry: dict[str, Any] = {"board": board, "ns": draw(st.sampled_from(["1", "2", 3])), "ew": "9"}
    if teams:
        entry |= {"match": "m1", "room": draw(st.sampled_from(["open", "closed"]))}
    kind = draw(st.sampled_from(["contract", "score", "artificial", "weighted", "split"]))
    contract = draw(st.sampled_from(CONTRACTS))
    table: dict[str, Any] = {"contract": contract}
    if contract != "passed-out":
        table |= {"declarer": draw(st.sampled_from("NESW")), "tricks": draw(st.integers(0, 13))}
        if draw(st.booleans()):
            table["lead"] = draw(st.sampled_from(["SA", "H10", "dk", "C2"]))
    if kind == "contract":
        entry |= table
    elif kind == "score":
        entry["ns_score"] = draw(st.sampled_from([420, -50, "140"]))
    elif kind == "artificial":
        entry["artificial"] = {"NS": "A+", "EW": draw(st.sampled_from(["A-", "40%", "NP"]))}
    elif kind == "weighted":
        entry["weighted"] = [dict(table, weight="1/3"), dict(table, weight="2/3")]
    else:
        entry["split"] = {"NS": table, "EW": {"ns_score": -100}}
    return entry


@st.composite
def files(draw: st.DrawFn) -> str:
    teams = draw(st.booleans())
    data: dict[str, Any] = {"event": draw(st.text(max_size=5))}
    if teams or draw(st.booleans()):
        data["scoring"] = "teams" if teams else draw(st.sampled_from(["matchpoints", "cross-imps"]))
    entries = draw(st.lists(results(teams), min_size=1, max_size=8))
    if teams:
        data["matches"] = [{"match": "m1", "home": "A", "away": "B", "boards": 2}]
    if draw(st.booleans()):
        data["pairs"] = {"1": "Ann & Bob"}
    data["results"] = entries
    if draw(st.booleans()):  # keys after the results list too
        data = {"trailer": [1, {"x": 2}], **data} if draw(st.booleans()) else {**data, "z": None}
    layout = draw(st.sampled_from(["lines", "indent", "flat"]))
    if layout == "indent":
        return json.dumps(data, indent=draw(st.integers(0, 3)))
    if layout == "flat":
        return json.dumps(data)
    body = ",\n".join(json.dumps(e) for e in entries)
    head = json.dumps({k: v for k, v in data.items() if k != "results"})[1:-1]
    return "{" + head + (", " if head else "") + '"results": [\n' + body + "\n]}\n"


@settings(max_examples=200, deadline=None)
@given(files())
def test_fast_reader_reads_what_the_line_tracking_reader_reads(text: str) -> None:
    slow = _read_tracking_lines(text, "f.json")
    fast = read_results_json(text, "f.json")
    assert [str(p) for p in fast.problems] == [str(p) for p in slow.problems]
    assert fast.tournament == slow.tournament
    if not slow.problems:
        assert _read_fast(text, "f.json") is not None  # the fast path did the reading
        assert slow.tournament is not None and fast.tournament is not None
        assert [r.line for r in fast.tournament.lines] == [r.line for r in slow.tournament.lines]


def test_a_problem_in_a_nested_object_keeps_its_own_line() -> None:
    text = (
        '{"scoring": "matchpoints", "results": [\n'
        '{"board": 1, "ns": "1", "ew": "2", "contract": "4H", "declarer": "S", "tricks": 10},\n'
        '{"board": 1, "ns": "3", "ew": "4", "weighted": [\n'
        '  {"weight": "1/2", "contract": "4H", "declarer": "S", "tricks": 10},\n'
        '  {"weight": "1/2", "contract": "4H", "declarer": "S", "tricks": 14}]}\n'
        "]}"
    )
    assert _read_fast(text, "f.json") is None  # a problem: the line-tracking reader reports it
    outcome = read_results_json(text, "f.json")
    assert [(p.line, p.message) for p in outcome.problems] == [
        (5, "board 1: tricks must be a whole number from 0 to 13, not 14")
    ]


def test_results_far_down_a_file_get_their_lines() -> None:
    entries = [
        {"board": b, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "N", "tricks": 9}
        for b in range(1, 4)
    ]
    text = '{"results": [\n\n' + ",\n\n\n".join(json.dumps(e) for e in entries) + "]}"
    outcome = read_results_json(text)
    assert outcome.tournament is not None
    assert [r.line for r in outcome.tournament.lines] == [3, 6, 9]  # counted by hand


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "board": st.one_of(st.integers(-1, 40), st.just("7"), st.just(True)),
            "ns": st.sampled_from(["1", " 2 ", "", 3, ["1"], {"a": 1}, None]),
            "ew": st.sampled_from(["9", "x y"]),
            "contract": st.sampled_from([*CONTRACTS, "8S", "", 4]),
            "declarer": st.sampled_from(["N", "e", "", "Q", None]),
            "tricks": st.one_of(st.integers(-1, 14), st.just("9")),
        },
        optional={"lead": st.sampled_from(["SA", "h10", "ZZ", 5, None]), "round": st.just(2)},
    )
)
def test_the_plain_result_shortcut_reads_what_the_full_reading_reads(obj: dict[str, Any]) -> None:
    if obj["declarer"] is None:
        del obj["declarer"]
    problems: list[str] = []
    full = parse_entry(dict(obj), 5, lambda _line, message: problems.append(message))
    plain = _plain_entry(obj, 5)
    if plain is not None:  # the shortcut only ever answers for a result without problems
        assert problems == [] and plain == full
    # (declining is always safe: the full reading then reads it)


def test_the_plain_result_shortcut_answers_for_a_table_result() -> None:
    obj = {"board": 3, "ns": "1", "ew": "2", "contract": "4S", "declarer": "W", "tricks": 10}
    plain = _plain_entry(obj, 4)
    assert plain is not None and plain == parse_entry(dict(obj), 4, lambda *_: None)
    assert plain.ns_side == Points.single(-620)  # 4S by West making, vulnerable on board 3


def test_a_pair_given_as_a_list_or_an_object_is_a_problem_at_its_line() -> None:
    text = (
        '{"scoring": "matchpoints", "results": [\n'
        '{"board": 1, "ns": ["1"], "ew": "2", "contract": "3NT", "declarer": "N", "tricks": 9},\n'
        '{"board": 1, "ns": "3", "ew": {"a": 1}, "contract": "3NT", "declarer": "N", "tricks": 9}\n'
        "]}"
    )
    outcome = read_results_json(text, "f.json")
    assert [(p.line, p.message) for p in outcome.problems] == [
        (2, "board 1: ns and ew must name the pairs (strings)"),
        (3, "board 1: ns and ew must name the pairs (strings)"),
    ]


def test_a_read_keeps_no_hold_on_the_files_text_without_the_collector() -> None:
    # score-event pauses the cyclic collector for its whole run: a cycle through the reader's
    # decoder (the standard library's scanner refers to itself) would keep the file's text and
    # its line table until the run ends. Both readers, the fast and the line-tracking one.
    entry = '{"board": 1, "ns": "%d", "ew": "%d", "contract": "3NT", "declarer": "N", "tricks": 9}'
    good = '{"scoring": "matchpoints", "results": [\n'
    good += ",\n".join(entry % (t, t + 10) for t in range(1, 5)) + "\n]}\n"
    bad = good.replace('"tricks": 9}', '"tricks": 99}', 1)  # read again, line by line
    enabled = gc.isenabled()
    gc.disable()
    try:
        for text, problems in ((good, 0), (bad, 1)):
            held = sys.getrefcount(text)
            outcome = read_results_json(text, "f.json")
            assert len(outcome.problems) == problems
            assert sys.getrefcount(text) == held
    finally:
        if enabled:
            gc.enable()
