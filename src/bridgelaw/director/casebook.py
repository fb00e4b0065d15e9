"""The ruling record as JSON, for a casebook: written whole, read leniently.

:func:`write_casebook` writes every entry, superseded ones included (the record is the history).
:func:`read_casebook` reads what it can and names, for each problem, the entry (its place in the
file, counted from 1) and the field (a path such as ``score.ns.points[0][1]``); an entry with a
problem is left out of the record and the entries after it are still read. Fractions are
written as text (``"2/3"``), times in ISO 8601 with their time zone.

The reader's work is bounded: the text's length, the number of entries, the length of every
string and the digits of every number are limited before anything is built from them.

>>> from datetime import datetime, timezone
>>> at = datetime(2026, 11, 27, 20, 15, tzinfo=timezone.utc)
>>> record = Record("club-night")
>>> _ = record.append(Entry(number=1, table=1, board=2, called_by="S", called_at=at,
...     decided_by="TD", decided_at=at, edition=2017,
...     score=ScoreEffect.weighted([(620, Fraction(2, 3)), (-100, Fraction(1, 3))])))
>>> again, problems = read_casebook(write_casebook(record))
>>> again.entries == record.entries, problems
(True, [])
>>> read_casebook('{"format": "bridgelaw-rulings", "version": 1, "session": "x",'
...     ' "entries": [{"number": "one"}]}')[1][0].text()
'entry 1, number: a whole number expected, not str'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, TypeVar, cast, get_args

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.director.effects import EFFECT_KINDS, EffectKind, ScoreEffect
from bridgelaw.director.judgement import (
    Adjudication,
    ClaimRuling,
    Judgement,
    Misinformation,
    UnauthorizedInformation,
)
from bridgelaw.director.record import (
    Applied,
    Entry,
    Option,
    Penalty,
    PenaltyKind,
    PenaltyUnit,
    Record,
    RecordError,
    Source,
    Statement,
)
from bridgelaw.scoring.results import Artificial, ArtificialKind, Points, SideResult

FORMAT = "bridgelaw-rulings"
VERSION = 1
MAX_TEXT = 20_000_000
MAX_ENTRIES = 100_000
MAX_STRING = 20_000
MAX_ITEMS = 1_000
_FRACTION = re.compile(r"-?\d{1,12}(?:/\d{1,12}|\.\d{1,12})?")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing the reader could not take: ``entry`` counts from 1 (0: the file itself)."""

    entry: int
    field: str
    message: str

    def text(self) -> str:
        if not self.entry:
            return (
                f"file: {self.message}"
                if self.field == "file"
                else f"file, {self.field}: " + (self.message)
            )
        return f"entry {self.entry}, {self.field}: {self.message}"


# -- writing -----------------------------------------------------------------------------------


def write_casebook(record: Record) -> str:
    entries = [entry_json(e) for e in record]
    document = {"format": FORMAT, "version": VERSION, "session": record.session}
    return json.dumps({**document, "entries": entries}, ensure_ascii=False, indent=1)


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "number": entry.number,
        "table": entry.table,
        "board": entry.board,
        "round": entry.round,
        "called_by": entry.called_by,
        "called_at": entry.called_at.isoformat(),
        "decided_by": entry.decided_by,
        "decided_at": entry.decided_at.isoformat(),
        "edition": entry.edition,
        "applied": [
            {"clause": a.clause, "source": a.source, "note": a.note} for a in entry.applied
        ],
        "facts": [{"by": s.by, "text": s.text, "agreed": s.agreed} for s in entry.facts],
        "options": [
            {"text": o.text, "offered_to": o.offered_to, "chosen": o.chosen} for o in entry.options
        ],
        "score": None if entry.score is None else _score_json(entry.score),
        "judgement": None if entry.judgement is None else _judgement_json(entry.judgement),
        "penalties": [
            {
                "kind": p.kind,
                "against": p.against,
                "amount": str(p.amount),
                "unit": p.unit,
                "reason": p.reason,
            }
            for p in entry.penalties
        ],
        "players": list(entry.players),
        "supersedes": entry.supersedes,
        "reasoning": entry.reasoning,
        "clauses": list(entry.clauses()),  # for a reader of the casebook; recomputed on import
    }


def _side_json(side: SideResult) -> dict[str, Any]:
    if isinstance(side, Artificial):
        found: dict[str, Any] = {"artificial": side.kind}
        if side.percent is not None:
            found["percent"] = str(side.percent)
        return found
    return {"points": [[score, str(weight)] for score, weight in side.components]}


def _score_json(score: ScoreEffect) -> dict[str, Any]:
    return {
        "kind": score.kind,
        "ns": _side_json(score.ns),
        "ew": _side_json(score.ew),
        "knockout": score.knockout,
        "redress": {"ns": str(score.ns_redress), "ew": str(score.ew_redress)},
    }


