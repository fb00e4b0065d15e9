"""Property tests of the table engine: random things happening at a table.

Random calls by random seats (in turn or not, sufficient or not, admissible or not, above
seven), random exposed cards, and random answers to whatever the director offers. Whatever
happens, the engine must:

* never raise anything but a :class:`ScriptError`, and leave the table unchanged when it does;
* always have a well-defined next step (an awaited answer, a player in turn, a card to play, or
  the end of the board); whenever nothing is awaited (``awaiting`` is null), the player in
  turn may make his next normal call (a pass) or play (some card that follows suit);
* report an effective auction that the Laws allow: rotation kept except where a call out of
  rotation was accepted (29A) or a pass inferred (28A), every bid sufficient except an accepted
  insufficient bid (27A1), doubles and redoubles as Law 19 allows, and the contract and declarer
  that this auction gives (Law 22).
"""

from __future__ import annotations

import contextlib
import copy
import os
import random

import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.boards import Board, board_dealer
from bridgelaw.calls import call_name
from bridgelaw.cards import Seat, card_name
from bridgelaw.scoring import contract_score
from bridgelaw.table import Awaiting, ScriptError, Table, meanings, parse_event
from bridgelaw.table.engine import Table as TableClass
from bridgelaw.table.offers import is_answer
from bridgelaw.table.state import LogName

from ..helpers import SAMPLE_DEAL, random_auction, random_deal, random_play
from .support import random_event_text, snapshot, table_state


def check_effective_auction(table: TableClass) -> None:
    records = table.effective()
    # calls let stand: 27A1 (insufficient bid accepted), 37A (called over before rectification)
    accepted = {
        r.seat.letter for r in table.rulings if r.law in ("27A1", "37A") and r.seat is not None
    }
    last_code = -1
    last_bidder: Seat | None = None
    doubled = 0
    previous: Seat | None = None
    for record in records:
        call = record.call
        if previous is not None and record.seat != previous.lho:
            # only an accepted call out of rotation skips players, or an inadmissible double
            # out of rotation left unnoticed: Law 36 alone rules it (32 preamble), it stays
            unnoticed = any(record is r for r in table.unnoticed)
            assert record.skipped or unnoticed, (record, previous)
        previous = record.seat
        if call.is_bid:
            # an insufficient bid stands only if accepted: 27A1 in turn, 29A out of rotation
            assert call.number > last_code or record.seat.letter in accepted or record.skipped
            last_code, last_bidder, doubled = call.number, record.seat, 0
        elif call.code == 36:
            if not any(record is r for r in table.unnoticed):  # 36: unnoticed, it stays
                assert last_bidder is not None and last_bidder.side != record.seat.side
                assert doubled == 0
            doubled = 1
        elif call.code == 37:
            if not any(record is r for r in table.unnoticed):
                assert last_bidder is not None and last_bidder.side == record.seat.side
                assert doubled == 1
            doubled = 2
    if table.phase in ("play", "ended") and table.contract is not None:
        if last_bidder is None:
            assert table.contract.is_passed_out
        else:
            assert table.contract.level == last_code // 5 + 1
            assert table.contract.strain == last_code % 5
            assert table.contract.doubled == doubled
            assert table.declarer is not None and table.declarer.side == last_bidder.side
            first = next(
                r.seat
                for r in records
                if r.call.is_bid
                and r.seat.side == last_bidder.side
                and r.call.strain == last_code % 5
            )
            spread = any(r.law == "54A" for r in table.rulings)  # declarer became dummy
            assert table.declarer == (first.partner if spread else first)


