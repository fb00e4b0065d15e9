"""Deal files: each format against its own rules and against published examples, and by round trip.

Independent references used here:

* Jannersten's Duplimate "Convert" note: a worked example of one board as a BRI part (three hands
  of unsorted card numbers) and as a DGE part (four hands with suit symbols), and the last ten
  bytes of a ``.dup`` record for a set of 32 boards, ``YN1  1 32 ``.
* Two ``Board 01=`` lines from real ``.dlm`` files, quoted in a rec.games.bridge answer (with the
  answer's own pair-by-pair decoding) and in a Bridge Base Online forum thread; their checksums.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat, parse_card, parse_hand_pbn
from bridgelaw.dealing.dealer import SecureDealer
from bridgelaw.dealing.numbering import number_to_deal
from bridgelaw.errors import ParseError
from bridgelaw.formats.ber import read_ber, write_ber
from bridgelaw.formats.bri import parse_bri_part, read_bri, write_bri
from bridgelaw.formats.csv_deals import read_csv, write_csv
from bridgelaw.formats.deal_files import (
    FORMATS,
    format_by_name,
    read_deal_file,
    read_pbn_deals,
    write_file_atomic,
    write_pbn_deals,
)
from bridgelaw.formats.dge import dge_part, read_dge, write_dge
from bridgelaw.formats.dlm import read_dlm, write_dlm
from bridgelaw.formats.dup import read_dup, write_dup
from bridgelaw.formats.lin import read_lin, write_lin
from bridgelaw.formats.machine import FormatLimitError
from bridgelaw.formats.pbn import FileProblems

BOARDS = SecureDealer(bytes.fromhex("f0" * 32)).boards(range(1, 37))

# -- the Duplimate "Convert" note's example board ------------------------------------------------

NOTE_BRI = (
    "18043727240822422106250717" "51503215164929412640314645" "43351128302039140152133403"
)  # fmt: skip
NOTE_DGE = "♠J987♥JT7643♦A4♣Q♠♥KQ2♦QT9♣AK98543♠AQ42♥A8♦KJ762♣J2♠KT653♥95♦853♣T76"
NOTE_DEAL = Deal(
    [
        parse_hand_pbn("J987.JT7643.A4.Q"),
        parse_hand_pbn(".KQ2.QT9.AK98543"),
        parse_hand_pbn("AQ42.A8.KJ762.J2"),
        parse_hand_pbn("KT653.95.853.T76"),
    ]
)
DOS_SYMBOLS = str.maketrans({"♠": "\x06", "♥": "\x03", "♦": "\x04", "♣": "\x05"})


def test_bri_part_reads_the_notes_example() -> None:
    # 01 is the spade ace, 52 the club two; West is what the three hands leave.
    assert parse_bri_part(NOTE_BRI.encode(), "note") == NOTE_DEAL


def test_dge_part_writes_the_notes_example() -> None:
    assert dge_part(NOTE_DEAL) == NOTE_DGE.translate(DOS_SYMBOLS).encode("ascii")


def test_dup_reads_a_record_built_from_the_note() -> None:
    record = NOTE_BRI.encode() + NOTE_DGE.translate(DOS_SYMBOLS).encode() + b"YN1  1 1  "
    assert len(record) == 156
    (board,) = read_dup(record, "note.dup")
    assert board.number == 1 and board.deal == NOTE_DEAL


def test_dup_trailer_for_a_set_of_32_is_the_notes() -> None:
    data = write_dup(BOARDS[:32])
    assert len(data) == 32 * 156
    for i in range(32):
        record = data[156 * i : 156 * (i + 1)]
        assert record[146:] == b"YN1  1 32 "
        assert parse_bri_part(record[:78], "x") == BOARDS[i].deal
    assert [b.deal for b in read_dup(data)] == [b.deal for b in BOARDS[:32]]


def test_dup_accepts_a_blank_screen_and_refuses_disagreeing_parts() -> None:
    data = bytearray(write_dup(BOARDS[:2]))
    data[78:146] = b" " * 68  # the screen-blanking variant
    assert read_dup(bytes(data))[0].deal == BOARDS[0].deal
    other = dge_part(BOARDS[1].deal)
    data[78:146] = other
    with pytest.raises(ParseError, match=r"x.dup: record 1, byte 79: the DGE part shows"):
        read_dup(bytes(data), "x.dup")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d[:-1], "not a whole number of 156-byte records"),
        (lambda d: b"X" + d[1:], r"record 1, byte 1: b'X.' is not a two-digit"),
        (lambda d: d[:146] + b"QN" + d[148:], "must be Y or N"),
        (lambda d: d[:148] + b"7  " + d[151:], "differ|boards 7 to"),
        (lambda d: d[2:4] + d[2:], r"record 1, byte 3: card number \d\d appears twice"),
        (lambda d: b"01" + d[2:] if d[:2] != b"01" else b"02" + d[2:], "another deal|twice"),
    ],
)
def test_dup_refuses_broken_files(change: Callable[[bytes], bytes], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_dup(change(write_dup(BOARDS[:3])), "x.dup")


# -- .dlm ----------------------------------------------------------------------------------------

NEWSGROUP_LINE = "jlifaelnecgmoldfjmcflinlap023"
NEWSGROUP_DECODED = "SE SW SN EE NN EN SW WE EN NS ES WN WS SW NW EE SE WN NS EE SW SN WE SW NN WW"
FORUM_LINE = "cgcajjjnakpkchipnjhmbmbpbh022"


def _dlm(board_line: str, low: int = 1, high: int = 1, checksum: int | None = None) -> bytes:
    check = 0 ^ low ^ high ^ 1 if checksum is None else checksum
    lines = ["[Document]", "Headline=test", "Status=Show", "Duplicates=0",
             f"From board={low}", f"To board={high}", "Crypto key=0", f"Checksum={check}",
             f"Board 01={board_line}"]  # fmt: skip
    return ("\r\n".join(lines) + "\r\n").encode()


@pytest.mark.parametrize("line", [NEWSGROUP_LINE, FORUM_LINE])
def test_dlm_reads_board_lines_from_real_files(line: str) -> None:
    (board,) = read_dlm(_dlm(line), "real.dlm")
    assert board.number == 1 and all(h.bit_count() == 13 for h in board.deal.hands)


def test_dlm_letters_decode_as_the_newsgroup_answer_decodes_them() -> None:
    (board,) = read_dlm(_dlm(NEWSGROUP_LINE))
    ranks = "AKQJT98765432"
    order = [parse_card(s + r) for s in "SHDC" for r in ranks]  # spade ace ... club two
    pairs = NEWSGROUP_DECODED.replace(" ", "")
    for i, pair in enumerate(pairs[j : j + 2] for j in range(0, 52, 2)):
        assert board.deal.holder(order[2 * i]).letter == pair[0]
        assert board.deal.holder(order[2 * i + 1]).letter == pair[1]


def test_dlm_writes_the_documented_layout() -> None:
    text = write_dlm(BOARDS).decode("ascii")
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    assert lines[0] == "[Document]"
    assert "From board=1" in lines and "To board=36" in lines and "Status=Show" in lines
    assert "Checksum=36" in lines  # 0 XOR 1 XOR 36, XOR 1 for Show: worked by hand
    board_lines = [x for x in lines if x.startswith("Board ")]
    assert len(board_lines) == 99  # always boards 01 to 99
    assert sum(x.startswith("Duplicates ") for x in lines) == 99
    for line in board_lines:
        number, value = int(line[6:8]), line[9:]
        letters, checksum = value[:26], int(value[26:])
        assert len(value) == 29 and set(letters) <= set("abcdefghijklmnop")
        expected = number
        for ch in letters:
            expected ^= ord(ch)
        assert checksum == expected
    assert [b.deal for b in read_dlm(text.encode())] == [b.deal for b in BOARDS]


def test_dlm_sealed_status_changes_the_header_checksum() -> None:
    text = write_dlm(BOARDS[4:10], show=False).decode()
    assert "Status=Sealed" in text and "Checksum=15" in text  # 0 ^ 5 ^ 10, no XOR 1
    assert [b.number for b in read_dlm(text.encode())] == list(range(5, 11))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_dlm(NEWSGROUP_LINE[:-3] + "024"), r"real.dlm:9: board 1: the checksum is 024, but"),
        (_dlm("k" + NEWSGROUP_LINE[1:]), "checksum"),
        (_dlm(NEWSGROUP_LINE, checksum=0), r"real.dlm:8: the header checksum is 0"),
        (_dlm(NEWSGROUP_LINE, high=2, checksum=0 ^ 1 ^ 2 ^ 1), "board 2 is missing"),
        (_dlm("q" + NEWSGROUP_LINE[1:]), "26 letters a-p"),
        (_dlm(NEWSGROUP_LINE).replace(b"Crypto key=0", b"Crypto key=77"), "encrypted"),
        (_dlm(NEWSGROUP_LINE).replace(b"Status=Show", b"Status=Maybe"), "Show or Sealed"),
        (b"hello\r\n", "KEY=VALUE"),
        (b"", "no \\[Document\\] section"),
    ],
)
def test_dlm_refuses_corrupt_files(data: bytes, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_dlm(data, "real.dlm")


def test_dlm_refuses_a_deal_with_a_wrong_count_but_good_checksum() -> None:
    letters = "a" * 26  # every card to North
    checksum = 1
    for ch in letters:
        checksum ^= ord(ch)
    with pytest.raises(ParseError, match="holds 52 cards"):
        read_dlm(_dlm(f"{letters}{checksum:03d}"))


# -- .bri, .dge, .ber ----------------------------------------------------------------------------


def test_bri_records_are_128_bytes_with_space_and_zero_filler() -> None:
    data = write_bri(BOARDS)
    assert len(data) == 36 * 128
    for i in range(36):
        record = data[128 * i : 128 * (i + 1)]
        assert record[:78].isdigit()
        assert record[78:] == b" " * 32 + b"\x00" * 18
        numbers = [int(record[j : j + 2]) for j in range(0, 78, 2)]
        assert numbers[:13] == sorted(numbers[:13])  # the writer sorts each hand
    back = read_bri(data, "x.bri", first_board=5)
    assert [b.number for b in back] == list(range(5, 41))
    assert [b.deal for b in back] == [b.deal for b in BOARDS]


def test_bri_reads_the_one_line_a_board_variant() -> None:
    data = (NOTE_BRI + "\r\n" + NOTE_BRI + "\r\n").encode()
    assert [b.deal for b in read_bri(data)] == [NOTE_DEAL, NOTE_DEAL]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"01" * 39 + b" " * 50, "byte 3: card number 01 appears twice"),
        (b"53" + NOTE_BRI[2:].encode() + b" " * 50, "not 01-52"),
        (NOTE_BRI.encode() + b"x" * 50, "filler"),
        (NOTE_BRI.encode(), "whole number of 128-byte records"),
    ],
)
def test_bri_refuses_broken_files(data: bytes, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_bri(data, "x.bri")


def test_dge_records_are_68_bytes_and_60_zero_bytes() -> None:
    data = write_dge(BOARDS)
    assert len(data) == 36 * 128
    for i in range(36):
        record = data[128 * i : 128 * (i + 1)]
        assert record[68:] == b"\x00" * 60
        for seat in range(4):
            hand = record[17 * seat : 17 * seat + 17]
            assert [b for b in hand if b < 32] == [6, 3, 4, 5]  # spades, hearts, diamonds, clubs
    assert [b.deal for b in read_dge(data)] == [b.deal for b in BOARDS]


def test_dge_refuses_a_record_without_suit_symbols() -> None:
    record = b"AKQJT98765432" * 5 + b"AKQ" + b"\x00" * 60
    with pytest.raises(ParseError, match=r"x.dge: record 1, byte 1: unexpected byte"):
        read_dge(record, "x.dge")


def test_ber_is_one_seat_digit_a_card_from_the_spade_ace() -> None:
    # deal 0: North the clubs, East the diamonds, South the hearts, West the spades
    data = write_ber([Board.numbered(1, number_to_deal(0))])
    assert data == b"4" * 13 + b"3" * 13 + b"2" * 13 + b"1" * 13
    assert len(write_ber(BOARDS)) == 36 * 52
    assert [b.deal for b in read_ber(write_ber(BOARDS))] == [b.deal for b in BOARDS]


@pytest.mark.parametrize(
    ("data", "message"),
    [(b"5" * 52, r"record 1, byte 1: b'5' is not a seat digit"),
     (b"1" * 52, "holds 52 cards"), (b"1234" * 14, "whole number of 52-byte records")],
)  # fmt: skip
def test_ber_refuses_broken_files(data: bytes, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_ber(data, "x.ber")


# -- LIN and CSV ---------------------------------------------------------------------------------


def test_lin_reads_a_bbo_style_line_with_three_hands() -> None:
    # Dealer 3 = North; hands South, West, North; East holds the rest.
    text = (
        "pn|a,b,c,d|st||md|3SAKQJHAKQDAKQCAKQ,S2H2D2C23456789TJ,ST9876H9876D9876C|"
        "rh||ah|Board 14|sv|b|mb|p|pg||\n"
    )
    (board,) = read_lin(text.encode(), "x.lin")
    assert board.number == 14 and board.dealer == Seat.NORTH
    assert board.vulnerability == Vulnerability.BOTH
    assert board.deal[Seat.SOUTH] == parse_hand_pbn("AKQJ.AKQ.AKQ.AKQ")
    assert board.deal[Seat.WEST] == parse_hand_pbn("2.2.2.JT98765432")
    assert board.deal[Seat.NORTH] == parse_hand_pbn("T9876.9876.9876.")
    assert board.deal[Seat.EAST] == parse_hand_pbn("543.JT543.JT543.")


def test_lin_writes_dealer_digits_and_vulnerability_letters() -> None:
    lines = write_lin(BOARDS[:4]).decode().splitlines()
    # boards 1-4: dealers N, E, S, W are LIN's 3, 4, 1, 2; vulnerability none, NS, EW, both
    assert [x.split("|")[3][0] for x in lines] == ["3", "4", "1", "2"]
    assert [x.split("|")[9] for x in lines] == ["o", "n", "e", "b"]
    assert [b.deal for b in read_lin("".join(x + "\n" for x in lines).encode())] == [
        b.deal for b in BOARDS[:4]
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [("md|3SAK,SQ|", "2 hands"), ("md|9SA,SK,SQ|", "dealer 9"), ("md|3SAZ,,,|", "'Z'"),
     ("qx|o1|sv|z|md|3SA,SK,SQ|", "not a vulnerability"), ("ah|x|", "no board")],
)  # fmt: skip
def test_lin_refuses_bad_boards(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_lin(text.encode(), "x.lin")


def test_csv_has_a_header_and_keeps_every_marking() -> None:
    odd = Board.numbered(3, BOARDS[0].deal, Seat.WEST, Vulnerability.BOTH)
    data = write_csv([odd, *BOARDS[1:]])
    assert data.splitlines()[0] == b"Board,Dealer,Vulnerable,North,East,South,West"
    back = read_csv(data)
    assert back[0] == odd and back[1:] == BOARDS[1:]


@pytest.mark.parametrize(
    ("text", "message"),
    [("Board,Dealer\n", "lacks the column"),
     ("Board,Dealer,Vulnerable,North,East,South,West\n1,N,None,AKQ...,,,\n", "x.csv:2: "),
     ("Board,Dealer,Vulnerable,North,East,South,West\n0,N,None,a,b,c,d\n", "1 or more"),
     ("", "empty")],
)  # fmt: skip
def test_csv_refuses_bad_rows(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_csv(text.encode(), "x.csv")


# -- PBN -----------------------------------------------------------------------------------------


def test_pbn_has_the_tags_and_the_deal_number_comment() -> None:
    text = write_pbn_deals([Board.numbered(1, number_to_deal(0))], ["scheme x"]).decode()
    assert text.startswith("% PBN 2.1\n{scheme x}\n")
    assert "{deal number 0}" in text
    for tag in (
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        '[Deal "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."]',
    ):
        assert tag in text  # fmt: skip


def test_pbn_comments_cannot_break_out_of_their_braces() -> None:
    text = write_pbn_deals(BOARDS[:1], ['public value: a } [Board "9"]\nsecond line']).decode()
    assert text.count("}") == text.count("{") == 2
    assert [b.number for b in read_pbn_deals(text.encode())] == [1]


def test_two_thousand_boards_in_one_pbn_file() -> None:
    boards = SecureDealer(bytes(32)).boards(range(1, 2001))
    back = read_pbn_deals(write_pbn_deals(boards))
    assert back == boards


def test_pbn_reader_refuses_a_file_without_a_whole_deal() -> None:
    with pytest.raises(FileProblems) as refused:
        read_pbn_deals(b'\n[Board "1"]\n[Dealer "N"]\n', "x.pbn")
    # why the game is left out, with its line, then the refusal: nothing is left to read
    assert [str(p) for p in refused.value.problems] == [
        "x.pbn:2: board 1 left out: no deal is given",
        "x.pbn:1: no game gives a whole deal",
    ]


# -- every format --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(FORMATS))
def test_every_format_round_trips(name: str) -> None:
    fmt = format_by_name(name)
    data = fmt.write(BOARDS, ["a comment"])
    back = fmt.read(data, f"x.{name}", 1)
    assert back == BOARDS


@pytest.mark.parametrize("name", ["pbn", "lin", "csv", "dlm", "dup"])
def test_numbered_formats_keep_board_numbers(name: str) -> None:
    fmt = format_by_name(name)
    back = fmt.read(fmt.write(BOARDS[6:12], []), f"x.{name}", 1)
    assert [b.number for b in back] == list(range(7, 13))


@pytest.mark.parametrize("name", ["dlm", "dup"])
def test_99_board_formats_refuse_board_100(name: str) -> None:
    boards = SecureDealer(bytes(32)).boards(range(95, 101))
    with pytest.raises(FormatLimitError, match="boards 1 to 99 only, not board 100"):
        format_by_name(name).write(boards, [])


@pytest.mark.parametrize("name", ["dlm", "dup", "bri", "dge", "ber"])
def test_machine_formats_refuse_gaps_and_odd_markings(name: str) -> None:
    fmt = format_by_name(name)
    with pytest.raises(FormatLimitError, match="consecutive"):
        fmt.write([BOARDS[0], BOARDS[2]], [])
    odd = Board.numbered(1, BOARDS[0].deal, dealer=Seat.WEST)
    with pytest.raises(FormatLimitError, match="Law 2"):
        fmt.write([odd], [])
    with pytest.raises(FormatLimitError, match="no boards"):
        fmt.write([], [])


def test_unknown_format_name_is_refused() -> None:
    with pytest.raises(ParseError, match="unknown format 'xls'"):
        format_by_name("xls")


def test_read_deal_file_goes_by_suffix(tmp_path: Path) -> None:
    path = tmp_path / "set.dlm"
    path.write_bytes(write_dlm(BOARDS[:3]))
    assert read_deal_file(path) == BOARDS[:3]
    with pytest.raises(ParseError, match="cannot tell the format"):
        read_deal_file(tmp_path / "set.txt")


def test_atomic_write_replaces_whole_or_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.pbn"
    write_file_atomic(target, b"first")
    assert target.read_bytes() == b"first"

    def broken_replace(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device", str(dst))

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_file_atomic(target, b"second")
    assert target.read_bytes() == b"first"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pbn"]  # no temporary file left


def test_atomic_write_refuses_a_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="No such directory"):
        write_file_atomic(tmp_path / "nowhere" / "x.pbn", b"data")
