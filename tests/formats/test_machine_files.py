"""Dealing-machine files as other programs write them, and fuzzing of every machine reader.

The ``.dup`` variants are built here byte by byte from their descriptions: Jannersten's
"Convert" note (156-byte records; bytes 147-156 the answers Y/N, the lowest board, the copies and
the highest board, left-aligned and space-padded) and Big Deal's ``print_dup_common``
(``YN`` + ``1  `` + ``0 `` + the number of boards as two digits + a space, and the DGE part of
board 1 blanked for the "blind" variant).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.dealing.dealer import SecureDealer
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.formats.ber import read_ber, write_ber
from bridgelaw.formats.bri import bri_part, read_bri, write_bri
from bridgelaw.formats.csv_deals import read_csv, write_csv
from bridgelaw.formats.dge import dge_part, read_dge, write_dge
from bridgelaw.formats.dlm import read_dlm, write_dlm
from bridgelaw.formats.dup import read_dup, write_dup

BOARDS = SecureDealer(bytes.fromhex("a5" * 32)).boards(range(1, 9))


def _body(index: int) -> bytes:
    deal = BOARDS[index].deal
    return bri_part(deal) + dge_part(deal)


def test_dup_with_the_trailer_in_the_first_record_only() -> None:
    # record 1: 156 bytes with "YN1  1 3  "; records 2 and 3: the 146 bytes of cards only
    data = _body(0) + b"YN1  1 3  " + _body(1) + _body(2)
    assert len(data) == 156 + 2 * 146
    assert read_dup(data, "first-only.dup") == BOARDS[:3]


@pytest.mark.parametrize("blank", [b" " * 10, b"\x00" * 10])
def test_dup_with_blank_trailers_after_the_first_record(blank: bytes) -> None:
    data = _body(0) + b"YN1  1 3  " + _body(1) + blank + _body(2) + blank
    assert read_dup(data, "blank.dup") == BOARDS[:3]


def test_dup_as_big_deal_writes_it_count_in_two_digits_and_blind_board_one() -> None:
    # 8 boards: "YN1  0 08 "; the blind variant blanks the DGE part of board 1 only
    trailer = b"YN1  0 08 "
    records = [bri_part(BOARDS[0].deal) + b" " * 68 + trailer]
    records += [_body(i) + trailer for i in range(1, 8)]
    assert read_dup(b"".join(records), "bigdeal.dup") == BOARDS[:8]


def test_dup_bytes_154_155_as_a_count_when_they_cannot_be_the_highest_board() -> None:
    # "lowest 5, highest 02" cannot be a set; read as Big Deal's count: boards 5 and 6
    later = SecureDealer(bytes.fromhex("a5" * 32)).boards(range(5, 7))
    data = b"".join(bri_part(b.deal) + dge_part(b.deal) + b"YN5  0 02 " for b in later)
    assert read_dup(data, "count.dup") == later


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_body(0) + b"YN1  1 2  " + _body(1) + b"YN9  1 9  ", "record 2, byte 147: the last ten"),
        (_body(0) + b"YN1  1 5  " + _body(1) + b"YN1  1 5  ", "says boards 1 to 5, but the file"),
        (_body(0) + b"YN1  1 3  " + _body(1)[:100], "not a whole number"),
    ],
)
def test_dup_variants_still_refuse_what_is_wrong(data: bytes, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_dup(data, "x.dup")


# -- fuzzing: every machine reader gives boards or its own error, never a traceback ----------------

READERS = {
    "dup": (read_dup, write_dup),
    "bri": (read_bri, write_bri),
    "dge": (read_dge, write_dge),
    "ber": (read_ber, write_ber),
    "dlm": (read_dlm, write_dlm),
    "csv": (read_csv, write_csv),
}


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(READERS)), data=st.binary(max_size=600))
def test_machine_readers_on_random_bytes(name: str, data: bytes) -> None:
    read, _ = READERS[name]
    try:
        boards = read(data, f"fuzz.{name}", 1)
    except BridgeLawError:
        return
    assert all(b.number >= 1 for b in boards)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(READERS)),
    edits=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=6),
    cut=st.integers(0, 10_000),
)
def test_machine_readers_on_damaged_valid_files(
    name: str, edits: list[tuple[int, int]], cut: int
) -> None:
    read, write = READERS[name]
    data = bytearray(write(BOARDS[:3]))
    for position, value in edits:
        data[position % len(data)] = value
    damaged = bytes(data[: max(1, cut % (len(data) + 1))]) if cut % 3 == 0 else bytes(data)
    try:
        boards = read(damaged, f"fuzz.{name}", 1)
    except BridgeLawError:
        return
    assert all(len(b.deal.hands) == 4 for b in boards)


def test_csv_as_spreadsheets_save_it() -> None:
    text = write_csv(BOARDS[:2]).decode()
    semicolons = text.replace(",", ";")
    for data in (semicolons.encode("utf-16"), ("\ufeff" + text).encode(), semicolons.encode()):
        assert read_csv(data, "excel.csv") == BOARDS[:2]
