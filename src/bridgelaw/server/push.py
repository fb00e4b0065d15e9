"""What the server sends its WebSocket clients after an event, at the least cost.

After an accepted event each role with a client connected (and the sender, for his answer) gets
its view once, from one report of the engine. Most of a view does not change with an event: a
call adds one entry to ``calls``, ``history`` and ``auction``; a card adds one to ``play`` and
changes the trick. So each role keeps a :class:`Blotter`, which blots only the fields of the
report that changed since its last view (the same cards seen: a card newly seen, dummy faced or
a penalty card, blots everything again), and a client that asked for changes
(``?changes=1`` on the stream) receives :func:`changes`: the fields that differ from the view it
holds, a list that only grew as the entries added. A client without it, and every client at
connection, receives the whole view, as ``table-api.md`` fixes it.
"""

from __future__ import annotations

from typing import Any

from bridgelaw.cards import Card
from bridgelaw.server.views import blot, names_of

View = dict[str, Any]
MISSING = object()
"""A field the blotter has no memory of."""


class Blotter:
    """:func:`bridgelaw.server.views.blot` with a memory of the last report it blotted: a
    top-level field equal to the one blotted then is taken from then (the same object: a
    view's fields are never changed after it is made) while the cards seen are the same, or
    more of them if nothing in that field was blotted out (the cards seen grow as the play goes
    on: a field that hid a card may show it now, one that hid none shows the same)."""

    def __init__(self) -> None:
        self.named: tuple[set[Card], frozenset[str]] | None = None
        """The last cards seen given, and their names (made once for both calls of a view)."""
        self.names: frozenset[str] = frozenset()
        self.raw: dict[str, Any] = {}
        self.done: dict[str, Any] = {}
        self.hiding: set[str] = set()
        """The fields whose blotted value hid a card."""

    def __call__(self, value: Any, seen: set[Card] | frozenset[str]) -> Any:
        if isinstance(seen, frozenset):
            names = seen
        elif self.named is not None and seen == self.named[0]:
            names = self.named[1]
        else:
            names = names_of(seen)
            self.named = (seen, names)
        if not isinstance(value, dict):
            return blot(value, names)
        raw, done, hiding = self.raw, self.done, self.hiding
        if names != self.names:
            if names >= self.names:  # more cards seen: what hid none holds
                for key in hiding:
                    raw.pop(key, None)
            else:  # fewer (an event taken back): nothing blotted before holds
                raw.clear()
            hiding.clear()
            self.names = names
        result = {}
        for key, item in value.items():
            old = raw.get(key, MISSING)
            if old is item or old == item:
                result[key] = done[key]
                continue
            raw[key] = item
            if (
                isinstance(item, list)
                and isinstance(old, list)
                and len(item) > len(old)
                and item[: len(old)] == old
            ):
                # a list that grew (a call, a card, a trick): its old entries are blotted as
                # before (the memory holds for them), only the new ones are blotted now
                new = item[len(old) :]
                added = blot(new, names)
                result[key] = done[key] = [*done[key], *added]
                if added != new:
                    hiding.add(key)
                continue
            result[key] = done[key] = blotted = blot(item, names)
            if blotted != item:
                hiding.add(key)
            else:
                hiding.discard(key)
        return result


def changes(before: View, after: View) -> View:
    """What turns the view ``before`` into ``after``: ``{"changes": {"set": {field: value},
    "append": {field: [entries]}, "unset": [field]}}``; a list field that only grew is in
    ``append`` with its new entries, any other changed field in ``set``. :func:`apply` is the
    client's side."""
    replaced: View = {}
    appended: View = {}
    for key, value in after.items():
        if key not in before:
            replaced[key] = value
            continue
        old = before[key]
        if old is value or old == value:
            continue
        if (
            isinstance(value, list)
            and isinstance(old, list)
            and len(value) > len(old)
            and value[: len(old)] == old
        ):
            appended[key] = value[len(old) :]
        else:
            replaced[key] = value
    gone = [key for key in before if key not in after]
    return {"changes": {"set": replaced, "append": appended, "unset": gone}}


def apply(view: View, message: View) -> View:
    """The view after ``message`` (a whole view, or :func:`changes` of the view held): what a
    client does with each message of a ``?changes=1`` stream (``table.js`` does the same)."""
    if "changes" not in message:
        return message
    change = message["changes"]
    result = {key: value for key, value in view.items() if key not in change["unset"]}
    result.update(change["set"])
    for key, entries in change["append"].items():
        result[key] = [*result[key], *entries]
    return result
