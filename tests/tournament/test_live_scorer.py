"""The live scorer gives, after every change, exactly what ``score-event`` gives on the results
in force (:func:`bridgelaw.tournament.session.score_tournament` is the reference).

Random sessions follow a movement (Mitchell, Howell or a teams round robin); results of every
form (table results, passed out, assigned scores, artificial scores with explicit percentages
and "not played", weighted and split scores) come into force one by one, are corrected (the
old result removed, a new one put) or withdrawn, in every scoring, with phantom pairs under both
sit-out conventions. After each step the live JSON must be the reference's, to the character.
A few sessions worked by hand from Laws 78A, 12C2c and the teams rule check the values
themselves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.formats.results_json import parse_entry
from bridgelaw.scoring.butler import DatumMethod
from bridgelaw.scoring.results import ResultLine
from bridgelaw.tournament.live import LiveScoreError, LiveScorer
from bridgelaw.tournament.movements import Movement, howell, mitchell, teams
from bridgelaw.tournament.session import (
    SCORINGS,
    MatchSpec,
    TournamentInput,
    score_tournament,
    with_sitouts,
)

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6S", "3C", "4SX", "7NT"]


@dataclass(frozen=True)
class Slot:
    """Where one result goes: a board at a table of a round (and, in teams, a room)."""

    board: int
    ns: str
    ew: str
    round: int
    table: int
    room: str | None = None
    match: str | None = None


@st.composite
def played(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 9)) == 0:
        return {"contract": "passed-out"}
    contract = draw(st.sampled_from(CONTRACTS))
    needed = 6 + int(contract[0])
    tricks = max(0, min(13, needed + draw(st.sampled_from([-2, -1, 0, 0, 0, 1]))))
    return {"contract": contract, "declarer": draw(st.sampled_from("NESW")), "tricks": tricks}


@st.composite
def outcome(draw: st.DrawFn) -> dict[str, Any]:
    """One side's result for a split score: a played contract or an assigned score."""
    if draw(st.booleans()):
        return draw(played())
    return {"ns_score": draw(st.sampled_from([-200, -50, 0, 110, 420, 620]))}


@st.composite
def artificial(draw: st.DrawFn, scoring: str) -> str:
    if scoring == "total-points":
        return "NP"  # Law 78C: an artificial score has no value in points
    return draw(st.sampled_from(["A+", "A", "A-", "NP", "55%", "37.5%", "70%"]))


@st.composite
def result_entry(draw: st.DrawFn, slot: Slot, scoring: str) -> dict[str, Any]:
    """A results-file entry (spec event-results.md) for ``slot``, in a random form."""
    entry: dict[str, Any] = {
        "board": slot.board,
        "ns": slot.ns,
        "ew": slot.ew,
        "round": slot.round,
        "table": slot.table,
    }
    if slot.room is not None:
        entry |= {"room": slot.room, "match": slot.match}
    form = draw(
        st.sampled_from(["table", "table", "table", "ns_score", "artificial", "weighted", "split"])
    )
    if form == "table":
        entry |= draw(played())
        if "declarer" in entry and draw(st.booleans()):
            entry["lead"] = draw(st.sampled_from(["SA", "HK", "D2"]))
    elif form == "ns_score":
        entry["ns_score"] = draw(st.sampled_from([-1100, -100, 0, 90, 140, 420, 450, 1430]))
    elif form == "artificial":
        entry["artificial"] = {
            "NS": draw(artificial(scoring)),
            "EW": draw(artificial(scoring)),
        }
    elif form == "weighted":
        third = draw(st.sampled_from(["1/3", "1/2", "0.25"]))
        rest = {"1/3": "2/3", "1/2": "1/2", "0.25": "0.75"}[third]
        entry["weighted"] = [
            draw(played()) | {"weight": third},
            draw(played()) | {"weight": rest},
        ]
    else:
        sides = []
        for _ in ("NS", "EW"):
            if scoring != "total-points" and draw(st.integers(0, 3)) == 0:
                sides.append({"artificial": draw(artificial(scoring))})
            else:
                sides.append(draw(outcome()))
        entry["split"] = {"NS": sides[0], "EW": sides[1]}
    return entry


