"""Bounded work per seat: what one seat may ask of a table however
often it asks. These are the server's bounds, not the Laws: a player is entitled to a review of
the auction (20B, 20C, 41B) and to summon the director (9B), but a few times a board covers every
real need, while thousands grew every view (each review is a ruling every view carries) and
every console's list. Each refusal is a 429 naming the bound; the director is never bounded.

* :data:`REVIEWS_PER_SEAT` reviews of the auction per seat on a board;
* :data:`OPEN_CALLS_PER_SEAT` calls to the director not yet answered per seat, and
  :data:`CALLS_PER_SEAT` calls in all per seat on a table;
* :data:`STREAMS_PER_SEAT` WebSockets open at once per role at a table (a player with a
  phone and a laptop, a page reloaded before the old socket is gone).
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bridgelaw.server.models import CallAnswer, DirectorCall
from bridgelaw.server.tables import LiveTable, Refused
from bridgelaw.server.views import DIRECTOR
from bridgelaw.table import Action, ScriptError, parse_event

REVIEWS_PER_SEAT = 10
OPEN_CALLS_PER_SEAT = 3
CALLS_PER_SEAT = 30
STREAMS_PER_SEAT = 8


def check_review(live: LiveTable, role: str, text: str) -> None:
    """429 when ``text`` from ``role`` is a review of the auction beyond the bound."""
    if role == DIRECTOR or not text.lower().startswith("review"):
        return
    try:
        event = parse_event(f"{role} {text}", len(live.table.events) + 1)
    except ScriptError:
        return  # the table's own refusal follows
    if event.action is not Action.REVIEW:
        return
    asked = sum(1 for e in live.table.events if e.action is Action.REVIEW and e.who == role)
    if asked >= REVIEWS_PER_SEAT:
        raise Refused(
            429,
            f"{role} has asked for {asked} reviews of the auction on this board, the most the "
            f"server answers ({REVIEWS_PER_SEAT}); call the director if something is unclear",
        )


def check_calls(engine: Engine, table_id: str, seat: str) -> None:
    """429 when ``seat`` has too many calls to the director open, or made, at the table (run
    in a worker thread)."""
    with Session(engine) as session:
        mine = (DirectorCall.table_id == table_id) & (DirectorCall.seat == seat)
        made = session.scalar(select(func.count()).select_from(DirectorCall).where(mine)) or 0
        unanswered = (
            select(func.count())
            .select_from(DirectorCall)
            .outerjoin(CallAnswer, CallAnswer.call_id == DirectorCall.id)
            .where(mine & CallAnswer.id.is_(None))
        )
        waiting = session.scalar(unanswered) or 0
    if waiting >= OPEN_CALLS_PER_SEAT:
        raise Refused(
            429,
            f"{seat} has {waiting} calls to the director not yet answered, the most the server "
            f"keeps open ({OPEN_CALLS_PER_SEAT}): the director is on his way",
        )
    if made >= CALLS_PER_SEAT:
        raise Refused(
            429,
            f"{seat} has called the director {made} times at this table, the most the server "
            f"records ({CALLS_PER_SEAT})",
        )


def check_streams(live: LiveTable, role: str) -> str | None:
    """Why one more stream of ``role`` at the table is refused (None: it is not)."""
    if role == DIRECTOR:
        return None
    open_now = sum(1 for _, held in live.clients if held == role)
    if open_now >= STREAMS_PER_SEAT:
        return f"{role} has {open_now} streams open at this table, the most the server keeps"
    return None


RESULT_DEPTH = 4
"""The deepest nesting of a result the director enters: a ``split`` or a ``weighted`` result
holds its outcomes two levels down (``event-results.md``)."""


def deeper_than(value: object, limit: int) -> bool:
    """Whether JSON ``value`` nests more than ``limit`` levels (walked without recursion: a body
    nested a thousand deep must be refused, not crash the reader)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            inner = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in inner)
    return False
