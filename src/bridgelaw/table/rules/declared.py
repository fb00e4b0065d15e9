"""What an open matter declares: every clause it applies, what each gives, its edition variants.

A matter's module applies a clause through its declaration (``ACCEPTED.rule(t, offender, ...)``,
``OFFERED.offer(who)``, ``BARRED.bar(t, seat, until)``), so what the module declares and what it
applies are one thing; the law book's index (:mod:`bridgelaw.laws.index`) reads the declarations,
not the source.

>>> from bridgelaw.cards import Seat
>>> OFFERED = Applies("27A1", "offer", options=("accept", "decline"))
>>> OFFERED.offer("S")
Awaiting(who='S', law='27A1', options=('accept', 'decline'))
>>> Applies("27A1", "rule", "law27a1-accept").said(lho=Seat.SOUTH, call="1D").text()
'S accepts the insufficient 1D: it stands as a legal bid and the auction goes on from it.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from bridgelaw.cards import Seat
from bridgelaw.table import messages
from bridgelaw.table.events import Who
from bridgelaw.table.messages import Said
from bridgelaw.table.state import Awaiting

Does = Literal[
    "rule",  # a ruling (its message)
    "review",  # something the director looks at again at the end of play (its message)
    "offer",  # an offer (its options, when they are fixed)
    "unauthorized",  # a withdrawn or cancelled call recorded as unauthorized information
    "cancel",  # a call cancelled under the clause
    "withdraw",  # a call withdrawn under the clause
    "lift",  # unauthorized information recorded earlier lifted under the clause (23B)
    "bar",  # a player barred from calling under the clause
    "lead",  # a lead restriction (Law 26) armed for the clause's rectification
    "next",  # a rule on the offender's next call (29B-32: a repeat, a comparison, RHO first)
    "penalty",  # a card that becomes a (major) penalty card under the clause
    "breach",  # the clause whose obligation the irregularity breaks (what opens the matter)
    "obligation",  # what a player must play at his next turn (57: a card, declarer's choice)
    "establish",  # the side's revokes established under the clause (63A3, 63A4: by a claim)
    "adjusted",  # the board's score set aside for an adjusted one under the clause (67B3)
    "supersede",  # rulings in force withdrawn by reference under the clause (62D1: Law 64's)
]
"""What applying a clause gives at the table."""


class Records(Protocol):
    """The table as a declaration writes to it: its record and the law book's numbers."""

    def rule(self, law: str, seat: Seat | None, said: Said) -> None: ...

    def review(self, law: str, said: Said) -> None: ...

    def cite(self, key: str) -> str: ...


class Bars(Protocol):
    """The table as a declaration bars a player at it (the auction layer)."""

    def _bar(self, seat: Seat, until: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Means:
    """What answering an offer with ``word`` does: the clause that answer applies and its
    consequence in plain words (English, the catalog's msgid: :mod:`bridgelaw.table.meanings`
    gives it in the reader's language), as the director explains it before the choice."""

    word: str
    clause: str
    consequence: str


@dataclass(frozen=True, slots=True)
class Applies:
    """One clause a matter applies, and what applying it gives."""

    clause: str
    """The law book key (its 2017 number)."""
    does: Does
    message: str = ""
    """For a ruling or a review: its message id (:mod:`bridgelaw.table.messages`)."""
    options: tuple[str, ...] = ()
    """For an offer whose options are fixed: the options (else they are worked out at the
    table: the legal calls...)."""
    by_book: bool = False
    """Cited in the table's edition through the law book (72C is 2007's Law 23, 16C its 16D);
    else the number is the same in both editions."""
    edition: int | None = None
    """2007 for a clause of a procedure only the 2007 edition has (its Laws 30-32), numbered
    as that edition numbers it (its 32A is 2017's 32B): cited as written, at a 2007 table."""
    title: str = ""
    """For an offer: what happened, as the director announces the choice he offers (English,
    the catalog's msgid: :mod:`bridgelaw.table.meanings` gives it in the reader's language)."""
    means: tuple[Means, ...] = ()
    """For an offer of fixed answers (accept or decline; 54's spread): what each answer does,
    the only place that says it (a claim's agree and dispute: ``meanings.CLAIM``)."""
    within: str = ""
    """The tag of the edition variant (a :class:`Varies` of the same matter) the clause is
    applied inside: a clause of a 2007-only procedure is applied only in that variant."""

    def law(self, table: Records) -> str:
        """The number to cite at ``table``."""
        return table.cite(self.clause) if self.by_book else self.clause

    def said(self, **params: object) -> Said:
        """The declared message, said with ``params`` (which the catalog checks as it does
        every message: ``messages.say``; ``tests/table/test_table_rules.py`` checks each call
        of a matter's module against the declared message's parameters)."""
        return messages.say(self.message, **params)

    # The table and the seat are named ``at`` and ``ruled_on``, names no message's parameter
    # has: mypyc's compiled calls do not keep a positional-only parameter apart from a
    # keyword of the same name (a message with a ``seat`` parameter lost it there).

    def rule(self, at: Records, ruled_on: Seat | None, /, **params: object) -> None:
        """A ruling under the clause on ``ruled_on``: the declared message with ``params``."""
        said = self.said(**params)
        at.rule(self.law(at), ruled_on, said)

    def review(self, at: Records, /, **params: object) -> None:
        """A review under the clause: the declared message with ``params``."""
        said = self.said(**params)
        at.review(self.law(at), said)

    def bar(self, at: Bars, seat: Seat, until: str) -> None:
        """A bar under the clause: ``seat`` may only pass until ``until`` (next turn, end of
        auction). The table keeps how long, not the clause (the ruling made with it names the
        rectification's): the declaration is where the index finds which clauses bar."""
        at._bar(seat, until)

    def offer(
        self,
        who: Who,
        options: tuple[str, ...] | None = None,
        others: tuple[tuple[Who, tuple[str, ...]], ...] = (),
        groups: tuple[tuple[str, str], ...] = (),
        at: Records | None = None,
    ) -> Awaiting:
        """The offer under the clause to ``who``: the declared options, or ``options``; with
        ``groups``, what follows each (:attr:`Awaiting.groups`). A clause cited through the
        law book (``by_book``) needs the table it is offered ``at`` for its edition's number."""
        chosen = self.options if options is None else options
        if self.by_book and at is None:
            raise ValueError(f"{self.clause} is cited by the book: offer it at a table")
        law = self.clause if at is None else self.law(at)
        return Awaiting(who, law, chosen, others, groups)


@dataclass(frozen=True, slots=True)
class Varies:
    """A rule whose 2017 and 2007 texts differ: its tag (a clause the law book flags ``d``),
    applied with :meth:`~bridgelaw.table.state.TableState.by_edition`, both variants side by
    side, in the matter's method ``where``."""

    tag: str
    where: str


@dataclass(frozen=True, slots=True)
class Declared:
    """Everything one matter declares: its law, its class, its module and each clause."""

    law: str
    """The law or law group (``27``, ``29-32``)."""
    matter: str
    """The matter's class."""
    module: str
    applies: tuple[Applies, ...]
    varies: tuple[Varies, ...] = ()
    stages: tuple[str, ...] = ()
    """The matter's other classes: a later stage it opens (25A6's ``LhoChange`` after 25A1),
    declared with it, as its clauses are."""

    @property
    def path(self) -> str:
        """The module's file in a checkout (``src/bridgelaw/table/rules/auction/law27.py``)."""
        return "src/" + self.module.replace(".", "/") + ".py"


__all__ = ["Applies", "Bars", "Declared", "Does", "Records", "Varies"]
