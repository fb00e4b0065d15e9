"""Laws 68-71: claims and concessions. Not built yet: the engine refuses these events."""

from __future__ import annotations

from bridgelaw.table.events import Event, ScriptError
from bridgelaw.table.state import Awaiting, TableState

CLAIM_ACTIONS = frozenset({"claim", "concede", "agree", "dispute", "tricks"})


class ClaimRules(TableState):
    """Claims and concessions (Laws 68-71); mixed into :class:`~bridgelaw.table.Table`."""

    def claim_awaiting(self) -> Awaiting | None:
        return None

    def claim_event(self, event: Event) -> None:
        raise ScriptError(
            event.index,
            f"'{event.action}': claims and concessions (Laws 68-71) are not handled yet",
        )
