"""What several test modules share of the results formats: a small pairs event with its
results (``score-event``'s JSON input) and the deal of its board."""

from __future__ import annotations

SPEC = {
    "event": "Tuesday <pairs>",
    "scoring": "matchpoints",
    "pairs": {
        "1": "Ann <b>Smith</b> & Bob Jones",
        "2": "Cy & Di",
        "3": "Ed & Flo",
        "4": "Gil & Hal",
        "5": "Ivy & Jo",
        "6": "Kim & Lee",
    },
    "results": [
        {
            "board": 1,
            "ns": "1",
            "ew": "2",
            "contract": "4H",
            "declarer": "S",
            "tricks": 10,
            "lead": "SA",
        },
        {"board": 1, "ns": "3", "ew": "4", "contract": "4H", "declarer": "S", "tricks": 9},
        {"board": 1, "ns": "5", "ew": "6", "artificial": {"NS": "A+", "EW": "A-"}},
    ],
}
"""Six pairs, board 1 at three tables (4H=, 4H-1, A+/A-); names that the pages must escape."""

DEALS = """[Board "1"]
[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]
"""
"""The deal of board 1, as PBN."""
