"""The two pairs scorers agree: the exact event scorer (fractions) and the bulk field scorer
(numpy floats, for very large fields), on random fields with weighted and artificial scores;
and malformed entries give problems, never exceptions."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from bridgelaw.events.session import EventInput, score_event
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.scoring.matchpoints import AVERAGE, AVERAGE_MINUS, AVERAGE_PLUS, SCORED, score_field
from bridgelaw.scoring.results import Artificial, ArtificialKind, Points, ResultLine

CODES = {"A+": AVERAGE_PLUS, "A": AVERAGE, "A-": AVERAGE_MINUS}


@pytest.mark.parametrize("seed", range(4))
def test_bulk_field_equals_exact_event(seed: int) -> None:
    rng = random.Random(seed)
    tables, boards = 6, 5
    lines: list[ResultLine] = []
    for board in range(1, boards + 1):
        for table in range(rng.randint(3, tables) if board > 1 else tables):
            ns, ew = str(table), str(tables + (table + board) % tables)
            roll = rng.random()
            side: Points | Artificial
            if roll < 0.15:
                choices: list[tuple[ArtificialKind, ArtificialKind]] = [
                    ("A+", "A-"),
                    ("A", "A"),
                    ("A-", "A+"),
                ]
                kinds = rng.choice(choices)
                lines.append(ResultLine(board, ns, ew, Artificial(kinds[0]), Artificial(kinds[1])))
                continue
            if roll < 0.35:
                side = Points.weighted(
                    [
                        (rng.choice([420, -50, 170]), Fraction(1, 3)),
                        (rng.choice([450, -100, 140]), Fraction(2, 3)),
                    ]
                )
            else:
                side = Points.single(rng.choice([420, 450, -50, -100, 140, 170]))
            lines.append(ResultLine(board, ns, ew, side, side))
    exact = score_event(EventInput("x", "matchpoints", lines))

    pair_ids = {p: i for i, p in enumerate(sorted({x for r in lines for x in (r.ns, r.ew)}))}
    board_ids = np.array([r.board for r in lines])
    ns_pair = np.array([pair_ids[r.ns] for r in lines])
    ew_pair = np.array([pair_ids[r.ew] for r in lines])
    comp_line, comp_score, comp_weight = [], [], []
    art_ns, art_ew = [], []
    for i, r in enumerate(lines):
        if isinstance(r.ns_side, Artificial):
            assert isinstance(r.ew_side, Artificial)
            art_ns.append(CODES[r.ns_side.kind])
            art_ew.append(CODES[r.ew_side.kind])
            continue
        art_ns.append(SCORED)
        art_ew.append(SCORED)
        for s, w in r.ns_side.components:
            comp_line.append(i)
            comp_score.append(s)
            comp_weight.append(int(w * 3))
    zeros = np.zeros(len(lines))
    bulk = score_field(
        board_ids,
        ns_pair,
        ew_pair,
        np.array(comp_line),
        np.array(comp_score),
        np.array(comp_weight),
        3,
        np.array(art_ns, dtype=np.int8),
        np.array(art_ew, dtype=np.int8),
        zeros,
        zeros,
        len(pair_ids),
    )
    by_line = {id(r.result): r for b in exact.boards for r in b.results}
    for i, line in enumerate(lines):
        scored = by_line[id(line)]
        assert scored.ns_value is not None and scored.ew_value is not None
        assert bulk.ns_mp[i] == pytest.approx(float(scored.ns_value), abs=1e-9)
        assert bulk.ew_mp[i] == pytest.approx(float(scored.ew_value), abs=1e-9)
    for entry in exact.ranking:
        assert entry.percent is not None
        index = pair_ids[entry.pair]
        assert bulk.pair_percent[index] == pytest.approx(float(entry.percent), abs=1e-9)


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
    assert outcome.event is None
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
    assert outcome.event is None and outcome.problems