def parsed(entry: dict[str, Any], teams_tournament: bool) -> ResultLine:
    problems: list[str] = []
    line = parse_entry(entry, 1, lambda _, message: problems.append(message), teams_tournament)
    assert line is not None, problems
    return line


@st.composite
def sessions(draw: st.DrawFn) -> tuple[TournamentInput, list[Slot]]:
    """A session's settings (no results) and every place a result can go."""
    scoring = draw(st.sampled_from(SCORINGS))
    template = TournamentInput("Live", scoring, [])
    movement: Movement
    if scoring == "teams":
        count = draw(st.integers(2, 4))
        rounds = draw(st.integers(1, 2 if count > 2 else 1))
        movement = teams(count, draw(st.integers(1, 2)), rounds=rounds)
        seen: dict[str, MatchSpec] = {}
        for s in movement.seatings:
            if s.room == "open" and s.match is not None:
                boards = draw(st.sampled_from([None, len(s.boards)]))
                seen[s.match] = MatchSpec(s.match, s.ns, s.ew, boards)
        template.matches = list(seen.values())
        template.vp = draw(st.sampled_from([None, "wbf"]))
    else:
        kind = draw(st.sampled_from(["mitchell", "howell"]))
        tables = draw(st.integers(2, 4))
        per_round = draw(st.integers(1, 2))
        if kind == "mitchell":
            most = tables - 1 if tables % 2 == 0 else tables
            movement = mitchell(tables, per_round, rounds=draw(st.integers(1, most)))
        else:
            movement = howell(tables, per_round, rounds=draw(st.integers(1, 2 * tables - 1)))
        template.datum = draw(st.sampled_from(list(DatumMethod)))
        template.cross_imps_ranking = draw(st.sampled_from(["average", "total"]))
        if draw(st.booleans()):
            template.phantoms = frozenset({draw(st.sampled_from(movement.pairs))})
            template.sitouts = draw(st.sampled_from(["not-a-result", "not-played"]))
    slots = [
        Slot(b, s.ns, s.ew, s.round, s.table, s.room, s.match)
        for s in movement.seatings
        for b in s.boards
    ]
    pairs = movement.pairs
    if scoring != "teams" and draw(st.integers(0, 4)) == 0:
        # a pair named like another for sorting ("01" beside "1"): ties are then listed in the
        # bulk scorers' order; no movement is given, since the names are not the movement's
        renamed = {pairs[-1]: "01"}
        slots = [replace(s, ns=renamed.get(s.ns, s.ns), ew=renamed.get(s.ew, s.ew)) for s in slots]
        template.phantoms = frozenset(renamed.get(p, p) for p in template.phantoms)
        pairs = [renamed.get(p, p) for p in pairs]
    elif draw(st.booleans()):
        template.movement = movement
    if draw(st.integers(0, 3)) == 0:
        template.names = {p: f"Player {p} - Partner {p}" for p in pairs}
    return template, slots


def expected_json(tournament: TournamentInput) -> dict[str, Any]:
    """``score-event``'s JSON for the tournament, or, for the one case it fails on, the live
    scorer's documented answer (see the module text of :mod:`bridgelaw.tournament.live`)."""
    try:
        return score_tournament(tournament).to_json()
    except ValueError:
        # score_tournament fails on a matchpoint session without a scored row (max() of nothing):
        # reported as a bug of the existing scorer; the live scorer answers with no boards
        assert tournament.scoring == "matchpoints" and not with_sitouts(tournament).lines
        return {
            "event": tournament.name,
            "scoring": tournament.scoring,
            "boards": [],
            "ranking": [],
        }


