"""A session's casebook with its appeals: the ruling record (:mod:`~bridgelaw.director.casebook`)
and, under ``"appeals"``, the publication time, the periods and each appeal with its decision.

Reading checks every appeal again as when it was lodged and decided (in time, with grounds,
93B3, the superseding entry carrying the decision's score: :meth:`Appeals.restore`); a problem
names the appeal and the field (``appeals[0].grounds[1].kind``) and leaves that appeal out.

>>> from datetime import datetime, timezone
>>> from bridgelaw.director.appeals import Ground
>>> from bridgelaw.director.record import Entry
>>> at = datetime(2026, 11, 27, 20, 15, tzinfo=timezone.utc)
>>> record = Record("night")
>>> _ = record.append(Entry(1, 1, 2, "S", at, "TD", at, 2017, score=ScoreEffect.assigned(620)))
>>> appeals = Appeals(record, at, Periods())
>>> _ = appeals.lodge(Appeal(1, "pair 4", (Ground("law", "Law 16B1a"),), at, "committee"))
>>> text = write_session(record, appeals)
>>> again, restored, problems = read_session(text)
>>> restored.lodged == appeals.lodged, problems
(True, [])
"""

from __future__ import annotations

import json
from datetime import timedelta
from fractions import Fraction
from typing import Any, cast, get_args

from bridgelaw.director.appeals import (
    Appeal,
    AppealError,
    Appeals,
    Body,
    Decision,
    Deposit,
    Ground,
    GroundKind,
)
from bridgelaw.director.casebook import (
    Problem,
    judgement_json,
    read_casebook,
    read_judgement,
    read_score,
    score_json,
    write_casebook,
)
from bridgelaw.director.deadlines import LateError, Periods
from bridgelaw.director.effects import ScoreEffect
from bridgelaw.director.json_fields import (
    Fields,
    choice,
    read_flag,
    read_fraction,
    read_int,
    read_str,
    read_strings,
    read_text,
    read_time,
)
from bridgelaw.director.record import Record

MAX_APPEALS = 10_000


