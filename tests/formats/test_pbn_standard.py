"""`pbn check` against what PBN 2.1 itself says.

Each game below is written for the clause it tests; the expectation is the standard's sentence
cited with it, never what the checker happened to print. The standard is PBN 2.1 (2017.02.14).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.check import check_game
from bridgelaw.formats.pbn import Problem, read_pbn

FULL = "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
# 3.6's own example: West leads H2, South wins with HA and leads CQ; West is to play next.
PLUS_DEAL = "N:KQJT98765432.3.. A.4.QJT98765432. .AKQJT98765.AK.Q .2..AKJT98765432"


def checked(text: str) -> tuple[list[Problem], list[Problem]]:
    """Every problem (the reader's and the checker's) and every note of the file's games."""
    parsed = read_pbn(text, "t.pbn")
    problems, notes = list(parsed.problems), list(parsed.notes)
    for game in parsed.games:
        report = check_game(game, "t.pbn")
        problems += report.problems
        notes += report.notes
    return problems, notes


def messages(found: list[Problem]) -> str:
    return "\n".join(str(p) for p in found)


# -- 3.4.15: the Result tag ---------------------------------------------------------------------


@pytest.mark.parametrize("value", ["EW 4 NS 9", "NS 9 EW 4", "EW 4", "NS 9", "^EW 4 NS 9", "9"])
def test_every_result_form_of_3_4_15_is_valid_without_a_declarer(value: str) -> None:
    # "EW <result> NS <result>: number of tricks won by EW resp. by NS" (3.4.15): a side's
    # tricks need no declarer to be read
    problems, _ = checked(f'[Board "13"]\n[Result "{value}"]\n')
    assert problems == []


def test_a_side_result_is_declarers_tricks_when_the_declarer_is_known() -> None:
    text = f'[Board "1"]\n[Deal "{FULL}"]\n[Declarer "S"]\n[Contract "4H"]\n[Result "EW 4 NS 9"]\n'
    parsed = read_pbn(text, "t.pbn")
    report = check_game(parsed.games[0], "t.pbn")
    assert report.problems == [] and report.tricks == 9
    assert report.ns_score == -50  # 4H one down, board 1 nobody vulnerable (Law 2, Law 77)


@pytest.mark.parametrize(
    ("value", "words"),
    [("NS 9 EW 2", "13"), ("C-2", "3.4.15"), ("NS 14", "3.4.15"), ("NS 9 NS 4", "3.4.15")],
)
def test_a_result_that_is_no_form_of_3_4_15_is_a_problem(value: str, words: str) -> None:
    problems, _ = checked(f'[Board "1"]\n[Result "{value}"]\n')
    assert len(problems) == 1 and problems[0].line == 2 and words in problems[0].message


def test_a_result_on_a_passed_out_board_is_a_problem() -> None:
    # 3.4.15: "When all 4 players pass, then the tag value is an empty string."
    text = f'[Board "1"]\n[Deal "{FULL}"]\n[Contract "Pass"]\n[Result "1"]\n'
    problems, _ = checked(text)
    assert [p.line for p in problems] == [4]
    assert "passed out" in problems[0].message and "3.4.15" in problems[0].message
    assert checked(text.replace('"1"', '""'))[0] == []
    # "0" tricks says nothing false of a board not played: read as empty, with a note
    problems, notes = checked(text.replace('[Result "1"]', '[Result "0"]'))
    assert problems == [] and any("3.4.15" in n.message for n in notes)


