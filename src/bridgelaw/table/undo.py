"""Undo without replaying the board: snapshots of the table taken as events are accepted, put
back by :meth:`Table.undo` and when an event is refused.

Python-chess keeps a small copy of a board's scalars for each move and pops its lists. A
table's state is larger (about fifty fields over the nine layers) and the rules of forty laws
change it in place: a snapshot of it costs a third of an event or so in pure Python, which
every event cannot pay. So the engine takes one before every ``EVERY``-th event
(``Snapshots.due``; none before the first event: a new table is the table then), and going
back to an earlier event (:meth:`Table._back_to`) puts back the latest snapshot taken at or
before it (:func:`restore`) and replays the events since, fewer than ``EVERY``; it then takes
a snapshot there, as refusals come in runs (a robot tries its candidates at the same turn).
Undo and a refused event thus cost about the same at the last trick as at the first call,
and an accepted event pays an ``EVERY``-th of a snapshot. ``EVERY`` trades the one against
the other: ``benchmarks/table_engine.py`` measures both (``docs/benchmarks.md``). An undo
older than the snapshots kept (``DEPTH``) replays the board from its start.

:func:`save` keeps each field according to how it can change:

* every field's value, as a reference: one copy of the instance's ``__dict__`` in pure Python,
  one tuple of the fields (``FIELDS``) in the mypyc-compiled build, which has no ``__dict__``.
  A field set to another value since gets its old one back; the fields not named below hold
  values that are never changed in place (numbers, seats, tuples, frozen records);
* the append-only records (``APPEND_ONLY``: the events, the rulings, reviews, unauthorized
  information and withdrawals), by their lengths: they are only appended to, so they are cut
  back;
* the calls' records (:class:`~bridgelaw.table.state.CallRecord`) are never copied: a record
  changes only through :meth:`~bridgelaw.table.state.TableState.set_status` and
  :meth:`~bridgelaw.table.state.TableState.set_skipped`, which append its fields before the
  change to ``call_changes`` (append-only too); those appended since are put back, last first;
* the containers of values or of calls' records (``SHALLOW``): the history of calls, copied
  (a few dozen references at most), and the others, usually empty, copied only when they are
  not; their contents are put back into the same objects;
* the play (``play``, a :class:`~bridgelaw.table.play_state.TablePlay`): its fields, its lists
  (hands, tricks, cards played: values) as tuples, and copies of its revokes, which the rules
  change in place (63A, 62, 64);
* the records the rules change in place while an irregularity is being dealt with
  (``RECORDS``: the irregularity pending, the claim, the rules of 29B-32 for a player's next
  call, lead restrictions, the obligations of Law 57): deep-copied together, the calls'
  records shared, and only when there is one (most events meet none).

:func:`restore` copies again what it puts back, so a snapshot serves every event after it.

``tests/table/test_table_properties.py`` checks after random events that an undo or a refused
event gives back exactly the table before the event, field by field, and
``tests/table/test_table_undo.py`` that every field of the table and of its play is one of the
kinds above.
"""

from __future__ import annotations

import copy

from bridgelaw.cards import Card, Deal, Hand, Seat, Strain
from bridgelaw.table.board_rules import BoardRules
from bridgelaw.table.play_state import Place, Revoke, TablePlay, TableTrick
from bridgelaw.table.rules.claims.law68_71 import Claim
from bridgelaw.table.state import (
    CallRecord,
    LeadRestriction,
    NextCallRule,
    Obligation,
    Pending,
)

EVERY = 8
"""A snapshot before every eighth event: an accepted event pays an eighth of one (in pure
Python about 5% of the cost of whole boards; with one every fourth event, 10%), an undo or a
refused event replays at most seven events."""

DEPTH = 4
"""The snapshots kept (the last 25 to 32 events); a snapshot takes about 2.6 kB in pure
Python, a table's own state about 8 kB once a board is played."""