def check_cards_conserved(table: TableClass) -> None:
    """Every card in exactly one place: a hand (a penalty card stays in its owner's hand,
    face up), a trick, played or in progress, or off the table (a card missing from its hand,
    Law 14); tricks add up."""
    play = table.play
    for seat, card in table.missing_cards:
        assert table.board.deal[seat] >> card & 1, "a missing card that was not the seat's"
    if play is None:
        return
    places = [*play.hands, *(1 << c for t in play.tricks for c in t.cards if c is not None)]
    places += [
        1 << c for c in play.trick if c is not None
    ]  # a card not contributed (67) is no card
    places += [1 << c for _, _, c in play.surplus]  # too many cards on a trick, unnoticed (67)
    places += [1 << c for _, c in table.missing_cards]  # off the table (14)
    seen = 0
    for mask in places:
        assert seen & mask == 0, "a card in two places"
        seen |= mask
    assert seen == (1 << 52) - 1, "a card lost"
    for seat, card, _ in table.penalty_cards:
        assert play.hands[seat] >> card & 1, "a penalty card not in its owner's hand"
    assert sum(play.won) == len(play.tricks) <= 13
    if table.phase == "ended" and table.tricks is not None:
        assert 0 <= table.tricks <= 13


def check_player_in_turn_may_act(table: TableClass) -> None:
    """Nothing awaited: the player in turn may call (a pass) or play (a card following suit, if
    he can; one of them, if the Laws narrow it further, 50D, 57)."""
    if table.phase == "auction":
        trial = copy.deepcopy(table)
        try:
            trial.apply_text(f"{table.turn.letter} pass")
        except ScriptError as error:
            who = table.turn.letter
            raise AssertionError(f"nothing awaited, yet {who} may not pass: {error}") from None
        return
    if table.phase != "play":
        return
    play = table.play
    seat = table.opening_leader if play is None else play.turn
    assert seat is not None
    hand = table.board.deal[seat] if play is None else play.hands[seat]
    cards = [c for c in range(52) if hand >> c & 1]
    if play is not None and play.trick and play.can_follow(seat):
        cards = [c for c in cards if c // 13 == play.led_suit()]
    errors = []
    for card in cards:
        trial = copy.deepcopy(table)
        try:
            trial.apply_text(f"{seat.letter} {card_name(card)}")
            return
        except ScriptError as error:
            errors.append(str(error))
    raise AssertionError(f"nothing awaited, yet {seat.letter} may not play: {errors[:2]}")


def check_next_step(table: TableClass) -> None:
    awaiting = table.awaiting
    if awaiting is not None:
        assert awaiting.options, awaiting
        assert awaiting.who in ("N", "E", "S", "W", "director")
        return
    assert table.phase in ("auction", "play", "ended")
    if table.phase == "auction":
        assert table.pending is None
    check_player_in_turn_may_act(table)
    if table.phase == "ended":  # a score, unless an adjusted score replaces it (13, 15)
        assert (table.score() is None) == (
            table.score_cancelled is not None or table.contract is None
        )


# BRIDGELAW_PROPERTY_EXAMPLES=5000 for a long search; the default keeps `make test` quick
@settings(max_examples=int(os.environ.get("BRIDGELAW_PROPERTY_EXAMPLES", "250")), deadline=None)
@given(data=st.data(), edition=st.sampled_from([2017, 2007]), board=st.integers(1, 16))
def test_random_table_events_never_corrupt_the_engine(
    data: st.DataObject, edition: int, board: int
) -> None:
    table = Table.from_deal(board, SAMPLE_DEAL, edition=edition)
    applied: list[str] = []
    for _ in range(data.draw(st.integers(1, 45), label="length")):
        if table.phase == "ended":
            break
        text = random_event_text(data, table)
        before = snapshot(table)
        try:
            table.apply_text(text)
        except ScriptError:
            assert snapshot(table) == before, text
            continue
        applied.append(text)
        try:
            check_next_step(table)
            check_effective_auction(table)
            check_cards_conserved(table)
        except AssertionError as error:
            raise AssertionError(f"board {board}, {edition}: {applied}") from error


def test_2007_15c_cancels_a_17d2_call_again_with_the_auction() -> None:
    # found by the property above: in 2007 N opens out of rotation, E accepts it, N had taken
    # another board's cards (17D: N is to call again), then the pair NS is found at the wrong
    # table (15C): the whole auction is cancelled and begins again from the dealer, the
    # staying pair repeating its calls; N's call again went with the auction, so the dealer
    # (E, board 2) calls first, and a pass is his to make
    table = Table.from_deal(2, SAMPLE_DEAL, edition=2007)
    for text in ("N 1C", "E accept", "director wrong-board N", "director wrong-table NS"):
        table.apply_text(text)
    assert table.rulings[-1].law == "15C"
    assert table.turn == table.board.dealer and table.awaiting is None
    table.apply_text("E pass")  # refused before: "N calls again first (2007 Law 17D2)"
    assert [r.call.text for r in table.effective()] == ["pass"]


def test_2007_17d2_call_again_comes_next_after_a_21b1a_change() -> None:
    # found by the property above: in 2007, E's 1C (in turn) is followed by N's 1C out of
    # rotation, which E accepts (29A); N had another board's cards (17D1: his call cancelled, he
    # calls again, 17D2); then E changes his 1C after misinformation (21B1a). N's call again
    # still comes, in the place of the accepted call: N is to call, and may pass
    table = Table.from_deal(1, SAMPLE_DEAL, edition=2007)
    for text in (
        "N 8NT", "E decline", "E 1C", "N 1C", "E accept", "director wrong-board N",
        "director misinformation E", "E pass",
    ):  # fmt: skip
        table.apply_text(text)
    assert table.rulings[-1].law == "21B1a"
    assert table.turn == Seat.NORTH and table.awaiting is None
    table.apply_text("N pass")  # refused before: S was in turn, yet N had to call again first
    assert table.recall is None


def test_a_call_again_after_15a_keeps_the_slot_of_the_accepted_call_it_replaces() -> None:
    # found by the property above: E deals and passes, N opens out of rotation at S's turn and
    # E accepts it (29A: S and W lose that turn); N had taken another board's cards (15A1):
    # his call and E's are cancelled and he calls again (15A2b) in the slot of the accepted
    # call, so S and W are still skipped and E, his LHO, calls next
    table = Table.from_deal(2, SAMPLE_DEAL, edition=2017)
    for text in ("E pass", "N 1C", "E accept", "E 1D", "director wrong-board N", "N 1H"):
        table.apply_text(text)
    assert [(r.seat.letter, str(r.call)) for r in table.effective()] == [("E", "pass"), ("N", "1H")]
    assert table.effective()[-1].skipped == (Seat.SOUTH, Seat.WEST)
    assert table.turn == Seat.EAST
    check_effective_auction(table)


def test_an_unnoticed_inadmissible_double_out_of_rotation_stays_where_it_was_made() -> None:
    # found by the property above: South opens out of rotation, West accepts (29A), North
    # doubles his partner's bid at West's turn and nobody notices (36): the double stays in
    # the auction out of its turn until attention is drawn to it
    table = Table.from_deal(1, SAMPLE_DEAL, edition=2017)
    for text in ("S 1C", "W accept", "N X", "director unnoticed"):
        table.apply_text(text)
    assert [(r.seat.letter, str(r.call)) for r in table.effective()] == [("S", "1C"), ("N", "X")]
    assert [r.seat.letter for r in table.unnoticed] == ["N"]
    check_effective_auction(table)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board=st.integers(1, 32))
