"""Results in PBN 2.1: reading ``ScoreTable`` sections, writing ``ScoreTable`` and
``TotalScoreTable``.

Reading: each game gives its board (number, deal) and its ``ScoreTable`` rows; the columns used
are ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks), ``Lead``,
``Score_NS`` (an assigned score when there is no contract), ``Round`` and ``Table``, and for
teams ``Match`` and ``Room``. Rows are checked by the same rules as the JSON format, with their
line numbers. A file without any ``ScoreTable`` (one game per table result, as the sample
session and many scoring programs write it) gives one result per game that has a ``Contract``:
its pairs from ``PairNS``/``PairEW``, declarer, tricks (``Result``), the opening lead from the
play, and the players' names from ``North``... ``West``.

The rest of the tournament: ``Scoring`` (``MP``, ``IMP;Butler``, ``IMP;Cross``, ``Total``, and
``IMP`` with ``Match``/``Room`` columns for teams), ``DatumMethod`` (bridgelaw's own tag: the
Butler datum method), ``Date``, the ``TotalScoreTable``'s ``Names`` (each pair's players) and
its ``TotalScoreVP`` column (victory points by the WBF scale), and ``MatchTable`` (bridgelaw's
own table section: each match's home and away team and number of boards).

Writing: one game per board with its markings (Law 2), its deal when known and the scored
``ScoreTable``; the first game also carries the ``TotalScoreTable`` (the ranking) and, for
teams, the ``MatchTable``. Reading the written file back gives the same tournament. ``Score_NS`` and
``Score_EW`` give each side its own score (:mod:`bridgelaw.formats.result_forms`): points, so a
split score (Law 12C1b) reads back as one, or artificial scores (``A+``, ``A-``, ``NP``,
``55%``). A weighted score (Law 12C1c) has no PBN column: the score columns hold its weighted
mean for other programs, and bridgelaw's own column ``BridgelawResult`` (only on a board that
needs it) the result as the event-results JSON says it, as it does a split score's contracts;
a ``Remark`` describes it. bridgelaw's own tags ``CrossImpsRanking``, ``Phantoms`` and
``Sitouts`` carry the tournament's cross-IMPs ranking and phantom pairs (docs/formats-usebio.md).
"""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.cards import Deal, card_name
from bridgelaw.errors import ParseError
from bridgelaw.formats.pair_names import DIRECTIONS, PairNaming
from bridgelaw.formats.pbn import (
    PbnGame,
    Problem,
    _cell,
    read_pbn,
    read_pbn_file,
    result_tricks,
    table_columns,
)
from bridgelaw.formats.pbn import write_game as write_one_game
from bridgelaw.formats.result_forms import (
    count_exact,
    exact_notes,
    exact_result,
    side_text,
    sides_form,
)
from bridgelaw.formats.results_json import FORMS, LineDict, ReadOutcome, build_tournament
from bridgelaw.inputs import shown, whole_number
from bridgelaw.scoring.results import Points
from bridgelaw.tournament.session import (
    BoardResults,
    ScoredResult,
    TournamentResults,
    number,
    number_text,
    value_texts,
)

EXACT_COLUMN = "BridgelawResult"
"""bridgelaw's own ScoreTable column: a result as the event-results JSON writes it, for what
the score columns cannot say exactly (a weighted score, a split score's contracts)."""

_SCORING_WRITTEN = {
    "matchpoints": "MP",
    "imps-datum": "IMP;Butler",
    "cross-imps": "IMP;Cross",
    "total-points": "Total",
    "teams": "IMP",
}


def _scoring_of(tag: str, teams: bool) -> str:
    """The scoring a ``Scoring`` tag names: its words (``;`` between them) in any case."""
    words = {w.strip().upper() for w in tag.replace(",", ";").split(";")}
    if words & {"BUTLER", "BUTLER-2"}:
        return "imps-datum"
    if any(w.startswith("CROSS") for w in words):
        return "cross-imps"
    if words & {"MP", "MATCHPOINTS"}:
        return "matchpoints"
    if "TOTAL" in words:
        return "total-points"
    if "IMP" in words:
        return "teams" if teams else "imps-datum"
    return "teams" if teams else "matchpoints"


