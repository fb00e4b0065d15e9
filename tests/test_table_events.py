"""The words of a table script, read one event at a time (spec/table-script.md, Events).

The scripts under ``tests/scripts/`` use each director finding of Laws 13-15 in one or two
forms; these tests read every form the usage of a finding allows, and the forms it refuses, so
that a finding is never read as another (a seat taken for a card, a qualifier dropped).
"""

from __future__ import annotations

import pytest

from bridgelaw.calls import call_name
from bridgelaw.cards import parse_card
from bridgelaw.table import ScriptError, parse_event
from bridgelaw.table.events import parse_table_call, table_call_of


@pytest.mark.parametrize(
    ("text", "action", "seat", "card", "qualifier"),
    [
        # <seat> <card>: whose hand lacked the card (Law 14)
        ("director missing N SA", "missing", "N", "SA", ""),
        ("director missing w h10", "missing", "W", "HT", ""),
        # <card> [among-played]: where the missing card turned up (14A/14B)
        ("director found DK", "found", "", "DK", ""),
        ("director found DK among-played", "found", "", "DK", "among-played"),
        # <seat> <card> [seen|seen-serious]: a hand held another hand's card (Law 13)
        ("director wrong-count E C2", "wrong-count", "E", "C2", ""),
        ("director wrong-count E C2 seen-serious", "wrong-count", "E", "C2", "seen-serious"),
        # <seat> <card> [played]: a card of no hand of the deal (13C; 2007 13F)
        ("director surplus S HQ played", "surplus", "S", "HQ", "played"),
        # <seat> same|differs: the offender's call on the board his cards came from (15A3)
        ("director earlier-call s differs", "earlier-call", "S", None, "differs"),
        # played-before|not-played|NS|EW: a board not the contestants' own this round (15B);
        # the pair is a seat pair, written in capitals whatever the script wrote
        ("director wrong-table not-played", "wrong-table", "", None, "not-played"),
        ("director wrong-table ew", "wrong-table", "", None, "EW"),
        ("director wrong-table NS", "wrong-table", "", None, "NS"),
    ],
)
def test_a_board_finding_keeps_its_seat_card_and_qualifier(
    text: str, action: str, seat: str, card: str | None, qualifier: str
) -> None:
    event = parse_event(text, 7)
    assert (event.index, event.who, event.action) == (7, "director", action)
    assert event.word == seat
    assert event.card == (parse_card(card) if card else None)
    assert event.text == qualifier


@pytest.mark.parametrize(
    ("text", "usage"),
    [
        ("director missing SA", "director missing <seat> <card>"),
        ("director missing N", "director missing <seat> <card>"),
        ("director missing N SA S", "director missing <seat> <card>"),
        ("director found DK elsewhere", "director found <card> [among-played]"),
        ("director surplus S HQ seen", "director surplus <seat> <card> [played]"),
        ("director earlier-call S", "director earlier-call <seat> [same|differs]"),
        ("director wrong-table", "director wrong-table [played-before|not-played|NS|EW]"),
        ("director wrong-table NE", "director wrong-table [played-before|not-played|NS|EW]"),
    ],
)
def test_a_board_finding_out_of_its_usage_is_refused_with_the_usage(text: str, usage: str) -> None:
    with pytest.raises(ScriptError) as info:
        parse_event(text, 4)
    assert info.value.index == 4
    assert info.value.reason == f"expected '{usage}'"


def test_a_legal_call_number_reads_as_the_call_of_that_name() -> None:
    # bridgelaw.calls numbers the bids 1C 1D 1H 1S 1NT 2C ... 7NT (0-34), then pass, X, XX
    for code in range(38):
        call = table_call_of(code)
        assert call == parse_table_call(call_name(code)), code
        assert call.text == call_name(code) and call.code == code
    assert (table_call_of(0).level, table_call_of(0).strain) == (1, 0)
    assert (table_call_of(9).level, table_call_of(9).strain) == (2, 4)
    assert (table_call_of(33).level, table_call_of(33).strain) == (7, 3)
