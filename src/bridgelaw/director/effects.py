"""What a ruling does to the score of one board at one table, as typed values.

A :class:`ScoreEffect` holds each side's result in the scoring package's own types
(:class:`~bridgelaw.scoring.results.Points` for a score in points for North-South, weighted or not;
:class:`~bridgelaw.scoring.results.Artificial` for 12C2), so a ruling is scored by the same
scorers as every other result: :meth:`ScoreEffect.result_line` gives the
:class:`~bridgelaw.scoring.results.ResultLine` the session's scoring reads.

The kinds, and the clause each cites (:meth:`ScoreEffect.clauses`):

* ``table``: the table result stands (Law 77 scores it);
* ``assigned``: one outcome replaces the table result (12C1a);
* ``weighted``: several outcomes with weights (12C1c; the 2007 edition lets the regulating
  authority forbid it, a regulation this module does not know: the director does);
* ``split``: the two sides' scores differ (2017: 12C1e for the non-offenders' self-inflicted
  part, 12C1b in 2007; in a knockout match both get the mean, 12C4);
* ``artificial``: average-plus/average/average-minus or a percentage (12C2a/b), with the
  session rule of 12C2c applied when scoring.

>>> effect = ScoreEffect.weighted([(620, Fraction(2, 3)), (-100, Fraction(1, 3))])
>>> effect.kind, str(effect.ns.expected), effect.clauses(2017)
('weighted', '380', ('12C1c',))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bridgelaw.laws import clause
from bridgelaw.scoring.adjusted import artificial_imps, knockout_split, weighted_imps
from bridgelaw.scoring.imps import imps
from bridgelaw.scoring.results import Artificial, Points, ResultLine, SideResult

EffectKind = Literal["table", "assigned", "weighted", "split", "artificial"]
EFFECT_KINDS: tuple[EffectKind, ...] = ("table", "assigned", "weighted", "split", "artificial")


class EffectError(ValueError):
    """A score effect whose kind and sides do not agree (``kind`` names which)."""

    def __init__(self, kind: str, problem: str) -> None:
        super().__init__(f"{kind} score: {problem}")
        self.kind = kind
        self.problem = problem


@dataclass(frozen=True, slots=True)
class ScoreEffect:
    """Each side's result on the board after the ruling; both in points for North-South."""

    kind: EffectKind
    ns: SideResult
    ew: SideResult
    knockout: bool = False
    """A knockout match: non-balancing scores are averaged for both teams (12C4)."""
    ns_redress: Fraction = Fraction(0)
    ew_redress: Fraction = Fraction(0)
    """Teams, a split score: IMPs added to the team sitting North-South (East-West) here on top
    of its own table result, for the part of its damage the infraction caused when the rest was
    its own doing (see :func:`self_inflicted_split`)."""

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise EffectError(self.kind, problem)

    @classmethod
    def table(cls, ns_points: int) -> ScoreEffect:
        return cls("table", Points.single(ns_points), Points.single(ns_points))

    @classmethod
    def assigned(cls, ns_points: int) -> ScoreEffect:
        return cls("assigned", Points.single(ns_points), Points.single(ns_points))

    @classmethod
    def weighted(cls, outcomes: Iterable[tuple[int, Fraction]]) -> ScoreEffect:
        points = Points.weighted(outcomes)
        return cls("weighted", points, points)

    @classmethod
    def split(cls, ns: Points, ew: Points, knockout: bool = False) -> ScoreEffect:
        return cls("split", ns, ew, knockout)

    @classmethod
    def artificial(cls, ns: Artificial, ew: Artificial) -> ScoreEffect:
        return cls("artificial", ns, ew)

    def clauses(self, edition: int) -> tuple[str, ...]:
        """The clauses of Law 12C this effect applies, numbered as ``edition`` numbers them."""
        if self.kind == "table":
            return ()
        if self.kind == "assigned":
            return ("12C1a",)
        if self.kind == "weighted":
            return ("12C1c",)
        if self.kind == "artificial":
            return ("12C2a",)
        # the non-offenders' own part of the damage: numbered by the law book in each edition
        found = clause("12C1e").numbers[edition]
        return (*found, "12C4") if self.knockout else found

    def result_line(self, board: int, ns: str, ew: str) -> ResultLine:
        """The result the session's scorers read (a redress in IMPs has no place there)."""
        if self.ns_redress or self.ew_redress:
            raise EffectError(self.kind, "a redress in IMPs is scored against the other table")
        return ResultLine(board=board, ns=ns, ew=ew, ns_side=self.ns, ew_side=self.ew)

    def imps_against(
        self,
        other_table_ns: Points,
        session_imps: tuple[Fraction | None, Fraction | None] = (None, None),
    ) -> tuple[Fraction | None, Fraction | None]:
        """Teams: the IMPs of the team sitting North-South here and of the team sitting East-West
        here, against the other table's score in points for North-South there (where the teams
        sit the other way round). Weighted components are IMPed one by one (12C1c, the
        commentary's teams example); a split score in a knockout is averaged (12C4). An
        artificial score is each team's own (12C2b), raised or lowered to the team's average
        IMPs per board on the session's other boards when ``session_imps`` gives it (12C2c);
        ``None`` for a board not scored for that team."""
        theirs = Points(tuple((-score, weight) for score, weight in other_table_ns.components))
        ns, ew = self.ns, self.ew
        if isinstance(ns, Artificial) or isinstance(ew, Artificial):
            assert isinstance(ns, Artificial) and isinstance(ew, Artificial)
            return artificial_imps(ns, session_imps[0]), artificial_imps(ew, session_imps[1])
        ns_team = weighted_imps(ns, theirs) + self.ns_redress
        ew_team = -weighted_imps(ew, theirs) + self.ew_redress  # points are North-South's
        if self.knockout and ns_team != -ew_team:
            # 12C4: each team gets the mean of its own score and the negation of the other's
            return knockout_split(ns_team, ew_team)
        return ns_team, ew_team


