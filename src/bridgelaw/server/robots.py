"""Robots for empty seats: the bundled sample players take the seats the director names when
he makes a table (``"robots": ["E", "S", "W"]``).

A robot sees what its seat sees and nothing else. Its call comes from the sample bidder's
seat's-eye entry point (:func:`~bridgelaw.sample.bidding.seat_call`: its own hand and the
calls); its card from the sample card player given a :class:`SeatPosition`, the play built from
the cards the seat can see (its hand, dummy once the opening lead is faced, the cards played;
every other hand is empty in it). Declarer's robot also plays dummy's cards (Law 45A).

A robot acts through the very path a player's event takes (``Server.accept`` in
server/tables.py: the engine and the ``strict`` checks, then stored and committed, then pushed
to the table's clients), as its seat, under the table's lock, one event at a time, re-reading
the table each time: a second request arriving meanwhile finds the turn already taken. It
thinks in a worker thread, so the event loop is not held up. It stops when no robot is to act:
a human's or the director's turn, an offer made to a human or to the director, or the end of
the board.

A robot never starts an irregularity: each candidate event is tried on the engine, and one
that makes a ruling against the robot's side or a revoke is taken back (``Table.undo``) before
it is stored, and the next candidate tried (its other legal cards, or a pass). When the engine
offers the robot's seat a choice (``awaiting``), it answers by :func:`answer_order`:

- ``accept`` first: an opponent's irregular call or play is accepted (Laws 25B1, 27A1, 29A,
  53A, 54B, 55A...), so the auction or play goes on regularly, the only way the sample players
  know; declining would bar a player or restrict a lead, rectifications they cannot reason
  about.
- ``no-restriction`` for a lead option (Laws 26, 50D, 51B): the robot imposes no lead.
- ``agree`` to a claim or concession (Laws 68B, 69A) and to playing on (68D2b): a robot sees
  too little to judge a claim, and a claim agreed to that gave away a trick the robot's side
  would likely have won can still be corrected by the director (Law 69B). Disputing would
  stop a practice board until a director comes.
- an offer made in calls or in cards is answered with the sample player's call or card when it
  is among the options, else the first option that is regular.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from bridgelaw.calls import Call, call_name, parse_call
from bridgelaw.cards import SUIT_MASK, Card, Hand, Seat, Strain, card_name, cards_in
from bridgelaw.errors import BridgeLawError
from bridgelaw.play import Trick
from bridgelaw.sample.bidding import seat_call
from bridgelaw.sample.cardplay import choose_card
from bridgelaw.server.tables import LiveTable, Refused
from bridgelaw.server.tables import parse_robots as parse_robots  # where the robots are named
from bridgelaw.table import Table
from bridgelaw.table.play_state import TableTrick, suit_led

Accept = Callable[[LiveTable, str, str, Callable[[], bool] | None], Awaitable[dict[str, Any]]]
"""The server's path for every event (:meth:`bridgelaw.server.tables.Server.accept`)."""

LOG = logging.getLogger("bridgelaw.robots")
PREFERRED = ("accept", "no-restriction", "agree")
"""The robot's default answers, best first (see the module's text for why)."""
MOST_EVENTS = 500
"""Robot events in a row before the robots stop (a whole board has about 100 events)."""


# -- what a seat sees of the play --------------------------------------------------------------


@dataclass(frozen=True)
class SeatPosition:
    """The play as one seat sees it, in the card player's terms (``PlaySeen``): the hands it
    cannot see are empty (0). Made by :func:`seat_position` from visible cards only."""

    trump: Strain
    declarer: Seat
    turn: Seat
    leader: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    played: tuple[Card, ...]
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    whole: bool = True
    """False when a trick has a place with no card (a defective trick, Law 67): the card
    player reads whole tricks only, and ``trick``/``tricks`` then leave those places out."""

    def legal_cards(self) -> list[Card]:
        """The cards of the hand in turn that follow suit (Law 44C), or any (44D)."""
        hand = self.hands[self.turn]
        led = suit_led(self.trick) if self.trick else None
        if led is not None and hand & SUIT_MASK[led]:
            hand &= SUIT_MASK[led]
        return list(cards_in(hand))


