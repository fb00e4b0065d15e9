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
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, cast, get_args

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.director.effects import EFFECT_KINDS, EffectKind, ScoreEffect
from bridgelaw.director.json_fields import (
    MAX_ITEMS,
    Fields,
    choice,
    kind_of,
    read_bool,
    read_contract,
    read_flag,
    read_fraction,
    read_int,
    read_seat,
    read_str,
    read_strings,
    read_text,
    read_time,
)
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
        "score": None if entry.score is None else score_json(entry.score),
        "judgement": None if entry.judgement is None else judgement_json(entry.judgement),
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


def score_json(score: ScoreEffect) -> dict[str, Any]:
    return {
        "kind": score.kind,
        "ns": _side_json(score.ns),
        "ew": _side_json(score.ew),
        "knockout": score.knockout,
        "redress": {"ns": str(score.ns_redress), "ew": str(score.ew_redress)},
    }


def judgement_json(judgement: Judgement) -> dict[str, Any]:
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


def _side(fields: Fields) -> SideResult:
    if "artificial" in fields.data:
        kind = fields.get("artificial", choice(get_args(ArtificialKind)), "A")
        percent = fields.optional("percent", read_fraction)
        if (kind == "%") != (percent is not None):
            fields.problems.append((fields.name("percent"), "a percentage goes with kind '%'"))
        return Artificial(cast(ArtificialKind, kind), percent)
    raw = fields.data.get("points")
    name = fields.name("points")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_ITEMS:
        fields.problems.append((name, "a list of [points, weight] pairs expected"))
        return Points.single(0)
    parts: list[tuple[int, Fraction]] = []
    for index, pair in enumerate(raw):
        where = f"{name}[{index}]"
        if not isinstance(pair, list) or len(pair) != 2:
            fields.problems.append((where, "a pair [points, weight] expected"))
            continue
        with fields.reading():
            parts.append((read_int(pair[0], f"{where}[0]"), read_fraction(pair[1], f"{where}[1]")))
    return Points(tuple(parts))


def read_score(fields: Fields) -> ScoreEffect | None:
    before = len(fields.problems)
    kind = fields.get("kind", choice(EFFECT_KINDS), "table")
    sides = [fields.sub(name) for name in ("ns", "ew")]
    if sides[0] is None or sides[1] is None:
        fields.problems.append((fields.name("ns/ew"), "both sides' results are needed"))
        return None
    ns, ew = _side(sides[0]), _side(sides[1])
    knockout = fields.get("knockout", read_flag, False)
    redress = fields.sub("redress") or Fields({}, fields.name("redress"), fields.problems)
    ns_redress = (
        redress.get("ns", read_fraction, Fraction(0)) if "ns" in redress.data else Fraction(0)
    )
    ew_redress = (
        redress.get("ew", read_fraction, Fraction(0)) if "ew" in redress.data else Fraction(0)
    )
    if len(fields.problems) > before:
        return None
    try:
        return ScoreEffect(cast(EffectKind, kind), ns, ew, knockout, ns_redress, ew_redress)
    except ValueError as error:
        fields.problems.append((fields.path, str(error)))
        return None


