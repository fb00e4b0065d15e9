"""Dealing by Law 6: deal numbers and the secure, reproducible dealer."""

from bridgelaw.dealing.dealer import (
    SecureDealer,
    commitment,
    new_key,
    parse_board_range,
    parse_key,
)
from bridgelaw.dealing.numbering import DEAL_COUNT, deal_to_number, number_to_deal

__all__ = [
    "DEAL_COUNT",
    "SecureDealer",
    "commitment",
    "deal_to_number",
    "new_key",
    "number_to_deal",
    "parse_board_range",
    "parse_key",
]
