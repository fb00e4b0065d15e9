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


class IllegalAction(BridgeLawError):
    """A call or play the Laws forbid here; ``law`` names the clause (e.g. ``"27"``)."""

    def __init__(self, law: str, message: str) -> None:
        super().__init__(f"Law {law}: {message}")
        self.law = law
        self.reason = message


class IllegalCall(IllegalAction):
    """A call the auction cannot take (insufficient, inadmissible, out of turn, after the end)."""


class IllegalCard(IllegalAction):
    """A card the play cannot take (revoke, not in the hand, out of turn, after the end)."""
