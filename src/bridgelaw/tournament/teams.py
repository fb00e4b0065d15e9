"""Teams of four (Law 86): two rooms per match, IMPs per board (Law 78B), victory points.

In every match the home team sits North-South in the open room and East-West in the closed
room. On each board the home team's IMPs compare its North-South result in the open room with
its East-West result in the closed room:

* a weighted score (12C1c) is IMPed outcome by outcome against the other room, then weighted
  (the commentary's example, catalog D.3);
* a split score (12C1b) gives each team its own side's result, so the two teams' IMPs need not
  balance; each team's victory points then come from its own margin;
* an artificial score (12C2b) gives that team +3, 0 or -3 IMPs on the board (an explicit
  percentage p gives (p - 50) * 3/10); if both rooms have one for the same team, their mean.

A match's victory points come from the WBF continuous scale for its number of boards
(:mod:`bridgelaw.scoring.vp`); the ranking is by victory points, or by IMP margin without them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from bridgelaw.formats.pbn import Problem
from bridgelaw.scoring.adjusted import weighted_imps
from bridgelaw.scoring.results import Artificial, Points, ResultLine, SideResult
from bridgelaw.scoring.vp import vp
from bridgelaw.tournament.model import (
    NS,
    BoardResults,
    MatchResult,
    MatchSpec,
    RankEntry,
    ScoredResult,
    TournamentInput,
    TournamentResults,
    assign_ranks,
    points_score,
)

ROOMS = ("open", "closed")


def check_teams(tournament: TournamentInput) -> list[Problem]:
    problems: list[Problem] = []

    def problem(line: int, message: str) -> None:
        problems.append(Problem(tournament.source, line, message))

    specs: dict[str, MatchSpec] = {}
    for spec in tournament.matches:
        if spec.match in specs:
            problem(spec.line, f"match {spec.match} is listed twice")
        if spec.home == spec.away:
            problem(spec.line, f"match {spec.match}: a team cannot play itself ({spec.home})")
        specs.setdefault(spec.match, spec)
    if not tournament.matches:
        problem(
            1, 'a teams tournament needs a "matches" list naming each match\'s home and away team'
        )
    rooms: dict[tuple[str, int, str], int] = {}
    for r in tournament.lines:
        if r.match is None or r.room is None:
            problem(r.line, 'a teams result needs "match" and "room" ("open" or "closed")')
            continue
        if r.match not in specs:
            if tournament.matches:
                problem(r.line, f"match {r.match} is not in the matches list")
            continue
        key = (r.match, r.board, r.room)
        if key in rooms:
            problem(
                r.line,
                f"match {r.match} board {r.board} already has an {r.room}-room "
                f"result (line {rooms[key]})",
            )
        rooms.setdefault(key, r.line)
    for (match, board, room), line in sorted(rooms.items(), key=lambda kv: kv[1]):
        other = "closed" if room == "open" else "open"
        if (match, board, other) not in rooms:
            problem(
                line,
                f"match {match} board {board} has no {other}-room result "
                "(give the other table's result or an adjusted score)",
            )
    return problems


def _team_imps(own: SideResult, other_room: SideResult, sign: int) -> Fraction | None:
    """IMPs for the team holding ``own`` in one room against ``other_room`` (both as NS points,
    ``sign`` +1 when the team is North-South in the first room), or ``None`` if artificial."""
    if isinstance(own, Artificial) or isinstance(other_room, Artificial):
        return None
    mine = Points(tuple((sign * s, w) for s, w in own.components))
    theirs = Points(tuple((-sign * s, w) for s, w in other_room.components))
    return weighted_imps(mine, theirs)


def _artificial_for(team_sides: Sequence[SideResult]) -> Fraction | None:
    values = [s.imps() for s in team_sides if isinstance(s, Artificial) and s.kind != "NP"]
    if not values:
        return None
    return sum(values, Fraction(0)) / len(values)  # Law 12C2b; both rooms: their mean


def board_imps(open_: ResultLine, closed: ResultLine) -> tuple[Fraction, Fraction]:
    """The home and the away team's IMPs on one board of a match, from its two rooms."""
    # home: NS in the open room, EW in the closed room; away the other way round
    home = _artificial_for([open_.ns_side, closed.ew_side])
    if home is None:
        home = _team_imps(open_.ns_side, closed.ew_side, +1)
    away = _artificial_for([open_.ew_side, closed.ns_side])
    if away is None:
        away = _team_imps(closed.ns_side, open_.ew_side, +1)
    return (
        home if home is not None else Fraction(0),
        away if away is not None else Fraction(0),
    )


