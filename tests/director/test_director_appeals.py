"""The correction period (79C), the appeal period (92B) and appeals (92-93)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.director.appeals import Appeal, AppealError, Appeals, Decision, Deposit, Ground
from bridgelaw.director.appeals_json import read_session, write_session
from bridgelaw.director.deadlines import Correction, LateError, Periods, check_correction
from bridgelaw.director.effects import ScoreEffect
from bridgelaw.director.record import Entry, Record

PUBLISHED = datetime(2026, 11, 27, 22, 0, tzinfo=UTC)
TICK = timedelta(microseconds=1)
HALF_HOUR = timedelta(minutes=30)
LATER = PUBLISHED + timedelta(hours=1)


# -- deadlines ---------------------------------------------------------------------------------


def test_both_periods_default_to_the_laws_thirty_minutes() -> None:
    periods = Periods()
    assert periods.correction_ends(PUBLISHED) == PUBLISHED + HALF_HOUR  # 79C1
    assert periods.appeal_ends(PUBLISHED) == PUBLISHED + HALF_HOUR  # 92B


@pytest.mark.parametrize(("after", "in_time"), [(HALF_HOUR, True), (HALF_HOUR + TICK, False)])
def test_the_boundary_of_each_period(after: timedelta, in_time: bool) -> None:
    periods = Periods()
    assert periods.correction_in_time(PUBLISHED, PUBLISHED + after) is in_time
    assert periods.appeal_in_time(PUBLISHED, PUBLISHED + after) is in_time


def test_the_authority_sets_its_own_periods() -> None:
    periods = Periods(timedelta(hours=24), timedelta(minutes=10), "a congress's regulations")
    assert periods.correction_in_time(PUBLISHED, PUBLISHED + timedelta(hours=23))
    assert not periods.appeal_in_time(PUBLISHED, PUBLISHED + timedelta(minutes=11))
    # the same moment in another time zone is the same moment
    warsaw = timezone(timedelta(hours=1))
    assert periods.appeal_in_time(PUBLISHED, datetime(2026, 11, 27, 23, 10, tzinfo=warsaw))
    assert not periods.appeal_in_time(PUBLISHED, datetime(2026, 11, 27, 23, 11, tzinfo=warsaw))


def test_a_time_without_a_zone_is_refused() -> None:
    with pytest.raises(LateError, match="no time zone"):
        Periods().appeal_in_time(PUBLISHED, datetime(2026, 11, 27, 22, 5))


def test_a_late_correction_needs_the_directors_note() -> None:
    periods = Periods()
    on_time = Correction(PUBLISHED + HALF_HOUR)
    assert check_correction(on_time, PUBLISHED, periods) is True
    late = Correction(PUBLISHED + HALF_HOUR + TICK)
    with pytest.raises(LateError, match="director's note") as caught:
        check_correction(late, PUBLISHED, periods)
    assert caught.value.law == "79C2"
    noted = Correction(late.at, "both pairs' cards agree")
    assert check_correction(noted, PUBLISHED, periods) is False  # accepted, and marked late


# -- appeals -----------------------------------------------------------------------------------


def ruled() -> Record:
    record = Record("night")
    record.append(
        Entry(
            1,
            4,
            15,
            "E",
            PUBLISHED - timedelta(hours=1),
            "TD",
            PUBLISHED - timedelta(hours=1),
            2017,
            score=ScoreEffect.assigned(1460),
            players=("pair 3", "pair 8"),
        )
    )
    return record


def appeal(kind: str, heard_by: str = "committee", at: timedelta = HALF_HOUR) -> Appeal:
    return Appeal(
        against=1,
        appellant="pair 3",
        grounds=(Ground(kind, "the ruling"),),  # type: ignore[arg-type]
        lodged_at=PUBLISHED + at,
        heard_by=heard_by,  # type: ignore[arg-type]
        members=("A", "B", "C"),
        deposit=Deposit(Fraction(50), "PLN"),
    )


def decision(score: ScoreEffect | None) -> Decision:
    return Decision("committee", LATER, "reasons", score, 0)


@pytest.mark.parametrize("kind", ["law", "regulation", "disciplinary"])
def test_a_committee_may_not_overrule_the_director_on_a_point_of_law(kind: str) -> None:
    record = ruled()
    appeals = Appeals(record, PUBLISHED, Periods())
    number = appeals.lodge(appeal(kind))
    with pytest.raises(AppealError, match="may not overrule") as caught:
        appeals.decide(number, decision(ScoreEffect.assigned(2210)))
    assert caught.value.law == "93B3"
    assert len(record) == 1 and appeals.heard(number) is None
    # it may recommend; the ruling stands
    heard = appeals.decide(
        number, Decision("committee", LATER, "", recommendation="reconsider Law 16B1a")
    )
    assert heard.entry is None and record.current()[0].number == 1


def test_a_committee_rules_on_judgement_with_a_superseding_entry() -> None:
    record = ruled()
    appeals = Appeals(record, PUBLISHED, Periods())
    number = appeals.lodge(appeal("judgement"))
    heard = appeals.decide(
        number, decision(ScoreEffect.weighted([(1460, Fraction(1, 2)), (2210, Fraction(1, 2))]))
    )
    assert heard.entry is not None and heard.entry.supersedes == 1
    assert record.entry(1).score == ScoreEffect.assigned(1460)  # kept as it was
    assert [e.number for e in record.current()] == [2]
    assert heard.entry.decided_by == "committee"
    with pytest.raises(AppealError, match="already decided"):
        appeals.decide(number, decision(None))
    with pytest.raises(AppealError, match="superseded"):
        appeals.lodge(appeal("judgement"))


def test_the_director_in_charge_may_change_a_point_of_law() -> None:
    record = ruled()
    appeals = Appeals(record, PUBLISHED, Periods())
    number = appeals.lodge(appeal("law", heard_by="director in charge"))
    heard = appeals.decide(number, decision(ScoreEffect.assigned(2210)))
    assert heard.entry is not None and "93A" in heard.entry.clauses()


def test_an_appeal_after_the_period_or_without_grounds_is_refused() -> None:
    appeals = Appeals(ruled(), PUBLISHED, Periods())
    assert appeals.lodge(appeal("judgement", at=HALF_HOUR)) == 1  # at the boundary: in time
    with pytest.raises(LateError, match="after"):
        appeals.lodge(appeal("judgement", at=HALF_HOUR + TICK))
    empty = Appeal(1, "pair 3", (), PUBLISHED, "committee")
    with pytest.raises(AppealError, match="grounds"):
        appeals.lodge(empty)
    with pytest.raises(AppealError, match="no ruling 9"):
        appeals.lodge(Appeal(9, "pair 3", (Ground("judgement", "x"),), PUBLISHED, "committee"))


def test_a_changed_score_names_its_ground() -> None:
    appeals = Appeals(ruled(), PUBLISHED, Periods())
    number = appeals.lodge(appeal("judgement"))
    bare = Decision("committee", LATER, "", ScoreEffect.assigned(2210))
    with pytest.raises(AppealError, match="name the ground"):
        appeals.decide(number, bare)
    early = Decision("committee", PUBLISHED, "", ScoreEffect.assigned(2210), 0)
    with pytest.raises(AppealError, match="before it was lodged"):
        appeals.decide(number, early)


# -- appeals in the casebook -------------------------------------------------------------------


def decided_session() -> tuple[Record, Appeals]:
    record = ruled()
    appeals = Appeals(record, PUBLISHED, Periods(source="the club's regulations"))
    first = appeals.lodge(appeal("law"))
    appeals.decide(first, Decision("committee", LATER, "", recommendation="reconsider 16B1a"))
    second = appeals.lodge(appeal("judgement"))
    weighted = ScoreEffect.weighted([(1460, Fraction(3, 4)), (1430, Fraction(1, 4))])
    appeals.decide(second, Decision("committee", LATER, "one in four", weighted, 0, None, "", True))
    return record, appeals


def test_appeals_and_their_decisions_read_back() -> None:
    record, appeals = decided_session()
    again, restored, problems = read_session(write_session(record, appeals))
    assert problems == []
    assert restored is not None and again.entries == record.entries
    assert restored.lodged == appeals.lodged
    assert restored.periods == appeals.periods and restored.published == PUBLISHED
    for number in (1, 2):
        ours, theirs = appeals.heard(number), restored.heard(number)
        assert ours is not None and theirs is not None
        assert theirs.decision == ours.decision
        assert theirs.entry == ours.entry
    heard = restored.heard(2)
    assert heard is not None and heard.entry is not None and heard.entry.supersedes == 1


def damaged(change: Callable[[dict[str, Any]], None]) -> list[str]:
    record, appeals = decided_session()
    document = json.loads(write_session(record, appeals))
    change(document)
    _, _, problems = read_session(json.dumps(document))
    return [p.text() for p in problems]


def test_a_casebook_whose_appeals_do_not_hold_together() -> None:
    def law_ground(d: dict[str, Any]) -> None:
        d["appeals"]["lodged"][1]["grounds"][0]["kind"] = "law"

    def other_score(d: dict[str, Any]) -> None:
        d["appeals"]["lodged"][1]["decision"]["score"] = {
            "kind": "assigned",
            "ns": {"points": [[2210, "1"]]},
            "ew": {"points": [[2210, "1"]]},
        }

    def late(d: dict[str, Any]) -> None:
        d["appeals"]["lodged"][0]["lodged_at"] = (PUBLISHED + HALF_HOUR + TICK).isoformat()

    def heard_by(d: dict[str, Any]) -> None:
        d["appeals"]["lodged"][0]["heard_by"] = "jury"

    assert damaged(law_ground) == [
        "file, appeals.lodged[1]: Law 93B3: a committee may not overrule the director on a "
        "point of law"
    ]
    assert damaged(other_score) == [
        "file, appeals.lodged[1]: Law 93: appeal 2: no entry 2 with its score"
    ]
    assert damaged(late)[0].startswith("file, appeals.lodged[0]: Law 92B: appeal at")
    assert damaged(heard_by) == [
        "file, appeals.lodged[0].heard_by: 'jury'; one of committee, reviewer, director in charge"
    ]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1), st.data())
def test_damaged_appeals_are_reported_never_raised(index: int, data: st.DataObject) -> None:
    record, appeals = decided_session()
    document = json.loads(write_session(record, appeals))
    target = document["appeals"]["lodged"][index]
    key = data.draw(st.sampled_from(sorted(target)))
    target[key] = data.draw(json_values)
    again, restored, problems = read_session(json.dumps(document))
    assert again.entries == record.entries  # the rulings are read whatever the appeals say
    assert restored is not None
    # only the damaged appeal is left out, and every problem names it
    assert len(restored.lodged) == (1 if problems else 2)
    assert all(p.field.startswith(f"appeals.lodged[{index}]") for p in problems)


def test_a_second_appeal_changes_the_ruling_in_force() -> None:
    record = ruled()
    appeals = Appeals(record, PUBLISHED, Periods())
    first, second = appeals.lodge(appeal("judgement")), appeals.lodge(appeal("judgement"))
    appeals.decide(first, decision(ScoreEffect.assigned(1430)))
    heard = appeals.decide(second, decision(ScoreEffect.assigned(2210)))
    assert heard.entry is not None and heard.entry.supersedes == 2
    assert [e.number for e in record.history(1)] == [1, 2, 3]


def test_a_refusal_of_the_record_is_said_by_id_in_each_language() -> None:
    """An appeal refused (93: there is no such appeal) keeps its clause and number as
    parameters: its English as before, and its words in each language with them."""
    from bridgelaw.director.appeals import AppealError
    from bridgelaw.i18n.words import Worded

    error = AppealError("93", "appeal.none", number=4)
    assert str(error) == "Law 93: no appeal 4" and error.law == "93"
    said = error.said()
    assert said is not None
    words = {lang: Worded(*said).text(lang) for lang in ("en", "pl", "hu", "sk")}
    assert words["en"] == str(error)
    assert words["pl"] == "Przepis 93: nie ma odwołania 4"
    assert all("93" in w and "4" in w for w in words.values()) and len(set(words.values())) == 4
