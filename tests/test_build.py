"""Which build is under test: pure Python, or the strict core compiled with mypyc."""

import os

import bridgelaw


def test_the_expected_build_is_the_one_imported() -> None:
    expected = os.environ.get("BRIDGELAW_EXPECT_COMPILED") == "1"
    assert bridgelaw.is_compiled() is expected
