"""Benchmark: matchpoint a field of 1,000,000 results, against one numpy argsort of the scores.

2,000 boards x 500 results (a 500-table field), about 1 % weighted (Law 12C1c, two outcomes of
1/3 and 2/3) and 0.5 % artificial (Law 12C2: A+/A- pairs). The timed scoring is the whole of
:func:`bridgelaw.scoring.matchpoints.score_field`: Law 78A matchpoints with the weights in the
frequencies, Neuberg factoring, artificial scores with the session-percentage rule and the
pairs' totals. The last line is ``ratio <scoring/argsort>``.

Run: ``.venv/bin/python benchmarks/scoring.py``.
"""

from __future__ import annotations

import time

import numpy as np

from bridgelaw.scoring.matchpoints import AVERAGE_MINUS, AVERAGE_PLUS, SCORED, score_field

BOARDS, TABLES, REPEATS = 2000, 500, 5


def main() -> None:
    rng = np.random.default_rng(2026)
    lines = BOARDS * TABLES
    board = np.repeat(np.arange(BOARDS, dtype=np.int64), TABLES)
    table = np.tile(np.arange(TABLES, dtype=np.int64), BOARDS)
    ns_pair = table
    ew_pair = TABLES + (table + board) % TABLES
    # each board has a few typical scores, as real travellers do
    typical = rng.choice(np.arange(-1100, 1500, 10), size=(BOARDS, 8))
    score = typical[board, rng.integers(0, 8, size=lines)]

    kind = rng.random(lines)
    artificial = kind < 0.005
    weighted = (kind >= 0.005) & (kind < 0.015)
    art_ns = np.where(artificial, AVERAGE_PLUS, SCORED).astype(np.int8)
    art_ew = np.where(artificial, AVERAGE_MINUS, SCORED).astype(np.int8)
    plain = ~artificial & ~weighted
    line_ids = np.arange(lines, dtype=np.int64)
    w_ids = line_ids[weighted]
    second = typical[board[w_ids], rng.integers(0, 8, size=w_ids.size)]
    component_line = np.concatenate([line_ids[plain], w_ids, w_ids])
    component_score = np.concatenate([score[plain], score[w_ids], second])
    component_weight = np.concatenate(
        [np.full(plain.sum(), 3), np.full(w_ids.size, 1), np.full(w_ids.size, 2)]
    ).astype(np.int64)
    zeros = np.zeros(lines)

    def run_scoring() -> float:
        start = time.perf_counter()
        result = score_field(
            board,
            ns_pair,
            ew_pair,
            component_line,
            component_score,
            component_weight,
            3,
            art_ns,
            art_ew,
            zeros,
            zeros,
            2 * TABLES,
        )
        elapsed = time.perf_counter() - start
        assert result.top == 2 * (TABLES - 1)
        return elapsed

    def run_sort() -> float:
        start = time.perf_counter()
        np.argsort(score)
        return time.perf_counter() - start

    # interleaved, best of each: load on the machine then weighs on both alike
    timings = [(run_scoring(), run_sort()) for _ in range(REPEATS)]
    scoring = min(t for t, _ in timings)
    sort = min(t for _, t in timings)
    print(
        f"results: {lines:,} ({BOARDS} boards x {TABLES}), weighted {int(weighted.sum()):,}, "
        f"artificial {int(artificial.sum()):,}"
    )
    print(f"scoring (score_field): {scoring * 1000:.1f} ms")
    print(f"numpy.argsort of the scores: {sort * 1000:.1f} ms")
    print(f"ratio {scoring / sort:.2f}")


if __name__ == "__main__":
    main()
