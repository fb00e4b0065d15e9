"""Which build is under test: pure Python, or the strict core and the table engine compiled
with mypyc."""

import os

import pytest

import bridgelaw


def test_the_expected_build_is_the_one_imported() -> None:
    expected = os.environ.get("BRIDGELAW_EXPECT_COMPILED") == "1"
    assert bridgelaw.is_compiled() is expected


@pytest.mark.parametrize("module", ["state", "engine", "play_state", "auction_rules", "claims"])
def test_the_table_engine_is_compiled_with_the_core(module: str) -> None:
    """setup.py compiles table/ with the strict core (all but __init__ and script.py)."""
    import importlib

    path = str(importlib.import_module(f"bridgelaw.table.{module}").__file__)
    assert path.endswith(".py") is not bridgelaw.is_compiled(), path
