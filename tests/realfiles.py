"""Where the real files by other programs are: ``../shared/realfiles`` beside the checkout (CI
puts them there). They are the other programs' files, read in place and never copied into the
project. Missing, a test that needs one fails under CI and is skipped elsewhere."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REAL_FILES = Path(__file__).resolve().parents[1].parent / "shared" / "realfiles"


def real_file(relative: str) -> Path:
    path = REAL_FILES / relative
    if not path.is_file():
        message = f"the real file {relative} is not in {REAL_FILES}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path
