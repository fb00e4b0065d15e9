"""Law 15B (2007: 15A-15C): the contestants play a board not assigned to them this round. The
director's finding ``director wrong-table played-before|not-played``: if one of the four had
played it before, the board is cancelled for both sides (15B1); if none had, the score stands
(15B2). The pairs deprived of the board get artificial adjusted scores (15B3).

The 2007 edition's 15C: found in the auction (``director wrong-table NS|EW``, the pair that is
not assigned the board), the auction is cancelled, the right pair takes its place and the pair
that stays must repeat its calls; a call that differs from the cancelled one means artificial
adjusted scores. Found after the auction it is 2007's 15A/15B, as in 2017.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1S", "director wrong-table played-before"]:
...     table.apply_text(text)
>>> [r.law for r in table.rulings], [r.law for r in table.reviews], table.score_cancelled
(['15B1'], ['15B1', '15B3'], '15B1')
"""

from __future__ import annotations

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.board.layer import BoardTable, board_table, set_aside
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.state import CallRecord, Phase
from bridgelaw.table.state import TableState as State

RESTARTS = Varies("2007/15C", "wrong_table")
"""2007 15C: found in the auction, the auction restarts with the right pair; 2017 has no such
clause (its 15B applies whenever it is found)."""
DEPRIVED = Varies("15B3", "wrong_table")
"""15B3: the deprived pairs' artificial adjusted scores (2007: under 15B itself)."""

PLAYED_BEFORE = Applies("15B1", "rule", "law15b.this-board-was-not-2", by_book=True)
PLAYED_BEFORE_CANCELLED = Applies("15B1", "review", "adjusted.cancelled-both-sides", by_book=True)
PLAYED_BEFORE_SET_ASIDE = Applies("15B1", "adjusted", by_book=True)
PLAYED_BEFORE_DEPRIVED = Applies(
    "15B3", "review", "law15b.artificial-adjusted-scores-12c2a-2", within=DEPRIVED.tag
)
PLAYED_BEFORE_DEPRIVED_2007 = Applies(
    "15B",
    "review",
    "law15b.artificial-adjusted-scores-12c2a-2",
    edition=2007,
    within=DEPRIVED.tag,
)
NOT_PLAYED = Applies("15B2", "rule", "law15b.this-board-was-not", by_book=True)
NOT_PLAYED_DEPRIVED = Applies(
    "15B3", "review", "law15b.artificial-adjusted-scores-12c2a", by_book=True
)
RESTARTED = Applies("15C", "rule", "law15c", edition=2007, within=RESTARTS.tag)
# the auction cancelled, and a staying player's call that differs from the one he repeats
CANCELLED = Applies("15C", "cancel", edition=2007, within=RESTARTS.tag)
REPEAT_DIFFERS = Applies(
    "15C",
    "rule",
    "repeated-calls.differs-from-cancelled-auction",
    edition=2007,
    within=RESTARTS.tag,
)
REPEAT_DIFFERS_ARTIFICIAL = Applies(
    "15C", "review", "adjusted.artificial-scores-board", edition=2007, within=RESTARTS.tag
)
REPEAT_DIFFERS_SET_ASIDE = Applies("15C", "adjusted", edition=2007, within=RESTARTS.tag)

DECLARED: Declared = Declared(
    law="15B",
    matter="WrongTable",
    module=__name__,
    applies=(
        PLAYED_BEFORE,
        PLAYED_BEFORE_CANCELLED,
        PLAYED_BEFORE_SET_ASIDE,
        PLAYED_BEFORE_DEPRIVED,
        PLAYED_BEFORE_DEPRIVED_2007,
        NOT_PLAYED,
        NOT_PLAYED_DEPRIVED,
        RESTARTED,
        CANCELLED,
        REPEAT_DIFFERS,
        REPEAT_DIFFERS_ARTIFICIAL,
        REPEAT_DIFFERS_SET_ASIDE,
    ),
    varies=(RESTARTS, DEPRIVED),
)


class WrongTable:
    """The director's finding ``wrong-table played-before|not-played`` (2007 in the auction:
    ``wrong-table NS|EW``), and the calls the staying pair must repeat (2007 15C)."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        WrongTable.wrong_table(board_table(table), event.text)

    @staticmethod
    def wrong_table(t: BoardTable, word: str) -> None:
        if t.wrong_table_found:
            raise ScriptError(t.event_index, refuse("event.wrong-board-found"))
        pair = word.upper() in ("NS", "EW")
        if t.phase == Phase.AUCTION and t.by_edition(RESTARTS.tag, e2017=False, e2007=True):
            if not pair:
                raise ScriptError(t.event_index, refuse("event.wrong-table-pair"))
            WrongTable.restart(t, 0 if word.upper() == "NS" else 1)
            return
        if pair:
            raise ScriptError(t.event_index, refuse("event.wrong-table-words"))
        t.wrong_table_found = True
        if word == "played-before":
            PLAYED_BEFORE.rule(t, None)
            set_aside(t, PLAYED_BEFORE_SET_ASIDE.law(t))
            PLAYED_BEFORE_CANCELLED.review(t)
            deprived = t.by_edition(
                DEPRIVED.tag, e2017=PLAYED_BEFORE_DEPRIVED, e2007=PLAYED_BEFORE_DEPRIVED_2007
            )
            deprived.review(t)
            return
        NOT_PLAYED.rule(t, None)
        NOT_PLAYED_DEPRIVED.review(t)

    @staticmethod
    def restart(t: BoardTable, replaced: int) -> None:
        """2007 15C: found in the auction: the auction is cancelled, the right contestants
        take their places, and the players who stay must repeat their calls."""
        t.wrong_table_found = True
        staying = replaced ^ 1
        repeat: list[tuple[Seat, str]] = []
        for record in t.history:
            if record.is_effective and not record.inferred and record.seat.side == staying:
                repeat.append((record.seat, record.call.text))
            if record.status in ("effective", "pending"):
                t.set_status(record, "cancelled", CANCELLED.law(t))
        t.repeat_15c = tuple(repeat)
        t.pending = None
        # a call to make again or to repeat under 17D2 belonged to the auction now cancelled
        t.recall = None
        t.lho_repeat = None
        t.barred.clear()
        t.no_double.clear()
        t.next_call.clear()
        t.lead_restrictions = []
        t.exposed = []
        t.carried_slot = {}
        t.turn = t.board.dealer
        names = ("NS", "EW")
        RESTARTED.rule(t, None, side=names[replaced], side2=names[staying])

    @staticmethod
    def repeated_call(t: BoardTable, event: Event) -> bool:
        """2007 15C: a staying player's call, which must repeat his cancelled one. True if the
        event was taken here (it differs: the board is set aside); False: the auction rules
        take it."""
        if not t.repeat_15c or event.action is not Action.CALL or event.call is None:
            return False
        seat = event.seat
        expected = next((c for s, c in t.repeat_15c if s == seat), None)
        if expected is None:
            return False
        rest = list(t.repeat_15c)
        rest.remove((seat, expected))
        t.repeat_15c = tuple(rest)
        if event.call.text == expected:
            return False
        t.history.append(
            CallRecord(seat, event.call, event.index, status="cancelled", law=CANCELLED.law(t))
        )
        t.repeat_15c = ()
        REPEAT_DIFFERS.rule(t, seat, seat=seat, call=event.call.text, expected=expected)
        set_aside(t, REPEAT_DIFFERS_SET_ASIDE.law(t))
        REPEAT_DIFFERS_ARTIFICIAL.review(t)
        return True


__all__ = ["DECLARED", "WrongTable"]