def _judgement_json(judgement: Judgement) -> dict[str, Any]:
    if isinstance(judgement, UnauthorizedInformation):
        return {
            "kind": judgement.kind,
            "source": judgement.source,
            "action": judgement.action,
            "logical_alternatives": list(judgement.logical_alternatives),
            "suggested": judgement.suggested,
            "demonstrably_suggested": judgement.demonstrably_suggested,
            "damaged": judgement.damaged,
            "reasoning": judgement.reasoning,
        }
    if isinstance(judgement, Misinformation):
        return {
            "kind": judgement.kind,
            "agreement": judgement.agreement,
            "explanation": judgement.explanation,
            "would_have_happened": judgement.would_have_happened,
            "damaged": judgement.damaged,
            "reasoning": judgement.reasoning,
        }
    return {
        "kind": judgement.kind,
        "proposal": {
            "tricks": judgement.proposal.tricks,
            "line": judgement.proposal.line,
            "law": judgement.proposal.law,
        },
        "decided_tricks": judgement.decided_tricks,
        "remaining": judgement.remaining,
        "won_before": judgement.won_before,
        "claimer": judgement.claimer.letter,
        "contract": str(judgement.contract),
        "declarer": judgement.declarer.letter,
        "reasoning": judgement.reasoning,
    }


# -- reading -----------------------------------------------------------------------------------


