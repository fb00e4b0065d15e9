"""What several modules of the language tests share: a board's double-dummy analysis for the
results site (``test_site_lang.py``, ``test_pseudo.py``) and a table script the engine refuses
(``test_refusals_lang.py``, ``test_pseudo.py``)."""

from __future__ import annotations

from bridgelaw.analysis.ddtable import BoardAnalysis, DDTable, Par, ParContract
from bridgelaw.cards import Seat, Strain

from ..api_client import DEAL


def analysis() -> BoardAnalysis:
    """A double-dummy analysis of board 1 as the results site and the hand records show it."""
    # North-South make 4S (10 tricks each way in spades); East-West would sacrifice first
    tricks = ((7, 8, 9, 10, 9), (3, 4, 4, 3, 4)) * 2  # N, E, S, W; strains C, D, H, S, NT
    four_spades = ParContract(4, Strain.SPADES, Seat.NORTH, False, 0)
    sacrifice = ParContract(5, Strain.DIAMONDS, Seat.EAST, True, -3)
    return BoardAnalysis(1, DDTable(tricks), Par(420, (four_spades,), Par(500, (sacrifice,))))


SCRIPT = f"""board: 1
deal: {DEAL}
events:
- N 1NT
- E 1D
- N accept
"""
"""A script whose third event does not fit: N answers the offer made to S (Law 27A1)."""
