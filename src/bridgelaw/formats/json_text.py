"""The boards of the event-results JSON as text, made straight from the scored results.

``score-event --json`` prints
:meth:`~bridgelaw.tournament.session.TournamentResults.to_json`; on a large session, building a
dictionary for every result and handing it to ``json.dumps`` took most of the command's time.
:func:`board_json_text` writes the same text directly: the numbers from the texts the scorers
already made once per board (:func:`value_texts`), the pairs, contracts and results quoted once
per distinct text. The text is exactly
``json.dumps(board_json(board, unit), ensure_ascii=False)`` (``tests/formats/test_json_text.py``).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from bridgelaw.scoring.results import Played, Points, ResultLine
from bridgelaw.tournament.session import BoardResults, ScoredResult, number, value_text, value_texts

_quote = json.encoder.encode_basestring  # what json.dumps(text, ensure_ascii=False) writes


def json_number(text: str) -> str:
    """The JSON text of a value that every output writes as ``text`` (:func:`value_text`:
    a whole number, or two decimals): JSON writes the same rounded value as a float, by its
    shortest ``repr`` (``8.50`` -> ``8.5``), and ``null`` for none. ``float(text)`` is the
    float :func:`number` makes: both are the double nearest to the same number of hundredths."""
    if not text:
        return "null"
    if "." in text:
        return repr(float(text))
    return text


class JsonTexts:
    """What a session's boards repeat, each made once: quoted texts (pairs, rooms), numbers
    as JSON writes them, and the ``"result"``/``"lead"`` part of a plain table result (one
    per distinct contract played, declarer, tricks and lead)."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.quoted: dict[str, str] = {}
        self.numbers: dict[str, str] = {"": "null"}
        self.played: dict[int, tuple[Played, str]] = {}
        """``id(played)`` -> the object (kept, so that its id is not reused) and its part."""

    def quote(self, text: str) -> str:
        found = self.quoted.get(text)
        if found is None:
            if len(self.quoted) >= 1 << 16:
                self.quoted.clear()  # bounded: a session of more distinct texts quotes again
            found = self.quoted[text] = _quote(text)
        return found

    def number(self, text: str) -> str:
        found = self.numbers.get(text)
        if found is None:
            if len(self.numbers) >= 1 << 16:
                self.numbers.clear()
                self.numbers[""] = "null"
            found = self.numbers[text] = json_number(text)
        return found

    def outcome(self, line: ResultLine) -> str:
        """``"result": ...`` and, when there is one, ``, "lead": ...``."""
        played = line.played
        side = line.ns_side
        if (
            played is not None
            and side is line.ew_side
            and side.__class__ is Points
            and len(side.components) == 1
        ):  # a plain table result: its text is what was played (ResultLine.describe)
            found = self.played.get(id(played))
            if found is not None and found[0] is played:
                return found[1]
            part = f'"result": {self.quote(played.text())}' + self._lead(played)
            if len(self.played) >= 1 << 16:
                self.played.clear()
            self.played[id(played)] = (played, part)
            return part
        return f'"result": {self.quote(line.describe())}' + self._lead(played)

    def _lead(self, played: Played | None) -> str:
        if played is not None and played.lead:
            return f', "lead": {self.quote(played.lead)}'
        return ""

    def result(self, r: ScoredResult, board: _Board) -> str:
        """One result of :func:`~bridgelaw.tournament.session.board_json`'s list, as text."""
        line = r.result
        quote = self.quote
        head = f'{{"ns": {quote(line.ns)}, "ew": {quote(line.ew)}, '
        if line.round is not None:
            head += f'"round": {_integer(line.round)}, '
        if line.table is not None:
            head += f'"table": {_integer(line.table)}, '
        if line.room is not None:
            head += f'"room": {quote(line.room)}, '
        if line.match is not None:
            head += f'"match": {quote(line.match)}, '
        texts = value_texts(r)
        found = board.numbers.get(id(texts))  # the scorers share one tuple among equal results
        if found is None or found[0] is not texts:
            found = board.numbers[id(texts)] = (texts, self._numbers(texts))
        tail = found[1]
        if r.ns_average is not None or r.ew_average is not None:
            tail += (
                f', "ns_imps_average": {self._average(r.ns_average, board)}, '
                f'"ew_imps_average": {self._average(r.ew_average, board)}'
            )
        return f"{head}{self.outcome(line)}{tail}}}"

    def _numbers(self, texts: tuple[str, str, str, str, str, str]) -> str:
        """The scores and values of a result, from their texts (:func:`value_texts`)."""
        number_ = self.number
        scores = f', "ns_score": {number_(texts[0])}, "ew_score": {number_(texts[1])}'
        unit = self.unit
        if unit == "mp":
            return (
                f'{scores}, "ns_mp": {number_(texts[2])}, "ew_mp": {number_(texts[3])}, '
                f'"ns_percent": {number_(texts[4])}, "ew_percent": {number_(texts[5])}'
            )
        if unit == "imps":
            return f'{scores}, "ns_imps": {number_(texts[2])}, "ew_imps": {number_(texts[3])}'
        return f'{scores}, "ns_points": {number_(texts[2])}, "ew_points": {number_(texts[3])}'

    def _average(self, value: Fraction | None, board: _Board) -> str:
        """A cross-IMP average (a board's few values are shared objects: made once each)."""
        if value is None:
            return "null"
        found = board.averages.get(id(value))
        if found is None or found[0] is not value:
            found = board.averages[id(value)] = (value, self.number(value_text(value)))
        return found[1]


class _Board:
    """What one board's results share, by identity (each object kept, so that its id is not
    reused while the board is written): their numbers' texts and their cross-IMP averages."""

    __slots__ = ("averages", "numbers")

    def __init__(self) -> None:
        self.numbers: dict[int, tuple[tuple[str, ...], str]] = {}
        self.averages: dict[int, tuple[Fraction, str]] = {}


def _integer(value: Any) -> str:
    """A whole number as JSON writes it (a round or table number)."""
    return int.__repr__(value) if type(value) is int else json.dumps(value, ensure_ascii=False)


def board_json_text(board: BoardResults, texts: JsonTexts) -> str:
    """``json.dumps(board_json(board, texts.unit), ensure_ascii=False)``, made as text."""
    head = f'{{"board": {_integer(board.board)}, "top": {json.dumps(number(board.top))}, '
    if board.datum is not None:
        head += f'"datum": {json.dumps(number(board.datum))}, '
    shared = _Board()
    result = texts.result
    rows = ", ".join([result(r, shared) for r in board.results])
    return f'{head}"results": [{rows}]}}'
