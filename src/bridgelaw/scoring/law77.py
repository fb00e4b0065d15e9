"""Law 77: the duplicate scoring table.

:func:`contract_score` returns the score of the declaring side (negative when the contract fails),
built line by line from the table of Law 77, so each term can be read against the law.

>>> contract_score(Contract.parse("4H"), 10, vulnerable=False)
420
>>> contract_score(Contract.parse("3NTX"), 7, vulnerable=True)
-500
"""

from __future__ import annotations

from bridgelaw.calls import Contract
from bridgelaw.cards import Strain


def trick_score(contract: Contract) -> int:
    """Law 77, contract points: 20 a trick in a minor, 30 in a major, 40 then 30 in notrump,
    times two when doubled and four when redoubled."""
    if contract.strain == Strain.NOTRUMP:
        points = 40 + 30 * (contract.level - 1)
    elif contract.strain >= Strain.HEARTS:
        points = 30 * contract.level
    else:
        points = 20 * contract.level
    return points << contract.doubled


def undertrick_penalty(undertricks: int, doubled: int, vulnerable: bool) -> int:
    """Law 77, undertricks, as a positive number of points for the defenders."""
    if doubled == 0:
        return (100 if vulnerable else 50) * undertricks
    if vulnerable:
        # doubled and vulnerable: 200 for the first, 300 for each later one
        points = 200 + 300 * (undertricks - 1)
    else:
        # doubled, not vulnerable: 100, then 200 for the 2nd and 3rd, 300 from the 4th on
        points = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return points * doubled  # redoubled: twice the doubled penalty


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score for ``tricks`` tricks taken (0-13) in ``contract``."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"declarer takes 0 to 13 tricks, not {tricks}")
    if contract.is_passed_out:
        return 0  # Law 22B / 77: four passes score nothing for either side
    needed = contract.tricks_needed
    if tricks < needed:
        return -undertrick_penalty(needed - tricks, contract.doubled, vulnerable)

    score = trick_score(contract)
    if score >= 100:
        score += 500 if vulnerable else 300  # game bonus
    else:
        score += 50  # part-score bonus
    if contract.level == 6:
        score += 750 if vulnerable else 500  # small slam
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000  # grand slam
    score += (0, 50, 100)[contract.doubled]  # for making a doubled / redoubled contract
    overtricks = tricks - needed
    if contract.doubled == 0:
        score += overtricks * (20 if contract.strain <= Strain.DIAMONDS else 30)
    else:
        score += overtricks * (200 if vulnerable else 100) * contract.doubled
    return score
