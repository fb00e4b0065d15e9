"""What ``Table.apply`` returns (the :class:`Outcome` of an event), ``Table.undo``, and the
rollback of a refused event without a copy of the table.

The random-table properties (undo after any event, a refused event) are in
``test_table_properties.py``; these are the named cases.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from bridgelaw.cards import Seat
from bridgelaw.table import Awaiting, Outcome, ScriptError, Table, parse_event
from bridgelaw.table.script import load_script
from bridgelaw.table.state import Phase

from ..helpers import SAMPLE_DEAL
from .support import FakeAdjudicator, after_nine, snapshot

SCRIPTS = Path(__file__).parents[1] / "scripts"


def feed(table: Table, *texts: str) -> list[Outcome]:
    return [table.apply(parse_event(text, len(table.events) + 1)) for text in texts]


def test_an_ordinary_call_changes_no_record_and_names_the_next_caller() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    (outcome,) = feed(table, "N 1NT")
    assert outcome == Outcome(1, (), (), (), (), None, Seat.EAST, Phase.AUCTION)


def test_an_insufficient_bid_offers_27a1_and_its_acceptance_rules() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    _, offer, accepted = feed(table, "N 1NT", "E 1D", "S pass")
    # Law 27A1: the LHO of the insufficient bid may accept it; the offer is what the server
    # shows him, and calling over it accepts it
    assert offer.awaiting == Awaiting("S", "27A1", ("accept", "decline"))
    assert offer.rulings == () and offer.replaced == ()
    assert [r.law for r in accepted.rulings] == ["27A1"] and accepted.awaiting is None
    assert accepted.turn == Seat.WEST and accepted.rulings == tuple(table.rulings)


def test_the_end_of_the_auction_names_the_opening_leader() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    *_, last = feed(table, "N 1NT", "E pass", "S pass", "W pass")
    # Law 41A: the defender on declarer's left leads
    assert (last.phase, last.turn) == ("play", Seat.EAST)


def test_a_ruling_taken_back_by_39b_says_the_rulings_log_was_rewritten() -> None:
    # 39C: E's call after the final pass is cancelled and declarer may restrict W's lead; when
    # S (E's LHO) calls over it, 39B: no rectification, and the 39C ruling is withdrawn from
    # the log. The Outcome says so, and carries the whole log to send again.
    table = Table.from_deal(1, SAMPLE_DEAL)
    *_, cancelled, called_over = feed(
        table, "N 1NT", "E pass", "S pass", "W pass", "E 2C", "S pass"
    )
    assert [r.law for r in cancelled.rulings] == ["39C"] and cancelled.replaced == ()
    assert [u["law"] for u in cancelled.unauthorized] == ["16C"]
    assert called_over.replaced == ("rulings",)
    assert called_over.rulings == tuple(table.rulings)
    assert [(r.law, r.seat) for r in called_over.rulings] == [
        ("39B", Seat.SOUTH),
        ("39B", Seat.EAST),
    ]


def test_a_refused_event_leaves_the_table_exactly_as_it_was() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    feed(table, "N 1NT", "E 1D")
    before = snapshot(table)
    with pytest.raises(ScriptError, match="event 3"):
        table.apply_text("W 2C")  # 27A1 is offered to S; W's call does not fit
    assert snapshot(table) == before and len(table.events) == 2


def test_undo_takes_back_the_last_event_and_returns_it() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    feed(table, "N 1NT")
    before = snapshot(table)
    (outcome,) = feed(table, "E 1D")
    assert outcome.awaiting is not None
    event = table.undo()
    assert (event.who, event.call and event.call.text) == ("E", "1D")
    assert snapshot(table) == before and table.awaiting is None and table.turn == Seat.EAST
    with pytest.raises(IndexError):
        Table.from_deal(1, SAMPLE_DEAL).undo()


def test_a_rollback_or_an_undo_does_not_ask_the_adjudicator_again() -> None:
    # Law 70: the adjudicator's suggestion, asked once when the claim is disputed, is read back
    # when the table is rebuilt (it may be slow, or answer differently the second time)
    fake = FakeAdjudicator(answer=3)
    table = after_nine(adjudicator=fake)
    feed(table, "S claim 4: hearts are good", "W dispute")
    assert len(fake.asked) == 1
    fake.answer = 0
    before = snapshot(table)
    with pytest.raises(ScriptError):
        table.apply_text("N 7NT")  # refused: the table is rebuilt from its events
    assert snapshot(table) == before and len(fake.asked) == 1
    assert table.adjudicator is fake and "suggests 3 of the 4" in table.reviews[-1]["text"]
    table.undo()  # the dispute taken back: its answer is forgotten
    assert table.adjudicator_answers == {} and len(fake.asked) == 1
    table.apply_text("W dispute")  # disputed again: a new question
    assert len(fake.asked) == 2 and "suggests 0 of the 4" in table.reviews[-1]["text"]


def test_64b4_after_the_board_rewrites_the_law_64_rulings_and_says_so() -> None:
    # W's established revoke would cost one trick (64A2) when play ends; attention first drawn
    # to it after a non-offender called on the next deal: no trick changes hands (64B4). The
    # Law 64 rulings and reviews are worked out again, so both logs are sent whole.
    script = load_script(SCRIPTS / "irregular-play" / "l64b4-found-after-next-deal.yaml")
    table = Table(script.board, script.edition)
    outcomes = feed(table, *(str(text) for text in script.events[:-1]))
    assert [r.law for r in outcomes[-1].rulings] == ["64A2"] and outcomes[-1].replaced == ()
    tricks_with_transfer = table.tricks
    last = feed(table, str(script.events[-1]))[0]
    assert last.replaced == ("rulings", "reviews")
    assert last.rulings == tuple(table.rulings) and last.reviews == tuple(table.reviews)
    laws = [r.law for r in last.rulings]
    assert "64B4" in laws and "64A2" not in laws
    # the defenders revoked: 64A2 had given declarer one trick; 64B4 gives it back
    assert tricks_with_transfer is not None and table.tricks == tricks_with_transfer - 1
    table.undo()  # the finding taken back: the transfer stands again
    assert "64A2" in [r.law for r in table.rulings] and table.tricks == tricks_with_transfer


def test_a_copy_of_a_table_in_play_is_the_same_table_and_goes_its_own_way() -> None:
    # the random-table properties try events on a deep copy (copy.deepcopy): it must show the
    # same state, and what is played on it must not reach the table it was copied from
    table = Table.from_deal(1, SAMPLE_DEAL)  # dealer N
    for text in ["N 1NT", "E pass", "S 3NT", "W pass", "N pass", "E pass", "E HA", "S H6"]:
        table.apply_text(text)
    before = table.to_json()
    twin = copy.deepcopy(table)
    assert twin.to_json() == before
    for text in ["W H3", "N H2", "E HJ"]:
        twin.apply_text(text)
    assert twin.to_json()["play"] == ["HA", "H6", "H3", "H2", "HJ"]
    assert table.to_json() == before
