"""``bridgelaw convert IN OUT``: boards from one file format to another, nothing silently lost.

Every format of :mod:`bridgelaw.formats.deal_files` is read and written: PBN, LIN, CSV and the
dealing-machine formats. The formats are told by the files' suffixes (``--from``/``--to``
override). What is kept:

* always the deals, board numbers, dealers and vulnerabilities, as far as the target holds
  them (the machine formats hold Law 2 markings only, ``.bri``/``.dge``/``.ber`` no numbers, and
  ``.dlm``/``.dup`` boards 1 to 99: a set they cannot hold is refused, not altered);
* between PBN and LIN, also the players, the auction with its alerts and explanations, the play
  and the result (LIN's claim, ``mc``);
* PBN to PBN rewrites every game as read;
* a Bridgemate database (``.bws``, read only: :mod:`bridgelaw.formats.bws`) becomes the scored
  session in PBN (what ``score-event --pbn`` writes: a ``ScoreTable`` a board, the ranking, the
  hand records' deals), or its hand records' deals in the other formats.

Whatever the target cannot hold is named on standard error ("auction and play dropped: .dlm
holds deals only"), and so is what was written. The output is written whole or not at all. Exit
status 0 when written, 1 when the input has problems or the target cannot hold the boards (one
line says which and where; nothing is written), 2 for a usage error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer

from bridgelaw.boards import Board
from bridgelaw.calls import Contract
from bridgelaw.cards import Card, Seat
from bridgelaw.commands.common import CommandError, worded
from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.deal_files import (
    FORMATS,
    DealFormat,
    format_by_name,
    format_for_path,
    pbn_boards,
    write_file_atomic,
)
from bridgelaw.formats.lin import (
    ALERT_WITHOUT_TEXT,
    LinGame,
    boards_of,
    read_lin_games,
    write_lin_games,
)
from bridgelaw.formats.pbn import FileProblems, PbnGame, Problem, read_pbn, write_pbn
from bridgelaw.formats.text import decode_text
from bridgelaw.play import trick_winner

__all__ = ["Conversion", "ConvertError", "convert", "convert_data"]

_SEAT_TAGS = ("North", "East", "South", "West")
_CARRIED_TAGS = frozenset(
    ("Board", "Dealer", "Vulnerable", "Deal", "Auction", "Play", "Note", "Room", "Contract",
     "Declarer", "Result", *_SEAT_TAGS)
)  # fmt: skip


class ConvertError(BridgeLawError):
    """The input cannot be read whole, or the target cannot hold it: nothing is written.
    ``problems`` holds every problem of the input, each with its file and line."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)

    @classmethod
    def of(cls, error: FileProblems) -> ConvertError:
        return cls(str(error), error.problems)