def test_a_board_without_irregularities_scores_as_the_strict_engine(seed: int, board: int) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    auction = random_auction(rng, int(board_dealer(board)), pass_weight=8)
    table = Table(Board.numbered(board, deal))
    for call in auction.calls:
        table.apply_text(f"{table.turn.letter} {call_name(call)}")
    assert str(table.contract) == str(auction.contract)
    if auction.declarer is None:
        assert table.score() == {"NS": 0, "EW": 0}
        return
    assert auction.contract is not None
    strict = random_play(rng, deal, auction.declarer, auction.contract.strain)
    for card in strict.played:
        assert table.play is None or table.play.turn is not None
        seat = table.play.turn if table.play is not None else auction.declarer.lho
        table.apply_text(f"{seat.letter} {card_name(card)}")
    vulnerable = Board.numbered(board, deal).is_vulnerable(auction.declarer.side)
    points = contract_score(auction.contract, strict.declarer_tricks, vulnerable)
    expected = points if auction.declarer.side == 0 else -points
    assert table.phase == "ended" and table.tricks == strict.declarer_tricks
    assert table.score() == {"NS": expected, "EW": -expected}
    assert table.rulings == []


def test_a_call_made_again_under_21b2_keeps_the_slot_29a_gave_the_withdrawn_one() -> None:
    # Found by the random test above: N's 1C, accepted out of rotation (29A: S and W lose their
    # turns), is no longer legal after E's 21B1a change; N's new call takes its place, so the
    # effective auction must still show S and W skipped (as a changed call does under Law 25).
    table = Table.from_deal(1, SAMPLE_DEAL)
    for event in ["E 1C", "S accept", "N 1C", "E accept", "director misinformation E", "E 1D"]:
        table.apply_text(event)
    table.apply_text("N 1H")
    check_effective_auction(table)
    assert [(r.seat.letter, r.call.text) for r in table.effective()] == [("E", "1D"), ("N", "1H")]


