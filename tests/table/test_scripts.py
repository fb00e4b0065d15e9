"""Table scripts with their expected outcomes: the project's test vectors for the Laws.

Each file in ``tests/scripts/`` (and each example in ``shared/scenarios/``) is a table script
with an ``expect`` mapping, written from the Laws, not from the engine's output:

* any key of the ``replay --json`` output (``contract``, ``declarer``, ``calls``, ``barred``,
  ``awaiting``...) must match exactly;
* ``rulings_include``: law clauses, each the start of at least one ruling's law;
* ``rulings_exclude``: law clauses no ruling may start with;
* ``rulings``: the exact list of ruling clauses, in order;
* ``ruling_seats``: the exact list of the rulings' offenders (a seat, or null for none), in order;
* ``reviews_include`` / ``reviews_exclude``: as the two above, for the laws of ``reviews``
  (what is left to the director's judgement at the end of the board);
* ``error_event``: the script must stop with a script error at this event;
* ``error_reason``: with ``error_event``, words the error must contain (the reason it gives, so
  that a script stopped at the right event for another reason does not pass).
* ``adjudicated``: with ``adjudicate: true`` (the Law 70 adjudicator settles a disputed claim
  the director has not ruled on), the tricks of the remaining ones it gives the claimer's side;
  ``line_includes``: words its ruling (the line assumed) must contain.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import SCRIPTS, check


def _id(path: Path) -> str:
    return path.stem if path.parent.name != "scenarios" else f"shared-{path.stem}"


@pytest.mark.parametrize("path", SCRIPTS, ids=[_id(p) for p in SCRIPTS])
def test_script(path: Path) -> None:
    check(path)


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 6
