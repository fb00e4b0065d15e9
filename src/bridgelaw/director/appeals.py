"""Appeals against rulings (Laws 92 and 93), recorded next to the ruling record.

An appeal names the ruling (an entry of the :class:`~bridgelaw.director.record.Record`), the
appellant, its grounds, who hears it and the deposit, if the regulations ask for one. It must be
lodged within the appeal period (92B, :mod:`bridgelaw.director.deadlines`).

The grounds are of two sorts. A point of law or of regulation, or the director's disciplinary
power, stays the director's: an appeals committee may not overrule it, only recommend that the
director change it (93B3); the director in charge, hearing an appeal where there is no committee
(93A) or a point of law (93B1), may. Everything else is judgement, which the committee rules on
with all the director's powers. A changed score becomes a new entry of the ruling record that
supersedes the one appealed; the appealed entry stays as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Literal

from bridgelaw.director.deadlines import LateError, Periods
from bridgelaw.director.effects import ScoreEffect
from bridgelaw.director.judgement import Judgement
from bridgelaw.director.record import Applied, Entry, Record
from bridgelaw.director.refusals import SaidError

GroundKind = Literal["law", "regulation", "disciplinary", "judgement"]
Body = Literal["committee", "reviewer", "director in charge"]
DIRECTORS_OWN: frozenset[str] = frozenset({"law", "regulation", "disciplinary"})
"""The grounds a committee may not overrule the director on (93B3)."""


class AppealError(SaidError):
    """An appeal or decision the Laws do not allow; ``law`` names the clause."""

    @property
    def law(self) -> str:
        return self.where


@dataclass(frozen=True, slots=True)
class Ground:
    kind: GroundKind
    text: str


@dataclass(frozen=True, slots=True)
class Deposit:
    amount: Fraction
    currency: str


@dataclass(frozen=True, slots=True)
class Appeal:
    against: int
    """The number of the ruling's entry."""
    appellant: str
    grounds: tuple[Ground, ...]
    lodged_at: datetime
    heard_by: Body
    members: tuple[str, ...] = ()
    deposit: Deposit | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """What the committee, reviewer or director in charge decided."""

    by: str
    at: datetime
    reasoning: str
    score: ScoreEffect | None = None
    """A changed score; ``None`` when the ruling's score stands."""
    changed_on: int | None = None
    """The index of the ground the score is changed on."""
    judgement: Judgement | None = None
    """The facts as the appeal found them, when they differ from the director's."""
    recommendation: str = ""
    """To the director, on a point of law the committee may not decide itself (93B3)."""
    deposit_returned: bool | None = None


@dataclass(frozen=True, slots=True)
class Heard:
    """An appeal with its decision and the entry that changed the score, if any."""

    appeal: Appeal
    decision: Decision
    entry: Entry | None


class Appeals:
    """A session's appeals and their decisions, appended in order, never rewritten."""

    def __init__(self, record: Record, published: datetime, periods: Periods) -> None:
        self.record = record
        self.published = published
        self.periods = periods
        self._lodged: list[Appeal] = []
        self._heard: dict[int, Heard] = {}

    def lodge(self, appeal: Appeal) -> int:
        """Record an appeal; its number counts from 1."""
        self._check_lodging(appeal)
        if self.record.superseded_by(appeal.against) is not None:
            raise AppealError("92A", "appeal.superseded", entry=appeal.against)
        self._lodged.append(appeal)
        return len(self._lodged)

    def decide(self, number: int, decision: Decision) -> Heard:
        """Record the decision on appeal ``number``; a changed score is appended to the ruling
        record as an entry superseding the one appealed."""
        appeal = self._check_decision(number, decision)
        entry = None
        if decision.score is not None:
            entry = self._changed(appeal, decision)
        heard = Heard(appeal, decision, entry)
        self._heard[number] = heard
        return heard

    def restore(self, appeal: Appeal, decision: Decision | None, entry: int | None) -> int:
        """An appeal read back from a casebook, checked as when it was lodged and decided; the
        entry its decision appended (``entry``) is already in the record and must be the one
        superseding the ruling with the decision's score."""
        self._check_lodging(appeal)
        self._lodged.append(appeal)
        number = len(self._lodged)
        if decision is None:
            if entry is not None:
                raise AppealError("93", "appeal.entry-without-decision", number=number)
            return number
        self._check_decision(number, decision)
        changed = None
        if decision.score is not None:
            self._check_change(appeal, decision)
            found = None if entry is None else self._entry_or_none(entry)
            if (
                found is None
                or found.score != decision.score
                or found not in self.record.history(appeal.against)[1:]
            ):
                raise AppealError(
                    "93", "appeal.no-entry-with-score", number=number, entry=str(entry)
                )
            changed = found
        elif entry is not None:
            raise AppealError("93", "appeal.stood-names-entry", number=number, entry=entry)
        self._heard[number] = Heard(appeal, decision, changed)
        return number

    def _entry_or_none(self, number: int) -> Entry | None:
        try:
            return self.record.entry(number)
        except KeyError:
            return None

    def _check_lodging(self, appeal: Appeal) -> None:
        if not self.periods.appeal_in_time(self.published, appeal.lodged_at):
            ends = self.periods.appeal_ends(self.published).isoformat()
            raise LateError("92B", "appeal.late", at=appeal.lodged_at.isoformat(), ends=ends)
        if not appeal.grounds:
            raise AppealError("92A", "appeal.no-grounds")
        if self._entry_or_none(appeal.against) is None:
            raise AppealError("92A", "appeal.no-ruling", entry=appeal.against)

    def _check_decision(self, number: int, decision: Decision) -> Appeal:
        if not 1 <= number <= len(self._lodged):
            raise AppealError("93", "appeal.none", number=number)
        if number in self._heard:
            raise AppealError("93", "appeal.decided", number=number)
        appeal = self._lodged[number - 1]
        if decision.at < appeal.lodged_at:
            raise AppealError("93", "appeal.before-lodged", number=number)
        return appeal

    def _check_change(self, appeal: Appeal, decision: Decision) -> None:
        if decision.changed_on is None or not 0 <= decision.changed_on < len(appeal.grounds):
            raise AppealError("93", "appeal.ground-needed")
        ground = appeal.grounds[decision.changed_on]
        if appeal.heard_by == "committee" and ground.kind in DIRECTORS_OWN:
            # 93B3: on law, regulation or discipline the committee may only recommend
            raise AppealError("93B3", "appeal.point-of", kind=ground.kind)

    def _changed(self, appeal: Appeal, decision: Decision) -> Entry:
        assert decision.score is not None
        self._check_change(appeal, decision)
        ruling = self.record.history(appeal.against)[-1]  # the ruling in force, if changed since
        heard_under = "93B3" if appeal.heard_by == "committee" else "93A"
        return self.record.append(
            replace(
                ruling,
                number=len(self.record) + 1,
                supersedes=ruling.number,
                score=decision.score,
                judgement=decision.judgement or ruling.judgement,
                applied=(
                    *ruling.applied,
                    Applied("92A", "judgement"),
                    Applied(heard_under, "judgement"),
                ),
                decided_by=decision.by,
                decided_at=decision.at,
                reasoning=decision.reasoning,
            )
        )

    @property
    def lodged(self) -> tuple[Appeal, ...]:
        return tuple(self._lodged)

    def heard(self, number: int) -> Heard | None:
        return self._heard.get(number)
