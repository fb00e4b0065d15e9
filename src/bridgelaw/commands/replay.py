"""``bridgelaw replay SCRIPT``: a table script through the table engine (the Laws at the table)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgelaw.commands.common import ERROR_LANGUAGE, CommandError, said, worded

if TYPE_CHECKING:  # the table engine is imported when the command runs (fast --help)
    from rich.console import Console
    from rich.table import Table as RichTable

    from bridgelaw.table import Table
    from bridgelaw.table.position import Place

SEATS = ("N", "E", "S", "W")


def replay(
    script: Annotated[Path, typer.Argument(help="A table script (YAML or JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    pbn: Annotated[
        Path | None,
        typer.Option("--pbn", help="Also write the board as one PBN game to this file."),
    ] = None,
    adjudicate: Annotated[
        bool,
        typer.Option(
            "--adjudicate",
            help="Law 70: a disputed claim the director has not ruled on is settled by the "
            "adjudicator (the tricks and the line it assumed).",
        ),
    ] = False,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            help="The language of the rulings' text: en, pl, hu or sk (in the terms of the "
            "table's edition of the Laws); everything else is unchanged.",
        ),
    ] = "en",
) -> None:
    """Replay what happened at a table: every irregularity ruled on with its law."""
    from rich.console import Console

    from bridgelaw.errors import ParseError
    from bridgelaw.formats.files import write_atomic
    from bridgelaw.formats.pbn import write_pbn
    from bridgelaw.i18n import check_language
    from bridgelaw.i18n.words import script_error
    from bridgelaw.table import ScriptError
    from bridgelaw.table.record import pbn_game
    from bridgelaw.table.script import load_script, run_script

    check_language(lang)  # UnknownLanguage: a usage error in the user's language (cli.py)
    if not script.is_file():
        raise typer.BadParameter(worded("cli.no-such-file", file=str(script)))
    try:
        loaded = load_script(script)
    except ParseError as error:
        raise typer.BadParameter(str(error)) from None
    adjudicator = None
    if adjudicate or loaded.adjudicate:
        from bridgelaw.analysis.adjudicate import Law70Adjudicator  # loads the solver

        adjudicator = Law70Adjudicator()
    try:
        table = run_script(loaded, adjudicator)
    except ScriptError as error:  # nothing is written for a script that does not run
        words = script_error(error)  # in the language of the errors (--lang, else the locale)
        reason = str(error) if words is None else words.text(ERROR_LANGUAGE[0])
        raise CommandError(f"{script}: {reason}") from None
    if pbn is not None:
        try:
            write_atomic(pbn, write_pbn([pbn_game(table)]))
        except OSError as error:
            reason = str(error.strerror or error)
            raise CommandError(
                worded("cli.file-cannot-write", file=str(pbn), reason=reason)
            ) from None
    if as_json:
        sys.stdout.write(json.dumps(localized(table, lang), ensure_ascii=False) + "\n")
    else:
        print_account(table, Console(highlight=False, soft_wrap=True), lang)
        if pbn is not None:
            said(f"wrote the board as PBN to {pbn}")


def tricks_table(table: Table) -> RichTable:
    """The play trick by trick: who led, the cards by seat, the winner; a revoke is marked
    with *, a card not contributed (67) with a dash."""
    from rich.table import Table as RichTable

    from bridgelaw.cards import card_name

    play = table.play
    assert play is not None
    revoked = {(r.trick, r.card) for r in play.revokes}
    grid = RichTable(title="Play", box=None, padding=(0, 2))
    for heading in ("Trick", "Led by", *SEATS, "Won by"):
        grid.add_column(heading)
    rows: list[tuple[int, tuple[Place, ...], str]] = [
        (t.leader, t.cards, t.winner.letter) for t in play.tricks
    ]
    if play.trick:
        rows.append((play.leader, tuple(play.trick), ""))
    for number, (leader, cards, winner) in enumerate(rows):
        cells = [""] * 4
        for offset, card in enumerate(cards):
            seat = (leader + offset) & 3
            word = (
                "-"
                if card is None
                else card_name(card) + ("*" if (number, card) in revoked else "")
            )
            cells[seat] = f"[u]{word}[/u]" if offset == 0 else word
        grid.add_row(str(number + 1), SEATS[leader], *cells, winner)
    return grid


def localized(table: Table, lang: str) -> dict[str, Any]:
    """The table's JSON with its rulings' and reviews' text in ``lang``."""
    from bridgelaw.i18n import translate_records
    from bridgelaw.i18n.catalogs import Spoken

    records: dict[str, Sequence[Spoken]] = {"rulings": table.rulings, "reviews": table.reviews}
    return translate_records(table.to_json(), records, lang, table.edition)


def print_account(table: Table, out: Console, lang: str = "en") -> None:
    """A readable account: the auction with cancelled calls struck through, then the rulings
    (their text in ``lang``). Everything from the script is escaped (the markup here is the
    account's own)."""
    from rich.markup import escape
    from rich.table import Table as RichTable

    data = localized(table, lang)
    out.print(
        f"Board {data['board']}, dealer {data['dealer']}, vulnerable {data['vulnerable']}"
        f" — Laws {data['edition']}"
    )
    grid = RichTable(show_header=True, box=None, padding=(0, 2))
    for seat in SEATS:
        grid.add_column(seat)
    row: list[str] = [""] * 4
    last_column = -1
    for entry in data["history"]:
        column = SEATS.index(entry["seat"])
        if column <= last_column:
            grid.add_row(*row)
            row = [""] * 4
        word = escape(entry["call"])
        if entry["status"] in ("cancelled", "withdrawn"):
            # struck through in any terminal, styled or not (U+0336 combining long stroke)
            struck = "".join(ch + "\u0336" for ch in entry["call"])
            word = f"[strike]{escape(struck)}[/strike] ({entry['law']})"
        elif entry["inferred"]:
            word = f"({word})"
        row[column] = (row[column] + " " + word).strip()
        last_column = column
    if any(row):
        grid.add_row(*row)
    out.print(grid)
    if table.play is not None and (table.play.tricks or table.play.trick):
        out.print(tricks_table(table))
    for ruling in data["rulings"]:
        seat = f" [{ruling['seat']}]" if ruling["seat"] else ""
        out.print(
            f"  event {ruling['event']}: Law {ruling['law']}{seat} — {escape(ruling['text'])}"
        )
    if data["contract"]:
        by = f" by {data['declarer']}" if data["declarer"] else ""
        out.print(f"Contract: {data['contract']}{by}")
    for bar in data["barred"]:
        out.print(f"Barred: {bar['seat']} must pass until {bar['until']}")
    for lr in data["lead_restrictions"]:
        suit = lr["suit"] or "a suit of declarer's choice"
        out.print(f"Lead restriction (Law {lr['law']}): {lr['seat']} — {lr['kind']} {suit}")
    for pc in data["penalty_cards"]:
        out.print(f"Penalty card: {pc['seat']} {pc['card']} ({pc['kind']})")
    if data["score"]:
        out.print(
            f"Tricks: {data['tricks']}  Score: NS {data['score']['NS']}, EW {data['score']['EW']}"
        )
    awaiting = data["awaiting"]
    if awaiting:
        out.print(
            f"Waiting for {awaiting['who']} (Law {awaiting['law']}): "
            f"{escape(', '.join(awaiting['options']))}"
        )
    else:
        out.print(f"Phase: {data['phase']}")
