"""The changes a ``?changes=1`` stream sends (``server/push.py``): applied to the view the
client holds, they make the new view, whatever the two views are. (That each pushed view equals
the view made afresh, and hides what it must, is checked over whole boards in
``test_server_hidden.py``.)"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.server.push import apply, changes

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=10,
)
VIEWS = st.dictionaries(st.sampled_from(["calls", "play", "phase", "hand", "x"]), VALUES)


@settings(max_examples=200, deadline=None)  # a shared machine: no timing
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
