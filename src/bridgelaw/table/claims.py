"""Claims and concessions (Laws 68-71): the layer that holds the board's claim and hands the
events to its open matter, :mod:`bridgelaw.table.rules.claims.law68_71` (the course of a claim,
stage by stage, is told there).
"""

from __future__ import annotations

from bridgelaw.table.dummy_rules import DummyRules
from bridgelaw.table.events import Event
from bridgelaw.table.position import PlayPosition
from bridgelaw.table.rules.claims.law68_71 import (
    Claim,
    ClaimAdjudicator,
    ClaimProcedure,
    ClaimTable,
    SharedAdjudicator,
    position_of,
)
from bridgelaw.table.state import Awaiting


class ClaimRules(DummyRules):
    """Claims and concessions (Laws 68-71); the layer over the dummy rules.

    Holds :attr:`claim` (the claim of the board, open or settled) and the adjudicator; the
    rules are :class:`~bridgelaw.table.rules.claims.law68_71.ClaimProcedure`'s.
    """

    claim: Claim | None = None
    """The last claim or concession of the board (a void or cancelled one stays here until
    the next one)."""
    _shared_adjudicator: SharedAdjudicator | None = None
    events: list[Event]
    """The events accepted so far (kept by the table)."""
    adjudicator_answers: dict[int, int]
    """What the adjudicator answered, by the position of the event that asked: an undo older
    than the snapshots kept (:mod:`~bridgelaw.table.undo`) and a copy of a compiled table
    rebuild the table by replaying its events, and a replay reads the answers given rather
    than asking again (an adjudicator may be slow, or not answer the same twice)."""

    @property
    def adjudicator(self) -> ClaimAdjudicator | None:
        """Asked for its suggestion when a claim is disputed; the director still decides."""
        shared = self._shared_adjudicator
        return None if shared is None else shared.adjudicator

    @adjudicator.setter
    def adjudicator(self, value: ClaimAdjudicator | None) -> None:
        self._shared_adjudicator = None if value is None else SharedAdjudicator(value)

    def position(self) -> PlayPosition:
        """The play as it stands (before the opening lead: the whole deal)."""
        return position_of(self)

    # -- what the engine asks ----------------------------------------------------------------

    def claim_is_open(self) -> bool:
        """A claim is being answered or ruled on: play has stopped (68D)."""
        return self.claim is not None and self.claim.is_open

    def claim_awaiting(self) -> Awaiting | None:
        return ClaimProcedure.offer(self)

    def claim_event(self, event: Event) -> None:
        """An event of the play period while a claim is open, or a claim word (68-71)."""
        ClaimProcedure.answer(self, event)

    def claim_after_end(self, event: Event) -> bool:
        """After the end of the board: a late objection (69A) or the director's correction
        (69B2, 71B). False if the event is none of these (the engine then refuses it)."""
        return ClaimProcedure.after_end(self, event)

    def adjudicate_claim(self) -> bool:
        """``replay --adjudicate``: a disputed claim waiting for the director's Law 70 ruling
        is settled by the adjudicator's suggestion. False if there is none to settle."""
        return ClaimProcedure.adjudicate(self)


def claim_table(table: ClaimRules) -> ClaimTable:
    """The claim layer as its matter in ``rules/claims`` sees it: mypy checks here that the
    layer has every field and rule the protocol names."""
    return table


__all__ = ["ClaimRules"]
