"""How long the bundled sample session takes to build (a test rebuilds it on every run)."""

from __future__ import annotations

import time

from bridgelaw.sample import session_text
from bridgelaw.sample.dealer import sample_deal


def main() -> None:
    start = time.perf_counter()
    for _ in range(100):
        for board in range(1, 13):
            sample_deal(board)
    elapsed = time.perf_counter() - start
    print(f"sample deals: {elapsed / 1200 * 1e6:.1f} us per deal")

    start = time.perf_counter()
    runs = 5
    for _ in range(runs):
        session_text()
    elapsed = time.perf_counter() - start
    print(f"sample session (48 games bid and played): {elapsed / runs * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
