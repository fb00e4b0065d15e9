"""A movement from the session API's ``movement`` object (and the results JSON's extension).

:func:`movement_from_spec` takes the decoded JSON object and gives a :class:`Movement`, or raises
:class:`MovementError` whose ``field`` names the offending key the way the request wrote it
(``movement.tables``), so that a server can answer 422 naming the field. The keys (documented in
``docs/movements.md``):

* ``kind``: ``mitchell``, ``howell``, ``teams`` or ``file`` (``type`` is accepted instead, as the
  results JSON has always written it);
* ``tables`` (for teams: ``teams``, or ``tables`` as the number of teams), ``boards_per_round``,
  ``rounds`` (default: all);
* Mitchell: ``arrow_switch`` (rounds), ``even`` (``skip`` or ``share-relay``);
* Mitchell and Howell: ``pairs`` (one fewer than the seats leaves a phantom), ``phantom``;
* ``file``: ``content``, a movement file's object or its JSON text. An object with a
  ``schedule`` is taken as a movement file's content as it is.

>>> movement_from_spec({"kind": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2}).rounds
3
>>> try:
...     movement_from_spec({"kind": "howell", "tables": 3, "rounds": 9, "boards_per_round": 2})
... except MovementError as error:
...     print(error.field, "|", error)
movement.rounds | a Howell of 3 tables has 1 to 5 rounds, not 9
"""

from __future__ import annotations

from typing import Any

from bridgelaw.inputs import shown, whole_number
from bridgelaw.tournament.movement_model import MAX_ROUNDS, MAX_TABLES, Movement, MovementError
from bridgelaw.tournament.movements import EVEN_METHODS, KINDS, make_movement

SPEC_KEYS = (
    "kind", "type", "tables", "teams", "boards_per_round", "rounds", "arrow_switch", "even",
    "pairs", "phantom", "content",
)  # fmt: skip


def _number(value: object) -> int | None:
    """A JSON integer, or ASCII digits as results files have always been allowed to write it."""
    if isinstance(value, str):
        return whole_number(value, signed=True)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**18:
        return value
    return None


def _whole(spec: dict[str, Any], key: str, required: bool = False) -> int | None:
    value = spec.get(key)
    if value is None:
        if required:
            raise MovementError(key, "number-missing", key=key)
        return None
    number = _number(value)
    if number is None:
        raise MovementError(key, "number-needed", key=key, value=shown(value))
    return number


def _spec(obj: object) -> Movement:
    if not isinstance(obj, dict):
        raise MovementError("", "object", value=shown(obj))
    if "schedule" in obj:
        return movement_from_file_content(obj, "")
    if "kind" in obj and "type" in obj:
        raise MovementError("type", "kind-or-type")
    kind_key = "type" if "type" in obj else "kind"
    kind = obj.get(kind_key)
    for key in obj:
        if key not in SPEC_KEYS:
            keys = ", ".join(k for k in SPEC_KEYS if k != "type")
            raise MovementError(str(key)[:40], "unknown-key", key=shown(key), keys=keys)
    if kind == "file":
        if "content" not in obj:
            raise MovementError("content", "file-content")
        return movement_from_file_content(obj["content"], "content")
    if kind not in KINDS:
        raise MovementError(kind_key, "unknown-kind", kind=shown(kind))
    count_key = "teams" if kind == "teams" and "teams" in obj else "tables"
    if "teams" in obj and kind != "teams":
        raise MovementError("teams", "teams-key")
    count = _whole(obj, count_key, required=True)
    boards = _whole(obj, "boards_per_round", required=True)
    rounds = _whole(obj, "rounds")
    pairs = _whole(obj, "pairs")
    assert count is not None and boards is not None  # required above
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise MovementError("rounds", "rounds-range", most=MAX_ROUNDS, rounds=rounds)
    if pairs is not None and not 1 <= pairs <= 2 * MAX_TABLES:
        raise MovementError("pairs", "pairs-range", most=2 * MAX_TABLES, pairs=pairs)
    given = obj.get("arrow_switch") or []
    switch = [_number(r) for r in given] if isinstance(given, list) else [None]
    if len(switch) > MAX_ROUNDS or None in switch:
        raise MovementError("arrow_switch", "arrow-switch-list", value=shown(given))
    even = obj.get("even", "skip")
    if even not in EVEN_METHODS:
        raise MovementError("even", "even-value", value=shown(even))
    phantom = obj.get("phantom")
    if phantom is not None:
        if isinstance(phantom, int) and not isinstance(phantom, bool):
            phantom = str(phantom)
        if not isinstance(phantom, str):
            raise MovementError("phantom", "phantom-number", value=shown(phantom))
    if kind != "mitchell" and "even" in obj:
        raise MovementError("even", "even-mitchell")
    try:
        rounds_switched = [r for r in switch if r is not None]
        return make_movement(kind, count, boards, rounds, rounds_switched, even=even, pairs=pairs,
                             phantom=phantom)  # fmt: skip
    except MovementError as error:
        if error.field == "teams":  # the count, under the key the request gave it
            raise error.named(count_key) from None
        raise


def movement_from_file_content(content: object, field: str) -> Movement:
    """A movement file given as its object or its JSON text; its problems in the error."""
    from bridgelaw.formats.movement_file import movement_from_json, read_movement_file
    from bridgelaw.formats.pbn import Problem

    if isinstance(content, str):
        read = read_movement_file(content, "movement")
        problems, movement = read.problems, read.movement
    else:
        problems = []

        def report(line: int, message: str) -> None:
            problems.append(Problem("movement", max(line, 1), message))

        movement = movement_from_json(content, report)
    if problems or movement is None:
        if not problems:
            raise MovementError(field, "file-empty")
        # the reader's own English words, framed: with the line when read from text
        first, more = problems[0], len(problems) - 1
        lined = isinstance(content, str)
        problem = ("file-line" if lined else "file-problem") + ("-more" if more else "")
        params: dict[str, str | int] = {"problem": first.message}
        if lined:
            params["line"] = first.line
        if more:
            params["more"] = more
        raise MovementError(field, problem, problems, **params)
    return movement


def movement_from_spec(obj: object) -> Movement:
    """The movement the session API's ``movement`` object asks for (see the module text).

    Raises :class:`MovementError` with ``field`` like ``"movement.tables"`` when it cannot be
    made: a key of the wrong type, an unknown kind, more rounds than the movement has..."""
    try:
        return _spec(obj)
    except MovementError as error:
        raise error.under("movement") from None