def write_session(record: Record, appeals: Appeals) -> str:
    """The casebook with the appeals; periods are written in whole seconds."""
    document = json.loads(write_casebook(record))
    document["appeals"] = {
        "published": appeals.published.isoformat(),
        "periods": {
            "correction_seconds": appeals.periods.correction // timedelta(seconds=1),
            "appeal_seconds": appeals.periods.appeal // timedelta(seconds=1),
            "source": appeals.periods.source,
        },
        "lodged": [_appeal_json(appeals, n) for n in range(1, len(appeals.lodged) + 1)],
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def appeal_json(appeals: Appeals, number: int) -> dict[str, Any]:
    """Appeal ``number`` (from 1) with its decision, as the casebook writes it."""
    return _appeal_json(appeals, number)


def _appeal_json(appeals: Appeals, number: int) -> dict[str, Any]:
    appeal = appeals.lodged[number - 1]
    heard = appeals.heard(number)
    decision = None
    if heard is not None:
        d = heard.decision
        decision = {
            "by": d.by,
            "at": d.at.isoformat(),
            "reasoning": d.reasoning,
            "score": None if d.score is None else score_json(d.score),
            "changed_on": d.changed_on,
            "judgement": None if d.judgement is None else judgement_json(d.judgement),
            "recommendation": d.recommendation,
            "deposit_returned": d.deposit_returned,
            "entry": None if heard.entry is None else heard.entry.number,
        }
    return {
        "against": appeal.against,
        "appellant": appeal.appellant,
        "grounds": [{"kind": g.kind, "text": g.text} for g in appeal.grounds],
        "lodged_at": appeal.lodged_at.isoformat(),
        "heard_by": appeal.heard_by,
        "members": list(appeal.members),
        "deposit": None
        if appeal.deposit is None
        else {"amount": str(appeal.deposit.amount), "currency": appeal.deposit.currency},
        "decision": decision,
    }


def read_session(text: str) -> tuple[Record, Appeals | None, list[Problem]]:
    """The record, its appeals (``None`` when the casebook has none, or they cannot be read)
    and every problem found; never raises on bad input."""
    record, problems = read_casebook(text)
    if any(p.entry == 0 and p.field == "file" for p in problems):
        return record, None, problems
    document = cast(dict[str, object], json.loads(text))  # read once already: an object
    if document.get("appeals") is None:
        return record, None, problems
    found: list[tuple[str, str]] = []
    top = Fields(document.get("appeals"), "appeals", found)
    published = top.get("published", read_time, None)
    periods_fields = top.sub("periods") or Fields({}, "appeals.periods", found)
    seconds = [
        periods_fields.get(key, read_int, 1800) for key in ("correction_seconds", "appeal_seconds")
    ]
    source = periods_fields.get("source", read_text, "")
    if any(s < 0 for s in seconds):
        found.append(("appeals.periods", "a period is negative"))
    lodged = top.data.get("lodged", [])
    if not isinstance(lodged, list) or len(lodged) > MAX_APPEALS:
        found.append(("appeals.lodged", f"a list of at most {MAX_APPEALS} appeals expected"))
        lodged = []
    if published is None or found:
        return record, None, problems + [Problem(0, f, m) for f, m in found]
    correction, appeal = (timedelta(seconds=s) for s in seconds)
    periods = Periods(correction, appeal, source or Periods().source)
    appeals = Appeals(record, published, periods)
    for index, data in enumerate(lodged):
        found += _restore(appeals, data, f"appeals.lodged[{index}]")
    return record, appeals, problems + [Problem(0, f, m) for f, m in found]


def _restore(appeals: Appeals, data: object, path: str) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    f = Fields(data, path, problems)
    grounds = f.items("grounds", _ground)
    deposit_fields = f.sub("deposit")
    deposit = None
    if deposit_fields is not None:
        deposit = Deposit(
            deposit_fields.get("amount", read_fraction, Fraction(0)),
            deposit_fields.get("currency", read_str, ""),
        )
    appeal = Appeal(
        against=f.get("against", read_int, 0),
        appellant=f.get("appellant", read_str, ""),
        grounds=grounds,
        lodged_at=f.get("lodged_at", read_time, appeals.published),
        heard_by=cast(Body, f.get("heard_by", choice(get_args(Body)), "committee")),
        members=f.get("members", lambda v, n: () if v is None else read_strings(v, n), ()),
        deposit=deposit,
    )
    decision, entry = None, None
    decision_fields = f.sub("decision")
    if decision_fields is not None:
        decision, entry = _decision(decision_fields, appeals)
    if problems:
        return problems
    try:
        appeals.restore(appeal, decision, entry)
    except (AppealError, LateError) as error:
        problems.append((path, str(error)))
    return problems


def _ground(fields: Fields) -> Ground:
    kind = fields.get("kind", choice(get_args(GroundKind)), "judgement")
    return Ground(cast(GroundKind, kind), fields.get("text", read_text, ""))


def _decision(fields: Fields, appeals: Appeals) -> tuple[Decision, int | None]:
    score_fields = fields.sub("score")
    judgement_fields = fields.sub("judgement")
    score: ScoreEffect | None = None if score_fields is None else read_score(score_fields)
    returned = fields.data.get("deposit_returned")
    decision = Decision(
        by=fields.get("by", read_str, ""),
        at=fields.get("at", read_time, appeals.published),
        reasoning=fields.get("reasoning", read_text, ""),
        score=score,
        changed_on=fields.optional("changed_on", read_int),
        judgement=None if judgement_fields is None else read_judgement(judgement_fields),
        recommendation=fields.get("recommendation", read_text, ""),
        deposit_returned=None
        if returned is None
        else fields.get("deposit_returned", read_flag, False),
    )
    return decision, fields.optional("entry", read_int)
