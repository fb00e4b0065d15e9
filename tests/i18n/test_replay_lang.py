"""``replay --lang``: the project's table scripts give the same rulings, clauses and score in
every language; only the rulings' and reviews' text changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.cli import main
from bridgelaw.commands.replay import localized
from bridgelaw.i18n import LANGUAGES
from bridgelaw.i18n.catalogs import render
from bridgelaw.table import ScriptError, Table
from bridgelaw.table.messages import MESSAGES, Kind
from bridgelaw.table.script import load_script, run_script
from bridgelaw.table.state import Review, Ruling

from .pseudo import english_words, free_text

SCRIPTS = sorted((Path(__file__).parents[1] / "scripts").rglob("*.yaml"))
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def tables() -> list[Table]:
    played = []
    for path in SCRIPTS:
        try:
            played.append(run_script(load_script(path)))
        except ScriptError:
            continue  # a script written to stop with an error has no rulings to compare
    return played


def without_text(data: dict[str, Any]) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(data))
    for key in ("rulings", "reviews"):
        for entry in copy[key]:
            entry.pop("text")
    return copy


@pytest.fixture(scope="module")
def played() -> list[Table]:
    found = tables()
    assert len(found) > 500, len(found)  # the project's scripts, not a handful
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_same_rulings_clauses_and_score_in_every_language(played: list[Table], lang: str) -> None:
    rendered = 0
    for table in played:
        english = table.to_json()
        data = localized(table, lang)
        assert without_text(data) == without_text(english)
        spoken: list[Ruling | Review] = [*table.rulings, *table.reviews]
        texts = [*data["rulings"], *data["reviews"]]
        originals = [*english["rulings"], *english["reviews"]]
        for record, entry, original in zip(spoken, texts, originals, strict=True):
            if record.said is None:
                assert entry["text"] == original["text"]
                continue
            rendered += 1
            assert entry["text"] != original["text"], (lang, record.said.message)
            assert "{" not in entry["text"], entry["text"]
    assert rendered > 1000, rendered


def test_replay_json_lang(capsys: pytest.CaptureFixture[str]) -> None:
    script = next(p for p in SCRIPTS if p.name == "e16-bid-at-partners-turn-bar.yaml")
    outputs = {}
    for lang in LANGUAGES:
        assert main(["replay", str(script), "--json", "--lang", lang]) == 0
        outputs[lang] = json.loads(capsys.readouterr().out)
    assert outputs["en"]["rulings"][0]["law"] == "31B1"
    assert "poza kolejnością" in outputs["pl"]["rulings"][0]["text"]
    assert "soron kívüli" in outputs["hu"]["rulings"][0]["text"]
    assert "mimo poradia" in outputs["sk"]["rulings"][0]["text"]
    for lang in TRANSLATED:
        assert without_text(outputs[lang]) == without_text(outputs["en"])


def test_replay_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    script = SCRIPTS[0]
    assert main(["replay", str(script), "--lang", "de"]) != 0
    err = capsys.readouterr().err
    assert "no language 'de'" in err and "en, pl, hu, sk" in err


def test_every_ruling_and_review_goes_through_the_catalog(
    played: list[Table], pseudo_language: str
) -> None:
    leaks: dict[str, set[str]] = {}  # message -> English words, from text parameters only
    rendered = 0
    free = 0
    for table in played:
        spoken: list[Ruling | Review] = [*table.rulings, *table.reviews]
        for record in spoken:
            if record.said is None:
                free += 1  # a ruling of free text (a few old ones): not a message at all
                continue
            text = render(record.said, pseudo_language, table.edition)
            rendered += 1
            words = english_words(text)
            if words:
                allowed = free_text(record.said)
                assert allowed, f"{record.said.message}: English {words} in {text!r}"
                for message in allowed:
                    leaks.setdefault(message, set()).update(words)
    assert rendered > 1000, rendered
    assert free == 0, f"{free} rulings or reviews without a message"
    # what is left: the messages whose text parameters the scripts fill with English
    assert set(leaks) <= {m.id for m in MESSAGES if any(k == Kind.TEXT for _, k in m.params)}
