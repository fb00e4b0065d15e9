"""Results as CSV: one row per table result, for scorers who keep travellers in a spreadsheet.

The first non-comment row names the columns; the order is free. Columns:

* ``board``, ``ns``, ``ew`` (required); ``round``, ``table``, ``lead``; ``room`` and ``match``
  for teams;
* the result, exactly one of: ``contract`` + ``declarer`` + ``tricks`` (``contract`` may be
  ``passed-out``); ``ns_score`` (an assigned score in points); ``artificial`` as ``NS/EW``
  (``A+/A-``, ``A/A``, ``55%/45%``, ``NP/NP``); ``weighted`` as ``1/3 3NT N 9; 2/3 3NT N 8``
  (an outcome is ``contract declarer tricks``, ``passed-out`` or ``=points``); ``split_ns`` and
  ``split_ew`` for a split score, each one outcome, ``A+``-style artificial score or ``weighted``.

Cells are separated by commas, or by semicolons or tabs as spreadsheets export them (the header
line decides); the encoding may be UTF-8 with or without a byte-order mark, UTF-16 or Latin-1
(:func:`bridgelaw.formats.text.decode_text`, applied by the command). Comment lines start with
``#``; ``# event: ...``, ``# scoring: ...``, ``# vp: wbf``, ``# date: 2026-11-20`` and
``# match: <id> <home> <away> [boards]`` set what the JSON top level would. Every row is checked
by the same rules as the JSON format, and problems carry the row's line number.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from bridgelaw.formats.pbn import Problem
from bridgelaw.formats.results_json import LineDict, ReadOutcome, build_tournament
from bridgelaw.inputs import csv_delimiter


def _outcome(text: str) -> dict[str, Any]:
    """``4S E 10`` / ``passed-out`` / ``=420`` -> the JSON outcome object."""
    words = text.split()
    if len(words) == 1 and words[0].startswith("="):
        return {"ns_score": words[0][1:]}
    if len(words) == 1:
        return {"contract": words[0]}
    if len(words) == 3:
        return {"contract": words[0], "declarer": words[1], "tricks": words[2]}
    return {"contract": text}  # reported as not a contract


def _weighted(text: str, line: int) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = []
    for piece in text.split(";"):
        words = piece.split(None, 1)
        if not words:
            continue
        part = LineDict(_outcome(words[1] if len(words) > 1 else ""))
        part["weight"] = words[0]
        part.line = line
        parts.append(part)
    return parts


def _side(text: str, line: int) -> Any:
    text = text.strip()
    if ";" in text or (text.split() and "/" in text.split()[0] and len(text.split()) > 1):
        return {"weighted": _weighted(text, line)}
    if text.upper() in ("A+", "A", "A-", "NP") or text.endswith("%"):
        return text
    return _outcome(text)


def read_results_csv(
    text: str, filename: str = "<csv>", scoring: str | None = None, event_name: str | None = None
) -> ReadOutcome:
    problems: list[Problem] = []

    def report(line: int, message: str) -> None:
        problems.append(Problem(filename, line, message))

    top = LineDict({"event": event_name or "", "scoring": scoring or "matchpoints", "results": []})
    top.line = 1
    matches: list[dict[str, Any]] = []
    header: list[str] | None = None
    lines = text.splitlines()
    # Excel writes ";" between cells where the decimal mark is a comma, a tab in "Unicode text"
    first = next((raw for raw in lines if raw.strip() and not raw.lstrip().startswith("#")), "")
    delimiter = csv_delimiter(first, {"board", "ns", "ew"})
    for number, row in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), start=1):
        raw = lines[number - 1] if number <= len(lines) else ""
        if not row or not any(cell.strip() for cell in row):
            continue
        if raw.lstrip().startswith("#"):
            key, _, value = raw.lstrip("# \t").partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "event" and event_name is None:
                top["event"] = value
            elif key == "scoring" and scoring is None:
                top["scoring"] = value
            elif key == "vp":
                top["vp"] = value
            elif key == "date":
                top["date"] = value
            elif key == "match":
                words = value.split()
                match = LineDict(zip(("match", "home", "away", "boards"), words, strict=False))
                match.line = number
                matches.append(match)
            continue
        if header is None:
            header = [cell.strip().lower() for cell in row]
            if not {"board", "ns", "ew"} <= set(header):
                report(number, "the header row must name at least board, ns and ew")
                return ReadOutcome(None, problems)
            continue
        cells = {
            name: cell.strip() for name, cell in zip(header, row, strict=False) if cell.strip()
        }
        entry = LineDict(
            {
                k: cells[k]
                for k in ("board", "ns", "ew", "round", "table", "room", "match", "lead")
                if k in cells
            }
        )
        entry.line = number
        if "contract" in cells:
            entry |= {k: cells[k] for k in ("contract", "declarer", "tricks") if k in cells}
        if "ns_score" in cells:
            entry["ns_score"] = cells["ns_score"]
        if "artificial" in cells:
            ns_art, _, ew_art = cells["artificial"].partition("/")
            entry["artificial"] = {"NS": ns_art.strip(), "EW": ew_art.strip()}
        if "weighted" in cells:
            entry["weighted"] = _weighted(cells["weighted"], number)
        if "split_ns" in cells or "split_ew" in cells:
            entry["split"] = {
                "NS": _side(cells.get("split_ns", ""), number),
                "EW": _side(cells.get("split_ew", ""), number),
            }
        top["results"].append(entry)
    if header is None:
        report(1, "no header row (board, ns, ew, ...)")
        return ReadOutcome(None, problems)
    if matches:
        top["matches"] = matches
    built = build_tournament(top, filename, report)
    problems.sort(key=lambda p: p.line)
    return ReadOutcome(built if not problems else None, problems, partial=built)
