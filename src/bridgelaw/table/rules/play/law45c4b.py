"""Law 45C4b: an unintended designation of dummy's card. The director finds declarer's naming
of dummy's card a slip of the tongue: the card goes back and declarer names another, provided
he has not played from either hand since. If declarer's right-hand opponent had meanwhile
played a card, it goes back too, and once dummy's card is named again he may keep it or take it
back without rectification (with 47D and 16C1). The 2007 clause let any player so correct an
unintended naming of a card (the last card played goes back).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8", "W D5",
...              "N DA", "E HA", "S H6", "W H3", "director unintended"]:
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='S', law='45C4b', options=('H9', 'H8', 'H7', 'H6'))
>>> table.apply_text("S H9")
>>> table.awaiting
Awaiting(who='W', law='45C4b', options=('accept', 'decline'))
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import ACCEPT_OR_DECLINE, Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Means, Varies
from bridgelaw.table.rules.play.layer import PlayTable, play_table
from bridgelaw.table.state import Awaiting, Pending, PendingKind
from bridgelaw.table.state import TableState as State

FOUND_BY = Varies("45C4b", "found")
"""2017: declarer's designation of dummy's card only; 2007: any player's naming of a card."""

FOUND = Applies("45C4b", "rule", "law45c4b-unintended-designation", within=FOUND_BY.tag)
FOUND_RHO_BACK = Applies(
    "45C4b", "rule", "law45c4b-unintended-designation.rho-back", within=FOUND_BY.tag
)
FOUND_2007 = Applies("45C4b", "rule", "law45c4b-2007", within=FOUND_BY.tag)
# dummy's cards declarer may name now
TO_NAME_AGAIN = Applies(
    "45C4b",
    "offer",
    title="a card named unintentionally",
    means=(
        Means("accept", "45C4b", "the card stays played"),
        Means(
            "decline",
            "45C4b",
            ("the card is taken back and another played, with no rectification (16C1)"),
        ),
    ),
)
STAYS_BACK = Applies("45C4b", "rule", "law45c4b-renamed.stays-back-hand-not")
WOULD_NOT_FOLLOW = Applies("45C4b", "rule", "law45c4b-renamed.would-not-follow-suit")
OFFERED = Applies("45C4b", "offer", options=("accept", "decline"))  # the RHO keeps his card?
KEPT = Applies("45C4b", "rule", "law45c4b-rho-answer.keeps-played-before-correction")
TAKEN_BACK = Applies("45C4b", "rule", "law45c4b-rho-answer.takes-back-without-rectification")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # the RHO's card, to declarer's side

DECLARED: Declared = Declared(
    law="45C4b",
    matter="DesignationChanged",
    module=__name__,
    applies=(
        FOUND,
        FOUND_RHO_BACK,
        FOUND_2007,
        TO_NAME_AGAIN,
        STAYS_BACK,
        WOULD_NOT_FOLLOW,
        OFFERED,
        KEPT,
        TAKEN_BACK,
        UNAUTHORIZED,
    ),
    varies=(FOUND_BY,),
)


def _take_back(t: PlayTable, seat: Seat) -> tuple[Seat, Card]:
    play = t.play
    assert play is not None
    try:
        return play.take_back_last()
    except IndexError:  # a place left empty (67): nothing of ``seat``'s to take back
        raise ScriptError(
            t.event_index, refuse("event.nothing-to-take-back", seat=seat.letter)
        ) from None