def _known(value: str | None) -> str | None:
    """A tag's value, or ``None`` when it is empty or ``?`` (unknown, PBN 2.1 section 3.4)."""
    if value is None or value.strip() in ("", "?", "-"):
        return None
    return value.strip()


def _date(value: str | None) -> str | None:
    """A PBN date (``2026.11.20``) as an ISO date; ``None`` when any part is unknown."""
    parts = (value or "").strip().split(".")
    if len(parts) != 3 or not all(p.isdigit() and p.isascii() for p in parts):
        return None
    try:
        return datetime.date(int(parts[0]), int(parts[1]), int(parts[2])).isoformat()
    except ValueError:
        return None


def deals_from_pbn(path: Path) -> tuple[dict[int, Deal], list[Problem]]:
    """Board number -> deal, from any PBN file (a hand record)."""
    parsed = read_pbn_file(path)
    deals: dict[int, Deal] = {}
    problems = list(parsed.problems)
    for game in parsed.games:
        number_, text = game.board_number, game.tags.get("Deal")
        if number_ is None or text is None:
            continue
        try:
            deals[number_] = Deal.from_pbn(text)
        except ParseError as error:
            problems.append(Problem(str(path), game.tag_lines.get("Deal", game.line), str(error)))
    return deals, problems


def read_results_pbn(
    text: str | bytes,
    filename: str = "<pbn>",
    scoring: str | None = None,
    event_name: str | None = None,
) -> ReadOutcome:
    """Results from a PBN text, or its bytes (decoded as :func:`formats.pbn.read_pbn` does)."""
    parsed = read_pbn(text, filename)
    problems = list(parsed.problems)

    def report(line: int, message: str) -> None:
        problems.append(Problem(filename, line, message))

    top = LineDict({"results": []})
    top.line = 1
    deals: dict[str, str] = {}
    names: dict[str, str] = {}
    matches: list[dict[str, Any]] = []
    scoring_tag: str | None = None
    unread: list[Problem] = []  # a Date that cannot be read: said once, never dropped silently
    teams = False
    with_tables = any("ScoreTable" in game.tables for game in parsed.games)
    numbering = PairNumbering.of(parsed.games)
    for game in parsed.games:
        if with_tables and "ScoreTable" not in game.tables:
            continue
        if not with_tables and _known(game.tags.get("Contract")) is None:
            continue  # a hand record, or a board not played at this table
        if "event" not in top and (event_name or _known(game.tags.get("Event"))):
            top["event"] = event_name or _known(game.tags.get("Event"))
        if "date" not in top and _date(game.tags.get("Date")) is not None:
            top["date"] = _date(game.tags.get("Date"))
        elif "date" not in top and _known(game.tags.get("Date")) is not None and not unread:
            unread.append(Problem(filename, game.tag_lines.get("Date", game.line), "the Date "
                                  f"{game.tags['Date'].strip()!r} is not a whole date as PBN "
                                  "writes it (YYYY.MM.DD, PBN 2.1 section 3.4.3): the session "
                                  "has no date, and the USEBIO and PBN results written have "
                                  "none"))  # fmt: skip
        if scoring_tag is None and _known(game.tags.get("Scoring")):
            scoring_tag = game.tags["Scoring"]
        if "datum" not in top and _known(game.tags.get("DatumMethod")):
            top["datum"] = _known(game.tags.get("DatumMethod"))
        _read_own_tags(game, top, report)
        board = game.board_number
        if board is None:
            report(game.line, "a game with a result needs a board number")
            continue
        if "Deal" in game.tags:
            deals[str(board)] = game.tags["Deal"]
        if "TotalScoreTable" in game.tables:
            _read_totals(game, names, top, numbering)
        if "MatchTable" in game.tables:
            matches.extend(_read_matches(game, top))
        if not with_tables:
            missing = [t for t in ("PairNS", "PairEW") if _known(game.tags.get(t)) is None]
            if missing:
                report(
                    game.line,
                    f"board {board}: a result without a ScoreTable names its pairs in PairNS "
                    f"and PairEW; {' and '.join(missing)} missing",
                )
                continue
            top["results"].append(_game_result(game, board, names))
            continue
        columns = table_columns(game.tags["ScoreTable"])
        teams = teams or "Room" in columns
        for line, cells in game.tables["ScoreTable"]:
            row = dict(zip(columns, cells, strict=False))
            top["results"].append(_row_result(row, board, line, report, numbering))
            for side, column in (("NS", "Names_NS"), ("EW", "Names_EW")):
                pair = numbering.key(row, side)
                if pair is not None and _known(row.get(column)) is not None:
                    names.setdefault(pair, row[column].strip())
    top["scoring"] = scoring or _scoring_of(scoring_tag or "", teams)
    if top["scoring"] == "teams":
        top["matches"] = matches or _matches_from_rooms(top["results"])
    if names:
        pairs = {p for r in top["results"] for p in (r.get("ns"), r.get("ew")) if p}
        top["pairs"] = {pair: names.get(pair, "") for pair in sorted(pairs | set(names))}
    if deals:
        top["deals"] = deals
    if not top["results"]:
        report(1, "no results in this PBN file (no ScoreTable, and no game with a Contract)")
        return ReadOutcome(None, problems)
    if "date" in top:
        unread = []  # a later game gave the date
    built = build_tournament(top, filename, report)
    problems.sort(key=lambda p: p.line)
    notes = [str(n) for n in unread]
    return ReadOutcome(built if not problems else None, problems, partial=built, notes=notes)


