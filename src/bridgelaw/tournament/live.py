"""A session scored live: the ranking after every accepted result, kept up to date.

Results reach a live session one by one: entered and accepted at the tables, or corrected by the
Director (a correction takes the result it supersedes out of force and puts a new one in).
:class:`LiveScorer` holds the results in force, each under a key (keys grow with time, and the
session's results file lists the results in key order), and after each change gives exactly
what ``bridgelaw score-event`` gives on that file: :meth:`LiveScorer.to_json` equals
``score_tournament(scorer.tournament()).to_json()``, every board, top, datum, value, rank and tie.

The work of a change is its board's (and, for teams, its match's), plus the ranking of the pairs:
see :mod:`.live_pairs` and :mod:`.live_teams`. Travellers are
rebuilt, when asked for, only for the boards whose numbers changed.

Two cases ``score-event`` refuses to score, where the live scorer still answers:

* **no result yet** (or, in a pairs session, only rows against phantom pairs that count for
  nothing): no boards and an empty ranking for the pairs scorings; for teams, every listed match
  at 0-0 and the teams ranked on that, which is what ``score_tournament`` gives for teams;
* **teams, a board of a match in one room only**: the result waits for the other room's and is
  not scored (nor shown) until then. :meth:`LiveScorer.scored_tournament` is the part of
  :meth:`LiveScorer.tournament` that is scored; :meth:`LiveScorer.to_json` always equals
  ``score_tournament(scorer.scored_tournament()).to_json()``.

A result the session could not hold (a pair twice on a board, a pair not in the movement, an
artificial score in total points, a teams result outside the listed matches...) is refused with
a :class:`LiveScoreError` naming its key and the reason, and nothing changes.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from bridgelaw.scoring.results import ResultLine
from bridgelaw.tournament.live_pairs import (
    Butler,
    CrossImps,
    Matchpoints,
    PairsScoring,
    TotalPoints,
)
from bridgelaw.tournament.live_teams import TeamsScoring
from bridgelaw.tournament.model import (
    CROSS_IMPS_RANKINGS,
    SCORINGS,
    SITOUTS,
    BoardResults,
    RankEntry,
    TournamentInput,
    TournamentResults,
    board_json,
    match_json,
    rank_json,
)
from bridgelaw.tournament.session import check_tournament, with_sitouts
from bridgelaw.tournament.teams import ROOMS


class LiveScoreError(ValueError):
    """A session or a result the live scorer cannot take; the message says which and why."""


class LiveScorer:
    """The results in force in one session and their scores, kept up to date.

    ``template`` is the session without its results: its scoring, pairs' names, deals, phantom
    pairs and sit-out convention, teams matches and victory-point scale, Butler datum method,
    cross-IMPs ranking, movement (results are checked against it). Its ``lines`` must be empty.

    The objects :meth:`results` and :meth:`to_json` return share boards with the scorer's cache:
    read them, do not change them.
    """

    def __init__(self, template: TournamentInput) -> None:
        _check_template(template)
        self.template = replace(template, lines=[])
        self._lines: dict[int, ResultLine] = {}
        self._in_key_order = True
        self._seats: dict[tuple[str, int, str | None], int] = {}
        """(pair, board, match) -> the key of the pair's result on that board (pairs)."""
        self._rooms: dict[tuple[str, int, str], int] = {}
        """(match, board, room) -> the key of that room's result (teams)."""
        self._scoring = _scoring_for(self.template)
        self._matches = {spec.match for spec in template.matches}
        self._unit = TournamentResults(template.name, template.scoring, [], []).unit
        self._json: dict[int, dict[str, Any]] = {}
        self._texts: dict[int, tuple[dict[str, Any], str]] = {}
        """Each board's traveller as JSON text, beside the object it was made from."""
        self._results: dict[int, BoardResults] = {}
        """Board -> its JSON and its scored results, made when asked for, kept while they
        stay the same."""
        self._ranking: list[RankEntry] | None = None
        self._ranking_json: list[dict[str, Any]] | None = None

    # -- changes ----------------------------------------------------------------------------

    def put(self, key: int, line: ResultLine) -> None:
        """Result ``key`` comes into force (a result accepted at a table, or a correction's new
        result). Raises :class:`LiveScoreError`, changing nothing, if the session cannot hold
        it: ``key`` in force already, or the result itself (see :meth:`problem`)."""
        if key in self._lines:
            raise LiveScoreError(
                f"result {key} is in force already (a correction removes it first)"
            )
        why = self.problem(line)
        if why is not None:
            raise LiveScoreError(f"result {key} (board {line.board}, {line.ns} v {line.ew}): {why}")
        if self._lines and key < next(reversed(self._lines)):
            self._in_key_order = False
        self._lines[key] = line
        if isinstance(self._scoring, TeamsScoring):
            assert line.match is not None and line.room is not None
            self._rooms[line.match, line.board, line.room] = key
            self._scoring.add(key, line)
        else:
            for pair in (line.ns, line.ew):
                self._seats[pair, line.board, line.match] = key
            scored = with_sitouts(replace(self.template, lines=[line])).lines
            if scored:  # else a sit-out that is no result (the phantom convention)
                self._scoring.add(key, scored[0])
        self._ranking = self._ranking_json = None

    def remove(self, key: int) -> None:
        """Result ``key`` leaves force (superseded by a correction, or withdrawn)."""
        line = self._lines.pop(key, None)
        if line is None:
            raise LiveScoreError(f"result {key} is not in force")
        if isinstance(self._scoring, TeamsScoring):
            assert line.match is not None and line.room is not None
            del self._rooms[line.match, line.board, line.room]
            self._scoring.discard(key)
        else:
            for pair in (line.ns, line.ew):
                del self._seats[pair, line.board, line.match]
            if key in self._scoring.board_of:
                self._scoring.discard(key)
        if not self._lines:
            self._in_key_order = True
        self._ranking = self._ranking_json = None

    def problem(self, line: ResultLine) -> str | None:
        """Why the session cannot hold ``line`` beside the results in force, or ``None``: the
        checks of ``score-event`` (:func:`~bridgelaw.tournament.session.check_tournament`) that
        concern one result and the results already in force."""
        template = self.template
        if template.scoring == "teams":
            if line.ns == line.ew:
                return f"team {line.ns} cannot sit both North-South and East-West"
            if line.match is None or line.room not in ROOMS:
                return 'a teams result needs "match" and "room" ("open" or "closed")'
            if line.match not in self._matches:
                return f"match {line.match} is not in the matches list"
            taken = self._rooms.get((line.match, line.board, line.room))
            if taken is not None:
                return (
                    f"match {line.match} board {line.board} already has an {line.room}-room "
                    f"result (result {taken})"
                )
            return None
        problems = check_tournament(replace(template, lines=[line]))
        if problems:
            return problems[0].message
        for pair in (line.ns, line.ew):
            taken = self._seats.get((pair, line.board, line.match))
            if taken is not None:
                return f"pair {pair} already has a result on board {line.board} (result {taken})"
        return None

    # -- what is in force ---------------------------------------------------------------------

    def tournament(self) -> TournamentInput:
        """The results in force in key order, with the template's settings: what
        ``score-event`` reads from the session's results file."""
        keys = self._lines if self._in_key_order else sorted(self._lines)
        return replace(self.template, lines=[self._lines[key] for key in keys])

    def scored_tournament(self) -> TournamentInput:
        """The part of :meth:`tournament` that is scored: all of it, except, in teams, a board of a
        match that only one room has played so far."""
        if not isinstance(self._scoring, TeamsScoring):
            return self.tournament()
        scored = self._scoring.scored_keys()
        keys = self._lines if self._in_key_order else sorted(self._lines)
        return replace(self.template, lines=[self._lines[key] for key in keys if key in scored])

    def __len__(self) -> int:
        """The results in force."""
        return len(self._lines)

    # -- scores -------------------------------------------------------------------------------

    def results(self) -> TournamentResults:
        """The session scored: equal (:meth:`TournamentResults.to_json`) to
        ``score_tournament(self.scored_tournament())``."""
        numbers = self._refresh()
        template = self.template
        matches = self._scoring.match_results() if isinstance(self._scoring, TeamsScoring) else []
        cross = template.scoring == "cross-imps"
        return TournamentResults(
            template.name,
            template.scoring,
            [self._board_results(number) for number in numbers],
            self.ranking(),
            matches,
            names=dict(template.names),
            deals=dict(template.deals),
            datum_method=str(template.datum) if template.scoring == "imps-datum" else None,
            cross_imps_ranking=template.cross_imps_ranking if cross else None,
        )

    def ranking(self) -> list[RankEntry]:
        """The ranking of the pairs (or teams), made once after each change."""
        if self._ranking is None:
            self._ranking = self._scoring.ranking()
        return self._ranking

    def to_json(self) -> dict[str, Any]:
        """``score_tournament(self.scored_tournament()).to_json()``, from the boards kept since
        the last call where nothing changed (see the module text for an empty session)."""
        numbers = self._refresh()
        template = self.template
        data: dict[str, Any] = {
            "event": template.name,
            "scoring": template.scoring,
            "boards": [self._board_json(number) for number in numbers],
        }
        if template.scoring == "cross-imps":
            data["cross_imps_ranking"] = template.cross_imps_ranking
        if isinstance(self._scoring, TeamsScoring):
            matches = self._scoring.match_results()
            if matches:
                data["matches"] = [match_json(m) for m in matches]
        if self._ranking_json is None:
            scoring, names = template.scoring, template.names
            self._ranking_json = [rank_json(r, scoring, names) for r in self.ranking()]
        data["ranking"] = list(self._ranking_json)
        return data

    def json_text(self) -> str:
        """``json.dumps(self.to_json(), ensure_ascii=False)``, with each board's traveller
        serialised once for as long as it does not change: what a server publishes after every
        result costs the changed board and the ranking, not the whole session."""
        data = self.to_json()
        boards = data["boards"]
        data["boards"] = []
        head = json.dumps(data, ensure_ascii=False)
        key = '"boards": ['
        at = head.index(key) + len(key)  # the first: in a JSON string a quote is escaped
        texts = []
        for board in boards:
            held = self._texts.get(board["board"])
            if held is None or held[0] is not board:
                held = self._texts[board["board"]] = (board, json.dumps(board, ensure_ascii=False))
            texts.append(held[1])
        return head[:at] + ", ".join(texts) + head[at:]

    def _refresh(self) -> list[int]:
        """Forget the travellers of the boards that changed; the boards' numbers in order."""
        stale = self._scoring.take_stale()
        if stale is None:
            self._json.clear()
            self._results.clear()
        else:
            for number in stale:
                self._json.pop(number, None)
                self._results.pop(number, None)
        return self._scoring.board_numbers()

    def _board_results(self, number: int) -> BoardResults:
        found = self._results.get(number)
        if found is None:
            found = self._results[number] = self._scoring.board_results(number)
        return found

    def _board_json(self, number: int) -> dict[str, Any]:
        found = self._json.get(number)
        if found is None:
            if isinstance(self._scoring, TeamsScoring):
                found = board_json(self._board_results(number), self._unit)
            else:
                found = self._scoring.board_json(number)
            self._json[number] = found
        return found


