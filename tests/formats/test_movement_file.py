"""The movement file: a hand-written movement read, defects planted in it each found with its
message and line, the writer's files read back equal, and the reader fuzzed."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.formats.movement_file import (
    MAX_CHARS,
    movement_to_json,
    read_movement_file,
    write_movement_file,
)
from bridgelaw.tournament.movement_check import check_movement
from bridgelaw.tournament.movements import Movement, Seating, howell, mitchell, teams

# A 3-table Mitchell as a club would write it: North-South stay, East-West move up one table
# and the boards down one table each round (so in round 2 pair 6 has come to table 1, where
# set 2 has come down from table 2).
MITCHELL = """{
  "kind": "mitchell",
  "tables": 3,
  "sets": {"1": [1, 2], "2": [3, 4], "3": [5, 6]},
  "fields": [["1", "2", "3"], ["4", "5", "6"]],
  "meet": "all",
  "schedule": [
    {"round": 1, "tables": [
      {"table": 1, "ns": "1", "ew": "4", "set": 1},
      {"table": 2, "ns": "2", "ew": "5", "set": 2},
      {"table": 3, "ns": "3", "ew": "6", "set": 3}]},
    {"round": 2, "tables": [
      {"table": 1, "ns": "1", "ew": "6", "set": 2},
      {"table": 2, "ns": "2", "ew": "4", "set": 3},
      {"table": 3, "ns": "3", "ew": "5", "set": 1}]},
    {"round": 3, "tables": [
      {"table": 1, "ns": "1", "ew": "5", "set": 3},
      {"table": 2, "ns": "2", "ew": "6", "set": 1},
      {"table": 3, "ns": "3", "ew": "4", "set": 2}]}
  ]
}
"""
# line 4: the sets; 8, 12, 16: the rounds; 9-11, 13-15, 17-19: the tables

TEAMS = """{
  "kind": "teams",
  "sets": {"1": [1, 2, 3, 4]},
  "schedule": [
    {"round": 1, "tables": [
      {"table": 1, "ns": "A", "ew": "B", "set": 1, "room": "open", "match": "1"},
      {"table": 2, "ns": "B", "ew": "A", "set": 1, "room": "closed", "match": "1"}]}
  ]
}
"""


def problems(text: str) -> list[tuple[int, str]]:
    read = read_movement_file(text, "club.json")
    assert (read.movement is None) == bool(read.problems)
    return [(p.line, p.message) for p in read.problems]


def planted(old: str, new: str, text: str = MITCHELL) -> list[tuple[int, str]]:
    assert text.count(old) == 1, old
    return problems(text.replace(old, new))


def test_the_hand_written_mitchell_is_read() -> None:
    read = read_movement_file(MITCHELL)
    assert read.problems == []
    m = read.movement
    assert m is not None
    assert (m.kind, m.tables, m.rounds, m.boards_per_round) == ("mitchell", 3, 3, 2)
    assert [(s.table, s.ns, s.ew, s.boards) for s in m.round(2)] == [
        (1, "1", "6", (3, 4)), (2, "2", "4", (5, 6)), (3, "3", "5", (1, 2))
    ]  # fmt: skip
    # the same schedule as the generator's (set for set, seat for seat)
    made = mitchell(3, 2)
    assert [(s.round, s.table, s.ns, s.ew, s.board_set) for s in m.seatings] == [
        (s.round, s.table, s.ns, s.ew, s.board_set) for s in made.seatings
    ]


def test_the_hand_written_teams_match_is_read() -> None:
    read = read_movement_file(TEAMS)
    assert read.problems == []
    assert read.movement is not None and read.movement.sitouts(1) == []


# -- planted defects ----------------------------------------------------------------------------


def test_pair_against_itself() -> None:
    assert planted('"ns": "2", "ew": "4", "set": 3', '"ns": "2", "ew": "2", "set": 3') == [
        (1, "pair 2 never meets 4, though every two pairs that may meet should"),
        (14, "pair 2 plays against itself at table 2 in round 2"),
    ]


def test_pair_twice_in_a_round_and_meeting_twice() -> None:
    found = planted('"ns": "3", "ew": "5", "set": 1', '"ns": "3", "ew": "4", "set": 1')
    assert (15, "pair 4 is at table 2 and table 3 in round 2 (line 14)") in found
    assert (15, "pair 4 plays set 1 again in round 2 (first in round 1, line 9)") in found
    assert (19, "pairs 3 and 4 meet 2 times (rounds 2, 3); the movement allows 1 time") in found
    assert (1, "pair 3 never meets 5, though every two pairs that may meet should") in found
    allowed = planted('"meet": "all",', '"meet": "all", "meet_max": 2,',
                      MITCHELL.replace('"ns": "3", "ew": "5", "set": 1',
                                       '"ns": "3", "ew": "4", "set": 1'))  # fmt: skip
    assert not any("meet 2 times" in message for _, message in allowed)


def test_table_seated_twice() -> None:
    found = planted('{"table": 3, "ns": "3", "ew": "5", "set": 1}',
                    '{"table": 2, "ns": "3", "ew": "5", "set": 1}')  # fmt: skip
    assert (15, "table 2 is seated twice in round 2 (line 14)") in found


def test_set_not_defined_and_boards_played_unequally() -> None:
    found = planted('"ns": "2", "ew": "5", "set": 2', '"ns": "2", "ew": "5", "set": 7')
    assert found == [
        (4, "set 2 is played at 2 tables, the other sets at 3: declare each set's plays if "
            "that is meant"),
        (10, "set 7 is not defined (the sets are 1, 2, 3)"),
    ]  # fmt: skip


def test_set_never_played_and_board_in_two_sets() -> None:
    assert planted('"3": [5, 6]}', '"3": [5, 6], "4": [7, 8]}') == [
        (4, "set 4 (boards 7-8) is never played")
    ]
    assert planted('"3": [5, 6]}', '"3": [4, 6]}') == [(4, "board 4 is in set 3 and in set 2")]
    assert planted('"3": [5, 6]}', '"3": [5, 5]}') == [(4, "board 5 is in set 3 twice")]


def test_pairs_of_one_field_meet() -> None:
    found = planted('[["1", "2", "3"], ["4", "5", "6"]]', '[["1", "2", "4"], ["3", "5", "6"]]')
    assert (9, "pairs 1 and 4 are both in field 1 but meet in round 1") in found
    assert (11, "pairs 3 and 6 are both in field 2 but meet in round 1") in found
    seated_nowhere = planted('["4", "5", "6"]]', '["4", "5"]]')
    assert (1, "pairs seated in no field: 6") in seated_nowhere


def test_declared_plays() -> None:
    assert planted('"meet": "all",', '"meet": "all", "plays": 3,') == []
    assert planted('"meet": "all",', '"meet": "all", "plays": {"1": 3, "2": 3, "3": 2},') == [
        (4, "set 3 is played at 3 tables, not 2 as the movement says")
    ]


def test_a_set_at_two_tables_needs_a_share_or_copies() -> None:
    moved = MITCHELL.replace('"ns": "2", "ew": "5", "set": 2', '"ns": "2", "ew": "5", "set": 1')
    found = problems(moved)
    message = ("set 1 is at tables 1 and 2 in round 1, with 1 copy of each set and no share of "
               "those tables declared")  # fmt: skip
    assert (8, message) in found
    copies = problems(moved.replace('"meet": "all",', '"meet": "all", "copies": 2,'))
    shared = problems(moved.replace('{"round": 1, ', '{"round": 1, "share": [[1, 2]], '))
    for fixed in (copies, shared):
        assert (8, message) not in fixed
        assert found and fixed == [f for f in found if f != (8, message)]


def test_shares_must_be_on_one_set_with_a_board_for_each_table() -> None:
    assert planted('{"round": 1, ', '{"round": 1, "share": [[1, 3]], ') == [
        (8, "tables 1 and 3 share in round 1 but play sets 1 and 3")
    ]
    three = (
        MITCHELL.replace('"ns": "2", "ew": "5", "set": 2', '"ns": "2", "ew": "5", "set": 1')
        .replace('"ns": "3", "ew": "6", "set": 3', '"ns": "3", "ew": "6", "set": 1')
        .replace('{"round": 1, ', '{"round": 1, "share": [[1, 2, 3]], ')
    )
    found = problems(three)
    assert (8, "tables 1, 2 and 3 share set 1 of 2 boards in round 1: a shared set needs a "
               "board for each table") in found  # fmt: skip
    assert (8, "table 1 is in two shares in round 1") in problems(
        MITCHELL.replace('{"round": 1, ', '{"round": 1, "share": [[1, 2], [1, 3]], ')
    )


def test_phantom_must_be_seated() -> None:
    assert planted('"meet": "all",', '"meet": "all", "phantoms": ["9"],') == [
        (1, "phantom 9 is not seated in the movement")
    ]
    assert planted('"meet": "all",', '"meet": "all", "phantoms": ["6"],') == []


def test_teams_rooms() -> None:
    swapped = '"ns": "A", "ew": "B", "set": 1, "room": "closed"'
    assert planted('"ns": "B", "ew": "A", "set": 1, "room": "closed"', swapped, TEAMS) == [
        (6, "match 1 in round 1: the closed room must seat the open room's teams the other way "
            "round (B North-South, A East-West)")
    ]  # fmt: skip
    assert (7, 'table 2 in round 1: a teams seating needs its match and its room ("open" or '
               '"closed")') in planted(', "room": "closed"', "", TEAMS)  # fmt: skip
    assert (6, "match 1 in round 1 has rooms open, open: it needs one open and one closed "
               "room") in planted('"room": "closed"', '"room": "open"', TEAMS)  # fmt: skip


def test_rounds_and_tables() -> None:
    found = planted('{"round": 3, ', '{"round": 2, ')
    assert (16, "round 2 is listed twice (line 12)") in found
    assert planted('"tables": 3,', '"tables": 3, "rounds": 4,') == [
        (1, "rounds is 4 but the schedule has 3")
    ]
    found = planted('"tables": 3,', '"tables": 2,')
    assert (1, "tables is 2 but the schedule seats table 3") in found
    assert (11, "table 3 is not a table of this movement (1 to 2)") in found
    found = planted('{"round": 2, ', '{"round": 3, ')
    assert (12, "round 3 is listed in place 2: list the rounds in order") in found
    assert (16, "round 3 is listed twice (line 12)") in found
    assert (1, "round 2 seats nobody") in found


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [('"tables": 3,', '"tables": "x",', (1, "tables must be a whole number from 1 to 200, "
                                            "not 'x'")),
     ('"tables": 3,', '"tabels": 3,', (1, "unknown key 'tabels' (the keys are format, version, "
                                          "kind, name, tables, rounds, boards_per_round, sets, "
                                          "phantoms, fields, meet, meet_max, copies, plays, "
                                          "share, notes, schedule)")),
     ('"kind": "mitchell",', "", (1, 'kind is missing (e.g. "mitchell", "howell", "teams")')),
     ('"kind": "mitchell",', '"kind": "mitchell", "kind": "howell",', (1, "'kind' is given "
                                                                         "twice")),
     ('"meet": "all",', '"meet": "everyone",', (1, "meet must be 'all' or 'some', not "
                                                  "'everyone'")),
     ('"1": [1, 2]', '"1": [0, 2]', (4, "set 1 must list its boards (1 to 100 board numbers "
                                       "from 1 to 4,294,967,295), not [0, 2]")),
     ('"1": [1, 2]', '"one": [1, 2]', (4, "'one' is not a set number (1 to 399)")),
     ('"ew": "4", "set": 1}', '"ew": "4", "set": 1, "seat": 2}',
      (9, "unknown key 'seat' at a table (the keys are table, ns, ew, set, room, match)")),
     ('"ew": "4", "set": 1}', '"ew": "4"}', (9, "round 1: a table needs its set")),
     ('"ns": "1", "ew": "4"', '"ns": "1", "ew": [4]', (9, "ew must be a pair's name (a text or "
                                                         "a whole number, at most 40 "
                                                         "characters), not [4]")),
     ('"ns": "1", "ew": "4"', '"ns": "1", "ew": "4\\u0007"', (9, "ew must be a pair's name (a "
                                                                "text or a whole number, at "
                                                                "most 40 characters), not "
                                                                "'4\\x07'")),
     ('{"round": 1, "tables": [', '{"round": 1, "tables": 5, "x": [',
      (8, "unknown key 'x' in a round (the keys are round, share, tables)")),
     ('"meet": "all",', '"meet": "all", "format": "pbn",',
      (1, "format must be 'bridgelaw-movement', not 'pbn'")),
     ('"meet": "all",', '"meet": "all", "version": 2,',
      (1, "version 2 is not known (this reader knows version 1)")),
     ('"meet": "all",', '"meet": "all", "copies": 0,',
      (1, "copies must be a whole number from 1 to 200, not 0"))],
)  # fmt: skip
def test_values_of_the_wrong_kind(old: str, new: str, expected: tuple[int, str]) -> None:
    assert expected in planted(old, new)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", (1, "not valid JSON: Expecting value (column 1)")),
     ("[1, 2]", (1, "a movement file is a JSON object, not [1, 2]")),
     ('{"kind": "mitchell",\n "sets" {"1": [1]}}', (2, "not valid JSON: Expecting ':' "
                                                       "delimiter (column 9)")),
     ('{"kind": "mitchell", "sets": {"1": [1]}}', (1, 'schedule is missing: [{"round": 1, '
                                                     '"tables": [...]}, ...]')),
     ('{"kind": "x", "schedule": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, '
      '"set": 1}]}]}', (1, 'sets is missing: {"1": [1, 2], "2": [3, 4], ...}')),
     ("[" * 100_000, (1, "not valid JSON: nested too deeply")),
     ('{"a": ' + "1" * 5000 + "}", (1, "not valid JSON for a movement: a number of more than "
                                      "4,300 digits")),
     (" " * (MAX_CHARS + 1), (1, "a movement file has at most 8,000,000 characters, not "
                                "8,000,001"))],
)  # fmt: skip
def test_files_that_are_not_movements(text: str, expected: tuple[int, str]) -> None:
    assert expected in problems(text)


def test_hostile_sizes_are_refused_at_once() -> None:
    start = time.perf_counter()
    many_rounds = json.dumps({"kind": "x", "sets": {"1": [1]}, "schedule": [{}] * 400})
    assert any(m.startswith("schedule must list the rounds (1 to 399), not [{}, {},")
               for _, m in problems(many_rounds))  # fmt: skip
    wide = {"round": 1, "tables": [{"table": 1, "ns": "1", "ew": "2", "set": 1}] * 201}
    found = problems(json.dumps({"kind": "x", "sets": {"1": [1]}, "schedule": [wide]}))
    assert any(m.startswith("round 1: tables must list its tables (1 to 200)") for _, m in found)
    sets = {str(n): [n] for n in range(1, 1000)}
    found = problems(json.dumps({"kind": "x", "sets": sets, "schedule": []}))
    assert any(m.startswith("sets must map each set number to its boards") for _, m in found)
    # every pair a new name and meet all: the pairs are capped before the quadratic checks
    # (benchmarks/movement_file.py times the largest file the reader takes: 399 rounds of 200)
    rounds = [
        {"round": r, "tables": [{"table": t, "ns": f"n{r}.{t}", "ew": f"e{r}.{t}", "set": r}
                                for t in range(1, 201)]}
        for r in range(1, 4)
    ]  # fmt: skip
    big = json.dumps({"kind": "x", "meet": "all", "copies": 200,
                      "sets": {"1": [1], "2": [2], "3": [3]}, "schedule": rounds})  # fmt: skip
    assert problems(big) == [(1, "the movement seats 1,200 pairs; a movement seats at most 400")]
    assert time.perf_counter() - start < 20


# -- writing and reading back -------------------------------------------------------------------


@pytest.mark.parametrize(
    "made",
    [mitchell(3, 2), mitchell(6, 3, even="share-relay", pairs=11, arrow_switch=[6]),
     mitchell(8, 2, rounds=5), howell(3, 2), howell(3, 3, pairs=5), howell(7, 2, rounds=4),
     teams(5, 4), teams(6, 2, rounds=2)],
    ids=lambda m: m.name,
)  # fmt: skip
def test_written_files_read_back_equal(made: Movement) -> None:
    text = write_movement_file(made)
    read = read_movement_file(text)
    assert read.problems == [] and read.movement == made
    assert json.loads(text) == movement_to_json(made)
    seating_lines = [line for line in text.splitlines() if line.lstrip().startswith('{"table"')]
    assert len(seating_lines) == len(made.seatings)  # one seating a line


def test_guide_cards_show_sit_outs_stands_and_shares() -> None:
    cards = mitchell(4, 2, even="share-relay", pairs=7).guide_cards()
    assert "Tables 1 and 4 share a set. A relay stand between tables 2 and 3" in cards
    # round 1: set 3 (boards 5-6) starts on the stand; pair 8 meets the phantom at table 4
    assert "  Round 1: on the stand: set 3 (5-6); tables 1,4 share a set; sitting out: 8" in cards
    assert "      1  4      8      1-2     table 3  (shares with table 1; 8 sits out)" in cards
    assert "      1      4  EW    4        1-2  (sits out)" in cards
    assert "\nPair 4\n" not in cards  # the phantom has no card
    bye = teams(3, 2).guide_cards()
    assert "  Round 1: bye: 3" in bye and "      3  bye" in bye


# -- fuzzing ------------------------------------------------------------------------------------


def sound(text: str) -> None:
    """What holds for any input: problems with a line of the file and a one-line message, a
    movement exactly when there is no problem, and that movement valid and written back equal."""
    start = time.perf_counter()
    read = read_movement_file(text, "fuzz.json")
    lines = text.count("\n") + 1
    for p in read.problems:
        assert p.file == "fuzz.json" and 1 <= p.line <= lines, p
        assert p.message and "\n" not in p.message and "\r" not in p.message, p
    assert (read.movement is None) == bool(read.problems)
    if read.movement is not None:
        assert check_movement(read.movement) == []
        again = read_movement_file(write_movement_file(read.movement))
        assert again.movement == read.movement
        read.movement.guide_cards()
    assert time.perf_counter() - start < 5


SEEDS = [MITCHELL, TEAMS, write_movement_file(howell(3, 3, pairs=5)),
         write_movement_file(mitchell(4, 2, even="share-relay"))]  # fmt: skip
ALPHABET = '{}[]",:0123456789 \n-abcdefghijklmnopqrstuvwxyz\\\ufeff\x00é'


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=400) | st.text(max_size=200))
def test_random_text(text: str) -> None:
    sound(text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "line", "digit"]))
        if kind == "insert":
            text = text[:where] + draw(st.text(ALPHABET, min_size=1, max_size=4)) + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + draw(st.integers(1, 8)) :]
        elif kind == "replace":
            text = (
                text[:where] + draw(st.text(ALPHABET, min_size=1, max_size=3)) + text[where + 1 :]
            )
        elif kind == "line":
            lines = text.split("\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines.insert(j, lines[i])
            text = "\n".join(lines)
        else:
            digits = [k for k, c in enumerate(text) if c.isdigit()]
            if digits:
                k = draw(st.sampled_from(digits))
                text = text[:k] + draw(st.sampled_from("0123456789")) + text[k + 1 :]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_files(text: str) -> None:
    sound(text)


NAMES = st.sampled_from(["1", "2", "3", "4", "5", "6", 7, "A", "", " ", "x" * 41, None])
SMALL: st.SearchStrategy[object] = st.one_of(
    st.integers(-2, 5), st.sampled_from(["1", "x", None, True, 2.5, [], {}])
)


@st.composite
def structured(draw: st.DrawFn) -> str:
    """Objects of the right shape with values from small domains: they get past the reading and
    into the schedule's checks."""
    seats = st.fixed_dictionaries(
        {"table": SMALL, "ns": NAMES, "ew": NAMES, "set": SMALL},
        optional={"room": st.sampled_from(["open", "closed", "x"]), "match": NAMES},
    )
    rounds = st.lists(
        st.fixed_dictionaries({"round": SMALL, "tables": st.lists(seats, max_size=4)},
                              optional={"share": st.lists(st.lists(SMALL, max_size=3),
                                                          max_size=2)}),
        max_size=4,
    )  # fmt: skip
    data = draw(st.fixed_dictionaries(
        {"kind": st.sampled_from(["mitchell", "teams", "x", 5]),
         "sets": st.dictionaries(st.sampled_from(["1", "2", "3", "x"]),
                                 st.lists(st.integers(0, 8), max_size=3), max_size=3),
         "schedule": rounds},
        optional={"tables": SMALL, "rounds": SMALL, "phantoms": st.lists(NAMES, max_size=2),
                  "fields": st.lists(st.lists(NAMES, max_size=3), max_size=2),
                  "meet": st.sampled_from(["all", "some", "x"]), "meet_max": SMALL,
                  "copies": SMALL, "plays": SMALL | st.dictionaries(st.sampled_from(["1", "2"]),
                                                                    SMALL),
                  "share": st.lists(st.lists(SMALL, max_size=3), max_size=2)},
    ))  # fmt: skip
    return json.dumps(data, indent=draw(st.sampled_from([None, 1])))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(structured())
