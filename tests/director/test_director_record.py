"""The ruling record: the commentary's worked examples of Law 12 recorded, exported,
imported and scored by the session's scorers; the record's append-only rules; the judgement
frames (16B, misinformation, 70); the log's search.

The numbers expected are the commentary's (../shared/laws/2007-commentary-polish.txt, "P12" and
"Zapisy ważone"; restated in ../shared/laws-catalog.md part D), not this code's output.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.director.casebook import read_casebook, write_casebook
from bridgelaw.director.effects import EffectError, ScoreEffect, self_inflicted_split
from bridgelaw.director.judgement import (
    Adjudication,
    ClaimRuling,
    Misinformation,
    UnauthorizedInformation,
)
from bridgelaw.director.log import Log
from bridgelaw.director.record import Applied, Entry, Option, Penalty, Record, RecordError
from bridgelaw.scoring.adjusted import artificial_percent
from bridgelaw.scoring.matchpoints import matchpoints_reference
from bridgelaw.scoring.results import Artificial, Points, ResultLine, table_points
from bridgelaw.tournament.model import TournamentInput
from bridgelaw.tournament.session import score_tournament

F = Fraction
AT = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)


def entry(number: int, board: int, score: ScoreEffect | None, **more: object) -> Entry:
    base = Entry(
        number=number,
        table=1,
        board=board,
        called_by="E",
        called_at=AT,
        decided_by="TD",
        decided_at=AT + timedelta(minutes=5),
        edition=2017,
        score=score,
    )
    return replace(base, **more)  # type: ignore[arg-type]


def round_trip(record: Record) -> Record:
    again, problems = read_casebook(write_casebook(record))
    assert problems == []
    assert again.entries == record.entries
    return again


def points(board: int, contract: str, declarer: str, tricks: int) -> int:
    return table_points(board, Contract.parse(contract), Seat("NESW".index(declarer)), tricks)


# -- the commentary's examples -------------------------------------------------------------------


def test_weighted_teams_example_board_2() -> None:
    # Commentary, weighted scores in teams: board 2, team A assigned 2/3 of 4S made (+620) and
    # 1/3 of 4S one down (-100); 3S made at the other table, +140 to the opponents: 2/3 of 10
    # IMPs plus 1/3 of -6 IMPs = 4 2/3 IMPs (the catalog, D.3, explains the printed minus sign).
    made, down = points(2, "4S", "N", 10), points(2, "4S", "N", 9)
    assert (made, down) == (620, -100)
    record = Record("teams")
    record.append(entry(1, 2, ScoreEffect.weighted([(made, F(2, 3)), (down, F(1, 3))])))
    score = round_trip(record).entry(1).score
    assert score is not None and score.clauses(2017) == ("12C1c",)
    team_a, team_b = score.imps_against(Points.single(140))  # the other table: NS there +140
    assert team_a == 4 + F(2, 3)
    assert team_b == -(4 + F(2, 3))


def test_weighted_pairs_example_through_the_session_scorer() -> None:
    # Commentary, weighted scores in pairs: pair A (NS) assigned 1/3 of 3NT= (+400), 1/3 of 3NT-1
    # (-50), 1/6 of 4S= (+420), 1/6 of 4S-1 (-50); the other results 4x+420, 2x+400, +170, +150,
    # 3x-50. The matchpoints: 18 5/6, 12 1/3, 9, 7, 2 1/2; pair A gets 8 1/2.
    outcomes = [(400, F(1, 3)), (-50, F(1, 3)), (420, F(1, 6)), (-50, F(1, 6))]
    record = Record("pairs")
    record.append(entry(1, 1, ScoreEffect.weighted(outcomes), players=("A", "B")))
    score = round_trip(record).entry(1).score
    assert score is not None
    others = [420] * 4 + [400] * 2 + [170, 150] + [-50] * 3
    lines = [score.result_line(1, "A", "B")] + [
        ResultLine(1, f"N{i}", f"E{i}", Points.single(s), Points.single(s))
        for i, s in enumerate(others)
    ]
    board = score_tournament(TournamentInput("pairs", "matchpoints", lines)).boards[0]
    assert board.top == 22
    by_pair = {r.result.ns: r.ns_value for r in board.results}
    assert by_pair["A"] == F(17, 2)
    expected = {420: F(113, 6), 400: F(37, 3), 170: F(9), 150: F(7), -50: F(5, 2)}
    for i, s in enumerate(others):
        assert by_pair[f"N{i}"] == expected[s]
    # the same board through the reference matchpointer, the weighted side as components
    assert isinstance(score.ns, Points)
    reference = matchpoints_reference([list(score.ns.components)] + [[(s, 1)] for s in others])
    assert reference[0] == F(17, 2)


def test_teams_example_a_split_score_without_redress_for_a_gamble() -> None:
    # Commentary on Law 12, example A: NS (team A, vulnerable) bid 5H after an illegal 4S, went
    # two down doubled (-500); the other table 3S by EW one down (+50 to NS there). Team A's
    # own gamble caused its loss: it keeps -11 IMPs; team B gets 4H one down (-100 for NS) with
    # +50 at the other table: +4 IMPs. The scores do not balance.
    table = points(5, "5HX", "N", 9)  # board 5: NS vulnerable, EW not
    assigned = points(5, "4H", "N", 9)
    assert (table, assigned) == (-500, -100)
    split = ScoreEffect.split(Points.single(table), Points.single(assigned))
    record = Record("teams")
    record.append(entry(1, 5, split, edition=2007))
    again = round_trip(record).entry(1)
    assert again.score is not None
    assert again.score.clauses(2007) == ("12C1b", "12C1f")
    assert again.score.imps_against(Points.single(50)) == (F(-11), F(4))  # NS there: team B, +50
    # Law 12C4 in a knockout: each side's result separately, both given the mean
    knockout = replace(split, knockout=True)
    assert knockout.clauses(2017) == ("12C1e", "12C4")
    assert knockout.imps_against(Points.single(50)) == (F(-15, 2), F(15, 2))


def test_teams_examples_a_and_b_damage_from_the_infraction_only() -> None:
    # Commentary on Law 12, examples A and B: the non-offenders (team A, NS, vulnerable) get
    # redress only for the damage the infraction caused, not for their gamble (5H doubled).
    # A: after the infraction normal play gives 4S-2 by EW (+100), without it 4H-1 (-100); the
    #    other table 3S-1 by team A's EW (+50 to team B there). A keeps -11, B gets +4.
    # B: 4S would have made (-420), the other table 3S+1 by team A's EW (-170 for team B
    #    there). The infraction cost A 8 IMPs: -8 + 8 = 0; B gets -2.
    table, without = points(5, "5HX", "N", 9), points(5, "4H", "N", 9)
    after_a, after_b = points(5, "4S", "E", 8), points(5, "4S", "E", 10)
    assert (table, without, after_a, after_b) == (-500, -100, 100, -420)
    example_a = self_inflicted_split(table, after_a, without, 50, non_offenders="ns")
    example_b = self_inflicted_split(table, after_b, without, -170, non_offenders="ns")
    assert example_b.ns_redress == 8
    record = Record("teams")
    record.append(entry(1, 5, example_a, edition=2007))
    record.append(entry(2, 5, example_b, edition=2007, table=2))
    again = round_trip(record)
    a, b = again.entry(1).score, again.entry(2).score
    assert a is not None and b is not None
    assert a.imps_against(Points.single(50)) == (F(-11), F(4))
    assert b.imps_against(Points.single(-170)) == (F(0), F(-2))
    assert b.clauses(2007) == ("12C1b", "12C1f") and b.clauses(2017) == ("12C1e",)
    # the same ruling with the teams' seats the other way round
    mirrored = self_inflicted_split(500, 420, 100, 170, non_offenders="ew")
    assert mirrored.imps_against(Points.single(170)) == (F(-2), F(0))
    with pytest.raises(EffectError, match="against the other table"):
        b.result_line(5, "A", "B")


def test_serious_error_example_1_same_score_for_both_sides() -> None:
    # Commentary on Law 12, example 1: dealer S, NS vulnerable (board 15), 7S made after a break
    # in tempo before 6S; pass was a logical alternative; E's misdefence is within normal play:
    # both sides get 6S+1.
    assert points(15, "7S", "S", 13) == 2210
    ui = UnauthorizedInformation(
        source="a break in tempo before 6S",
        action="7S",
        logical_alternatives=("pass", "7S"),
        suggested="7S",
        demonstrably_suggested=True,
        damaged=True,
        reasoning="the slow 6S suggests bidding on; pass is a logical alternative",
    )
    assigned = points(15, "6S", "S", 13)
    assert assigned == 1460
    record = Record("pairs")
    record.append(entry(1, 15, ScoreEffect.assigned(assigned), judgement=ui))
    again = round_trip(record).entry(1)
    assert again.score is not None
    line = again.score.result_line(15, "1", "2")
    assert (line.ns_side, line.ew_side) == (Points.single(1460), Points.single(1460))
    assert again.clauses() == ("16B1a", "16B3", "12C1a")


def test_serious_error_example_2_split_score() -> None:
    # Commentary on Law 12, example 2 (both vulnerable, dealer N: board 13): E's failure to beat
    # the slam is a serious error, so only NS's score is adjusted and EW keep the table result.
    # The slam's denomination is unreadable in the commentary; as the catalog (D.6) does, 6C=
    # (+1370) with NS assigned 5C+1 (+620).
    table, assigned = points(13, "6C", "N", 12), points(13, "5C", "N", 12)
    assert (table, assigned) == (1370, 620)
    split = ScoreEffect.split(Points.single(assigned), Points.single(table))
    record = Record("pairs")
    record.append(entry(1, 13, split))
    again = round_trip(record).entry(1)
    assert again.score is not None and again.score.clauses(2017) == ("12C1e",)
    line = again.score.result_line(13, "1", "2")
    assert line.is_split
    assert line.ns_side == Points.single(620)  # NS +620
    assert line.ew_side == Points.single(1370)  # EW -1370 (points for NS: EW's minus)


def test_artificial_scores_keep_the_session_rule() -> None:
    # 12C2a/b: average-plus to the non-offenders (60 %, +3 IMPs), average-minus to the
    # offenders (40 %, -3 IMPs); 12C2c: a non-offender above 60 % on the session's other boards
    # keeps its own percentage, an offender below 40 % its own
    effect = ScoreEffect.artificial(Artificial("A+"), Artificial("A-"))
    record = Record("pairs")
    record.append(entry(1, 5, effect))
    again = round_trip(record).entry(1).score
    assert again is not None and again.clauses(2017) == ("12C2a",)
    assert isinstance(again.ns, Artificial) and isinstance(again.ew, Artificial)
    plain = artificial_percent(again.ns, None), artificial_percent(again.ew, None)
    assert plain == (F(60), F(40))
    assert artificial_percent(again.ns, F(64)) == 64 and artificial_percent(again.ew, F(31)) == 31
    assert artificial_percent(again.ns, F(55)) == 60 and artificial_percent(again.ew, F(45)) == 40
    assert again.imps_against(Points.single(0)) == (F(3), F(-3))
    assert again.imps_against(Points.single(0), (F(5), F(-4))) == (F(5), F(-4))
    assert again.imps_against(Points.single(0), (F(1), F(-1))) == (F(3), F(-3))
    # a percentage given by the director, in IMPs (p - 50) * 3/10; a board not scored
    given = ScoreEffect.artificial(Artificial("%", F(35)), Artificial("NP"))
    assert given.imps_against(Points.single(0)) == (F(-9, 2), None)


# -- score effects -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "ns", "ew", "problem"),
    [
        ("weighted", Points.single(100), Points.single(100), "two outcomes"),
        ("split", Points.single(100), Points.single(100), "the same"),
        ("assigned", Points.single(100), Points.single(-100), "split score"),
        ("artificial", Artificial("A+"), Points.single(0), "both sides"),
        ("table", Artificial("A"), Artificial("A"), "artificial side"),
        ("weighted", Points(((1, F(1, 2)), (2, F(1, 3)))), Points.single(1), "sum to 1"),
    ],
)
def test_an_effect_whose_kind_and_sides_disagree_is_refused(
    kind: str, ns: Points | Artificial, ew: Points | Artificial, problem: str
) -> None:
    with pytest.raises(EffectError, match=problem):
        ScoreEffect(kind, ns, ew)  # type: ignore[arg-type]


def test_only_a_split_score_is_averaged_in_a_knockout() -> None:
    with pytest.raises(EffectError, match="12C4"):
        ScoreEffect("assigned", Points.single(1), Points.single(1), knockout=True)


# -- the record ---------------------------------------------------------------------------------


def test_entries_are_appended_in_order_and_superseded_never_rewritten() -> None:
    record = Record("night")
    first = record.append(entry(1, 7, ScoreEffect.assigned(-100)))
    with pytest.raises(RecordError, match="next entry is 2"):
        record.append(entry(3, 7, None))
    second = record.append(entry(2, 7, ScoreEffect.assigned(-200), supersedes=1))
    with pytest.raises(RecordError, match="already superseded"):
        record.append(entry(3, 7, ScoreEffect.assigned(-300), supersedes=1))
    with pytest.raises(RecordError, match="another table or board"):
        record.append(entry(3, 8, ScoreEffect.assigned(-300), supersedes=2))
    with pytest.raises(RecordError, match="no earlier entry 3"):
        record.append(entry(3, 7, None, supersedes=3))
    assert record.current() == [second]
    assert record.history(1) == [first, second]
    assert record.entry(1) is first  # the superseded ruling is kept as it was


def test_an_entry_that_does_not_hold_together_is_refused() -> None:
    record = Record("night")
    cases = [
        (entry(1, 1, None, applied=(Applied("12C9z!", "judgement"),)), "applied[0].clause"),
        (entry(1, 1, None, called_at=datetime(2026, 11, 27, 20, 0)), "called_at"),
        (entry(1, 1, None, decided_at=AT - timedelta(seconds=1)), "decided_at"),
        (entry(1, 1, None, edition=2008), "edition"),
        (entry(1, 0, None), "board"),
    ]
    for bad, field in cases:
        with pytest.raises(RecordError) as caught:
            record.append(bad)
        assert (caught.value.entry, caught.value.field) == (1, field)
    assert len(record) == 0
    penalties = (
        Penalty("procedural", "pair 2", F(10), "percent", "a mobile phone rang"),
        Penalty("disciplinary", "N", F(0), "none", "abuse of an opponent"),
    )
    assert record.append(entry(1, 1, None, penalties=penalties)).clauses() == ("90", "91")


def test_no_adjustment_when_the_judgement_finds_none() -> None:
    # 16B1a: with no other logical alternative, the call is not barred: the table result stands
    ui = UnauthorizedInformation(
        source="a hesitation",
        action="4S",
        logical_alternatives=("4S",),
        suggested="4S",
        demonstrably_suggested=True,
        damaged=True,
        reasoning="every peer bids 4S",
    )
    assert not ui.adjusts()
    assert replace(ui, logical_alternatives=("pass", "4S")).adjusts()
    assert not replace(ui, logical_alternatives=("pass", "4S"), damaged=False).adjusts()
    assert not replace(ui, logical_alternatives=("pass", "4S"), suggested="pass").adjusts()
    record = Record("night")
    with pytest.raises(RecordError, match="score") as caught:
        record.append(entry(1, 3, ScoreEffect.assigned(140), judgement=ui))
    assert caught.value.field == "score"
    record.append(entry(1, 3, ScoreEffect.table(620), judgement=ui))


def test_misinformation_is_the_explanation_differing_from_the_agreement() -> None:
    # Law 75: a wrong call explained as agreed is no misinformation; a wrong explanation is
    mistaken_call = Misinformation(
        agreement="2D weak",
        explanation="2D weak",
        would_have_happened="",
        damaged=True,
        reasoning="the agreement is weak; the bid was the mistake",
    )
    assert not mistaken_call.adjusts()
    wrong = replace(mistaken_call, explanation="2D multi", would_have_happened="W doubles")
    assert wrong.adjusts()
    assert wrong.clauses(2017) == ("20F", "21B3", "40B4", "75")


def test_a_claim_proposal_accepted_or_changed() -> None:
    proposal = Adjudication(tricks=3, line="draws trumps, then runs the hearts", law="70D1")
    ruling = ClaimRuling(
        proposal=proposal,
        decided_tricks=3,
        remaining=4,
        won_before=7,
        claimer=Seat.SOUTH,
        contract=Contract.parse("4S"),
        declarer=Seat.SOUTH,
        reasoning="the line stated makes 10",
    )
    assert ruling.accepted and ruling.declarer_tricks() == 10
    assert ruling.ns_points(1) == 420  # Law 77: 4S= not vulnerable
    changed = replace(ruling, decided_tricks=2, reasoning="a heart ruff is possible")
    assert not changed.accepted and changed.ns_points(1) == -50
    assert changed.clauses(2017) == ("70A", "70D1")
    # a defender claims: the declaring side gets the rest
    defence = replace(ruling, claimer=Seat.WEST, won_before=2, decided_tricks=3)
    assert defence.declarer_tricks() == 8
    with pytest.raises(ValueError, match=r"outside 0\.\.4"):
        replace(ruling, decided_tricks=5)
    record = Record("night")
    assert changed.effect(1) == ScoreEffect.table(-50)  # Law 70 fixes the result; no 12C
    record.append(entry(1, 1, changed.effect(1), judgement=changed))
    assert round_trip(record).entry(1).judgement == changed


def test_penalties_options_and_clauses_survive_the_casebook() -> None:
    record = Record("night")
    record.append(
        entry(
            1,
            9,
            ScoreEffect.table(-110),
            applied=(Applied("27B1a", "engine", "a comparable call"),),
            options=(
                Option("accept the insufficient bid", "S", False),
                Option("replace it", "W", True),
            ),
            penalties=(Penalty("procedural", "pair 4", F(1, 4), "percent", "slow play"),),
        )
    )
    again = round_trip(record).entry(1)
    assert again.clauses() == ("27B1a", "90")


def test_the_log_finds_by_clause_table_player_and_session() -> None:
    night, day = Record("night"), Record("day")
    night.append(entry(1, 1, ScoreEffect.assigned(420), players=("Nowak",), table=2))
    night.append(entry(2, 4, ScoreEffect.weighted([(1, F(1, 2)), (2, F(1, 2))]), table=5))
    day.append(entry(1, 2, None, applied=(Applied("16B1a", "judgement"),), players=("nowak",)))
    log = Log([night, day])
    assert [(h.session, h.entry.number) for h in log.search(clause="12C")] == [
        ("night", 1),
        ("night", 2),
    ]
    assert [h.entry.number for h in log.search(clause="12C1c")] == [2]
    assert log.search(clause="1") == []  # 1 is not a prefix of 12 or 16
    assert [h.session for h in log.search(player="NOWAK")] == ["night", "day"]
    assert [h.entry.number for h in log.search(table=5)] == [2]
    assert [h.entry.number for h in log.search(session="day", clause="16B")] == [1]
