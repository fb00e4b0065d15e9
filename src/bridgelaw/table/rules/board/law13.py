"""Law 13: a wrong number of cards. The script's deal is always the board's correct deal; the
director's finding ``director wrong-count <seat> <card> [seen|seen-serious]`` says that the
seat's hand also held that card of the deal (its owner held 12). Before either of the two
called, the hands are corrected and the board is played (13A1); if a card of another player was
seen the director reviews it (13A2). Once one of them has called, the director decides whether
the board can be played (13B: ``director playable``, 13B1, or ``director not-playable``, 13B2,
an adjusted score). Found after the play, the score is cancelled (13D). A card that belongs to
no hand of the deal (``director surplus <seat> <card> [played]``) is taken away (13C).

The 2007 edition numbers these 13A (after a call), 13C (after the play), 13D1/13D2 (before any
call; 13D2b: a card seen that gives serious information, an artificial score at once) and 13F
(the surplus card), and adds 13E: what the director's moving the card shows is unauthorized for
the partners of the two players.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "director wrong-count N C6"]:  # after North's call
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='director', law='13B', options=('playable', 'not-playable'))
>>> table.apply_text("director not-playable")
>>> [r.law for r in table.rulings], table.score_cancelled
(['13B2'], '13B2')
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import DEAL_PLAYABLE, Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.board.layer import BoardTable, board_table, has_called, set_aside
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.state import Awaiting, Phase, Unauthorized
from bridgelaw.table.state import TableState as State

SEEN = Varies("13A2", "wrong_count")
"""2017 13A: corrected before either called (13A1; a card seen, 13A2); 2007 13D1 and 13D2a."""
SERIOUS = Varies("2007/13D2b", "wrong_count")
"""2007 13D2b: a card seen that gives serious information, an artificial score at once; the
2017 Law 13 has no such clause (13A2's review covers it)."""
MOVED = Varies("2007/13E", "moved")
"""2007 13E: the director's moving the card is unauthorized for the two players' partners;
2017 has no such clause."""

CORRECTED = Applies("13A1", "rule", "law13-wrong-count.held-card-before-either", within=SEEN.tag)
CORRECTED_SEEN = Applies(
    "13A2", "rule", "law13-wrong-count.held-card-before-either.seen", within=SEEN.tag
)
SEEN_REVIEWED = Applies(
    "13A2", "review", "law13-wrong-count.adjusted-score-if-information", within=SEEN.tag
)
CORRECTED_2007 = Applies(
    "13D1", "rule", "law13-wrong-count.held-card-before-either", edition=2007, within=SEEN.tag
)
CORRECTED_SEEN_2007 = Applies(
    "13D2a",
    "rule",
    "law13-wrong-count.held-card-before-either.seen",
    edition=2007,
    within=SEEN.tag,
)
SEEN_REVIEWED_2007 = Applies(
    "13D2a",
    "review",
    "law13-wrong-count.adjusted-score-if-information",
    edition=2007,
    within=SEEN.tag,
)
SERIOUS_RULED = Applies(
    "13D2b",
    "rule",
    "law13-wrong-count.held-card-before-either-2",
    edition=2007,
    within=SERIOUS.tag,
)
SERIOUS_ARTIFICIAL = Applies(
    "13D2b", "review", "adjusted.artificial-score", edition=2007, within=SERIOUS.tag
)
SERIOUS_SET_ASIDE = Applies("13D2b", "adjusted", edition=2007, within=SERIOUS.tag)
MOVED_UNAUTHORIZED = Applies("13E", "unauthorized", edition=2007, within=MOVED.tag)
DECIDES = Applies(
    "13B",
    "offer",
    options=("playable", "not-playable"),
    by_book=True,
    title="a hand with the wrong number of cards: can the board still be played normally?",
)
PLAYABLE = Applies("13B1", "rule", "law13b-decide.held-card-one-them-2", by_book=True)
PLAYABLE_REVIEWED = Applies(
    "13B1", "review", "law13b-decide.director-may-adjust-score", by_book=True
)
NOT_PLAYABLE = Applies("13B2", "rule", "law13b-decide.held-card-one-them", by_book=True)
NOT_PLAYABLE_ASSIGNED = Applies("13B2", "review", "adjusted.assigned", by_book=True)
NOT_PLAYABLE_SET_ASIDE = Applies("13B2", "adjusted", by_book=True)
SURPLUS = Applies("13C", "rule", "law13c-surplus.surplus-no-hand-this", by_book=True)
SURPLUS_PLAYED = Applies("13C", "rule", "law13c-surplus.surplus-no-hand-this-2", by_book=True)
SURPLUS_PLAYED_REVIEWED = Applies("13C", "review", "law13c-surplus.card-not-deal-was", by_book=True)
AFTER_PLAY = Applies("13D", "rule", "law13-wrong-count.after-play-found-held", by_book=True)
AFTER_PLAY_ADJUSTED = Applies("13D", "review", "adjusted.board-86b", by_book=True)
AFTER_PLAY_SET_ASIDE = Applies("13D", "adjusted", by_book=True)

DECLARED: Declared = Declared(
    law="13",
    matter="WrongCount",
    module=__name__,
    applies=(
        CORRECTED,
        CORRECTED_SEEN,
        SEEN_REVIEWED,
        CORRECTED_2007,
        CORRECTED_SEEN_2007,
        SEEN_REVIEWED_2007,
        SERIOUS_RULED,
        SERIOUS_ARTIFICIAL,
        SERIOUS_SET_ASIDE,
        MOVED_UNAUTHORIZED,
        DECIDES,
        PLAYABLE,
        PLAYABLE_REVIEWED,
        NOT_PLAYABLE,
        NOT_PLAYABLE_ASSIGNED,
        NOT_PLAYABLE_SET_ASIDE,
        SURPLUS,
        SURPLUS_PLAYED,
        SURPLUS_PLAYED_REVIEWED,
        AFTER_PLAY,
        AFTER_PLAY_ADJUSTED,
        AFTER_PLAY_SET_ASIDE,
    ),
    varies=(SEEN, SERIOUS, MOVED),
)


class WrongCount:
    """The director's findings ``wrong-count`` and ``surplus``; after a call, his decision
    ``playable`` or ``not-playable`` (13B), which nothing else may come before."""

    @staticmethod
    def offer(table: State) -> Awaiting | None:
        """13B: the director decides whether the board can be played."""
        t = board_table(table)
        if t.wrong_count is None:
            return None
        return DECIDES.offer("director", at=t)

    @staticmethod
    def while_open(table: State, event: Event) -> None:
        """An event while the director's 13B decision is open: the decision, or refused."""
        t = board_table(table)
        if event.who == "director" and event.action in DEAL_PLAYABLE:
            WrongCount.decide(t, event.action is Action.PLAYABLE)
            return
        raise ScriptError(event.index, refuse("event.waits-playable", law=DECIDES.law(t)))

    @staticmethod
    def answer(table: State, event: Event) -> None:
        t = board_table(table)
        if event.action in DEAL_PLAYABLE:  # no 13B decision is open (while_open takes those)
            raise ScriptError(event.index, refuse("event.no-wrong-count", action=event.action))
        assert event.card is not None
        if event.action is Action.WRONG_COUNT:
            WrongCount.wrong_count(t, event.the_seat_named, event.card, event.text)
        else:
            WrongCount.surplus(t, event.the_seat_named, event.card, event.text == "played")

    @staticmethod
    def wrong_count(t: BoardTable, seat: Seat, card: Card, seen: str) -> None:
        owner = t.board.deal.holder(card)
        if owner == seat:
            raise ScriptError(
                t.event_index,
                refuse("event.own-card-not-wrong-count", card=card_name(card), seat=seat.letter),
            )
        if any(c == card for _, c in t.missing_cards):
            raise ScriptError(t.event_index, refuse("event.card-missing", card=card_name(card)))
        if t.phase == Phase.ENDED:
            AFTER_PLAY.rule(t, seat, seat=seat, card=card, owner=owner)
            set_aside(t, AFTER_PLAY_SET_ASIDE.law(t))
            AFTER_PLAY_ADJUSTED.review(t)
            return
        if t.play is not None and not t.play.holds(owner, card):
            raise ScriptError(
                t.event_index,
                refuse("event.played-not-wrong-count", card=card_name(card), owner=owner.letter),
            )
        if has_called(t, seat) or has_called(t, owner):
            t.wrong_count = (seat, card)
            return
        if t.by_edition(SERIOUS.tag, e2017=False, e2007=seen == "seen-serious"):
            SERIOUS_RULED.rule(t, seat, seat=seat, card=card, owner=owner)
            set_aside(t, SERIOUS_SET_ASIDE.law(t))
            SERIOUS_ARTIFICIAL.review(t)
            return
        corrected, corrected_seen, reviewed = t.by_edition(
            SEEN.tag,
            e2017=(CORRECTED, CORRECTED_SEEN, SEEN_REVIEWED),
            e2007=(CORRECTED_2007, CORRECTED_SEEN_2007, SEEN_REVIEWED_2007),
        )
        (corrected_seen if seen else corrected).rule(t, seat, seat=seat, card=card, owner=owner)
        if seen:  # the director may adjust if the card seen gave information
            reviewed.review(t)
        WrongCount.moved(t, seat, owner, card)

    @staticmethod
    def moved(t: BoardTable, seat: Seat, owner: Seat, card: Card) -> None:
        """2007 13E: the director's moving the card is unauthorized for the partners of the
        players with a wrong count (2017 Law 13 has no such clause)."""
        if not t.by_edition(MOVED.tag, e2017=False, e2007=True):
            return
        for who in sorted({seat, owner}):
            t.unauthorized_log.append(
                Unauthorized(
                    t.event_index,
                    who.letter,
                    ("NS", "EW")[who.side],
                    MOVED_UNAUTHORIZED.law(t),
                    card=card_name(card),
                )
            )

    @staticmethod
    def decide(t: BoardTable, playable: bool) -> None:
        """13B: the director's decision, once one of the two has called."""
        assert t.wrong_count is not None
        seat, card = t.wrong_count
        owner = t.board.deal.holder(card)
        t.wrong_count = None
        if playable:
            PLAYABLE.rule(t, seat, seat=seat, card=card, owner=owner)
            PLAYABLE_REVIEWED.review(t)
            WrongCount.moved(t, seat, owner, card)
            return
        NOT_PLAYABLE.rule(t, seat, seat=seat, card=card, owner=owner)
        set_aside(t, NOT_PLAYABLE_SET_ASIDE.law(t))
        NOT_PLAYABLE_ASSIGNED.review(t)

    @staticmethod
    def surplus(t: BoardTable, seat: Seat, card: Card, played: bool) -> None:
        """13C: a card that belongs to no hand of the deal is taken away; found among the
        played cards, the director reviews the board."""
        if played and (t.play is None or not t.play.played):
            raise ScriptError(t.event_index, refuse("event.no-card-yet"))
        if played:
            SURPLUS_PLAYED.rule(t, seat, card=card)
            SURPLUS_PLAYED_REVIEWED.review(t)
            return
        SURPLUS.rule(t, seat, card=card, seat=seat)


__all__ = ["DECLARED", "WrongCount"]