def _problem(effect: ScoreEffect) -> str | None:
    if effect.kind not in EFFECT_KINDS:
        return f"unknown kind; one of {', '.join(EFFECT_KINDS)}"
    artificial = isinstance(effect.ns, Artificial), isinstance(effect.ew, Artificial)
    if effect.kind == "artificial":
        return None if all(artificial) else "both sides need an artificial score (12C2)"
    if any(artificial):
        return "an artificial side belongs to an artificial score"
    assert isinstance(effect.ns, Points) and isinstance(effect.ew, Points)
    for side in (effect.ns, effect.ew):
        if not side.components or sum(w for _, w in side.components) != 1:
            return "the weights of a side must sum to 1 (12C1c)"
        if any(w <= 0 for _, w in side.components):
            return "every weight must be positive"
    if effect.knockout and effect.kind != "split":
        return "only a split score is averaged in a knockout (12C4)"
    redress = effect.ns_redress or effect.ew_redress
    if redress and effect.kind != "split":
        return "only a split score carries a redress in IMPs"
    if effect.ns_redress < 0 or effect.ew_redress < 0:
        return "a redress is never negative"
    if effect.kind == "split":
        return (
            "the two sides' scores are the same" if effect.ns == effect.ew and not redress else None
        )
    if effect.ns != effect.ew:
        return "the two sides' scores differ: that is a split score"
    if effect.kind == "weighted":
        return None if effect.ns.is_weighted else "a weighted score needs two outcomes or more"
    return "one outcome of weight 1" if effect.ns.is_weighted else None


def self_inflicted_split(
    table: int,
    after_infraction: int,
    without_infraction: int,
    other_table_ns: int,
    non_offenders: Literal["ns", "ew"],
) -> ScoreEffect:
    """Teams: the non-offenders caused part of their damage themselves (12C1e; 12C1b in 2007).

    All scores are in points for North-South at this table; ``after_infraction`` is what normal
    play would have given after the infraction, ``without_infraction`` what the board would have
    given had it not happened. The offenders get the board without the infraction; the
    non-offenders keep their table result plus the IMPs the infraction itself cost them (the
    difference between the two scenarios, never less than nothing), as in the commentary's
    teams examples on Law 12.
    """
    sign = 1 if non_offenders == "ns" else -1

    def team_imps(ns_points: int) -> int:
        return sign * imps(ns_points - other_table_ns)

    damage = Fraction(max(0, team_imps(without_infraction) - team_imps(after_infraction)))
    if table == without_infraction and not damage:
        return ScoreEffect.table(table)  # nothing to split: the table result stands for both
    if non_offenders == "ns":
        ns, ew = Points.single(table), Points.single(without_infraction)
        return ScoreEffect("split", ns, ew, ns_redress=damage)
    ns, ew = Points.single(without_infraction), Points.single(table)
    return ScoreEffect("split", ns, ew, ew_redress=damage)