@dataclass(frozen=True)
class PairNumbering:
    """How a file's ScoreTables number the pairs, named by the one rule of
    :mod:`bridgelaw.formats.pair_names`. A ``Section`` column puts each row's pairs in a
    section (two sections may both have a pair 1); a pair number on both sides of one board
    in one room of a section (NS pair 1 against EW pair 1, as Bridge Composer writes ACBL
    Mitchell games) numbers that section's North-South and East-West pairs apart: one pair
    cannot play a board against itself (Law 4; a team plays it once in each room). Where the
    file says so, a pair is keyed by its section, number and direction: ``"A1 NS"``."""

    naming: PairNaming = field(default_factory=PairNaming)

    @property
    def by_direction(self) -> bool:
        return bool(self.naming.by_direction)

    @classmethod
    def of(cls, games: list[PbnGame]) -> PairNumbering:
        sections: set[str] = set()
        by_direction: set[str] = set()
        for game in games:
            if "ScoreTable" not in game.tables:
                continue
            columns = table_columns(game.tags["ScoreTable"])
            sides: dict[tuple[str, str, str], set[str]] = {}
            for _, cells in game.tables["ScoreTable"]:
                row = dict(zip(columns, cells, strict=False))
                section = _known(row.get("Section")) or ""
                if section:
                    sections.add(section)
                # a team plays a board in both rooms, once each way: one room at a time
                room = (row.get("Room") or "").lower()
                for side in DIRECTIONS:
                    pair = _known(row.get(f"PairId_{side}"))
                    if pair is not None:
                        sides.setdefault((section, room, pair), set()).add(side)
            by_direction |= {section for (section, _, _), s in sides.items() if len(s) == 2}
        return cls(PairNaming(frozenset(sections), frozenset(by_direction)))

    def key(self, row: dict[str, str], side: str, pair: str | None = None) -> str | None:
        """The pair of a row on a side (``"NS"`` or ``"EW"``); a pair not given stays as
        written (``"-"``, for the JSON rules to read)."""
        pair = row.get(f"PairId_{side}") if pair is None else pair
        known = _known(pair)
        if known is None:
            return pair
        # a row without a Section column (a TotalScoreTable) of a file of one section is in it
        lone = next(iter(self.naming.sections)) if len(self.naming.sections) == 1 else ""
        return self.naming.name(known, _known(row.get("Section")) or lone, side)


