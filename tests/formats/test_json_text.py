"""``score-event --json`` writes its text straight from the scored results:
the text must be exactly ``json.dumps(to_json(), ensure_ascii=False)``, the dictionaries the
spec describes (``shared/spec/event-results.md``), on random tournaments of every scoring."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.formats.json_text import json_number
from bridgelaw.formats.results_json import read_results_json, write_results_json
from bridgelaw.tournament.reference import score_tournament_reference
from bridgelaw.tournament.session import (
    TournamentInput,
    TournamentResults,
    number,
    score_tournament,
    value_text,
)
from tests.strategies import dressed, teams_tournaments


def written(results: TournamentResults) -> str:
    stream = io.StringIO()
    write_results_json(results, stream)
    return stream.getvalue()


def expected(results: TournamentResults) -> str:
    return json.dumps(results.to_json(), ensure_ascii=False)


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
