"""Law 12C: adjusted scores, the parts that are arithmetic.

The Director's judgement (who was at fault, what would probably have happened, with which
weights) is an input; this module turns that judgement into scores:

* artificial scores (12C2) in pairs and in IMPs, with the session-percentage rule (12C2c);
* weighted assigned scores (12C1c) in IMPs: each weighted outcome against the other table,
  then the weighted sum (the commentary's teams example, catalog D.3);
* knockout split scores (12C4) and the teams rule for one side at fault (86B2b).

Matchpoints of weighted scores live with Law 78A in :mod:`bridgelaw.scoring.matchpoints`.

>>> str(weighted_imps(Points.weighted([(620, Fraction(2, 3)), (-100, Fraction(1, 3))]),
...                   Points.single(-140)))
'14/3'
"""

from __future__ import annotations

from fractions import Fraction

from bridgelaw.scoring.imps import imps
from bridgelaw.scoring.results import ARTIFICIAL_PERCENT, Artificial, Points


def artificial_percent(score: Artificial, session_percent: Fraction | None) -> Fraction | None:
    """The percentage a side gets for an artificial score; ``None`` when the board is not scored.

    ``session_percent`` is the side's percentage on the boards of the session it really played.
    """
    if score.kind == "NP":
        return None  # Law 12C2d / commentary: an unplayed board beyond the limit is not scored
    if score.kind == "%":
        assert score.percent is not None
        return score.percent
    base = ARTIFICIAL_PERCENT[score.kind]  # Law 12C2a: 60, 50 or 40 %
    if session_percent is not None:
        if score.kind == "A+" and session_percent > base:
            return session_percent  # Law 12C2c: a non-offender scoring better keeps its own level
        if score.kind == "A-" and session_percent < base:
            return session_percent  # Law 12C2c: an offender scoring worse keeps its own level
    return base


def artificial_imps(score: Artificial, session_average: Fraction | None) -> Fraction | None:
    """IMPs for an artificial score (Law 12C2b: +3, 0, -3), with 12C2c applied to the side's
    average IMPs per board on the session's other boards; ``None`` when not scored."""
    if score.kind == "NP":
        return None
    value = score.imps()
    if session_average is not None:
        if score.kind == "A+" and session_average > value:
            return session_average  # Law 12C2c, in IMPs
        if score.kind == "A-" and session_average < value:
            return session_average
    return value


def weighted_imps(ours: Points, theirs: Points) -> Fraction:
    """Law 12C1c in teams: IMP every weighted outcome at this table against every outcome at the
    other table (both as points for our side), then weight them. Ordinary results have weight 1.
    """
    total = Fraction(0)
    for our_score, our_weight in ours.components:
        for their_score, their_weight in theirs.components:
            total += our_weight * their_weight * imps(our_score + their_score)
    return total


def knockout_split(non_offenders: Fraction, offenders: Fraction) -> tuple[Fraction, Fraction]:
    """Law 12C4: in a knockout, non-balancing assigned scores are averaged into one.

    ``non_offenders`` and ``offenders`` are each side's IMPs from its own assigned score; the
    result gives the non-offending side the average of its gain and the offenders' loss.
    """
    value = (non_offenders - offenders) / 2
    return value, -value


def one_side_at_fault(assigned_non_offenders: Fraction) -> tuple[Fraction, Fraction]:
    """Law 86B2b: the non-offenders get the better of average-plus (+3) and the assigned score;
    the offenders get the opposite."""
    best = max(assigned_non_offenders, Fraction(3))
    return best, -best
