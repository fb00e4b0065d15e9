"""The options a UI shows are answers the engine takes, at every offer the scripts reach.

The property test (``test_the_answers_taken_are_exactly_the_options_offered``) tries offers
of random tables; this one is deterministic and covers every offer made while replaying every
table script (``tests/scripts/`` and ``shared/scenarios/``): before each event, and after the
last, each option of the offer open (every party's) must be the command its word parses to,
said by a party the offer waits for, and its typed option (``Awaiting.choices``) must carry
that event text, a label, a clause and a consequence of its own; the event text must be
accepted by the engine; it is then taken back (``undo``) and the table is exactly as before.
Beside the options, a few answers the offer does not name (by its parties and by others) must
be refused under the offer's clause, leaving the table as it was. A script stopped by a script error
(``error_event``) is checked up to that event.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.table import Awaiting, ScriptError, Table, meanings, parse_event
from bridgelaw.table.offers import is_answer
from bridgelaw.table.script import load_script

from .support import SCRIPTS


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
    for option, choice in zip(awaiting.commands(), meanings.choices(awaiting), strict=True):
        text = choice.event  # the typed option's event text: what a client sends
        if choice.who != option.who or not (choice.label and choice.consequence):
            failures.append(f"{where}: {choice} is not {option.who} {option.word!r} explained")
        if not choice.law[:1].isdigit() or choice.consequence.endswith(f"(Law {awaiting.law})"):
            failures.append(f"{where}: {choice} has no clause or no consequence of its own")
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
    tried += _check_refusals(table, awaiting, where, failures, before)
    return tried


NOT_OFFERED = ("accept", "decline", "agree", "no-restriction", "comparable", "tricks 7", "spread")
"""Answers tried beside each offer's options: those it does not name must be refused."""


def _check_refusals(
    table: Table, awaiting: Awaiting, where: str, failures: list[str], before: str
) -> int:
    """No answer outside the options is accepted: a few answers the offer does not name, by
    its parties and by others, are refused, tagged with its clause, and change nothing."""
    offered = {choice.event for choice in meanings.choices(awaiting)}
    index = len(table.events) + 1
    who = [awaiting.who, *(w for w, _ in awaiting.others), "N", "E", "S", "W", "director"]
    texts = [f"{w} {word}" for w in dict.fromkeys(who) for word in NOT_OFFERED]
    tried = 0
    for text in texts[len(table.events) % 5 :: 5]:  # a fifth of them, a different fifth each time
        if text in offered:
            continue
        try:
            event = parse_event(text, index)
        except ScriptError:
            continue  # words that party cannot say (a player's 'tricks 7')
        if awaiting.takes(event) or not is_answer(event, table.phase, False):
            continue
        tried += 1
        try:
            table.apply(event)
        except ScriptError as error:
            if error.law != awaiting.law:
                failures.append(f"{where}: {text!r} refused under {error.law}, not {awaiting.law}")
        else:
            failures.append(f"{where}: {text!r} was accepted, though not an option of {awaiting}")
            table.undo()
        if _state(table) != before:
            failures.append(f"{where}: refusing {text!r} changed the table")
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
    assert tried > 6000, tried
    assert len(clauses) > 50, sorted(clauses)
