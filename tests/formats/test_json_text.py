"""``score-event --json`` writes its text straight from the scored results:
the text must be exactly ``json.dumps(to_json(), ensure_ascii=False)``, the dictionaries the
spec describes (``shared/spec/event-results.md``), on random events of every scoring."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.formats.json_text import json_number
from bridgelaw.formats.results_json import read_results_json, write_results_json
from bridgelaw.tournament.reference import score_event_reference
from bridgelaw.tournament.session import EventInput, EventResults, number, score_event, value_text
from tests.strategies import dressed, teams_events


def written(results: EventResults) -> str:
    stream = io.StringIO()
    write_results_json(results, stream)
    return stream.getvalue()


def expected(results: EventResults) -> str:
    return json.dumps(results.to_json(), ensure_ascii=False)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["matchpoints", "imps-datum", "cross-imps", "total-points"]).flatmap(dressed)
)
def test_the_json_text_is_json_dumps_of_to_json(event: EventInput) -> None:
    # the bulk scorers (their texts made as they build), then the reference (texts made on use)
    scored = score_event(event)
    assert written(scored) == expected(scored)
    reference = score_event_reference(event)
    assert written(reference) == expected(reference)
    json.loads(written(scored))  # and it is JSON


@settings(max_examples=20, deadline=None)
@given(teams_events())
def test_a_teams_event_too(data: dict[str, Any]) -> None:
    outcome = read_results_json(json.dumps(data))
    assert outcome.event is not None
    scored = score_event(outcome.event)
    assert written(scored) == expected(scored)


@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**9))
def test_a_value_is_written_as_json_writes_its_rounded_number(value: Fraction) -> None:
    # the text every output writes (two decimals), turned into JSON's: json.dumps(number(value))
    assert json_number(value_text(value)) == json.dumps(number(value))
    assert json_number(value_text(None)) == "null"