AFTER_THE_END = [
    "N inspect",
    "W inspect",
    "director revoke-found next-deal",
    "director revoke-found end-of-round",
    *(f"{x} dispute" for x in "NESW"),
    "director tricks 9",
    "director withdraw-agreement",
    "director cancel-concession",
    "S correct SA",
]


@settings(max_examples=int(os.environ.get("BRIDGELAW_PROPERTY_EXAMPLES", "100")), deadline=None)
@given(data=st.data(), edition=st.sampled_from([2017, 2007]), board=st.integers(1, 16))
def test_undo_after_any_event_restores_the_exact_state(
    data: st.DataObject, edition: int, board: int
) -> None:
    """After any accepted event, ``undo`` gives back exactly the table before it (the same
    JSON and the same internal state), and applying the event again gives exactly the table
    after it; a refused event leaves exactly the table before it. The Outcome of each event
    is what changed: the records it appended (the whole log when it rewrote one), the offer,
    who acts next and the phase."""
    table = Table.from_deal(board, SAMPLE_DEAL, edition=edition)
    after_the_end = 0
    for _ in range(data.draw(st.integers(1, 90), label="length")):
        if table.phase == "ended":  # the correction period: a few of its events (66D, 64B4/5,
            after_the_end += 1  # 69-71 after a claim), refused or not
            if after_the_end > 3:
                break
            text = data.draw(st.sampled_from(AFTER_THE_END))
        else:
            text = random_event_text(data, table)
        try:
            event = parse_event(text, len(table.events) + 1)
        except ScriptError:
            continue  # malformed (two cards the same): nothing reaches the table
        before_json, before_state = snapshot(table), table_state(table)
        logs: list[list[object]] = [
            list(table.rulings),
            list(table.reviews),
            list(table.unauthorized),
        ]
        try:
            outcome = table.apply(event)
        except ScriptError:
            assert snapshot(table) == before_json, text
            assert table_state(table) == before_state, text
            continue
        after_json, after_state = snapshot(table), table_state(table)
        for name in outcome.replaced:
            hypothesis.event(f"{name} rewritten")
        if outcome.phase == "ended":
            hypothesis.event("the board ended")
        assert outcome.event == event.index
        assert outcome.awaiting == table.awaiting
        assert outcome.phase == table.phase
        assert outcome.turn == table.next_to_act
        names: tuple[LogName, ...] = ("rulings", "reviews", "unauthorized")
        for name, old, new in zip(
            names,
            logs,
            (
                list[object](outcome.rulings),
                list[object](outcome.reviews),
                list[object](outcome.unauthorized),
            ),
            strict=True,
        ):
            now: list[object] = getattr(table, name)
            if name in outcome.replaced:  # rewritten: the whole log, and it is not the old one
                assert new == now and now[: len(old)] != old, (text, name)
            else:
                assert old + new == now, (text, name)
        assert table.undo() is event
        assert snapshot(table) == before_json, text
        assert table_state(table) == before_state, text
        table.apply(event)
        assert snapshot(table) == after_json, text
        assert table_state(table) == after_state, text


