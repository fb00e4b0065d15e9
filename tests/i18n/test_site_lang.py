"""The results site in the reader's language (``score-event --site --lang``): its words from
the catalogs, its numbers in the language's way (a decimal comma in Polish and Slovak)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.formats.results_html import render_site
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.tournament.session import score_event

from ..formats.test_results_formats import DEALS, SPEC


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
    assert outcome.event is not None
    scored = score_event(outcome.event)
    english, polish = render_site(scored), render_site(scored, lang="pl")
    assert sorted(english) == sorted(polish)  # the same pages
    assert "<h2>Klasyfikacja NS</h2>" in polish["index.html"]
    assert ">87,50<" in polish["pairs/pair-1.html"] and ">87.50<" in english["pairs/pair-1.html"]
    assert "Miejsce 1: " in polish["pairs/pair-1.html"]
    assert "Rozdający Północ, po partii: nikt" in polish["boards/board-1.html"]