def check(live: LiveScorer, in_force: dict[int, ResultLine]) -> None:
    tournament = live.tournament()
    assert tournament.lines == [in_force[key] for key in sorted(in_force)]
    scored = live.scored_tournament()
    if tournament.scoring == "teams":
        rooms: dict[tuple[str | None, int], int] = {}
        for line in tournament.lines:
            rooms[line.match, line.board] = rooms.get((line.match, line.board), 0) + 1
        assert scored.lines == [r for r in tournament.lines if rooms[r.match, r.board] == 2]
    else:
        assert scored.lines == tournament.lines
    expected = json.dumps(expected_json(scored))
    assert json.dumps(live.to_json()) == expected
    assert json.dumps(live.results().to_json()) == expected


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_after_every_change_the_ranking_is_score_tournaments(data: st.DataObject) -> None:
    template, slots = data.draw(sessions())
    teams_tournament = template.scoring == "teams"
    live = LiveScorer(template)
    check(live, {})
    in_force: dict[int, ResultLine] = {}
    slot_of: dict[int, Slot] = {}
    next_key = 10
    for _ in range(data.draw(st.integers(1, 24))):
        taken = set(slot_of.values())
        free = [s for s in slots if s not in taken]
        action = data.draw(st.sampled_from(["put", "put", "put", "correct", "remove"]))
        if action == "put" and not free:
            action = "correct"
        if action in ("correct", "remove") and not in_force:
            action = "put"
        if action in ("correct", "remove"):
            old = data.draw(st.sampled_from(sorted(in_force)))
            live.remove(old)
            del in_force[old]
            slot = slot_of.pop(old)
            if action == "remove":
                check(live, in_force)
                continue
        else:
            slot = data.draw(st.sampled_from(free))
        line = parsed(data.draw(result_entry(slot, template.scoring)), teams_tournament)
        key = next_key
        unused = [k for k in range(next_key) if k not in in_force]
        if unused and data.draw(st.integers(0, 9)) == 0:
            key = data.draw(st.sampled_from(unused))  # keys out of order: key order kept
        else:
            next_key += data.draw(st.integers(1, 3))
        live.put(key, line)
        in_force[key], slot_of[key] = line, slot
        check(live, in_force)


# -- refused changes ---------------------------------------------------------------------------


def line_of(entry: dict[str, Any], teams_tournament: bool = False) -> ResultLine:
    return parsed(entry, teams_tournament)


FOUR_HEARTS = {"contract": "4H", "declarer": "S", "tricks": 10}


def test_refused_changes_name_the_result_and_change_nothing() -> None:
    live = LiveScorer(
        TournamentInput("Pairs", "matchpoints", [], names={"1": "A", "2": "B", "3": "C"})
    )
    live.put(1, line_of({"board": 1, "ns": "1", "ew": "2"} | FOUR_HEARTS))
    before = json.dumps(live.to_json())
    refused = [
        (1, {"board": 2, "ns": "1", "ew": "3"} | FOUR_HEARTS, "result 1 is in force already"),
        (2, {"board": 1, "ns": "3", "ew": "2"} | FOUR_HEARTS, "pair 2 already has a result"),
        (3, {"board": 2, "ns": "1", "ew": "9"} | FOUR_HEARTS, "unknown pair 9"),
        (4, {"board": 2, "ns": "3", "ew": "3"} | FOUR_HEARTS, "cannot sit both"),
    ]
    for key, entry, why in refused:
        with pytest.raises(LiveScoreError, match=why):
            live.put(key, line_of(entry))
        assert json.dumps(live.to_json()) == before
    with pytest.raises(LiveScoreError, match="result 7 is not in force"):
        live.remove(7)
    assert len(live) == 1