def board_results(
    open_: ResultLine, closed: ResultLine, imps: tuple[Fraction, Fraction]
) -> list[ScoredResult]:
    """The two rooms' results of one board of a match, each with its teams' IMPs."""
    home_imps, away_imps = imps
    scored = []
    for line, ns_value, ew_value in (
        (open_, home_imps, away_imps),
        (closed, away_imps, home_imps),
    ):
        result = ScoredResult(line, points_score(line, NS), points_score(line, 1))
        result.ns_value, result.ew_value = ns_value, ew_value
        scored.append(result)
    return scored


def match_result(
    spec: MatchSpec, board_imps: Sequence[tuple[Fraction, Fraction]], vp_scale: str | None
) -> MatchResult:
    """A match's IMPs, margins and (with the WBF scale) victory points from its boards'
    home and away IMPs."""
    home_total = sum((max(h, Fraction(0)) for h, _ in board_imps), Fraction(0))
    away_total = sum((max(a, Fraction(0)) for _, a in board_imps), Fraction(0))
    home_margin = sum((h for h, _ in board_imps), Fraction(0))
    away_margin = sum((a for _, a in board_imps), Fraction(0))
    count = spec.boards or len(board_imps)
    result_vp = None
    if vp_scale == "wbf" and count:
        result_vp = (vp(home_margin, count), vp(away_margin, count))
    return MatchResult(
        spec.match,
        spec.home,
        spec.away,
        count,
        (home_total, away_total),
        (home_margin, away_margin),
        result_vp,
    )


def rank_teams(matches: Sequence[MatchResult], vp_scale: str | None) -> list[RankEntry]:
    """The teams ranked by victory points (WBF scale) or, without them, by IMP margin."""
    vps: dict[str, Fraction] = defaultdict(Fraction)
    margins: dict[str, Fraction] = defaultdict(Fraction)
    played: dict[str, int] = defaultdict(int)
    for m in matches:
        if m.vp is not None:
            vps[m.home] += m.vp[0]
            vps[m.away] += m.vp[1]
        margins[m.home] += m.margin[0]
        margins[m.away] += m.margin[1]
        played[m.home] += 1
        played[m.away] += 1
    entries = []
    for team in played:
        if vp_scale == "wbf":
            most = Fraction(20 * played[team])
            entries.append(
                RankEntry("", team, None, vps[team], most, 100 * vps[team] / most, played[team])
            )
        else:
            entries.append(RankEntry("", team, None, margins[team], None, None, played[team]))
    return assign_ranks(entries, lambda e: e.score)


def score_teams(tournament: TournamentInput) -> TournamentResults:
    by_key: dict[tuple[str, int], dict[str, ResultLine]] = defaultdict(dict)
    for r in tournament.lines:
        if r.match is not None and r.room is not None:
            by_key[r.match, r.board][r.room] = r
    per_match: dict[str, list[tuple[Fraction, Fraction]]] = defaultdict(list)
    scored_by_board: dict[int, list[ScoredResult]] = defaultdict(list)
    for (match, board), rooms in sorted(by_key.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        open_, closed = rooms["open"], rooms["closed"]
        imps = board_imps(open_, closed)
        per_match[match].append(imps)
        scored_by_board[board].extend(board_results(open_, closed, imps))
    matches = [
        match_result(spec, per_match.get(spec.match, []), tournament.vp)
        for spec in tournament.matches
    ]
    ranking = rank_teams(matches, tournament.vp)
    boards = [BoardResults(b, None, scored_by_board[b]) for b in sorted(scored_by_board)]
    return TournamentResults(
        tournament.name,
        "teams",
        boards,
        ranking,
        matches,
        names=dict(tournament.names),
        deals=dict(tournament.deals),
    )


def swiss_pairings(
    standings: Sequence[str], played: set[frozenset[str]]
) -> list[tuple[str, str]] | None:
    """The next Swiss round: teams in ranking order, each paired with the highest-placed team it
    has not met yet (backtracking when that leaves someone without an opponent). The better
    placed team is home. With an odd number of teams the lowest team that can sits out (it is
    returned paired with ``""``). ``None`` when every pairing repeats a match."""
    teams = list(standings)
    if len(teams) % 2:
        for bye in reversed(teams):
            rest = [t for t in teams if t != bye]
            found = _pair_down(rest, played)
            if found is not None:
                return [*found, (bye, "")]
        return None
    return _pair_down(teams, played)


def _pair_down(teams: list[str], played: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for i, opponent in enumerate(rest):
        if frozenset((first, opponent)) in played:
            continue
        tail = _pair_down(rest[:i] + rest[i + 1 :], played)
        if tail is not None:
            return [(first, opponent), *tail]
    return None
