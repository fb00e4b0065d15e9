"""A pseudo-locale run: every word a person reads passes through the catalogs.

The catalog template is translated at test time into a pseudo language (every English letter
accented, each entry between ``⟦`` and ``⟧``: "⟦ŧħé đíŕéçŧóŕ⟧"), which stands in for Polish; then
the rulings and reviews of every table script, the offers they open, the results site, the
refusals and the CLI's errors are written in it. Any English word left in the output (two
ASCII lower-case letters in a row: seats, cards, calls, contracts and clauses are upper-case
and digits) is a string that did not come from a catalog. The only exceptions allowed are the
parameters of kind ``text`` (English made outside the catalog, counted in
:data:`~tests.i18n.pseudo.TEXT_PARAMETERS`). The rulings' and the offers' runs are in
test_replay_lang.py and test_offers.py (their scripts are replayed once per module)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from bridgelaw.analysis.ddtable import BoardAnalysis, DDTable, Par
from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.cli import main
from bridgelaw.formats.results_html import render_site
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.i18n.words import PHRASES, TEMPLATES, Worded, names
from bridgelaw.records import hand_records_html
from bridgelaw.table.messages import MESSAGES, Kind
from bridgelaw.tournament.session import score_tournament

from ..formats.support import SPEC
from .pseudo import FIELD, TEXT_PARAMETERS, english_words, pseudo
from .support import SCRIPT, analysis


def test_the_text_parameters_are_counted() -> None:
    counted = sum(kind == Kind.TEXT for message in MESSAGES for _, kind in message.params)
    assert counted == TEXT_PARAMETERS


def test_the_pseudo_language_hides_no_english() -> None:
    assert english_words(FIELD.sub("", pseudo("{seat} plays {card} on trick {trick}"))) == []
    assert "{seat}" in pseudo("{seat} plays")
    # the check finds an English word
    assert english_words("⟦ŧħé⟧ card") == ["card"]


def test_the_results_site_goes_through_the_catalog(pseudo_language: str) -> None:
    spec = {**SPEC, "event": "T-1", "pairs": {k: f"P{k}" for k in SPEC["pairs"]}}
    outcome = read_results_json(json.dumps(spec))
    assert outcome.tournament is not None
    pages = render_site(score_tournament(outcome.tournament), {1: analysis()}, lang=pseudo_language)
    assert "ddtable" in pages["boards/board-1.html"]
    for name, page in pages.items():
        if not name.endswith(".html"):
            continue
        body = page.partition("<body>")[2]
        text = html.unescape(re.sub(r"<[^>]*>", " ", body))
        assert english_words(text) == [], (name, english_words(text))


def test_every_phrase_goes_through_the_catalog(pseudo_language: str) -> None:
    # the application's phrases, the session API's refusals and the engine's refusals of an
    # event (table/refusals.py)
    assert len(TEMPLATES) > len(PHRASES) + 140
    for key, english in TEMPLATES.items():
        params = {name: "X" for name in names(english)}
        text = Worded.said(key, params).text(pseudo_language)
        assert english_words(text) == [], (key, text)


def test_the_clis_errors_go_through_the_catalog(
    pseudo_language: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", pseudo_language)
    for argv in (["replay", "X.yaml", "--lang", "de"], ["score-event", "X.json", "--lang", "de"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        # the language codes are the same in every language (the known ones, the one asked)
        words = set(english_words(err)) - {"en", "pl", "hu", "sk", "de"}
        assert words == set(), err


def test_hand_records_go_through_the_catalog(pseudo_language: str) -> None:
    deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
    boards = [Board.numbered(n, deal) for n in (1, 4)]  # none vulnerable; all vulnerable
    analyses = [analysis(), BoardAnalysis(4, DDTable(((6,) * 5,) * 4), Par(0, ()))]
    page = hand_records_html(boards, title="T-1", analyses=analyses, lang=pseudo_language)
    assert 'title="' in page and "ddtable" in page
    # the words in attributes too: the suits' tooltips, the tables' labels
    attributes = re.findall(r'(?:title|aria-label)="([^"]*)"', page)
    assert len(attributes) > 8
    assert [a for a in attributes if english_words(html.unescape(a))] == []
    body = page.partition("<body>")[2]
    text = html.unescape(re.sub(r"<[^>]*>", " ", body))
    assert english_words(text) == [], english_words(text)


def test_hand_records_in_hungarian(tmp_path: Path) -> None:
    deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
    page = hand_records_html([Board.numbered(4, deal)], lang="hu")
    assert '<html lang="hu">' in page
    assert "4. leosztás" in page and "Osztó: Nyugat" in page and "Bellben: mindkét fél" in page
    pbn = tmp_path / "b.pbn"
    pbn.write_text('[Board "1"]\n[Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 '
                   '876.9876.T98.QJ9 543.543.765.T876"]\n', encoding="utf-8")  # fmt: skip
    out = tmp_path / "r.html"
    argv = ["records", str(pbn), "-o", str(out), "--no-analysis", "--lang", "sk"]
    assert main(argv) == 0
    assert "Rozdávajúci: Sever" in out.read_text(encoding="utf-8")


def test_the_engines_refusal_goes_through_the_catalog(
    pseudo_language: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script = tmp_path / "s.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    monkeypatch.setenv("LC_ALL", pseudo_language)
    assert main(["replay", str(script)]) == 1
    err = capsys.readouterr().err.replace(str(script), "")
    # the event's own words stay as written (N accept; S accept/decline)
    assert set(english_words(err)) == {"accept", "decline"}, err


def test_clicks_usage_messages_go_through_the_catalog(
    pseudo_language: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", pseudo_language)
    # the parameters' and options' own names (and the command asked for) stay as written
    names = {"script", "number", "nope", "nosuch", "workers"}
    for argv in (["replay"], ["board", "x"], ["board", "1", "--nope"], ["nosuch"],
                 ["serve", "--workers", "0"], ["board", "1", "2"], ["board", "0"]):  # fmt: skip
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert set(english_words(err)) <= names, err
