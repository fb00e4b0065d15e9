"""The director's record refusing an appeal, a correction or a poll: each refusal by id with
named parameters (numbers, entries, times as written), said in English here and in the asker's
language at the edge (:mod:`bridgelaw.i18n.words` lists them as ``director.<id>``), as the
table engine's refusals are.

>>> from bridgelaw.director.appeals import AppealError
>>> error = AppealError("93", "appeal.none", number=4)
>>> str(error), error.said()
('Law 93: no appeal 4', ('director.appeal.none', (('law', '93'), ('number', 4))))
"""

from __future__ import annotations

from bridgelaw.errors import BridgeLawError

REFUSALS: dict[str, str] = {
    # appeals (Laws 92-93): director/appeals.py
    "appeal.superseded": "ruling {entry} has been superseded",
    "appeal.entry-without-decision": "appeal {number}: an entry without a decision",
    "appeal.no-entry-with-score": "appeal {number}: no entry {entry} with its score",
    "appeal.stood-names-entry": "appeal {number}: the score stood, yet names entry {entry}",
    "appeal.late": "appeal at {at} after {ends}",
    "appeal.no-grounds": "an appeal needs its grounds",
    "appeal.no-ruling": "no ruling {entry} to appeal against",
    "appeal.none": "no appeal {number}",
    "appeal.decided": "appeal {number} is already decided",
    "appeal.before-lodged": "appeal {number} decided before it was lodged",
    "appeal.ground-needed": "a changed score must name the ground it is changed on",
    "appeal.point-of": "a committee may not overrule the director on a point of {kind}",
    # the correction period (79C): director/deadlines.py
    "late.no-time-zone": "{when} has no time zone",
    "late.correction": "correction at {at} after {ends} needs the director's note",
    # polls (16B1b): director/poll.py
    "poll.share": "{share} is not a share in (0, 1]",
    "poll.not-unauthorized": "entry {entry} is no ruling on unauthorized information",
    "poll.no-board": "entry {entry} names no board",
    "poll.answered-twice": "peer {peer!r} answered twice",
    "poll.no-answers": "nobody has answered yet",
    "poll.no-alternative": "no peer chose a logical alternative that may be weighted",
    "poll.weights-sum": "they sum to {total}, not 1",
    "poll.weights-positive": "every weight must be positive",
    "poll.reason": "a change of the poll's weights needs the director's reason",
    "poll.no-outcome": "no probable result for {calls}",
}
"""Each refusal's English by id (without the clause or field it is said under)."""

PREFIX = "director."
"""The ids' prefix among the application's phrases (``director.appeal.none``)."""


class SaidError(BridgeLawError, ValueError):
    """A refusal of the director's record said under ``where`` (a clause, or for a poll the
    field at fault): ``message`` is an id of :data:`REFUSALS` said with ``params``, or English
    words of the caller's own."""

    frame = "Law {law}: "
    """How the refusal names ``where``, before its words (a clause by default)."""
    where_name = "law"

    def __init__(self, where: str, message: str, **params: str | int) -> None:
        known = message in REFUSALS
        reason = REFUSALS[message].format_map(params) if known else message
        super().__init__(self.frame.format_map({self.where_name: where}) + reason)
        self.where = where
        self.reason = reason
        self._said = (message, tuple(params.items())) if known else None

    def said(self) -> tuple[str, tuple[tuple[str, str | int], ...]] | None:
        """The refusal as a phrase: its id (``director.<id>``) and its parameters, ``where``
        first; None for a caller's own words."""
        if self._said is None:
            return None
        key, params = self._said
        return PREFIX + key, ((self.where_name, self.where), *params)


def templates() -> dict[str, str]:
    """Each refusal's English with its frame, by its phrase id: the polls' under their field,
    the others under their clause."""
    return {
        PREFIX + key: ("{field}: " if key.startswith("poll.") else "Law {law}: ") + text
        for key, text in REFUSALS.items()
    }


__all__ = ["PREFIX", "REFUSALS", "SaidError", "templates"]