FIELDS = (
    # TableState
    "board",
    "edition",
    "history",
    "turn",
    "phase",
    "pending",
    "barred",
    "no_double",
    "next_call",
    "lead_restrictions",
    "exposed",
    "penalty_cards",
    "ruling_log",
    "review_log",
    "unauthorized_log",
    "withdrawals",
    "carried_slot",
    "unnoticed",
    "contract",
    "declarer",
    "play",
    "must_play",
    "pc_choice_made",
    "early_lead",
    "lead_retracted",
    "dummy_suggested",
    "score_cancelled",
    "revoke_found_late",
    "tricks_before_transfers",
    "tricks",
    "event_index",
    "call_changes",
    # the layers' own
    "law50e_noted",
    "law45c4b_rho",
    "law62d1_replay",
    "dummy_broke",
    "dummy_offer",
    "dummy_offer_kind",
    "designated_46b",
    "law45d_rho",
    "law45d_back",
    "claim",
    "_shared_adjudicator",
    "events",
    "adjudicator_answers",
    "missing_cards",
    "wrong_count",
    "recall",
    "lho_repeat",
    "repeat_15c",
    "wrong_table_found",
)
"""Every field of a table but its snapshots, in the order of :func:`_values`."""

APPEND_ONLY = (
    "events",
    "ruling_log",
    "review_log",
    "unauthorized_log",
    "withdrawals",
    "call_changes",
)
SHALLOW = (
    "history",
    "barred",
    "no_double",
    "exposed",
    "penalty_cards",
    "carried_slot",
    "unnoticed",
    "adjudicator_answers",
)
RECORDS = ("pending", "claim", "next_call", "lead_restrictions", "must_play")
PLAY_FIELDS = (  # as save keeps them
    "deal",
    "declarer",
    "trump",
    "hands",
    "leader",
    "trick",
    "tricks",
    "won",
    "played",
    "revokes",
    "omissions",
    "surplus",
)
"""Every field of a :class:`TablePlay`."""

COMPILED = hasattr(TablePlay, "__mypyc_attrs__")
"""The mypyc-compiled build: no instance ``__dict__``, every field a slot of the object."""

PlaySnapshot = tuple[
    TablePlay,
    Deal,  # its deal, declarer, trump and leader
    Seat,
    Strain,
    Seat,
    tuple[Hand, ...],  # hands, trick, tricks, won, played
    tuple[Place, ...],
    tuple[TableTrick, ...],
    tuple[int, ...],
    tuple[Card, ...],
    list[Revoke] | None,  # copies of its revokes, omissions and surplus cards, or None: none
    dict[int, Seat] | None,
    list[tuple[int, Seat, Card]] | None,
]
"""A :class:`TablePlay`: the object, its fields, its lists as tuples and copies of its revokes
(a plain tuple: in pure Python a named tuple takes several times longer to make)."""

Containers = tuple[
    dict[Seat, str],
    set[Seat],
    list[tuple[Seat, int, int]],
    list[tuple[Seat, int, str]],
    dict[Seat, tuple[Seat, ...]],
    list[CallRecord],
    dict[int, int],
]
"""Copies of the containers of ``SHALLOW`` but the history, in that order."""

Records = tuple[
    Pending | None,
    Claim | None,
    dict[Seat, NextCallRule],
    list[LeadRestriction],
    dict[Seat, Obligation],
]
"""Deep copies of ``RECORDS``, in that order."""

Snapshot = tuple[
    dict[str, object] | tuple[object, ...],
    tuple[int, int, int, int, int, int],
    tuple[CallRecord, ...],
    Containers | None,
    PlaySnapshot | None,
    Records | None,
]
"""The table at one moment (:func:`save`), a plain tuple of: every field's value (the instance
``__dict__`` copied, or, compiled, the values of ``FIELDS``); the lengths of the
``APPEND_ONLY`` records, in that order (the first, the number of events applied); the history;
copies of the other ``SHALLOW`` containers (None: they were all empty); the play's (None: no
card played yet); deep copies of the ``RECORDS`` (None: there were none)."""