def read_judgement(fields: Fields) -> Judgement | None:
    kinds = (UnauthorizedInformation.kind, Misinformation.kind, ClaimRuling.kind)
    before = len(fields.problems)
    kind = fields.get("kind", choice(kinds), "")
    reasoning = fields.get("reasoning", read_text, "")
    if kind == UnauthorizedInformation.kind:
        return UnauthorizedInformation(
            source=fields.get("source", read_str, ""),
            action=fields.get("action", read_str, ""),
            logical_alternatives=fields.get("logical_alternatives", read_strings, ()),
            suggested=fields.get("suggested", read_str, ""),
            demonstrably_suggested=fields.get("demonstrably_suggested", read_bool, False),
            damaged=fields.get("damaged", read_bool, False),
            reasoning=reasoning,
        )
    if kind == Misinformation.kind:
        return Misinformation(
            agreement=fields.get("agreement", read_str, ""),
            explanation=fields.get("explanation", read_str, ""),
            would_have_happened=fields.get("would_have_happened", read_str, ""),
            damaged=fields.get("damaged", read_bool, False),
            reasoning=reasoning,
        )
    if kind != ClaimRuling.kind:
        return None
    proposal = fields.sub("proposal") or Fields(None, fields.name("proposal"), fields.problems)
    adjudication = Adjudication(
        tricks=proposal.get("tricks", read_int, 0),
        line=proposal.get("line", read_text, ""),
        law=proposal.get("law", read_text, ""),
    )
    values = (
        fields.get("decided_tricks", read_int, 0),
        fields.get("remaining", read_int, 0),
        fields.get("won_before", read_int, 0),
        fields.get("claimer", read_seat, Seat.NORTH),
        fields.get("contract", read_contract, Contract.parse("1NT")),
        fields.get("declarer", read_seat, Seat.NORTH),
    )
    if len(fields.problems) > before:
        return None  # the checks across fields would only judge the stand-ins
    try:
        return ClaimRuling(adjudication, *values, reasoning=reasoning)
    except ValueError as error:
        fields.problems.append((fields.path, str(error)))
        return None


def _applied(fields: Fields) -> Applied:
    source = fields.get("source", choice(get_args(Source)), "judgement")
    return Applied(
        fields.get("clause", read_str, ""), cast(Source, source), fields.get("note", read_text, "")
    )


def _statement(fields: Fields) -> Statement:
    return Statement(
        fields.get("by", read_str, ""),
        fields.get("text", read_str, ""),
        fields.get("agreed", read_bool, False),
    )


def _option(fields: Fields) -> Option:
    return Option(
        fields.get("text", read_str, ""),
        fields.get("offered_to", read_text, ""),
        fields.get("chosen", read_bool, False),
    )


def _penalty(fields: Fields) -> Penalty:
    kind = fields.get("kind", choice(get_args(PenaltyKind)), "procedural")
    unit = fields.get("unit", choice(get_args(PenaltyUnit)), "none")
    return Penalty(
        kind=cast(PenaltyKind, kind),
        against=fields.get("against", read_str, ""),
        amount=fields.get("amount", read_fraction, Fraction(0)),
        unit=cast(PenaltyUnit, unit),
        reason=fields.get("reason", read_text, ""),
    )


def read_entry(data: object) -> tuple[Entry | None, list[tuple[str, str]]]:
    """One entry from its JSON value, or the (field, problem) pairs that kept it out."""
    problems: list[tuple[str, str]] = []
    f = Fields(data, "", problems)
    epoch = datetime.fromisoformat("2000-01-01T00:00:00+00:00")
    score_fields = f.sub("score")
    judgement_fields = f.sub("judgement")
    entry = Entry(
        number=f.get("number", read_int, 0),
        table=f.optional("table", read_int),
        board=f.optional("board", read_int),
        round=f.optional("round", read_int),
        called_by=f.get("called_by", read_str, ""),
        called_at=f.get("called_at", read_time, epoch),
        decided_by=f.get("decided_by", read_str, ""),
        decided_at=f.get("decided_at", read_time, epoch),
        edition=f.get("edition", read_int, 2017),
        applied=f.items("applied", _applied),
        facts=f.items("facts", _statement),
        options=f.items("options", _option),
        score=None if score_fields is None else read_score(score_fields),
        judgement=None if judgement_fields is None else read_judgement(judgement_fields),
        penalties=f.items("penalties", _penalty),
        players=f.get("players", lambda v, n: () if v is None else read_strings(v, n), ()),
        supersedes=f.optional("supersedes", read_int),
        reasoning=f.get("reasoning", read_text, ""),
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
                top.append(("file", f"an object expected, not {kind_of(parsed)}"))
    fields = Fields(document, "", top if read else [])
    session = fields.get("session", read_str, "")
    if read:
        if document.get("format") != FORMAT:
            top.append(("format", f"not {FORMAT!r}"))
        version = document.get("version")
        if version != VERSION:
            top.append(("version", f"{version!r}; this reader knows version {VERSION}"))
    raw = document.get("entries", None if read else [])
    if not isinstance(raw, list):
        top.append(("entries", f"a list expected, not {kind_of(raw)}"))
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
