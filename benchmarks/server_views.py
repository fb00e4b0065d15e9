"""The server's work for the views after one event, in process: as first made against as
pushed now, on the same events.

The events: ``--tables`` random legal boards (``server/random_player.py`` for every seat, dummy's
cards named by declarer), played once to fix them. For each event both sides apply it to a fresh
table and then do what the server does for its four seats' clients and the sender's answer:

- first made (the baseline): the engine's report, each seat's view blotted whole
  (``views.view_for``), and each view encoded as JSON (the whole view to each socket);
- now (``server/push.py``): the report, each seat's view from its :class:`Blotter` (only the
  fields that changed blotted again), the changes of each view encoded for its socket, and the
  sender's whole view encoded for his answer.

Before timing, every view made now is checked equal to the baseline's, and the changes applied to
the view held equal to the new view. The two sides take turns in ``--rounds`` rounds (alternating
which goes first); it prints the processor time per event of each and the median of the rounds'
ratios (now / first made). The engine's own ``apply`` is outside the timing: both pay it.

    .venv/bin/python benchmarks/server_views.py [--tables 60] [--rounds 7]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bridgelaw.cards import Deal
from bridgelaw.server.push import Blotter, apply, changes
from bridgelaw.server.random_player import random_event, seat_after
from bridgelaw.server.views import common, view_for
from bridgelaw.table import Table, parse_event

SEATS = "NESW"
Board = tuple[str, list[tuple[str, str]]]
"""A deal and its events: (the seat whose view the event is sent from, the event's text)."""


def random_deal(rng: random.Random) -> str:
    deck = list(range(52))
    rng.shuffle(deck)  # benchmark input only
    hands = []
    for seat in range(4):
        cards = sorted(deck[seat::4])
        suits = ["".join("AKQJT98765432"[c % 13] for c in cards if c // 13 == s) for s in range(4)]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def random_board(rng: random.Random) -> Board:
    """A random legal board: each event from the seat whose turn it is (declarer for dummy)."""
    deal = random_deal(rng)
    Deal.from_pbn(deal)  # a valid deal
    table = Table.from_deal(1, deal)
    events: list[tuple[str, str]] = []
    while table.phase != "ended" and len(events) < 200:
        director = view_for(table, "director", "strict")
        whose = director["turn"]
        if whose is None:
            break
        sender = whose
        if director["phase"] == "play" and seat_after(director["declarer"], 2) == whose:
            sender = director["declarer"]  # declarer names dummy's card
        text = random_event(view_for(table, sender, "strict"), rng)
        if text is None:
            break
        table.apply(parse_event(f"{whose} {text}", len(table.events) + 1))
        events.append((sender, f"{whose} {text}"))
    return deal, events


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def first_made(table: Table, sender: str, state: dict[str, Any]) -> None:
    """The views as first pushed: each seat's whole view, blotted whole, encoded."""
    shared = common(table)
    for seat in SEATS:
        encode(view_for(table, seat, "strict", (), shared))


def pushed_now(table: Table, sender: str, state: dict[str, Any]) -> None:
    """The views as pushed now: each seat's changes, and the sender's whole view."""
    shared = common(table)
    blotters: dict[str, Blotter] = state.setdefault("blotters", {})
    held: dict[str, dict[str, Any]] = state.setdefault("held", {})
    for seat in SEATS:
        blotter = blotters.setdefault(seat, Blotter())
        view = view_for(table, seat, "strict", (), shared, blotter)
        before = held.get(seat)
        encode(view if before is None else changes(before, view))
        held[seat] = view
        if seat == sender:
            encode(view)  # his answer


def check(boards: list[Board]) -> None:
    """The views made now are the first-made views; changes applied make them."""
    for deal, events in boards:
        table = Table.from_deal(1, deal)
        blotters = {seat: Blotter() for seat in SEATS}
        held = {seat: view_for(table, seat, "strict", (), None, blotters[seat]) for seat in SEATS}
        for index, (_sender, text) in enumerate(events, 1):
            table.apply(parse_event(text, index))
            shared = common(table)
            for seat in SEATS:
                view = view_for(table, seat, "strict", (), shared, blotters[seat])
                assert view == view_for(table, seat, "strict", (), shared), (deal, index, seat)
                assert apply(held[seat], changes(held[seat], view)) == view
                held[seat] = view


def timed(boards: list[Board], side: Callable[[Table, str, dict[str, Any]], None]) -> float:
    """Processor seconds of ``side``'s work over every event of ``boards``."""
    spent = 0.0
    for deal, events in boards:
        table = Table.from_deal(1, deal)
        state: dict[str, Any] = {}
        side(table, "N", state)  # the views at connection (not timed)
        for index, (sender, text) in enumerate(events, 1):
            table.apply(parse_event(text, index))
            started = time.process_time()
            side(table, sender, state)
            spent += time.process_time() - started
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    boards = [random_board(rng) for _ in range(args.tables)]
    count = sum(len(events) for _, events in boards)
    check(boards)
    print(f"{args.tables} boards, {count} events; every view made now equals the first-made one")
    ratios, before, after = [], [], []
    for round_ in range(args.rounds):
        if round_ % 2:
            now, first = timed(boards, pushed_now), timed(boards, first_made)
        else:
            first, now = timed(boards, first_made), timed(boards, pushed_now)
        before.append(first / count)
        after.append(now / count)
        ratios.append(now / first)
        print(
            f"round {round_ + 1}: first made {first / count * 1e3:.3f} ms/event, "
            f"now {now / count * 1e3:.3f} ms/event",
            flush=True,
        )
    print(
        f"first made (baseline): {statistics.median(before) * 1e3:.3f} ms of processor time "
        "per event (four seats' views)"
    )
    print(f"now: {statistics.median(after) * 1e3:.3f} ms per event")
    print(f"ratio <now/first made> {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
