"""Law 50D2 (one major penalty card) and 51B (two or more): before a defender leads while his
partner has major penalty cards, declarer requires the lead of one of their suits or forbids
it (51B2b: one or more of them; the penalty cards of the suits named are picked up), or does
neither and the cards stay (50D2b, 51B2c). A lead made before declarer has chosen is a penalty
card itself (49, major as played deliberately) and his choice stays open. The offer is the
play's own, not a pending irregularity (``PlayChoice.PENALTY_SUITS``).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "W S5", "N decline"]:
...     table.apply_text(text)  # West's S5: a major penalty card; East is on lead
>>> table.awaiting
Awaiting(who='N', law='50D2', options=('require S', 'forbid S', 'no-restriction'))
>>> table.apply_text("N forbid S")
>>> table.rulings[-1].law, table.penalty_cards
('50D2a', [])
"""

from __future__ import annotations

from itertools import combinations

from bridgelaw.cards import SUIT_LETTERS, Seat, Suit
from bridgelaw.table.events import Action, Event
from bridgelaw.table.messages import say
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.rules.play.layer import PlayTable, declarer_chooses_first, play_table
from bridgelaw.table.state import Awaiting, LeadRestriction, chosen
from bridgelaw.table.state import TableState as State

# the suits to require or forbid, or neither
OFFERED = Applies("50D2", "offer", title="a major penalty card, and its owner's partner is on lead")
OFFERED_SEVERAL = Applies(
    "51B", "offer", title="several major penalty cards, and their owner's partner is on lead"
)
NEITHER_ONE = Applies("50D2b", "rule", "law50d2-choice.declarer-does-not-restrict.one")
NEITHER_MANY = Applies("50D2b", "rule", "law50d2-choice.declarer-does-not-restrict.many")
NEITHER_SEVERAL_SUITS = Applies("51B2c", "rule", "law50d2-choice.declarer-does-not-restrict.many")
CHOSEN = "law50d2-choice.declarer-chooses-penalty-cards"
LEFT = CHOSEN + ".left"  # penalty cards of other suits stay on the table
REQUIRED = Applies("50D2a", "rule", CHOSEN)
REQUIRED_LEFT = Applies("50D2a", "rule", LEFT)
REQUIRED_ONE_SUIT = Applies("51B1a", "rule", CHOSEN)
REQUIRED_ONE_SUIT_LEFT = Applies("51B1a", "rule", LEFT)
FORBIDDEN_ONE_SUIT = Applies("51B1b", "rule", CHOSEN)
FORBIDDEN_ONE_SUIT_LEFT = Applies("51B1b", "rule", LEFT)
REQUIRED_OF_SEVERAL = Applies("51B2a", "rule", CHOSEN)
REQUIRED_OF_SEVERAL_LEFT = Applies("51B2a", "rule", LEFT)
FORBIDDEN_OF_SEVERAL = Applies("51B2b", "rule", CHOSEN)
FORBIDDEN_OF_SEVERAL_LEFT = Applies("51B2b", "rule", LEFT)
LEAD = Applies("50D2a", "lead")  # the restriction, cited by the clause that chose it
LEAD_ONE_SUIT_REQUIRED = Applies("51B1a", "lead")
LEAD_ONE_SUIT_FORBIDDEN = Applies("51B1b", "lead")
LEAD_OF_SEVERAL_REQUIRED = Applies("51B2a", "lead")
LEAD_OF_SEVERAL_FORBIDDEN = Applies("51B2b", "lead")
TOO_EARLY = Applies("49", "rule", "law50d2-premature-lead")
TOO_EARLY_PENALTY = Applies("49", "penalty")

DECLARED: Declared = Declared(
    law="50D2-51B",
    matter="PenaltyCardSuits",
    module=__name__,
    applies=(
        OFFERED,
        OFFERED_SEVERAL,
        NEITHER_ONE,
        NEITHER_MANY,
        NEITHER_SEVERAL_SUITS,
        REQUIRED,
        REQUIRED_LEFT,
        REQUIRED_ONE_SUIT,
        REQUIRED_ONE_SUIT_LEFT,
        FORBIDDEN_ONE_SUIT,
        FORBIDDEN_ONE_SUIT_LEFT,
        REQUIRED_OF_SEVERAL,
        REQUIRED_OF_SEVERAL_LEFT,
        FORBIDDEN_OF_SEVERAL,
        FORBIDDEN_OF_SEVERAL_LEFT,
        LEAD,
        LEAD_ONE_SUIT_REQUIRED,
        LEAD_ONE_SUIT_FORBIDDEN,
        LEAD_OF_SEVERAL_REQUIRED,
        LEAD_OF_SEVERAL_FORBIDDEN,
        TOO_EARLY,
        TOO_EARLY_PENALTY,
    ),
)

#: what declarer's choice applies: (several cards, all of one suit, require) -> the ruling
#: (without, and with penalty cards left on the table), the lead restriction
_CHOICES: dict[tuple[bool, bool, bool], tuple[Applies, Applies, Applies]] = {
    (False, True, True): (REQUIRED, REQUIRED_LEFT, LEAD),
    (False, True, False): (REQUIRED, REQUIRED_LEFT, LEAD),
    (True, True, True): (REQUIRED_ONE_SUIT, REQUIRED_ONE_SUIT_LEFT, LEAD_ONE_SUIT_REQUIRED),
    (True, True, False): (FORBIDDEN_ONE_SUIT, FORBIDDEN_ONE_SUIT_LEFT, LEAD_ONE_SUIT_FORBIDDEN),
    (True, False, True): (REQUIRED_OF_SEVERAL, REQUIRED_OF_SEVERAL_LEFT, LEAD_OF_SEVERAL_REQUIRED),
    (True, False, False): (
        FORBIDDEN_OF_SEVERAL,
        FORBIDDEN_OF_SEVERAL_LEFT,
        LEAD_OF_SEVERAL_FORBIDDEN,
    ),
}