def test_undo_with_no_event_is_an_index_error() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    with pytest.raises(IndexError, match="no event to undo"):
        table.undo()
    table.apply_text("N 1NT")
    table.undo()
    assert table.events == [] and table.history == [] and table.turn == Seat.NORTH


def test_51a_is_offered_before_the_opening_lead_when_the_leader_has_two_penalty_cards() -> None:
    # Found by the random test above: N exposed two cards in the auction and became the
    # opening leader; they are his penalty cards (24E, major under 50B as two cards), and by
    # 51A declarer designates the one he leads. The engine required the designation but did
    # not offer it (``awaiting`` was null before the opening lead).
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N expose C2", "N expose C3", "N pass", "E pass", "S pass", "W 1NT"]:
        table.apply_text(text)
    for text in ["N pass", "E pass", "S pass"]:
        table.apply_text(text)
    assert table.awaiting == Awaiting("W", "51A", ("designate C2", "designate C3"))
    table.apply_text("W designate C3")
    table.apply_text("N C3")
    assert table.play is not None and table.play.played == [1]


def answer_texts(table: TableClass) -> list[str]:
    """Answers of every kind, by every party: those the offer names and many it does not."""
    cards = ["SA", "S2", "HK", "H7", "DQ", "D3", "CJ", "C4"]
    if table.play is not None:
        cards += [card_name(c) for c in table.play.played[-3:]]
        cards += [card_name(c) for c in range(52) if table.play.hands[table.play.turn] >> c & 1]
    words = [
        "accept",
        "decline",
        "agree",
        "dispute",
        "spread",
        "no-restriction",
        "highest",
        "lowest",
        *(f"{verb} {s}" for verb in ("forbid", "require") for s in "SHDC"),
        "forbid S H",
        *(f"designate {c}" for c in cards),
        *(f"lead-hand {x}" for x in "NESW"),
    ]
    findings = [
        "comparable",
        "not-comparable",
        "unintended",
        "intended",
        "accepted",
        "in-turn",
        "playable",
        "not-playable",
        *(f"tricks {n}" for n in range(14)),
        "shows S",
        "shows H D",
        "shows NT",
        "shows none",
    ]
    texts = [f"{x} {w}" for x in "NESW" for w in words + findings]
    texts += [f"director {w}" for w in words + findings]
    awaiting = table.awaiting
    if awaiting is not None:
        texts += [f"{o.who} {o.word}" for o in awaiting.commands()]
    return texts