def _row_result(
    row: dict[str, str], board: int, line: int, report: Report, numbering: PairNumbering
) -> LineDict:
    """One ``ScoreTable`` row as a results entry (checked later by the JSON rules)."""
    entry = LineDict({"board": board, "ns": numbering.key(row, "NS"),
                      "ew": numbering.key(row, "EW")})  # fmt: skip
    entry.line = line
    contract = row.get("Contract", "-")
    ns_score, ew_score = row.get("Score_NS", "-"), row.get("Score_EW", "-")
    exact = _exact(row.get(EXACT_COLUMN, "-"), line, report)
    if exact is not None:
        entry |= exact
    elif contract not in ("", "-"):
        entry["contract"] = "passed-out" if contract.upper() == "PASS" else contract
        if entry["contract"] != "passed-out":
            entry["declarer"] = row.get("Declarer")
            entry["tricks"] = row.get("Result")
    elif ns_score not in ("", "-") and ew_score not in ("", "-") and sides_form(ns_score, ew_score):
        entry |= sides_form(ns_score, ew_score) or {}  # each side its own score
    elif _is_artificial(ns_score):
        entry["artificial"] = {"NS": ns_score, "EW": ew_score}
    elif ns_score not in ("", "-"):
        entry["ns_score"] = ns_score
    elif whole_number(ew_score, signed=True) is not None:  # East-West's points alone
        entry["ns_score"] = -(whole_number(ew_score, signed=True) or 0)
    for source, key in (("Lead", "lead"), ("Round", "round"), ("Table", "table")):
        if row.get(source, "-") not in ("", "-"):
            entry[key] = row[source]
    if row.get("Room", "-") not in ("", "-"):
        entry["room"] = row["Room"].lower()
    if row.get("Match", "-") not in ("", "-"):
        entry["match"] = row["Match"]
    return entry


def _game_result(game: PbnGame, board: int, names: dict[str, str]) -> LineDict:
    """A game that is one table's result (no ``ScoreTable``) as a results entry."""
    entry = LineDict({"board": board, "ns": game.tags.get("PairNS"), "ew": game.tags.get("PairEW")})
    entry.line = game.line
    contract = game.tags["Contract"].strip()
    if contract.upper() in ("PASS", "AP"):
        entry["contract"] = "passed-out"
    else:
        # the seat that played the hand ('^N', 3.4.13) and the Result forms of 3.4.15 ('9',
        # 'NS 9', '^13'); a value these cannot read goes on as written, for the JSON rules to
        # report with its line
        declarer = game.declarer
        result = game.tags.get("Result")
        tricks = None if result is None else result_tricks(result, declarer)
        entry |= {
            "contract": contract,
            "declarer": game.tags.get("Declarer") if declarer is None else declarer.letter,
            "tricks": result if tricks is None else tricks,
        }
        lead = game.tricks[0][0] if game.tricks and game.tricks[0] else None
        if lead is not None:
            entry["lead"] = card_name(lead)
    for tag, key in (("Round", "round"), ("Table", "table")):
        if _known(game.tags.get(tag)) is not None:
            entry[key] = game.tags[tag]
    for pair_tag, seats in (("PairNS", ("North", "South")), ("PairEW", ("East", "West"))):
        pair = _known(game.tags.get(pair_tag))
        players = [p for p in (_known(game.tags.get(seat)) for seat in seats) if p]
        if pair is not None and players and pair not in names:
            names[pair] = " & ".join(players)
    return entry


Report = Callable[[int, str], None]


def _exact(cell: str, line: int, report: Report) -> dict[str, Any] | None:
    """bridgelaw's own column: the result as the event-results JSON says it."""
    if cell.strip() in ("", "-"):
        return None
    try:
        found = json.loads(cell)
    except (ValueError, RecursionError):
        found = None
    if not isinstance(found, dict) or not found or not set(found) <= set(FORMS):
        report(line, f"{EXACT_COLUMN} must be a result as the JSON gives it (one of "
               f"{', '.join(FORMS)}), not {shown(cell)}")  # fmt: skip
        return None
    return found


def _read_own_tags(game: PbnGame, top: LineDict, report: Report) -> None:
    """bridgelaw's tags for what PBN has none for: the cross-IMPs ranking, phantom pairs."""
    for tag, key in (("CrossImpsRanking", "cross_imps_ranking"), ("Sitouts", "sitouts")):
        if key not in top and _known(game.tags.get(tag)) is not None:
            top[key] = _known(game.tags.get(tag))
    phantoms = _known(game.tags.get("Phantoms"))
    if "phantoms" not in top and phantoms is not None:
        try:
            top["phantoms"] = json.loads(phantoms)  # the JSON rules check it is a list of pairs
        except (ValueError, RecursionError):
            report(game.tag_lines.get("Phantoms", game.line), "Phantoms must be a JSON list of "
                   f"pairs, not {shown(phantoms)}")  # fmt: skip


