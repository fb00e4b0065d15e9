"""The legal view (``Table.legal``) is exactly what a strict table accepts.

At a ``strict`` table (``table-api.md``) the server refuses any call or card the Laws would
rectify: a revoke (61A), an event that makes a ruling naming an offender, unauthorized
information (16C) or an offer of the director's. ``legal`` must list, for the seat to act, exactly
the call and card texts such a table takes at that moment: every one of the 38 calls and 52
cards is tried, through the server's own strict checks, at states the scripts reach (those
where a restriction is in force, and a sample of the others) and at every state of random
tables.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.analysis.adjudicate import Law70Adjudicator
from bridgelaw.calls import call_name
from bridgelaw.cards import card_name
from bridgelaw.server.tables import LiveTable, Server
from bridgelaw.table import ScriptError, Table, parse_event
from bridgelaw.table.script import load_script

from ..helpers import SAMPLE_DEAL
from .support import SCRIPTS, random_event_text, snapshot


def strictly_accepted(table: Table, text: str) -> bool:
    """Would a strict table take ``text`` now? The server's checks before and after applying
    it (``Server.strict_refusal``, ``Server.irregular``); the table is left as it was."""
    event = parse_event(text, len(table.events) + 1)
    if Server.strict_refusal(LiveTable("t", table, "strict", {}), event) is not None:
        return False
    try:
        outcome = table.apply(event)
    except ScriptError:
        return False
    irregular = Server.irregular(table, event, outcome)
    table.undo()
    return irregular is None


def candidates(table: Table) -> list[str]:
    """Every call and card text of the seat to act (none once the board is over)."""
    seat = table.next_to_act
    if seat is None:
        return []
    if table.phase == "auction":
        return [f"{seat.letter} {call_name(c)}" for c in range(38)]
    return [f"{seat.letter} {card_name(c)}" for c in range(52)]


def legal_mismatch(table: Table) -> str | None:
    """How ``table.legal`` differs from what a strict table accepts, or None."""
    before = snapshot(table)
    legal = list(table.legal)
    accepted = [t for t in candidates(table) if strictly_accepted(table, t)]
    assert snapshot(table) == before, "reading legal or trying events changed the table"
    if sorted(legal) == sorted(accepted) and len(set(legal)) == len(legal):
        return None
    missing = sorted(set(accepted) - set(legal))
    extra = sorted(set(legal) - set(accepted))
    return f"legal lacks {missing}, has {extra} a strict table refuses"


def in_force(table: Table) -> bool:
    """Something narrows what the seat to act may do: the states most worth checking."""
    return bool(
        table.awaiting is not None
        or table.barred
        or table.penalty_cards
        or table.lead_restrictions
        or table.must_play
        or (table.play is not None and bool(table.play.revokes))
    )


def _walk(path: Path, rng: random.Random, failures: list[str]) -> int:
    script = load_script(path)
    adjudicator = Law70Adjudicator() if script.adjudicate else None
    table = Table(script.board, script.edition, adjudicator)
    checked = 0
    for index, text in enumerate([*script.events, None], start=1):
        if rng.random() < (0.25 if in_force(table) else 0.03):
            mismatch = legal_mismatch(table)
            checked += 1
            if mismatch is not None:
                failures.append(f"{path.name} before event {index}: {mismatch}")
        if text is None:
            break
        try:
            table.apply(parse_event(text, index))
        except ScriptError:
            break  # an error script: checked up to the event refused
    return checked


def test_legal_is_what_a_strict_table_accepts_at_the_states_the_scripts_reach() -> None:
    rng = random.Random(21)
    failures: list[str] = []
    checked = sum(_walk(path, rng, failures) for path in SCRIPTS)
    assert not failures, "\n".join(failures[:20]) + f"\n({len(failures)} in all)"
    assert checked > 800, checked  # not vacuous


@settings(max_examples=int(os.environ.get("BRIDGELAW_PROPERTY_EXAMPLES", "25")), deadline=None)
@given(data=st.data(), edition=st.sampled_from([2017, 2007]), board=st.integers(1, 16))
def test_legal_is_what_a_strict_table_accepts_at_random_tables(
    data: st.DataObject, edition: int, board: int
) -> None:
    table = Table.from_deal(board, SAMPLE_DEAL, edition=edition)
    for _ in range(data.draw(st.integers(1, 25), label="length")):
        mismatch = legal_mismatch(table)
        assert mismatch is None, mismatch
        if table.phase == "ended":
            break
        try:
            table.apply_text(random_event_text(data, table))
        except ScriptError:
            continue


def test_legal_after_a_double_and_at_dummys_turn() -> None:
    """Worked from Laws 18, 19 and 44C: after N 1S, E X, S may redouble (19B1), bid above 1S
    (18B) or pass, not double; at dummy's turn, the texts are dummy's cards, following suit."""
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N 1S", "E X"]:
        table.apply_text(text)
    legal = list(table.legal)
    assert legal[:2] == ["S pass", "S XX"] and "S X" not in legal and "S 1S" not in legal
    assert legal[2] == "S 1NT" and len(legal) == 2 + 31  # 1NT, then 2C to 7NT
    for text in ["S pass", "W pass", "N pass"]:
        table.apply_text(text)
    assert table.declarer is not None and table.declarer.letter == "N"
    table.apply_text("E CA")  # the opening lead: dummy (S) is next
    assert sorted(table.legal) == ["S C9", "S CJ", "S CQ"]  # dummy's clubs (QJ9)


def test_legal_judges_the_event_not_what_an_earlier_irregularity_brings() -> None:
    """W's honour seen in the auction (24B) becomes a penalty card at the last pass (24E) and
    declarer then chooses E's lead (50D2): consequences of the exposure, so W's pass is legal;
    so is S's call in turn over E's call out of rotation (the director then judges whether it
    accepted that call, 28B: E's irregularity, not S's)."""
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N 1C", "W expose CT", "E pass", "S pass"]:
        table.apply_text(text)
    assert "W pass" in table.legal and strictly_accepted(table, "W pass")
    table = Table.from_deal(3, SAMPLE_DEAL)  # S deals
    table.apply_text("E 1D")  # out of rotation, at S's turn
    assert table.awaiting is not None and table.awaiting.law == "29A"
    assert "S 1S" in table.legal and strictly_accepted(table, "S 1S")
