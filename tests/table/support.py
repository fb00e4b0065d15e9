"""What several modules of the table's tests share: the table scripts and the check of one
script against its expectations (``test_scripts.py``), random events at a table and the
table's state compared (``test_table_properties.py``), the claim deal after nine tricks with an
adjudicator that answers what it is told (``test_claims.py``), and the table's rule layers
(``test_table_layers.py``)."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.calls import call_name
from bridgelaw.cards import Seat, card_name
from bridgelaw.table import ScriptError, Table
from bridgelaw.table.engine import Table as TableClass
from bridgelaw.table.position import PlayPosition
from bridgelaw.table.script import load_script, run_script

# -- the table scripts (test_scripts.py) --------------------------------------------------------

HERE = Path(__file__).parents[1]
SHARED = HERE.parent.parent / "shared" / "scenarios"
SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml")) + sorted(SHARED.glob("*.yaml"))


def check(path: Path) -> None:
    """Run one table script and hold its output to its ``expect`` mapping (the keys:
    ``test_scripts.py``) and to :func:`check_shape`."""
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


# -- random events at a table (test_table_properties.py) ----------------------------------------


def snapshot(table: Table) -> str:
    """The table's JSON report as one text, to compare before and after."""
    return json.dumps(table.to_json(), sort_keys=True)


CALL_WORDS = [call_name(c) for c in range(38)] + ["8NT", "9C"]
BOARD_FINDINGS = [
    "missing {seat} {card}",
    "found {card}",
    "found {card} among-played",
    "wrong-count {seat} {card}",
    "wrong-count {seat} {card} seen-serious",
    "surplus {seat} {card} played",
    "playable",
    "not-playable",
    "wrong-board {seat}",
    "earlier-call {seat} differs",
    "wrong-table not-played",
    "wrong-table played-before",
    "wrong-table NS",
]


def random_event_text(data: st.DataObject, table: TableClass) -> str:
    """One random thing happening at the table: an answer to what the director offers, a card
    (in turn or not, exposed, corrected, two at once...), a call by anyone, a finding."""
    awaiting = table.awaiting
    if awaiting is not None and data.draw(st.integers(0, 9)) < 7:
        option = data.draw(st.sampled_from(awaiting.options))
        text = f"{awaiting.who} {option}"
    elif table.phase == "play" and (table.play is not None or data.draw(st.booleans())):
        player = table.play.turn if table.play is not None else table.opening_leader
        assert player is not None
        roll = data.draw(st.integers(0, 9))
        if roll == 0:  # somebody else plays or leads (out of turn)
            player = Seat(data.draw(st.integers(0, 3)))
        hand = table.board.deal[player] if table.play is None else table.play.hands[player]
        cards = [c for c in range(52) if hand >> c & 1] or [0]
        word = card_name(data.draw(st.sampled_from(cards)))
        action = {1: "expose ", 2: "correct ", 6: "again "}.get(roll, "")
        if roll == 6 and table.play is not None and table.play.tricks:  # 67B3
            mine = [c for t in table.play.tricks if (c := t.card_of(player)) is not None]
            word = card_name(data.draw(st.sampled_from(mine))) if mine else word
        text = f"{player.letter} {action}{word}" if roll != 3 else f"{player.letter} none"
        if roll == 4 and len(cards) > 1:  # two cards at once (58B)
            two = data.draw(st.lists(st.sampled_from(cards), min_size=2, max_size=2))
            text = f"{player.letter} cards {' '.join(card_name(c) for c in two)}"
        elif roll == 5:  # the director's findings of Laws 45E and 67
            text = data.draw(
                st.sampled_from(
                    [
                        "director fifth-card",
                        "director told-to-lead",
                        "director unintended",  # 45C4b (2007: any player's last card)
                        "director dummy-seen",  # 54C
                        "director noticed",  # 36C
                        *(f"{x} shows" for x in "NESW"),  # 68A, 48B2
                        *(f"{x} throws-in" for x in "NESW"),  # 68B1
                        *(f"director too-many {x}" for x in "NESW"),
                        *(f"director mistaken-explanation {x}" for x in "NESW"),
                    ]
                )
            )
    else:
        letter = data.draw(st.sampled_from("NESW"))
        roll = data.draw(st.integers(0, 19))
        if roll == 0:
            card = data.draw(st.integers(0, 51))
            text = f"{letter} expose {card_name(card)}"
        elif roll == 2 and table.phase == "auction":  # 21B, 36 (unnoticed / noticed)
            text = data.draw(
                st.sampled_from(
                    [
                        f"director misinformation {letter}",
                        "director unnoticed",
                        "director noticed",
                    ]
                )
            )
        elif roll == 1:  # the cards of the board (Laws 13-15)
            name = card_name(data.draw(st.integers(0, 51)))
            text = "director " + data.draw(st.sampled_from(BOARD_FINDINGS)).format(
                seat=letter, card=name
            )
        elif table.phase == "auction" and data.draw(st.integers(0, 2)) > 0:
            text = f"{table.turn.letter} {data.draw(st.sampled_from(CALL_WORDS))}"
        else:
            text = f"{letter} {data.draw(st.sampled_from(CALL_WORDS))}"
    return text


