"""The bundled sample session: reproducible, law-clean, and a real four-table pairs movement."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import bridgelaw
from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.formats.check import check_game
from bridgelaw.formats.pbn import PbnGame, read_pbn
from bridgelaw.play import Play
from bridgelaw.sample import sample_session_path, session_text, write_session
from bridgelaw.sample.__main__ import main
from bridgelaw.sample.dealer import sample_deal
from bridgelaw.sample.session import MOVEMENT, PAIRS

TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
    "Deal", "Scoring", "PairNS", "PairEW", "Round", "Table",
)  # fmt: skip


@pytest.fixture(scope="module")
def text() -> str:
    return session_text()


@pytest.fixture(scope="module")
def games(text: str) -> list[PbnGame]:
    parsed = read_pbn(text, "sample-session.pbn")
    assert parsed.problems == []
    return parsed.games


def test_the_committed_file_is_exactly_what_the_generator_writes(text: str) -> None:
    committed = sample_session_path().read_text(encoding="utf-8")
    assert committed == text, "regenerate with: python -m bridgelaw.sample"


def test_generation_is_deterministic(text: str) -> None:
    assert session_text() == text


def test_the_file_is_bundled_in_the_package() -> None:
    path = sample_session_path()
    assert path.is_file()
    assert path.parent.parent == Path(bridgelaw.__file__).parent
    assert path.parent.name == "data"


def test_check_game_finds_no_problem_in_any_game(games: list[PbnGame]) -> None:
    for game in games:
        report = check_game(game, "sample-session.pbn")
        assert report.problems == [], (game.board_number, game.tags.get("Table"))


def test_twelve_boards_each_played_at_four_tables(games: list[PbnGame]) -> None:
    assert len(games) == 48
    per_board = Counter(g.board_number for g in games)
    assert per_board == {n: 4 for n in range(1, 13)}
    numbers = [g.board_number or 0 for g in games]
    assert numbers == sorted(numbers)


def test_tags_are_complete_and_law2_markings_are_right(games: list[PbnGame]) -> None:
    for game in games:
        for tag in TAGS:
            assert game.tags.get(tag), (tag, game.board_number)
        number = game.board_number
        assert number is not None
        assert game.tags["Event"] == "Sample club pairs"
        assert game.tags["Date"] == "2026.11.20"
        assert game.tags["Scoring"] == "MP"
        assert game.tags["Dealer"] == board_dealer(number).letter
        assert game.tags["Vulnerable"] == board_vulnerability(number).pbn
        assert game.deal == sample_deal(number)
        assert game.auction_start == board_dealer(number)


def test_every_pair_plays_every_board_once_and_meets_every_opponent_once(
    games: list[PbnGame],
) -> None:
    ns_boards = Counter((g.tags["PairNS"], g.board_number) for g in games)
    ew_boards = Counter((g.tags["PairEW"], g.board_number) for g in games)
    assert set(ns_boards.values()) == {1} and len(ns_boards) == 4 * 12
    assert set(ew_boards.values()) == {1} and len(ew_boards) == 4 * 12
    meetings = Counter((g.tags["PairNS"], g.tags["PairEW"]) for g in games)
    assert set(meetings.values()) == {3} and len(meetings) == 16  # one round of three boards
    for game in games:
        assert game.tags["Table"] == game.tags["PairNS"]  # North-South sit still
        ns, ew = PAIRS[int(game.tags["PairNS"]) - 1], PAIRS[int(game.tags["PairEW"]) - 1]
        assert (game.tags["North"], game.tags["South"]) == ns.players
        assert (game.tags["East"], game.tags["West"]) == ew.players


def test_no_board_is_at_two_tables_in_one_round() -> None:
    for round_number in range(1, 5):
        boards = [b for s in MOVEMENT if s.round == round_number for b in s.boards]
        assert sorted(boards) == list(range(1, 13))


def test_result_is_the_tricks_declarer_won_in_thirteen_played_tricks(
    games: list[PbnGame],
) -> None:
    for game in games:
        contract, declarer, deal = game.contract, game.declarer, game.deal
        assert contract is not None and deal is not None
        if contract.is_passed_out:
            assert game.tricks == [] and "Result" not in game.tags
            continue
        assert declarer is not None
        play = Play(deal, declarer, contract.strain)
        for card in game.played_cards():
            play.push(card)  # raises on any illegal card
        assert play.is_over, "all thirteen tricks are played, no claims"
        assert game.result == play.declarer_tricks


def test_the_tables_do_not_all_agree(games: list[PbnGame]) -> None:
    """Different partnership styles give different contracts or results on some boards."""
    varied = 0
    for number in range(1, 13):
        outcomes = {
            (g.tags["Contract"], g.tags.get("Declarer"), g.tags.get("Result"))
            for g in games
            if g.board_number == number
        }
        varied += len(outcomes) > 1
    assert varied >= 4


def test_no_python_random_in_the_sample_package() -> None:
    package = Path(bridgelaw.__file__).parent / "sample"
    for source in package.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "import random" not in text and "from random" not in text, source.name


def test_main_writes_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out" / "session.pbn"
    assert main([str(target)]) == 0
    assert target.read_text(encoding="utf-8") == sample_session_path().read_text(encoding="utf-8")
    assert main(["--check", str(target)]) == 0
    target.write_text("% PBN 2.1\n", encoding="utf-8")
    assert main(["--check", str(target)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert write_session(target) == target
    assert main(["--check", str(target)]) == 0
