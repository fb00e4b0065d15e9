"""Law 45D: a card dummy played without declarer designating it; 45F: dummy suggests a card.
Dummy's card not designated goes back if attention is drawn before each side has played to
the next trick, with the cards played after it (45D1: declarer keeps his own card unless his
right-hand opponent changes his); later it stands (2017 45D2; 2007 has no 45D2 and says so).
What the cards put back showed is unauthorized for declarer's side (16C). Dummy touching or
suggesting a card without instruction (45F) is reviewed for an adjusted score.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8"]:
...     table.apply_text(text)
>>> table.apply_text("director not-designated")  # dummy played D8 by himself
>>> from bridgelaw.cards import card_name
>>> [r.law for r in table.rulings], [card_name(c) for c in table.play.trick if c is not None]
(['45D1'], ['DK'])
"""

from __future__ import annotations

from bridgelaw.cards import Card, card_name
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.play.layer import DummyTable, dummy_of, dummy_table, places_in_order
from bridgelaw.table.state import Obligation
from bridgelaw.table.state import TableState as State

STANDS = Varies("45D2", "not_designated")
"""2017 45D2: found late, dummy's card stands; 2007 has no 45D2, which its sentence says."""

TOO_LATE = Applies(
    "45D2", "rule", "law45d-not-designated.dummy-was-not-designated-2", within=STANDS.tag
)
TOO_LATE_REVOKED = Applies(
    "45D2",
    "rule",
    "law45d-not-designated.dummy-was-not-designated-2.revoked",
    within=STANDS.tag,
)
TOO_LATE_2007 = Applies(
    "45D",
    "rule",
    "law45d-not-designated.dummy-was-not-designated-2.2007",
    edition=2007,
    within=STANDS.tag,
)
TOO_LATE_REVOKED_2007 = Applies(
    "45D",
    "rule",
    "law45d-not-designated.dummy-was-not-designated-2.2007-revoked",
    edition=2007,
    within=STANDS.tag,
)
REVOKED = Applies("64C", "review", "law45d-not-designated.dummy-not-designated-revoked")
BACK = Applies("45D1", "rule", "law45d-not-designated.dummy-was-not-designated", by_book=True)
BACK_LATER = Applies(
    "45D1", "rule", "law45d-not-designated.dummy-was-not-designated.later", by_book=True
)
DECLARER_KEEPS = Applies("45D1", "obligation", by_book=True)  # unless the RHO changes his
RHO_CHANGED = Applies("45D1", "rule", "law45d-rho-plays", by_book=True)
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # the cards put back
SUGGESTED = Applies("45F", "rule", "law45f-suggests.dummy-touched-or-suggested")
SUGGESTED_ANY = Applies("45F", "rule", "law45f-suggests.dummy-touched-or-suggested.any")
SUGGESTED_ADJUSTED = Applies("45F", "review", "law45f-suggests.dummy-suggested-adjusted-score")
SUGGESTED_ADJUSTED_ANY = Applies(
    "45F", "review", "law45f-suggests.dummy-suggested-adjusted-score.any"
)

DECLARED: Declared = Declared(
    law="45D, 45F",
    matter="DummyCardNotDesignated",
    module=__name__,
    applies=(
        TOO_LATE,
        TOO_LATE_REVOKED,
        TOO_LATE_2007,
        TOO_LATE_REVOKED_2007,
        REVOKED,
        BACK,
        BACK_LATER,
        DECLARER_KEEPS,
        RHO_CHANGED,
        UNAUTHORIZED,
        SUGGESTED,
        SUGGESTED_ANY,
        SUGGESTED_ADJUSTED,
        SUGGESTED_ADJUSTED_ANY,
    ),
    varies=(STANDS,),
)


