"""``bridgelaw convert``: every pair of formats keeps the boards; PBN and LIN keep the table.

Round trips are the expectation here: what one format says, the other must say back, and what a
target cannot hold must be named, never lost silently.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.auction import Auction
from bridgelaw.boards import Board, Vulnerability
from bridgelaw.calls import PASS
from bridgelaw.cards import Card, Deal, Seat, parse_card
from bridgelaw.cli import main
from bridgelaw.commands.convert import ConvertError, convert_data
from bridgelaw.dealing.numbering import DEAL_COUNT, number_to_deal
from bridgelaw.formats.deal_files import FORMATS, format_by_name
from bridgelaw.formats.lin import LinGame, read_lin_games, write_lin_games
from bridgelaw.formats.pbn import read_pbn
from bridgelaw.play import trick_winner

DATA = Path(__file__).parents[1] / "data" / "lin"
LIN, PBN = format_by_name("lin"), format_by_name("pbn")


# -- deals: every pair of formats ----------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    numbers=st.lists(st.integers(0, DEAL_COUNT - 1), min_size=1, max_size=5),
    first=st.integers(1, 95),
)
def test_every_pair_of_formats_keeps_the_boards(numbers: list[int], first: int) -> None:
    boards = [Board.numbered(first + i, number_to_deal(n)) for i, n in enumerate(numbers)]
    for source in FORMATS.values():
        data = source.write(boards, [])
        for target in FORMATS.values():
            converted = convert_data(data, source, target, f"in{source.suffix}", first)
            back = target.read(converted.data, f"out{target.suffix}", first)
            assert back == boards, (source.name, target.name)
            assert converted.boards == len(boards)
            if not target.numbered:
                assert any("board numbers not written" in d for d in converted.dropped)


def test_markings_a_machine_cannot_hold_are_refused_not_changed() -> None:
    odd = Board.numbered(1, number_to_deal(7), Seat.WEST, Vulnerability.BOTH)
    data = PBN.write([odd], [])
    for name in ("dlm", "dup", "bri", "dge", "ber"):
        with pytest.raises(ConvertError, match="Law 2 markings"):
            convert_data(data, PBN, format_by_name(name))
    # the formats that hold any marking keep it
    for name in ("lin", "csv", "pbn"):
        target = format_by_name(name)
        assert target.read(convert_data(data, PBN, target).data, "x", 1) == [odd]


# -- PBN <-> LIN: players, auction, alerts, play, result ------------------------------------------

NAMES = st.sampled_from(["", "Ann", "Bo Li", "Jérôme", "Zoë K."])
EXPLANATIONS = st.sampled_from(["", "strong", "5+ hearts", "Ghestem: both majors"])


@st.composite
def games(draw: st.DrawFn) -> LinGame:
    """A board with a legal auction (possibly unfinished), a legal play prefix and a claim."""
    deal = number_to_deal(draw(st.integers(0, DEAL_COUNT - 1)))
    number = draw(st.integers(1, 40))
    dealer = draw(st.sampled_from(list(Seat)))
    board = Board.numbered(number, deal, dealer, draw(st.sampled_from(list(Vulnerability))))
    auction = Auction(dealer)
    for _ in range(draw(st.integers(0, 24))):
        if auction.is_over:
            break
        legal = list(auction.legal_calls())
        call = PASS if draw(st.integers(0, 2)) == 0 else draw(st.sampled_from(legal))
        auction.push(call)
    calls = list(auction.calls)
    alerts = {i: draw(EXPLANATIONS) for i in range(len(calls)) if draw(st.integers(0, 4)) == 0}
    players = (draw(NAMES), draw(NAMES), draw(NAMES), draw(NAMES))
    game = LinGame(board, draw(st.sampled_from(["o", "c"])), players, calls, alerts)
    contract, declarer = auction.contract, auction.declarer
    if contract is None or declarer is None:
        return game
    game.played = _play(draw, deal, declarer, contract.strain, draw(st.integers(0, 52)))
    if len(game.played) < 52 and draw(st.booleans()):
        # a claim of declarer's tricks in all: at least those won, at most those plus the
        # tricks still to play (Laws 68-69; PBN 3.4.15 and `pbn check` hold a Result to it)
        won, done = _won(game.played, declarer, contract.strain), len(game.played) // 4
        game.claim = draw(st.integers(won, won + 13 - done))
    return game


def _won(played: list[Card], declarer: Seat, strain: int) -> int:
    leader, won = declarer.lho, 0
    for start in range(0, len(played) - len(played) % 4, 4):
        leader = Seat((leader + trick_winner(played[start : start + 4], strain)) & 3)
        won += leader.side == declarer.side
    return won


def _play(draw: st.DrawFn, deal: Deal, declarer: Seat, strain: int, count: int) -> list[Card]:
    """``count`` cards of a legal play (Law 44C: follow suit when able)."""
    hands = list(deal.hands)
    leader = declarer.lho
    trick: list[Card] = []
    out: list[Card] = []
    for _ in range(count):
        seat = (leader + len(trick)) & 3
        cards = [c for c in range(52) if hands[seat] >> c & 1]
        if trick:
            same = [c for c in cards if c // 13 == trick[0] // 13]
            cards = same or cards
        card = draw(st.sampled_from(cards))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        out.append(card)
        if len(trick) == 4:
            leader = Seat((leader + trick_winner(trick, strain)) & 3)
            trick = []
    return out


def _facts(g: LinGame) -> tuple[object, ...]:
    return (g.board, g.room, g.players, g.calls, g.alerts, g.played, g.result)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_lin_to_pbn_to_lin_keeps_the_table(game: LinGame) -> None:
    pbn = convert_data(write_lin_games([game]), LIN, PBN, "in.lin")
    assert pbn.dropped == []
    (pbn_game,) = read_pbn(pbn.data.decode(), "mid.pbn").games
    # what PBN says about the table is what the LIN file said
    assert pbn_game.board == game.board
    assert pbn_game.calls == game.calls
    assert pbn_game.contract == game.contract
    if game.contract is not None and not game.contract.is_passed_out:
        assert pbn_game.declarer == game.declarer
        assert pbn_game.played_cards() == game.played
        assert pbn_game.result == game.result
    lin = convert_data(pbn.data, PBN, LIN, "mid.pbn")
    assert lin.dropped == []
    (back,) = read_lin_games(lin.data, "back.lin").games
    assert _facts(back) == _facts(game)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_pbn_to_lin_to_pbn_keeps_the_table(game: LinGame) -> None:
    first = convert_data(write_lin_games([game]), LIN, PBN, "in.lin").data
    there = convert_data(first, PBN, LIN, "in.pbn")
    again = convert_data(there.data, LIN, PBN, "mid.lin").data
    (a,) = read_pbn(first.decode(), "a.pbn").games
    (b,) = read_pbn(again.decode(), "b.pbn").games
    assert a.tags == b.tags
    assert (a.calls, a.call_notes, a.tricks) == (b.calls, b.call_notes, b.tricks)


def test_pbn_facts_lin_cannot_hold_are_named() -> None:
    text = (
        '[Event "Club night"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
        '[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n'
    )
    result = convert_data(text.encode(), PBN, LIN, "x.pbn")
    assert any("Event" in d and "LIN" in d for d in result.dropped)
    assert any("contract without its auction" in d for d in result.dropped)


# -- the command ---------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["convert", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_command_converts_by_suffix_and_says_what_it_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "set.dlm"
    code, out, err = run(capsys, str(DATA / "alerts_play_claim.lin"), str(target))
    assert code == 0 and out == ""
    assert "players, auction, play and result dropped: .dlm holds deals only" in err
    assert f"wrote {target}: 1 board (lin to dlm)" in err
    assert format_by_name("dlm").read(target.read_bytes(), "x", 1)[0].number == 1


def test_command_keeps_the_table_lin_to_pbn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.txt"
    source = DATA / "alerts_play_claim.lin"
    code, out, err = run(capsys, str(source), str(target), "--to", "pbn", "--json")
    assert code == 0 and "dropped" not in err
    assert json.loads(out)["boards"] == 1
    (game,) = read_pbn(target.read_text(), "out.txt").games
    assert (game.tags["Contract"], game.tags["Declarer"], game.tags["Result"]) == ("7NT", "N", "13")
    assert game.tags["South"] == "Sam" and game.call_notes[0] == "strong, artificial"


def test_stray_bar_is_a_note_and_the_file_is_converted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "vg.pbn"
    code, _, err = run(capsys, str(DATA / "vugraph_stray_bar.lin"), str(target))
    assert code == 0
    assert "note:" in err and "vugraph_stray_bar.lin:3:" in err
    assert len(read_pbn(target.read_text(), "vg.pbn").games) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["in.xyz", "out.pbn"], "cannot tell the format of in.xyz"),
        (["in.lin", "out.xyz"], "cannot tell the format of out.xyz"),
        (["in.lin", "out.pbn", "--to", "xls"], "unknown format 'xls'"),
        (["missing.lin", "out.pbn"], "no such file: missing.lin"),
        (["in.lin", "nofolder/out.pbn"], "no such folder"),
    ],
)
def test_usage_errors_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.lin").write_bytes((DATA / "qx_label.lin").read_bytes())
    (tmp_path / "in.xyz").write_bytes(b"")
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out.pbn").exists()


@pytest.mark.parametrize(
    ("name", "content", "target", "message"),
    [
        ("bad.lin", b"qx|o1|md|3SAKQJHAKQDAKQCAKQ,,,|", "out.pbn", "bad.lin:1: N holds"),
        ("bad.dup", b"x" * 155, "out.pbn", "not a whole number of 156-byte records"),
        ("big.lin", None, "out.dlm", "boards 1 to 99 only, not board 120"),
    ],
)
def test_bad_input_exits_1_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: bytes | None,
    target: str,
    message: str,
) -> None:
    source = tmp_path / name
    if content is None:  # a board the target cannot number
        boards = [Board.numbered(120, number_to_deal(1))]
        content = format_by_name("lin").write(boards, [])
    source.write_bytes(content)
    out_path = tmp_path / target
    out_path.write_bytes(b"the user's old file")
    code, out, err = run(capsys, str(source), str(out_path))
    assert code == 1 and out == ""
    assert message in err and "nothing written" in err
    assert len(err.strip().splitlines()) == 1
    assert out_path.read_bytes() == b"the user's old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, target])


def test_pbn_games_without_a_board_tag_are_numbered_from_first_board_with_a_note() -> None:
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    text = f'[Dealer "S"]\n[Vulnerable "All"]\n[Deal "{deal}"]\n\n[Deal "{deal}"]\n'
    result = convert_data(text.encode(), PBN, LIN, "snippet.pbn", first_board=5)
    boards = [g.board for g in read_lin_games(result.data).games]
    # the first from --first-board, the next on from it; Law 2 marks what no tag says
    assert [(b.number, b.dealer, b.vulnerability) for b in boards] == [
        (5, Seat.SOUTH, Vulnerability.BOTH),
        (6, Seat.EAST, Vulnerability.EW),
    ]
    assert result.notes == [
        "snippet.pbn:1: no board number: numbered 5, from --first-board",
        "snippet.pbn:5: no board number: numbered 6, from --first-board",
    ]
    # without --first-board no number is made up: each game is a problem with its line
    with pytest.raises(ConvertError) as refused:
        convert_data(text.encode(), PBN, LIN, "snippet.pbn")
    *left_out, refusal = refused.value.problems
    assert [(p.line, "--first-board" in p.message) for p in left_out] == [(1, True), (5, True)]
    assert "no game gives a whole deal and a board number" in refusal.message


def test_room_tag_only_for_a_two_room_file() -> None:
    one_room = convert_data((DATA / "alerts_play_claim.lin").read_bytes(), LIN, PBN).data
    assert b"[Room" not in one_room
    two_rooms = convert_data((DATA / "vugraph_stray_bar.lin").read_bytes(), LIN, PBN).data
    assert two_rooms.count(b'[Room "Open"]') == 2 and two_rooms.count(b'[Room "Closed"]') == 1


def test_deal_only_target_writes_a_vugraph_board_once() -> None:
    result = convert_data((DATA / "vugraph_stray_bar.lin").read_bytes(), LIN, format_by_name("csv"))
    assert result.boards == 2
    assert (
        "1 repeated table of a board (another room, the same deal) written once" in result.dropped
    )


_DEAL_TAG = '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'


def test_pbn_without_a_contract_tag_takes_the_auctions_contract_play_and_result() -> None:
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + _DEAL_TAG + '[Result "13"]\n'
        '[Auction "N"]\n7NT Pass Pass Pass\n[Play "E"]\nST S3 S2 SA\nS9 S4 H2 SK\n'
    )
    result = convert_data(text.encode(), PBN, LIN, "x.pbn")
    assert result.dropped == []
    (game,) = read_lin_games(result.data).games
    # PBN lists each trick from East (the Play tag); North's ace won trick 1 and North led SK
    assert game.played == [parse_card(c) for c in "ST S3 S2 SA SK S9 S4 H2".split()]
    assert game.result == 13


def test_an_unknown_card_ends_the_play_and_is_named() -> None:
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + _DEAL_TAG + '[Contract "7NT"]\n'
        '[Declarer "N"]\n[Result "13"]\n[Auction "N"]\n7NT Pass Pass Pass\n'
        '[Play "E"]\nST - S2 SA\n*\n'
    )
    result = convert_data(text.encode(), PBN, LIN, "x.pbn")
    (game,) = read_lin_games(result.data).games
    assert game.played == [parse_card("ST")]  # South's card is unknown: West's S2 is not 2nd
    assert "cards played after an unknown one dropped: LIN has no unknown card" in result.dropped


def test_unknown_tags_are_not_reported_as_lost() -> None:
    # as Big Deal writes a set: "?" (PBN 3.4, unknown) for what no dealer can know
    text = (
        '[Event "?"]\n[Site "?"]\n[Board "1"]\n[West "?"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        + _DEAL_TAG
        + '[Contract "?"]\n[Result "?"]\n[Generator "Big Deal"]\n'
    )
    to_lin = convert_data(text.encode(), PBN, LIN, "bd.pbn")
    assert to_lin.dropped == ["the tag Generator dropped: LIN has no place for it"]
    to_csv = convert_data(
        text.replace('[Generator "Big Deal"]\n', "").encode(), PBN, FORMATS["csv"]
    )
    assert to_csv.dropped == []


@settings(max_examples=200, deadline=None)
@given(source=st.sampled_from(sorted(FORMATS)), data=st.binary(max_size=400))
def test_any_bytes_convert_or_give_one_error(source: str, data: bytes) -> None:
    try:
        result = convert_data(data, FORMATS[source], PBN, f"fuzz.{source}")
    except ConvertError as error:
        assert "\n" not in str(error)
        return
    assert result.boards >= 1 or source == "pbn"  # PBN to PBN: a file of no games is valid PBN
