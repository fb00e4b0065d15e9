"""A poll of peers for logical alternatives (Law 16B1b), and the 12C1c weights it suggests.

The director builds a :class:`PollQuestion` from a ruling: the player's hand, the dealer and
vulnerability, and the auction up to the decision, without the unauthorized information (the
question has no place for it: a peer must decide from what the player was entitled to know).
Each peer answers with the call they would make and any they seriously considered.

Law 16B1b leaves "a significant proportion" to the regulating authority. :class:`Threshold`
holds that proportion and says where it comes from; the default, one in five of those polled
choosing or seriously considering a call, is this project's documented default (the figure the
issue names), not any authority's regulation: set the authority's own figure when it has one.

The proposed weights share the outcome among the logical alternatives by how many peers chose
each; the alternative the information demonstrably suggested is left out on request, since an
adjusted score may weight only outcomes that could have been reached legally (12C1c). The
director may change them; the change is kept with the director's name and reason.

>>> question = PollQuestion(hand="AKJ52.K4.A83.K72", dealer="S", vulnerable="NS",
...                         auction=("1S", "pass", "3S", "pass", "4NT", "pass", "5D", "pass"))
>>> poll = Poll(question, answers=(Answer("p1", "pass"), Answer("p2", "pass", ("6S",)),
...     Answer("p3", "6S"), Answer("p4", "pass"), Answer("p5", "pass")))
>>> poll.logical_alternatives()
('pass', '6S')
>>> {call: str(w) for call, w in poll.proposed_weights().items()}
{'pass': '4/5', '6S': '1/5'}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.calls import call_name, parse_call
from bridgelaw.director.judgement import UnauthorizedInformation
from bridgelaw.director.record import Entry
from bridgelaw.director.refusals import SaidError
from bridgelaw.errors import BridgeLawError
from bridgelaw.scoring.results import Points


class PollError(SaidError):
    """A poll that cannot give an answer (``field`` names what is missing or wrong)."""

    frame = "{field}: "
    where_name = "field"

    @property
    def field(self) -> str:
        return self.where

    @property
    def problem(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class Threshold:
    """The share of those polled that makes a call a logical alternative (Law 16B1b)."""

    share: Fraction = Fraction(1, 5)
    source: str = "project default: one in five (Law 16B1b leaves the figure to the authority)"

    def __post_init__(self) -> None:
        if not 0 < self.share <= 1:
            raise PollError("threshold", "poll.share", share=str(self.share))


@dataclass(frozen=True, slots=True)
class PollQuestion:
    """What the peers see: the hand, dealer, vulnerability and the auction up to the decision."""

    hand: str
    dealer: str
    vulnerable: str
    auction: tuple[str, ...]
    notes: str = ""
    """The partnership's methods the peers need (Law 16B1b: players using those methods)."""


def question_for(entry: Entry, hand: str, auction: list[str], notes: str = "") -> PollQuestion:
    """The poll's question for a ruling on unauthorized information: dealer and vulnerability
    from the board (Law 2), the auction's calls in the table script's words. Anything written
    after a call (a tempo mark, a remark, an alert: ``"5D (slow)"``) is dropped, because it is
    the kind of information the peers must not be given (Law 16B)."""
    if not isinstance(entry.judgement, UnauthorizedInformation):
        raise PollError("judgement", "poll.not-unauthorized", entry=entry.number)
    if entry.board is None:
        raise PollError("board", "poll.no-board", entry=entry.number)
    calls: list[str] = []
    for index, text in enumerate(auction):
        word = text.strip().split(maxsplit=1)[0].rstrip("!*?") if text.strip() else ""
        try:
            calls.append(call_name(parse_call(word)))
        except BridgeLawError as error:
            raise PollError(f"auction[{index}]", str(error)) from None
    dealer = board_dealer(entry.board).letter
    vulnerable = board_vulnerability(entry.board).label
    return PollQuestion(hand, dealer, vulnerable, tuple(calls), notes)


@dataclass(frozen=True, slots=True)
class Answer:
    peer: str
    would_call: str
    seriously_considered: tuple[str, ...] = ()

    def calls(self) -> set[str]:
        """The calls this peer chose or seriously considered, each once."""
        return {self.would_call, *self.seriously_considered}


@dataclass(frozen=True, slots=True)
class WeightChange:
    """The director's weights replacing the poll's proposal, with who, when and why."""

    proposed: tuple[tuple[str, Fraction], ...]
    chosen: tuple[tuple[str, Fraction], ...]
    by: str
    at: datetime
    reason: str


@dataclass(frozen=True, slots=True)
class Poll:
    question: PollQuestion
    answers: tuple[Answer, ...]
    threshold: Threshold = field(default_factory=Threshold)

    def __post_init__(self) -> None:
        peers = [a.peer for a in self.answers]
        if len(set(peers)) != len(peers):
            twice = next(p for p in peers if peers.count(p) > 1)
            raise PollError("answers", "poll.answered-twice", peer=twice)

    def support(self) -> dict[str, Fraction]:
        """Each call's share of the peers who chose or seriously considered it."""
        if not self.answers:
            raise PollError("answers", "poll.no-answers")
        counts: Counter[str] = Counter()
        for answer in self.answers:
            counts.update(answer.calls())
        return {call: Fraction(n, len(self.answers)) for call, n in counts.most_common()}

    def logical_alternatives(self) -> tuple[str, ...]:
        """The calls at or above the threshold (Law 16B1b), the most supported first."""
        return tuple(c for c, share in self.support().items() if share >= self.threshold.share)

    def proposed_weights(self, excluding: str | None = None) -> dict[str, Fraction]:
        """Weights over the logical alternatives by how many peers chose each; ``excluding`` is
        the call the information demonstrably suggested, left out (12C1c: legal outcomes)."""
        alternatives = [c for c in self.logical_alternatives() if c != excluding]
        chosen = Counter(a.would_call for a in self.answers if a.would_call in alternatives)
        total = sum(chosen.values())
        if total == 0:
            raise PollError("answers", "poll.no-alternative")
        return {call: Fraction(chosen[call], total) for call in alternatives if chosen[call]}


def change_weights(
    proposed: Mapping[str, Fraction],
    chosen: Mapping[str, Fraction],
    by: str,
    at: datetime,
    reason: str,
) -> WeightChange:
    """The director's own weights, checked (they must sum to 1, 12C1c) and recorded."""
    if sum(chosen.values(), Fraction(0)) != 1:
        raise PollError("weights", "poll.weights-sum", total=str(sum(chosen.values(), Fraction(0))))
    if any(w <= 0 for w in chosen.values()):
        raise PollError("weights", "poll.weights-positive")
    if not reason.strip():
        raise PollError("reason", "poll.reason")
    return WeightChange(tuple(proposed.items()), tuple(chosen.items()), by, at, reason)


def weighted_points(weights: Mapping[str, Fraction], outcomes: Mapping[str, int]) -> Points:
    """The 12C1c score: each call's probable result (points for North-South) with its weight.
    Calls leading to the same score are merged."""
    missing = [call for call in weights if call not in outcomes]
    if missing:
        raise PollError("outcomes", "poll.no-outcome", calls=", ".join(missing))
    merged: dict[int, Fraction] = {}
    for call, weight in weights.items():
        merged[outcomes[call]] = merged.get(outcomes[call], Fraction(0)) + weight
    return Points.weighted(sorted(merged.items(), key=lambda item: -item[1]))
