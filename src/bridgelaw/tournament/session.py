"""Scoring a session: every board by Law 78, adjusted scores by Law 12C, then the ranking.

:func:`check_tournament` finds every problem of a whole tournament (pairs on the wrong boards for
the movement, a pair twice on a board, teams rooms missing...) and :func:`score_tournament` scores
it:

* ``matchpoints`` (Law 78A): exact fractions. Weighted scores enter the board's frequencies with
  their weights; split scores (12C1b) are matchpointed per direction, each side's score against
  the other results as that direction sees them; boards with fewer comparable results than the
  most-played board are factored by Neuberg's formula; artificial scores (12C2) are a percentage
  of the top, with the session-percentage rule (12C2c).
* ``imps-datum`` (Butler), ``cross-imps`` (Law 78B across the field) and ``total-points`` (78C).
* ``teams``: see :mod:`bridgelaw.tournament.teams`.

Rankings: when every pair keeps one direction (Mitchell) North-South and East-West are ranked
separately; when pairs change direction (Howell) there is one ranking.

Numbers are exact fractions here; :meth:`TournamentResults.to_json` rounds them to two decimals,
halves away from zero, as docs/scoring.md documents. The values (the tournament's input, its scored
results, their JSON) are :mod:`bridgelaw.tournament.model`'s, named here too for the modules that
score a tournament; the scorers import them from there, and this module imports the scorers only
when it scores (nothing heavy at import, no import cycle).
"""

from __future__ import annotations

from dataclasses import replace

from bridgelaw.formats.pbn import Problem
from bridgelaw.scoring.results import Artificial
from bridgelaw.tournament.model import (
    CROSS_IMPS_RANKINGS,
    DIRECTIONS,
    EW,
    NS,
    SCORINGS,
    SITOUTS,
    BoardResults,
    Exact,
    MatchResult,
    MatchSpec,
    RankEntry,
    ScoredResult,
    TournamentInput,
    TournamentResults,
    assign_ranks,
    board_json,
    collector_paused,
    exact_value,
    fraction_number,
    fraction_text,
    match_json,
    number,
    number_text,
    rank_json,
    rank_pairs,
    rank_totals,
    score_value,
    value_text,
    value_texts,
    without_pairs,
)

__all__ = [  # the model's values, for the readers, writers and commands that score a tournament
    "CROSS_IMPS_RANKINGS",
    "DIRECTIONS",
    "EW",
    "NS",
    "SCORINGS",
    "SITOUTS",
    "BoardResults",
    "Exact",
    "MatchResult",
    "MatchSpec",
    "RankEntry",
    "ScoredResult",
    "TournamentInput",
    "TournamentResults",
    "assign_ranks",
    "board_json",
    "check_tournament",
    "collector_paused",
    "exact_value",
    "fraction_number",
    "fraction_text",
    "match_json",
    "number",
    "number_text",
    "rank_json",
    "rank_pairs",
    "rank_totals",
    "score_tournament",
    "score_value",
    "value_text",
    "value_texts",
    "with_sitouts",
    "without_pairs",
]

# -- checking ----------------------------------------------------------------------------------


def check_tournament(tournament: TournamentInput) -> list[Problem]:
    """Every problem of the tournament as a whole (each line was checked on reading)."""
    with collector_paused():
        return _check_tournament(tournament)


def _check_tournament(tournament: TournamentInput) -> list[Problem]:
    problems: list[Problem] = []

    def problem(line: int, message: str) -> None:
        problems.append(Problem(tournament.source, line, message))

    quick = tournament.movement is None and tournament.scoring not in ("teams", "total-points")
    if quick and _plainly_consistent(tournament):
        return problems
    known = set(tournament.names)
    seen: dict[tuple[str, int, str | None], int] = {}
    for r in tournament.lines:
        if r.ns == r.ew:
            problem(r.line, f"pair {r.ns} cannot sit both North-South and East-West")
        if known:
            for pair in (r.ns, r.ew):
                if (
                    pair not in known
                    and pair not in tournament.phantoms
                    and tournament.scoring != "teams"
                ):
                    problem(r.line, f"unknown pair {pair} (not in the tournament's list of pairs)")
        if tournament.movement is not None and tournament.scoring != "teams":
            why = tournament.movement.check(r.board, r.ns, r.ew, r.round, r.table)
            if why is not None:
                problem(r.line, f"board {r.board}: {why}")
        for pair in (r.ns, r.ew):
            key = (pair, r.board, r.match)
            if key in seen and tournament.scoring != "teams":
                problem(
                    r.line,
                    f"pair {pair} already has a result on board {r.board} (line {seen[key]})",
                )
            seen.setdefault(key, r.line)
        if tournament.scoring == "total-points":
            for side in (r.ns_side, r.ew_side):
                if isinstance(side, Artificial) and side.kind != "NP":
                    problem(
                        r.line,
                        "an artificial score has no value in total points "
                        "(Law 78C): assign a score in points (ns_score) instead",
                    )
    if tournament.scoring == "teams":
        from bridgelaw.tournament.teams import check_teams

        problems.extend(check_teams(tournament))
    return problems