@settings(max_examples=int(os.environ.get("BRIDGELAW_PROPERTY_EXAMPLES", "40")), deadline=None)
@given(data=st.data(), edition=st.sampled_from([2017, 2007]), board=st.integers(1, 16))
def test_the_answers_taken_are_exactly_the_options_offered(
    data: st.DataObject, edition: int, board: int
) -> None:
    """The offer is the contract: at every state a random table reaches, every option of the
    offer (each party's, as its typed command) is taken, and every other answer (an answer word
    not offered, or offered to another party; any answer when nothing is offered) is refused,
    tagged with the offer's clause, and leaves the table exactly as it was. Calls and cards
    offered are tried too; those not offered are no answers (they may answer by the effect
    the Laws give them, 27A1, 53A), so only answer words are tried as refusals."""
    table = Table.from_deal(board, SAMPLE_DEAL, edition=edition)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    for _ in range(data.draw(st.integers(1, 30), label="length")):
        if table.phase == "ended":
            break
        awaiting = table.awaiting
        offered = {(o.who, o.word) for o in awaiting.commands()} if awaiting else set()
        if awaiting is not None:
            assert {o.command.who for o in awaiting.commands()} >= {awaiting.who}
            for o in awaiting.commands():  # the command is the word, said by that party
                assert parse_event(f"{o.who} {o.word}", 0) == o.command
            # the typed options a client sends: the same events, in the same order
            assert [c.event for c in meanings.choices(awaiting)] == [
                f"{o.who} {o.word}" for o in awaiting.commands()
            ]
        before = snapshot(table)
        options = list(awaiting.commands()) if awaiting is not None else []
        rng.shuffle(options)
        for o in options[:8]:  # every option is taken: answers, and calls or cards offered
            try:
                table.apply(parse_event(f"{o.who} {o.word}", len(table.events) + 1))
            except ScriptError as error:
                raise AssertionError(f"offered {o.who} {o.word!r} refused: {error}") from None
            table.undo()
            assert snapshot(table) == before, o
        texts = answer_texts(table)
        rng.shuffle(texts)
        tried = 0
        for text in texts:
            try:
                event = parse_event(text, len(table.events) + 1)
            except ScriptError:
                continue  # not words this party can say (a player's 'tricks 9')
            taken = awaiting is not None and awaiting.takes(event)
            if not is_answer(event, table.phase, taken):
                continue  # a finding of the director's own (45C4b), not an answer
            assert taken == ((event.who, text.split(" ", 1)[1]) in offered), text
            if taken:
                continue  # tried above
            tried += 1
            if tried > 6:
                break
            with pytest.raises(ScriptError) as refused:  # not offered: refused, nothing changed
                table.apply(event)
            assert refused.value.law == (None if awaiting is None else awaiting.law), text
            assert snapshot(table) == before, text
        text = random_event_text(data, table)
        logs: list[list[object]] = [
            list(table.ruling_log),
            list(table.review_log),
            list(table.unauthorized_log),
            list(table.withdrawals),
        ]
        try:
            table.apply_text(text)
        except ScriptError:
            continue
        # the record is append-only: what was recorded stays, in its place
        now: list[list[object]] = [
            list(table.ruling_log),
            list(table.review_log),
            list(table.unauthorized_log),
            list(table.withdrawals),
        ]
        for old, new in zip(logs, now, strict=True):
            assert new[: len(old)] == old, text


def test_a_card_taken_back_under_47e2a_with_a_52b_offer_open_keeps_every_card_in_one_place() -> (
    None
):
    # found by the property above: N's C2 ends trick 1, E leads CA instead of a major penalty
    # card (52B waits for declarer), then N takes his C2 back (47E2a): E's CA, led to a trick
    # not reached any more, goes back to his hand (47D), and 'N accept' has nothing to answer
    table = Table.from_deal(1, SAMPLE_DEAL, edition=2017)
    events = [
        *["E 1C", "S accept", "S 8NT", "W decline", "W XX", "W 1D", "N 1C", "E accept"],
        *["E 1C", "S decline", "S 1C", "W decline", "N 1C", "E decline", "N forbid S"],
        *["N expose C2", "E expose C4", "E C5", "S D8", "N C2", "W none", "N C2"],
        *["E expose S9", "E CA", "director mistaken-explanation N", "N accept"],
    ]
    for text in events:  # some are refused, as the property's random events are
        with contextlib.suppress(ScriptError):
            table.apply_text(text)
    check_cards_conserved(table)
    assert [r.law for r in table.ruling_log][-2:] == ["47E2a", "47D"]
    play = table.play
    assert play is not None and play.turn == Seat.NORTH and len(play.trick) == 3