def test_structured_files(text: str) -> None:
    sound(text)


@st.composite
def schedules(draw: st.DrawFn) -> str:
    """Well-formed files with small random schedules: the checks of the schedule decide, and
    some are valid movements, which must then be written back equal."""
    tables = draw(st.integers(1, 3))
    sets = draw(st.integers(1, 3))
    boards = draw(st.integers(1, 3))
    pair = st.sampled_from([str(p) for p in range(1, 2 * tables + 2)])
    rounds = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        seated = draw(st.lists(st.integers(1, tables), min_size=1, max_size=tables, unique=True))
        rounds.append(
            {
                "round": number,
                "tables": [
                    {
                        "table": t,
                        "ns": draw(pair),
                        "ew": draw(pair),
                        "set": draw(st.integers(1, sets)),
                    }
                    for t in seated
                ],
            }
            | ({"share": [seated]} if len(seated) > 1 and draw(st.booleans()) else {})
        )
    data = {
        "kind": draw(st.sampled_from(["mitchell", "howell", "club"])),
        "sets": {
            str(n): list(range((n - 1) * boards + 1, n * boards + 1)) for n in range(1, sets + 1)
        },
        "schedule": rounds,
    } | draw(
        st.fixed_dictionaries(
            {},
            optional={
                "meet": st.sampled_from(["all", "some"]),
                "meet_max": st.integers(1, 2),
                "copies": st.integers(1, 2),
                "phantoms": st.lists(pair, max_size=1),
                "plays": st.integers(0, 3),
                "tables": st.just(tables),
            },
        )
    )
    return json.dumps(data, indent=1)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schedules())