def internal_state(value: object) -> object:
    """Everything a table holds, as plain nested data that compares by value: dataclasses
    field by field, other objects attribute by attribute, in order. Two tables with equal
    internal states are the same table."""
    if isinstance(value, Enum):
        return repr(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [internal_state(v) for v in value])
    if isinstance(value, (set, frozenset)):
        return ("set", sorted(repr(internal_state(v)) for v in value))
    if isinstance(value, dict):
        return ("dict", [(internal_state(k), internal_state(v)) for k, v in value.items()])
    if dataclasses.is_dataclass(value):
        names = [f.name for f in dataclasses.fields(value)]
    else:
        # __slots__, or in the compiled build (mypyc) __mypyc_attrs__, or else __dict__
        slots = [
            n
            for c in type(value).__mro__
            for n in (getattr(c, "__slots__", ()) or getattr(c, "__mypyc_attrs__", ()))
            if n != "__dict__"
        ]
        names = slots or sorted(vars(value))
    return (type(value).__name__, [(n, internal_state(getattr(value, n))) for n in names])


def table_state(table: TableClass) -> object:
    """The table's whole internal state (every attribute it set, not only the dataclass
    fields); the adjudicator by identity (it is shared, never copied). The snapshots an undo
    puts back are left out: they are the undo's own (a snapshot of the table before each
    event), each one checked by undoing it (tests/table/test_table_undo.py)."""
    compiled = getattr(type(table), "__mypyc_attrs__", None)  # mypyc: no __dict__
    attributes = (
        dict(vars(table))
        if compiled is None
        else {n: getattr(table, n) for n in compiled if hasattr(table, n)}
    )
    del attributes["snapshots"]
    shared = attributes.pop("_shared_adjudicator", None)
    return (id(shared.adjudicator) if shared is not None else None, internal_state(attributes))


# -- the claim deal after nine tricks (test_claims.py) -------------------------------------------

# Catalog E83's deal (tests/scripts/claims/): board 4, 4S by S, both vulnerable; after nine
# tricks NS have 8, EW 1, S holds SQ HA HK HQ and W SJ D9 D8 C7.
DEAL = "N:75432.642.53.Q92 98.8753.Q7642.63 AKQ.AKQJT9.AK.84 JT6..JT98.AKJT75"
AUCTION = ["W pass", "N pass", "E pass", "S 4S", "W pass", "N pass", "E pass"]
NINE_TRICKS = (
    "W CA N C2 E C3 S C4 W C5 N CQ E C6 S C8 N S2 E S8 S SA W S6 S SK W ST N S3 E S9 "
    "S DA W DJ N D3 E D4 S DK W DT N D5 E D6 S HJ W CT N H2 E H3 S HT W CJ N H4 E H5 "
    "S H9 W CK N H6 E H7"
).split()
PLAYED = [f"{NINE_TRICKS[i]} {NINE_TRICKS[i + 1]}" for i in range(0, len(NINE_TRICKS), 2)]


@dataclass
class FakeAdjudicator:
    """Answers a fixed number of tricks for the claimer's side and remembers what it was asked."""

    answer: int
    asked: list[tuple[PlayPosition, Seat, int, str]] = field(default_factory=list)

    def tricks(self, position: PlayPosition, claimer: Seat, claimed: int, statement: str) -> int:
        self.asked.append((position, claimer, claimed, statement))
        return self.answer


def after_nine(edition: int = 2017, adjudicator: FakeAdjudicator | None = None) -> Table:
    """The claim deal (:data:`DEAL`) after its auction and nine tricks."""
    table = Table.from_deal(4, DEAL, edition=edition)
    table.adjudicator = adjudicator
    for text in AUCTION + PLAYED:
        table.apply_text(text)
    return table


# -- the table's rule layers (test_table_layers.py) ----------------------------------------------

#: bottom up: the module and its layer class
LAYERS = (
    ("state", "TableState"),
    ("auction_rules", "AuctionRules"),
    ("play_rules", "PlayRules"),
    ("revokes", "RevokeRules"),
    ("dummy_rules", "DummyRules"),
    ("claims", "ClaimRules"),
    ("board_rules", "BoardRules"),
    ("engine", "Table"),
)
