"""The offer is the contract: what the engine offers (:class:`~bridgelaw.table.state.Awaiting`)
and the answers it takes are one thing.

An *answer* is an event whose only meaning is to answer an offer: ``accept``, ``decline``,
``forbid S``, ``tricks 9``, ``director comparable``... (:data:`ANSWER_ACTIONS`). The engine
takes an answer only when the offer open names it, for the party that gives it
(:meth:`Awaiting.takes <bridgelaw.table.state.Awaiting.takes>`), and then hands it to the rule
that made the offer (the offer's :data:`Route`), not down a second chain of precedence of its
own. Any other answer is refused, law-tagged with the offer's clause (the words of the refusal
are those of the rule that holds the state), and leaves the table as it was.

Calls and cards are not answers: at a table they may also answer an offer by the effect the
Laws give them (calling over an insufficient bid accepts it, 27A1; the next player playing to a
lead out of turn accepts it, 53A), so they go to the rules as before.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E 1D"]:
...     table.apply_text(text)
>>> [(o.who, o.word, o.command.action) for o in table.awaiting.commands()]
[('S', 'accept', 'accept'), ('S', 'decline', 'decline')]
>>> try:
...     table.apply_text("N accept")    # N is not the one asked
... except ScriptError as error:
...     print(error.law, error)
27A1 event 3: 'N accept' does not fit: the director is waiting for S accept/decline (Law 27A1)
"""

from __future__ import annotations

from typing import Literal, get_args

from bridgelaw.table.events import Action, Event, ScriptError, Who
from bridgelaw.table.refusals import Refusal, refuse
from bridgelaw.table.state import Phase

__all__ = ["ANSWER_ACTIONS", "AnswerAction", "Route", "ScriptError", "is_answer", "refusal"]

#: The actions that only ever answer an offer (the director's 29C finding ``shows`` is one; a
#: player's ``shows`` is a claim by the cards, 68A). ``director unintended`` answers the 25A
#: offer; in the play it is also the director's own finding of 45C4b, taken when no offer
#: names it (:func:`is_answer`).
AnswerAction = Literal[
    Action.ACCEPT,
    Action.DECLINE,
    Action.AGREE,
    Action.DISPUTE,
    Action.SPREAD,
    Action.FORBID,
    Action.REQUIRE,
    Action.NO_RESTRICTION,
    Action.HIGHEST,
    Action.LOWEST,
    Action.DESIGNATE,
    Action.LEAD_HAND,
    Action.COMPARABLE,
    Action.NOT_COMPARABLE,
    Action.UNINTENDED,
    Action.INTENDED,
    Action.ACCEPTED,
    Action.IN_TURN,
    Action.PLAYABLE,
    Action.NOT_PLAYABLE,
    Action.TRICKS,
    Action.SHOWS,
]
ANSWER_ACTIONS: frozenset[Action] = frozenset(get_args(AnswerAction))

Route = Literal["board", "auction", "claim", "dummy", "lead", "play"]
"""The rule that made an offer, and so takes its answers: the cards of the board (13B), the
auction period (Laws 17-39, and 21B and 25 after the final pass), a claim (68-71), dummy's
limitations and designations (43B2a, 46B, 62A), a Law 26 lead restriction, the play (50-67)."""


def is_answer(event: Event, phase: Phase, offered: bool) -> bool:
    """Is ``event`` an answer the offer alone decides on (while the board lasts)?
    ``offered``: the offer open names it."""
    action = event.action
    if action not in ANSWER_ACTIONS or phase == "ended":
        return False  # after the board: a late objection (69A) is no answer to an offer
    if action is Action.SHOWS:
        return event.who == "director"  # a player's shows is a claim by the cards (68A)
    # in the play, an unoffered 'director unintended' is the director's own 45C4b finding
    return not (action is Action.UNINTENDED and phase == "play" and not offered)


def refusal(event: Event, who: Who | None, law: str | None, options: tuple[str, ...]) -> Refusal:
    """Why an answer outside the offer is refused."""
    if law is None or who is None:
        return refuse("event.nothing-to-answer", who=event.who, action=event.action)
    return refuse(
        "event.not-on-offer",
        who=event.who,
        action=event.action,
        waiting=who,
        options=", ".join(options),
        law=law,
    )