# -- 3.4.11: a deal that gives only some hands --------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "words"),
    [("W:KQT2.AT.J6542.852 - - -", "W holds 14"),  # one card too many
     ("W:QT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", "W holds 12"),
     ("W:KQT2.AT.J6542.85 K.63.AKQ987.A973 - -", "SK"),  # dealt to West and to North
     ("W:KQT2.AT.J6542.85 - KQ5.A8654.T.QJT6 -", "SK, SQ, HA"),  # in West's hand and East's
     ("W:- - - -", "no hand")],
)  # fmt: skip
def test_every_hand_a_partial_deal_gives_is_checked(deal: str, words: str) -> None:
    # 3.4.11: "Not all 4 hands need to be given. A hand whose cards are not given, is indicated
    # by '-'"; a hand that is given is a hand of the deal (Law 6: 13 cards, no card twice)
    problems, _ = checked(f'[Board "1"]\n[Deal "{deal}"]\n')
    assert len(problems) == 1 and problems[0].line == 2, messages(problems)
    assert words in problems[0].message


def test_a_valid_partial_deal_is_a_note_not_a_problem() -> None:
    problems, notes = checked('[Board "1"]\n[Deal "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]\n')
    assert problems == [] and any("only some hands" in n.message for n in notes)


def test_a_partial_end_position_names_only_the_trump() -> None:
    # 3.10: an end position's hands hold fewer than 13 cards, and its Contract tag gives only
    # the denomination
    text = '[Board "1"]\n[Deal "W:KQ.A.. - A8.K.. -"]\n[Contract "NT"]\n'
    assert checked(text)[0] == []
    problems, _ = checked(text.replace('[Contract "NT"]', '[Contract "3NT"]\n[Declarer "S"]'))
    assert [p.line for p in problems] == [2] and "W holds 3" in problems[0].message


# -- 3.5.4 and 3.6.4: note numbers from 1 to 32 ------------------------------------------------


@pytest.mark.parametrize(
    ("section", "line"),
    [('[Auction "N"]\n1C =33= AP\n[Note "33:x"]\n', 3),
     ('[Auction "N"]\n1C =0= AP\n[Note "0:x"]\n', 3),
     ('[Auction "N"]\n1C =1= AP\n[Note "1:x"]\n[Note "40:y"]\n', 5)],
)  # fmt: skip
def test_note_numbers_lie_between_1_and_32(section: str, line: int) -> None:
    # 3.5.4: "The value of <note_index> lies between 1 and 32."
    problems, _ = checked('[Board "1"]\n' + section)
    assert problems, section
    assert all("1 and 32" in p.message and "3.5.4" in p.message for p in problems)
    assert line in [p.line for p in problems]


def test_several_calls_may_use_the_same_note() -> None:
    # 3.5.4: "Several calls may use the same note reference."
    parsed = read_pbn('[Board "1"]\n[Auction "N"]\n1C =1= 1D =1= AP\n[Note "1:alert"]\n', "t")
    assert parsed.problems == [] and parsed.games[0].call_notes == {0: "alert", 1: "alert"}


def test_notes_1_and_32_are_valid() -> None:
    text = '[Board "1"]\n[Auction "N"]\n1C =1= 1D =32= AP\n[Note "1:a"]\n[Note "32:b"]\n'
    assert checked(text)[0] == []


# -- 3.6: '+' in the play section ---------------------------------------------------------------

PLUS_GAME = (f'[Board "1"]\n[Deal "{PLUS_DEAL}"]\n[Declarer "S"]\n[Contract "1NT"]\n'
             '[Play "W"]\nH2 H3 H4 HA\n')  # fmt: skip


def test_the_standards_own_plus_example_is_valid() -> None:
    # 3.6: "H2 H3 H4 HA / + - - CQ": South has played the last card, West is to play next
    problems, notes = checked(PLUS_GAME + "+ - - CQ\n")
    assert problems == [], messages(problems)
    assert any("to be continued" in n.message for n in notes)


@pytest.mark.parametrize(
    ("rows", "words"),
    [("+ - - CQ\n*\n", "'*'"),  # continued, and yet no more cards will be given
     ("+ + - CQ\n", "once"),  # '+' replaces the one next card
     ("+ SK - CQ\n", "after")],  # North's card played after the card not yet played
)  # fmt: skip
def test_a_plus_that_is_not_the_next_card_to_play_is_a_problem(rows: str, words: str) -> None:
    problems, _ = checked(PLUS_GAME + rows)
    assert len(problems) == 1, messages(problems)
    assert words in problems[0].message and "3.6" in problems[0].message


