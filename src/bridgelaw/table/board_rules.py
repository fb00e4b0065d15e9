"""Laws 13, 14 and 15 at the table: a wrong number of cards, a missing card, the wrong board.

The deal of the script is always the correct deal of the board. What went wrong with the cards
is told by the director's findings (project words, see ``events.DIRECTOR_FINDINGS``), each
the answer of one matter in ``rules/board``:

* ``director missing <seat> <card>`` and ``director found <card> [among-played]``: Law 14,
  :mod:`bridgelaw.table.rules.board.law14`;
* ``director wrong-count <seat> <card> [seen|seen-serious]``, then ``director playable`` or
  ``director not-playable``, and ``director surplus <seat> <card> [played]``: Law 13,
  :mod:`bridgelaw.table.rules.board.law13`;
* ``director wrong-board <seat>`` and ``director earlier-call <seat> same|differs``: 15A (2007:
  17D), :mod:`bridgelaw.table.rules.board.law15a`;
* ``director wrong-table played-before|not-played`` (2007 in the auction: ``NS|EW``): 15B
  (2007: 15A-15C), :mod:`bridgelaw.table.rules.board.law15b`.

An adjusted score replaces the table result: ``score`` is null and the clause is in
:attr:`BoardRules.score_cancelled`; the adjustment itself is the director's (``reviews``).
"""

from __future__ import annotations

from bridgelaw.table.claims import ClaimRules
from bridgelaw.table.events import Action, Event
from bridgelaw.table.play_state import TablePlay
from bridgelaw.table.rules.board.law13 import WrongCount
from bridgelaw.table.rules.board.law14 import MissingCard
from bridgelaw.table.rules.board.law15a import CardsFromAnotherBoard
from bridgelaw.table.rules.board.law15b import WrongTable
from bridgelaw.table.rules.board.layer import BoardTable
from bridgelaw.table.state import Awaiting

BOARD_FINDINGS: frozenset[Action] = frozenset(
    {
        Action.MISSING,
        Action.FOUND,
        Action.WRONG_COUNT,
        Action.SURPLUS,
        Action.WRONG_TABLE,
        Action.WRONG_BOARD,
        Action.EARLIER_CALL,
        Action.PLAYABLE,
        Action.NOT_PLAYABLE,
    }
)


class BoardRules(ClaimRules):
    """Laws 13-15 (2007: 13-15 and 17D); the top rule layer, over the claim rules (a
    wrong card count or a missing card reaches into every period: 14B1 applies 67, 14B4 61).
    The router of the board's matters in ``rules/board``: Law 13 (``law13.WrongCount``), 14
    (``law14.MissingCard``), 15A with 2007's 17D (``law15a.CardsFromAnotherBoard``) and 15B
    with 2007's 15C (``law15b.WrongTable``)."""

    # -- what the engine asks ----------------------------------------------------------------

    def board_awaiting(self) -> Awaiting | None:
        """13B: the director decides first; 2007 17D2: the LHO's repeated call."""
        return WrongCount.offer(self) or CardsFromAnotherBoard.offer(self)

    def board_event(self, event: Event) -> bool:
        """Handle ``event`` if it is one of Laws 13-15 (or must wait for one); False if not."""
        if self.wrong_count is not None:  # 13B: nothing comes before the director's decision
            WrongCount.while_open(self, event)
            return True
        action = event.action
        if event.who == "director" and action in BOARD_FINDINGS:
            if action in (Action.WRONG_BOARD, Action.EARLIER_CALL):
                CardsFromAnotherBoard.answer(self, event)
            elif action is Action.WRONG_TABLE:
                WrongTable.answer(self, event)
            elif action in (Action.MISSING, Action.FOUND):
                MissingCard.answer(self, event)
            else:
                WrongCount.answer(self, event)
            return True
        if self.phase == "auction" and event.who != "director":
            MissingCard.not_exposed(self, event)
            if self.recall is not None or self.lho_repeat is not None:
                return CardsFromAnotherBoard.repeated_call(self, event)
            return WrongTable.repeated_call(self, event)
        return False

    def law14_off_the_table(self, play: TablePlay) -> None:
        """The missing cards are not in the hands the play starts with (Law 14)."""
        MissingCard.off_the_table(self, play)

    def law14_at_the_end(self) -> None:
        """14B3: a card still missing when play ends is restored (Law 14)."""
        MissingCard.at_the_end(self)


def board_table(table: BoardRules) -> BoardTable:
    """The board layer as its matters in ``rules/board`` see it: mypy checks here that the
    layer has every field and rule the protocol names."""
    return table


__all__ = ["BOARD_FINDINGS", "BoardRules"]
