"""Table-engine speed: whole boards through :class:`~bridgelaw.table.Table` against the strict
:class:`~bridgelaw.auction.Auction` and :class:`~bridgelaw.play.Play`, in the same run.

Random legal boards are made first (random deals, random legal auctions with passes weighted so
that auctions keep a realistic length, random legal cards). Both engines then get exactly the
same calls and cards: the strict engine pushes them (each one checked) and scores the board;
the table engine is fed the same events as script text (``"N 1NT"``, ``"E HA"``: parsed, ruled
on, an :class:`~bridgelaw.table.Outcome` built for each) and scores it. Both must agree on
every contract, declarer, number of tricks and score.

Printed: the boards per second of each engine (each engine's best of several alternating
rounds), the cost of one table event at the start and at the end of the boards (constant if
the cost does not grow with the board), and last ``ratio <table/strict>`` (1/25 = 0.04 is the
target of issue 12).

Run: ``.venv/bin/python benchmarks/table_engine.py`` (``--boards``, ``--rounds``, ``--seed``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bridgelaw import is_compiled
from bridgelaw.auction import Auction
from bridgelaw.boards import Board
from bridgelaw.calls import PASS, call_name
from bridgelaw.cards import Deal, Seat, card_name
from bridgelaw.play import Play
from bridgelaw.scoring import contract_score
from bridgelaw.table import Event, ScriptError, Table, parse_event


@dataclass(frozen=True)
class RandomBoard:
    board: Board
    calls: tuple[int, ...]
    cards: tuple[int, ...]
    texts: tuple[str, ...]
    """The same calls and cards as table events."""
    events: tuple[Event, ...]
    """The same, parsed."""


Result = tuple[str, str | None, int | None, int]
"""Contract, declarer, declarer's tricks, score for North-South."""


def make_boards(count: int, seed: int) -> list[RandomBoard]:
    rng = random.Random(seed)  # benchmark input only; the dealer of record is secure
    boards = []
    for number in range(1, count + 1):
        deck = list(range(52))
        rng.shuffle(deck)
        board = Board.numbered((number - 1) % 32 + 1, Deal.from_dealt(deck, Seat.NORTH))
        auction = Auction(board.dealer)
        texts = []
        while not auction.is_over:
            calls = [*auction.legal_calls(), *[PASS] * 8]
            call = calls[rng.randrange(len(calls))]
            texts.append(f"{Seat(auction.turn).letter} {call_name(call)}")
            auction.push(call)
        cards: list[int] = []
        if auction.declarer is not None and auction.contract is not None:
            play = Play(board.deal, auction.declarer, auction.contract.strain)
            while not play.is_over:
                legal = list(play.legal_cards())
                card = legal[rng.randrange(len(legal))]
                texts.append(f"{Seat(play.turn).letter} {card_name(card)}")
                play.push(card)
                cards.append(card)
        events = tuple(parse_event(text, i) for i, text in enumerate(texts, start=1))
        boards.append(RandomBoard(board, tuple(auction.calls), tuple(cards), tuple(texts), events))
    return boards


def long_auctions(count: int, seed: int) -> list[RandomBoard]:
    """Boards with long auctions (no play): each call is most often the lowest legal one, so
    the bidding climbs slowly through doubles and redoubles."""
    rng = random.Random(seed)
    boards = []
    for number in range(1, count + 1):
        deck = list(range(52))
        rng.shuffle(deck)
        board = Board.numbered((number - 1) % 32 + 1, Deal.from_dealt(deck, Seat.NORTH))
        auction = Auction(board.dealer)
        texts = []
        while not auction.is_over:
            calls = [c for c in auction.legal_calls() if c != PASS] or [PASS]
            call = calls[0] if rng.random() < 0.9 else [*calls, PASS][rng.randrange(len(calls) + 1)]
            texts.append(f"{Seat(auction.turn).letter} {call_name(call)}")
            auction.push(call)
        events = tuple(parse_event(text, i) for i, text in enumerate(texts, start=1))
        boards.append(RandomBoard(board, tuple(auction.calls), (), tuple(texts), events))
    return boards


def strict_boards(boards: Sequence[RandomBoard]) -> list[Result]:
    results: list[Result] = []
    for b in boards:
        auction = Auction(b.board.dealer)
        for call in b.calls:
            auction.push(call)
        contract, declarer = auction.contract, auction.declarer
        assert contract is not None
        if declarer is None:
            results.append((str(contract), None, None, 0))
            continue
        play = Play(b.board.deal, declarer, contract.strain)
        for card in b.cards:
            play.push(card)
        tricks = play.declarer_tricks
        points = contract_score(contract, tricks, b.board.is_vulnerable(declarer.side))
        results.append(
            (str(contract), declarer.letter, tricks, points if declarer & 1 == 0 else -points)
        )
    return results


def table_boards(boards: Sequence[RandomBoard], parsed: bool = False) -> list[Result]:
    """Each board through a table: as script text (``apply_text``), or, ``parsed``, as events
    parsed beforehand (``apply``), which leaves out the reading of the text."""
    results: list[Result] = []
    for b in boards:
        table = Table(b.board)
        if parsed:
            apply = table.apply
            for event in b.events:
                apply(event)
        else:
            apply_text = table.apply_text
            for text in b.texts:
                apply_text(text)
        score = table.score()
        assert score is not None and table.contract is not None
        declarer = None if table.declarer is None else table.declarer.letter
        results.append((str(table.contract), declarer, table.tricks, score["NS"]))
    return results


