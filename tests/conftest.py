"""Test configuration: under CI the property tests use a fixed sequence of examples, so a run
is reproducible; elsewhere hypothesis explores new examples each time (and
BRIDGELAW_PROPERTY_EXAMPLES makes the table's searches longer)."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
