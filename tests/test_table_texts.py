"""The facts a ruling's sentence states: which trick, which card, what the player must do.

A ruling's text is prose (spec/table-script.md: one sentence), so the scripts check its clause
and offender, not its words. But some words are facts a director reads out, and a sentence that
names the wrong trick or turns "may not lead" into "must lead" misleads the table as much as a
wrong clause would. These cases take scripts from ``tests/scripts/`` and check those facts,
worked out from each script's events (tricks counted from 1, as players count them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.table.script import load_script, run_script

SCRIPTS = Path(__file__).parent / "scripts"


@pytest.mark.parametrize(
    ("script", "clause", "words"),
    [
        # 26B: declarer forbids the suit: the offender's partner may not lead it
        ("auction/l26b-declarer-forbids.yaml", "26B", ["W may not lead H"]),
        # 26A2 (2007): declarer requires it: he must lead it
        ("auction/e2007-l26a-require.yaml", "26A2", ["W must lead H"]),
        # W put the H2 beside his H9 on the first trick (67B2)
        ("irregular-play/l67b2-no-revoke-when-suit-followed.yaml", "67B2a", ["H2", "trick 1"]),
        # W played no card to the first trick and adds the H2 to it (67B1a)
        ("play/l67b1-costs-a-trick.yaml", "67B1a", ["H2", "trick 1"]),
        # W played his H2 again to the second trick: that trick has no card of his (67B3)
        ("irregular-play/l67b3-card-played-again.yaml", "67B3", ["H2", "trick 2", "trick 1"]),
        # S's corrected revoke on the second trick gives him that trick (2007 62C)
        ("irregular-play/e2007-l62c3-none-64b7.yaml", "62C1", ["trick 2 to S"]),
    ],
)
def test_a_ruling_names_the_trick_card_and_obligation(
    script: str, clause: str, words: list[str]
) -> None:
    table = run_script(load_script(SCRIPTS / script))
    texts = [r["text"] for r in table.to_json()["rulings"] if r["law"] == clause]
    assert texts, f"{script}: no {clause} ruling"
    for text in texts:
        for word in words:
            assert word in text, (word, text)