class DummyCardNotDesignated:
    """The director's finding ``director not-designated [<card>]`` (45D), what the cards put
    back then lead to at the next plays, and dummy's ``suggests [<card>]`` (45F)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        t = dummy_table(table)
        if event.action is Action.SUGGESTS:
            DummyCardNotDesignated.suggests(t, event.card)
        else:
            DummyCardNotDesignated.not_designated(t, event.card)

    @staticmethod
    def not_designated(t: DummyTable, named: Card | None) -> None:
        """45D: the card dummy played without declarer designating it (``named``, or dummy's
        last card) goes back if attention is drawn before each side has played to the next
        trick (45D1); later it stands (45D2; 2007 has no 45D2)."""
        play = t.play
        if play is None or t.declarer is None:
            raise ScriptError(t.event_index, refuse("event.dummy-played-none"))
        d = dummy_of(t)
        cards = places_in_order(t)
        mine = [
            i
            for i, (_, s, c) in enumerate(cards)
            if s == d and c is not None and named in (None, c)
        ]
        if not mine:
            refused = (
                refuse("event.dummy-played-none")
                if named is None
                else refuse("event.dummy-played-no-card", card=card_name(named))
            )
            raise ScriptError(t.event_index, refused)
        position = mine[-1]
        trick, _, card = cards[position]
        assert card is not None  # one of dummy's cards (mine)
        next_sides = {s.side for i, s, c in cards if i == trick + 1 and c is not None}
        too_late = len(next_sides) == 2 or any(i > trick + 1 for i, _, _ in cards)
        if too_late:
            dummy_revoke = any(
                r.seat == d and r.card == card and r.trick == trick for r in play.revokes
            )
            stands, revoked = t.by_edition(  # 2007 has no 45D2: the sentence says so
                STANDS.tag,
                e2017=(TOO_LATE, TOO_LATE_REVOKED),
                e2007=(TOO_LATE_2007, TOO_LATE_REVOKED_2007),
            )
            (revoked if dummy_revoke else stands).rule(t, d, card=card)
            if dummy_revoke:
                REVOKED.review(t, card=card)
            return
        later = [(i, s, c) for i, s, c in cards[position + 1 :] if c is not None]
        for _ in range(len(later) + 1):
            play.take_back_last()
        t.law45d_back = ((d, card), *((s, c) for _, s, c in later))
        declarer = t.declarer
        own = [c for i, s, c in later if s == declarer and i == trick]
        rho = [c for i, s, c in later if s == declarer.rho and i == trick]
        if own and rho:
            t.must_play[declarer] = Obligation(DECLARER_KEEPS.law(t), card=own[0])
            t.law45d_rho = (declarer.rho, rho[0])
        if later:
            back_too = ", ".join(f"{s.letter}'s {card_name(c)}" for _, s, c in later)
            BACK_LATER.rule(t, d, card=card, played=back_too)
        else:
            BACK.rule(t, d, card=card)

    @staticmethod
    def replaced(table: State, event: Event) -> None:
        """16C, which 45D1 cites (2007 45D: 16D): a card put back under 45D1 is withdrawn once
        its player plays another in its place. Dummy's offence makes declarer's side the
        offending side: the defenders' withdrawn cards are unauthorized for it (16C2), and so
        are its own (dummy's, declarer's changed card)."""
        t = dummy_table(table)
        assert t.declarer is not None
        back = t.law45d_back
        for i, (seat, card) in enumerate(back):
            if event.who == seat.letter:
                t.law45d_back = back[:i] + back[i + 1 :]
                if event.card != card:
                    t.mark_card_unauthorized(seat, card, t.declarer.side, UNAUTHORIZED.clause)
                return

    @staticmethod
    def rho_plays(table: State, event: Event) -> None:
        """45D1: if declarer's RHO plays another card than the one he took back, declarer may
        change his own card too."""
        t = dummy_table(table)
        if t.law45d_rho is None or t.declarer is None:
            return
        rho, old = t.law45d_rho
        if event.action is not Action.CARD or event.who != rho.letter:
            return
        t.law45d_rho = None
        if event.card != old:
            t.must_play.pop(t.declarer, None)
            RHO_CHANGED.rule(t, None, rho=rho)

    @staticmethod
    def suggests(t: DummyTable, card: Card | None) -> None:
        """45F: dummy touches or suggests a card (``card``, or one not named)."""
        play = t.play
        assert play is not None
        d = dummy_of(t)
        if not play.played:
            raise ScriptError(t.event_index, refuse("event.dummy-faced-after-lead"))
        if card is not None and not play.holds(d, card):
            raise ScriptError(
                t.event_index, refuse("event.dummy-does-not-hold", card=card_name(card))
            )
        t.dummy_suggested = len(play.tricks)  # 57C2 for a defender's premature play now
        if card is None:  # a card, not named
            SUGGESTED_ANY.rule(t, d, dummy=d)
            SUGGESTED_ADJUSTED_ANY.review(t)
        else:
            SUGGESTED.rule(t, d, dummy=d, card=card)
            SUGGESTED_ADJUSTED.review(t, card=card)


__all__ = ["DECLARED", "DummyCardNotDesignated"]
