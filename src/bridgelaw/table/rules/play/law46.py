"""Law 46: an incomplete or invalid designation of dummy's card. Declarer names dummy's card
in full (46A); named incompletely, the Law deems a card designated: "high" the highest of the
suit, "low" the lowest (46B1a, 46B1c), "win" the lowest card known to win the trick (46B1b), a
suit its lowest card (46B2), a rank the card of that rank in the suit of dummy's winning card
when dummy leads after winning (46B3a) or else the only legal card of that rank, declarer
naming the suit when two fit (46B3b); a card dummy does not hold is void (46B4); "any" lets
either defender designate (46B5). When declarer's different intention is incontrovertible,
the director puts that card in its place (46B).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E D4", "N names low"]:
...     table.apply_text(text)  # declarer asks for dummy's lowest card of the suit led
>>> from bridgelaw.cards import card_name
>>> [r.law for r in table.rulings], [card_name(c) for c in table.play.trick if c is not None]
(['46B1c'], ['D4', 'D8'])
"""

from __future__ import annotations

from bridgelaw.cards import SUIT_LETTERS, Card, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.play_state import winner_index
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.layer import DummyTable, dummy_of, dummy_table, open_dummy_offer
from bridgelaw.table.state import DummyOffer
from bridgelaw.table.state import TableState as State

HIGH = Applies("46B1a", "rule", "law46-names.declarer-says-dummy-played.high")
LOW = Applies("46B1c", "rule", "law46-names.declarer-says-dummy-played.low")
WIN = Applies("46B1b", "rule", "law46b1b-win.declarer-tells-dummy-win")
NONE_KNOWN_TO_WIN = Applies("46B1b", "rule", "law46b1b-win.declarer-tells-dummy-win-2")
SUIT = Applies("46B2", "rule", "law46-names.declarer-names-suit-only")
RANK_OF_WINNER = Applies("46B3a", "rule", "law46b3-rank.declarer-names-only-rank-4")
RANK_ONE_LEGAL = Applies("46B3b", "rule", "law46b3-rank.declarer-names-only-rank-2")
RANK_NONE_LEGAL = Applies("46B3b", "rule", "law46b3-rank.declarer-names-only-rank-3")
RANK_SEVERAL = Applies("46B3b", "rule", "law46b3-rank.declarer-names-only-rank")
# declarer names the card of that rank he meant
RANK_OFFERED = Applies("46B3b", "offer", title="declarer named a rank only: which card is meant")
VOID = Applies("46B4", "rule", "void-designation")
VOID_HIGH = Applies("46B4", "rule", "void-designation.high")
VOID_LOW = Applies("46B4", "rule", "void-designation.low")
VOID_SUIT = Applies("46B4", "rule", "void-designation.suit")
VOID_RANK = Applies("46B4", "rule", "void-designation.rank")
# either defender designates dummy's card
ANY_OFFERED = Applies(
    "46B5", "offer", title="declarer named no suit and no rank: a defender designates dummy's card"
)
ANY_DESIGNATED = Applies("46B5", "rule", "dummy-offer-answer.designates-dummy-declarer-having")
INCONTROVERTIBLE = Applies("46B", "rule", "law46b-incontrovertible")

DECLARED: Declared = Declared(
    law="46",
    matter="IncompleteDesignation",
    module=__name__,
    applies=(
        HIGH,
        LOW,
        WIN,
        NONE_KNOWN_TO_WIN,
        SUIT,
        RANK_OF_WINNER,
        RANK_ONE_LEGAL,
        RANK_NONE_LEGAL,
        RANK_SEVERAL,
        RANK_OFFERED,
        VOID,
        VOID_HIGH,
        VOID_LOW,
        VOID_SUIT,
        VOID_RANK,
        ANY_OFFERED,
        ANY_DESIGNATED,
        INCONTROVERTIBLE,
    ),
)


def play_dummy(t: DummyTable, card: Card, designated_by_46b: bool = False) -> None:
    """Dummy's ``card`` goes into play, as if dummy played it (``designated_by_46b``: the Law
    deemed it designated, which the director may still change, 46B)."""
    play = t.play
    assert play is not None
    t.play_event(Event(t.event_index, dummy_of(t).letter, Action.CARD, card=card))
    t.designated_46b = (card, len(play.played)) if designated_by_46b else None