def test_refused_in_total_points_and_teams() -> None:
    points = LiveScorer(TournamentInput("Points", "total-points", []))
    with pytest.raises(LiveScoreError, match=r"no value in total points \(Law 78C\)"):
        points.put(
            1, line_of({"board": 1, "ns": "1", "ew": "2", "artificial": {"NS": "A+", "EW": "A-"}})
        )
    specs = [MatchSpec("1", "A", "B")]
    live = LiveScorer(TournamentInput("Teams", "teams", [], matches=specs))
    open_room = {"board": 1, "ns": "A", "ew": "B", "room": "open", "match": "1"}
    live.put(1, line_of(open_room | FOUR_HEARTS, True))
    with pytest.raises(LiveScoreError, match="already has an open-room result"):
        live.put(2, line_of(open_room | FOUR_HEARTS, True))
    with pytest.raises(LiveScoreError, match="match 2 is not in the matches list"):
        live.put(3, line_of(open_room | {"match": "2"} | FOUR_HEARTS, True))
    with pytest.raises(LiveScoreError, match='needs a "matches" list'):
        LiveScorer(TournamentInput("Teams", "teams", []))
    with pytest.raises(LiveScoreError, match="starts with none"):
        LiveScorer(
            TournamentInput(
                "Pairs", "matchpoints", [line_of({"board": 1, "ns": "1", "ew": "2"} | FOUR_HEARTS)]
            )
        )


# -- worked by hand ----------------------------------------------------------------------------


def score(board: int, ns: str, ew: str, ns_score: int) -> ResultLine:
    return line_of({"board": board, "ns": ns, "ew": ew, "ns_score": ns_score})


def values(live: LiveScorer, board: int) -> list[tuple[Any, Any]]:
    found = next(b for b in live.to_json()["boards"] if b["board"] == board)
    return [(r["ns_mp"], r["ew_mp"]) for r in found["results"]]


def test_neuberg_follows_the_most_played_board_as_results_arrive() -> None:
    live = LiveScorer(TournamentInput("Pairs", "matchpoints", []))
    live.put(1, score(1, "1", "11", 420))
    live.put(2, score(1, "2", "12", 170))
    live.put(3, score(2, "1", "12", 100))
    # E = 2: board 1 is on a top of 2; board 2, played once, factored (0 + 1) * 2/1 - 1 = 1
    assert values(live, 1) == [(2, 0), (0, 2)]
    assert values(live, 2) == [(1, 1)]
    live.put(4, score(1, "3", "13", 420))
    # E = 3, top 4 (Law 78A): board 1 unfactored, 420 ties 420 and beats 170: 2 + 1 = 3;
    # board 2 factored to three results: (0 + 1) * 3/1 - 1 = 2
    assert values(live, 1) == [(3, 1), (0, 4), (3, 1)]
    assert values(live, 2) == [(2, 2)]
    assert live.to_json()["boards"][0]["top"] == 4
    live.remove(4)  # withdrawn: E is 2 again
    assert values(live, 2) == [(1, 1)]
    assert live.to_json()["boards"][0]["top"] == 2


def test_average_plus_follows_the_pairs_session_as_results_arrive() -> None:
    live = LiveScorer(TournamentInput("Pairs", "matchpoints", []))
    live.put(1, score(1, "1", "11", 420))
    live.put(2, score(1, "2", "12", 170))
    live.put(
        3, line_of({"board": 2, "ns": "1", "ew": "12", "artificial": {"NS": "A+", "EW": "A-"}})
    )
    live.put(4, score(2, "2", "11", 100))
    # pair 1 scored 100 % on the board it played: Law 12C2c gives it that, not 60 %; pair 12
    # (East-West, -170 against -420) scored 100 % too, but average-minus stays 40 %
    board_2 = next(b for b in live.to_json()["boards"] if b["board"] == 2)
    assert (board_2["results"][0]["ns_percent"], board_2["results"][0]["ew_percent"]) == (100, 40)
    live.remove(1)  # corrected: pair 1 (-50 against +170) now has 0 % on board 1, and so
    live.put(5, score(1, "1", "11", -50))  # has pair 12 (-170 against +50)
    board_2 = next(b for b in live.to_json()["boards"] if b["board"] == 2)
    # average-plus back to 60 %; the offenders' 0 % is below 40 %: they keep it (12C2c)
    assert (board_2["results"][0]["ns_percent"], board_2["results"][0]["ew_percent"]) == (60, 0)