def _major_cards(t: PlayTable, owner: Seat) -> list[int]:
    return [c for s, c, kind in t.penalty_cards if s == owner and kind == "major"]


class PenaltyCardSuits:
    """50D2/51B's offer and its answer."""

    @staticmethod
    def offer(table: State) -> Awaiting | None:
        """Declarer's offer before a defender leads while his partner has major penalty
        cards (once a lead), or None."""
        t = play_table(table)
        play = t.play
        if not t.penalty_cards or t.declarer is None:
            return None  # no penalty card: no choice (asked at every card)
        if play is not None and (play.trick or play.is_over):
            return None
        # before the opening lead too: penalty cards from the auction (24E) are offered then
        leader = t.declarer.lho if play is None else play.leader
        tricks = 0 if play is None else len(play.tricks)
        if leader.side == t.declarer.side or t.pc_choice_made == tricks:
            return None
        cards = _major_cards(t, leader.partner)
        if not cards:
            return None
        suits = [SUIT_LETTERS[s] for s in sorted({c // 13 for c in cards}, reverse=True)]
        options = [f"require {x}" for x in suits]
        for size in range(1, len(suits) + 1):
            options += [f"forbid {' '.join(c)}" for c in combinations(suits, size)]
        offered = OFFERED_SEVERAL if len(cards) > 1 else OFFERED
        return offered.offer(t.declarer.letter, (*options, "no-restriction"))

    @staticmethod
    def answer(table: State, offer: Awaiting, event: Event) -> None:
        t = play_table(table)
        assert t.play is not None and t.declarer is not None
        if chosen(offer.who, offer.options, event) is None:
            if event.action is Action.EXPOSE and event.card is not None:
                # 49: another card shown while declarer is to choose is a penalty card too;
                # the owner's second one makes both major (50B), and the option 51B's
                t._law48_49_exposed(event.seat, event.card)
                return
            leader = t.play.leader
            if event.action is Action.CARD and event.seat == leader and not t.play.trick:
                assert event.card is not None
                PenaltyCardSuits.too_early(t, leader, event.card)
                return
            raise declarer_chooses_first(event, offer)
        t.pc_choice_made = len(t.play.tricks)
        leader = t.play.leader
        owner = leader.partner
        mine = [c for s, c, _ in t.penalty_cards if s == owner]
        several = len(_major_cards(t, owner)) > 1  # the offer was 51B's
        one_suit = len({c // 13 for c in mine}) == 1
        if event.action is Action.NO_RESTRICTION:
            if several and not one_suit:
                neither = NEITHER_SEVERAL_SUITS
            else:
                neither = NEITHER_MANY if len(mine) > 1 else NEITHER_ONE
            neither.rule(t, owner, leader=leader, owner=owner)
            return
        suits = [s.letter for s in event.suits]
        require = event.action is Action.REQUIRE
        ruling, ruling_left, lead = _CHOICES[(several, one_suit, require)]
        # the penalty cards of the suits named are picked up; the restriction holds while the
        # leader keeps the lead
        t.penalty_cards = [
            pc
            for pc in t.penalty_cards
            if not (pc[0] == owner and SUIT_LETTERS[pc[1] // 13] in suits)
        ]
        for suit in suits:
            t.lead_restrictions.append(
                LeadRestriction(
                    leader,
                    owner,
                    lead.clause,
                    t.event_index,
                    kind="require" if require else "forbid",
                    suit=suit,
                )
            )
        verb = "must lead" if require else "may not lead"
        names = [Suit.parse(x).name.lower() for x in suits]
        if len(names) == 1:
            named = say("suits.one", word=names[0])
        elif len(names) == 2:
            named = say("suits.two", word=names[0], word2=names[1])
        elif len(names) == 3:
            named = say("suits.three", word=names[0], word2=names[1], word3=names[2])
        else:
            named = say("suits.four", word=names[0], word2=names[1], word3=names[2], word4=names[3])
        picked = say("suits.picked.one" if len(suits) == 1 else "suits.picked.many")
        left = tuple(c for s, c, _ in t.penalty_cards if s == owner)
        if left:
            ruling_left.rule(
                t,
                owner,
                leader=leader,
                verb=verb,
                suits=named,
                owner=owner,
                picked=picked,
                cards=left,
            )
        else:
            ruling.rule(t, owner, leader=leader, verb=verb, suits=named, owner=owner, picked=picked)

    @staticmethod
    def too_early(t: PlayTable, seat: Seat, card: int) -> None:
        """The defender on lead may not lead until declarer has stated his option; a lead made
        before that is rectified under Law 49: the card is a penalty card, major as one played
        deliberately (50B), and declarer's option stays open."""
        t._check_card_in_hand(seat, card)
        t.penalty_cards.append((seat, card, "major"))
        t._all_major(seat)
        TOO_EARLY.rule(t, seat, seat=seat, card=card, partner=seat.partner)


__all__ = ["DECLARED", "PenaltyCardSuits"]
