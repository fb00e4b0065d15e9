"""PBN 2.1 import format: reading leniently, writing, and the round trip."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.calls import PASS, call_name, parse_call
from bridgelaw.cards import Seat, parse_card
from bridgelaw.formats.check import check_game
from bridgelaw.formats.pbn import PbnGame, read_pbn, write_pbn

from ..helpers import SAMPLE_DEAL, random_auction, random_deal, random_play

GOOD = """% PBN 2.1
; a comment line
[Event "Club night"]
[Site "Warsaw"]
[Date "2026.11.20"]
[Board "1"]
[West "Wanda"]
[North "Nina"]
[East "Edek"]
[South "Staszek"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]
[Scoring "MP"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
1NT Pass 2C =1= Pass
2S Pass 3NT AP
[Note "1:Stayman"]
[Play "E"]
DK D8 D5 DA { East leads; the columns are E S W N }
D4 D9 D6 D2
C4 C9 C6 CK
S9 S6 S3 S2

[Event "#"]
[Site "#"]
[Board "2"]
[Deal "E:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]
[Contract "Pass"]
[Auction "E"]
AP
"""


def test_reads_tags_sections_notes_and_inherited_values() -> None:
    result = read_pbn(GOOD, "good.pbn")
    assert result.problems == []
    first, second = result.games
    assert first.tags["North"] == "Nina" and first.board_number == 1
    assert [call_name(c) for c in first.calls] == [
        "1NT", "pass", "2C", "pass", "2S", "pass", "3NT", "pass", "pass", "pass"
    ]  # fmt: skip
    assert first.call_notes == {2: "Stayman"}
    assert first.play_start == Seat.EAST
    # columns are E S W N: in trick 2 North won trick 1 and led D2 first
    assert first.played_cards()[:8] == [parse_card(w) for w in "DK D8 D5 DA D2 D4 D9 D6".split()]
    # "#" repeats the previous game's value (PBN inheritance)
    assert second.tags["Event"] == "Club night" and second.tags["Site"] == "Warsaw"
    assert second.dealer == Seat.EAST  # board 2 by Law 2, no Dealer tag
    assert second.vulnerability == Vulnerability.NS
    assert second.contract is not None and second.contract.is_passed_out
    assert second.calls == [PASS] * 4


def test_partial_play_in_the_check_is_consistent_with_the_result() -> None:
    game = read_pbn(GOOD, "good.pbn").games[0]
    report = check_game(game, "good.pbn")
    # 4 tricks played, NS won 3 (DA, D9, CK; East's S9 took the 4th): 9 are still reachable
    assert report.problems == []
    assert report.ns_score == 400 and report.opening_lead == "DK"


def test_problems_are_collected_with_lines_and_reading_goes_on() -> None:
    text = "\n".join([
        '[Board "1"]',                       # 1
        '[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]',
        'Board "2"]',                        # 3: not a tag
        '[Auction "N"]',                     # 4
        "1NT Pass 2Z Pass",                  # 5: not a call
        "=4=",                               # 6: a note never given
        '[Play "E"]',                        # 7
        "DK D8 XX DA",                       # 8: not a card
        "",
        '[Board "1"]',                       # 10
        '[Board "2"]',                       # 11: given again: ignored (PBN 2.1 3.4), a note
        '[Dealer "#"]',                      # 12: "#" is forbidden for Dealer (4.8)
    ])  # fmt: skip
    result = read_pbn(text, "bad.pbn")
    lines = {(p.line, p.message.split(":")[0].split(" (")[0]) for p in result.problems}
    assert [p.line for p in result.problems] == [3, 5, 8, 6, 12]
    assert all(p.file == "bad.pbn" for p in result.problems)
    assert len(result.games) == 2 and len(lines) == 5
    assert [n.line for n in result.notes] == [11] and result.games[1].board_number == 1
    assert "2Z" in result.problems[1].message and "XX" in result.problems[2].message


def test_check_reports_illegal_auction_play_and_wrong_result() -> None:
    text = f"""[Board "1"]
[Deal "{SAMPLE_DEAL}"]
[Contract "2H"]
[Declarer "S"]
[Result "12"]
[Auction "N"]
1NT 1S Pass 1H
"""
    game = read_pbn(text, "x.pbn").games[0]
    messages = [str(p) for p in check_game(game, "x.pbn").problems]
    assert any("x.pbn:7:" in m and "Law 27" in m for m in messages)  # 1H insufficient

    revoke = f"""[Board "1"]
[Deal "{SAMPLE_DEAL}"]
[Contract "3NT"]
[Declarer "N"]
[Result "9"]
[Play "E"]
DK S8 D5 DA
"""
    problems = check_game(read_pbn(revoke, "r.pbn").games[0], "r.pbn").problems
    assert len(problems) == 1 and problems[0].line == 7 and "61A" in problems[0].message

    wrong = f"""[Board "1"]
[Deal "{SAMPLE_DEAL}"]
[Contract "3NT"]
[Declarer "N"]
[Result "13"]
[Auction "N"]
3NT AP
[Play "E"]
DK D8 D5 DA
"""
    problems = check_game(read_pbn(wrong, "w.pbn").games[0], "w.pbn").problems
    # after one trick, 13 tricks are still possible: no problem yet; make the result impossible
    assert problems == []
    impossible = wrong.replace('[Result "13"]', '[Result "0"]')
    problems = check_game(read_pbn(impossible, "w.pbn").games[0], "w.pbn").problems
    assert [p.line for p in problems] == [5]


def test_check_contract_tag_against_the_auction() -> None:
    text = f"""[Board "1"]
[Deal "{SAMPLE_DEAL}"]
[Contract "4S"]
[Declarer "E"]
[Auction "N"]
1S Pass 2S Pass
4S AP
"""
    problems = check_game(read_pbn(text, "c.pbn").games[0], "c.pbn").problems
    assert [p.line for p in problems] == [4]  # declarer should be N
    assert "Law 22" in problems[0].message


def test_writer_output_layout() -> None:
    board = Board.numbered(3, random_deal(random.Random(7)))
    calls = [parse_call(w) for w in "pass 1H pass 4H pass pass pass".split()]
    text = write_pbn([PbnGame.from_board(board, calls, call_notes={1: "five cards"})])
    lines = text.splitlines()
    assert lines[0] == "% PBN 2.1"
    assert '[Dealer "S"]' in lines and '[Vulnerable "EW"]' in lines
    auction = lines.index('[Auction "S"]')
    assert lines[auction + 1] == "Pass 1H =1= Pass 4H"
    assert lines[auction + 2] == "Pass Pass Pass"
    assert lines[auction + 3] == '[Note "1:five cards"]'


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    number=st.integers(1, 200),
    cards=st.integers(0, 52),
    odd_markings=st.booleans(),
    games=st.integers(1, 3),
)
def test_round_trip_random_boards(
    seed: int, number: int, cards: int, odd_markings: bool, games: int
) -> None:
    rng = random.Random(seed)
    written = []
    for i in range(games):
        dealer = Seat(rng.randrange(4)) if odd_markings else None
        vul = Vulnerability(rng.randrange(4)) if odd_markings else None
        board = Board.numbered(number + i, random_deal(rng), dealer, vul)
        auction = random_auction(rng, board.dealer, pass_weight=rng.randrange(15))
        contract, declarer = auction.contract, auction.declarer
        played: list[int] = []
        result = None
        if declarer is not None and contract is not None:
            play = random_play(rng, board.deal, declarer, contract.strain, cards)
            played = list(play.played)
            result = play.declarer_tricks if play.is_over else None
        notes = {0: 'a "quoted" note'} if rng.random() < 0.3 else {}
        written.append(PbnGame.from_board(
            board, auction.calls, played, contract=contract, declarer=declarer,
            result=result, tags={"Event": "Round trip", "Scoring": "IMP"}, call_notes=notes,
        ))  # fmt: skip
    read = read_pbn(write_pbn(written), "rt.pbn")
    assert read.problems == []
    assert len(read.games) == len(written)
    for before, after in zip(written, read.games, strict=True):
        assert after.board == before.board
        assert after.calls == before.calls and after.call_notes == before.call_notes
        assert after.contract == before.contract and after.declarer == before.declarer
        assert after.result == before.result
        assert after.played_cards() == before.played_cards()
        assert after.tags["Event"] == "Round trip"
        assert check_game(after, "rt.pbn").problems == []


def test_check_explains_an_impossible_contract() -> None:
    text = f'[Board "1"]\n[Deal "{SAMPLE_DEAL}"]\n[Contract "9S"]\n'
    problems = check_game(read_pbn(text, "c.pbn").games[0], "c.pbn").problems
    assert [p.line for p in problems] == [3]
    assert "Law 38" in problems[0].message


def test_an_unknown_card_ends_the_played_sequence_within_its_trick() -> None:
    # PBN 3.6: '-' is a card not known. North leads the first trick; East's card is unknown,
    # so South's and West's cards cannot be put in playing order: the sequence stops at East.
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]\n'
        '[Declarer "W"]\n[Contract "1NT"]\n[Result "7"]\n[Play "N"]\n'
        "SA - S6 S3\n*\n"
    )
    game = read_pbn(text, "x.pbn").games[0]
    assert game.played_cards() == [parse_card("SA")]
