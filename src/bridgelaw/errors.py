"""Typed exceptions.

Two families:

* :class:`ParseError` -- text that does not describe a card, call, deal, contract... at all.
* :class:`IllegalAction` -- a well-formed call or card that the Laws do not allow at this point.
  It carries the law clause it breaks, so strict (online) play can tell the player why.
"""

from __future__ import annotations


class BridgeLawError(Exception):
    """Base class of every error bridgelaw raises on purpose."""


class ParseError(BridgeLawError, ValueError):
    """Text that is not a valid card, call, hand, deal, contract or board number."""


ILLEGAL: dict[str, str] = {
    "illegal.not-a-call": "{call} is not a call",
    "illegal.after-final-pass": "{call} comes after the final pass",
    "illegal.call-out-of-turn": "{call} by {seat}, but it is {turn}'s turn",
    "illegal.insufficient": "{call} is insufficient over {last} (Law 18D)",
    "illegal.double": "a double is only allowed of an opponent's last bid (Law 19A)",
    "illegal.redouble": "a redouble is only allowed of an opponent's double (Law 19B)",
    "illegal.bid-level": "a bid names a level from 1 to 7, not {level}",
    "illegal.above-seven": "{call} is a bid of more than seven",
    "illegal.all-played": "all thirteen tricks have been played",
    "illegal.not-a-card": "{card} is not a card",
    "illegal.revoke": "{card} revokes: {seat} can follow suit (44C)",
    "illegal.already-played": "{card} has already been played",
    "illegal.card-out-of-turn": "{card} is in {holder}'s hand, but it is {turn}'s turn",
}
"""The strict machines' refusals by id, with named parameters (calls and cards as written,
seats' letters, numbers): said in English here, in a reader's language at the edge
(``bridgelaw.table.refusals`` lists them with the engine's, under the same ids)."""


class IllegalAction(BridgeLawError):
    """A call or play the Laws forbid here; ``law`` names the clause (e.g. ``"27"``).

    ``message`` is an id of :data:`ILLEGAL` said with ``params`` (kept as :attr:`refusal`, so
    that the refusal can be written in another language), or English words of the caller's.

    >>> error = IllegalCall("27", "illegal.insufficient", call="1S", last="2C")
    >>> str(error), error.refusal
    ('Law 27: 1S is insufficient over 2C (Law 18D)', ('illegal.insufficient', \
(('call', '1S'), ('last', '2C'))))
    """

    def __init__(self, law: str, message: str, **params: str | int) -> None:
        known = message in ILLEGAL
        reason = ILLEGAL[message].format_map(params) if known else message
        super().__init__(f"Law {law}: {reason}")
        self.law = law
        self.reason = reason
        self.refusal: tuple[str, tuple[tuple[str, str | int], ...]] | None = (
            (message, tuple(params.items())) if known else None
        )
        """The refusal said: its id in :data:`ILLEGAL` and its parameters; None for a
        caller's own English words."""


class IllegalCall(IllegalAction):
    """A call the auction cannot take (insufficient, inadmissible, out of turn, after the end)."""


class IllegalCard(IllegalAction):
    """A card the play cannot take (revoke, not in the hand, out of turn, after the end)."""
