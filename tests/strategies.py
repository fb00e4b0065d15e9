"""Hypothesis strategies that several test modules draw from: random tournaments to score and to
write (``score-tournament``'s input), and the tournament as the readers build it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.scoring.butler import DatumMethod
from bridgelaw.scoring.results import (
    Artificial,
    ArtificialKind,
    Played,
    Points,
    ResultLine,
    SideResult,
)
from bridgelaw.tournament.session import TournamentInput

# -- pairs tournaments, as the scorers take them ------------------------------------------------

SCORES = [-1100, -200, -100, -50, 0, 90, 110, 140, 170, 420, 450, 620, 650, 1430]


@st.composite
def points(draw: st.DrawFn) -> Points:
    if draw(st.booleans()):
        return Points.single(draw(st.sampled_from(SCORES)))
    denominator = draw(st.sampled_from([2, 3, 4, 6, 7]))
    first = draw(st.integers(1, denominator - 1))
    return Points.weighted(
        [
            (draw(st.sampled_from(SCORES)), Fraction(first, denominator)),
            (draw(st.sampled_from(SCORES)), Fraction(denominator - first, denominator)),
        ]
    )


@st.composite
def artificial(draw: st.DrawFn) -> Artificial:
    kinds: list[ArtificialKind] = ["A+", "A", "A-", "%", "NP"]
    kind = draw(st.sampled_from(kinds))
    if kind == "%":
        return Artificial("%", Fraction(draw(st.integers(0, 200)), 2))
    return Artificial(kind)


@st.composite
def tournaments(draw: st.DrawFn, scoring: str = "matchpoints") -> TournamentInput:
    boards = draw(st.integers(1, 4))
    pairs = [str(p) for p in range(1, draw(st.integers(2, 9)) + 1)]
    howell = draw(st.booleans())
    lines: list[ResultLine] = []
    for board in range(1, boards + 1):
        for _ in range(draw(st.integers(1, 6))):
            if howell:
                ns, ew = draw(st.permutations(pairs))[:2]
            else:  # Mitchell: odd pairs North-South, even pairs East-West
                ns = draw(st.sampled_from(pairs[::2]))
                ew = draw(st.sampled_from(pairs[1::2] or ["x"]))
            kind = draw(st.sampled_from(["table", "table", "table", "artificial", "split"]))
            ns_side: SideResult
            ew_side: SideResult
            if kind == "table":
                ns_side = ew_side = draw(points())
            elif kind == "artificial":
                ns_side, ew_side = draw(artificial()), draw(artificial())
            else:
                ns_side = draw(st.one_of(points(), artificial()))
                ew_side = draw(st.one_of(points(), artificial()))
            lines.append(ResultLine(board, ns, ew, ns_side, ew_side, line=len(lines) + 2))
    tournament = TournamentInput("random", scoring, lines)
    tournament.datum = draw(st.sampled_from(list(DatumMethod)))
    tournament.cross_imps_ranking = draw(st.sampled_from(["average", "total"]))
    return tournament


def with_shared_sides(tournament: TournamentInput) -> TournamentInput:
    """The tournament as the readers build it: one object for all the sides that are equal (the
    bulk scorers then score a side once per board and give its numbers to the others)."""
    one: dict[SideResult, SideResult] = {}
    lines = []
    for r in tournament.lines:
        ns = one.setdefault(r.ns_side, r.ns_side)
        ew = ns if r.ew_side == r.ns_side else one.setdefault(r.ew_side, r.ew_side)
        lines.append(replace(r, ns_side=ns, ew_side=ew))
    return replace(tournament, lines=lines)


# -- the same, dressed as a results file has them --------------------------------------------------

# pair names a JSON text must escape: quotes, backslashes, control and non-ASCII characters
NAMES = st.sampled_from(["1", "12", 'A "B"', "back\\slash", "tab\tnew\nline", "Zoë", "🂡", " "])


@st.composite
def dressed(draw: st.DrawFn, scoring: str) -> TournamentInput:
    """A random tournament (:func:`tournaments`) with names to escape, rounds, tables,
    contracts played and leads."""
    tournament = draw(tournaments(scoring))
    names = {pair: f"{draw(NAMES)}{pair}" for r in tournament.lines for pair in (r.ns, r.ew)}
    lines = []
    for r in tournament.lines:
        extras: dict[str, Any] = {"ns": names[r.ns], "ew": names[r.ew]}
        if draw(st.booleans()):
            extras |= {"round": draw(st.integers(1, 30)), "table": draw(st.integers(1, 30))}
        single = isinstance(r.ns_side, Points) and not r.ns_side.is_weighted
        if single and draw(st.booleans()):
            contract = Contract.parse(draw(st.sampled_from(["4S", "3NT", "2HX", "7NTXX", "P"])))
            declarer = None if contract.is_passed_out else draw(st.sampled_from(list(Seat)))
            tricks = None if contract.is_passed_out else draw(st.integers(0, 13))
            lead = draw(st.sampled_from([None, "SA", "H10"]))
            extras["played"] = Played(contract, declarer, tricks, lead)
        lines.append(replace(r, **extras))
    dressed = replace(tournament, lines=lines, name=draw(NAMES))
    # as the readers build it (equal results share one object), or not
    return with_shared_sides(dressed) if draw(st.booleans()) else dressed


# -- teams tournaments, as a results file's JSON -----------------------------------------------


@st.composite
def teams_tournaments(draw: st.DrawFn) -> dict[str, Any]:
    teams = [f"T{n}" for n in range(draw(st.integers(1, 3)) * 2)]
    order = draw(st.permutations(teams))
    matches = []
    results = []
    boards = draw(st.integers(1, 3))
    for index in range(0, len(order), 2):
        match = str(index // 2 + 1)
        home, away = order[index], order[index + 1]
        spec: dict[str, Any] = {"match": match, "home": home, "away": away}
        if draw(st.booleans()):
            spec["boards"] = boards
        matches.append(spec)
        for board in range(1, boards + 1):
            for room, ns, ew in (("open", home, away), ("closed", away, home)):
                entry: dict[str, Any] = {
                    "board": board,
                    "match": match,
                    "room": room,
                    "ns": ns,
                    "ew": ew,
                }
                kind = draw(st.sampled_from(["contract", "passed-out", "ns_score", "artificial"]))
                if kind == "contract":
                    entry |= {
                        "contract": f"{draw(st.integers(1, 7))}{draw(st.sampled_from('CDHS'))}",
                        "declarer": draw(st.sampled_from("NESW")),
                        "tricks": draw(st.integers(0, 13)),
                    }
                elif kind == "passed-out":
                    entry["contract"] = "passed-out"
                elif kind == "ns_score":
                    entry["ns_score"] = 10 * draw(st.integers(-200, 200))
                else:
                    entry["artificial"] = {"NS": "A+", "EW": "A-"}
                results.append(entry)
    data: dict[str, Any] = {"scoring": "teams", "matches": matches, "results": results}
    if draw(st.booleans()):
        data["vp"] = "wbf"
    return data
