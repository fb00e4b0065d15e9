"""The facts a ruling's sentence states: which trick, which card, what the player must do.

A ruling's text is prose (spec/table-script.md: one sentence), so the scripts check its clause
and offender, not its words. But some words are facts a director reads out, and a sentence that
names the wrong trick or turns "may not lead" into "must lead" misleads the table as much as a
wrong clause would. These cases take scripts from ``tests/scripts/`` and check those facts,
worked out from each script's events (tricks counted from 1, as players count them).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaw.table.script import load_script, run_script

SCRIPTS = Path(__file__).parents[1] / "scripts"


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
        # 50D2a: declarer requires the suit: the leader must lead it; or forbids it
        ("play/l50d2a-require.yaml", "50D2a", ["E must lead diamonds"]),
        ("play/l50d2a-forbid.yaml", "50D2a", ["E may not lead diamonds"]),
        # 68D2: a defender's concession disputed is called a concession, a claim a claim
        ("claims/l70-disputed-defender-concession.yaml", "68D2", ["W's concession"]),
        ("claims/l69a-rho-disputes-first.yaml", "68D2", ["S's claim"]),
        # 64B4 and 64B5: when attention was first drawn to the revoke
        ("irregular-play/l64b4-found-after-next-deal.yaml", "64B4", ["on the next deal"]),
        ("irregular-play/l64b5-found-after-end-of-round.yaml", "64B5", ["the round ended"]),
        # 2007 17D: W, who had called over the cancelled call, must repeat it
        ("boards/e2007-l17d1-lho-repeats.yaml", "17D1", ["W must then repeat his pass"]),
        # 29C: the director's finding, notrump, is what the sentence says the call specified
        ("auction/e2007-l29c-l26b-shown-notrump.yaml", "29C", ["specified NT"]),
        # 68B1: claiming no trick concedes them all
        ("claims/l68b1-claim-of-no-trick-concedes-all.yaml", "68B1", ["concede all 4"]),
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


@pytest.mark.parametrize(
    ("script", "clause", "tricks"),
    [
        # W played his H2 again to trick 2: the sentence names tricks 1 and 2, no other
        ("irregular-play/l67b3-card-played-again.yaml", "67B3", {1, 2}),
        # both revokes on trick 2 corrected; W still wins trick 2 (62C3)
        ("irregular-play/l62c3-lead-by-the-winner-stands.yaml", "62C3", {2}),
        # W adds the card he owed to trick 1 (67A1), or it is added there later (67B1a)
        ("play/l67a1-made-up-at-once.yaml", "67A1", {1}),
        ("play/l67b1-costs-a-trick.yaml", "67B1a", {1}),
    ],
)
def test_a_ruling_names_only_the_tricks_concerned(
    script: str, clause: str, tricks: set[int]
) -> None:
    table = run_script(load_script(SCRIPTS / script))
    texts = [r["text"] for r in table.to_json()["rulings"] if r["law"] == clause]
    assert texts, f"{script}: no {clause} ruling"
    named = {int(n) for text in texts for n in re.findall(r"\btrick (\d+)", text)}
    assert named == tricks, (named, texts)


def test_the_penalty_card_that_makes_two_is_called_major() -> None:
    # 50B: W's S5 is his single low card (minor); E's C3 alone is minor, and his D4 makes two,
    # so the ruling on the D4 calls it major
    table = run_script(load_script(SCRIPTS / "play/l50b-two-penalty-cards-are-both-major.yaml"))
    texts = [r["text"] for r in table.to_json()["rulings"] if r["law"] == "49"]
    assert ["minor" in t for t in texts] == [True, True, False], texts
    assert "major" in texts[-1], texts
