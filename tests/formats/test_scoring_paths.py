"""Malformed entries give problems, never exceptions. (The two pairs scorers are compared in
``tests/tournament/test_bulk_scoring.py``.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bridgelaw.formats.results_json import read_results_json

BROKEN: list[Any] = [
    None,
    3,
    "x",
    [],
    {},
    {"board": "x"},
    {"board": 1},
    {"board": 1, "ns": None, "ew": "2"},
    {"board": 0, "ns": "1", "ew": "2", "ns_score": 0},
    {"board": 1, "ns": "1", "ew": "2", "contract": None},
    {"board": 1, "ns": "1", "ew": "2", "contract": "4H", "declarer": "Q", "tricks": "ten"},
    {"board": 1, "ns": "1", "ew": "2", "contract": "4H", "declarer": "N", "tricks": True},
    {"board": 1, "ns": "1", "ew": "2", "contract": "passed-out", "tricks": 3},
    {"board": 1, "ns": "1", "ew": "2", "ns_score": "lots"},
    {"board": 1, "ns": "1", "ew": "2", "artificial": "A+"},
    {"board": 1, "ns": "1", "ew": "2", "artificial": {"NS": "A++", "EW": 3}},
    {"board": 1, "ns": "1", "ew": "2", "artificial": {"NS": "120%", "EW": "-5%"}},
    {"board": 1, "ns": "1", "ew": "2", "weighted": "half"},
    {"board": 1, "ns": "1", "ew": "2", "weighted": [{"weight": "0"}]},
    {"board": 1, "ns": "1", "ew": "2", "weighted": [{"weight": "1/0", "ns_score": 1}]},
    {"board": 1, "ns": "1", "ew": "2", "weighted": [7]},
    {"board": 1, "ns": "1", "ew": "2", "split": {"NS": {"split": {}}, "EW": 5}},
    {"board": 1, "ns": "1", "ew": "2", "split": {"NS": "A+"}},
    {"board": 1, "ns": "1", "ew": "2", "ns_score": 1, "artificial": {"NS": "A", "EW": "A"}},
    {
        "board": 1,
        "ns": "1",
        "ew": "2",
        "lead": "Z9",
        "contract": "1C",
        "declarer": "N",
        "tricks": 7,
    },
    {
        "board": 1,
        "ns": "1",
        "ew": "2",
        "contract": "4H",
        "declarer": "S",
        "tricks": 10,
        "ns_score": 450,
    },
]


@pytest.mark.parametrize("entry", BROKEN)
def test_malformed_entries_are_problems(entry: Any) -> None:
    outcome = read_results_json(json.dumps({"results": [entry]}, indent=1), "f.json")
    assert outcome.tournament is None
    assert outcome.problems and all(p.file == "f.json" and p.line >= 1 for p in outcome.problems)


@pytest.mark.parametrize(
    "top",
    [
        [],
        "x",
        {"results": 3},
        {"scoring": "bridge", "results": []},
        {"results": [], "movement": {"type": "swiss"}},
        {"results": [], "datum": "max"},
        {"results": [], "deals": {"1": "N:AK"}},
        {"scoring": "teams", "results": [], "matches": [{"match": "1"}], "vp": "old"},
    ],
)
def test_malformed_top_levels_are_problems(top: Any) -> None:
    outcome = read_results_json(json.dumps(top, indent=1), "f.json")
    assert outcome.tournament is None and outcome.problems
