"""The append-only record: rulings, reviews and unauthorized information are frozen records,
never taken out; a later settlement supersedes earlier ones by reference (a Withdrawal)."""

from __future__ import annotations

import dataclasses

import pytest

from bridgelaw.table import Table
from bridgelaw.table.state import Review, Unauthorized, Withdrawal

from ..helpers import SAMPLE_DEAL


def test_39b_supersedes_the_39c_ruling_by_reference() -> None:
    # 39C: E's 2C after the final pass is cancelled, declarer may restrict W's lead; S (E's
    # LHO) calls over it: 39B, no rectification. The 39C ruling stays in the record, withdrawn.
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N 1NT", "E pass", "S pass", "W pass", "E 2C", "S pass"]:
        table.apply_text(text)
    laws = [r.law for r in table.ruling_log]
    assert laws == ["39C", "39B", "39B"]
    assert table.withdrawals == [Withdrawal(6, "39B", "rulings", (0,))]
    assert [r.law for r in table.rulings] == ["39B", "39B"]
    assert [r["law"] for r in table.to_json()["rulings"]] == ["39B", "39B"]


def test_reviews_and_unauthorized_information_are_frozen_records() -> None:
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N 1NT", "E pass", "S pass", "W pass", "E 2C"]:
        table.apply_text(text)
    (record,) = table.unauthorized
    assert record == Unauthorized(5, "E", "EW", "16C", call="2C")
    assert record.as_json() == {"event": 5, "seat": "E", "side": "EW", "call": "2C", "law": "16C"}
    assert record["law"] == "16C"  # read as the JSON object it is written as
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.law = "16D"  # type: ignore[misc]
    review = Review(3, "21B3", "text")
    assert review.as_json() == {"event": 3, "law": "21B3", "text": "text"}
