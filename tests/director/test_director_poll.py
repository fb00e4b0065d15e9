"""Polls for logical alternatives (Law 16B1b) and the 12C1c weights they propose."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest

from bridgelaw.director.effects import ScoreEffect
from bridgelaw.director.judgement import UnauthorizedInformation
from bridgelaw.director.poll import (
    Answer,
    Poll,
    PollError,
    PollQuestion,
    Threshold,
    change_weights,
    question_for,
    weighted_points,
)
from bridgelaw.director.record import Entry
from bridgelaw.scoring.results import Points

F = Fraction
AT = datetime(2026, 11, 27, 21, 0, tzinfo=UTC)
QUESTION = PollQuestion("AKJ52.K4.A83.K72", "S", "NS", ("1S", "pass", "3S", "pass"))


def answers(*calls: str | tuple[str, tuple[str, ...]]) -> tuple[Answer, ...]:
    found = []
    for i, call in enumerate(calls):
        would, considered = (call, ()) if isinstance(call, str) else call
        found.append(Answer(f"peer{i}", would, considered))
    return tuple(found)


def test_one_in_five_is_the_documented_default_and_its_source_is_said() -> None:
    assert Threshold().share == F(1, 5)
    assert "16B1b" in Threshold().source


def test_a_call_at_exactly_the_threshold_is_a_logical_alternative() -> None:
    # five peers, one seriously considers pass: 1/5, at the default threshold
    poll = Poll(QUESTION, answers("4S", "4S", ("4S", ("pass",)), "4S", "4S"))
    assert poll.logical_alternatives() == ("4S", "pass")
    # six peers, one considers it: 1/6 is below one in five
    poll6 = Poll(QUESTION, answers("4S", "4S", ("4S", ("pass",)), "4S", "4S", "4S"))
    assert poll6.logical_alternatives() == ("4S",)


def test_the_regulating_authority_sets_its_own_threshold() -> None:
    strict = Threshold(F(1, 4), "an authority's regulation: one in four")
    poll = Poll(QUESTION, answers("4S", "4S", "4S", "4S", "pass"), strict)
    assert poll.logical_alternatives() == ("4S",)  # 1/5 < 1/4
    with pytest.raises(PollError, match="threshold"):
        Threshold(F(0))


def test_a_call_chosen_and_considered_by_the_same_peer_counts_once() -> None:
    poll = Poll(QUESTION, answers(("pass", ("pass", "4S")), "4S"))
    assert poll.support() == {"pass": F(1, 2), "4S": F(1)}


def test_weights_from_the_answers_leave_out_the_suggested_call() -> None:
    poll = Poll(QUESTION, answers("pass", "pass", "pass", "6S", ("pass", ("6S",))))
    assert poll.proposed_weights() == {"pass": F(4, 5), "6S": F(1, 5)}
    # 12C1c: only outcomes reachable legally; 6S was the call the information suggested
    assert poll.proposed_weights(excluding="6S") == {"pass": F(1)}
    # a call below the threshold gets no weight even if one peer chose it
    six = Poll(QUESTION, answers("pass", "pass", "pass", "pass", "pass", "pass", "5S"))
    assert six.proposed_weights() == {"pass": F(1)}


def test_the_director_may_change_the_weights_and_the_change_is_kept() -> None:
    poll = Poll(QUESTION, answers("pass", "pass", "pass", "6S"))
    proposed = poll.proposed_weights()
    assert proposed == {"pass": F(3, 4), "6S": F(1, 4)}
    change = change_weights(proposed, {"pass": F(2, 3), "6S": F(1, 3)}, "TD", AT, "a strong pair")
    assert change.proposed == (("pass", F(3, 4)), ("6S", F(1, 4)))
    assert change.chosen == (("pass", F(2, 3)), ("6S", F(1, 3)))
    with pytest.raises(PollError, match="sum to 5/6"):
        change_weights(proposed, {"pass": F(1, 2), "6S": F(1, 3)}, "TD", AT, "why")
    with pytest.raises(PollError, match="reason"):
        change_weights(proposed, {"pass": F(1)}, "TD", AT, "  ")
    # the chosen weights become the 12C1c score: pass -> 6S+1 (+1460), 6S -> 7S= (+2210)
    score = weighted_points(dict(change.chosen), {"pass": 1460, "6S": 2210})
    assert score == Points.weighted([(1460, F(2, 3)), (2210, F(1, 3))])
    assert ScoreEffect("weighted", score, score).ns == score
    assert score.expected == F(1460 * 2 + 2210, 3)


def test_a_poll_needs_answers_from_different_peers() -> None:
    with pytest.raises(PollError, match="nobody"):
        Poll(QUESTION, ()).logical_alternatives()
    with pytest.raises(PollError, match="twice"):
        Poll(QUESTION, (Answer("p", "pass"), Answer("p", "4S")))
    with pytest.raises(PollError, match="no probable result for 6S"):
        weighted_points({"pass": F(1, 2), "6S": F(1, 2)}, {"pass": 100})


def test_the_question_carries_no_unauthorized_information() -> None:
    ui = UnauthorizedInformation("a slow 5D", "6S", ("pass", "6S"), "6S", True, True, "")
    entry = Entry(1, 1, 15, "E", AT, "TD", AT, 2017, judgement=ui)
    question = question_for(entry, "AKJ52.K4.A83.K72", ["1S", "pass ", "4NT", "p", "5D (slow)"])
    assert question.auction == ("1S", "pass", "4NT", "pass", "5D")
    assert (question.dealer, question.vulnerable) == ("S", "NS")  # board 15 (Law 2)
    with pytest.raises(PollError, match=r"auction\[1\]"):
        question_for(entry, "", ["1S", "9Z"])
    with pytest.raises(PollError, match="no ruling on unauthorized information"):
        question_for(Entry(2, 1, 15, "E", AT, "TD", AT, 2017), "", [])
