"""``score-event --json`` writes its text straight from the scored results:
the text must be exactly ``json.dumps(to_json(), ensure_ascii=False)``, the dictionaries the
spec describes (``shared/spec/event-results.md``), on random tournaments of every scoring."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.formats.json_text import json_number
from bridgelaw.formats.results_json import read_results_json, write_results_json
from bridgelaw.scoring.results import Played, Points
from bridgelaw.tournament.reference import score_tournament_reference
from bridgelaw.tournament.session import (
    TournamentInput,
    TournamentResults,
    number,
    score_tournament,
    value_text,
)
from tests.formats.test_writers import teams_tournaments
from tests.tournament.test_bulk_scoring import tournaments, with_shared_sides

# pair names a JSON text must escape: quotes, backslashes, control and non-ASCII characters
NAMES = st.sampled_from(["1", "12", 'A "B"', "back\\slash", "tab\tnew\nline", "Zoë", "🂡", " "])


def written(results: TournamentResults) -> str:
    stream = io.StringIO()
    write_results_json(results, stream)
    return stream.getvalue()


def expected(results: TournamentResults) -> str:
    return json.dumps(results.to_json(), ensure_ascii=False)


@st.composite
def dressed(draw: st.DrawFn, scoring: str) -> TournamentInput:
    """A random tournament (tests.tournament.test_bulk_scoring) with names to escape, rounds,
    tables, contracts played and leads."""
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


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["matchpoints", "imps-datum", "cross-imps", "total-points"]).flatmap(dressed)
)
def test_the_json_text_is_json_dumps_of_to_json(tournament: TournamentInput) -> None:
    # the bulk scorers (their texts made as they build), then the reference (texts made on use)
    scored = score_tournament(tournament)
    assert written(scored) == expected(scored)
    reference = score_tournament_reference(tournament)
    assert written(reference) == expected(reference)
    json.loads(written(scored))  # and it is JSON


@settings(max_examples=20, deadline=None)
@given(teams_tournaments())
def test_a_teams_tournament_too(data: dict[str, Any]) -> None:
    outcome = read_results_json(json.dumps(data))
    assert outcome.tournament is not None
    scored = score_tournament(outcome.tournament)
    assert written(scored) == expected(scored)


@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**9))
def test_a_value_is_written_as_json_writes_its_rounded_number(value: Fraction) -> None:
    # the text every output writes (two decimals), turned into JSON's: json.dumps(number(value))
    assert json_number(value_text(value)) == json.dumps(number(value))
    assert json_number(value_text(None)) == "null"
