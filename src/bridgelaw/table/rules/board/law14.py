"""Law 14: a missing card. A hand found with a card missing before the opening lead is
faced (``director missing <seat> <card>``) is made up when the card is found (14A1). After it, a
card found among the played cards (``director found <card> among-played``) makes up the trick
it was missing from (14B1, with 67); found elsewhere it is restored to the hand (14B2), and a
card still missing when play ends is restored then (14B3). A restored card counts as held
throughout: every trick of its suit to which the seat played another suit is a revoke (14B4,
established as 63A1 says). The partner may not use the knowledge that it was put back (14C).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["director missing W C6", "N 1NT", "E pass", "S pass", "W pass"]:
...     table.apply_text(text)
>>> table.apply_text("director found C6")  # before the opening lead is faced
>>> [r.law for r in table.rulings], [u.law for u in table.unauthorized]
(['14A1'], ['14C'])
"""

from __future__ import annotations

from bridgelaw.cards import SUIT_MASK, Card, Seat, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.play_state import Place, Revoke, TablePlay, is_established
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.board.layer import BoardTable, board_table, opening_lead_faced
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.law67 import CardOwed
from bridgelaw.table.state import Phase
from bridgelaw.table.state import TableState as State

FOUND_BEFORE_LEAD = Applies("14A1", "rule", "law14-found.missing-from-hand-found-2")
FOUND_AMONG_PLAYED = Applies("14B1", "rule", "law14-found.missing-from-hand-found-3")
FOUND_LATER = Applies("14B2", "rule", "law14-found.missing-from-hand-found")
RESTORED_AT_THE_END = Applies("14B3", "rule", "law14-at-the-end")
HELD_THROUGHOUT = Applies("14B4", "rule", "law14b4-revokes.counts-held-trick-revoke")
ESTABLISHED = Applies("63A1", "rule", "law14b4-revokes.established-side-has-played")
PUT_BACK = Applies("14C", "unauthorized")  # for the partner: a card was put back

DECLARED: Declared = Declared(
    law="14",
    matter="MissingCard",
    module=__name__,
    applies=(
        FOUND_BEFORE_LEAD,
        FOUND_AMONG_PLAYED,
        FOUND_LATER,
        RESTORED_AT_THE_END,
        HELD_THROUGHOUT,
        ESTABLISHED,
        PUT_BACK,
    ),
)