@dataclass
class Conversion:
    """The bytes to write and what the target format could not hold."""

    data: bytes
    boards: int
    dropped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What the reader worked around in the input (each with its file and line)."""


# -- reading: every format to games -------------------------------------------------------------


def _pbn_to_game(game: PbnGame, board: Board) -> tuple[LinGame, list[str]]:
    """The parts of a PBN game LIN can hold, and what it cannot (in words)."""
    lost: list[str] = []
    room = game.tags.get("Room", "").strip().lower()[:1]
    out = LinGame(board, room if room in ("o", "c") else "", _players(game), line=game.line)
    if game.calls:
        if any(mark.mark in "IS" for mark in game.irregularities):
            lost.append("an auction with an irregularity the opponents accepted (^I, ^S): LIN "
                        "has no mark for one")  # fmt: skip
        elif game.auction_start is not None and game.auction_start != board.dealer:
            lost.append("an auction that does not start with the dealer")
        else:
            out.calls = list(game.calls)
            out.alerts = {
                i: "" if text.strip() == ALERT_WITHOUT_TEXT else text
                for i, text in game.call_notes.items()
            }
    contract, auction_contract = game.contract, out.contract
    if contract is not None and auction_contract != contract:
        lost.append("a contract without its auction: LIN gives a contract by its auction only")
    elif auction_contract is not None and not auction_contract.is_passed_out:
        # The auction's contract (the Contract tag agrees, or there is none).
        out.played = _played(game, auction_contract)
        leads = [mark.index // 4 for mark in game.irregularities if mark.mark == "L"]
        known = sum(card is not None for row in game.tricks for card in row)
        if game.declarer_swapped and out.played:
            # the auction's dummy played the hand (^N, Law 54A): LIN's declarer is the
            # auction's, its opening leader that player's left-hand opponent
            out.played = []
            lost.append("the play of a hand declarer and dummy swapped (^N, PBN 2.1 section "
                        "3.4.13): LIN has no mark for it")  # fmt: skip
        elif leads and 4 * min(leads) < len(out.played):
            # after a lead out of turn the offender led: LIN's cards are in the order of play,
            # each the player on turn's, and cannot say so
            out.played = out.played[: 4 * min(leads)]
            lost.append("the play from a lead out of turn the opponents accepted (^L): LIN has "
                        "no mark for one")  # fmt: skip
        elif known > len(out.played):
            lost.append("cards played after an unknown one: LIN has no unknown card")
        result = game.result
        if result is not None and out.claim_possible(result):
            out.claim = result
        elif result is not None:  # after a revoke, tricks Law 64 transferred
            lost.append("a result the play cannot give (a revoke's transferred tricks, Law 64): "
                        "LIN has no mark for a revoke")  # fmt: skip
    if game.tricks and auction_contract is None:
        lost.append("a play without its auction: LIN gives the contract by its auction only")
    return out, lost


def _other_tags(game: PbnGame) -> list[str]:
    """Tags that say something LIN and the deal formats have no place for ("?" and "" say
    nothing: PBN 3.4's unknown and not applicable)."""
    return sorted(
        t for t, v in game.tags.items() if t not in _CARRIED_TAGS and v.strip() not in ("", "?")
    )


def _played(game: PbnGame, contract: Contract) -> list[Card]:
    """The Play section's cards in the order played (PBN 3.6 lists them by seat), up to the
    first unknown card; each trick's winner (Law 44) leads the next."""
    if game.play_start is None:
        return []
    leader = game.play_start
    out: list[Card] = []
    for row in game.tricks:
        played: list[Card] = []
        for i in range(4):  # in the order played, up to an unknown card ("-")
            card = row[(leader + i - game.play_start) & 3]
            if card is None:
                break
            played.append(card)
        out.extend(played)
        if len(played) < 4:
            break
        leader = Seat((leader + trick_winner(played, contract.strain)) & 3)
    return out


def _read_pbn(
    data: bytes, filename: str, first_board: int | None, target: str
) -> tuple[list[LinGame], list[PbnGame], list[str], list[str]]:
    """The games of a PBN file. To PBN and LIN, which carry the auction and the play, the file
    is refused as `pbn check` refuses it: every problem the reader or the Laws find (an
    insufficient bid, a card not held...) stops the conversion, so no file is written that
    `pbn check` would refuse. To the formats of whole deals (LIN, CSV, the machines) the games
    left out and the numbering follow :func:`bridgelaw.formats.deal_files.pbn_boards`. Returns
    the games as boards, the PBN games, what LIN cannot hold, and the notes."""
    from bridgelaw.formats.check import check_game

    parsed = read_pbn(decode_text(data, filename).text, filename)
    problems = list(parsed.problems)
    if target in ("pbn", "lin"):
        for game in parsed.games:
            problems.extend(check_game(game, filename).problems)
    if problems:
        raise ConvertError.of(FileProblems(sorted(problems, key=lambda p: p.line)))
    if target == "pbn":
        return [], parsed.games, [], []
    try:
        read = pbn_boards(parsed.games, filename, first_board)
    except FileProblems as error:
        raise ConvertError.of(error) from None
    games: list[LinGame] = []
    lost: dict[str, None] = {}
    tags: set[str] = set()
    for pbn_game, board in zip(read.games or [], read.boards, strict=True):
        if target != "lin":  # a format of deals: the board, and whether there was more
            games.append(LinGame(board, players=_players(pbn_game), calls=pbn_game.calls,
                                 played=_any_card(pbn_game), claim=pbn_game.result))  # fmt: skip
            continue
        lin_game, lost_here = _pbn_to_game(pbn_game, board)
        games.append(lin_game)
        lost.update(dict.fromkeys(lost_here))
        tags.update(_other_tags(pbn_game))
    if tags:
        plural = "s" if len(tags) > 1 else ""
        lost[f"the tag{plural} {', '.join(sorted(tags))}: LIN has no place for "
             f"{'them' if plural else 'it'}"] = None  # fmt: skip
    return games, read.games or [], list(lost), [str(n) for n in read.notes]


# -- writing: games to every format -----------------------------------------------------------


def _to_pbn_game(game: LinGame, rooms: bool) -> PbnGame:
    """``rooms``: whether the file has two rooms (a ``c`` table), so the Room tag says something;
    LIN names the open room on every board of a one-room file."""
    tags = {t: name for t, name in zip(_SEAT_TAGS, game.players, strict=True) if name}
    if rooms and game.room:
        tags["Room"] = "Open" if game.room == "o" else "Closed"
    notes = {i: text or ALERT_WITHOUT_TEXT for i, text in game.alerts.items()}
    return PbnGame.from_board(
        game.board, game.calls, game.played, contract=game.contract, declarer=game.declarer,
        result=game.result, tags=tags, call_notes=notes,
    )  # fmt: skip


def _players(game: PbnGame) -> tuple[str, str, str, str]:
    """The players' names by seat, North first (``""`` where no name is given)."""
    n, e, s, w = (
        "" if game.tags.get(t, "").strip() in ("", "?", "-") else game.tags[t].strip()
        for t in _SEAT_TAGS
    )
    return n, e, s, w


def _any_card(game: PbnGame) -> list[Card]:
    """A card of the play, if any (what a format of deals drops is said, not what it was)."""
    return [card for row in game.tricks for card in row if card is not None][:1]


def _has_table_record(game: LinGame) -> bool:
    return bool(game.calls or game.played or game.claim is not None or any(game.players))


def convert_data(
    data: bytes,
    source: DealFormat,
    target: DealFormat,
    filename: str = "<input>",
    first_board: int | None = None,
) -> Conversion:
    """Read ``data`` as ``source`` and write it as ``target``; see the module docstring.

    ``first_board``: the number of the first board of a format without numbers (1 when not
    given), and of the first PBN game without a Board tag (such games are refused when not
    given: bridgelaw never numbers a board of its own).

    Raises :class:`ConvertError` when the input has problems or the target cannot hold it.
    """
    notes: list[str] = []
    dropped: list[str] = []
    pbn_games: list[PbnGame] | None = None
    try:
        if source.name == "pbn":
            games, pbn_games, lost, read_notes = _read_pbn(data, filename, first_board, target.name)
            notes.extend(read_notes)
            if target.name == "lin":
                dropped.extend(
                    what.replace(": LIN", " dropped: LIN", 1) if ": LIN" in what
                    else f"{what} dropped: LIN has no place for that"
                    for what in lost
                )  # fmt: skip
        elif source.name == "lin":
            parsed = read_lin_games(data, filename, first_board or 1)
            if parsed.problems:
                raise ConvertError.of(FileProblems(parsed.problems))
            games = parsed.games
            notes.extend(str(n) for n in parsed.notes)
        else:
            games = [LinGame(b) for b in source.read(data, filename, first_board or 1)]
    except ConvertError:
        raise
    except FileProblems as error:
        raise ConvertError.of(error) from None
    except BridgeLawError as error:
        raise ConvertError(str(error)) from None
    try:
        if target.name == "pbn" and pbn_games is not None:
            text = write_pbn(pbn_games)
            return Conversion(text.encode("utf-8"), len(pbn_games), dropped, notes)
        if target.name == "pbn":
            rooms = any(g.room == "c" for g in games)
            text = write_pbn(_to_pbn_game(g, rooms) for g in games)
            return Conversion(text.encode("utf-8"), len(games), dropped, notes)
        if target.name == "lin":
            return Conversion(write_lin_games(games), len(games), dropped, notes)
        if any(_has_table_record(g) for g in games):
            dropped.append(f"players, auction, play and result dropped: {target.suffix} holds "
                           "deals only")  # fmt: skip
        if pbn_games is not None and any(_other_tags(g) or g.tables for g in pbn_games):
            dropped.append(f"tournament tags and tables dropped: {target.suffix} holds deals only")
        boards = boards_of(games, filename)
        repeated = len(games) - len(boards)
        if repeated:
            dropped.append(f"{repeated} repeated table{'s' if repeated > 1 else ''} of a board "
                           "(another room, the same deal) written once")  # fmt: skip
        if not target.numbered:
            dropped.append(_numbering_note(boards, target))
        written = target.write(boards, [])
        return Conversion(written, len(boards), dropped, notes)
    except BridgeLawError as error:
        raise ConvertError(str(error)) from None


def convert_bws_data(
    data: bytes, target: DealFormat, filename: str = "<input>", scoring: str | None = None
) -> Conversion:
    """A Bridgemate database (``.bws``) to ``target``: to PBN the scored session (a
    ``ScoreTable`` a board, the ``TotalScoreTable``, the hand records' deals), as
    ``score-event --pbn`` writes it; to the other formats the hand records' deals only.

    Raises :class:`ConvertError` naming the first problem when the database has any."""
    from bridgelaw.formats.bws import bws_tournament
    from bridgelaw.formats.results_pbn import results_pbn
    from bridgelaw.tournament.session import score_tournament

    outcome = bws_tournament(data, filename, scoring)
    if outcome.tournament is None:
        problems = [str(p) for p in outcome.problems] or [f"{filename}: no results"]
        more = len(problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ConvertError(f"{problems[0]}{extra}")
    tournament = outcome.tournament
    if target.name == "pbn":
        scored = score_tournament(tournament)
        text = results_pbn(scored, tournament.date)
        unplayed = sorted(set(tournament.deals) - {b.board for b in scored.boards})
        dropped = []
        if unplayed:  # a hand record of more boards than were played
            dropped.append(f"the hand records of boards no result was entered for dropped "
                           f"({', '.join(map(str, unplayed))}): a PBN results file has a game "
                           "a board played")  # fmt: skip
        return Conversion(text.encode("utf-8"), len(scored.boards), dropped, list(outcome.notes))
    if not tournament.deals:
        raise ConvertError(f"{filename}: no hand records (its HandRecord table is empty): only "
                           "PBN holds its results; convert it to .pbn")  # fmt: skip
    boards = [Board.numbered(n, deal) for n, deal in sorted(tournament.deals.items())]
    dropped = [f"results, players and movement dropped: {target.suffix} holds deals only (PBN "
               "holds the results)"]  # fmt: skip
    if not target.numbered:
        dropped.append(_numbering_note(boards, target))
    try:
        written = target.write(boards, [])
    except BridgeLawError as error:
        raise ConvertError(str(error)) from None
    return Conversion(written, len(boards), dropped, list(outcome.notes))


def _numbering_note(boards: Sequence[Board], target: DealFormat) -> str:
    first, last = boards[0].number, boards[-1].number
    return (f"board numbers not written: {target.suffix} has none (boards {first}-{last}; "
            f"read it back with --first-board {first})")  # fmt: skip


# -- the command ---------------------------------------------------------------------------


def is_bws_file(name: str | None, path: Path) -> bool:
    """A Bridgemate database: ``--from bws``, else the suffix ``.bws`` or its first bytes."""
    if name is not None:
        return name.strip().lower().lstrip(".") == "bws"
    if path.suffix.lower() == ".bws":
        return True
    from bridgelaw.formats.access_db import is_access_database

    try:
        with path.open("rb") as stream:
            return is_access_database(stream.read(32))
    except OSError:
        return False


def _format(name: str | None, path: Path, which: str) -> DealFormat:
    if name is not None:
        try:
            return format_by_name(name)
        except BridgeLawError as error:
            raise typer.BadParameter(str(error)) from None
    found = format_for_path(path)
    if found is None:
        raise typer.BadParameter(
            f"cannot tell the format of {path} from its suffix "
            f"{path.suffix or '(none)'!r}; give --{which} ({', '.join(FORMATS)})"
        )
    return found


def convert(
    source: Annotated[
        Path, typer.Argument(help="The file to read.", metavar="IN", show_default=False)
    ],
    target: Annotated[
        Path, typer.Argument(help="The file to write.", metavar="OUT", show_default=False)
    ],
    from_format: Annotated[
        str | None,
        typer.Option(
            "--from",
            help=f"Format of the input: {', '.join(FORMATS)} or bws (a Bridgemate database, "
            "read only) (default: from its suffix).",
        ),
    ] = None,
    to_format: Annotated[
        str | None,
        typer.Option("--to", help="Format of the output (default: from its suffix)."),
    ] = None,
    first_board: Annotated[
        int | None,
        typer.Option(
            "--first-board",
            min=1,
            help="Number of the first board of an input with no board numbers (bri, dge, ber; "
            "default 1), and of the first PBN game without a Board tag (never numbered "
            "otherwise).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Convert boards between PBN, LIN, CSV and the dealing-machine formats.

    Keeps board numbers, dealers and vulnerability, and between PBN and LIN also the players,
    auction, play and result; says on standard error what the target cannot hold. A Bridgemate
    database (.bws) becomes the scored session in PBN, or its hand records in the others.
    """
    bws = is_bws_file(from_format, source)
    source_format = FORMATS["pbn"] if bws else _format(from_format, source, "from")
    target_format = _format(to_format, target, "to")
    if not source.is_file():
        raise typer.BadParameter(worded("cli.no-such-file", file=str(source)))
    if not target.parent.is_dir():
        raise typer.BadParameter(worded("cli.no-output-folder", path=str(target.parent)))
    try:
        if bws:
            from bridgelaw.formats.access_db import MAX_BYTES

            if source.stat().st_size > MAX_BYTES:
                raise ConvertError(f"{source}: not a readable Bridgemate database: more than "
                                   f"{MAX_BYTES:,} bytes")  # fmt: skip
            result = convert_bws_data(source.read_bytes(), target_format, str(source))
        else:
            result = convert_data(
                source.read_bytes(), source_format, target_format, str(source), first_board
            )
    except ConvertError as error:
        if len(error.problems) > 1:
            raise CommandError.from_problems(source, error.problems, "nothing written") from None
        raise CommandError(f"{error}; nothing written") from None
    write_file_atomic(target, result.data)
    for note in result.notes:
        sys.stderr.write(f"bridgelaw: note: {note}\n")
    for what in result.dropped:
        sys.stderr.write(f"bridgelaw: {what}\n")
    plural = "s" if result.boards != 1 else ""
    source_name = "bws" if bws else source_format.name
    sys.stderr.write(f"bridgelaw: wrote {target}: {result.boards} board{plural} "
                     f"({source_name} to {target_format.name})\n")  # fmt: skip
    if as_json:
        sys.stdout.write(json.dumps({
            "input": str(source), "output": str(target), "from": source_name,
            "to": target_format.name, "boards": result.boards, "dropped": result.dropped,
            "notes": result.notes,
        }, ensure_ascii=False) + "\n")  # fmt: skip
