"""Movements: Mitchell (skip, arrow switch), Howell, teams; fitting results to the movement."""

import itertools

import pytest

from bridgelaw.tournament.movements import Movement, howell, mitchell, round_robin, teams
from bridgelaw.tournament.teams import swiss_pairings


def _meetings(m: Movement, pair: str) -> list[tuple[str, tuple[int, ...]]]:
    return [(s.ew if s.ns == pair else s.ns, s.boards) for s in m.seatings if pair in (s.ns, s.ew)]


@pytest.mark.parametrize("tables", [3, 5, 7])
def test_odd_mitchell_everyone_meets_everyone_and_plays_every_board(tables: int) -> None:
    m = mitchell(tables, boards_per_round=2)
    assert m.rounds == tables
    for ns in range(1, tables + 1):
        met = _meetings(m, str(ns))
        assert sorted(int(o) for o, _ in met) == list(range(tables + 1, 2 * tables + 1))
        assert sorted(b for _, boards in met for b in boards) == list(range(1, 2 * tables + 1))
    for ew in range(tables + 1, 2 * tables + 1):
        met = _meetings(m, str(ew))
        assert sorted(int(o) for o, _ in met) == list(range(1, tables + 1))
        assert len({boards for _, boards in met}) == tables  # never the same boards twice


def test_mitchell_3_tables_round_2_by_hand() -> None:
    # Round 2: EW pairs moved up one table (4 -> table 2, 5 -> 3, 6 -> 1), boards down one
    # (boards 3-4, at table 2 in round 1, are now at table 1; boards 1-2 went round to table 3).
    m = mitchell(3, 2)
    round2 = [(s.table, s.ns, s.ew, s.boards) for s in m.seatings if s.round == 2]
    assert round2 == [(1, "1", "6", (3, 4)), (2, "2", "4", (5, 6)), (3, "3", "5", (1, 2))]


def test_even_mitchell_skips_after_half_the_rounds() -> None:
    m = mitchell(4, 2)  # 4 tables: at most 3 rounds, EW skip after round 2
    assert m.rounds == 3
    # EW pair 5 starts at table 1, then table 2, then skips table 3 and plays at table 4
    assert [s.table for s in m.seatings if s.ew == "5"] == [1, 2, 4]
    for ew in ("5", "6", "7", "8"):
        boards = [s.boards for s in m.seatings if s.ew == ew]
        assert len(set(boards)) == 3  # the skip keeps them off boards they played
    with pytest.raises(ValueError, match="1 to 3 rounds"):
        mitchell(4, 2, rounds=4)


def test_arrow_switch_turns_the_pairs_round() -> None:
    m = mitchell(3, 2, arrow_switch=[3])
    last = [(s.ns, s.ew) for s in m.seatings if s.round == 3]
    assert all(int(ns) > 3 and int(ew) <= 3 for ns, ew in last)  # EW pairs now sit NS


@pytest.mark.parametrize("tables", [2, 3, 4, 5, 6, 7])
def test_howell_every_pair_meets_every_pair_and_plays_every_set(tables: int) -> None:
    m = howell(tables, boards_per_round=3)
    pairs = [str(p) for p in range(1, 2 * tables + 1)]
    assert m.pairs == pairs
    for pair in pairs:
        met = _meetings(m, pair)
        assert sorted(o for o, _ in met) == sorted(p for p in pairs if p != pair)
        assert len({boards for _, boards in met}) == 2 * tables - 1
    if tables in (4, 6, 7):  # a strong starter exists: no set at two tables in a round
        for r in range(1, m.rounds + 1):
            sets = [s.boards for s in m.seatings if s.round == r]
            assert len(set(sets)) == len(sets)


def test_movement_check_messages() -> None:
    m = mitchell(3, 2)
    assert m.check(3, "1", "6") is None  # round 2 at table 1
    assert m.check(5, "1", "6") == "1 (NS) and 6 (EW) meet in round 2 on boards 3-4, not on board 5"
    assert m.check(3, "6", "1") == "6 and 1 meet with 1 sitting North-South, not 6"
    assert m.check(3, "1", "9") == "pair 9 is not in this mitchell movement"
    assert m.check(7, "1", "6") == "board 7 is not played in this movement"
    assert m.check(3, "1", "6", round=1) == "1 and 6 play board 3 in round 2, not 1"


def test_teams_rotation() -> None:
    m = teams(4, boards_per_round=4)
    assert m.rounds == 3 and m.tables == 4
    for r in range(1, 4):
        seats = [s for s in m.seatings if s.round == r]
        for match in {s.match for s in seats}:
            open_, closed = sorted((s for s in seats if s.match == match), key=lambda s: s.table)
            assert open_.room == "open" and closed.room == "closed"
            # home NS in the open room is EW in the closed room, on the same boards
            assert (open_.ns, open_.ew) == (closed.ew, closed.ns)
            assert open_.boards == closed.boards
    opponents = {frozenset((s.ns, s.ew)) for s in m.seatings}
    assert opponents == {frozenset(p) for p in itertools.combinations("1234", 2)}


def test_round_robin_with_a_bye() -> None:
    rounds = round_robin(["A", "B", "C"])
    assert len(rounds) == 3 and all(len(r) == 1 for r in rounds)
    met = {frozenset(m) for r in rounds for m in r}
    assert met == {frozenset("AB"), frozenset("AC"), frozenset("BC")}


def test_swiss_pairs_down_and_avoids_rematches() -> None:
    standings = ["A", "B", "C", "D"]
    assert swiss_pairings(standings, set()) == [("A", "B"), ("C", "D")]
    # A has met B: A takes C, then B takes D
    assert swiss_pairings(standings, {frozenset("AB")}) == [("A", "C"), ("B", "D")]
    # A met B and C; C met D: A-D, then B-C
    assert swiss_pairings(standings, {frozenset("AB"), frozenset("AC"), frozenset("CD")}) == [
        ("A", "D"),
        ("B", "C"),
    ]
    # odd field: the lowest team that can sits out
    assert swiss_pairings(["A", "B", "C"], set()) == [("A", "B"), ("C", "")]
    everyone = {frozenset(p) for p in itertools.combinations("ABCD", 2)}
    assert swiss_pairings(standings, everyone) is None