def _read_totals(
    game: PbnGame, names: dict[str, str], top: LineDict, numbering: PairNumbering
) -> None:
    columns = table_columns(game.tags["TotalScoreTable"])
    if "TotalScoreVP" in columns:
        top["vp"] = "wbf"
    for _, cells in game.tables["TotalScoreTable"]:
        row = dict(zip(columns, cells, strict=False))
        pair = _known(row.get("PairId") or row.get("TeamId"))
        side = (row.get("Direction") or "").replace("-", "").strip().upper()
        if pair is not None and numbering.by_direction:
            pair = numbering.key(row, side, pair) if side in ("NS", "EW") else None
        name = _known(row.get("Names"))
        if pair is not None and name is not None:
            names[pair] = name


def _read_matches(game: PbnGame, top: LineDict) -> list[dict[str, Any]]:
    columns = table_columns(game.tags["MatchTable"])
    found: list[dict[str, Any]] = []
    for line, cells in game.tables["MatchTable"]:
        row = dict(zip(columns, cells, strict=False))
        match = LineDict(
            {"match": row.get("Match"), "home": row.get("Home"), "away": row.get("Away")}
        )
        match.line = line
        if _known(row.get("Boards")) is not None:
            match["boards"] = row["Boards"]
        if _known(row.get("VP_Home")) is not None:
            top["vp"] = "wbf"
        found.append(match)
    return found


def _matches_from_rooms(results: list[LineDict]) -> list[dict[str, Any]]:
    """Without a ``MatchTable``: each match's home team is North-South in its open room."""
    found: dict[str, dict[str, Any]] = {}
    for r in results:
        match = r.get("match")
        if match is not None and r.get("room") == "open" and match not in found:
            found[match] = {"match": match, "home": r.get("ns"), "away": r.get("ew")}
    return list(found.values())


def _is_artificial(text: str) -> bool:
    return text.upper() in ("A+", "A", "A-", "NP") or (text.endswith("%") and len(text) > 1)


def _text(value: Any) -> str:
    return number_text(value, missing="-")  # PBN writes "-" for a value not there


def results_pbn(results: TournamentResults, date: str | None = None) -> str:
    """The scored tournament as PBN text (see :func:`write_results_pbn`)."""
    stream = io.StringIO()
    write_results_pbn(results, stream, date)
    return stream.getvalue()


def write_results_pbn(
    results: TournamentResults, stream: TextIO, date: str | None = None
) -> list[str]:
    """Write the scored tournament as PBN, game by game: a ScoreTable per board, the
    TotalScoreTable (and for teams the MatchTable) on the first. ``date`` is the session's ISO
    date, written as the ``Date`` tag. The result is the notes to show the user: what other
    programs will not read from the file (see :func:`exact_notes`)."""
    notes: dict[str, int] = {}
    stream.write("% PBN 2.1\n\n")
    quoted = _Quoted()  # cell -> as written; a session repeats its pairs and numbers
    shared = _Shared()
    for index, board in enumerate(results.boards):
        game = _board_game(results, board, index == 0, date, notes, shared)
        if index == 0:  # the ScoreTable, then the TotalScoreTable (and the MatchTable)
            stream.write(write_one_game(game))
            continue
        # the tags as write_game writes them, then the ScoreTable as it would, each distinct
        # cell quoted once: the rows are most of a large file
        header = game.tags.pop("ScoreTable").replace('"', '\\"')
        rows = game.tables.pop("ScoreTable")
        stream.write("\n" + write_one_game(game) + f'[ScoreTable "{header}"]\n')
        quote = quoted.__getitem__
        lines = [" ".join(map(quote, cells)) for _, cells in rows]
        stream.write("\n".join(lines) + "\n" if lines else "")
    return exact_notes(notes, f"bridgelaw's own column {EXACT_COLUMN}")


