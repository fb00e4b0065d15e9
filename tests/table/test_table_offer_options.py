"""The options a UI shows are answers the engine takes, at every offer the scripts reach.

The property test (``test_the_answers_taken_are_exactly_the_options_offered``) tries offers
of random tables; this one is deterministic and covers every offer made while replaying every
table script (``tests/scripts/`` and ``shared/scenarios/``): before each event, and after the
last, each option of the offer open (every party's) must be the command its word parses to,
said by a party the offer waits for, and must be accepted by the engine; it is then taken
back (``undo``) and the table is exactly as before. A script stopped by a script error
(``error_event``) is checked up to that event.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.table import ScriptError, Table, parse_event
from bridgelaw.table.script import load_script

from .test_scripts import SCRIPTS


def _state(table: Table) -> str:
    return json.dumps(table.to_json(), sort_keys=True)


def _check_offer(table: Table, where: str, failures: list[str], clauses: Counter[str]) -> int:
    """Try every option of the offer open; return how many were tried."""
    awaiting = table.awaiting
    if awaiting is None:
        return 0
    clauses[awaiting.law] += 1
    parties = {who for who, _ in awaiting.parties}
    before = _state(table)
    tried = 0
    for option in awaiting.commands():
        text = f"{option.who} {option.word}"
        if option.who not in parties:
            failures.append(f"{where}: {text!r} is not an option of {awaiting}")
            continue
        index = len(table.events) + 1
        try:
            event = parse_event(text, index)
        except ScriptError as error:
            failures.append(f"{where}: offered {text!r} does not parse: {error}")
            continue
        if event != dataclasses.replace(option.command, index=index):
            failures.append(f"{where}: {text!r} parses to {event}, not {option.command}")
        if not awaiting.takes(event):
            failures.append(f"{where}: the offer does not take its own option {text!r}")
        tried += 1
        try:
            table.apply(event)
        except ScriptError as error:
            failures.append(f"{where}: offered {text!r} refused: {error}")
            if _state(table) != before:
                failures.append(f"{where}: refusing {text!r} changed the table")
            continue
        table.undo()
        if _state(table) != before:
            failures.append(f"{where}: {text!r} then undo did not restore the table")
    return tried


def _replay(path: Path, failures: list[str], clauses: Counter[str]) -> int:
    script = load_script(path)
    adjudicator = Law70Adjudicator() if script.adjudicate else None
    table = Table(script.board, script.edition, adjudicator)
    tried = 0
    for index, text in enumerate(script.events, start=1):
        tried += _check_offer(table, f"{path.name} before event {index}", failures, clauses)
        try:
            table.apply(parse_event(text, index))
        except ScriptError:
            return tried  # an error script: checked up to the event refused
    return tried + _check_offer(table, f"{path.name} at the end", failures, clauses)


def test_every_option_of_every_offer_the_scripts_reach_is_accepted() -> None:
    failures: list[str] = []
    clauses: Counter[str] = Counter()
    tried = sum(_replay(path, failures, clauses) for path in SCRIPTS)
    assert not failures, "\n".join(failures[:20]) + f"\n({len(failures)} in all)"
    # not vacuous: the scripts reach offers under many clauses, with many options
    assert len(SCRIPTS) > 600
    assert tried > 4500, tried
    assert len(clauses) > 50, sorted(clauses)
