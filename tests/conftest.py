"""Test configuration: under CI the property tests use a fixed sequence of examples, so a run
is reproducible; elsewhere hypothesis explores new examples each time (and
BRIDGELAW_PROPERTY_EXAMPLES makes the table's searches longer)."""

import os

import pytest
from hypothesis import settings

from bridgelaw.table import events

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _fresh_event_parses() -> None:
    """Each test reads its events anew: the parse cache of ``bridgelaw.table.events`` outlives a
    test, so without this a test would only see the parses of the tests before it (and a
    mutation run, whose mutants fork from a process that ran every test, would find the parser's
    mutants unreachable)."""
    events._PARSED.clear()