# -- 3.1: what an auction and a play section need before them ---------------------------------


@pytest.mark.parametrize(
    ("tags", "missing"),
    [('[Declarer "S"]\n[Contract "5HX"]\n', "Deal"),
     (f'[Deal "{FULL}"]\n[Contract "5HX"]\n', "Declarer"),
     (f'[Deal "{FULL}"]\n[Declarer "S"]\n', "Contract")],
)  # fmt: skip
def test_a_play_section_needs_deal_declarer_and_contract(tags: str, missing: str) -> None:
    # 3.1: "If the play section is present, then the tags 'Deal', 'Declarer' and 'Contract'
    # must be filled before the play section."
    problems, _ = checked('[Board "1"]\n' + tags + '[Play "W"]\n')
    assert len(problems) == 1, messages(problems)
    assert missing in problems[0].message and "3.1" in problems[0].message
    assert problems[0].line == 4


def test_an_auction_section_needs_a_dealer() -> None:
    # 3.1: "If the auction section is present, then the tag 'Dealer' must be filled before the
    # auction section."
    problems, _ = checked('[Auction "W"]\n1D AP\n')
    assert len(problems) == 1 and "Dealer" in problems[0].message and "3.1" in problems[0].message


# -- 3.4.3: the date ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value", ["1995.o6.10", "95.06.10", "2025-03-01", "20151006", "10.05.2023", "2011.10.?",
              "2023.02.30", "2013-11-23 11:23"],
)  # fmt: skip
def test_a_date_not_in_the_form_yyyy_mm_dd_is_named(value: str) -> None:
    # 3.4.3: 'the standard ten character format "YYYY.MM.DD"', question marks for digits not
    # known. A note, not a problem: the date carries nothing of the board or the play, and
    # scoring programs (BBO, BBA, BEN) write ISO dates in files that are otherwise right
    problems, notes = checked(f'[Board "1"]\n[Date "{value}"]\n')
    assert problems == []
    (note,) = [n for n in notes if "3.4.3" in n.message]
    assert note.line == 2 and value in note.message and "no date" in note.message


@pytest.mark.parametrize("value", ["1995.06.10", "1995.06.??", "????.??.??", "", "?"])
def test_dates_the_standard_allows(value: str) -> None:
    problems, notes = checked(f'[Board "1"]\n[Date "{value}"]\n')
    assert problems == [] and not [n for n in notes if "3.4.3" in n.message]


@pytest.mark.parametrize(("value", "written"), [("10.05.2023", None), ("2023.05.10", "2023-05-10")])
def test_score_event_says_when_it_cannot_read_the_date(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str, written: str | None
) -> None:
    # a date PBN 2.1 section 3.4.3 does not write is no date for the USEBIO file either: said
    # with its line on standard error, never dropped silently
    table = '[Board "1"]\n[PairNS "{}"]\n[PairEW "{}"]\n[Contract "3NT"]\n[Declarer "N"]\n'
    text = f'[Event "Club"]\n[Date "{value}"]\n' + table.format(1, 2) + '[Result "9"]\n\n'
    text += table.format(3, 4) + '[Result "8"]\n'
    source, usebio = tmp_path / "r.pbn", tmp_path / "r.xml"
    source.write_text(text)
    assert main(["score-event", str(source), "--usebio", str(usebio)]) == 0
    err = capsys.readouterr().err
    if written is None:
        assert f"{source}:2: the Date '{value}'" in err and "3.4.3" in err and "USEBIO" in err
        assert "<DATE>" not in usebio.read_text()
    else:
        assert "Date" not in err and f"<DATE>{written}</DATE>" in usebio.read_text()