class Snapshots:
    """A table's snapshots, the latest last, and when the next is due."""

    def __init__(self) -> None:
        self.kept: list[Snapshot] = []
        self.due = EVERY
        """The number of events applied at which the next is taken (none before the first
        event: a new table is the table then)."""

    def latest_at_or_before(self, count: int) -> Snapshot | None:
        """The latest snapshot taken when ``count`` events or fewer were applied (the later
        ones dropped), or None."""
        kept = self.kept
        if kept and kept[-1][1][0] <= count:
            return kept[-1]
        while kept and kept[-1][1][0] > count:
            kept.pop()
        self.due = kept[-1][1][0] + EVERY if kept else EVERY
        return kept[-1] if kept else None


def events_at(snapshot: Snapshot) -> int:
    """The number of events the table had applied when ``snapshot`` was taken."""
    return snapshot[1][0]


def checkpoint(t: BoardRules, snapshots: Snapshots) -> None:
    """Before an event: a snapshot of ``t`` if one is due (:data:`EVERY`). (``Table.apply``
    makes the same test itself, on the path of every event.)"""
    if len(t.events) >= snapshots.due:
        save(t, snapshots)


def save(t: BoardRules, snapshots: Snapshots) -> None:
    """The table ``t`` now, added to ``snapshots`` (the oldest dropped past ``DEPTH``); the
    next is due ``EVERY`` events later."""
    containers: Containers | None = None
    if (
        t.barred
        or t.no_double
        or t.exposed
        or t.penalty_cards
        or t.carried_slot
        or t.unnoticed
        or t.adjudicator_answers
    ):
        containers = (
            t.barred.copy(),
            t.no_double.copy(),
            t.exposed.copy(),
            t.penalty_cards.copy(),
            t.carried_slot.copy(),
            t.unnoticed.copy(),
            t.adjudicator_answers.copy(),
        )
    records: Records | None = None
    if (
        t.pending is not None
        or t.claim is not None
        or t.next_call
        or t.lead_restrictions
        or t.must_play
    ):
        records = _copy_records(t)
    if COMPILED:
        fields: dict[str, object] | tuple[object, ...] = _values(t)
    else:
        fields = t.__dict__.copy()
        del fields["snapshots"]  # the table's own (engine.py), kept out: no cycle
    events = t.events
    p = t.play
    play: PlaySnapshot | None = None
    if p is not None:
        revokes, omissions, surplus = p.revokes, p.omissions, p.surplus
        play = (
            p,
            p.deal,
            p.declarer,
            p.trump,
            p.leader,
            tuple(p.hands),
            tuple(p.trick),
            tuple(p.tricks),
            tuple(p.won),
            tuple(p.played),
            [copy.copy(r) for r in revokes] if revokes else None,
            omissions.copy() if omissions else None,
            surplus.copy() if surplus else None,
        )
    kept = snapshots.kept
    if len(kept) >= DEPTH:
        del kept[0]
    snapshots.due = len(events) + EVERY
    kept.append(
        (
            fields,
            (
                len(events),
                len(t.ruling_log),
                len(t.review_log),
                len(t.unauthorized_log),
                len(t.withdrawals),
                len(t.call_changes),
            ),
            tuple(t.history),
            containers,
            play,
            records,
        )
    )


