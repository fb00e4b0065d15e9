"""Laws 65 and 66: the played cards and the tricks quitted. A card turned the wrong way may be
pointed out until the player's side has played to the next trick (65B3; 2007: declarer at any
time); later, the remark may give his side unauthorized information (16B). Until his side has
played to the next trick a player may look at the last trick (66A); quitted tricks after that
only on the director's instruction (66C); after play, everything may be inspected to settle a
dispute (66D). The engine counts tricks from the cards themselves, so neither changes a count.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "S pass", "W pass", "E DK", "S D8", "W D5", "N DA"]:
...     table.apply_text(text)
>>> table.apply_text("E inspect")  # East's side has not played to trick 2 yet
>>> [r.law for r in table.rulings]
['66A']
"""

from __future__ import annotations

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.play.layer import play_table, revoke_table, side_on_next_trick
from bridgelaw.table.state import Phase
from bridgelaw.table.state import TableState as State

DECLARER_ANY_TIME = Varies("65B3", "wrong_way")
"""2007 65B3: declarer may point out his own card turned the wrong way at any time."""

IN_TIME = Applies("65B3", "rule", "law65b3-wrong-way.points-out-played-card")
LATE = Applies("65B3", "rule", "law65b3-wrong-way.points-out-card-turned")
LATE_REMARK = Applies("16B", "review", "law65b3-wrong-way.late-remark-about-card")
LAST_TRICK = Applies("66A", "rule", "law66-inspect.asks-see-trick-cards")
QUITTED = Applies("66C", "rule", "law66-inspect.asks-see-quitted-trick")
AFTER_PLAY = Applies("66D", "rule", "law66-inspect.play-over-may-inspect")

DECLARED: Declared = Declared(
    law="65-66",
    matter="PlayedCards",
    module=__name__,
    applies=(IN_TIME, LATE, LATE_REMARK, LAST_TRICK, QUITTED, AFTER_PLAY),
    varies=(DECLARER_ANY_TIME,),
)


class PlayedCards:
    """A player's question about the played cards: one turned the wrong way (``<seat>
    wrong-way``, 65B3), or a look at a trick (``<seat> inspect``, 66)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        if event.action is Action.WRONG_WAY:
            PlayedCards.wrong_way(table, event.seat)
        else:
            PlayedCards.inspect(table, event.seat)

    @staticmethod
    def wrong_way(table: State, seat: Seat) -> None:
        """65B3: ``seat`` points out a played card turned the wrong way."""
        t = play_table(table)
        play = t.play
        assert t.declarer is not None
        if play is None or not play.tricks:
            raise ScriptError(t.event_index, refuse("event.no-trick-completed"))
        declarer_any_time = t.by_edition(DECLARER_ANY_TIME.tag, e2017=False, e2007=True)
        in_time = not side_on_next_trick(t, seat) or (declarer_any_time and seat == t.declarer)
        if in_time:
            IN_TIME.rule(t, None, seat=seat)
            return
        LATE.rule(t, seat, seat=seat)
        LATE_REMARK.review(t, seat=seat)

    @staticmethod
    def inspect(table: State, seat: Seat) -> None:
        """66A-66D: ``seat`` asks to see a trick, or the cards after play."""
        t = revoke_table(table)
        play = t.play
        if t.phase == Phase.ENDED:
            AFTER_PLAY.rule(t, None, seat=seat)
            return
        if play is None or not play.tricks:
            raise ScriptError(t.event_index, refuse("event.no-trick-completed"))
        if not side_on_next_trick(t, seat):
            LAST_TRICK.rule(t, None, seat=seat, trick=len(play.tricks))
            return
        QUITTED.rule(t, None, seat=seat)


__all__ = ["DECLARED", "PlayedCards"]
