"""The words of a table script, read one event at a time (spec/table-script.md, Events).

The scripts under ``tests/scripts/`` use each director finding of Laws 13-15 in one or two
forms; these tests read every form the usage of a finding allows, and the forms it refuses, so
that a finding is never read as another (a seat taken for a card, a qualifier dropped).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bridgelaw.calls import call_name
from bridgelaw.cards import Strain, parse_card
from bridgelaw.errors import ParseError
from bridgelaw.table import ScriptError, events, parse_event
from bridgelaw.table.events import Event, parse_table_call, table_call_of
from bridgelaw.table.script import load_script, parse_yaml, script_from_data

from ..helpers import SAMPLE_DEAL


def said(event: Event) -> str:
    """What the event's words named: a seat, or a designation (46B), as the script wrote it."""
    if event.seat_named is not None:
        return event.seat_named.letter
    return event.designation or ""


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
    assert said(event) == seat
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


@pytest.mark.parametrize(
    ("text", "action", "word", "card", "detail"),
    [
        # Law 46B: what declarer said when he named dummy's card incompletely
        ("N names high", "names", "high", None, ""),
        ("N names top s", "names", "high", None, "S"),
        ("N names small H", "names", "low", None, "H"),
        ("N names win", "names", "win", None, ""),
        ("N names anything", "names", "any", None, ""),
        ("N names d", "names", "suit", None, "D"),
        ("N names 10", "names", "rank", None, "T"),
        ("N names q", "names", "rank", None, "Q"),
        ("N names CK", "names", "card", "CK", ""),
        # Laws 42-43 and 61B: a player asks (a seat), dummy says which hand leads
        ("E asks", "asks", "", None, ""),
        ("E asks s", "asks", "S", None, ""),
        ("S lead-hand N", "lead-hand", "N", None, ""),
        # 45F: dummy suggests a card, or just suggests
        ("S suggests", "suggests", "", None, ""),
        ("S suggests HA", "suggests", "", "HA", ""),
    ],
)
def test_a_designation_or_question_keeps_what_was_said(
    text: str, action: str, word: str, card: str | None, detail: str
) -> None:
    event = parse_event(text, 9)
    assert (event.index, event.who, event.action) == (9, text.split()[0], action)
    assert said(event) == word
    assert event.card == (parse_card(card) if card else None)
    assert event.text == detail


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("N names high S H", "names takes high/low [suit], win, any, a suit, a rank or a card"),
        ("N names win S", "names takes high/low [suit], win, any, a suit, a rank or a card"),
        ("N names high X", "names takes high/low [suit], win, any, a suit, a rank or a card"),
        ("N names", "'' is not a card"),
        ("S lead-hand", "lead-hand names a seat (N, E, S or W)"),
        ("E asks NE", "asks names a seat (N, E, S or W)"),
        ("N names S1", "'S1' is not a card"),
    ],
)
def test_a_designation_out_of_its_words_is_refused(text: str, reason: str) -> None:
    with pytest.raises(ScriptError) as info:
        parse_event(text, 5)
    assert info.value.index == 5
    assert reason in info.value.reason


@pytest.mark.parametrize(
    ("word", "text", "code", "level", "strain", "artificial"),
    [
        ("X!", "X", 36, 0, None, True),  # an alerted double
        ("xx", "XX", 37, 0, None, False),
        ("p", "pass", 35, 0, None, False),
        ("7nt", "7NT", 34, 7, 4, False),  # the highest bid is a bid, not Law 38
        ("1N!", "1NT", 4, 1, 4, True),
        # Law 38: a bid above seven can be said at the table; it has no call number
        ("8S", "8S", None, 8, 3, False),
        ("12c", "12C", None, 12, 0, False),
    ],
)
def test_a_call_word_reads_as_the_call_said(
    word: str, text: str, code: int | None, level: int, strain: int | None, artificial: bool
) -> None:
    call = parse_table_call(word)
    assert call is not None
    assert call.is_above_seven == (level > 7) and call.is_bid == (level > 0)
    assert (call.text, call.code, call.level, call.strain, call.artificial) == (
        text,
        code,
        level,
        strain,
        artificial,
    )


@pytest.mark.parametrize("word", ["0S", "1X", "S1", "passed", ""])
def test_a_word_that_is_no_call_reads_as_none(word: str) -> None:
    assert parse_table_call(word) is None


def test_a_bad_script_file_is_named_with_the_line(tmp_path: Path) -> None:
    # anchors could make a small file expand into a huge one: refused, at the line they are on
    path = tmp_path / "anchors.yaml"
    path.write_text("board: 1\ndeal: &d N:...\nevents: *d\n", encoding="utf-8")
    with pytest.raises(ParseError) as info:
        load_script(path)
    assert str(info.value).startswith(f"{path}:2: anchors and aliases")
    # a script without its events says which file lacks them
    path = tmp_path / "no-events.yaml"
    path.write_text(f"board: 1\ndeal: {SAMPLE_DEAL}\n", encoding="utf-8")
    with pytest.raises(ParseError) as info:
        load_script(path)
    assert str(info.value) == f"{path}: the key 'events' is missing"