def restore(t: BoardRules, snapshot: Snapshot) -> None:
    """Make the table ``t`` exactly what it was when ``snapshot`` was taken (the same fields,
    the same objects holding the same contents; the records of the irregularity, the claim and
    the like as copies of the same value). The snapshot is left as it was."""
    fields, lengths, history, containers, play, records = snapshot
    events, rulings, reviews, unauthorized, withdrawals, changed = lengths
    changes = t.call_changes
    for record, status, law, skipped in reversed(changes[changed:]):
        record.status, record.law, record.skipped = status, law, skipped
    if isinstance(fields, dict):  # pure Python: the layers' class defaults stay unset
        state = t.__dict__
        snapshots = state["snapshots"]
        state.clear()
        state.update(fields)
        state["snapshots"] = snapshots
    else:
        for name, value in zip(FIELDS, fields, strict=True):
            setattr(t, name, value)
    del t.events[events:]
    del t.ruling_log[rulings:]
    del t.review_log[reviews:]
    del t.unauthorized_log[unauthorized:]
    del t.withdrawals[withdrawals:]
    del t.call_changes[changed:]
    t.history[:] = history
    if containers is None:
        t.barred.clear()
        t.no_double.clear()
        t.exposed.clear()
        t.penalty_cards.clear()
        t.carried_slot.clear()
        t.unnoticed.clear()
        t.adjudicator_answers.clear()
    else:
        barred, no_double, exposed, penalty_cards, carried_slot, unnoticed, answers = containers
        t.barred.clear()
        t.barred.update(barred)
        t.no_double.clear()
        t.no_double.update(no_double)
        t.exposed[:] = exposed
        t.penalty_cards[:] = penalty_cards
        t.carried_slot.clear()
        t.carried_slot.update(carried_slot)
        t.unnoticed[:] = unnoticed
        t.adjudicator_answers.clear()
        t.adjudicator_answers.update(answers)
    if play is not None:
        _restore_play(play)
    if records is None:
        t.next_call.clear()
        t.lead_restrictions.clear()
        t.must_play.clear()
    else:
        t.pending, claim, next_call, lead_restrictions, must_play = _copy_of(t, records)
        if claim is not None:  # else put back with the fields (in pure Python: unset)
            t.claim = claim
        t.next_call.clear()
        t.next_call.update(next_call)
        t.lead_restrictions[:] = lead_restrictions
        t.must_play.clear()
        t.must_play.update(must_play)


def _copy_records(t: BoardRules) -> Records:
    """Deep copies of ``RECORDS``."""
    return _copy_of(t, (t.pending, t.claim, t.next_call, t.lead_restrictions, t.must_play))


def _copy_of(t: BoardRules, records: Records) -> Records:
    """A deep copy of ``records``, taken as a whole (one record may refer to another), the
    calls' records of ``t`` shared (they are put back in place, see ``call_changes``)."""
    memo: dict[int, object] = {id(r): r for r in t.history}
    for record in t.unnoticed:
        memo[id(record)] = record
    copied: Records = copy.deepcopy(records, memo)
    return copied


def _restore_play(saved: PlaySnapshot) -> None:
    (p, deal, declarer, trump, leader, hands, trick, tricks, won, played) = saved[:10]
    revokes, omissions, surplus = saved[10:]
    p.deal, p.declarer, p.trump, p.leader = deal, declarer, trump, leader
    p.hands, p.trick, p.tricks = list(hands), list(trick), list(tricks)
    p.won, p.played = list(won), list(played)
    p.revokes = [] if revokes is None else [copy.copy(r) for r in revokes]
    p.omissions = {} if omissions is None else omissions.copy()
    p.surplus = [] if surplus is None else surplus.copy()


def _values(t: BoardRules) -> tuple[object, ...]:
    """Every field of ``FIELDS``, read one by one (compiled, each is a slot of the object)."""
    return (
        t.board,
        t.edition,
        t.history,
        t.turn,
        t.phase,
        t.pending,
        t.barred,
        t.no_double,
        t.next_call,
        t.lead_restrictions,
        t.exposed,
        t.penalty_cards,
        t.ruling_log,
        t.review_log,
        t.unauthorized_log,
        t.withdrawals,
        t.carried_slot,
        t.unnoticed,
        t.contract,
        t.declarer,
        t.play,
        t.must_play,
        t.pc_choice_made,
        t.early_lead,
        t.lead_retracted,
        t.dummy_suggested,
        t.score_cancelled,
        t.revoke_found_late,
        t.tricks_before_transfers,
        t.tricks,
        t.event_index,
        t.call_changes,
        t.law50e_noted,
        t.law45c4b_rho,
        t.law62d1_replay,
        t.dummy_broke,
        t.dummy_offer,
        t.dummy_offer_kind,
        t.designated_46b,
        t.law45d_rho,
        t.law45d_back,
        t.claim,
        t._shared_adjudicator,
        t.events,
        t.adjudicator_answers,
        t.missing_cards,
        t.wrong_count,
        t.recall,
        t.lho_repeat,
        t.repeat_15c,
        t.wrong_table_found,
    )
