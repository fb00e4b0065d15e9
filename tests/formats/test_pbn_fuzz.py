"""Fuzzing the PBN reader and everything built on it: random bytes and mutated valid files never
raise (other than the typed ParseError of the deal reader), never hang, and every problem names
the file and a line of it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.errors import ParseError
from bridgelaw.formats.check import check_game
from bridgelaw.formats.deal_files import read_pbn_deals
from bridgelaw.formats.pbn import PbnFile, read_pbn
from bridgelaw.formats.results_pbn import read_results_pbn
from bridgelaw.formats.text import UndecodableText, decode_text

DATA = Path(__file__).parents[1] / "data" / "pbn"
CORPUS = sorted(path.read_bytes() for path in DATA.glob("*.pbn"))
# characters that mean something in PBN, and some that do not
ALPHABET = '[]"{};%#^-+*=$!?\\ \t\r\nNESWAKQJT98765432CDHXPas0\ufeff\x00é'


def exercise(data: bytes) -> None:
    """Every reader over the same bytes; the assertions hold for any input."""
    name = "fuzz.pbn"
    parsed = read_pbn(data, name)
    try:
        lines = max(decode_text(data).text.count("\n") + 1, 1)
    except UndecodableText:
        lines = 1  # bytes that claim UTF-16 but are not: one problem, on line 1
    findings = list(parsed.problems) + list(parsed.notes)
    for game in parsed.games:
        report = check_game(game, name)
        findings += report.problems + report.notes
    for finding in findings:
        assert finding.file == name and 1 <= finding.line <= lines + 1, finding
        assert finding.message and "\n" not in finding.message
    try:
        read_pbn_deals(data, name)
    except ParseError as error:
        assert str(error).startswith(name)
    outcome = read_results_pbn(data, name)
    assert all(p.line >= 1 for p in outcome.problems)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    exercise(data)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    text = draw(st.sampled_from(CORPUS)).decode("latin-1")
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "line", "swap"]))
        at = draw(st.integers(0, len(text)))
        if kind == "insert":
            text = text[:at] + draw(st.text(ALPHABET, min_size=1, max_size=6)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif kind == "replace" and at < len(text):
            text = text[:at] + draw(st.sampled_from(ALPHABET)) + text[at + 1 :]
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if kind == "line":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"]))
    return text.encode(encoding, errors="replace")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_valid_files(data: bytes) -> None:
    exercise(data)


@pytest.mark.parametrize(
    "text",
    [
        "{}" * 50_000,  # many comments on one line: once quadratic
        "{\n" * 50_000,
        '[Note "1:' + "\\\\" * 50_000,
        "[" * 100_000,
        '[Play "N"]\n' + "SA " * 100_000,
        '[Auction "N"]\n1C ' + "=1= " * 50_000,
        '[Board "1"]\n' * 50_000,
    ],
)
def test_pathological_inputs_finish(text: str) -> None:
    # Not a timing test of speed: a generous bound that only a hang (or quadratic work on
    # 100 kB) exceeds.
    start = time.monotonic()
    exercise(text.encode())
    assert time.monotonic() - start < 30


def _slow_path_read(data: bytes) -> PbnFile:
    """The file read by the general path alone (the shortcuts for plain tag lines, cards and
    calls read before, and lines without comments turned off)."""
    from unittest import mock

    import bridgelaw.formats.pbn as pbn

    with (
        mock.patch.object(pbn._Reader, "plain_tag", lambda self, number, text: False),
        mock.patch.dict(pbn._CARDS, clear=True),
        mock.patch.dict(pbn._CALLS, clear=True),
    ):
        return read_pbn(data, "fuzz.pbn")


def _facts(parsed: PbnFile) -> list[object]:
    return [parsed.problems, parsed.notes] + [
        (g.tags, g.tag_lines, g.calls, g.call_notes, g.call_lines, g.auction_start, g.tricks,
         g.trick_lines, g.play_start, g.auction_mark, g.play_mark, g.play_plus,
         g.irregularities, g.tables, g.line)
        for g in parsed.games
    ]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_the_reader_s_shortcuts_read_as_the_general_path(data: bytes) -> None:
    # the shortcuts that make reading fast must read every file exactly as the general path
    assert _facts(read_pbn(data, "fuzz.pbn")) == _facts(_slow_path_read(data))


def _table_row_by_pattern(line: str) -> list[str]:
    """What a table row's cells were before the shortcut: the pattern on every row."""
    import bridgelaw.formats.pbn as pbn

    return [
        pbn._UNESCAPE_RE.sub(r"\1", m.group(1)) if m.group(1) is not None else m.group(2)
        for m in pbn._ROW_TOKEN_RE.finditer(line)
    ]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(' \t\u00a0\u2003\x0b\x0c"\\abN9;-é'), max_size=40))
def test_a_table_row_reads_as_its_pattern(line: str) -> None:
    # the shortcuts (split on whitespace without a quote, no unescaping without a backslash)
    # read every row as the pattern does, Unicode spaces included
    from bridgelaw.formats.pbn import table_row

    assert table_row(line) == _table_row_by_pattern(line)
