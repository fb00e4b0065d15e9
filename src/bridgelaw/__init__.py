"""bridgelaw: the Laws of Duplicate Bridge as software.

The package is laid out like the Law book: cards and boards (Laws 1-2), calls and the auction
(17-22), the play (41-47, 61-67), scoring (77-78), formats (PBN) and the command line.
"""

from bridgelaw.auction import Auction, LegalCalls
from bridgelaw.boards import Board, Vulnerability, board_dealer, board_vulnerability
from bridgelaw.calls import (
    DOUBLE,
    PASS,
    PASSED_OUT,
    REDOUBLE,
    Call,
    Contract,
    bid,
    call_name,
    parse_call,
)
from bridgelaw.cards import (
    Card,
    Deal,
    Hand,
    Seat,
    Side,
    Strain,
    Suit,
    card_name,
    cards_in,
    parse_card,
)
from bridgelaw.errors import BridgeLawError, IllegalAction, IllegalCall, IllegalCard, ParseError
from bridgelaw.play import LegalCards, Play, Trick
from bridgelaw.scoring import contract_score, imps

__version__ = "0.1.0"


def is_compiled() -> bool:
    """True when the strict core was compiled with mypyc (see setup.py), False when pure."""
    from bridgelaw import play

    return not str(play.__file__).endswith(".py")


__all__ = [
    "DOUBLE",
    "PASS",
    "PASSED_OUT",
    "REDOUBLE",
    "Auction",
    "Board",
    "BridgeLawError",
    "Call",
    "Card",
    "Contract",
    "Deal",
    "Hand",
    "IllegalAction",
    "IllegalCall",
    "IllegalCard",
    "LegalCalls",
    "LegalCards",
    "ParseError",
    "Play",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Trick",
    "Vulnerability",
    "bid",
    "board_dealer",
    "board_vulnerability",
    "call_name",
    "card_name",
    "cards_in",
    "contract_score",
    "imps",
    "is_compiled",
    "parse_call",
    "parse_card",
]
