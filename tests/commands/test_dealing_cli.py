"""The dealing commands end to end through ``main()``: output, reproducibility, commit-and-reveal,
and the one-line refusals (exit status 2, nothing on standard output, no file left behind)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.dealing.numbering import DEAL_COUNT
from bridgelaw.formats.deal_files import read_pbn_deals

SEED = "00112233445566778899aabbccddeeff" * 2
OTHER = "ffeeddccbbaa99887766554433221100" * 2


def run(capsysbinary: pytest.CaptureFixture[bytes], *args: str) -> tuple[int, bytes, str]:
    code = main(list(args))
    out, err = capsysbinary.readouterr()
    return code, out, err.decode()


def test_deal_prints_pbn_and_the_same_seed_gives_the_same_boards(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    code, first, err = run(capsysbinary, "deal", "--boards", "1-36", "--seed", SEED)
    assert code == 0 and err == ""
    _, again, _ = run(capsysbinary, "deal", "--boards", "1-36", "--seed", SEED)
    _, other, _ = run(capsysbinary, "deal", "--boards", "1-36", "--seed", OTHER)
    boards = read_pbn_deals(first)
    assert [b.number for b in boards] == list(range(1, 37))
    assert first == again
    assert all(a.deal != b.deal for a, b in zip(boards, read_pbn_deals(other), strict=True))
    _, part, _ = run(capsysbinary, "deal", "--boards", "5-10", "--seed", SEED)
    assert read_pbn_deals(part) == boards[4:10]


def test_deal_without_a_seed_draws_one_and_prints_it(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    code, out, err = run(capsysbinary, "deal", "--boards", "1-4")
    assert code == 0
    match = re.search(r"drew seed ([0-9a-f]{64}) \(commitment ([0-9a-f]{64})\)", err)
    assert match is not None
    _, again, _ = run(capsysbinary, "deal", "--boards", "1-4", "--seed", match.group(1))
    assert read_pbn_deals(again) == read_pbn_deals(out)
    _, commit, _ = run(capsysbinary, "deal-commit", "--seed", match.group(1))
    assert commit.decode().strip() == f"commitment {match.group(2)}"


def test_deal_to_a_file_in_each_format(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    for suffix in ("pbn", "lin", "csv", "dlm", "dup", "bri", "dge", "ber"):
        path = tmp_path / f"set.{suffix}"
        code, out, _ = run(capsysbinary, "deal", "-b", "1-24", "--seed", SEED, "-o", str(path))
        assert code == 0 and out == b""
        code, out, _ = run(capsysbinary, "deal-verify", str(path), "--seed", SEED)
        assert code == 0, out
        assert b"all 24 boards follow" in out
    code, stdout_bytes, _ = run(capsysbinary, "deal", "-b", "1-24", "--seed", SEED, "-f", "dup")
    assert stdout_bytes == (tmp_path / "set.dup").read_bytes()


def test_deal_number_and_deal_by_number_are_inverse(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    # North the spades, East the hearts...: the last number, D - 1 (worked out in the module text)
    by_suit = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    code, out, _ = run(capsysbinary, "deal-number", by_suit)
    assert code == 0 and out.decode().strip() == str(DEAL_COUNT - 1)
    code, out, _ = run(capsysbinary, "deal", "--number", "0", "--format", "pbn")
    text = out.decode()
    assert code == 0
    assert '[Deal "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."]' in text
    assert '[Board "1"]' in text and text.count("[Board ") == 1
    number = 12345678901234567890123456789
    _, out, _ = run(capsysbinary, "deal", "--number", str(number), "--boards", "7")
    (board,) = read_pbn_deals(out)
    assert board.number == 7
    _, out, _ = run(capsysbinary, "deal-number", board.deal.pbn(), "--json")
    assert json.loads(out) == {"deal": board.deal.pbn(), "number": str(number)}


def test_deal_json(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    code, out, _ = run(capsysbinary, "deal", "-b", "3-4", "--seed", SEED, "--json")
    data = json.loads(out)
    assert code == 0 and data["seed"] == SEED and data["format"] == "pbn"
    assert [b["board"] for b in data["boards"]] == [3, 4]
    assert [(b["dealer"], b["vulnerable"]) for b in data["boards"]] == [("S", "EW"), ("W", "both")]
    assert all(0 <= int(b["number"]) < DEAL_COUNT for b in data["boards"])


def test_commit_deal_reveal_verify(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    _, out, _ = run(capsysbinary, "deal-commit", "--json")
    commit = json.loads(out)
    seed, commitment = commit["seed"], commit["commitment"]
    draw = "lottery 2025-03-01: 4 9 17 23 38 41"
    path = tmp_path / "session.pbn"
    run(capsysbinary, "deal", "-b", "1-27", "--seed", seed, "--public", draw, "-o", str(path))
    assert commitment in path.read_text()  # the file says which commitment it follows
    args = ["deal-verify", str(path), "--seed", seed, "--public", draw]
    code, out, _ = run(capsysbinary, *args, "--commitment", commitment)
    assert code == 0 and b"all 27 boards follow from the seed and the commitment" in out
    # a wrong public value, a wrong commitment, a tampered board: exit status 1
    code, out, _ = run(capsysbinary, "deal-verify", str(path), "--seed", seed, "--public", "x")
    assert code == 1 and b"27 problems" in out
    code, out, _ = run(capsysbinary, *args, "--commitment", "0" * 64)
    assert code == 1 and b"does not match the published commitment" in out
    text = path.read_text().split("\n")
    deals = [i for i, line in enumerate(text) if line.startswith("[Deal ")]
    text[deals[2]], text[deals[3]] = text[deals[3]], text[deals[2]]
    path.write_text("\n".join(text))
    code, out, _ = run(capsysbinary, *args)
    assert code == 1 and b"board 3: the deal is not the one" in out and b"board 4:" in out


def test_records_command(capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path) -> None:
    source = tmp_path / "night.pbn"
    run(capsysbinary, "deal", "-b", "1-8", "--seed", SEED, "-o", str(source))
    page = tmp_path / "records.html"
    code, out, _ = run(capsysbinary, "records", str(source), "-o", str(page), "--columns", "4")
    assert code == 0 and out == b""
    html = page.read_text(encoding="utf-8")
    assert html.count('class="board"') == 8 and "cols-4" in html and "<title>night</title>" in html
    code, out, _ = run(capsysbinary, "records", str(source))
    assert code == 0 and out.decode().count('class="board"') == 8


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--seed", "not-hex-at-all"], "the seed is not hex"),
        (["deal", "--seed", "abc"], "even number"),
        (["deal", "--boards", "5-2"], "runs backwards"),
        (["deal", "--boards", "0-3"], "start at 1"),
        (["deal", "--format", "xls"], "unknown format 'xls'"),
        (["deal", "--number", str(DEAL_COUNT)], "deal numbers run from 0 to"),
        (["deal", "--number", "-1"], "deal numbers run from 0 to"),
        (["deal", "--number", "5", "--seed", SEED], "takes no --seed"),
        (["deal", "--number", "5", "--boards", "1-2"], "must name one board"),
        (["deal", "--boards", "90-120", "--format", "dlm"], "holds boards 1 to 99 only"),
        (["deal", "--boards", "1-200000"], "deal them in parts"),
        (["deal-number", "N:AKQ.AKQ.AKQ.AKQJ"], "expected four hands"),
        (["deal-commit", "--seed", "12"], "16 to 64 bytes"),
        (["records", "missing.pbn"], "no such file"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(
    capsysbinary: pytest.CaptureFixture[bytes], args: list[str], message: str
) -> None:
    code, out, err = run(capsysbinary, *args)
    assert code == 2 and out == b""
    assert err.startswith("bridgelaw: error: ") and err.count("\n") == 1, err
    assert message in err and "Traceback" not in err


def test_corrupt_dlm_checksum_on_reading(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    good = tmp_path / "set.dlm"
    run(capsysbinary, "deal", "-b", "1-10", "--seed", SEED, "-o", str(good))
    lines = good.read_bytes().split(b"\r\n")
    i = next(n for n, line in enumerate(lines) if line.startswith(b"Board 04="))
    value = lines[i][9:]
    changed = (b"a" if value[:1] != b"a" else b"b") + value[1:]
    lines[i] = b"Board 04=" + changed  # one letter changed, the checksum kept
    bad = tmp_path / "bad.dlm"
    bad.write_bytes(b"\r\n".join(lines))
    page = tmp_path / "out.html"
    for args in (["records", str(bad), "-o", str(page)], ["deal-verify", str(bad), "--seed", SEED]):
        code, out, err = run(capsysbinary, *args)
        # a problem inside the file: status 1 (2 is for usage)
        assert code == 1 and out == b"" and err.count("\n") == 1
        assert re.search(rf"bad.dlm:{i + 1}: board 4: the checksum is \d{{3}}, but", err), err
    assert not page.exists()


def test_no_file_is_left_when_dealing_is_refused(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    target = tmp_path / "set.dlm"
    code, _, _ = run(capsysbinary, "deal", "-b", "95-100", "--seed", SEED, "-o", str(target))
    assert code == 2 and list(tmp_path.iterdir()) == []


def test_unknown_suffix_needs_a_format(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    odd = tmp_path / "boards.txt"
    run(capsysbinary, "deal", "-b", "1-3", "--seed", SEED, "-f", "lin", "-o", str(odd))
    code, _, err = run(capsysbinary, "records", str(odd))
    assert code == 2 and "give --format" in err
    code, out, _ = run(capsysbinary, "records", str(odd), "--format", "lin")
    assert code == 0 and out.count(b'class="board"') == 3