def _check_template(template: TournamentInput) -> None:
    """The session's settings are ones ``score-event`` knows, and it has no results yet."""
    if template.scoring not in SCORINGS:
        raise LiveScoreError(f"unknown scoring {template.scoring!r} (expected {SCORINGS})")
    if template.sitouts not in SITOUTS:
        raise LiveScoreError(f"unknown sit-out convention {template.sitouts!r}")
    if template.cross_imps_ranking not in CROSS_IMPS_RANKINGS:
        raise LiveScoreError(f"unknown cross-IMPs ranking {template.cross_imps_ranking!r}")
    if template.vp not in (None, "wbf"):
        raise LiveScoreError(f"unknown victory-point scale {template.vp!r} (expected wbf)")
    if template.lines:
        raise LiveScoreError(
            f"the template has {len(template.lines)} results: a live session starts with none "
            "(put them one by one)"
        )
    problems = check_tournament(template)
    if problems:
        raise LiveScoreError(problems[0].message)


def _scoring_for(template: TournamentInput) -> PairsScoring | TeamsScoring:
    phantoms = template.phantoms
    if template.scoring == "teams":
        return TeamsScoring(list(template.matches), template.vp)
    if template.scoring == "matchpoints":
        return Matchpoints(phantoms)
    if template.scoring == "imps-datum":
        return Butler(phantoms, template.datum)
    if template.scoring == "cross-imps":
        return CrossImps(phantoms, template.cross_imps_ranking == "average")
    return TotalPoints(phantoms)
