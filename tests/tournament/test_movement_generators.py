"""Every generated movement, every size clubs use (2-15 tables, 2-16 teams) and every option:
the schedule checker finds nothing, the movement file round trip gives the same movement, and
the properties a movement of its kind must have hold, counted here from the seatings."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bridgelaw.formats.movement_file import read_movement_file, write_movement_file
from bridgelaw.tournament.movement_check import check_movement
from bridgelaw.tournament.movements import Movement, howell, mitchell, teams

TABLES = range(2, 16)


def _valid(m: Movement) -> None:
    assert check_movement(m) == []
    read = read_movement_file(write_movement_file(m))
    assert read.problems == []
    assert read.movement == m


def _meetings(m: Movement) -> Counter[frozenset[str]]:
    occasions = {(s.round, s.match or s.table): frozenset((s.ns, s.ew)) for s in m.seatings}
    return Counter(occasions.values())


def _sets_of(m: Movement, pair: str) -> list[int]:
    return [s.board_set for s in m.seatings if pair in (s.ns, s.ew)]


def _plays(m: Movement) -> Counter[int]:
    return Counter(b for s in m.seatings for b in s.boards)


# -- Mitchell -----------------------------------------------------------------------------------


def _mitchell_options() -> list[tuple[int, str, bool, int]]:
    options = []
    for t in TABLES:
        for even in ("skip", "share-relay") if t % 2 == 0 else ("skip",):
            for short in (False, True):
                for boards in (2, 3) if even == "share-relay" else (1, 2):
                    options.append((t, even, short, boards))
    return options


@pytest.mark.parametrize(("tables", "even", "short", "boards"), _mitchell_options())
def test_every_mitchell_is_valid(tables: int, even: str, short: bool, boards: int) -> None:
    pairs = 2 * tables - 1 if short else None
    full = mitchell(tables, boards, even=even, pairs=pairs)
    _valid(full)
    most = full.rounds
    for rounds in sorted({1, most // 2 + 1, most - 1} - {0}):
        _valid(mitchell(tables, boards, rounds, arrow_switch=[rounds], even=even, pairs=pairs))


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2])
def test_odd_mitchell_every_ns_meets_every_ew_once_on_every_set(tables: int) -> None:
    m = mitchell(tables, 2)
    ns = [str(t) for t in range(1, tables + 1)]
    ew = [str(t) for t in range(tables + 1, 2 * tables + 1)]
    assert m.rounds == tables
    assert _meetings(m) == Counter({frozenset(p): 1 for p in itertools.product(ns, ew)})
    for pair in ns + ew:
        assert sorted(_sets_of(m, pair)) == list(range(1, tables + 1))
    for t in range(1, tables + 1):  # North-South pairs stay put
        assert {s.ns for s in m.seatings if s.table == t} == {str(t)}
    assert set(_plays(m).values()) == {tables}  # every board at every table once


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 0])
def test_skip_mitchell_plays_one_round_fewer_than_tables(tables: int) -> None:
    m = mitchell(tables, 2)
    assert m.rounds == tables - 1
    for pair in (str(t) for t in range(tables + 1, 2 * tables + 1)):
        sets = _sets_of(m, pair)
        assert len(sets) == len(set(sets)) == tables - 1  # the skip keeps them off played sets
    assert max(_meetings(m).values()) == 1


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 0])
def test_share_and_relay_mitchell(tables: int) -> None:
    # Tables 1 and N share a set, one set waits on the relay stand between tables N/2 and
    # N/2 + 1 each round, and all N rounds are played: every North-South pair meets every
    # East-West pair, every pair plays every set once, every board is played at N tables.
    m = mitchell(tables, 2, even="share-relay")
    half = tables // 2
    assert m.rounds == tables and len(m.sets) == tables
    ns = [str(t) for t in range(1, tables + 1)]
    ew = [str(t) for t in range(tables + 1, 2 * tables + 1)]
    assert _meetings(m) == Counter({frozenset(p): 1 for p in itertools.product(ns, ew)})
    for pair in ns + ew:
        assert sorted(_sets_of(m, pair)) == list(range(1, tables + 1))
    assert set(_plays(m).values()) == {tables}
    first = {s.table: s.board_set for s in m.round(1)}
    # set by set: 1..N/2 on tables 1..N/2, the next on the stand, the rest on the next tables
    assert m.resting(1) == [half + 1]
    assert [first[t] for t in range(1, half + 1)] == list(range(1, half + 1))
    assert [first[t] for t in range(half + 1, tables)] == list(range(half + 2, tables + 1))
    assert first[tables] == first[1] == 1
    for r in range(1, tables + 1):
        sets = {s.table: s.board_set for s in m.round(r)}
        assert sets[1] == sets[tables] and len(set(sets.values())) == tables - 1
        assert len(m.resting(r)) == 1 and m.shared(r) == ((1, tables),)
        if r < tables:  # the stand's set goes to table N/2, table N/2 + 1's to the stand
            after = {s.table: s.board_set for s in m.round(r + 1)}
            assert after[half] == m.resting(r)[0]
            assert m.resting(r + 1) == [sets[half + 1]]
            if tables > 2:  # the shared set moves to table N - 1 (with 2 tables: the stand)
                assert after[tables - 1] == sets[1]


def test_share_and_relay_needs_an_even_number_of_tables_and_two_boards() -> None:
    with pytest.raises(ValueError, match="even number of tables"):
        mitchell(5, 2, even="share-relay")
    with pytest.raises(ValueError, match="2 boards a round or more"):
        mitchell(4, 1, even="share-relay")


@pytest.mark.parametrize("tables", [3, 4, 7, 8, 15])
def test_mitchell_half_table_phantom(tables: int) -> None:
    # An odd number of pairs: the last North-South pair is missing, so each East-West pair that
    # reaches the last table sits out there, once in a full movement.
    even = "share-relay" if tables % 2 == 0 else "skip"
    m = mitchell(tables, 2, pairs=2 * tables - 1, even=even)
    phantom = str(tables)
    assert m.phantoms == {phantom}
    out = [p for r in range(1, m.rounds + 1) for p in m.sitouts(r)]
    assert sorted(out, key=int) == [str(t) for t in range(tables + 1, 2 * tables + 1)]
    for r in range(1, m.rounds + 1):
        (at_last,) = [s for s in m.round(r) if s.table == tables]
        assert m.sitouts(r) == [at_last.ew] and m.sits_out(at_last)


def test_mitchell_named_phantom_and_pair_counts() -> None:
    m = mitchell(5, 2, phantom="7")
    assert m.phantoms == {"7"}
    assert sorted(m.sitouts(1) + m.sitouts(2) + m.sitouts(3) + m.sitouts(4) + m.sitouts(5),
                  key=int) == ["1", "2", "3", "4", "5"]  # fmt: skip
    with pytest.raises(ValueError, match="seats 9 or 10 pairs, not 8"):
        mitchell(5, 2, pairs=8)
    with pytest.raises(ValueError, match="1 to 10"):
        mitchell(5, 2, phantom="11")


def test_arrow_switch_keeps_the_fields() -> None:
    m = mitchell(5, 2, arrow_switch=[5])
    assert all(int(s.ns) > 5 and int(s.ew) <= 5 for s in m.round(5))
    assert m.fields == (("1", "2", "3", "4", "5"), ("6", "7", "8", "9", "10"))
    assert check_movement(m) == []


# -- Howell -------------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
@pytest.mark.parametrize("boards", [1, 3])
@pytest.mark.parametrize("short", [False, True])
def test_every_complete_howell(tables: int, boards: int, short: bool) -> None:
    m = howell(tables, boards, pairs=2 * tables - 1 if short else None)
    _valid(m)
    pairs = [str(p) for p in range(1, 2 * tables + 1)]
    assert m.rounds == 2 * tables - 1 and m.pairs == sorted(pairs, key=int)
    # every pair meets every other exactly once and plays every set exactly once
    assert _meetings(m) == Counter({frozenset(p): 1 for p in itertools.combinations(pairs, 2)})
    for pair in pairs:
        assert sorted(_sets_of(m, pair)) == list(range(1, 2 * tables))
    assert set(_plays(m).values()) == {tables}
    for r in range(1, m.rounds + 1):
        seated = [p for s in m.round(r) for p in (s.ns, s.ew)]
        assert sorted(seated, key=int) == pairs  # everyone plays every round
    if short:  # the stationary pair is the phantom: everyone else sits out once
        assert m.phantoms == {str(2 * tables)}
        out = [p for r in range(1, m.rounds + 1) for p in m.sitouts(r)]
        assert sorted(out, key=int) == pairs[:-1]


@pytest.mark.parametrize("tables", [t for t in TABLES if t >= 4])
def test_howell_from_four_tables_never_shares_a_set(tables: int) -> None:
    # a Room square of side 2n - 1 exists for n >= 4 (none of side 3 or 5): each round's tables
    # play different sets, and the n - 1 others wait on the bye stand
    m = howell(tables, 2)
    for r in range(1, m.rounds + 1):
        sets = [s.board_set for s in m.round(r)]
        assert len(set(sets)) == tables
        assert len(m.resting(r)) == tables - 1
    assert m.copies == 1 and not m.shares


@pytest.mark.parametrize("tables", [2, 3])
def test_small_howells_share_or_copy(tables: int) -> None:
    # 2 and 3 tables have no schedule with separate sets: some round has tables on one set,
    # shared when the set has a board for each of them, copied otherwise
    shared = howell(tables, tables)
    assert shared.shares and shared.copies == 1
    for r, groups in shared.shares.items():
        for group in groups:
            assert len({s.board_set for s in shared.round(r) if s.table in group}) == 1
    copied = howell(tables, 1)
    assert not copied.shares and copied.copies >= 2


@pytest.mark.parametrize("tables", [3, 5, 7, 10, 15])
def test_partial_howell_meets_no_one_twice(tables: int) -> None:
    for rounds in (1, tables, 2 * tables - 2):
        m = howell(tables, 2, rounds)
        _valid(m)
        assert max(_meetings(m).values()) == 1
        for pair in m.pairs:
            sets = _sets_of(m, pair)
            assert len(sets) == len(set(sets)) == rounds
        assert m.boards == list(range(1, 2 * len(m.sets) + 1))  # no gaps in the numbers


# -- teams --------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 17))
def test_every_teams_round_robin(count: int) -> None:
    m = teams(count, 2)
    _valid(m)
    names = [str(t) for t in range(1, count + 1)]
    assert _meetings(m) == Counter({frozenset(p): 1 for p in itertools.combinations(names, 2)})
    assert m.rounds == (count - 1 if count % 2 == 0 else count)
    byes = []
    for r in range(1, m.rounds + 1):
        seated = Counter(p for s in m.round(r) for p in (s.ns, s.ew))
        assert set(seated.values()) == {2}  # each team at two tables: open and closed room
        byes += [t for t in names if t not in seated]
    assert sorted(byes, key=int) == (names if count % 2 else [])
    for r in (1, m.rounds):
        _valid(teams(count, 3, r))