def test_random_schedules(text: str) -> None:
    sound(text)


def test_defects_of_a_movement_made_in_code() -> None:
    # checks a file cannot reach (its rounds and tables come from its schedule) but a movement
    # built in code can
    base = mitchell(3, 2)
    seats = list(base.seatings)
    first = seats[0]

    def found(**changes: Any) -> list[str]:
        return [message for _, message in check_movement(replace(base, **changes))]

    assert "round 4 is not a round of this movement (1 to 3)" in found(
        seatings=(*seats, Seating(4, 1, "1", "9", (1, 2), board_set=1))
    )
    assert "table 5 is not a table of this movement (1 to 3)" in found(
        seatings=(*seats[1:], Seating(1, 5, "1", "4", (1, 2), board_set=1))
    )
    assert "table 1 in round 1 plays boards 1-3, not set 1's" in found(
        seatings=(Seating(1, 1, "1", "4", (1, 2, 3), board_set=1), *seats[1:])
    )
    assert "set 4 has no boards" in found(sets={**base.sets, 4: ()})
    assert "pair 1 is in 2 fields" in found(fields=(("1", "2", "3"), ("1", "4", "5", "6")))
    assert "pair 9 of the fields is not seated" in found(fields=(("1", "2", "3", "9"),
                                                                 ("4", "5", "6")))  # fmt: skip
    assert "set 3 is played at 3 tables, and the movement's plays do not say how often" in found(
        plays={1: 3, 2: 3}
    )
    assert "plays counts set 7, which is not defined" in found(plays={1: 3, 2: 3, 3: 3, 7: 1})
    assert "a share in round 1 needs two tables or more, not [1]" in found(shares={1: ((1,),)})
    assert "table 2 shares a set in round 1 but is not seated" in found(
        seatings=tuple(s for s in seats if (s.round, s.table) != (1, 2)), shares={1: ((1, 2),)}
    )
    assert first.round == 1 and first.table == 1
    assert check_movement(base) == [] and len(base.round(1)) == 3  # replace() left it as it was
    match = teams(2, 2)
    open_, closed = match.seatings
    other = Seating(1, 2, closed.ns, closed.ew, (3, 4), "closed", closed.match, 2)
    assert [m for _, m in check_movement(Movement(
        "teams", 2, 1, 2, (open_, other), sets={1: (1, 2), 2: (3, 4)}, copies=1
    ))] == ["match 1.1 in round 1: both rooms play one set, not sets 1 and 2"]  # fmt: skip