def event_costs(
    boards: Sequence[RandomBoard], early: range, late: range, calls: bool, rounds: int = 5
) -> tuple[float, float, int]:
    """Mean seconds per event through a table over the cards (or, ``calls``, the calls) at
    positions ``early`` and at positions ``late`` (0 for the opening lead or the first call),
    over the boards that have both. The same kind of event at the start and further on: a cost
    that grew with the board would show here. Each stretch is timed as a whole, and for each
    board the best of ``rounds`` counts (the machine is shared). Returns the two costs and
    the number of boards measured."""
    clock = time.perf_counter
    measured = [b for b in boards if len(b.cards if not calls else b.calls) >= late.stop]
    best: list[list[float]] = [[float("inf"), float("inf")] for _ in measured]
    for _ in range(rounds):
        for number, b in enumerate(measured):
            table = Table(b.board)
            apply = table.apply
            offset = 0 if calls else len(b.calls)
            events = b.events
            position = 0
            for slot, stretch in enumerate((early, late)):
                first, stop = stretch.start + offset, stretch.stop + offset
                for event in events[position:first]:
                    apply(event)
                start = clock()
                for event in events[first:stop]:
                    apply(event)
                best[number][slot] = min(best[number][slot], clock() - start)
                position = stop
    count = max(len(measured), 1)
    total_early = sum(b[0] for b in best) / (len(early) * count)
    total_late = sum(b[1] for b in best) / (len(late) * count)
    return total_early, total_late, len(measured)


def rebuild_costs(boards: Sequence[RandomBoard], rounds: int = 3) -> tuple[float, float]:
    """Mean seconds for a refused event (a card not held) and for an undo, each at the last
    trick (before its last card): both rebuild the table from its events, so they cost about
    as much as the board so far. Best of ``rounds``."""
    clock = time.perf_counter
    played = [b for b in boards if b.cards]
    best_refused = best_undo = float("inf")
    for _ in range(rounds):
        refused = undone = 0.0
        for b in played:
            table = Table(b.board)
            for event in b.events[:-1]:
                table.apply(event)
            last = b.events[-1]
            assert last.card is not None
            wrong = parse_event(f"{last.who} {card_name((last.card + 13) % 52)}", last.index)
            start = clock()
            try:
                table.apply(wrong)  # a card of another suit than his last one: not held
            except ScriptError:
                refused += clock() - start
            else:
                raise AssertionError(f"{wrong} was accepted")
            start = clock()
            table.undo()
            undone += clock() - start
        best_refused = min(best_refused, refused / len(played))
        best_undo = min(best_undo, undone / len(played))
    return best_refused, best_undo


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--boards", type=int, default=200, help="boards per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per engine")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    boards = make_boards(args.boards, args.seed)

    # 1. Both engines must give the same contract, declarer, tricks and score on every board.
    strict = strict_boards(boards)
    for parsed in (False, True):
        table = table_boards(boards, parsed)
        differing = [i for i, (a, b) in enumerate(zip(strict, table, strict=True)) if a != b]
        if differing:
            first = differing[0]
            sys.stderr.write(
                f"the engines disagree on {len(differing)} of {len(boards)} boards; first: "
                f"#{first}, strict {strict[first]}, table {table[first]}\n"
            )
            return 1
    events = sum(len(b.texts) for b in boards)
    passed_out = sum(1 for r in strict if r[1] is None)
    print(
        f"verified: {len(boards)} boards ({events} events, {passed_out} passed out) give the "
        "same contract, declarer, tricks and score in both engines"
    )

    # 2. Timing: alternating rounds; each engine's best round is its speed.
    strict_times: list[float] = []
    text_times: list[float] = []
    event_times: list[float] = []
    for _ in range(args.rounds):
        strict_times.append(timed(lambda: strict_boards(boards)))
        text_times.append(timed(lambda: table_boards(boards)))
        event_times.append(timed(lambda: table_boards(boards, parsed=True)))
    strict_rate = len(boards) / min(strict_times)
    text_rate = len(boards) / min(text_times)
    event_rate = len(boards) / min(event_times)
    build = "compiled with mypyc" if is_compiled() else "pure Python"
    per_board = events / len(boards)
    print(f"build: {build}; {per_board:.0f} events a board")
    print(f"strict Auction/Play:           {strict_rate:9.0f} boards/s")
    print(f"Table, events parsed first:    {event_rate:9.0f} boards/s")
    print(f"Table, script text (the ratio): {text_rate:8.0f} boards/s")
    # a card in turn: tricks 2-4 against tricks 10-12 (neither the opening lead, which starts
    # the play, nor the last card, which ends and scores the board)
    early, late, measured = event_costs(boards, range(4, 16), range(36, 48), calls=False)
    print(
        f"a card through the table ({measured} boards): tricks 2-4 {early * 1e6:.1f} us, "
        f"tricks 10-12 {late * 1e6:.1f} us (late/early {late / early:.2f})"
    )
    long = long_auctions(100, args.seed)
    early, late, measured = event_costs(long, range(1, 9), range(24, 32), calls=True)
    print(
        f"a call through the table ({measured} long auctions of 32 calls or more): calls 2-9 "
        f"{early * 1e6:.1f} us, calls 25-32 {late * 1e6:.1f} us (late/early {late / early:.2f})"
    )
    refused, undone = rebuild_costs(boards)
    print(
        f"at the last trick: a refused event {refused * 1e6:.0f} us, an undo {undone * 1e6:.0f} "
        "us (each rebuilds the table from its events)"
    )
    print(f"parsed events: ratio {event_rate / strict_rate:.4f} (1/{strict_rate / event_rate:.0f})")
    ratio = text_rate / strict_rate
    print(f"ratio {ratio:.4f} (1/{1 / ratio:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
