"""Results in PBN 2.1: reading ``ScoreTable`` sections, writing ``ScoreTable`` and
``TotalScoreTable``.

Reading: each game gives its board (number, deal) and its ``ScoreTable`` rows; the columns used
are ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks), ``Lead``,
``Score_NS`` (an assigned score when there is no contract), ``Round`` and ``Table``. Rows are
checked by the same rules as the JSON format, with their line numbers.

Writing: one game per board with its markings (Law 2), its deal when known and the scored
``ScoreTable``; the first game also carries the ``TotalScoreTable`` (the ranking). Artificial
scores are written as ``A+``/``A-``... in ``Score_NS``/``Score_EW`` and read back as such; a
weighted or split score has no column in PBN, so it is written as its weighted mean with a
``Remark``, and reading that file back gives an assigned score, not the weighting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.cards import Deal
from bridgelaw.errors import ParseError
from bridgelaw.events.session import EventResults, number, number_text
from bridgelaw.formats.pbn import PbnGame, Problem, read_pbn, read_pbn_file, table_columns
from bridgelaw.formats.pbn import write_pbn as write_games
from bridgelaw.formats.results_json import LineDict, ReadOutcome, build_event
from bridgelaw.scoring.results import Artificial

_SCORING_TAGS = {
    "MP": "matchpoints",
    "MATCHPOINTS": "matchpoints",
    "BUTLER": "imps-datum",
    "IMP": "imps-datum",
    "CROSS-IMPS": "cross-imps",
    "TOTAL": "total-points",
}


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
    event: str | None = None,
) -> ReadOutcome:
    """Results from a PBN text, or its bytes (decoded as :func:`formats.pbn.read_pbn` does)."""
    parsed = read_pbn(text, filename)
    problems = list(parsed.problems)

    def report(line: int, message: str) -> None:
        problems.append(Problem(filename, line, message))

    top = LineDict({"results": []})
    top.line = 1
    deals: dict[str, str] = {}
    for game in parsed.games:
        if "ScoreTable" not in game.tables:
            continue
        if "event" not in top and (event or game.tags.get("Event")):
            top["event"] = event or game.tags["Event"]
        tag = game.tags.get("Scoring", "").strip().upper()
        if "scoring" not in top:
            top["scoring"] = scoring or _SCORING_TAGS.get(tag, "matchpoints")
        board = game.board_number
        if board is None:
            report(game.line, "a game with a ScoreTable needs a board number")
            continue
        if "Deal" in game.tags:
            deals[str(board)] = game.tags["Deal"]
        columns = table_columns(game.tags["ScoreTable"])
        for line, cells in game.tables["ScoreTable"]:
            row = dict(zip(columns, cells, strict=False))
            entry = LineDict(
                {"board": board, "ns": row.get("PairId_NS"), "ew": row.get("PairId_EW")}
            )
            entry.line = line
            contract = row.get("Contract", "-")
            if contract not in ("", "-"):
                entry["contract"] = "passed-out" if contract.upper() == "PASS" else contract
                if entry["contract"] != "passed-out":
                    entry["declarer"] = row.get("Declarer")
                    entry["tricks"] = row.get("Result")
            elif _is_artificial(row.get("Score_NS", "")):
                entry["artificial"] = {"NS": row["Score_NS"], "EW": row.get("Score_EW", "")}
            elif row.get("Score_NS", "-") not in ("", "-"):
                entry["ns_score"] = row["Score_NS"]
            for source, key in (("Lead", "lead"), ("Round", "round"), ("Table", "table")):
                if row.get(source, "-") not in ("", "-"):
                    entry[key] = row[source]
            top["results"].append(entry)
    top.setdefault("scoring", scoring or "matchpoints")
    if deals:
        top["deals"] = deals
    if not top["results"]:
        report(1, "no ScoreTable with results in this PBN file")
        return ReadOutcome(None, problems)
    built = build_event(top, filename, report)
    problems.sort(key=lambda p: p.line)
    return ReadOutcome(built if not problems else None, problems, partial=built)


def _is_artificial(text: str) -> bool:
    return text.upper() in ("A+", "A", "A-", "NP") or (text.endswith("%") and len(text) > 1)


def _text(value: Any) -> str:
    return number_text(value, missing="-")  # PBN writes "-" for a value not there


def results_pbn(results: EventResults) -> str:
    """The scored event as PBN: a ScoreTable per board, the TotalScoreTable on the first."""
    unit = results.unit
    games = []
    scoring_tag = {"mp": "MP", "imps": "IMP", "points": "Total"}[unit]
    for index, board in enumerate(results.boards):
        game = PbnGame()
        game.tags["Event"] = results.event or "?"
        game.tags["Board"] = str(board.board)
        game.tags["Dealer"] = board_dealer(board.board).letter
        game.tags["Vulnerable"] = board_vulnerability(board.board).pbn
        deal = results.deals.get(board.board)
        if deal is not None:
            game.tags["Deal"] = deal.pbn(board_dealer(board.board))
        game.tags["Scoring"] = scoring_tag
        teams = results.scoring == "teams"
        columns = ["Match\\2R", "Room\\6L"] if teams else ["Round\\2R", "Table\\2R"]
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
        else:
            columns += ["IMP_NS\\6R", "IMP_EW\\6R"] if unit == "imps" else []
        columns.append("Remark\\20L")
        rows = []
        for r in board.results:
            line = r.result
            played = line.played
            contract, declarer, tricks = "-", "-", "-"
            if played is not None and not line.is_split:
                contract = "Pass" if played.contract.is_passed_out else str(played.contract)
                declarer = played.declarer.letter if played.declarer else "-"
                tricks = "-" if played.tricks is None else str(played.tricks)
            cells: list[Any] = [line.match, line.room] if teams else [line.round, line.table]
            ns_score: Any = number(r.ns_score)
            ew_score: Any = number(r.ew_score)
            if isinstance(line.ns_side, Artificial) and isinstance(line.ew_side, Artificial):
                ns_score, ew_score = line.ns_side.label, line.ew_side.label  # read back as such
            cells += [
                line.ns,
                line.ew,
                contract,
                declarer,
                tricks,
                played.lead if played and played.lead else "-",
                ns_score,
                ew_score,
            ]
            if unit == "mp":
                cells += [
                    number(r.ns_value),
                    number(r.ew_value),
                    number(r.ns_percent),
                    number(r.ew_percent),
                ]
            elif unit == "imps":
                cells += [number(r.ns_value), number(r.ew_value)]
            remark = "" if played is not None and not line.is_split else line.describe()
            rows.append((0, [_text(c) for c in cells] + [remark]))
        game.tags["ScoreTable"] = ";".join(columns)
        game.tables["ScoreTable"] = rows
        if index == 0:
            game.tags["TotalScoreTable"], game.tables["TotalScoreTable"] = _total_table(results)
        games.append(game)
    return write_games(games)


def _total_table(results: EventResults) -> tuple[str, list[tuple[int, list[str]]]]:
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
