"""The problems of a session's spec (``POST /api/sessions``, :mod:`bridgelaw.duplicate.spec`),
each by id with named parameters: said in English here and in the asker's language at the
edge (:mod:`bridgelaw.i18n.words` lists them as ``spec.<id>``), as the director's record's
refusals are (:mod:`bridgelaw.director.refusals`).

A problem is said under the field at fault (``{field}: ...``, the same in every language). A
movement's problem (:data:`bridgelaw.tournament.movement_model.PROBLEMS`) and a key's
(:data:`bridgelaw.dealing.dealer.KEY_PROBLEMS`) are phrases inside it; a movement file's and a
deal's own problems are their readers' English words.

>>> english(("spec.not-one-of", (("field", "play"), ("value", "'x'"), ("choices", "law"))))
"play: 'x' is not one of law"
"""

from __future__ import annotations

from decimal import Decimal

from bridgelaw.dealing.dealer import KEY_COUNTED_BY, KEY_PROBLEMS
from bridgelaw.tournament.movement_model import COUNTED_BY as MOVEMENT_COUNTED_BY
from bridgelaw.tournament.movement_model import PROBLEMS as MOVEMENT_PROBLEMS

PROBLEMS: dict[str, str] = {
    "body-object": "a session is a JSON object",
    "unknown-field-expected": "unknown field (expected {fields})",
    "not-one-of": "{value} is not one of {choices}",
    "edition": "{value} is not 2007 or 2017",
    "robots-at-tables": "robots play only at the table pages (play law or strict)",
    "text-needed": "a text is needed, not {value}",
    "text-too-long": "at most {most} characters, no control characters",
    "whole-number": "a whole number {least} to {most} is needed, not {value}",
    "date": "a date like 2026-11-24 is needed, not {value}",
    "movement-object": 'an object like {{"kind": "mitchell", "tables": 3, ...}}',
    "movement": "{problem}",
    "movement-lines": "{problem} ({lines})",
    "movement-too-large": "{played} boards at tables is more than a session holds ({most})",
    "movement-scoring": "a teams movement goes with teams scoring, and only with it",
    "dealer-key": "{problem}",
    "deals-text": "PBN text of at most {most} characters",
    "deal": "line {line}: board {board}: {problem}",
    "deals-missing": "the movement plays boards {boards}; missing: {missing}",
    "clock-object": 'an object like {{"seconds_per_board": 420}}',
    "unknown-field": "unknown field",
    "pairs-object": 'an object like {{"1": ["Anna Nowak", "Jan Kowalski"]}}',
    "not-a-pair": "not a pair of this movement",
    "not-a-team": "not a team of this movement",
    "players-list": "a list of the players' names",
    "robots-list": 'a list of players: "3" (both of pair 3) or "3:2"',
    "not-a-player": "{player} is not a player of this session",
    "pair-players": "{player}: a pair has {players} players",
}
"""Each problem's English by id, without the field it is said under. ``problem`` in
``movement`` and ``dealer-key`` is the movement's or the key's problem said; in ``deal`` it is
the deal reader's English words."""

COUNTED_BY: dict[str, str] = {
    "text-too-long": "most",
    "movement-too-large": "played",
    "deals-text": "most",
    "pair-players": "players",
}
"""Problems whose words agree with a count, by the parameter that counts: their catalog
entries have plural forms (``{most} characters``)."""

PREFIX = "spec."
"""The ids' prefix among the application's phrases (``spec.not-one-of``)."""

FRAME = "{field}: "
"""How a problem names its field, before its words (the field as the request wrote it)."""

Said = tuple[str, tuple[tuple[str, "Value"], ...]]
"""A problem said: its phrase id and its parameters by name (the field first)."""
Value = str | int | Decimal | Said | list[Said]
"""A parameter: a plain value, a number written with its thousands (``Decimal``: ``20,000``),
a phrase said (a movement's or a key's problem) or phrases said one after another (``; ``)."""


def templates() -> dict[str, str]:
    """Each problem's English with its field, by its phrase id (``spec.<id>``)."""
    return {PREFIX + key: FRAME + text for key, text in PROBLEMS.items()}


def counted() -> dict[str, str]:
    """The counting parameter of every phrase of the spec, the movements and the keys with
    plural forms, by phrase id."""
    return {
        **{PREFIX + key: name for key, name in COUNTED_BY.items()},
        **{"movement." + key: name for key, name in MOVEMENT_COUNTED_BY.items()},
        **{"dealer." + key: name for key, name in KEY_COUNTED_BY.items()},
    }


ENGLISH: dict[str, str] = {
    **templates(),
    **{"movement." + key: text for key, text in MOVEMENT_PROBLEMS.items()},
    **{"dealer." + key: text for key, text in KEY_PROBLEMS.items()},
}
"""Every phrase a spec's problem is said with, by id: its English template."""


def english(said: Said) -> str:
    """A problem said, in English (the phrases inside it too): what the error's text is."""
    key, params = said
    return ENGLISH[key].format_map({name: _english(value) for name, value in params})


def _english(value: Value) -> str | int:
    if isinstance(value, tuple):
        return english(value)
    if isinstance(value, list):
        return "; ".join(english(item) for item in value)
    if isinstance(value, Decimal):
        return f"{value:,}"
    return value


__all__ = ["COUNTED_BY", "PREFIX", "PROBLEMS", "Said", "Value", "counted", "english", "templates"]
