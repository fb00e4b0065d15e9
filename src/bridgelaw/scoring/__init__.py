"""Laws 12, 77 and 78: scores of contracts, and the ways of comparing them."""

from bridgelaw.scoring.imps import imps
from bridgelaw.scoring.law77 import contract_score, trick_score, undertrick_penalty

__all__ = ["contract_score", "imps", "trick_score", "undertrick_penalty"]
