"""What ``legal`` and ``offer`` cost the server's views, against the views themselves.

Boards are played by a random legal player that reads ``Table.legal`` (and answers an offer
open with a random option): clean boards, and boards where West exposes a card in the auction
(Law 24: a penalty card in force through the play, so that ``legal`` tries each card). After
every event the five views of ``server.views.view_for`` (four seats and the director) are
built, and separately the part this adds to them (``views.wire``: ``legal`` and ``offer``) and
``Table.legal`` alone. Printed per event: each cost in microseconds (best of the rounds) and the
ratio ``wire/views`` (the share of the views' cost that the wire fields take).

A board stops early when nothing is legal and no offer is open: ``legal`` is what a strict
table accepts. (Until s29 a strict table refused a call that brought a ruling naming an
offender even when an earlier irregularity made it due, the auction's last pass turning W's
exposed honour into a penalty card, 24E, so some exposed-card boards ended in the auction;
the event itself is judged now, and those boards are played.)

Run: ``.venv/bin/python benchmarks/views_wire.py`` (``--boards``, ``--rounds``, ``--seed``).
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable

from bridgelaw import is_compiled
from bridgelaw.boards import Board
from bridgelaw.cards import Deal, Seat, card_name
from bridgelaw.server.views import view_for, wire
from bridgelaw.table import Table, meanings

ROLES = ("N", "E", "S", "W", "director")


def played(seed: int, irregular: bool) -> list[Table]:
    """The tables after each event of one random board (copies, to time each state)."""
    rng = random.Random(seed)  # benchmark input only
    deck = list(range(52))
    rng.shuffle(deck)
    table = Table(Board.numbered(1 + seed % 16, Deal.from_dealt(deck, Seat.NORTH)))
    states: list[Table] = []
    if irregular:  # W's highest card exposed at the start of the auction
        table.apply_text(f"{table.turn.letter} pass")
        hand = table.board.deal.hands[Seat.WEST]
        table.apply_text(f"W expose {card_name(max(c for c in range(52) if hand >> c & 1))}")
    while table.phase != "ended" and len(table.events) < 120:
        awaiting = table.awaiting
        legal = list(table.legal)
        if awaiting is not None and (not legal or rng.random() < 0.7):
            text = rng.choice(meanings.choices(awaiting)).event
        elif legal:
            calls = [t for t in legal if t.endswith(" pass")]
            text = calls[0] if calls and rng.random() < 0.7 else rng.choice(legal)
        else:
            break
        table.apply_text(text)
        states.append(copy.deepcopy(table))
    return states


def views(states: list[Table]) -> None:
    for table in states:
        for role in ROLES:
            view_for(table, role, "law")


def wires(states: list[Table]) -> None:
    for table in states:
        for role in ROLES:
            wire(table, role)


def legal(states: list[Table]) -> None:
    for table in states:
        list(table.legal)


def best(rounds: int, work: Callable[[list[Table]], None], states: list[Table]) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work(states)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"build: {'compiled' if is_compiled() else 'pure'}")
    for irregular in (False, True):
        states = [s for b in range(args.boards) for s in played(args.seed + b, irregular)]
        n = len(states)

        v, w, g = (best(args.rounds, f, states) / n * 1e6 for f in (views, wires, legal))
        kind = "a card exposed in the auction (24)" if irregular else "clean boards"
        print(
            f"{kind}: {n} events; per event: five views {v:.0f} us, their legal and offer "
            f"{w:.0f} us, Table.legal once {g:.0f} us; ratio wire/views {w / v:.2f}"
        )


if __name__ == "__main__":
    main()
