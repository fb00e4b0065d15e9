"""The command line's errors in the user's language: ``--lang``, else the locale's (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English (issue 23)."""

from __future__ import annotations

import pytest

from bridgelaw import cli
from bridgelaw.i18n import LANGUAGES


def test_the_clis_languages_are_the_catalogs() -> None:
    assert cli.LANGUAGES == LANGUAGES


@pytest.mark.parametrize(
    ("argv", "environ", "lang"),
    [
        (["replay", "x", "--lang", "pl"], {"LANG": "hu_HU.UTF-8"}, "pl"),
        (["replay", "x", "--lang=sk"], {}, "sk"),
        (["replay", "x", "--lang", "de"], {"LANG": "hu_HU.UTF-8"}, "hu"),
        (["board", "1"], {"LC_ALL": "sk_SK.UTF-8", "LANG": "pl_PL"}, "sk"),
        (["board", "1"], {"LANG": "de_DE.UTF-8"}, "en"),
        (["board", "1"], {"LANG": "C.UTF-8"}, "en"),
        (["board", "1"], {}, "en"),
        (["board", "--", "--lang", "pl"], {}, "en"),
    ],
)
def test_the_errors_language(argv: list[str], environ: dict[str, str], lang: str) -> None:
    assert cli.error_language(argv, environ) == lang


def test_an_error_in_hungarian_and_an_unknown_language_in_the_locales(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "hu_HU.UTF-8")
    assert cli.main(["board", "0"]) == cli.USAGE
    assert capsys.readouterr().err.startswith("bridgelaw: hiba: ")
    monkeypatch.setenv("LC_ALL", "C")
    assert cli.main(["board", "0", "--json"]) == cli.USAGE
    assert capsys.readouterr().err.startswith("bridgelaw: error: ")
