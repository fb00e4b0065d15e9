"""The results site in the reader's language (``score-event --site --lang``): its words from
the catalogs, its numbers in the language's way (a decimal comma in Polish and Slovak)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.analysis.ddtable import BoardAnalysis, DDTable, Par
from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.cli import main
from bridgelaw.formats.results_html import render_site
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.records import hand_records_html
from bridgelaw.tournament.session import score_tournament

from ..formats.support import DEALS, SPEC
from .support import analysis


def test_the_results_site_in_slovak_from_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.json"
    results.write_text(json.dumps(SPEC, indent=1), encoding="utf-8")
    deals = tmp_path / "deals.pbn"
    deals.write_text(DEALS, encoding="utf-8")
    site = tmp_path / "site"
    argv = ["score-event", str(results), "--deals", str(deals), "--site", str(site)]
    assert main([*argv, "--no-analysis", "--lang", "sk"]) == 0
    assert "Stránka výsledkov zapísaná: otvorte" in capsys.readouterr().out
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="sk">' in index
    assert "<h2>Poradie NS</h2>" in index and "<th>Miesto</th><th>Pár</th>" in index
    board = (site / "boards" / "board-1.html").read_text(encoding="utf-8")
    assert "Rozdávajúci Sever, v druhej hre: nikto" in board  # board 1: N deals, none vul (2)
    assert "Sever<br><span>♠</span> AKQ2<br>" in board
    assert ">3,50<" in board and ">3.50<" not in board  # matchpoints with a decimal comma
    card = (site / "pairs" / "pair-1.html").read_text(encoding="utf-8")
    assert ">87,50<" in card and "<th>Rozdanie</th>" in card
    # an unknown language is a usage error naming the known ones; nothing is written
    assert main([*argv, "--lang", "de"]) == 2
    assert "en, pl, hu, sk" in capsys.readouterr().err


def test_the_results_site_in_polish_and_english_alike() -> None:
    outcome = read_results_json(json.dumps(SPEC, indent=1))
    assert outcome.tournament is not None
    scored = score_tournament(outcome.tournament)
    english, polish = render_site(scored), render_site(scored, lang="pl")
    assert sorted(english) == sorted(polish)  # the same pages
    assert "<h2>Klasyfikacja NS</h2>" in polish["index.html"]
    assert ">87,50<" in polish["pairs/pair-1.html"] and ">87.50<" in english["pairs/pair-1.html"]
    assert "Miejsce 1: " in polish["pairs/pair-1.html"]
    assert "Rozdający Północ, po partii: nikt" in polish["boards/board-1.html"]


def test_the_double_dummy_table_in_slovak() -> None:
    outcome = read_results_json(json.dumps(SPEC, indent=1))
    assert outcome.tournament is not None
    scored = score_tournament(outcome.tournament)
    english = render_site(scored, analyses={1: analysis()})["boards/board-1.html"]
    assert '<div class="dd" aria-label="double dummy">' in english
    assert "Par NS +420: 4♠N (EW bidding first: NS +500: 5♦xE-3)" in english
    slovak = render_site(scored, analyses={1: analysis()}, lang="sk")["boards/board-1.html"]
    assert '<div class="dd" aria-label="analýza s otvorenými kartami">' in slovak
    assert "Par NS +420: 4♠N (keď EW dražia prví: NS +500: 5♦xE-3)" in slovak
    # the table's numbers are the same: N makes 10 tricks in spades
    table = slovak.partition('<table class="ddtable">')[2].partition("</table>")[0]
    assert "<tr><th>N</th><td>9</td><td>10</td><td>9</td><td>8</td><td>7</td></tr>" in table


def test_a_passed_out_par_and_the_suits_tooltips_in_the_hand_records() -> None:
    deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
    passed = BoardAnalysis(1, DDTable(((6,) * 5,) * 4), Par(0, ()))
    polish = hand_records_html([Board.numbered(1, deal)], analyses=[passed], lang="pl")
    assert "Par 0: rozdanie spasowane" in polish
    assert 'title="piki">♠' in polish and 'title="trefle">♣' in polish
    assert 'aria-label="punkty honorowe"' in polish
    hungarian = hand_records_html([Board.numbered(1, deal)], analyses=[passed], lang="hu")
    assert "Par 0: bepasszolva" in hungarian and 'title="kőr">♥' in hungarian
    english = hand_records_html([Board.numbered(1, deal)], analyses=[passed])
    assert "Par 0: passed out" in english and 'title="spades">♠' in english
