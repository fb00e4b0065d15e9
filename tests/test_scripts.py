"""Table scripts with their expected outcomes: the project's test vectors for the Laws.

Each file in ``tests/scripts/`` (and each example in ``shared/scenarios/``) is a table script
with an ``expect`` mapping, written from the Laws, not from the engine's output:

* any key of the ``replay --json`` output (``contract``, ``declarer``, ``calls``, ``barred``,
  ``awaiting``...) must match exactly;
* ``rulings_include``: law clauses, each the start of at least one ruling's law;
* ``rulings_exclude``: law clauses no ruling may start with;
* ``rulings``: the exact list of ruling clauses, in order;
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
from typing import Any

import pytest

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.table import ScriptError
from bridgelaw.table.script import load_script, run_script

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "scenarios"
SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml")) + sorted(SHARED.glob("*.yaml"))


def _id(path: Path) -> str:
    return path.stem if path.parent.name != "scenarios" else f"shared-{path.stem}"


def check(path: Path) -> None:
    script = load_script(path)
    expect: dict[str, Any] = dict(script.expect)
    expect.pop("note", None)
    error_event = expect.pop("error_event", None)
    error_reason = expect.pop("error_reason", None)
    if error_event is not None:
        with pytest.raises(ScriptError) as info:
            run_script(script)
        assert info.value.index == error_event, str(info.value)
        if error_reason is not None or path.is_relative_to(HERE):  # ours always name it
            assert error_reason, f"{path.name}: an error script names its reason (error_reason)"
            assert str(error_reason).lower() in str(info.value).lower(), (
                error_reason,
                str(info.value),
            )
        return
    assert error_reason is None, "error_reason without error_event"
    adjudicator = Law70Adjudicator() if script.adjudicate else None
    table = run_script(script, adjudicator)
    output = table.to_json()
    adjudicated = expect.pop("adjudicated", None)
    line_includes = expect.pop("line_includes", [])
    if adjudicated is not None or line_includes:
        assert adjudicator is not None and adjudicator.last is not None, "nothing adjudicated"
        if adjudicated is not None:
            assert adjudicator.last.tricks == adjudicated, adjudicator.ruling_text()
        for words in line_includes:
            assert str(words) in adjudicator.ruling_text(), (words, adjudicator.ruling_text())
    laws = [r["law"] for r in output["rulings"]]
    for clause in expect.pop("rulings_include", []):
        assert any(law.startswith(str(clause)) for law in laws), (clause, laws)
    for clause in expect.pop("rulings_exclude", []):
        assert not any(law.startswith(str(clause)) for law in laws), (clause, laws)
    reviewed = [str(r["law"]) for r in output["reviews"]]
    for clause in expect.pop("reviews_include", []):
        assert any(law.startswith(str(clause)) for law in reviewed), (clause, reviewed)
    for clause in expect.pop("reviews_exclude", []):
        assert not any(law.startswith(str(clause)) for law in reviewed), (clause, reviewed)
    if "rulings" in expect:
        assert laws == [str(x) for x in expect.pop("rulings")]
    for key, value in expect.items():
        assert key in output, f"unknown expectation key {key!r}"
        if key in ("contract", "board", "edition") and value is not None:
            value = str(value)
        assert output[key] == value, (key, output[key], value)


@pytest.mark.parametrize("path", SCRIPTS, ids=[_id(p) for p in SCRIPTS])
def test_script(path: Path) -> None:
    check(path)


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 6
