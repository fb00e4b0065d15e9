"""Law 52 (with 50C and 50D1): a card played instead of a penalty card. A defender who must
play a major penalty card when it is legal (50D1), or who plays a low card of a minor penalty
card's suit before it (50C), has failed to play it. Declarer may accept the card played
(52B1a), and accepts it by playing after it from either hand (52B1b); or he requires the
penalty card instead, and the card played becomes a major penalty card (52B2).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "W S5", "N decline"]:
...     table.apply_text(text)  # West's S5 led out of turn: a major penalty card (54D)
>>> for text in ["N no-restriction", "E S9", "S S8", "W S4"]:
...     table.apply_text(text)  # a spade led: West plays S4, not his penalty card
>>> table.awaiting
Awaiting(who='N', law='52B1a', options=('accept', 'decline'))
>>> table.apply_text("N decline")
>>> [r.law for r in table.rulings]
['54D', '50D2b', '52B2']
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Card, Seat, is_honour
from bridgelaw.table.events import ACCEPT_OR_DECLINE, Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Means
from bridgelaw.table.rules.play.layer import PlayTable, play_table
from bridgelaw.table.state import Awaiting, Obligation, Pending, PendingKind
from bridgelaw.table.state import TableState as State

MAJOR_NOT_PLAYED = Applies("50D1", "breach")  # a legal major penalty card must be played
MINOR_NOT_PLAYED = Applies("50C", "breach")  # not a low card of its suit before it
OFFERED = Applies(
    "52B1a",
    "offer",
    options=("accept", "decline"),
    title="a penalty card not played when it had to be",
    means=(
        Means(
            "accept", "52B1a", ("the card played stands, and the penalty card stays on the table")
        ),
        Means(
            "decline",
            "52B2",
            (
                "the penalty card must be played instead, and the card played"
                " in error becomes a major penalty card"
            ),
        ),
    ),
)
ACCEPTED = Applies("52B1a", "rule", "law52-answer.declarer-accepts-played-instead")
PLAYED_AFTER = Applies("52B1b", "rule", "law52-answer.declarer-plays-after-played")
REQUIRED = Applies("52B2", "rule", "law52-answer.declarer-requires-penalty-card")
REQUIRED_PENALTY = Applies("52B2", "penalty")  # the card played instead

DECLARED: Declared = Declared(
    law="52",
    matter="PenaltyCardNotPlayed",
    module=__name__,
    applies=(
        MAJOR_NOT_PLAYED,
        MINOR_NOT_PLAYED,
        OFFERED,
        ACCEPTED,
        PLAYED_AFTER,
        REQUIRED,
        REQUIRED_PENALTY,
    ),
)


def not_played(
    t: PlayTable, seat: Seat, card: Card, obligation: Obligation | None = None
) -> Applies | None:
    """Must ``card`` have been a penalty card? The clause broken (50D1 or 50C), or None.
    ``obligation``: the 57A play restriction ``seat`` played under, if any."""
    if not t.penalty_cards:
        return None
    play = t.play
    assert play is not None
    mine = [(c, k) for s, c, k in t.penalty_cards if s == seat]
    if not mine or any(c == card for c, _ in mine):
        return None
    led = play.led_suit() if play.trick else None
    for pc, kind in mine:
        legal = t._penalty_card_legal(seat, pc, obligation)
        if kind == "major" and legal:
            # 50D1b: following suit comes first; a legal major penalty card must be played
            if led is not None and card // 13 == led and pc // 13 != led:
                continue
            return MAJOR_NOT_PLAYED
        if kind == "minor" and legal and card // 13 == pc // 13 and not is_honour(card):
            return MINOR_NOT_PLAYED  # a low card of the suit before the minor penalty card
    return None


@dataclass(kw_only=True)
class PenaltyCardNotPlayed(Pending):
    """A card played instead of a penalty card (52), the major one's (50D1) or the minor
    one's (50C)."""

    card: Card
    major: bool
    """The penalty card not played was a major one (50D1), not a minor one (50C)."""

    @property
    def kind(self) -> PendingKind:
        return "pc-failure"

    @property
    def law(self) -> str:
        """The clause broken: 50D1 or 50C."""
        return (MAJOR_NOT_PLAYED if self.major else MINOR_NOT_PLAYED).clause

    def offer(self, table: State) -> Awaiting:
        declarer = play_table(table).declarer
        assert declarer is not None
        return OFFERED.offer(declarer.letter)  # declarer may accept the card played

    def faced(self) -> tuple[Card, ...]:
        return (self.card,)  # played (52), face up while declarer decides (52B1a)

    @staticmethod
    def opened(table: State, seat: Seat, card: Card, obligation: Obligation | None) -> bool:
        """``seat`` plays ``card`` in turn: if it fails to play a penalty card, the matter is
        opened (and the card waits, faced); else False."""
        t = play_table(table)
        broken = not_played(t, seat, card, obligation)
        if broken is None:
            return False
        t.pending = PenaltyCardNotPlayed(offender=seat, card=card, major=broken is MAJOR_NOT_PLAYED)
        return True

    def answer(self, table: State, event: Event) -> None:
        t = play_table(table)
        assert t.declarer is not None
        o, card = self.offender, self.card
        dummy = t.declarer.partner
        if event.action is Action.CARD and event.who in (t.declarer.letter, dummy.letter):
            # declarer accepts the card by playing after it from either hand
            assert event.card is not None
            t.pending = None
            PLAYED_AFTER.rule(t, o, card=card)
            self.accepted(t)
            t.card_played(event.seat, event.card)
            return
        if event.who != t.declarer.letter or event.action not in ACCEPT_OR_DECLINE:
            raise ScriptError(
                event.index,
                refuse("event.waits-law52", declarer=t.declarer.letter),
            )
        t.pending = None
        if event.action is Action.ACCEPT:
            ACCEPTED.rule(t, o, card=card)
            self.accepted(t)
            return
        pc = next(c for s, c, _ in t.penalty_cards if s == o and not_played(t, o, card) is not None)
        t.penalty_cards.append((o, card, "major"))
        t._all_major(o)
        REQUIRED.rule(t, o, penalty_card=pc, card=card)
        t._play(o, pc)

    def accepted(self, t: PlayTable) -> None:
        """The card played instead of the penalty card stands."""
        t._play(self.offender, self.card)
        play = t.play
        assert play is not None
        for revoke in play.revokes:
            if revoke.seat == self.offender and revoke.card == self.card and self.major:
                revoke.faced_card = True  # 64B3: the penalty card could have followed


__all__ = ["DECLARED", "PenaltyCardNotPlayed", "not_played"]
