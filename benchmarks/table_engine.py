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
the cost does not grow with the board), the cost of an undo and of a refused card at trick 2
and at trick 12, of the snapshot each event keeps for them, and of the baseline, the table
rebuilt from its events (as an undo was before the snapshots of 27 Nov 2026; checked first: the
tables are the same), and last ``ratio <table/strict>`` (1/25 = 0.04 is the target).

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

try:  # the snapshots an undo puts back (none was taken before 27 Nov 2026)
    from bridgelaw.table import undo
except ImportError:  # pragma: no cover - the benchmark run on an older checkout, as a baseline
    undo = None  # type: ignore[assignment]


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


TRICK_2 = range(4, 8)
TRICK_12 = range(44, 48)
"""The cards (0 for the opening lead) of trick 2 and of trick 12."""


@dataclass(frozen=True)
class UndoCosts:
    """Mean seconds at a card of trick 2 and at a card of trick 12 (``early``, ``late``)."""

    undo: tuple[float, float]
    """Taking the card back (:meth:`Table.undo`)."""
    refused: tuple[float, float]
    """A card the player does not hold, refused (the table left as it was)."""
    snapshot: tuple[float, float] | None
    """A snapshot of the table (:func:`bridgelaw.table.undo.save`), taken before every
    ``undo.EVERY``-th event (None on code before the snapshots, when there was none)."""
    replay: tuple[float, float]
    """The baseline: a new table fed the events so far, what an undo or a refused event did
    before the snapshots."""
    boards: int


def _not_held(b: RandomBoard, position: int) -> Event:
    """A card the player of card ``position`` does not hold: one played before by another."""
    event = b.events[len(b.calls) + position]
    card = next(c for c in b.cards[:position] if b.board.deal.holder(c) != event.seat)
    return parse_event(f"{event.who} {card_name(card)}", event.index)


def check_undo(boards: Sequence[RandomBoard]) -> int:
    """At every card of tricks 2 and 12: a refused card leaves the table as it was (the same
    JSON), an undo gives back the table before the card, which is the table the baseline
    builds from the events before it. Returns the number of cards checked."""
    checked = 0
    for b in boards:
        if len(b.cards) < 52:
            continue
        table = Table(b.board)
        for event in b.events[: len(b.calls)]:
            table.apply(event)
        for position in range(52):
            index = len(b.calls) + position
            if position in TRICK_2 or position in TRICK_12:
                before = table.to_json()
                try:
                    table.apply(_not_held(b, position))
                except ScriptError:
                    pass
                else:
                    raise AssertionError(f"{_not_held(b, position)} was accepted")
                assert table.to_json() == before, "a refused card changed the table"
                table.apply(b.events[index])
                assert table.undo() is b.events[index]
                assert table.to_json() == before, "an undo did not give back the table"
                rebuilt = Table(b.board)
                for event in b.events[:index]:
                    rebuilt.apply(event)
                assert rebuilt.to_json() == before, "the baseline is another table"
                checked += 1
            table.apply(b.events[index])
    return checked


def undo_costs(boards: Sequence[RandomBoard], rounds: int = 3) -> UndoCosts:
    """The costs of :class:`UndoCosts` at each card of trick 2 and of trick 12, over the boards
    played to the end; for each board the best of ``rounds`` counts (the machine is shared).
    Each is measured on a table that reached the card by accepted events only, as a table in
    play does (an undo or a refused event leaves a snapshot where it happens, which would make
    the next one there cheaper): a new table fed the events before the card, whose making is
    the baseline."""
    clock = time.perf_counter
    measured = [b for b in boards if len(b.cards) == 52]
    names = ("undo", "refused", "snapshot", "replay")
    best = {name: [[float("inf")] * 2 for _ in measured] for name in names}

    def fed(b: RandomBoard, count: int) -> tuple[Table, float]:
        start = clock()
        table = Table(b.board)
        apply = table.apply
        for event in b.events[:count]:
            apply(event)
        return table, clock() - start

    for _ in range(rounds):
        for number, b in enumerate(measured):
            for slot, cards in enumerate((TRICK_2, TRICK_12)):
                totals = dict.fromkeys(names, 0.0)
                for position in cards:
                    index = len(b.calls) + position
                    table, replay = fed(b, index)
                    totals["replay"] += replay
                    wrong = _not_held(b, position)
                    start = clock()
                    try:
                        table.apply(wrong)
                    except ScriptError:
                        totals["refused"] += clock() - start
                    if undo is not None:  # as apply takes one (kept apart here)
                        start = clock()
                        undo.save(table, undo.Snapshots())
                        totals["snapshot"] += clock() - start
                    table, _ = fed(b, index + 1)
                    start = clock()
                    table.undo()
                    totals["undo"] += clock() - start
                for name in names:
                    best[name][number][slot] = min(best[name][number][slot], totals[name])

    def mean(name: str) -> tuple[float, float]:
        count = len(measured) * len(TRICK_2)
        return (
            sum(b[0] for b in best[name]) / count,
            sum(b[1] for b in best[name]) / count,
        )

    return UndoCosts(
        mean("undo"),
        mean("refused"),
        None if undo is None else mean("snapshot"),
        mean("replay"),
        len(measured),
    )


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
    checked = check_undo(boards)
    costs = undo_costs(boards)
    print(
        f"undo and refused events ({costs.boards} boards; checked at {checked} cards: a refused "
        "card leaves the table as it was, an undo gives back the table before the card, the "
        "one the baseline builds), at a card of trick 2 and of trick 12 (goal: late/early "
        "<= 1.3):"
    )
    lines = [
        ("an undo", costs.undo),
        ("a refused card", costs.refused),
        (
            f"a snapshot (one before every {'?' if undo is None else undo.EVERY}th event)",
            costs.snapshot,
        ),
        (
            "baseline, the table rebuilt from its events (the undo before the snapshots)",
            costs.replay,
        ),
    ]
    for label, pair in lines:
        if pair is not None:
            early, late = pair
            print(
                f"  {label}: trick 2 {early * 1e6:.1f} us, trick 12 {late * 1e6:.1f} us "
                f"(late/early {late / early:.2f})"
            )
    print(f"parsed events: ratio {event_rate / strict_rate:.4f} (1/{strict_rate / event_rate:.0f})")
    ratio = text_rate / strict_rate
    print(f"ratio {ratio:.4f} (1/{1 / ratio:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
