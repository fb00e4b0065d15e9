"""After the board (``GET /api/tables/{id}/after``): what a seat's page shows once the board is
over: the four hands, the double-dummy table and par, the table's result against the other
tables of its session, and where the seat plays next.

The deal is every seat's once the board is over (66D: after play all the cards may be
inspected; ``views.board_over``): before that the route answers 409 and nothing here is made.
The double-dummy table is Bo Haglund's DDS through ``endplay`` (:mod:`bridgelaw.analysis.dds`),
solved once per board and kept (:data:`MAX_KEPT` boards), one solve at a time: it takes a
second or more on a busy machine, and every seat of a table asks for the same board. The
route waits for it at most :data:`WAIT` seconds: past that the answer says ``{"pending":
true}`` and the page asks again, while the solve goes on (one per board,
:func:`analysis_soon`). The session's scores are the live ranking's
(:class:`~bridgelaw.server.sessions.Ranking`, what ``score-event`` gives on the results so
far): the board's traveller, this table's row marked, in the session's unit (matchpoints, IMPs
or points). The public results pages already show every traveller as it
comes, so a traveller tells the seat nothing a spectator could not read.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any

from bridgelaw.analysis.ddtable import BoardAnalysis
from bridgelaw.boards import Board
from bridgelaw.duplicate.state import Role
from bridgelaw.errors import BridgeLawError
from bridgelaw.server.sessions import LiveSession, Sessions
from bridgelaw.server.tables import LiveTable
from bridgelaw.tournament.model import board_json

MAX_KEPT = 512
"""Boards whose analysis is kept (a few hundred bytes each)."""
WAIT = 1.0
"""Seconds an answer waits for a solve before it says ``pending``."""

_kept: OrderedDict[tuple[str, int, int], BoardAnalysis] = OrderedDict()
_solving = threading.Lock()
"""DDS's solver keeps its work in memory of its own: one solve at a time."""


def analysis_of(board: Board) -> BoardAnalysis:
    """The board's double-dummy table and par (its own dealer and vulnerability), solved once
    (in a worker thread: it blocks). Raises ``BridgeLawError`` if the solver fails."""
    key = board_key(board)
    with _solving:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
        from bridgelaw.analysis.dds import analyse_boards  # loads DDS: not at import

        made = analyse_boards([board])[0]
        _kept[key] = made
        if len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)
        return made


def analysis_json(board: Board) -> dict[str, Any]:
    """``{"dd": {"N": {"NT": 9, ...}, ...}, "par": {"score", "contracts"}}`` or, if the solver
    is not there or fails, ``{"error": "..."}`` (the rest of the answer still stands)."""
    try:
        analysis = analysis_of(board)
    except (BridgeLawError, ImportError, OSError) as error:
        return {"error": f"the double-dummy solver is not available: {error}"}
    return {"dd": analysis.table.to_json(), "par": analysis.par.to_json()}


_solves: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}
"""The solves under way (on the event loop's side), one per board."""


def board_key(board: Board) -> tuple[str, int, int]:
    return (board.deal.pbn(), int(board.dealer), int(board.vulnerability))


async def analysis_soon(board: Board, wait: float | None = None) -> dict[str, Any]:
    """:func:`analysis_json` of ``board`` if solved within ``wait`` seconds (:data:`WAIT`),
    else ``{"pending": true}``; the solve goes on in a worker thread, one per board."""
    from starlette.concurrency import run_in_threadpool

    key = board_key(board)
    done = _kept.get(key)  # solved already: no thread, no wait
    if done is not None:
        return {"dd": done.table.to_json(), "par": done.par.to_json()}
    solve = _solves.get(key)
    if solve is None:
        solve = asyncio.ensure_future(run_in_threadpool(analysis_json, board))
        _solves[key] = solve
        solve.add_done_callback(lambda _done: _solves.pop(key, None))
    try:
        return await asyncio.wait_for(asyncio.shield(solve), WAIT if wait is None else wait)
    except TimeoutError:
        return {"pending": True}


def session_json(sessions: Sessions, live: LiveSession, table_id: str) -> dict[str, Any] | None:
    """The table's board in its session: the session's scoring and unit and the board's
    traveller as the live ranking scores it, this table's row marked ``"you": true``; None if
    the table is no session's board."""
    state = live.state
    slot = state.slot_of_table.get(table_id)
    if slot is None:
        return None
    round_, table, number = slot
    results = live.ranking.results()
    unit = results.unit
    rows: list[dict[str, Any]] = []
    top = None
    for board in results.boards:
        if board.board != number:
            continue
        scored = board_json(board, unit)
        top = scored["top"]
        for row in scored["results"]:
            rows.append(row | {"you": row.get("round") == round_ and row.get("table") == table})
    return {
        "id": live.id,
        "name": state.spec.name,
        "scoring": state.spec.scoring,
        "unit": unit,
        "round": round_,
        "table": str(table),
        "board": number,
        "top": top,
        "status": state.status(slot),
        "results": rows,
    }


def next_json(sessions: Sessions, live: LiveSession, role: Role) -> dict[str, Any] | None:
    """Where the player plays next, as his session page would take him (``you.next``): the
    table's id, the board, the table's number, a late board's round; None if nothing yet (the
    round's boards are played: the director moves the round, Law 8A1)."""
    if role.kind != "player":
        return None
    you = sessions.player_you(live, role)
    target = you["next"]
    if target is None:
        return None
    for late, slots in ((True, you["late"]), (False, you["boards"])):
        for slot in slots:
            if slot.get("table_id") == target:
                return {
                    "table_id": target,
                    "board": slot["board"],
                    "table": slot["table"],
                    "round": slot["round"],
                    "late": late,
                }
    return None  # pragma: no cover - ``next`` is always one of the two lists


def after_json(
    sessions: Sessions,
    table: LiveTable,
    live: LiveSession | None,
    role: Role | None,
    analysis: dict[str, Any],
) -> dict[str, Any]:
    """The whole answer for a board that is over (``analysis``: :func:`analysis_json`'s):
    ``live``, the table's session in memory, if any, and ``role``, the asker's there (a
    player's: :data:`bridgelaw.server.roles.TableSessionDep`)."""
    engine = table.table
    board = engine.board
    data: dict[str, Any] = {
        "board": board.number,
        "dealer": board.dealer.letter,
        "vulnerable": board.vulnerability.label,
        "deal": board.deal.pbn(),
        "analysis": analysis,
        "session": None,
        "next": None,
    }
    if live is None:
        return data
    data["session"] = session_json(sessions, live, table.id)
    if role is not None:  # a seat's own token is its player's for the whole session
        data["next"] = next_json(sessions, live, role)
    return data
