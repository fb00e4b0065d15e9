"""Law 12C adjusted scores: artificial (12C2), weighted in teams (D.3), 12C4, 86B2b (E95/E96)."""

from fractions import Fraction

import pytest

from bridgelaw.scoring.adjusted import (
    artificial_imps,
    artificial_percent,
    knockout_split,
    one_side_at_fault,
    weighted_imps,
)
from bridgelaw.scoring.results import Artificial, Points

F = Fraction


def percent(score: Artificial, session: Fraction | None) -> Fraction:
    value = artificial_percent(score, session)
    assert value is not None
    return value


def test_e95_artificial_percentages_with_seven_tables() -> None:
    top = 12  # 7 tables: 2 * (7 - 1)
    assert percent(Artificial("A+"), None) * top / 100 == F("7.2")  # 60 % of 12
    assert percent(Artificial("A"), None) * top / 100 == 6  # 50 %
    assert percent(Artificial("A-"), None) * top / 100 == F("4.8")  # 40 %


def test_e95_session_percentage_rule() -> None:
    # Law 12C2c: a non-offender at 64.3 % keeps 64.3 % (7.716 of 12); an offender at 31 % gets
    # 31 % (3.72); 55 % non-offender still 60 %, 45 % offender still 40 %.
    assert percent(Artificial("A+"), F("64.3")) * 12 / 100 == F("7.716")
    assert percent(Artificial("A-"), F(31)) * 12 / 100 == F("3.72")
    assert artificial_percent(Artificial("A+"), F(55)) == 60
    assert artificial_percent(Artificial("A-"), F(45)) == 40
    assert artificial_percent(Artificial("A"), F(70)) == 50  # 12C2c touches only A+ and A-


def test_explicit_percentage_and_not_played() -> None:
    assert artificial_percent(Artificial("%", F(55)), F(80)) == 55
    assert artificial_percent(Artificial("NP"), F(80)) is None


def test_e96_teams_artificial_imps() -> None:
    assert artificial_imps(Artificial("A+"), None) == 3  # Law 12C2b
    assert artificial_imps(Artificial("A-"), None) == -3
    assert artificial_imps(Artificial("A"), None) == 0
    assert artificial_imps(Artificial("%", F(60)), None) == 3  # (60 - 50) * 3/10
    assert artificial_imps(Artificial("A+"), F(5)) == 5  # 12C2c with a session average of +5


def test_d3_weighted_teams_score_exactly() -> None:
    # Team A: 2/3 of 4S= (+620) and 1/3 of 4S-1 (-100); other table 3S= +140 for the opponents.
    # 2/3 * IMP(620 - 140 = 480 -> 10) + 1/3 * IMP(-100 - 140 = -240 -> -6) = 20/3 - 2 = 4 2/3
    ours = Points.weighted([(620, F(2, 3)), (-100, F(1, 3))])
    assert weighted_imps(ours, Points.single(-140)) == F(14, 3)


def test_weighted_at_both_tables() -> None:
    # ours 1/2 of +420, 1/2 of -50; theirs (as our points) 1/2 of -420, 1/2 of +50:
    # 1/4 IMP(0) + 1/4 IMP(470 -> 10) + 1/4 IMP(-470 -> -10) + 1/4 IMP(0) = 0
    ours = Points.weighted([(420, F(1, 2)), (-50, F(1, 2))])
    theirs = Points.weighted([(-420, F(1, 2)), (50, F(1, 2))])
    assert weighted_imps(ours, theirs) == 0


def test_weights_must_sum_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 2/3"):
        Points.weighted([(420, F(1, 3)), (-50, F(1, 3))])


def test_e96_knockout_split_and_one_side_at_fault() -> None:
    # 12C4: NOS's assigned score +7, OS's assigned score -11 for the OS -> both averaged: +9 / -9
    assert knockout_split(F(7), F(-11)) == (F(9), F(-9))
    # 86B2b: assigned +6 -> +6 (better than +3); assigned +1 -> +3
    assert one_side_at_fault(F(6)) == (F(6), F(-6))
    assert one_side_at_fault(F(1)) == (F(3), F(-3))
