"""The casebook's JSON: the reader names the entry and field of every problem and
never raises; written records read back equal (hypothesis)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.director.casebook import (
    Problem,
    entry_json,
    read_casebook,
    write_casebook,
)
from bridgelaw.director.effects import ScoreEffect
from bridgelaw.director.json_fields import MAX_ITEMS
from bridgelaw.director.judgement import (
    Adjudication,
    ClaimRuling,
    Judgement,
    Misinformation,
    UnauthorizedInformation,
)
from bridgelaw.director.record import (
    Applied,
    Entry,
    Option,
    Penalty,
    Record,
    Statement,
)
from bridgelaw.scoring.results import Artificial, Points

F = Fraction
AT = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)


def document(*entries: object) -> str:
    return json.dumps(
        {"format": "bridgelaw-rulings", "version": 1, "session": "s", "entries": list(entries)}
    )


def good_entry(number: int = 1) -> dict[str, Any]:
    entry = Entry(number, 2, 7, "E", AT, "TD", AT, 2017, score=ScoreEffect.assigned(-100))
    return entry_json(entry)


def texts(problems: list[Problem]) -> list[str]:
    return [p.text() for p in problems]


# -- the reader's errors -----------------------------------------------------------------------


def test_a_file_that_is_not_json_or_not_a_casebook() -> None:
    assert texts(read_casebook("{")[1])[0].startswith("file: not JSON")
    _, problems = read_casebook(json.dumps({"format": "pbn", "version": 2, "entries": {}}))
    assert texts(problems) == [
        "file, session: text expected, not nothing",
        "file, format: not 'bridgelaw-rulings'",
        "file, version: 2; this reader knows version 1",
        "file, entries: a list expected, not dict",
    ]
    assert texts(read_casebook("[1]")[1])[0] == "file: an object expected, not list"


def test_each_problem_names_its_entry_and_field() -> None:
    bad = good_entry(2)
    bad["score"]["ns"]["points"] = [[-100, "1/0"]]
    bad["called_at"] = "2026-11-27T20:00:00"
    bad["applied"] = [{"clause": "12C1a", "source": "oracle"}]
    record, problems = read_casebook(document(good_entry(1), bad))
    assert [e.number for e in record] == [1]
    assert texts(problems) == [
        "entry 2, called_at: '2026-11-27T20:00:00' has no time zone",
        "entry 2, applied[0].source: 'oracle'; one of engine, judgement",
        "entry 2, score.ns.points[0][1]: '1/0' divides by zero",
    ]


def test_a_skipped_entry_leaves_a_gap_the_next_one_is_told_of() -> None:
    first = good_entry(1)
    first["edition"] = 1997
    _, problems = read_casebook(document(first, good_entry(2)))
    assert texts(problems) == [
        "entry 1, edition: 1997 is not one of (2017, 2007)",
        "entry 2, number: 2; the next entry is 1",
    ]


def test_scores_that_do_not_hold_together() -> None:
    weights = good_entry()
    weights["score"] = {
        "kind": "weighted",
        "ns": {"points": [[620, "2/3"], [-100, "1/2"]]},
        "ew": {"points": [[620, "2/3"], [-100, "1/2"]]},
    }
    artificial = good_entry()
    artificial["score"] = {
        "kind": "artificial",
        "ns": {"artificial": "%"},
        "ew": {"artificial": "B"},
    }
    big = good_entry()
    big["score"]["ns"] = {"points": [[10**12, "1"]]}
    huge_weight = good_entry()
    huge_weight["score"]["ns"] = {"points": [[0, "1e999999999"]]}
    found = [texts(read_casebook(document(e))[1]) for e in (weights, artificial, big, huge_weight)]
    assert found == [
        ["entry 1, score: weighted score: the weights of a side must sum to 1 (12C1c)"],
        [
            "entry 1, score.ns.percent: a percentage goes with kind '%'",
            "entry 1, score.ew.artificial: 'B'; one of A+, A, A-, %, NP",
        ],
        ["entry 1, score.ns.points[0][0]: 1000000000000 is out of range"],
        ["entry 1, score.ns.points[0][1]: '1e999999999' is no fraction (as 2/3 or 0.5)"],
    ]


def test_a_judgement_the_reader_cannot_take() -> None:
    claim = good_entry()
    claim["judgement"] = {
        "kind": "claim",
        "proposal": {"tricks": 9, "line": "", "law": "70A"},
        "decided_tricks": 2,
        "remaining": 4,
        "won_before": 7,
        "claimer": "Q",
        "contract": "4S",
        "declarer": "S",
    }
    other = good_entry()
    other["judgement"] = {"kind": "psychic"}
    found = [texts(read_casebook(document(e))[1]) for e in (claim, other)]
    assert found[0] == ["entry 1, judgement.claimer: 'Q'; one of N, E, S, W"]
    claim["judgement"]["claimer"] = "S"
    assert texts(read_casebook(document(claim))[1]) == [
        "entry 1, judgement: proposed tricks 9 outside 0..4 (Law 70)"
    ]
    assert found[1][0].startswith("entry 1, judgement.kind: 'psychic'; one of")


def test_bounded_work_on_hostile_input() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert texts(read_casebook(deep)[1])[0].startswith("file: not JSON")
    digits = '{"entries": [{"number": ' + "9" * 10_000 + "}]}"
    assert texts(read_casebook(digits)[1])[0].startswith("file: not JSON")
    many = good_entry()
    many["players"] = ["x"] * (MAX_ITEMS + 1)
    assert texts(read_casebook(document(many))[1]) == [
        f"entry 1, players: a list of at most {MAX_ITEMS} texts expected"
    ]


# -- round trips and fuzzing -------------------------------------------------------------------

names = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
zones = st.sampled_from([UTC, timezone(timedelta(hours=1)), timezone(timedelta(hours=-5.5))])
times = st.datetimes(datetime(2000, 1, 1), datetime(2100, 1, 1), timezones=zones)
scores = st.integers(-7600, 7600)


@st.composite
def points(draw: st.DrawFn, weighted: bool) -> Points:
    if not weighted:
        return Points.single(draw(scores))
    parts = draw(st.lists(st.tuples(scores, st.integers(1, 60)), min_size=2, max_size=4))
    total = sum(w for _, w in parts)
    return Points(tuple((s, F(w, total)) for s, w in parts))


artificials = st.one_of(
    st.sampled_from(["A+", "A", "A-", "NP"]).map(lambda kind: Artificial(kind)),  # type: ignore[arg-type]
    st.fractions(0, 100, max_denominator=1000).map(lambda p: Artificial("%", p)),
)


@st.composite
def effects(draw: st.DrawFn) -> ScoreEffect:
    kind = draw(st.sampled_from(["table", "assigned", "weighted", "split", "artificial"]))
    if kind == "artificial":
        return ScoreEffect.artificial(draw(artificials), draw(artificials))
    if kind == "split":
        ns = draw(points(draw(st.booleans())))
        ew = draw(points(draw(st.booleans())).filter(lambda p: p != ns))
        redress = draw(st.fractions(0, 30, max_denominator=6))
        ns_redress, ew_redress = (redress, F(0)) if draw(st.booleans()) else (F(0), redress)
        return ScoreEffect("split", ns, ew, draw(st.booleans()), ns_redress, ew_redress)
    if kind == "weighted":
        side = draw(points(True))
        return ScoreEffect("weighted", side, side)
    return ScoreEffect(kind, *(2 * (Points.single(draw(scores)),)))  # type: ignore[arg-type]


@st.composite
def judgements(draw: st.DrawFn) -> Judgement:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return UnauthorizedInformation(
            draw(names),
            draw(names),
            tuple(draw(st.lists(names, max_size=3))),
            draw(names),
            draw(st.booleans()),
            draw(st.booleans()),
            draw(names),
        )
    if kind == 1:
        return Misinformation(
            draw(names), draw(names), draw(names), draw(st.booleans()), draw(names)
        )
    remaining = draw(st.integers(0, 13))
    seats = st.sampled_from(list(Seat))
    return ClaimRuling(
        Adjudication(draw(st.integers(0, remaining)), draw(names), draw(names)),
        draw(st.integers(0, remaining)),
        remaining,
        draw(st.integers(0, 13 - remaining)),
        draw(seats),
        Contract.parse(draw(st.sampled_from(["1C", "4SX", "3NT", "7HXX"]))),
        draw(seats),
        draw(names),
    )


clauses = st.sampled_from(["12C1c", "16B1a", "27B1a", "64A2", "70A", "2"])


@st.composite
def records(draw: st.DrawFn) -> Record:
    record = Record(draw(names))
    for number in range(1, draw(st.integers(0, 4)) + 1):
        called = draw(times)
        judgement = draw(st.none() | judgements())
        score = draw(st.none() | effects())
        if judgement is not None and not judgement.adjusts() and score is not None:
            score = ScoreEffect.table(draw(scores))  # 12B1: no adjustment where none is found
        supersedes = number - 1 if number > 1 and draw(st.booleans()) else None
        where = draw(st.tuples(st.none() | st.integers(1, 40), st.none() | st.integers(1, 36)))
        if supersedes is not None:
            where = (record.entry(supersedes).table, record.entry(supersedes).board)
        record.append(
            Entry(
                number=number,
                table=where[0],
                board=where[1],
                called_by=draw(names),
                called_at=called,
                decided_by=draw(names),
                decided_at=called + draw(st.timedeltas(timedelta(0), timedelta(days=3))),
                edition=draw(st.sampled_from([2017, 2007])),
                applied=tuple(
                    draw(
                        st.lists(
                            st.builds(
                                Applied, clauses, st.sampled_from(["engine", "judgement"]), names
                            ),
                            max_size=3,
                        )
                    )
                ),
                facts=tuple(
                    draw(st.lists(st.builds(Statement, names, names, st.booleans()), max_size=3))
                ),
                options=tuple(
                    draw(st.lists(st.builds(Option, names, names, st.booleans()), max_size=3))
                ),
                score=score,
                judgement=judgement,
                penalties=tuple(
                    draw(
                        st.lists(
                            st.builds(
                                Penalty,
                                st.sampled_from(["procedural", "disciplinary"]),
                                names,
                                st.fractions(-100, 100, max_denominator=100),
                                st.sampled_from(["percent", "matchpoints", "imps", "vp", "none"]),
                                names,
                            ),
                            max_size=2,
                        )
                    )
                ),
                players=tuple(draw(st.lists(names, max_size=3))),
                round=draw(st.none() | st.integers(1, 30)),
                supersedes=supersedes,
                reasoning=draw(names),
            )
        )
    return record


@settings(max_examples=40, deadline=None)
@given(records())
def test_a_written_record_reads_back_equal(record: Record) -> None:
    again, problems = read_casebook(write_casebook(record))
    assert problems == []
    assert again.session == record.session
    assert again.entries == record.entries
    assert [e.number for e in again.current()] == [e.number for e in record.current()]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**15), 10**15) | st.floats() | names,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(names, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None)
@given(records(), st.data())
def test_a_damaged_casebook_is_reported_never_raised(record: Record, data: st.DataObject) -> None:
    parsed = json.loads(write_casebook(record))
    entries = parsed["entries"]
    if entries:
        index = data.draw(st.integers(0, len(entries) - 1))
        key = data.draw(st.sampled_from(sorted(entries[index])))
        entries[index][key] = data.draw(json_values)
    else:
        entries.append(data.draw(json_values))
        index = 0
    again, problems = read_casebook(json.dumps(parsed))
    for problem in problems:
        assert 0 <= problem.entry <= len(entries)
    # the entries before the damaged one still read; every problem is one entry left out
    assert all(p.entry >= index + 1 for p in problems)
    assert len(again) >= index
    assert (len(again) == len(entries)) == (problems == [])


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=200) | json_values.map(json.dumps))
def test_any_text_is_read_without_raising(text: str) -> None:
    _, problems = read_casebook(text)
    # no random text is a casebook (the format's name is longer than any key drawn here)
    assert problems and all(isinstance(p.text(), str) for p in problems)
