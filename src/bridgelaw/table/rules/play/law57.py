"""Law 57: a premature lead or play. A defender who plays before his partner (57A) has a major
penalty card, and declarer chooses how the partner plays to the trick: highest, lowest, (2017)
a suit required, or a suit forbidden; a partner unable to comply plays any legal card (57B).
No rectification when declarer had already played from both hands (57C1: a lead to the next
trick waits for the trick's end), after dummy suggested a card (57C2), or for declarer's own
premature play, which stands if legal (57C3). A card shown at the right-hand opponent's turn
(2017 57D) is played at the player's own turn if legal, else a major penalty card (2007: an
exposed card, 49). What a player must do at his next turn is his obligation (``must_play``);
a play that does not fit it is refused, or is a revoke (61A: a suit required or forbidden;
2007 any play demanded).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "W D5"]:
...     table.apply_text(text)  # West plays at dummy's turn, his RHO's
>>> [r.law for r in table.rulings]
['57D']
"""

from __future__ import annotations

from bridgelaw.cards import SUIT_LETTERS, Card, Seat, card_name
from bridgelaw.table.events import Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.play.law53_56 import LeadOutOfTurn
from bridgelaw.table.rules.play.layer import PlayTable, declarer_chooses_first, play_table
from bridgelaw.table.state import Awaiting, Obligation, chosen
from bridgelaw.table.state import TableState as State

CHOICES = Varies("57A", "defender")
"""Declarer's options: 2017 highest, lowest, a suit required or forbidden; 2007 no suit
required."""
SHOWN_AT_RHO = Varies("57D", "defender")
"""2017 57D: a card shown at the RHO's turn; 2007 has no 57D: an exposed card (49)."""
DEMANDED = Varies("61A", "playable")
"""2007 61A: any play not as demanded, when able, is a revoke (2017: a suit only)."""
DEMANDED_AT_TURN = Varies("61A", "obligation_at_turn")

EARLY_LEAD = Applies("57C1", "rule", "law57c1-early-lead")
# 2007: part of its 57C1
DUMMY_SUGGESTED = Applies(
    "57C2", "rule", "law57-premature.played-early-but-dummy.plays", by_book=True
)
DUMMY_SUGGESTED_BACK = Applies(
    "57C2", "rule", "law57-premature.played-early-but-dummy.back", by_book=True
)
DUMMY_SUGGESTED_OBLIGED = Applies("57C2", "obligation", by_book=True)
BEFORE_PARTNER = Applies("57A", "rule", "law57-premature.played-before-partner-becomes")
BEFORE_PARTNER_PENALTY = Applies("57A", "penalty")
BEFORE_PARTNER_OBLIGED = Applies("57A", "obligation")  # the partner, as declarer chooses
OFFERED = Applies("57A", "offer", title="a defender led or played before his partner had played")
CHOSEN = Applies("57A", "rule", "law57-choose")
NOT_FEASIBLE = Applies("57B", "rule", "law57-obligation")
AT_RHO = Applies("57D", "rule", "law57d.showed-at-rho-turn", within=SHOWN_AT_RHO.tag)
AT_RHO_OBLIGED = Applies("57D", "obligation", within=SHOWN_AT_RHO.tag)
AT_RHO_ILLEGAL = Applies("57D", "rule", "law57d.showed-at-rho-turn-2", within=SHOWN_AT_RHO.tag)
AT_RHO_PENALTY = Applies("57D", "penalty", within=SHOWN_AT_RHO.tag)
AT_RHO_2007 = Applies("49", "rule", "law57d-2007", within=SHOWN_AT_RHO.tag)
AT_RHO_PENALTY_2007 = Applies("49", "penalty", within=SHOWN_AT_RHO.tag)
# 2007: 57C2
DECLARER_BACK = Applies("57C3", "rule", "law57c3-premature.played-before-turn-could", by_book=True)
DECLARER_STANDS = Applies(
    "57C3", "rule", "law57c3-premature.played-before-turn-counts", by_book=True
)
DECLARER_OBLIGED = Applies("57C3", "obligation", by_book=True)