class _Bad(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class _Fields:
    """One JSON object's fields, read with a path for messages. A field that cannot be read is
    noted in ``problems`` and a stand-in of the right type returned, so that every problem of an
    entry is found in one pass; an entry with problems is never built."""

    def __init__(self, data: object, path: str, problems: list[tuple[str, str]]) -> None:
        self.path = path
        self.problems = problems
        if isinstance(data, dict):
            self.data: dict[str, object] = data
        else:
            self.data = {}
            problems.append((path or "entry", f"an object expected, not {_kind(data)}"))

    def _name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except _Bad as bad:
            self.problems.append((bad.field, bad.message))

    def get(self, key: str, read: Callable[[object, str], T], default: T) -> T:
        value = default
        with self._reading():
            value = read(self.data.get(key), self._name(key))
        return value

    def optional(self, key: str, read: Callable[[object, str], T]) -> T | None:
        value: T | None = None
        with self._reading():
            raw = self.data.get(key)
            value = None if raw is None else read(raw, self._name(key))
        return value

    def items(self, key: str, read: Callable[[_Fields], T]) -> tuple[T, ...]:
        raw = self.data.get(key, [])
        if not isinstance(raw, list):
            self.problems.append((self._name(key), f"a list expected, not {_kind(raw)}"))
            return ()
        if len(raw) > MAX_ITEMS:
            self.problems.append((self._name(key), f"{len(raw)} items; at most {MAX_ITEMS}"))
            return ()
        found = []
        for index, item in enumerate(raw):
            before = len(self.problems)
            value = read(_Fields(item, f"{self._name(key)}[{index}]", self.problems))
            if len(self.problems) == before:
                found.append(value)
        return tuple(found)

    def sub(self, key: str) -> _Fields | None:
        raw = self.data.get(key)
        return None if raw is None else _Fields(raw, self._name(key), self.problems)


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


def _str(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise _Bad(field, f"text expected, not {_kind(value)}")
    if len(value) > MAX_STRING:
        raise _Bad(field, f"{len(value)} characters; at most {MAX_STRING}")
    return value


def _text(value: object, field: str) -> str:
    return "" if value is None else _str(value, field)


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(field, f"a whole number expected, not {_kind(value)}")
    if abs(value) > 10**9:
        raise _Bad(field, f"{value} is out of range")
    return value


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise _Bad(field, f"true or false expected, not {_kind(value)}")
    return value


def _flag(value: object, field: str) -> bool:
    """A flag that may be left out (false)."""
    return False if value is None else _bool(value, field)


def _fraction(value: object, field: str) -> Fraction:
    text = _str(value, field) if not isinstance(value, int) or isinstance(value, bool) else None
    if text is None:
        return Fraction(_int(value, field))
    if _FRACTION.fullmatch(text) is None:
        raise _Bad(field, f"{text[:40]!r} is no fraction (as 2/3 or 0.5)")
    if "/" in text and int(text.split("/")[1]) == 0:
        raise _Bad(field, f"{text!r} divides by zero")
    return Fraction(text)


def _time(value: object, field: str) -> datetime:
    text = _str(value, field)
    try:
        when = datetime.fromisoformat(text) if len(text) <= 40 else None
    except ValueError:
        when = None
    if when is None:
        raise _Bad(field, f"{text[:40]!r} is no ISO 8601 time")
    if when.tzinfo is None:
        raise _Bad(field, f"{text!r} has no time zone")
    return when


def _choice(options: tuple[str, ...]) -> Callable[[object, str], str]:
    def read(value: object, field: str) -> str:
        text = _str(value, field)
        if text not in options:
            raise _Bad(field, f"{text[:40]!r}; one of {', '.join(options)}")
        return text

    return read


def _seat(value: object, field: str) -> Seat:
    text = _choice(("N", "E", "S", "W"))(value, field)
    return Seat("NESW".index(text))


def _contract(value: object, field: str) -> Contract:
    text = _str(value, field)
    if len(text) > 8:
        raise _Bad(field, f"{text[:20]!r} is no contract")
    try:
        return Contract.parse(text)
    except ValueError as error:
        raise _Bad(field, f"{text[:20]!r} is no contract ({error})") from None


def _strings(value: object, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise _Bad(field, f"a list of at most {MAX_ITEMS} texts expected")
    return tuple(_str(item, f"{field}[{i}]") for i, item in enumerate(value))


def _side(fields: _Fields) -> SideResult:
    if "artificial" in fields.data:
        kind = fields.get("artificial", _choice(get_args(ArtificialKind)), "A")
        percent = fields.optional("percent", _fraction)
        if (kind == "%") != (percent is not None):
            fields.problems.append((fields._name("percent"), "a percentage goes with kind '%'"))
        return Artificial(cast(ArtificialKind, kind), percent)
    raw = fields.data.get("points")
    name = fields._name("points")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_ITEMS:
        fields.problems.append((name, "a list of [points, weight] pairs expected"))
        return Points.single(0)
    parts: list[tuple[int, Fraction]] = []
    for index, pair in enumerate(raw):
        where = f"{name}[{index}]"
        if not isinstance(pair, list) or len(pair) != 2:
            fields.problems.append((where, "a pair [points, weight] expected"))
            continue
        with fields._reading():
            parts.append((_int(pair[0], f"{where}[0]"), _fraction(pair[1], f"{where}[1]")))
    return Points(tuple(parts))


def _score(fields: _Fields) -> ScoreEffect | None:
    before = len(fields.problems)
    kind = fields.get("kind", _choice(EFFECT_KINDS), "table")
    sides = [fields.sub(name) for name in ("ns", "ew")]
    if sides[0] is None or sides[1] is None:
        fields.problems.append((fields._name("ns/ew"), "both sides' results are needed"))
        return None
    ns, ew = _side(sides[0]), _side(sides[1])
    knockout = fields.get("knockout", _flag, False)
    redress = fields.sub("redress") or _Fields({}, fields._name("redress"), fields.problems)
    ns_redress = redress.get("ns", _fraction, Fraction(0)) if "ns" in redress.data else Fraction(0)
    ew_redress = redress.get("ew", _fraction, Fraction(0)) if "ew" in redress.data else Fraction(0)
    if len(fields.problems) > before:
        return None
    try:
        return ScoreEffect(cast(EffectKind, kind), ns, ew, knockout, ns_redress, ew_redress)
    except ValueError as error:
        fields.problems.append((fields.path, str(error)))
        return None


def _judgement(fields: _Fields) -> Judgement | None:
    kinds = (UnauthorizedInformation.kind, Misinformation.kind, ClaimRuling.kind)
    before = len(fields.problems)
    kind = fields.get("kind", _choice(kinds), "")
    reasoning = fields.get("reasoning", _text, "")
    if kind == UnauthorizedInformation.kind:
        return UnauthorizedInformation(
            source=fields.get("source", _str, ""),
            action=fields.get("action", _str, ""),
            logical_alternatives=fields.get("logical_alternatives", _strings, ()),
            suggested=fields.get("suggested", _str, ""),
            demonstrably_suggested=fields.get("demonstrably_suggested", _bool, False),
            damaged=fields.get("damaged", _bool, False),
            reasoning=reasoning,
        )
    if kind == Misinformation.kind:
        return Misinformation(
            agreement=fields.get("agreement", _str, ""),
            explanation=fields.get("explanation", _str, ""),
            would_have_happened=fields.get("would_have_happened", _str, ""),
            damaged=fields.get("damaged", _bool, False),
            reasoning=reasoning,
        )
    if kind != ClaimRuling.kind:
        return None
    proposal = fields.sub("proposal") or _Fields(None, fields._name("proposal"), fields.problems)
    adjudication = Adjudication(
        tricks=proposal.get("tricks", _int, 0),
        line=proposal.get("line", _text, ""),
        law=proposal.get("law", _text, ""),
    )
    values = (
        fields.get("decided_tricks", _int, 0),
        fields.get("remaining", _int, 0),
        fields.get("won_before", _int, 0),
        fields.get("claimer", _seat, Seat.NORTH),
        fields.get("contract", _contract, Contract.parse("1NT")),
        fields.get("declarer", _seat, Seat.NORTH),
    )
    if len(fields.problems) > before:
        return None  # the checks across fields would only judge the stand-ins
    try:
        return ClaimRuling(adjudication, *values, reasoning=reasoning)
    except ValueError as error:
        fields.problems.append((fields.path, str(error)))
        return None


def _applied(fields: _Fields) -> Applied:
    source = fields.get("source", _choice(get_args(Source)), "judgement")
    return Applied(
        fields.get("clause", _str, ""), cast(Source, source), fields.get("note", _text, "")
    )


def _statement(fields: _Fields) -> Statement:
    return Statement(
        fields.get("by", _str, ""), fields.get("text", _str, ""), fields.get("agreed", _bool, False)
    )


def _option(fields: _Fields) -> Option:
    return Option(
        fields.get("text", _str, ""),
        fields.get("offered_to", _text, ""),
        fields.get("chosen", _bool, False),
    )


def _penalty(fields: _Fields) -> Penalty:
    kind = fields.get("kind", _choice(get_args(PenaltyKind)), "procedural")
    unit = fields.get("unit", _choice(get_args(PenaltyUnit)), "none")
    return Penalty(
        kind=cast(PenaltyKind, kind),
        against=fields.get("against", _str, ""),
        amount=fields.get("amount", _fraction, Fraction(0)),
        unit=cast(PenaltyUnit, unit),
        reason=fields.get("reason", _text, ""),
    )


def read_entry(data: object) -> tuple[Entry | None, list[tuple[str, str]]]:
    """One entry from its JSON value, or the (field, problem) pairs that kept it out."""
    problems: list[tuple[str, str]] = []
    f = _Fields(data, "", problems)
    epoch = datetime.fromisoformat("2000-01-01T00:00:00+00:00")
    score_fields = f.sub("score")
    judgement_fields = f.sub("judgement")
    entry = Entry(
        number=f.get("number", _int, 0),
        table=f.optional("table", _int),
        board=f.optional("board", _int),
        round=f.optional("round", _int),
        called_by=f.get("called_by", _str, ""),
        called_at=f.get("called_at", _time, epoch),
        decided_by=f.get("decided_by", _str, ""),
        decided_at=f.get("decided_at", _time, epoch),
        edition=f.get("edition", _int, 2017),
        applied=f.items("applied", _applied),
        facts=f.items("facts", _statement),
        options=f.items("options", _option),
        score=None if score_fields is None else _score(score_fields),
        judgement=None if judgement_fields is None else _judgement(judgement_fields),
        penalties=f.items("penalties", _penalty),
        players=f.get("players", lambda v, n: () if v is None else _strings(v, n), ()),
        supersedes=f.optional("supersedes", _int),
        reasoning=f.get("reasoning", _text, ""),
    )
    return (None, problems) if problems else (entry, problems)


def read_casebook(text: str) -> tuple[Record, list[Problem]]:
    """A record from a casebook's JSON and the problems found; never raises on bad input."""
    problems: list[Problem] = []
    top: list[tuple[str, str]] = []
    document: dict[str, object] = {}
    read = False
    if len(text) > MAX_TEXT:
        problems.append(Problem(0, "file", f"{len(text)} characters; at most {MAX_TEXT}"))
    else:
        try:
            parsed: object = json.loads(text)
        except (ValueError, RecursionError) as error:
            problems.append(Problem(0, "file", f"not JSON: {str(error)[:200]}"))
        else:
            if isinstance(parsed, dict):
                document, read = parsed, True
            else:
                top.append(("file", f"an object expected, not {_kind(parsed)}"))
    fields = _Fields(document, "", top if read else [])
    session = fields.get("session", _str, "")
    if read:
        if document.get("format") != FORMAT:
            top.append(("format", f"not {FORMAT!r}"))
        version = document.get("version")
        if version != VERSION:
            top.append(("version", f"{version!r}; this reader knows version {VERSION}"))
    raw = document.get("entries", None if read else [])
    if not isinstance(raw, list):
        top.append(("entries", f"a list expected, not {_kind(raw)}"))
        raw = []
    elif len(raw) > MAX_ENTRIES:
        top.append(("entries", f"{len(raw)} entries; at most {MAX_ENTRIES}"))
        raw = []
    problems += [Problem(0, field, message) for field, message in top]
    record = Record(session)
    for index, item in enumerate(raw, start=1):
        entry, found = read_entry(item)
        problems += [Problem(index, field, message) for field, message in found]
        if entry is None:
            continue
        try:
            record.append(entry)
        except RecordError as error:
            problems.append(Problem(index, error.field, error.problem))
    return record, problems
