"""The changes a ``?changes=1`` stream sends (``server/push.py``): applied to the view the
client holds, they make the new view, whatever the two views are. (That each pushed view equals
the view made afresh, and hides what it must, is checked over whole boards in
``test_server_hidden.py``.)"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.cards import parse_card
from bridgelaw.server.push import Blotter, apply, changes
from bridgelaw.server.views import blot

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=10,
)
VIEWS = st.dictionaries(st.sampled_from(["calls", "play", "phase", "hand", "x"]), VALUES)


@settings(max_examples=100, deadline=None)  # a shared machine: no timing
@given(VIEWS, VIEWS)
def test_changes_applied_make_the_new_view(before: dict[str, Any], after: dict[str, Any]) -> None:
    message = changes(before, after)
    assert apply(before, message) == after
    assert apply(before, after) == after  # a whole view replaces what was held


def test_a_grown_list_sends_only_its_new_entries() -> None:
    before = {"calls": ["1NT", "pass"], "phase": "auction", "hand": "AK.Q.J.T"}
    after = {"calls": ["1NT", "pass", "3NT"], "phase": "auction", "turn": "E"}
    assert changes(before, after) == {
        "changes": {"set": {"turn": "E"}, "append": {"calls": ["3NT"]}, "unset": ["hand"]}
    }
    assert changes(after, after) == {"changes": {"set": {}, "append": {}, "unset": []}}


def test_a_field_that_hid_a_card_shows_it_once_seen() -> None:
    """The blotting's memory (``Blotter``) gives what plain blotting gives as the cards seen
    grow (a card played) and shrink (an event taken back)."""
    spade_ace, heart_two = parse_card("SA"), parse_card("H2")
    report = {"rulings": ["N played SA, a revoke"], "calls": ["1NT", "pass"]}
    blotter = Blotter()
    steps = [{heart_two}, {heart_two, spade_ace}, {heart_two}, {heart_two, spade_ace}]
    for seen in steps:
        assert blotter(report, seen) == blot(report, seen)
    assert blotter(report, {heart_two})["rulings"] == ["N played ??, a revoke"]
    assert blotter(report, {heart_two, spade_ace})["rulings"] == ["N played SA, a revoke"]
