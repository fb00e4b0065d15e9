"""A teams session kept up to date one result at a time (see :mod:`bridgelaw.tournament.live`).

A board of a match is scored when both its rooms have a result (the home team's IMPs compare
its North-South result in the open room with its East-West result in the closed room:
:func:`bridgelaw.tournament.teams.board_imps`). Until the second room's result arrives the first one
waits: it is in force (in the results file) but not scored, and not shown -- ``score-event``
refuses a file with a board of a match in one room only. A result that comes or goes rescores
its board of its match and then that match alone (IMPs, margin, victory points); the ranking of
the teams is made again from the matches.
"""

from __future__ import annotations

from fractions import Fraction

from bridgelaw.scoring.results import ResultLine
from bridgelaw.tournament.model import (
    BoardResults,
    MatchResult,
    MatchSpec,
    RankEntry,
    ScoredResult,
)
from bridgelaw.tournament.teams import board_imps, board_results, match_result, rank_teams

Slot = tuple[str, int]
"""A board of a match: (match, board)."""


class TeamsScoring:
    """The matches' boards, each scored once both rooms are in."""

    def __init__(self, matches: list[MatchSpec], vp_scale: str | None) -> None:
        self.specs = {spec.match: spec for spec in matches}
        self.order = list(matches)
        self.vp_scale = vp_scale
        self.rooms: dict[Slot, dict[str, tuple[int, ResultLine]]] = {}
        self.slot_of: dict[int, Slot] = {}
        self.imps: dict[str, dict[int, tuple[Fraction, Fraction]]] = {m.match: {} for m in matches}
        """Match -> board -> the home and away teams' IMPs, for the boards both rooms played."""
        self.scored: dict[int, dict[str, list[ScoredResult]]] = {}
        """Board -> match -> its two rooms' scored results."""
        self.matches: dict[str, MatchResult] = {
            spec.match: match_result(spec, [], vp_scale) for spec in matches
        }
        self.stale: set[int] = set()

    def add(self, key: int, line: ResultLine) -> None:
        assert line.match is not None and line.room is not None
        slot = (line.match, line.board)
        self.rooms.setdefault(slot, {})[line.room] = (key, line)
        self.slot_of[key] = slot
        self.rescore(slot)

    def discard(self, key: int) -> None:
        slot = self.slot_of.pop(key)
        rooms = self.rooms[slot]
        for room, (found, _) in list(rooms.items()):
            if found == key:
                del rooms[room]
        if not rooms:
            del self.rooms[slot]
        self.rescore(slot)

    def rescore(self, slot: Slot) -> None:
        """Score one board of one match again, then the match."""
        match, board = slot
        rooms = self.rooms.get(slot, {})
        on_board = self.scored.setdefault(board, {})
        was_scored = on_board.pop(match, None) is not None
        self.imps[match].pop(board, None)
        if "open" in rooms and "closed" in rooms:
            open_, closed = rooms["open"][1], rooms["closed"][1]
            imps = board_imps(open_, closed)
            self.imps[match][board] = imps
            on_board[match] = board_results(open_, closed, imps)
        elif not was_scored:
            if not on_board:
                del self.scored[board]
            return  # a room waiting for the other: nothing scored changed
        if not on_board:
            del self.scored[board]
        self.stale.add(board)
        self.matches[match] = match_result(
            self.specs[match], list(self.imps[match].values()), self.vp_scale
        )

    def scored_keys(self) -> set[int]:
        """The results that are scored: both rooms of their board of their match are in."""
        return {
            key
            for slot, rooms in self.rooms.items()
            if len(rooms) == 2
            for key, _ in rooms.values()
        }

    def take_stale(self) -> set[int] | None:
        stale, self.stale = self.stale, set()
        return stale

    def board_numbers(self) -> list[int]:
        return sorted(self.scored)

    def board_results(self, number: int) -> BoardResults:
        on_board = self.scored[number]
        results = [r for match in sorted(on_board) for r in on_board[match]]
        return BoardResults(number, None, results)

    def match_results(self) -> list[MatchResult]:
        return [self.matches[spec.match] for spec in self.order]

    def ranking(self) -> list[RankEntry]:
        return rank_teams(self.match_results(), self.vp_scale)