DECLARED: Declared = Declared(
    law="57",
    matter="PrematurePlay",
    module=__name__,
    applies=(
        EARLY_LEAD,
        DUMMY_SUGGESTED,
        DUMMY_SUGGESTED_BACK,
        DUMMY_SUGGESTED_OBLIGED,
        BEFORE_PARTNER,
        BEFORE_PARTNER_PENALTY,
        BEFORE_PARTNER_OBLIGED,
        OFFERED,
        CHOSEN,
        NOT_FEASIBLE,
        AT_RHO,
        AT_RHO_OBLIGED,
        AT_RHO_ILLEGAL,
        AT_RHO_PENALTY,
        AT_RHO_2007,
        AT_RHO_PENALTY_2007,
        DECLARER_BACK,
        DECLARER_STANDS,
        DECLARER_OBLIGED,
    ),
    varies=(CHOICES, SHOWN_AT_RHO, DEMANDED, DEMANDED_AT_TURN),
)


def _played_to_this_trick(t: PlayTable, seat: Seat) -> bool:
    play = t.play
    assert play is not None
    return (seat - play.leader) & 3 < len(play.trick)


class PrematurePlay:
    """Law 57's rules: the premature card when it is played, the offer of 57A and its
    answer, and the obligation at the player's later turn."""

    @staticmethod
    def defender(table: State, seat: Seat, card: Card) -> None:
        """A defender plays ``card`` before his turn (not a lead out of turn)."""
        t = play_table(table)
        play = t.play
        assert play is not None and t.declarer is not None
        turn = play.turn
        led = play.led_suit()
        legal_then = card // 13 == led or not play.can_follow(seat)
        partner = seat.partner
        if _played_to_this_trick(t, seat):  # a lead to the next trick, made early
            if _played_to_this_trick(t, partner):
                t.early_lead = (seat, card)  # not Law 57: judged when the trick ends
                return
            if _played_to_this_trick(t, t.declarer) and _played_to_this_trick(
                t, t.declarer.partner
            ):
                # declarer has played from both hands: no rectification; the card waits, and
                # at the end of the trick it is his lead if he won it, else a lead out of turn
                t.early_lead = (seat, card)
                EARLY_LEAD.rule(t, seat, seat=seat, card=card)
                return
        if t.dummy_suggested == len(play.tricks) and play.trick:
            # dummy suggested a card in this trick: no rectification; a legal card is his card
            # to the trick at his turn, an illegal one goes back
            if legal_then and not _played_to_this_trick(t, seat):
                t.must_play[seat] = Obligation(DUMMY_SUGGESTED_OBLIGED.law(t), card=card)
            suggested = DUMMY_SUGGESTED if legal_then else DUMMY_SUGGESTED_BACK
            suggested.rule(t, seat, seat=seat, card=card)
            return
        if turn == partner or _played_to_this_trick(t, seat):
            # a major penalty card, and declarer chooses how the partner plays
            t.penalty_cards.append((seat, card, "major"))
            t._all_major(seat)
            others = [SUIT_LETTERS[s] for s in (3, 2, 1, 0) if s != led]
            requires = t.by_edition(
                CHOICES.tag, e2017=[f"require {x}" for x in others], e2007=list[str]()
            )
            options = ("highest", "lowest", *requires, *(f"forbid {x}" for x in others))
            t.must_play[partner] = Obligation(BEFORE_PARTNER_OBLIGED.clause, options=options)
            BEFORE_PARTNER.rule(t, seat, seat=seat, card=card, partner=partner)
            return
        shown = t.by_edition(
            SHOWN_AT_RHO.tag, e2017=PrematurePlay.at_rho, e2007=PrematurePlay.exposed_2007
        )
        shown(t, seat, card, legal_then)

    @staticmethod
    def at_rho(t: PlayTable, seat: Seat, card: Card, legal_then: bool) -> None:
        """2017 57D: a card shown at the RHO's turn: a legal one is played at his turn."""
        if legal_then:
            t.must_play[seat] = Obligation(AT_RHO_OBLIGED.clause, card=card)
            AT_RHO.rule(t, seat, seat=seat, card=card)
            return
        t.penalty_cards.append((seat, card, "major"))
        t._all_major(seat)
        AT_RHO_ILLEGAL.rule(t, seat, seat=seat, card=card)

    @staticmethod
    def exposed_2007(t: PlayTable, seat: Seat, card: Card, legal_then: bool) -> None:
        """2007 has no 57D: a card shown at the RHO's turn is an exposed card (49, 50B)."""
        t.penalty_cards.append((seat, card, "major"))
        t._all_major(seat)
        AT_RHO_2007.rule(t, seat, seat=seat, card=card)

    @staticmethod
    def early_lead_due(table: State) -> None:
        """The trick over, a lead made early is his lead if he won the trick, else a lead
        out of turn."""
        t = play_table(table)
        play = t.play
        assert play is not None and t.early_lead is not None
        seat, card = t.early_lead
        t.early_lead = None
        if t.pending is not None or not play.holds(seat, card):  # pragma: no cover
            return
        if play.leader == seat:
            t.card_played(seat, card)  # his lead stands as made
        else:
            LeadOutOfTurn.opened(table, seat, card)  # Laws 53-56

    @staticmethod
    def declarer(table: State, seat: Seat, card: Card) -> None:
        """Declarer plays (not leads) from either hand before his turn: the card counts as
        played and, if legal, stays: it is that hand's card to the trick. An illegal one goes
        back without rectification (declarer's cards are never penalty cards, 48A). A card
        from a hand that has already played to this trick is a lead to the next one, judged
        when this trick ends (55 if from the wrong hand)."""
        t = play_table(table)
        play = t.play
        assert play is not None
        if _played_to_this_trick(t, seat):
            t.early_lead = (seat, card)
            return
        legal = card // 13 == play.led_suit() or not play.can_follow(seat)
        if not legal:
            DECLARER_BACK.rule(t, seat, seat=seat, card=card)
            return
        t.must_play[seat] = Obligation(DECLARER_OBLIGED.law(t), card=card)
        DECLARER_STANDS.rule(t, seat, seat=seat, card=card)

    # -- declarer's choice for the partner, and the obligation at a later turn ------------------

    @staticmethod
    def offer(table: State) -> Awaiting | None:
        t = play_table(table)
        assert t.declarer is not None
        for obligation in t.must_play.values():
            if obligation.options and obligation.choice is None:
                return OFFERED.offer(t.declarer.letter, obligation.options)
        return None

    @staticmethod
    def answer(table: State, event: Event) -> bool:
        """Declarer's choice of how the offender's partner plays; False if none is open."""
        t = play_table(table)
        offer = PrematurePlay.offer(table)
        if offer is None:
            return False
        word = chosen(offer.who, offer.options, event)
        if word is None:
            raise declarer_chooses_first(event, offer)
        seat, obligation = next((s, o) for s, o in t.must_play.items() if o.options)
        obligation.choice = word
        CHOSEN.rule(t, None, seat=seat, word=word)
        return True

    @staticmethod
    def playable(table: State, seat: Seat, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Those of ``cards`` that ``seat``'s obligation (57D, 51A, 45D1: a given card; 2017
        57A: the highest or lowest) lets him play now: what :meth:`obligation_at_turn` would
        not refuse. Changes nothing."""
        t = play_table(table)
        play = t.play
        obligation = t.must_play.get(seat)
        if play is None or obligation is None:
            return cards
        required = obligation.card
        if required is not None:
            if not play.holds(seat, required):
                return cards
            led = play.led_suit() if play.trick else None
            if led is not None and required // 13 != led and play.can_follow(seat):
                return cards  # the obligation lapses (see obligation_at_turn)
            return tuple(c for c in cards if c == required)
        choice = obligation.choice or ""
        in_2007 = t.by_edition(DEMANDED.tag, e2017=False, e2007=True)
        if choice not in ("highest", "lowest") or in_2007 or not play.trick:
            return cards  # 2007: not as demanded is a revoke (61A), played
        led = play.led_suit()
        suit_cards = [c for c in range(52) if play.hands[seat] >> c & 1 and c // 13 == led]
        if not suit_cards:
            return cards
        demanded = (max if choice == "highest" else min)(suit_cards)
        return tuple(c for c in cards if c == demanded)

    @staticmethod
    def obligation_at_turn(
        table: State, seat: Seat, card: Card
    ) -> tuple[str, int, Card | None] | None:
        """57A with 57B, and 57D, at the player's turn: a card that does not fit is refused,
        except a suit declarer required or forbade, and in 2007 also the highest or lowest
        card he demanded: that is a revoke (61A), returned as (what was broken, the suit, the
        card that would have complied for highest/lowest) for the caller to record once the
        card is played."""
        t = play_table(table)
        play = t.play
        assert play is not None
        obligation = t.must_play.get(seat)
        if obligation is None:
            return None
        required = obligation.card
        if required is not None and play.holds(seat, required):
            led_now = play.led_suit() if play.trick else None
            if led_now is not None and required // 13 != led_now and play.can_follow(seat):
                # the card shown early no longer fits the trick to which he now plays (the
                # trick was made up in another way, 67): the obligation lapses
                del t.must_play[seat]
                return None
        if required is not None:  # the card shown early
            if card != required and play.holds(seat, required):
                raise ScriptError(
                    t.event_index,
                    refuse(
                        "event.must-play-card",
                        seat=seat.letter,
                        card=card_name(required),
                        law=obligation.law,
                    ),
                )
            del t.must_play[seat]
            return None
        choice = obligation.choice or ""
        led = play.led_suit() if play.trick else None
        suit_cards = [c for c in range(52) if play.hands[seat] >> c & 1 and c // 13 == led]
        # the suit declarer required or forbade (None: he chose highest or lowest)
        named = "CDHS".index(choice[-1]) if choice.startswith(("require", "forbid")) else None
        holds_named = named is not None and bool(play.hands[seat] >> (13 * named) & 0x1FFF)
        if choice in ("highest", "lowest"):
            feasible = bool(suit_cards)
            fits = not feasible or card == (max if choice == "highest" else min)(suit_cards)
        elif choice.startswith("require"):  # only when he cannot follow suit (44C first)
            feasible = not suit_cards and holds_named
            fits = not feasible or card // 13 == named
        else:  # forbid: only matters when he cannot follow suit
            assert named is not None
            others = play.hands[seat] & ~(0x1FFF << (13 * named))
            feasible = True
            fits = bool(suit_cards) or card // 13 != named or not others
        # 2007 61A: any play, when able, not as the opponent demanded in a rectification is a
        # revoke (2017 61A: only a suit required or specified; refused below)
        revoke_2007 = t.by_edition(DEMANDED_AT_TURN.tag, e2017=False, e2007=True)
        if not fits and named is None and revoke_2007:
            del t.must_play[seat]
            assert led is not None
            return choice, led, (max if choice == "highest" else min)(suit_cards)
        if not fits and named is None:
            raise ScriptError(
                t.event_index, refuse("event.as-declarer-chose", seat=seat.letter, choice=choice)
            )
        del t.must_play[seat]
        if not fits:
            assert named is not None  # highest or lowest not kept: refused or revoked above
            return choice.split()[0], named, None
        if not feasible:
            NOT_FEASIBLE.rule(t, seat, seat=seat, word=choice)
        return None


__all__ = ["DECLARED", "PrematurePlay"]
