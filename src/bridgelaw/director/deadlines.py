"""The correction period (Law 79C) and the appeal period (Law 92B), counted from the moment the
official results were published.

Both laws let the regulating authority (or the organizer) set the period; when it has not,
each law itself fixes thirty minutes, which are the defaults of :class:`Periods`. A moment
exactly at the end of a period is still in time; one instant later is late.

A correction after its period may still be made (79C2 in 2017; in 2007 where the regulations
allow it), but only on the director's note that the score is wrong beyond reasonable doubt:
:func:`check_correction` refuses a late correction without one.

>>> from datetime import datetime, timedelta, timezone
>>> published = datetime(2026, 11, 27, 22, 0, tzinfo=timezone.utc)
>>> periods = Periods()
>>> periods.correction_ends(published).time(), periods.appeal_in_time(
...     published, published + timedelta(minutes=30))
(datetime.time(22, 30), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bridgelaw.director.refusals import SaidError

LAW_DEFAULT = timedelta(minutes=30)
"""What 79C and 92B fix when the regulating authority has set no other period."""


class LateError(SaidError):
    """A correction or appeal after its period (``law`` names the clause), or a time without
    a time zone (which cannot be compared with the publication)."""

    @property
    def law(self) -> str:
        return self.where


@dataclass(frozen=True, slots=True)
class Periods:
    """The regulating authority's periods; ``source`` says whose figures they are."""

    correction: timedelta = LAW_DEFAULT
    appeal: timedelta = LAW_DEFAULT
    source: str = "Laws 79C1 and 92B: thirty minutes unless the regulating authority sets others"

    def __post_init__(self) -> None:
        for name, period in (("correction", self.correction), ("appeal", self.appeal)):
            if period < timedelta(0):
                raise ValueError(f"the {name} period {period} is negative")

    def correction_ends(self, published: datetime) -> datetime:
        return _aware(published, "79C") + self.correction

    def appeal_ends(self, published: datetime) -> datetime:
        return _aware(published, "92B") + self.appeal

    def correction_in_time(self, published: datetime, at: datetime) -> bool:
        return _aware(at, "79C") <= self.correction_ends(published)  # 79C1: within the period

    def appeal_in_time(self, published: datetime, at: datetime) -> bool:
        return _aware(at, "92B") <= self.appeal_ends(published)  # 92B: the right expires after


def _aware(when: datetime, law: str) -> datetime:
    if when.tzinfo is None:
        raise LateError(law, "late.no-time-zone", when=when.isoformat())
    return when


@dataclass(frozen=True, slots=True)
class Correction:
    """A score corrected after the results were published: when, and the director's note."""

    at: datetime
    director_note: str = ""
    """Needed after the correction period: why the director is sure the score was wrong."""


def check_correction(correction: Correction, published: datetime, periods: Periods) -> bool:
    """Whether the correction is within its period; a late one passes only with the director's
    note (79C2), else :class:`LateError`."""
    if periods.correction_in_time(published, correction.at):
        return True
    if not correction.director_note.strip():
        ends = periods.correction_ends(published).isoformat()
        raise LateError("79C2", "late.correction", at=correction.at.isoformat(), ends=ends)
    return False