def test_director_findings_that_name_a_seat_or_suits() -> None:
    with pytest.raises(ScriptError) as info:
        parse_event("director misinformation NE", 3)
    assert (info.value.index, info.value.reason) == (
        3,
        "'director misinformation' names a seat (N, E, S or W)",
    )
    # 29C: the suits an artificial call showed, in the order of rank whatever was written
    assert parse_event("director shows c s", 4).strains == (Strain.SPADES, Strain.CLUBS)
    assert parse_event("director shows D H", 4).strains == (Strain.HEARTS, Strain.DIAMONDS)
    with pytest.raises(ScriptError) as info:
        parse_event("director revoke-found soon", 6)
    assert info.value.index == 6
    # a finding the engine does not know is refused at its event, named, with those it knows
    with pytest.raises(ScriptError) as info:
        parse_event("director mistook", 5)
    assert info.value.index == 5
    assert info.value.reason.startswith("'director mistook' is not a finding the engine knows")
    assert "unintended" in info.value.reason  # one of the findings it does know (25A)


def test_a_script_may_set_dealer_and_vulnerability_against_law_2() -> None:
    # board 1 is dealt by N with nobody vulnerable (Law 2); the script says otherwise
    data = {"board": 1, "deal": SAMPLE_DEAL, "events": [], "dealer": "W", "vulnerable": "EW"}
    board = script_from_data(data).board
    assert board.dealer.letter == "W"
    assert (board.is_vulnerable(0), board.is_vulnerable(1)) == (False, True)
    with pytest.raises(ParseError) as info:
        script_from_data({**data, "board": "7b"}, "s.yaml")
    assert str(info.value).endswith("not '7b'")


def test_a_script_text_is_bounded_and_its_bad_values_named() -> None:
    # nesting deeper than a table script needs is refused at its line; siblings do not add up
    with pytest.raises(ParseError, match=r"^f\.yaml:2: nested more than 20 levels deep"):
        parse_yaml("board: 1\nevents: " + "[" * 30 + "]" * 30 + "\n", "f.yaml")
    siblings = "".join(f"k{i}: [[[{i}]]]\n" for i in range(10))
    assert parse_yaml(siblings, "f.yaml") == {f"k{i}": [[[i]]] for i in range(10)}
    # a value YAML cannot build is named with what is wrong with it
    with pytest.raises(ParseError) as info:
        parse_yaml("board: 2024-13-45\n", "f.yaml")
    assert str(info.value) == "f.yaml: a value cannot be read: month must be in 1..12"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("N", "'N': expected '<who> <action>'"),
        ("S claim 14", "'S claim 14': claim takes a number of tricks from 0 to 13"),
        ("S concede x", "'S concede x': concede takes a number of tricks from 0 to 13"),
        ("S claim 100", "'S claim 100': claim takes a number of tricks from 0 to 13"),
    ],
)
def test_an_event_out_of_its_form_is_refused_at_its_number(text: str, reason: str) -> None:
    with pytest.raises(ScriptError) as info:
        parse_event(text, 3)
    assert (info.value.index, info.value.reason) == (3, reason)


def test_declarer_may_forbid_several_suits_written_with_commas() -> None:
    # 51B2b: "forbid S,H" forbids both suits, as "forbid S H" does
    assert parse_event("N forbid S,H", 5).suits == parse_event("N forbid S H", 5).suits
    assert [s.letter for s in parse_event("N forbid H,S", 5).suits] == ["S", "H"]


@pytest.mark.parametrize("text", ["N SA", "E 1NT!", "S forbid H D", "director shows S H", "W pass"])
def test_an_event_read_again_is_a_new_event_with_its_own_number(text: str) -> None:
    """A text read before is copied from its first reading with the new number
    (``events._renumbered``): an Event like any other, every field but the number the first
    reading's, frozen."""
    first = parse_event(text, 1)
    again = parse_event(text, 7)
    assert type(again) is Event and again is not first and again.index == 7
    names = tuple(f.name for f in dataclasses.fields(Event))
    assert [getattr(again, n) for n in names[1:]] == [getattr(first, n) for n in names[1:]]
    assert again == parse_event(text, 7) and hash(again) == hash(parse_event(text, 7))
    assert repr(again) == repr(first).replace("index=1,", "index=7,", 1)
    with pytest.raises(AttributeError):  # frozen, as a new one (FrozenInstanceError)
        again.index = 8  # type: ignore[misc]
    if events._UNFROZEN_EVENT is not None:  # pure Python: the copy's class has Event's slots
        assert vars(events._UNFROZEN_EVENT)["__slots__"] == names == vars(Event)["__slots__"]
