"""Claims and concessions (Laws 68-71) beyond the table scripts: the adjudicator seam, the
reviews a claim leaves for the director, rollback on bad events, and random claims.

The deal is catalog E83's (``tests/scripts/claims/``): board 4, 4S by S, both vulnerable; after
nine tricks NS have 8, EW 1, S holds SQ HA HK HQ and W SJ D9 D8 C7.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.cards import Seat, card_name
from bridgelaw.errors import BridgeLawError
from bridgelaw.table import ScriptError, Table
from bridgelaw.table.position import PlayPosition

from .support import AUCTION, DEAL, FakeAdjudicator, after_nine, snapshot


def feed(table: Table, *events: str) -> Table:
    for text in events:
        table.apply_text(text)
    return table


# -- the adjudicator seam ----------------------------------------------------------------------


def test_the_adjudicator_is_asked_when_a_claim_is_disputed_and_the_director_decides() -> None:
    fake = FakeAdjudicator(answer=3)
    table = feed(after_nine(adjudicator=fake), "S claim 4: hearts are good", "W agree")
    assert fake.asked == []  # not while the claim may still be agreed
    table.apply_text("E dispute")
    position, claimer, claimed, statement = fake.asked[0]
    assert (claimer, claimed, statement) == (Seat.SOUTH, 4, "hearts are good")
    assert position.remaining == 4 and position.won == (8, 1) and position.trick == ()
    assert table.reviews[-1]["law"] == "70"
    assert "suggests 3 of the 4" in table.reviews[-1]["text"]
    assert table.awaiting is not None and table.awaiting.who == "director"
    table.apply_text("director tricks 4")  # the director is not bound by the suggestion
    assert table.tricks == 12


def test_the_suggestion_is_turned_into_tricks_for_declarers_side() -> None:
    # W (a defender) claims 1 and is disputed; the adjudicator gives W's side 0 of the 4
    fake = FakeAdjudicator(answer=0)
    table = feed(after_nine(adjudicator=fake), "W claim 1: my trump", "S dispute")
    assert fake.asked[0][1:3] == (Seat.WEST, 1)
    assert "suggests 4 of the 4 remaining tricks for NS" in table.reviews[-1]["text"]
    assert table.claim is not None and table.claim.suggestion == 4


def test_a_concession_is_offered_to_the_adjudicator_as_the_tricks_kept() -> None:
    fake = FakeAdjudicator(answer=1)
    feed(after_nine(adjudicator=fake), "W concede 3", "S dispute")
    assert fake.asked[0][1:3] == (Seat.WEST, 1)  # conceding 3 of 4 claims the other 1


def test_an_answer_out_of_range_is_recorded_and_ignored() -> None:
    table = feed(after_nine(adjudicator=FakeAdjudicator(answer=9)), "S claim 4", "W dispute")
    assert any("not 0 to 4: ignored" in r["text"] for r in table.reviews if r["law"] == "70")
    assert table.claim is not None and table.claim.suggestion is None


@dataclass
class FailingAdjudicator(FakeAdjudicator):
    """An adjudicator that cannot rule on the position it is given."""

    def tricks(self, position: PlayPosition, claimer: Seat, claimed: int, statement: str) -> int:
        raise BridgeLawError("no line found")


def test_an_adjudicator_that_cannot_rule_leaves_it_to_the_director_saying_why() -> None:
    table = feed(after_nine(adjudicator=FailingAdjudicator(answer=0)), "S claim 4", "W dispute")
    texts = [r["text"] for r in table.reviews if r["law"] == "70"]
    assert texts == ["the adjudicator gives no suggestion: no line found."]
    assert table.claim is not None and table.claim.suggestion is None
    assert table.awaiting is not None and table.awaiting.who == "director"


def test_a_suggestion_without_an_account_of_the_line_adds_none() -> None:
    # FakeAdjudicator has no ruling_text: the review gives the tricks and nothing in brackets
    table = feed(after_nine(adjudicator=FakeAdjudicator(answer=3)), "S claim 4", "W dispute")
    assert table.claim is not None and table.claim.suggestion_text == ""
    [text] = [r["text"] for r in table.reviews if "suggests" in r["text"]]
    assert "for NS (declarer's side); the director decides" in text, text


def test_the_adjudicator_is_asked_again_after_a_late_objection() -> None:
    fake = FakeAdjudicator(answer=3)
    table = feed(after_nine(adjudicator=fake), "S claim 4", "W agree", "E agree")
    assert table.phase == "ended" and fake.asked == []
    table.apply_text("E dispute")
    assert len(fake.asked) == 1 and table.phase == "play" and table.tricks is None


def test_the_adjudicator_is_shared_not_copied_by_rollbacks() -> None:
    fake = FakeAdjudicator(answer=3)
    table = after_nine(adjudicator=fake)
    with pytest.raises(ScriptError):
        table.apply_text("S claim 7")
    assert table.adjudicator is fake
    assert copy.deepcopy(table).adjudicator is fake


def test_the_adjudicator_can_be_given_to_the_constructor() -> None:
    fake = FakeAdjudicator(answer=2)
    table = Table(Table.from_deal(4, DEAL).board, adjudicator=fake)
    assert table.adjudicator is fake
    table.adjudicator = None
    assert table.adjudicator is None


# -- what a claim leaves for the director ------------------------------------------------------


def test_a_disputed_claim_without_a_statement_is_noted_under_68c() -> None:
    table = feed(after_nine(), "S claim 4", "W dispute")
    assert [r["law"] for r in table.reviews] == ["68C"]
    stated = feed(after_nine(), "S claim 4: spade queen first", "W dispute")
    assert stated.reviews == []


def test_a_concession_needs_no_statement() -> None:
    table = feed(after_nine(), "S concede 4", "W dispute")
    assert table.reviews == []


@pytest.mark.parametrize(("edition", "law"), [(2017, "16C"), (2007, "16D")])
def test_68b2_leaves_the_shown_cards_unauthorized_for_partner(edition: int, law: str) -> None:
    table = feed(after_nine(edition), "W concede 4", "E dispute")
    assert [r["law"] for r in table.reviews] == [law]
    assert table.rulings[-1].seat == Seat.WEST
    assert table.awaiting is None and table.phase == "play"
    assert table.penalty_cards == []


def test_the_partner_of_declarer_cannot_use_68b2() -> None:
    # 68B2 is a defender's partner's objection; dummy may not dispute declarer's own claim
    table = feed(after_nine(), "S concede 4")
    before = snapshot(table)
    with pytest.raises(ScriptError) as info:
        table.apply_text("N dispute")
    assert info.value.index == 45 and snapshot(table) == before


def test_a_defenders_partner_cannot_agree_for_declarer() -> None:
    table = feed(after_nine(), "W concede 4")
    with pytest.raises(ScriptError):
        table.apply_text("E agree")


# -- scores and rulings ------------------------------------------------------------------------


def test_rulings_name_the_clause_and_no_offender_for_a_claim() -> None:
    table = feed(after_nine(), "S claim 4", "W dispute", "director tricks 3")
    assert [(r.law, r.seat) for r in table.rulings] == [
        ("68A", None),
        ("68D2", None),
        ("70", None),
    ]
    assert table.rulings[-1].text.endswith(
        "NS are credited 3 of the 4 remaining tricks, 11 in all."
    )
    assert table.score() == {"NS": 650, "EW": -650}


def test_a_69b2_ruling_says_who_gets_how_many_back() -> None:
    table = feed(
        after_nine(),
        "S claim 4",
        "W agree",
        "E agree",
        "director withdraw-agreement",
        "director tricks 2",
    )
    assert "gives EW back 2 tricks" in table.rulings[-1].text
    assert table.tricks == 10 and table.score() == {"NS": 620, "EW": -620}


def test_no_second_correction() -> None:
    table = feed(
        after_nine(),
        "S claim 2",
        "W agree",
        "E agree",
        "director cancel-concession",
        "director tricks 3",
    )
    for text in ("director cancel-concession", "director withdraw-agreement", "W dispute"):
        with pytest.raises(ScriptError):
            table.apply_text(text)


def test_nothing_after_a_board_played_out_or_passed_out() -> None:
    passed = Table.from_deal(4, DEAL)
    feed(passed, "W pass", "N pass", "E pass", "S pass")
    for text in ("W dispute", "director withdraw-agreement", "director cancel-concession"):
        with pytest.raises(ScriptError):
            passed.apply_text(text)
    with pytest.raises(ScriptError):
        passed.apply_text("W agree")


def test_claim_words_without_a_claim_are_script_errors() -> None:
    table = after_nine()
    for text in ("W agree", "E dispute", "director tricks 3", "E play-on"):
        with pytest.raises(ScriptError) as info:
            table.apply_text(text)
        assert "no claim" in info.value.reason


def test_a_claim_during_the_auction_is_a_script_error() -> None:
    table = Table.from_deal(4, DEAL)
    with pytest.raises(ScriptError):
        table.apply_text("S claim 13")


# -- random claims -----------------------------------------------------------------------------

CLAIM_WORDS = ["claim", "concede"]
ANSWERS = ["agree", "dispute", "play-on"]
DIRECTOR = ["tricks", "withdraw-agreement", "cancel-concession"]


@settings(max_examples=int(os.environ.get("BRIDGELAW_PROPERTY_EXAMPLES", "150")), deadline=None)
@given(data=st.data(), edition=st.sampled_from([2017, 2007]))
def test_random_claims_never_corrupt_the_table(data: st.DataObject, edition: int) -> None:
    """Whatever is claimed, answered or ruled, in any order: a script error changes nothing; a
    settled board credits declarer's side the tricks won in play plus at most the remaining
    ones; what is awaited is one of the claim's questions while a claim is open."""
    table = Table.from_deal(4, DEAL, edition=edition)
    for text in AUCTION:
        table.apply_text(text)
    for _ in range(data.draw(st.integers(1, 60), label="length")):
        awaiting = table.awaiting
        kind = data.draw(st.integers(0, 9))
        if awaiting is not None and kind < 5:
            text = f"{awaiting.who} {data.draw(st.sampled_from(awaiting.options))}"
        elif kind < 7 and table.phase == "play" and not table.claim_is_open():
            player = table.play.turn if table.play is not None else table.opening_leader
            assert player is not None
            hand = table.board.deal[player] if table.play is None else table.play.hands[player]
            cards = [c for c in range(52) if hand >> c & 1]
            text = f"{player.letter} {card_name(data.draw(st.sampled_from(cards)))}"
        elif kind < 8:
            seat = data.draw(st.sampled_from("NESW"))
            word = data.draw(st.sampled_from(CLAIM_WORDS))
            text = f"{seat} {word} {data.draw(st.integers(0, 13))}"
        elif kind < 9:
            text = f"{data.draw(st.sampled_from('NESW'))} {data.draw(st.sampled_from(ANSWERS))}"
        else:
            word = data.draw(st.sampled_from(DIRECTOR))
            number = f" {data.draw(st.integers(0, 13))}" if word == "tricks" else ""
            text = f"director {word}{number}"
        before = snapshot(table)
        try:
            table.apply_text(text)
        except ScriptError:
            assert snapshot(table) == before, text
            continue
        claim = table.claim
        if table.phase == "ended":
            assert table.tricks is not None and table.score() is not None
            if claim is not None and claim.stage == "settled":
                won = claim.position.declarer_won
                # Law 64 when play ceases by a claim: an established revoke may move tricks,
                # the revoke trick itself included (64A1)
                moved = table.tricks - (won + (claim.credited or 0))
                revokes = [r for r in table.play.revokes if r.established] if table.play else []
                assert moved == 0 or any(r.law.startswith("64A") for r in table.rulings)
                assert abs(moved) <= 2 * len(revokes)
                if not revokes:
                    assert won <= table.tricks <= won + claim.remaining
        elif table.claim_is_open():
            awaiting = table.awaiting
            assert awaiting is not None and awaiting.options
            assert awaiting.law in ("69A", "68D2b", "70", "69B2", "71B", "71")


def test_the_position_records_who_failed_to_follow_in_each_place_of_the_trick() -> None:
    # 70E1: what the table has seen of the split. E leads a heart to trick 1; the second
    # player, S, does not follow: the heart is marked for him, not for his partner N
    deal = "N:KJ74.A83.Q62.K95 Q82.KQJ5.AJ4.J73 A963.T76.K85.AQ2 T5.942.T973.T864"
    table = Table.from_deal(1, deal)  # dealer N; N declares 3NT, E leads
    for text in ["N 1NT", "E pass", "S 3NT", "W pass", "N pass", "E pass"]:
        table.apply_text(text)
    for text in ["E HK", "S C2", "W H2", "N H3"]:
        table.apply_text(text)
    hearts = 1 << 2  # suits counted clubs 0 to spades 3
    shown = table.position().shown_out
    assert [bool(shown[s] & hearts) for s in Seat] == [False, False, True, False]
