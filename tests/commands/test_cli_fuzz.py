"""Fuzzed: the command line on random and mutated files of every reader never
shows a traceback and never reports a bug (status 3): only 0 (read), 1 (the file has problems)
or 2 (usage, a file it cannot read at all). Each reader starts from a valid file of its own
format, which hypothesis mutates byte by byte (inserting, deleting, replacing), or from random
text."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaw.cli import main
from bridgelaw.sample import sample_session_path

from ..helpers import SAMPLE_DEAL

SEED = "00112233445566778899aabbccddeeff" * 2

RESULTS_JSON = (
    '{"event": "Cup", "scoring": "matchpoints", "pairs": {"1": "Ann", "2": "Bob", "3": "C", '
    '"4": "D"}, "datum": "mean", "results": [\n'
    '{"board": 1, "ns": "4", "ew": "1", "contract": "4S", "declarer": "N", '
    '"tricks": 10, "lead": "HA"},\n{"board": 2, "ns": "2", "ew": "3", "weighted": [{"weight": '
    '"1/2", "contract": "3NT", "declarer": "S", "tricks": 9}, {"weight": 0.5, "ns_score": -50}]},'
    '\n{"board": 1, "ns": "2", "ew": "3", "split": {"NS": "A+", "EW": {"contract": "passed-out"}}}'
    '], "deals": {"1": "' + SAMPLE_DEAL + '"}}'
)
TEAMS_JSON = (
    '{"scoring": "teams", "vp": "wbf", "matches": [{"match": "1", "home": "A", "away": "B", '
    '"boards": 1}, {"match": "2", "home": "C", "away": "D"}], "results": [\n'
    '{"board": 1, "ns": "A", "ew": "B", "room": "open", "match": "1", "contract": "4S", '
    '"declarer": "N", "tricks": 10},\n{"board": 1, "ns": "B", "ew": "A", "room": "closed", '
    '"match": "1", "contract": "4S", "declarer": "N", "tricks": 9},\n{"board": 1, "ns": "C", '
    '"ew": "D", "room": "open", "match": "2", "contract": "3NT", "declarer": "S", "tricks": 9},'
    '\n{"board": 1, "ns": "D", "ew": "C", "room": "closed", "match": "2", "contract": "3NT", '
    '"declarer": "S", "tricks": 8}]}'
)
RESULTS_CSV = (
    "# event: Cup\n# scoring: matchpoints\nboard;ns;ew;contract;declarer;tricks;artificial\n"
    "1;1;2;4S;N;10;\n1;3;4;;;;A+/A-\n2;1;2;passed-out;;;\n2;3;4;1NT;W;8;\n"
)
SCRIPT = (
    f"board: 3\ndealer: S\nvulnerable: EW\ndeal: {SAMPLE_DEAL}\nedition: 2017\nevents:\n"
    "- S 1NT\n- W 2C\n- N X\n- E pass\n- S 2NT\n- W pass\n- N 3NT\n- E pass\n- S pass\n"
    "- W pass\n- W H5\n- 'S claim 9: the rest'\nexpect:\n  contract: 3NT\n"
)


def _seeds() -> dict[str, tuple[str, bytes]]:
    """Suffix and bytes of one valid file per reader (deal files made by `deal` itself)."""
    sample = sample_session_path().read_bytes()
    first_games = sample[: sample.index(b"[Event", sample.index(b"[Event", 2000) + 10)]
    seeds = {
        "results.json": ("score-event", RESULTS_JSON.encode()),
        "teams.json": ("next-round", TEAMS_JSON.encode()),
        "results.csv": ("score-event", RESULTS_CSV.encode()),
        "check.pbn": ("pbn check", first_games),
        "script.yaml": ("replay", SCRIPT.encode()),
    }
    with tempfile.TemporaryDirectory() as folder:
        scored = Path(folder) / "scored.pbn"  # a results PBN as score-event writes it
        with _captured():
            results = Path(folder) / "r.csv"
            # every result played (3NT by S in place of the artificial score; 4S by E)
            csv_text = RESULTS_CSV.replace("1;3;4;;;;A+/A-", "1;3;4;3NT;S;8;")
            results.write_text(csv_text.replace("4S;N;10", "4S;E;10"))
            assert main(["score-event", str(results), "--pbn", str(scored)]) == 0
        seeds["scored.pbn"] = ("score-event", scored.read_bytes())
        for name in ("pbn", "lin", "csv", "dlm", "dup", "bri", "dge", "ber"):
            path = Path(folder) / f"boards.{name}"
            with _captured():
                assert main(["deal", "-b", "1-3", "--seed", SEED, "-o", str(path)]) == 0
            seeds[f"boards.{name}"] = ("records", path.read_bytes())
    return seeds


@contextlib.contextmanager
def _captured() -> Iterator[tuple[io.TextIOWrapper, io.StringIO]]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")  # with .buffer, as commands need
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


SEEDS = _seeds()

Edit = tuple[int, int, bytes]
edits = st.lists(
    st.tuples(
        st.integers(0, 10_000),
        st.integers(0, 6),
        st.one_of(
            st.binary(max_size=6),
            st.sampled_from([b"\xc2\xb2", b"\xff\xfe", b"[/]", b"&a ", b"*a", b"9" * 30, b'"',
                             b"\n", b"{", b"[", b",", b";", b"-", b"0", b"1e999", b"\x00",
                             b"\xef\xbb\xbf", "ń".encode("latin-1", "replace")]),
        ),
    ),
    max_size=8,
)  # fmt: skip


def _mutate(data: bytes, changes: list[Edit]) -> bytes:
    for position, deleted, inserted in changes:
        at = position % (len(data) + 1)
        data = data[:at] + inserted + data[at + deleted :]
    return data


def _run(command: str, name: str, data: bytes, as_json: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        argv = [*command.split(), str(path)]
        if command == "records":
            argv += ["-o", str(Path(folder) / "records.html")]
        if as_json:
            argv.append("--json")
        with _captured() as (out, err):
            code = main(argv)
        out.flush()
        text = out.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    assert code in (0, 1, 2), (code, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if as_json and text.strip():
        json.loads(text.splitlines()[-1])  # every JSON answer parses, errors included


@pytest.mark.parametrize("name", sorted(SEEDS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=edits, as_json=st.booleans())
def test_mutated_files(name: str, changes: list[Edit], as_json: bool) -> None:
    command, data = SEEDS[name]
    _run(command, name, _mutate(data, changes), as_json)


@pytest.mark.parametrize("name", sorted(SEEDS))
@settings(max_examples=15, deadline=None)
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_random_files(name: str, data: bytes) -> None:
    _run(SEEDS[name][0], name, data, as_json=False)


@settings(max_examples=60, deadline=None)
@given(
    command=st.sampled_from([["vp", "{}", "--boards", "{}"], ["board", "{}"],
                             ["movement", "mitchell", "--tables", "{}", "--boards-per-round", "{}"],
                             ["deal", "-b", "{}", "--seed", SEED], ["imps", "--", "{}"],
                             ["score-contract", "{}", "{}"], ["deal-number", "{}"]]),
    words=st.lists(st.text(max_size=12) | st.integers().map(str), min_size=2, max_size=2),
)  # fmt: skip
def test_random_arguments(command: list[str], words: list[str]) -> None:
    filled = iter(words)
    argv = [next(filled) if part == "{}" else part for part in command]
    with _captured() as (_, err):
        code = main([a.replace("\x00", "") for a in argv])
    assert code in (0, 1, 2), err.getvalue()
    assert "Traceback" not in err.getvalue()
