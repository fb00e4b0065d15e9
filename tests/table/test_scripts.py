"""Table scripts with their expected outcomes: the project's test vectors for the Laws.

Each file in ``tests/scripts/`` (and each example in ``shared/scenarios/``) is a table script
with an ``expect`` mapping, written from the Laws, not from the engine's output:

* any key of the ``replay --json`` output (``contract``, ``declarer``, ``calls``, ``barred``,
  ``awaiting``...) must match exactly;
* ``rulings_include``: law clauses, each the start of at least one ruling's law;
* ``rulings_exclude``: law clauses no ruling may start with;
* ``rulings``: the exact list of ruling clauses, in order;
* ``ruling_seats``: the exact list of the rulings' offenders (a seat, or null for none), in order;
* ``reviews_include`` / ``reviews_exclude``: as the two above, for the laws of ``reviews``
  (what is left to the director's judgement at the end of the board);
* ``error_event``: the script must stop with a script error at this event;
* ``error_reason``: with ``error_event``, words the error must contain (the reason it gives, so
  that a script stopped at the right event for another reason does not pass).
* ``adjudicated``: with ``adjudicate: true`` (the Law 70 adjudicator settles a disputed claim
  the director has not ruled on), the tricks of the remaining ones it gives the claimer's side;
  ``line_includes``: words its ruling (the line assumed) must contain.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.table import ScriptError
from bridgelaw.table.script import load_script, run_script

HERE = Path(__file__).parents[1]
SHARED = HERE.parent.parent / "shared" / "scenarios"
SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml")) + sorted(SHARED.glob("*.yaml"))


def _id(path: Path) -> str:
    return path.stem if path.parent.name != "scenarios" else f"shared-{path.stem}"


def check(path: Path) -> None:
    script = load_script(path)
    expect: dict[str, Any] = dict(script.expect)
    expect.pop("note", None)
    error_event = expect.pop("error_event", None)
    error_reason = expect.pop("error_reason", None)
    if error_event is not None:
        with pytest.raises(ScriptError) as info:
            run_script(script)
        assert info.value.index == error_event, str(info.value)
        if error_reason is not None or path.is_relative_to(HERE):  # ours always name it
            assert error_reason, f"{path.name}: an error script names its reason (error_reason)"
            assert str(error_reason).lower() in str(info.value).lower(), (
                error_reason,
                str(info.value),
            )
        return
    assert error_reason is None, "error_reason without error_event"
    adjudicator = Law70Adjudicator() if script.adjudicate else None
    table = run_script(script, adjudicator)
    output = table.to_json()
    adjudicated = expect.pop("adjudicated", None)
    line_includes = expect.pop("line_includes", [])
    if adjudicated is not None or line_includes:
        assert adjudicator is not None and adjudicator.last is not None, "nothing adjudicated"
        if adjudicated is not None:
            assert adjudicator.last.tricks == adjudicated, adjudicator.ruling_text()
        for words in line_includes:
            assert str(words) in adjudicator.ruling_text(), (words, adjudicator.ruling_text())
    check_shape(output, len(script.events))
    laws = [r["law"] for r in output["rulings"]]
    for clause in expect.pop("rulings_include", []):
        assert any(law.startswith(str(clause)) for law in laws), (clause, laws)
    for clause in expect.pop("rulings_exclude", []):
        assert not any(law.startswith(str(clause)) for law in laws), (clause, laws)
    reviewed = [str(r["law"]) for r in output["reviews"]]
    for clause in expect.pop("reviews_include", []):
        assert any(law.startswith(str(clause)) for law in reviewed), (clause, reviewed)
    for clause in expect.pop("reviews_exclude", []):
        assert not any(law.startswith(str(clause)) for law in reviewed), (clause, reviewed)
    if "rulings" in expect:
        assert laws == [str(x) for x in expect.pop("rulings")]
    if "ruling_seats" in expect:
        assert [r["seat"] for r in output["rulings"]] == expect.pop("ruling_seats"), laws
    for key, value in expect.items():
        assert key in output, f"unknown expectation key {key!r}"
        if key in ("contract", "board", "edition") and value is not None:
            value = str(value)
        assert output[key] == value, (key, output[key], value)


SEATS = ("N", "E", "S", "W")
# A clause as the Law book numbers it: law, section letter, number, letter, roman numeral (30B1bii)
CLAUSE = re.compile(r"[1-9][0-9]?(?:[A-H](?:[1-9](?:[a-e](?:i|ii|iii|iv|v)?)?)?)?")


def check_shape(output: dict[str, Any], events: int) -> None:
    """What every replay promises whatever happened (spec/table-script.md, Output).

    Each ruling names the event it was given at (the board's end counts as one past the last
    event), in order, a clause written as the Law book writes it, the offender or nobody, and one
    sentence; the records of what is pending or in force hold only the words the spec allows.
    """
    previous = 0
    for ruling in output["rulings"]:
        assert set(ruling) == {"event", "law", "seat", "text"}, ruling
        assert isinstance(ruling["event"], int) and previous <= ruling["event"] <= events, ruling
        previous = ruling["event"]
        assert CLAUSE.fullmatch(ruling["law"]), ruling
        assert ruling["seat"] in (*SEATS, None), ruling
        assert isinstance(ruling["text"], str) and ruling["text"].endswith("."), ruling
        assert "None" not in ruling["text"], ruling  # a value missing from the sentence
    for review in output["reviews"]:
        assert set(review) == {"event", "law", "text"}, review
        assert isinstance(review["event"], int) and 0 <= review["event"] <= events, review
        assert CLAUSE.fullmatch(str(review["law"])), review
        assert isinstance(review["text"], str) and review["text"], review
        assert "None" not in review["text"], review
    awaiting = output["awaiting"]
    if awaiting is not None:
        assert awaiting["who"] in (*SEATS, "director"), awaiting
        assert CLAUSE.fullmatch(awaiting["law"]), awaiting
        options = awaiting["options"]
        assert options and len(set(options)) == len(options), awaiting
        assert all(isinstance(option, str) and option for option in options), awaiting
    for bar in output["barred"]:
        assert bar["seat"] in SEATS and bar["until"] in ("next-turn", "end-of-auction"), bar
    for restriction in output["lead_restrictions"]:
        assert restriction["seat"] in SEATS and CLAUSE.fullmatch(restriction["law"]), restriction
        assert restriction["kind"] in ("forbid", "require"), restriction
        # a restriction still to be chosen (26A2, 26B: declarer picks the suit) has none yet
        assert restriction["suit"] in ("S", "H", "D", "C", None), restriction
    for penalty in output["penalty_cards"]:
        assert penalty["seat"] in SEATS and penalty["kind"] in ("major", "minor"), penalty
    for call in output["history"]:
        assert call["seat"] in SEATS and 1 <= call["event"] <= events, call
        assert call["status"] in ("effective", "pending", "cancelled", "withdrawn"), call
        # a call the Laws cancel or withdraw says by which clause; one in force has none
        assert (call["law"] is None) == (call["status"] in ("effective", "pending")), call
        assert call["law"] is None or CLAUSE.fullmatch(call["law"]), call
    for information in output["unauthorized_information"]:
        assert information["seat"] in SEATS and information["side"] in ("NS", "EW"), information
        assert 1 <= information["event"] <= events and CLAUSE.fullmatch(information["law"])
    for revoke in output["revokes"] or []:
        assert revoke["seat"] in SEATS and 0 <= revoke["trick"] <= 12, revoke
        assert isinstance(revoke["established"], bool), revoke
        assert isinstance(revoke["corrected"], bool), revoke


@pytest.mark.parametrize("path", SCRIPTS, ids=[_id(p) for p in SCRIPTS])
def test_script(path: Path) -> None:
    check(path)


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 6