class MissingCard:
    """The director's findings ``missing <seat> <card>`` and ``found <card> [among-played]``,
    and what a card still missing means when play starts and when it ends."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        t = board_table(table)
        assert event.card is not None
        if event.action is Action.MISSING:
            MissingCard.missing(t, event.the_seat_named, event.card)
        else:
            MissingCard.found(t, event.card, event.text == "among-played")

    @staticmethod
    def not_exposed(table: State, event: Event) -> None:
        """In the auction, a card missing from its hand cannot be exposed by its player."""
        t = board_table(table)
        card = event.card
        if (
            event.action is Action.EXPOSE
            and card is not None
            and ((event.seat, card) in t.missing_cards)
        ):
            raise ScriptError(
                event.index, refuse("event.missing-from-hand", card=card_name(card), who=event.who)
            )

    @staticmethod
    def off_the_table(table: State, play: TablePlay) -> None:
        """The missing cards are not in the hands the play starts with."""
        for seat, card in board_table(table).missing_cards:
            play.hands[seat] &= ~(1 << card)

    @staticmethod
    def at_the_end(table: State) -> None:
        """14B3: a card still missing when play ends is restored (found, or rebuilt from
        another pack) and counts as held throughout (14B4)."""
        t = board_table(table)
        if t.play is None:
            return
        for seat, card in t.missing_cards:
            MissingCard._restore(t, seat, card)
            RESTORED_AT_THE_END.rule(t, seat, seat=seat, card=card)
            MissingCard._held_throughout(t, seat, card)
        t.missing_cards = ()

    @staticmethod
    def missing(t: BoardTable, seat: Seat, card: Card) -> None:
        if not t.board.deal[seat] >> card & 1:
            raise ScriptError(
                t.event_index,
                refuse("event.not-seats-card", card=card_name(card), seat=seat.letter),
            )
        if any(c == card for _, c in t.missing_cards):
            raise ScriptError(t.event_index, refuse("event.already-missing", card=card_name(card)))
        if t.phase == Phase.ENDED or opening_lead_faced(t):
            raise ScriptError(t.event_index, refuse("event.missing-before-lead"))
        if any(c == card for _, c, _ in t.exposed):
            raise ScriptError(t.event_index, refuse("event.card-seen", card=card_name(card)))
        t.missing_cards = (*t.missing_cards, (seat, card))
        if t.play is not None:
            t.play.hands[seat] &= ~(1 << card)

    @staticmethod
    def found(t: BoardTable, card: Card, among_played: bool) -> None:
        owner = next((s for s, c in t.missing_cards if c == card), None)
        if owner is None:
            raise ScriptError(t.event_index, refuse("event.not-missing", card=card_name(card)))
        if t.phase == Phase.ENDED:
            raise ScriptError(t.event_index, refuse("event.board-over"))
        if not opening_lead_faced(t):
            if among_played:
                raise ScriptError(t.event_index, refuse("event.nothing-to-find-among"))
            MissingCard._restore(t, owner, card)
            FOUND_BEFORE_LEAD.rule(t, owner, card=card, owner=owner)
            return
        play = t.play
        assert play is not None
        if among_played:
            index = next((i for i, s in play.omissions.items() if s == owner), None)
            if index is None:
                raise ScriptError(
                    t.event_index, refuse("event.not-among-played", owner=owner.letter)
                )
            MissingCard._restore(t, owner, card)
            FOUND_AMONG_PLAYED.rule(t, owner, card=card, owner=owner, trick=index + 1)
            led = play.led_suit(index)
            if card // 13 == led or not play.hands[owner] & SUIT_MASK[led]:
                CardOwed.supply(t, owner, card)  # 67A1/67B1
            return
        MissingCard._restore(t, owner, card)
        FOUND_LATER.rule(t, owner, card=card, owner=owner)
        MissingCard._held_throughout(t, owner, card)

    @staticmethod
    def _restore(t: BoardTable, seat: Seat, card: Card) -> None:
        t.missing_cards = tuple((s, c) for s, c in t.missing_cards if c != card)
        if t.play is not None:
            t.play.hands[seat] |= 1 << card
        # 14C: the partner may not use the knowledge that a card was put back
        t.mark_card_unauthorized(seat, card, seat.side, PUT_BACK.clause)

    @staticmethod
    def _held_throughout(t: BoardTable, seat: Seat, card: Card) -> None:
        """14B4: the restored card was held throughout, so every trick of its suit to which
        the seat played another suit is a revoke (61A), established if his side has played
        to a later trick (63A1; never one on trick 12, 62D)."""
        play = t.play
        assert play is not None
        suit = card // 13
        places: list[tuple[int, Seat, list[Place]]] = [
            (i, trick.leader, list(trick.cards)) for i, trick in enumerate(play.tricks)
        ]
        if play.trick:
            places.append((len(play.tricks), play.leader, list(play.trick)))
        for index, leader, cards in places:
            position = (seat - leader) & 3
            played = cards[position] if 0 < position < len(cards) else None
            if played is None:
                continue  # he led, has not played yet, or played no card (67)
            if play.led_suit(index) != suit or played // 13 == suit:
                continue
            if any(r.seat == seat and r.trick == index for r in play.revokes):
                continue  # already a revoke there (he held another card of the suit)
            dummy = seat == play.dummy
            revoke = Revoke(seat, index, played, suit, t.event_index, by_dummy=dummy)
            now = [Seat((play.leader + i) & 3) for i in range(len(play.trick))]
            later = index < len(play.tricks) and (
                index < len(play.tricks) - 1 or any(s.side == seat.side for s in now)
            )
            revoke.established = is_established(index, later)
            play.revokes.append(revoke)
            HELD_THROUGHOUT.rule(t, seat, card=card, trick=index + 1, revoke=revoke.said())
            if revoke.established:
                ESTABLISHED.rule(t, seat, revoke=revoke.said(), seat=seat)


__all__ = ["DECLARED", "MissingCard"]
