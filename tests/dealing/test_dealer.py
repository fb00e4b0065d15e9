"""The secure dealer: the documented scheme re-implemented here from its description (with
``hmac.new``, not the module's code path), reproducibility, range independence, rejection of
candidates above the range, commit-and-reveal, and the one-line refusals of bad seeds and ranges."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.dealing.dealer import SecureDealer, commitment, parse_board_range, parse_key
from bridgelaw.dealing.numbering import DEAL_COUNT
from bridgelaw.errors import ParseError

KEY = bytes.fromhex("00112233445566778899aabbccddeeff" * 2)


def _candidates(key: bytes, public: str, board: int, blocks: int) -> list[int]:
    """Steps 3-4 of the scheme as the docstring states them, written independently."""
    session = hmac.new(key, b"bridgelaw/deal/v1/session\x00" + public.encode(), "sha256").digest()
    out = []
    for j in range(blocks):
        mac = hmac.new(session, board.to_bytes(4, "big") + j.to_bytes(4, "big"), hashlib.sha256)
        block = mac.digest()
        out += [int.from_bytes(block[0:12], "big"), int.from_bytes(block[12:24], "big")]
    return out


def _reference_number(key: bytes, public: str, board: int) -> int:
    return next(c for c in _candidates(key, public, board, 40) if c < DEAL_COUNT)


@pytest.mark.parametrize("public", ["", "lottery 2024-06-01: 3 17 22 31 40 45", "é"])
def test_numbers_follow_the_documented_scheme(public: str) -> None:
    dealer = SecureDealer(KEY, public)
    for board in [*range(1, 41), 999, 2**32 - 1]:
        assert dealer.number(board) == _reference_number(KEY, public, board)


def test_candidates_at_or_above_the_range_are_rejected() -> None:
    # About a third of boards have a first candidate that is too big, and about a tenth have
    # both candidates of block 0 too big; 200 boards hold plenty of each.
    dealer = SecureDealer(KEY)
    first_rejected = block_rejected = 0
    for board in range(1, 201):
        c = _candidates(KEY, "", board, 40)
        number = dealer.number(board)
        if c[0] < DEAL_COUNT:
            assert number == c[0]
        elif c[1] < DEAL_COUNT:
            assert number == c[1]
            first_rejected += 1
        else:
            later = [x for x in c[2:] if x < DEAL_COUNT]
            assert number == later[0]
            block_rejected += 1
        assert number < DEAL_COUNT
    assert first_rejected > 20 and block_rejected > 3


def test_same_seed_same_boards_and_another_seed_other_boards() -> None:
    a = SecureDealer.from_seed(KEY.hex()).boards(range(1, 37))
    b = SecureDealer.from_seed(KEY.hex().upper()).boards(range(1, 37))
    other = SecureDealer(KEY[:-1] + b"\x00").boards(range(1, 37))
    assert [x.deal for x in a] == [x.deal for x in b]
    assert all(x.deal != y.deal for x, y in zip(a, other, strict=True))
    assert len({x.deal for x in a}) == 36


def test_public_value_changes_every_board() -> None:
    plain = SecureDealer(KEY).boards(range(1, 17))
    mixed = SecureDealer(KEY, "draw 7 12 19").boards(range(1, 17))
    assert all(x.deal != y.deal for x, y in zip(plain, mixed, strict=True))


def test_a_board_does_not_depend_on_the_range_asked_for() -> None:
    dealer = SecureDealer(KEY)
    wide = {b.number: b.deal for b in dealer.boards(range(1, 37))}
    narrow = {b.number: b.deal for b in SecureDealer(KEY).boards(range(5, 11))}
    assert all(wide[n] == narrow[n] for n in range(5, 11))
    assert dealer.deal(7) == wide[7]


def test_boards_are_marked_by_law_2() -> None:
    for board in SecureDealer(KEY).boards(range(1, 18)):
        assert board.dealer == board_dealer(board.number)  # Law 2
        assert board.vulnerability == board_vulnerability(board.number)


def test_commitment_is_the_documented_hash_and_hides_the_key() -> None:
    expected = hashlib.sha256(b"bridgelaw/deal/v1/commit\x00" + KEY).hexdigest()
    assert commitment(KEY) == expected == SecureDealer(KEY).commitment
    assert len(expected) == 64 and KEY.hex() not in expected
    assert commitment(KEY[::-1]) != expected


def test_parse_key_accepts_hex_in_either_case_and_a_0x_prefix() -> None:
    assert parse_key(" 0x" + KEY.hex().upper() + "\n") == KEY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("zz" * 16, "not hex: 'z'"),
        ("abc", "even number"),
        ("00" * 15, "16 to 64 bytes"),
        ("00" * 65, "16 to 64 bytes"),
        ("", "empty"),
        ("12 34" * 8, "not hex"),
    ],
)
def test_parse_key_refuses_bad_seeds(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_key(text)


def test_parse_board_range() -> None:
    assert parse_board_range("1-36") == range(1, 37)
    assert parse_board_range(" 7 ") == range(7, 8)
    assert parse_board_range("1-2000") == range(1, 2001)


@pytest.mark.parametrize(
    ("text", "message"),
    [("5-2", "runs backwards"), ("0-4", "start at 1"), ("x-3", "not a board range"),
     ("3-", "not a board range"), ("1-99999999999", "go up to")],
)  # fmt: skip
def test_parse_board_range_refuses_bad_ranges(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_board_range(text)


def test_board_numbers_outside_the_hash_range_are_refused() -> None:
    with pytest.raises(ParseError):
        SecureDealer(KEY).number(0)
    with pytest.raises(ParseError):
        SecureDealer(KEY).number(2**32)
