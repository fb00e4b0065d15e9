"""The board's result as the scorer reads it: a table's own result (Law 77) and the results the
director enters (Law 12C), each read by the results reader of ``score-event``
(:func:`bridgelaw.formats.results_json.parse_entry`) so that it is exactly what a results file
holding it would mean, and shown with each side's score (12C1b: they may differ).

The director's console (:mod:`bridgelaw.server.routes.director`), a session's tables
(:mod:`bridgelaw.server.sessions`) and the score preview of the session pages use it.
"""

from __future__ import annotations

from typing import Any

from bridgelaw.scoring.results import Artificial, ResultLine, SideResult
from bridgelaw.server.tables import LiveTable, Refused

RESULT_KEYS = frozenset(
    {"contract", "declarer", "tricks", "lead", "ns_score", "artificial", "weighted", "split"}
)
"""The keys of a result in ``event-results.md`` (beside board and pairs)."""
MAX_RESULT = 2000
"""The longest result entry, as JSON text: a weighted score of a dozen outcomes fits."""


def result_line(board: int, entry: dict[str, Any], ns: str, ew: str) -> ResultLine:
    """``entry`` read by the results reader as one line of a results file; its problems are one
    422 naming them all."""
    from bridgelaw.formats.results_json import parse_entry

    problems: list[str] = []
    line = parse_entry(
        {"board": board, "ns": ns, "ew": ew, **entry}, 0, lambda _l, m: problems.append(m)
    )
    if problems or line is None:
        raise Refused(422, "result: " + "; ".join(problems or ["not a result"]))
    return line


def side_json(side: SideResult) -> dict[str, Any]:
    if isinstance(side, Artificial):
        percent = None if side.percent is None else str(side.percent)
        return {"artificial": side.label, "kind": side.kind, "percent": percent}
    return {
        "points": [[score, str(weight)] for score, weight in side.components],
        "expected": str(side.expected),
        "weighted": side.is_weighted,
    }


def result_json(line: ResultLine, entry: dict[str, Any]) -> dict[str, Any]:
    """How the scoring package reads the result: the line for a results file, the traveller's
    text, and each side's score (Law 12C1b: they may differ)."""
    return {
        "entry": {"board": line.board, "ns": line.ns, "ew": line.ew, **entry},
        "text": line.describe(),
        "split": line.is_split,
        "NS": side_json(line.ns_side),
        "EW": side_json(line.ew_side),
    }


def table_result(live: LiveTable) -> dict[str, Any] | None:
    """The result the table reached (Law 77), or None: not ended, or the engine cancelled the
    table's score (13, 14, 15, 67B3: an adjusted score is needed)."""
    table = live.table
    if table.phase != "ended" or table.contract is None or table.score() is None:
        return None
    if table.contract.is_passed_out:
        return {"contract": "passed-out"}
    assert table.declarer is not None and table.tricks is not None
    return {
        "contract": str(table.contract),
        "declarer": table.declarer.letter,
        "tricks": table.tricks,
    }