class _Quoted(dict[str, str]):
    """Each cell as :func:`~bridgelaw.formats.pbn.write_game` writes it, quoted once (a
    session's distinct cells are its pairs and its values: far fewer than its results)."""

    def __missing__(self, cell: str) -> str:
        text = self[cell] = _cell(cell)
        return text


def _board_game(
    results: TournamentResults,
    board: BoardResults,
    first: bool,
    date: str | None,
    notes: dict[str, int],
    shared: _Shared,
) -> PbnGame:
    unit = results.unit
    teams = results.scoring == "teams"
    game = PbnGame()
    game.tags["Event"] = results.name or "?"
    if date is not None:
        game.tags["Date"] = date.replace("-", ".")
    game.tags["Board"] = str(board.board)
    game.tags["Dealer"] = board_dealer(board.board).letter
    game.tags["Vulnerable"] = board_vulnerability(board.board).pbn
    deal = results.deals.get(board.board)
    if deal is not None:
        game.tags["Deal"] = deal.pbn(board_dealer(board.board))
    game.tags["Scoring"] = _SCORING_WRITTEN[results.scoring]
    if results.scoring == "imps-datum" and results.datum_method:
        game.tags["DatumMethod"] = results.datum_method
    if results.scoring == "cross-imps" and results.cross_imps_ranking and first:
        game.tags["CrossImpsRanking"] = results.cross_imps_ranking
    if results.phantoms and first:
        game.tags["Phantoms"] = json.dumps(sorted(results.phantoms), ensure_ascii=False)
        game.tags["Sitouts"] = results.sitouts
    columns = ["Round\\2R", "Table\\2R"] + (["Match\\2R", "Room\\6L"] if teams else [])
    columns += [
        "PairId_NS\\4R",
        "PairId_EW\\4R",
        "Contract\\5L",
        "Declarer\\1R",
        "Result\\2R",
        "Lead\\3L",
        "Score_NS\\6R",
        "Score_EW\\6R",
    ]
    if unit == "mp":
        columns += ["MP_NS\\6R", "MP_EW\\6R", "Percentage_NS\\6R", "Percentage_EW\\6R"]
    elif unit == "imps":
        columns += ["IMP_NS\\6R", "IMP_EW\\6R"]
    columns.append("Remark\\20L")
    # a weighted score, or a split score's contracts: no PBN column says them (Law 12C1b, c)
    scored = board.results  # built once here (a board scored in bulk builds it on each access)
    before = sum(notes.values())
    count_exact(scored, notes)
    exact = sum(notes.values()) > before
    if exact:
        columns.append(f"{EXACT_COLUMN}\\40L")
    game.tags["ScoreTable"] = ";".join(columns)
    shared.next_board()
    game.tables["ScoreTable"] = [(0, _row(results, r, teams, exact, shared)) for r in scored]
    if first:
        game.tags["TotalScoreTable"], game.tables["TotalScoreTable"] = _total_table(results)
        if teams and results.matches:
            game.tags["MatchTable"], game.tables["MatchTable"] = _match_table(results)
    return game


class _Shared:
    """What a file's rows share, each part made once: the cells of a result that several
    tables had (the readers share one object among them, on every board of the same
    vulnerability), and of a board's set of values (the scorers share one tuple of texts
    among equal results on a board: a board starts with :meth:`next_board`). The objects are
    kept, so that an id is not reused while they are."""

    __slots__ = ("results", "values")

    def __init__(self) -> None:
        self.results: dict[tuple[int, int], tuple[object, object, list[str], str, str]] = {}
        self.values: dict[int, tuple[tuple[str, ...], list[str]]] = {}

    def next_board(self) -> None:
        self.values.clear()