def test_a_teams_board_is_scored_when_both_rooms_are_in() -> None:
    live = LiveScorer(TournamentInput("Teams", "teams", [], matches=[MatchSpec("1", "A", "B")]))
    room = {"board": 1, "match": "1"}
    live.put(1, line_of(room | {"ns": "A", "ew": "B", "room": "open"} | FOUR_HEARTS, True))
    assert live.to_json()["boards"] == []  # waiting for the closed room
    assert live.scored_tournament().lines == []
    assert len(live.tournament().lines) == 1
    closed = {"ns": "B", "ew": "A", "room": "closed", "contract": "4H", "declarer": "S"}
    live.put(2, line_of(room | closed | {"tricks": 9}, True))
    # A: +420 in the open room, +50 defending 4H one down in the closed room: 470, 10 IMPs
    assert live.to_json()["matches"][0]["imps"] == [10, 0]
    assert [r["pair"] for r in live.to_json()["ranking"]] == ["A", "B"]


def test_an_empty_session() -> None:
    for scoring in ("matchpoints", "imps-datum", "total-points"):
        live = LiveScorer(TournamentInput("Empty", scoring, []))
        assert live.to_json() == {"event": "Empty", "scoring": scoring, "boards": [], "ranking": []}
    live = LiveScorer(TournamentInput("Empty", "cross-imps", []))
    assert live.to_json()["cross_imps_ranking"] == "average"
    specs = [MatchSpec("1", "A", "B", 8)]
    live = LiveScorer(TournamentInput("Empty", "teams", [], matches=specs, vp="wbf"))
    data = live.to_json()
    assert data["matches"][0]["vp"] == [10, 10]  # 0-0 on the WBF scale
    assert [r["rank"] for r in data["ranking"]] == ["1=", "1="]


def test_teams_boards_list_their_matches_in_order_whatever_finished_first() -> None:
    specs = [MatchSpec("1", "A", "B"), MatchSpec("2", "C", "D")]
    live = LiveScorer(TournamentInput("Teams", "teams", [], matches=specs))
    in_force: dict[int, ResultLine] = {}
    key = 0
    for match, home, away in (("2", "C", "D"), ("1", "A", "B")):
        for room, ns, ew, tricks in (("open", home, away, 10), ("closed", away, home, 11)):
            entry = {"board": 1, "ns": ns, "ew": ew, "room": room, "match": match}
            key += 1
            in_force[key] = line_of(entry | FOUR_HEARTS | {"tricks": tricks}, True)
            live.put(key, in_force[key])
            check(live, in_force)
    assert [r["match"] for r in live.to_json()["boards"][0]["results"]] == ["1", "1", "2", "2"]


def test_the_json_text_is_the_json_of_the_output() -> None:
    """The text a server publishes is ``json.dumps`` of :meth:`LiveScorer.to_json`, board texts
    kept from one change to the next included."""
    import json

    from bridgelaw.scoring.results import Points, ResultLine
    from bridgelaw.tournament.live import LiveScorer
    from bridgelaw.tournament.movements import mitchell
    from bridgelaw.tournament.session import TournamentInput

    movement = mitchell(tables=3, boards_per_round=2)
    names = {pair: "" for pair in movement.pairs} | {"1": "A & B"}
    scorer = LiveScorer(TournamentInput("Night", "matchpoints", [], names=names))
    key = 0
    for seating in movement.seatings:
        for board in seating.boards:
            key += 1
            points = Points.single(10 * ((key * 37) % 50) - 200)
            scorer.put(key, ResultLine(board, seating.ns, seating.ew, points, points))
            assert scorer.json_text() == json.dumps(scorer.to_json(), ensure_ascii=False)
    scorer.remove(3)
    assert scorer.json_text() == json.dumps(scorer.to_json(), ensure_ascii=False)
