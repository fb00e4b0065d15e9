"""The command line's errors in the user's language: ``--lang``, else the locale's (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English."""

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


def _error(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, env: str
) -> str:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", env)
    assert cli.main(argv) == cli.USAGE
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize(
    ("argv", "english", "polish"),
    [
        (
            ["replay"],
            "Missing argument 'script'.",
            "Brak argumentu 'script'.",
        ),
        (
            ["board", "x"],
            "Invalid value for 'number': Input should be a valid integer, unable to parse "
            "string as an integer",
            "Nieprawidłowa wartość dla 'number': to musi być liczba całkowita",
        ),
        (
            ["serve", "--workers", "0"],
            "Invalid value for '--workers': Input should be greater than or equal to 1",
            "Nieprawidłowa wartość dla '--workers': wartość musi być większa lub równa 1",
        ),
        (["board", "1", "--nope"], "No such option: --nope", "Nie ma opcji --nope"),
        (
            ["board", "1", "2"],
            "Got unexpected extra argument(s) (2)",
            "Nieoczekiwane dodatkowe argumenty (2)",
        ),
        (["nosuch"], "No such command 'nosuch'.", "Nie ma polecenia 'nosuch'."),
        (
            ["board", "0"],
            "Invalid value: board numbers start at 1, not 0",
            "Nieprawidłowa wartość: numery rozdań zaczynają się od 1, a nie od 0",
        ),
        (  # a command's words without parameters, found as a phrase by their English
            ["movement", "howell", "--tables", "3", "--boards-per-round", "2", "--even", "1"],
            "Invalid value: --even is for a Mitchell",
            "Nieprawidłowa wartość: --even dotyczy ruchu Mitchella",
        ),
    ],
)
def test_clicks_usage_messages_in_polish(
    argv: list[str],
    english: str,
    polish: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _error(argv, capsys, monkeypatch, "C.UTF-8") == f"bridgelaw: error: {english}"
    assert _error(argv, capsys, monkeypatch, "pl_PL.UTF-8") == f"bridgelaw: błąd: {polish}"


def test_clicks_usage_message_under_lang_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --lang of the command decides, whatever the locale
    err = _error(["replay", "--lang", "pl"], capsys, monkeypatch, "hu_HU.UTF-8")
    assert err == "bridgelaw: błąd: Brak argumentu 'script'."
    err = _error(["replay", "x.yaml", "--lang", "sk", "--nope"], capsys, monkeypatch, "C")
    assert err == "bridgelaw: chyba: Neexistuje voľba --nope"


@pytest.mark.parametrize(
    "argv",
    [["replay"], ["board", "x"], ["serve", "--workers", "0"], ["board", "1", "--nope"],
     ["board", "1", "2"], ["nosuch"], ["serve", "--lang"], ["board", "0"]],
)  # fmt: skip
def test_the_usage_phrases_english_is_clicks(argv: list[str]) -> None:
    # the phrases say click's own English again: a change in typer's words is seen here
    from typer.exceptions import TyperException

    from bridgelaw.usage import usage_words

    with pytest.raises(TyperException) as caught:
        cli._click_command()(args=argv, prog_name="bridgelaw", standalone_mode=False)
    words = usage_words(caught.value)
    assert words is not None, caught.value.format_message()
    assert words.text("en") == caught.value.format_message()


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ("C", "bridgelaw: error: --demo-mode 'x': strict or law"),
        ("pl_PL.UTF-8", "bridgelaw: błąd: --demo-mode 'x': strict albo law"),
        ("sk_SK.UTF-8", "bridgelaw: chyba: --demo-mode 'x': strict alebo law"),
    ],
)
def test_a_commands_own_refusal_in_the_locales_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, env: str, words: str
) -> None:
    """``serve`` refusing its options before it starts anything: its words in the language of
    the errors, the option and its value as written."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", env)
    assert cli.main(["serve", "--demo-mode", "x"]) == 1
    assert capsys.readouterr().err.strip() == words


def test_a_strict_machines_refusal_in_the_language_of_the_errors() -> None:
    """What the command line writes for an ``IllegalCall`` said by id: its clause and its
    calls, in the language of the errors (the table's refusal of it, said at the edge)."""
    from bridgelaw.commands import common
    from bridgelaw.errors import IllegalCall

    error = IllegalCall("27", "illegal.insufficient", call="1H", last="1S")
    saved = common.ERROR_LANGUAGE[0]
    try:
        common.ERROR_LANGUAGE[0] = "pl"
        assert common.error_text(error) == (
            "Przepis 27: 1H jest odzywką niewystarczającą po 1S (przepis 18D)"
        )
        common.ERROR_LANGUAGE[0] = "en"
        assert common.error_text(error) == "Law 27: 1H is insufficient over 1S (Law 18D)"
        assert common.error_text(ValueError("plain words")) == "plain words"
    finally:
        common.ERROR_LANGUAGE[0] = saved


@pytest.mark.parametrize(
    ("argv", "english", "polish"),
    [
        (
            ["movement", "howell", "--tables", "3", "--rounds", "9", "--boards-per-round", "2"],
            "a Howell of 3 tables has 1 to 5 rounds, not 9",
            "Howell na 3 stołach ma od 1 do 5 rund, a nie 9",
        ),
        (
            ["deal", "--boards", "1-4", "--seed", "xyz"],
            "'x' is not a hex digit",
            "'x' nie jest cyfrą szesnastkową",
        ),
    ],
)
def test_a_movements_and_a_keys_problem_in_the_locales_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    english: str,
    polish: str,
) -> None:
    """A movement that cannot be made and a dealer's key that cannot be read are problems said
    by id (``movement.*``, ``dealer.*``): the command writes them in the errors' language."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert cli.main(argv) == 2
    assert english in capsys.readouterr().err
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert cli.main(argv) == 2
    error = capsys.readouterr().err
    assert error.startswith("bridgelaw: błąd: ") and polish in error, error