class IncompleteDesignation:
    """Declarer's ``names <designation>`` of dummy's card (46A, 46B), the answers to the
    offers it opens (46B3b, 46B5), and the director's ``incontrovertible <card>`` (46B)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        t = dummy_table(table)
        if event.action is Action.INCONTROVERTIBLE:
            assert event.card is not None
            IncompleteDesignation.incontrovertible(t, event.card)
        else:
            IncompleteDesignation.names(t, event)

    @staticmethod
    def names(t: DummyTable, event: Event) -> None:
        """``<declarer> names <designation>``."""
        play = t.play
        assert play is not None and t.declarer is not None
        d = dummy_of(t)
        if event.seat != t.declarer:
            raise ScriptError(
                event.index, refuse("event.declarer-designates", declarer=t.declarer.letter)
            )
        kind = event.designation
        if kind == "card":
            assert event.card is not None
            if play.holds(d, event.card):
                play_dummy(t, event.card)  # 46A: the proper form
            else:
                VOID.rule(t, None, card=event.card)
            return
        if play.turn != d or t.pending is not None or play.is_over:
            raise ScriptError(event.index, refuse("event.not-dummys-turn"))
        led = play.led_suit() if play.trick else None
        hand = [c for c in range(52) if play.hands[d] >> c & 1]
        legal = [c for c in hand if led is None or c // 13 == led] if play.can_follow(d) else hand
        if kind in ("high", "low"):
            suit = "CDHS".index(event.text) if event.text else led
            if suit is None:
                raise ScriptError(event.index, refuse("event.name-a-suit", word=kind))
            cards = [c for c in hand if c // 13 == suit]
            if not cards:
                (VOID_HIGH if kind == "high" else VOID_LOW).rule(t, None, suit=SUIT_LETTERS[suit])
                return
            card = cards[-1] if kind == "high" else cards[0]
            (HIGH if kind == "high" else LOW).rule(t, None, suit=SUIT_LETTERS[suit], card=card)
            play_dummy(t, card, designated_by_46b=True)
        elif kind == "win":
            IncompleteDesignation.win(t, legal)
        elif kind == "suit":
            suit = "CDHS".index(event.text)
            cards = [c for c in hand if c // 13 == suit]
            if not cards:
                VOID_SUIT.rule(t, None, suit=event.text)
                return
            SUIT.rule(t, None, suit=event.text, card=cards[0])
            play_dummy(t, cards[0], designated_by_46b=True)
        elif kind == "rank":
            IncompleteDesignation.rank(t, event.text, hand, legal)
        else:  # any
            options = tuple(f"designate {card_name(c)}" for c in legal)
            others = ((t.declarer.rho.letter, options),)
            offer = ANY_OFFERED.offer(t.declarer.lho.letter, options, others=others)
            open_dummy_offer(t, DummyOffer.ANY, offer)

    @staticmethod
    def win(t: DummyTable, legal: list[Card]) -> None:
        """46B1b: the lowest card known to win the trick: it beats the cards played so far
        and, if a defender is still to play, every card of its suit the defenders may hold (a
        ruff by a defender still to play is not foreseen)."""
        play = t.play
        assert play is not None and t.declarer is not None
        if not play.trick:
            raise ScriptError(t.event_index, refuse("event.win-when-dummy-leads"))
        trick = list(play.trick)
        hidden = play.hands[t.declarer.lho] | play.hands[t.declarer.rho]
        still_to_play = len(trick) < 3
        known = []
        for card in sorted(legal, key=lambda c: (c // 13 == play.trump, c)):
            if winner_index([*trick, card], play.trump) != len(trick):
                continue
            if still_to_play and any(
                hidden >> c & 1 for c in range(card + 1, (card // 13 + 1) * 13)
            ):
                continue
            known.append(card)
        if not known:
            NONE_KNOWN_TO_WIN.rule(t, None)
            return
        WIN.rule(t, None, card=known[0])
        play_dummy(t, known[0], designated_by_46b=True)

    @staticmethod
    def rank(t: DummyTable, rank: str, hand: list[Card], legal: list[Card]) -> None:
        """46B3: declarer names only a rank."""
        play = t.play
        assert play is not None and t.declarer is not None
        d = dummy_of(t)
        r = "23456789TJQKA".index(rank)
        if not play.trick and play.tricks and play.tricks[-1].winner == d:
            last = play.tricks[-1]
            won_with = last.cards[(d - last.leader) & 3]
            assert won_with is not None  # the trick's winner played a card to it (44)
            card = (won_with // 13) * 13 + r
            if play.holds(d, card):
                RANK_OF_WINNER.rule(t, None, rank=rank, card=card)
                play_dummy(t, card, designated_by_46b=True)
                return
        held = [c for c in hand if c % 13 == r]
        if not held:
            VOID_RANK.rule(t, None, rank=rank)
            return
        fit = [c for c in legal if c % 13 == r]
        if len(fit) == 1:
            RANK_ONE_LEGAL.rule(t, None, rank=rank, card=fit[0])
            play_dummy(t, fit[0], designated_by_46b=True)
            return
        if not fit:
            RANK_NONE_LEGAL.rule(t, None, rank=rank)
            return
        RANK_SEVERAL.rule(t, None, rank=rank)
        options = tuple(f"names {card_name(c)}" for c in fit)
        open_dummy_offer(t, DummyOffer.RANK, RANK_OFFERED.offer(t.declarer.letter, options))

    @staticmethod
    def offer_answered(t: DummyTable, kind: DummyOffer, event: Event) -> None:
        """The answer to 46B3b's or 46B5's offer: the card named, or designated."""
        assert event.card is not None
        if kind is DummyOffer.ANY:
            ANY_DESIGNATED.rule(t, None, seat=event.who, card=event.card)
        play_dummy(t, event.card)

    @staticmethod
    def incontrovertible(t: DummyTable, card: Card) -> None:
        """46B: the director finds declarer's different intention incontrovertible: ``card``
        replaces the card the Law deemed designated."""
        play = t.play
        designated = t.designated_46b
        if (
            play is None
            or designated is None
            or designated[1] != len(play.played)
            or not play.played
            or play.played[-1] != designated[0]
        ):
            raise ScriptError(t.event_index, refuse("event.law46b-last-card"))
        seat, old = play.take_back_last()
        t.designated_46b = None
        INCONTROVERTIBLE.rule(t, None, card=card, old=old)
        t.play_event(Event(t.event_index, seat.letter, Action.CARD, card=card))


__all__ = ["DECLARED", "IncompleteDesignation"]