@dataclass(kw_only=True)
class DesignationChanged(Pending):
    """Declarer changed dummy's card; the RHO (``offender``) may take back the card he played
    over it."""

    card: Card
    """The RHO's card played over the card changed."""

    @property
    def kind(self) -> PendingKind:
        return "designation-changed"

    def offer(self, table: State) -> Awaiting:
        return OFFERED.offer(self.offender.letter)

    def answer(self, table: State, event: Event) -> None:
        """The RHO keeps his card (``accept``, or by playing it again) or takes it back
        (``decline``, or by playing another card)."""
        t = play_table(table)
        rho, old = self.offender, self.card
        if event.seat == rho and event.action is Action.CARD:
            assert event.card is not None
            keep = event.card == old
        elif event.who == rho.letter and event.action in ACCEPT_OR_DECLINE:
            keep = event.action is Action.ACCEPT
        else:
            raise ScriptError(
                event.index,
                refuse("event.waits-rho-45c4b", rho=rho.letter, card=card_name(old)),
            )
        t.pending = None
        if keep:
            KEPT.rule(t, None, rho=rho, old=old)
            t.card_played(rho, old)
            return
        # the clause cites 16C1 (2007: 16D1): the RHO's card taken back is authorized for his
        # side; 16C2 makes it unauthorized for declarer's, whose slip led to it
        t.mark_card_unauthorized(rho, old, rho.side ^ 1)
        TAKEN_BACK.rule(t, None, rho=rho, old=old)
        if event.action is Action.CARD:
            assert event.card is not None
            t.card_played(rho, event.card)

    # -- the director's finding, and dummy's card named again ---------------------------------

    @staticmethod
    def found(table: State) -> None:
        """The director finds the last designation (2007: naming) unintended."""
        t = play_table(table)
        correct = t.by_edition(
            FOUND_BY.tag,
            e2017=DesignationChanged.unintended_designation,
            e2007=DesignationChanged.unintended_naming_2007,
        )
        correct(t)

    @staticmethod
    def unintended_designation(t: PlayTable) -> None:
        """2017: declarer's designation of dummy's card goes back (and the RHO's card played
        after it); declarer names dummy's card again first."""
        play = t.play
        assert t.declarer is not None
        if play is None or not play.played:
            raise ScriptError(t.event_index, refuse("event.no-card-played"))
        dummy, rho = t.declarer.partner, t.declarer.rho
        rho_card: Card | None = None
        if t._last_player() == rho:
            _, rho_card = _take_back(t, rho)
        # (nothing left to look at when the card taken back was an opening lead by the RHO)
        if not (play.trick or play.tricks) or t._last_player() != dummy:
            raise ScriptError(t.event_index, refuse("event.law45c4b-only-designation"))
        _, card = _take_back(t, dummy)
        if rho_card is None:
            FOUND.rule(t, None, card=card)
            return
        t.law45c4b_rho = (rho, rho_card)
        FOUND_RHO_BACK.rule(t, None, card=card, rho=rho, card2=rho_card)

    @staticmethod
    def unintended_naming_2007(t: PlayTable) -> None:
        """2007: any player may correct at once an unintended naming of a card, before his
        partner plays; the finding concerns the last card played."""
        play = t.play
        if play is None or not play.played:
            raise ScriptError(t.event_index, refuse("event.no-card-played"))
        try:
            seat, card = play.take_back_last()
        except IndexError:  # a place left empty (67): no card to take back
            raise ScriptError(t.event_index, refuse("event.last-place-empty")) from None
        FOUND_2007.rule(t, None, seat=seat, card=card)

    @staticmethod
    def name_again(table: State) -> Awaiting:
        """Declarer names dummy's card again before anything else happens."""
        t = play_table(table)
        assert t.declarer is not None
        return TO_NAME_AGAIN.offer(t.declarer.partner.letter, t._legal_names())

    @staticmethod
    def named_again(table: State, event: Event) -> None:
        """Dummy's card named again; then the RHO is asked whether he keeps the card he had
        played (unless he may no longer, or must follow suit with another)."""
        t = play_table(table)
        assert t.law45c4b_rho is not None and t.play is not None
        assert t.declarer is not None
        rho, old = t.law45c4b_rho
        dummy = t.declarer.partner
        if event.action is not Action.CARD or event.seat != dummy:
            raise ScriptError(
                event.index,
                refuse("event.names-again-first", rho=rho.letter, card=card_name(old)),
            )
        assert event.card is not None
        t.law45c4b_rho = None
        t.card_played(dummy, event.card)
        play = t.play
        if t.pending is not None or play.is_over or play.turn != rho:
            t.mark_card_unauthorized(rho, old, rho.side ^ 1)  # 16C1, as below
            STAYS_BACK.rule(t, None, rho=rho, old=old)
            return
        if play.trick and old // 13 != play.led_suit() and play.can_follow(rho):
            t.mark_card_unauthorized(rho, old, rho.side ^ 1)  # 16C1, as below
            WOULD_NOT_FOLLOW.rule(t, None, old=old, rho=rho)
            return
        t.pending = DesignationChanged(offender=rho, card=old)


__all__ = ["DECLARED", "DesignationChanged"]