def _row(
    results: TournamentResults, r: ScoredResult, teams: bool, exact: bool, shared: _Shared
) -> list[str]:
    line = r.result
    # none of these cells is a float: _text would write each as "-" for none, else as str()
    row = [
        "-" if line.round is None else str(line.round),
        "-" if line.table is None else str(line.table),
    ]
    if teams:
        row.append("-" if line.match is None else str(line.match))
        row.append("-" if line.room is None else line.room.title())  # PBN: Open / Closed
    row.append(line.ns)
    row.append(line.ew)
    side, played = line.ns_side, line.played
    if side is line.ew_side:  # one result for both sides: its cells made once
        found = shared.results.get((id(side), id(played)))
        if found is None or found[0] is not side or found[1] is not played:
            found = shared.results[id(side), id(played)] = (side, played, *_result(r))
        result, remark, exact_cell = found[2], found[3], found[4]
    else:
        result, remark, exact_cell = _result(r)
    texts = value_texts(r)
    numbers = shared.values.get(id(texts))
    if numbers is None or numbers[0] is not texts:
        numbers = shared.values[id(texts)] = (texts, _numbers(results, texts))
    row += result
    row += numbers[1]
    row.append(remark)
    if exact:
        row.append(exact_cell)
    return row


def _result(r: ScoredResult) -> tuple[list[str], str, str]:
    """A row's cells from the contract to the scores, its remark, and its exact result (for
    the board's exact column, when it has one)."""
    line = r.result
    played = line.played
    contract, declarer, tricks = "-", "-", "-"
    if played is not None and (line.ns_side is line.ew_side or not line.is_split):
        contract = "Pass" if played.contract.is_passed_out else str(played.contract)
        # Seat.NORTH is 0: compare with None, never test a seat for truth
        declarer = played.declarer.letter if played.declarer is not None else "-"
        tricks = "-" if played.tricks is None else str(played.tricks)
    texts = value_texts(r)
    ns_score, ew_score = texts[0] or "-", texts[1] or "-"  # PBN: "-" for a value not there
    if line.ns_side is not line.ew_side or not isinstance(line.ns_side, Points):
        # each side its own score: a split score, artificial scores (read back as such)
        ns_score, ew_score = side_text(line.ns_side, 0), side_text(line.ew_side, 1)
    lead = played.lead if played and played.lead else "-"
    one_result = line.ns_side is line.ew_side or not line.is_split  # `is`: no comparing
    remark = "" if played is not None and one_result else line.describe()
    found = exact_result(line)
    exact = "-" if found is None else json.dumps(found, separators=(",", ":"))
    return [contract, declarer, tricks, lead, ns_score, ew_score], remark, exact


def _numbers(results: TournamentResults, texts: tuple[str, ...]) -> list[str]:
    """A row's values (:func:`value_texts`): matchpoints and percentages, or IMPs."""
    if results.unit == "mp":
        return [text or "-" for text in texts[2:6]]
    if results.unit == "imps":
        return [text or "-" for text in texts[2:4]]
    return []


def _match_table(results: TournamentResults) -> tuple[str, list[tuple[int, list[str]]]]:
    columns = ["Match\\2R", "Home\\8L", "Away\\8L", "Boards\\2R", "IMP_Home\\5R", "IMP_Away\\5R"]
    with_vp = any(m.vp is not None for m in results.matches)
    if with_vp:
        columns += ["VP_Home\\5R", "VP_Away\\5R"]
    rows = []
    for m in results.matches:
        cells = [
            m.match,
            m.home,
            m.away,
            str(m.boards),
            _text(number(m.imps[0])),
            _text(number(m.imps[1])),
        ]
        if with_vp:
            vp = m.vp or (None, None)
            cells += [_text(number(vp[0])), _text(number(vp[1]))]
        rows.append((0, cells))
    return ";".join(columns), rows


def _total_table(results: TournamentResults) -> tuple[str, list[tuple[int, list[str]]]]:
    teams = results.scoring == "teams"
    total = {"mp": "TotalScoreMP", "imps": "TotalScoreIMP", "points": "TotalScore"}[results.unit]
    if teams and results.matches and results.matches[0].vp is not None:
        total = "TotalScoreVP"
    columns = [
        "Rank\\3R",
        ("TeamId" if teams else "PairId") + "\\4R",
        "Direction\\2L",
        "Names\\30L",
        f"{total}\\7R",
        "TotalPercentage\\6R",
    ]
    rows = [
        (
            0,
            [
                r.rank,
                r.pair,
                r.direction or "-",
                results.names.get(r.pair, ""),
                _text(number(r.score)),
                _text(number(r.percent)),
            ],
        )
        for r in results.ranking
    ]
    return ";".join(columns), rows
