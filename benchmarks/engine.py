"""Strict engine speed: bridgelaw against OpenSpiel's ``bridge`` game, in the same run.

Both engines get the same deals (dealer North, nobody vulnerable: OpenSpiel's fixed set-up) and
the same policy: at every turn, the list of legal actions is asked for and one of them is taken
uniformly at random. Each engine checks every call and card, finds the contract and declarer,
plays all 52 cards (none for a passed-out board) and scores the board.

Before timing, a verification pass plays the first boards through both engines with the legal
actions put in OpenSpiel's order, so the same random numbers choose the same actions: the two
engines must then agree on every contract, declarer and score. The timed pass uses each engine's
own order (a uniform choice does not depend on the order).

Run with ``make bench`` (installs the optional ``bench`` extra). The last line printed is
``ratio <bridgelaw/OpenSpiel>``: above 1.0, bridgelaw is faster.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bridgelaw import is_compiled
from bridgelaw.auction import Auction
from bridgelaw.calls import Contract
from bridgelaw.cards import Deal, Seat
from bridgelaw.play import Play
from bridgelaw.scoring import contract_score

Deck = list[int]  # cards in the order dealt: position p goes to seat p % 4, North first


def make_decks(count: int, seed: int) -> list[Deck]:
    rng = random.Random(seed)  # benchmark input only; the dealer of record is secure
    decks = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def to_openspiel(card: int) -> int:
    """bridgelaw's suit*13 + rank -> OpenSpiel's rank*4 + suit (both clubs-first)."""
    return (card % 13) * 4 + card // 13


def bridgelaw_boards(
    decks: Sequence[Deck], seed: int, openspiel_order: bool = False
) -> list[tuple[Contract, int]]:
    rng = random.Random(seed)
    randrange = rng.randrange
    results = []
    for deck in decks:
        deal = Deal.from_dealt(deck, Seat.NORTH)
        auction = Auction(Seat.NORTH)
        while not auction.is_over:
            calls = list(auction.legal_calls())
            auction.push(calls[randrange(len(calls))])
        contract = auction.contract
        assert contract is not None
        score = 0
        if auction.declarer is not None:
            play = Play(deal, auction.declarer, contract.strain)
            while not play.is_over:
                cards = list(play.legal_cards())
                if openspiel_order:
                    cards.sort(key=to_openspiel)
                play.push(cards[randrange(len(cards))])
            score = contract_score(contract, play.declarer_tricks, False)
            if auction.declarer & 1:
                score = -score
        results.append((contract, score))
    return results


def openspiel_boards(game: Any, decks: Sequence[Deck], seed: int) -> list[tuple[None, int]]:
    rng = random.Random(seed)
    randrange = rng.randrange
    results = []
    for deck in decks:
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(to_openspiel(card))
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[randrange(len(actions))])
        results.append((None, int(state.returns()[0])))
    return results


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--boards", type=int, default=1000, help="boards per engine per round")
    parser.add_argument("--rounds", type=int, default=9, help="alternating rounds per engine")
    parser.add_argument("--verify", type=int, default=300, help="boards in the verification pass")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        sys.stderr.write("benchmarks/engine.py: OpenSpiel is missing; run `make bench` "
                         "(pip install -e '.[bench]')\n")  # fmt: skip
        return 2
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})

    # 1. Same deals, same random choices, same order: the engines must agree board by board.
    check_decks = make_decks(args.verify, args.seed + 1)
    ours = bridgelaw_boards(check_decks, args.seed, openspiel_order=True)
    theirs = openspiel_boards(game, check_decks, args.seed)
    disagreements = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a[1] != b[1]]
    if disagreements:
        first = disagreements[0]
        sys.stderr.write(
            f"engines disagree on {len(disagreements)} of {len(ours)} boards; first: #{first}, "
            f"bridgelaw {ours[first][0]} {ours[first][1]}, OpenSpiel {theirs[first][1]}\n"
        )
        return 1
    passed_out = sum(1 for contract, _ in ours if contract.is_passed_out)
    print(f"verified: {len(ours)} boards identical in both engines ({passed_out} passed out)")

    # 2. Timing: short rounds, alternating the engines so both see the same machine; each
    #    engine's best round is its speed (interference only ever slows a round down).
    decks = make_decks(args.boards, args.seed)
    ours_times, theirs_times = [], []
    for round_number in range(args.rounds):
        seed = args.seed + 100 + round_number
        ours_times.append(timed(partial(bridgelaw_boards, decks, seed)))
        theirs_times.append(timed(partial(openspiel_boards, game, decks, seed)))
    ours_rate, theirs_rate = args.boards / min(ours_times), args.boards / min(theirs_times)
    per_round = sorted(t / o for o, t in zip(ours_times, theirs_times, strict=True))
    build = "compiled with mypyc" if is_compiled() else "pure Python"
    print(f"bridgelaw ({build}): {ours_rate:8.0f} boards/s")
    print(f"OpenSpiel:{' ' * (len(build) + 3)} {theirs_rate:8.0f} boards/s")
    print(f"median of {args.rounds} round ratios: {per_round[len(per_round) // 2]:.2f}")
    print(f"ratio {ours_rate / theirs_rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
