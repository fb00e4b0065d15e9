"""Law 27B: the offender's many replacements, each said with what follows it.

After an insufficient bid not accepted, the offender may make any legal call (some thirty): the
offer sorts them by what follows, so that a page shows four groups rather than thirty equal
buttons. Expectations from the Law: the lowest sufficient bid in the same denomination stands
with no rectification (27B1a; in 2007 only when both bids are natural); any other call goes to
the director, who judges whether it is comparable (27B1b); a pass or bid not comparable bars
partner (27B2), a double or redouble not comparable is cancelled and bars partner (27B3).
Each group is then checked against what the engine does with the call.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bridgelaw.table import Table, meanings

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
NOT_COMPARABLE = {"27B1b": "27B2", "27B2": "27B2", "27B3": "27B3"}
"""The clause ruled when the director finds a replacement of each group not comparable."""


def declined(edition: int, insufficient: str) -> Table:
    """1NT by North, East's insufficient ``insufficient``, not accepted by South (27B)."""
    table = Table.from_deal(1, DEAL, edition=edition)
    for text in ("N 1NT", f"E {insufficient}", "S decline"):
        table.apply_text(text)
    return table


@pytest.mark.parametrize(
    ("edition", "insufficient", "lowest"),
    [(2017, "1D", "2D"), (2017, "1D!", "2D"), (2007, "1D", "2D"), (2007, "1D!", None)],
)
def test_each_replacement_says_what_follows_it(
    edition: int, insufficient: str, lowest: str | None
) -> None:
    table = declined(edition, insufficient)
    awaiting = table.awaiting
    assert awaiting is not None and awaiting.law == "27B" and awaiting.who == "E"
    offer = meanings.as_offer(awaiting)
    groups = {o["option"]: o["group"] for o in offer["options"]}
    laws = {o["option"]: o["law"] for o in offer["options"]}
    # 27B1a: one bid only, 2♦ (the lowest sufficient diamond bid over 1NT); none in 2007 when
    # the insufficient bid was artificial
    assert [w for w, g in groups.items() if g == "27B1a"] == ([lowest] if lowest else [])
    assert groups["pass"] == "27B2" and groups["X"] == "27B3"
    assert "XX" not in groups  # nobody doubled: no redouble is legal (19B)
    for word in ("2C", "3D", "2NT", "7NT"):
        assert groups[word] == "27B1b"
    assert laws == groups  # each option cites the clause of what follows it
    counts = Counter(groups.values())
    assert counts["27B1b"] == 29 + (0 if lowest else 1)
    # the groups, in order, each with its heading and consequence; one sentence per group
    expected = ["27B1a", "27B1b", "27B2", "27B3"] if lowest else ["27B1b", "27B2", "27B3"]
    assert [g["group"] for g in offer["groups"]] == expected
    sentences = {o["consequence"].split(": ", 1)[1] for o in offer["options"]}
    assert len(sentences) == len(offer["groups"])


@pytest.mark.parametrize("edition", [2017, 2007])
def test_the_group_of_each_replacement_is_what_the_engine_then_does(edition: int) -> None:
    """Every option applied: 27B1a rules at once and the auction goes on; every other goes to
    the director's judgement (27B1b); judged not comparable, a pass or bid bars partner
    (27B2), a double is cancelled and bars partner (27B3)."""
    table = declined(edition, "1D")
    awaiting = table.awaiting
    assert awaiting is not None
    for option in meanings.as_offer(awaiting)["options"]:
        trial = declined(edition, "1D")
        trial.apply_text(option["event"])
        if option["group"] == "27B1a":
            assert trial.awaiting is None and trial.rulings[-1].law == "27B1a", option
            continue
        judged = trial.awaiting
        assert judged is not None and judged.law == "27B1b" and judged.who == "director"
        if option["option"] not in ("pass", "X", "2C"):
            continue  # one bid tried further is enough: all bids are judged alike
        if option["group"] == "27B1b":  # a bid: comparable, it stands with no rectification
            comparable = declined(edition, "1D")
            comparable.apply_text(option["event"])
            comparable.apply_text("director comparable")
            assert comparable.rulings[-1].law == "27B1b" and not comparable.barred
        trial.apply_text("director not-comparable")
        laws = [r.law for r in trial.rulings]
        assert laws[-1] == NOT_COMPARABLE[option["group"]], (option, laws)
        assert any(s.letter == "W" for s in trial.barred), option  # partner barred


def test_a_seat_gets_the_groups_only_for_its_own_offer() -> None:
    table = declined(2017, "1D")
    awaiting = table.awaiting
    assert awaiting is not None
    assert "groups" in meanings.as_offer(awaiting, "E")
    assert "groups" not in meanings.as_offer(awaiting, "director")
    # an offer with no groups keeps its shape (table-api.md)
    accepted = Table.from_deal(1, DEAL)
    for text in ("N 1NT", "E 1D"):
        accepted.apply_text(text)
    first = accepted.awaiting
    assert first is not None
    plain = meanings.as_offer(first)
    assert "groups" not in plain and all("group" not in o for o in plain["options"])
