"""Judgement rulings the engine cannot make, held in the terms the Laws decide them by.

Each frame says whether the facts found allow an adjusted score (:meth:`adjusts`), cites its
clauses in the ruling's edition (:meth:`clauses`), and keeps the director's reasoning in words.
The adjusted score itself is the entry's :class:`~bridgelaw.director.effects.ScoreEffect`
(Law 12C); a claim's is computed from the tricks the director decided.

>>> ui = UnauthorizedInformation(source="a slow 5D", action="6S",
...     logical_alternatives=("pass", "6S"), suggested="6S", demonstrably_suggested=True,
...     damaged=True, reasoning="pass is a logical alternative; the tempo suggests bidding on")
>>> ui.adjusts(), ui.clauses(2017)
(True, ('16B1a', '16B3'))
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.director.effects import ScoreEffect
from bridgelaw.scoring.results import table_points


@dataclass(frozen=True, slots=True)
class UnauthorizedInformation:
    """Law 16B: a player chose, among logical alternatives, one the unauthorized information
    demonstrably suggested, and the opponents were damaged."""

    source: str
    """What the unauthorized information was (a hesitation, a remark, an explanation)."""
    action: str
    """The call or play the player chose."""
    logical_alternatives: tuple[str, ...]
    """The actions the director (or a poll, Law 16B1b) found to be logical alternatives."""
    suggested: str
    """What the information suggested."""
    demonstrably_suggested: bool
    damaged: bool
    reasoning: str

    kind = "unauthorized information"

    def adjusts(self) -> bool:
        # 16B1a: the chosen action is barred only when another logical alternative existed and
        # the information demonstrably suggested the one chosen; 16B3: adjust if damage followed
        other_alternative = any(a != self.action for a in self.logical_alternatives)
        return (
            other_alternative
            and self.demonstrably_suggested
            and self.action == self.suggested
            and self.damaged
        )

    def clauses(self, edition: int) -> tuple[str, ...]:
        return ("16B1a", "16B3")  # the same numbers in both editions


@dataclass(frozen=True, slots=True)
class Misinformation:
    """Laws 20F, 21B, 40 and 75: the explanation given differed from the partnership agreement,
    and with the right explanation the opponents would have done better."""

    agreement: str
    """The partnership's agreement, as the director found it (Law 75: the agreement decides
    whether it was a misexplanation or a misbid)."""
    explanation: str
    """The explanation the opponents were given."""
    would_have_happened: str
    """What the director judged the opponents would have done with the right explanation."""
    damaged: bool
    reasoning: str

    kind = "misinformation"

    def misexplained(self) -> bool:
        # Law 75: a wrong call with a right explanation is no infraction; a wrong explanation is
        return self.agreement.strip().casefold() != self.explanation.strip().casefold()

    def adjusts(self) -> bool:
        return self.misexplained() and self.damaged  # 21B3, 40B4: damage from misinformation

    def clauses(self, edition: int) -> tuple[str, ...]:
        return ("20F", "21B3", "40B4", "75")  # the same numbers in both editions


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The claim adjudicator's proposal shown to the director: the claimer's side's tricks of
    those remaining, the line assumed, and the law it rests on (the console's JSON)."""

    tricks: int
    line: str
    law: str


@dataclass(frozen=True, slots=True)
class ClaimRuling:
    """Law 70: a disputed claim. The director accepts the adjudicator's proposal or changes it;
    the decided tricks give the assigned score."""

    proposal: Adjudication
    decided_tricks: int
    """The claimer's side's tricks of those remaining, as the director decided."""
    remaining: int
    """Tricks still to play when the claim was made."""
    won_before: int
    """Tricks the claimer's side had already won."""
    claimer: Seat
    contract: Contract
    declarer: Seat
    reasoning: str

    kind = "claim"

    def __post_init__(self) -> None:
        for name, value in (("decided", self.decided_tricks), ("proposed", self.proposal.tricks)):
            if not 0 <= value <= self.remaining:
                raise ValueError(f"{name} tricks {value} outside 0..{self.remaining} (Law 70)")
        if self.won_before + self.remaining > 13:
            raise ValueError(f"{self.won_before} won and {self.remaining} remaining exceed 13")

    @property
    def accepted(self) -> bool:
        return self.decided_tricks == self.proposal.tricks

    def adjusts(self) -> bool:
        return True  # Law 70: the director's decision on a disputed claim fixes the result

    def clauses(self, edition: int) -> tuple[str, ...]:
        # 70A in both editions; the adjudicator's own citation (a line it assumed) follows
        cited = self.proposal.law.removeprefix("Law ").strip()
        return ("70A",) if cited in ("", "70A") else ("70A", cited)

    def declarer_tricks(self) -> int:
        claimed = self.won_before + self.decided_tricks
        # the claimer may be a defender: the declaring side gets what the defenders do not
        same_side = self.claimer.side == self.declarer.side
        return claimed if same_side else 13 - claimed

    def ns_points(self, board: int) -> int:
        """The score for North-South of the decided result (Law 77 on the board's vulnerability)."""
        return table_points(board, self.contract, self.declarer, self.declarer_tricks())

    def effect(self, board: int) -> ScoreEffect:
        """The score the decision gives: the board's result as decided, scored by Law 77 (a
        result the director fixes under Law 70, not an adjusted score of 12C)."""
        return ScoreEffect.table(self.ns_points(board))


Judgement = UnauthorizedInformation | Misinformation | ClaimRuling