def _plainly_consistent(tournament: TournamentInput) -> bool:
    """True when no pair sits both ways at a table, every pair is listed (when pairs are named)
    and no pair has two results on a board: the usual case, found with sets. When it is false,
    the full check says exactly what is wrong and where."""
    lines = tournament.lines
    ns = [r.ns for r in lines]
    ew = [r.ew for r in lines]
    if any(map(str.__eq__, ns, ew)):
        return False
    if tournament.names and not set(ns).union(ew) <= set(tournament.names).union(
        tournament.phantoms
    ):
        return False
    boards = [r.board for r in lines]
    matches = [r.match for r in lines]
    seats = set(zip(ns, boards, matches, strict=True))
    seats.update(zip(ew, boards, matches, strict=True))
    return len(seats) == 2 * len(lines)


# -- scoring -----------------------------------------------------------------------------------


def score_tournament(tournament: TournamentInput) -> TournamentResults:
    """Score a checked tournament by its scoring method.

    The pairs scorings are scored in bulk (:mod:`bridgelaw.tournament.bulk`,
    :mod:`bridgelaw.tournament.bulk_imps`: integers and numpy, exact fractions built only for
    output), or board by board in fractions (:mod:`bridgelaw.tournament.reference`) when the
    integers could be too large; teams by :mod:`bridgelaw.tournament.teams`.
    Rows against a phantom pair follow the tournament's sit-out convention (:data:`SITOUTS`) first.
    """
    with collector_paused():
        return _score_tournament(tournament)


def _score_tournament(tournament: TournamentInput) -> TournamentResults:
    if tournament.scoring == "teams":
        from bridgelaw.tournament.teams import score_teams

        return score_teams(tournament)
    pairs_tournament = with_sitouts(tournament)
    scored: TournamentResults | None = None
    if tournament.scoring == "matchpoints":
        from bridgelaw.tournament.bulk import score_matchpoints_bulk

        scored = score_matchpoints_bulk(pairs_tournament)
    elif tournament.scoring in ("imps-datum", "cross-imps"):
        from bridgelaw.tournament.bulk_imps import score_imps_bulk

        scored = score_imps_bulk(pairs_tournament)
    elif tournament.scoring == "total-points":
        from bridgelaw.tournament.bulk import score_total_points_bulk

        scored = score_total_points_bulk(pairs_tournament)
    if scored is None:
        from bridgelaw.tournament.reference import score_tournament_reference

        scored = score_tournament_reference(pairs_tournament)
    if tournament.phantoms:
        scored.ranking = without_pairs(scored.ranking, tournament.phantoms)
        scored.phantoms, scored.sitouts = tournament.phantoms, tournament.sitouts
    return scored


def with_sitouts(tournament: TournamentInput) -> TournamentInput:
    """The tournament with its rows against phantom pairs as the sit-out convention says."""
    phantoms = tournament.phantoms
    if not phantoms:
        return tournament
    if tournament.sitouts == "not-a-result":  # a sit-out is no table: the row is not a result
        lines = [r for r in tournament.lines if r.ns not in phantoms and r.ew not in phantoms]
    else:  # "not-played": a table where the board was not played (Law 12C2d, not scored)
        absent = Artificial("NP")
        lines = [
            r
            if r.ns not in phantoms and r.ew not in phantoms
            else replace(
                r, ns_side=absent, ew_side=absent, played=None, ns_played=None, ew_played=None
            )
            for r in tournament.lines
        ]
    return replace(tournament, lines=lines)
