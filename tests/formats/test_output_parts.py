"""The writers make each part that results share once: a result that several
tables had, when the readers give them one object, and a set of values, when the scorers give
equal results one tuple of texts. What they write must not depend on it: the same tournament with
every result its own objects gives the same JSON, PBN, USEBIO and site, byte for byte."""

from __future__ import annotations

import copy
import io
import json
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.formats.results_html import render_site
from bridgelaw.formats.results_json import read_results_json, write_results_json
from bridgelaw.formats.results_pbn import results_pbn
from bridgelaw.formats.usebio import usebio_xml
from bridgelaw.scoring.results import Played, ResultLine
from bridgelaw.tournament.session import TournamentInput, TournamentResults, score_tournament
from tests.strategies import dressed, teams_tournaments, with_shared_sides


def own_objects(tournament: TournamentInput) -> TournamentInput:
    """The tournament with no object shared between two results (a result's two sides stay one
    object when they were: that says "the same result for both sides")."""
    lines: list[ResultLine] = []
    for r in tournament.lines:
        ns = copy.copy(r.ns_side)
        ew = ns if r.ew_side is r.ns_side else copy.copy(r.ew_side)
        played = None if r.played is None else copy.copy(r.played)
        lines.append(replace(r, ns_side=ns, ew_side=ew, played=played))
    return replace(tournament, lines=lines)


def shared_objects(tournament: TournamentInput) -> TournamentInput:
    """The tournament as the readers build it: one object for all the equal sides, and for all the
    equal contracts played."""
    tournament = with_shared_sides(tournament)
    one: dict[Played, Played] = {}
    lines = [
        r if r.played is None else replace(r, played=one.setdefault(r.played, r.played))
        for r in tournament.lines
    ]
    return replace(tournament, lines=lines)


def outputs(results: TournamentResults) -> dict[str, Any]:
    stream = io.StringIO()
    write_results_json(results, stream)
    return {
        "json": stream.getvalue(),
        "pbn": results_pbn(results, "2026-11-20"),
        "usebio": usebio_xml(results, date="2026-11-20"),
        "site": render_site(results),
    }


def assert_same_outputs(tournament: TournamentInput) -> None:
    shared, own = (
        outputs(score_tournament(tournament)),
        outputs(score_tournament(own_objects(tournament))),
    )
    for name in ("json", "pbn", "usebio"):
        assert shared[name] == own[name], name
    assert shared["site"].keys() == own["site"].keys()
    for page, text in shared["site"].items():
        assert text == own["site"][page], page


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["matchpoints", "imps-datum", "cross-imps", "total-points"])
    .flatmap(dressed)
    .map(shared_objects)
)
def test_pairs_outputs_do_not_depend_on_shared_objects(tournament: TournamentInput) -> None:
    assert_same_outputs(tournament)


@settings(max_examples=20, deadline=None)
@given(teams_tournaments())
def test_teams_outputs_do_not_depend_on_shared_objects(data: dict[str, Any]) -> None:
    outcome = read_results_json(json.dumps(data))  # the reader shares the outcomes it knows
    assert outcome.tournament is not None
    assert_same_outputs(outcome.tournament)