def seat_position(table: Table, seat: Seat) -> SeatPosition | None:
    """The play seen by ``seat`` (declarer deciding for dummy too); None before the play."""
    contract, declarer = table.contract, table.declarer
    if contract is None or declarer is None or contract.is_passed_out:
        return None
    play = table.play
    hands = [0, 0, 0, 0]
    if play is None:  # the opening lead: the leader sees his own hand only (Law 41B)
        leader = table.opening_leader
        if leader is None:
            leader = declarer.lho
        hands[seat] = table.board.deal.hands[seat]
        return SeatPosition(contract.strain, declarer, leader, leader, _four(hands), (), (), ())
    hands[seat] = play.hands[seat]
    dummy = declarer.partner
    if play.played or play.tricks:  # dummy faced after the opening lead (41B)
        hands[dummy] = play.hands[dummy]
    trick = tuple(c for c in play.trick if c is not None)
    tricks = tuple(t for t in map(_whole, play.tricks) if t is not None)
    return SeatPosition(
        contract.strain,
        declarer,
        play.turn,
        play.leader,
        _four(hands),
        tuple(play.played),
        trick,
        tricks,
        whole=len(trick) == len(play.trick) and len(tricks) == len(play.tricks),
    )


def _whole(trick: TableTrick) -> Trick | None:
    """The trick as the strict play has it, or None if a place in it holds no card (67)."""
    a, b, c, d = trick.cards
    if a is None or b is None or c is None or d is None:
        return None
    return Trick(trick.leader, (a, b, c, d), trick.winner)


def _four(hands: list[Hand]) -> tuple[Hand, Hand, Hand, Hand]:
    return hands[0], hands[1], hands[2], hands[3]


# -- the robot's choices -----------------------------------------------------------------------


def robot_call(table: Table, seat: Seat) -> Call | None:
    """The sample bidder's call for ``seat``, from its hand and the effective auction."""
    records = table.effective()
    first = records[0].seat if records else table.board.dealer
    try:
        calls = [parse_call(r.call.text.rstrip("!")) for r in records]
        return seat_call(first, seat, table.board.deal.hands[seat], calls)
    except (BridgeLawError, ValueError):  # an auction the strict one cannot hold (27A1...)
        return None


def bid_suits(table: Table) -> list[list[int]]:
    """The suits each seat bid in the auction (public): the card player leads partner's."""
    suits: list[list[int]] = [[], [], [], []]
    for record in table.effective():
        text = record.call.text.rstrip("!")
        if text[:1].isdigit() and not text.endswith("NT"):
            suit = "CDHS".index(text[-1])
            if suit not in suits[record.seat]:
                suits[record.seat].append(suit)
    return suits


def robot_card(table: Table, seat: Seat) -> list[Card]:
    """The cards ``seat`` (declarer for dummy too) would play now, the card player's first,
    then the other legal cards, lowest first (the fall-backs if the first is irregular)."""
    position = seat_position(table, seat)
    if position is None:
        return []
    legal = sorted(position.legal_cards(), key=lambda c: (c % 13, c))
    if not position.whole:
        return legal  # a defective trick (67): the card player cannot read it
    try:
        first = choose_card(position, bid_suits(table))
    except (ValueError, IndexError, BridgeLawError):  # an irregular past the player knows not
        return legal
    return [first, *(c for c in legal if c != first)]


def answer_order(options: Sequence[str], call: str | None, card: str | None) -> list[str]:
    """The robot's answers to an offer, best first (the defaults of the module's text)."""
    order = [o for o in (call, card) if o is not None and o in options]
    order += [o for o in PREFERRED if o in options]
    if "pass" in options:
        order.append("pass")
    order += list(options)
    return list(dict.fromkeys(order))


def acting_robot(table: Table, robots: Sequence[str]) -> Seat | None:
    """The robot seat that must act now, if any: answering an offer made to it, or calling or
    playing in turn (declarer's robot for dummy). None while a human or the director is to
    act, and at the end of the board."""
    if table.phase == "ended":
        return None
    awaiting = table.awaiting
    if awaiting is not None:
        return Seat.parse(awaiting.who) if awaiting.who in robots else None
    seat = table.next_to_act
    if seat is None:
        return None
    if table.phase == "play" and table.declarer is not None and seat == table.declarer.partner:
        seat = table.declarer  # declarer plays dummy's cards (45A)
    return seat if seat.letter in robots else None


def candidates(table: Table, seat: Seat) -> list[str]:
    """The events the robot at ``seat`` would send now, best first (its seat's words)."""
    awaiting = table.awaiting
    if table.phase == "auction" and awaiting is None:
        bot = robot_call(table, seat)
        first = [] if bot is None else [call_name(bot)]
        return list(dict.fromkeys([*first, "pass"]))
    if awaiting is None:
        return [card_name(c) for c in robot_card(table, seat)]
    options = awaiting.options
    call: str | None = None
    card: str | None = None
    if any(_is_call(o) for o in options):
        made = robot_call(table, seat)
        call = None if made is None else call_name(made)
    elif table.phase == "play":
        cards = robot_card(table, seat)
        card = card_name(cards[0]) if cards else None
    return answer_order(options, call, card)


def _is_call(word: str) -> bool:
    try:
        parse_call(word)
    except BridgeLawError:
        return False
    return True


def regular(table: Table, seat: Seat, before: tuple[int, int]) -> bool:
    """Did the event just applied for ``seat`` start no irregularity: no new ruling naming
    ``seat`` (or dummy, whose cards its declarer robot plays) and no new revoke by them?"""
    side = {seat}
    if table.declarer == seat:
        side.add(seat.partner)
    rulings, revokes = before
    if any(r.seat in side for r in table.rulings[rulings:]):
        return False
    played = table.play.revokes[revokes:] if table.play is not None else []
    return not any(r.seat in side for r in played)


def _counts(table: Table) -> tuple[int, int]:
    return len(table.rulings), 0 if table.play is None else len(table.play.revokes)


# -- the robots of a server --------------------------------------------------------------------


class Robots:
    """Runs the robots of every table of a server: :meth:`wake` after each change. ``accept``
    is the server's path for every event (apply, store and commit, push: ``Server.accept``)."""

    def __init__(self, accept: Accept) -> None:
        self.accept = accept
        self.pending: set[str] = set()
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def wake(self, live: LiveTable) -> None:
        """Let the robots of ``live`` act, in the background, until none is to act."""
        if not live.robots:
            return
        self.pending.add(live.id)
        if live.id not in self.tasks:
            self.tasks[live.id] = asyncio.get_running_loop().create_task(self._run(live))

    def stop(self) -> None:
        """Cancel the robots still at work (the server stops); an event not yet stored is
        not accepted, as for a player whose request is cut."""
        for task in self.tasks.values():
            task.cancel()

    async def settle(self, live: LiveTable) -> None:
        """Wait until the robots of ``live`` have nothing more to do (tests, the demo)."""
        while live.id in self.tasks:
            await asyncio.shield(self.tasks[live.id])

    async def _run(self, live: LiveTable) -> None:
        try:
            while live.id in self.pending:
                self.pending.discard(live.id)
                for _ in range(MOST_EVENTS):
                    if not await self.step(live):
                        break
                else:  # a board has far fewer: a loop between robots, stopped
                    LOG.error("table %s: the robots stopped after %d events", live.id, MOST_EVENTS)
        finally:
            del self.tasks[live.id]

    async def step(self, live: LiveTable) -> bool:
        """One robot event, if a robot is to act: True if one was accepted. The robot's first
        candidate that the table accepts and that starts no irregularity is the one kept."""
        async with live.lock:
            seat = acting_robot(live.table, live.robots)
            if seat is None:
                return False
            texts = await run_in_threadpool(candidates, live.table, seat)
            for text in texts:
                before = _counts(live.table)
                try:
                    check = functools.partial(regular, live.table, seat, before)
                    await self.accept(live, seat.letter, text, check)
                except Refused as error:
                    if error.status == 422:
                        continue  # refused, or irregular and taken back: the next candidate
                    LOG.warning("table %s: the robot at %s: %s", live.id, seat, error.error)
                    return False
                return True
            LOG.warning("table %s: the robot at %s found no regular event", live.id, seat)
            return False
