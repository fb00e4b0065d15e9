"""The ruling record as a printable page (HTML, and the PDF WeasyPrint makes of it) in the
reader's language (``?lang=`` or ``Accept-Language``, as the table views): headings, field
names and the record's fixed values in the words of :mod:`bridgelaw.i18n.record`, the engine's
rulings rendered from their messages in the terms of the ruling's edition
(:func:`bridgelaw.i18n.render`). What people wrote (statements, reasoning, grounds, names, the
adjudicator's line) and the data (times, clauses, seats, scores) are printed as recorded.
Every text from the record is escaped."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from bridgelaw.i18n.catalogs import render
from bridgelaw.i18n.record import word
from bridgelaw.table.messages import UnknownMessage, from_json


def record_html(document: dict[str, Any], lang: str = "en") -> str:
    """The record (:func:`bridgelaw.server.rulings.record_json` with its appeals) as a page."""

    def w(key: str, **params: object) -> str:
        return word(lang, key, **params)

    title = escape(w("title", session=document["session"]))
    parts = [
        f"<!doctype html><html lang='{escape(lang)}'><head><meta charset='utf-8'>",
        f"<title>{title}</title>",
        "<style>body{font-family:serif;max-width:50em}table{border-collapse:collapse}"
        "td,th{border:1px solid #888;padding:2px 6px;text-align:left}"
        "section{page-break-inside:avoid;margin-bottom:2em}</style></head><body>",
        f"<h1>{title}</h1>",
    ]
    deadlines = document.get("deadlines", {})
    if deadlines.get("published"):
        note = w(
            "deadlines",
            correction=deadlines["correction_ends"],
            appeal=deadlines["appeal_ends"],
        )
    else:
        note = w("unpublished")
    if "correction_minutes" in deadlines:
        note += " " + w(
            "periods",
            correction=_minutes(deadlines["correction_minutes"]),
            appeal=_minutes(deadlines["appeal_minutes"]),
        )
    parts.append(f"<p id='deadlines'>{escape(note)}</p>")
    for entry in document["entries"]:
        parts.append(_entry(entry, lang))
    for appeal in document.get("appeals", []):
        parts.append(_appeal(appeal, lang))
    parts.append("</body></html>")
    return "".join(parts)


def _minutes(value: object) -> str:
    number = float(str(value))
    return str(int(number)) if number.is_integer() else f"{number:g}"


def _rows(rows: list[tuple[str, object]]) -> str:
    return "".join(
        f"<tr><th>{escape(name)}</th><td>{escape(str(value))}</td></tr>" for name, value in rows
    )


def _entry(entry: dict[str, Any], lang: str) -> str:
    def w(key: str, **params: object) -> str:
        return word(lang, key, **params)

    none = w("none")
    rows: list[tuple[str, object]] = [
        (w("table"), entry.get("table_id") or none),
        (w("board"), entry.get("board") or none),
        (w("called_by"), _who(entry["called_by"], lang)),
        (w("called_at"), entry["called_at"]),
        (w("decided_by"), _who(entry["decided_by"], lang)),
        (w("decided_at"), entry["decided_at"]),
        (w("edition"), entry["edition"]),
        (w("clauses"), ", ".join(entry["clauses"])),
        (w("reasoning"), entry["reasoning"] or none),
        (w("supersedes"), entry.get("supersedes") or none),
        (w("superseded_by"), entry.get("superseded_by") or none),
    ]
    edition = int(entry["edition"])
    for applied in entry["applied"]:
        how = w(f"source.{applied['source']}")
        rows.append((w("applied"), f"{applied['clause']} ({how}) {_note(applied, lang, edition)}"))
    for fact in entry["facts"]:
        agreed = w("agreed") if fact["agreed"] else w("not_agreed")
        rows.append((w("statement"), f"{fact['by']}: {fact['text']} ({agreed})"))
    if entry["score"] is not None:
        rows.append((w("score"), _score(entry["score"], lang)))
    if entry["judgement"] is not None:
        rows.append((w("judgement"), _judgement(entry["judgement"], lang)))
    return (
        f"<section><h2>{escape(w('entry', number=int(entry['number'])))}</h2><table>"
        + _rows(rows)
        + "</table></section>"
    )


POLL_NOTE = re.compile(r"^poll (\d+): (\d+) peers$")
WEIGHTS_NOTE = re.compile(
    r"^poll (\d+) \(16B1b\): (.*?)(?:; proposed (.*?), changed: (.*))?$", re.S
)
"""The notes the server writes beside the director's clauses (routes/director_work.py): read
back to be written in the reader's language, the director's own reason kept as he wrote it."""


def _who(value: object, lang: str) -> str:
    return word(lang, "who.director") if value == "director" else str(value)


def _note(applied: dict[str, Any], lang: str, edition: int) -> str:
    """An engine's ruling rendered from its message in ``lang``; the server's own notes in
    ``lang``; any other note as written."""
    note = str(applied.get("note", ""))
    if applied.get("source") != "engine":
        if note == "result entered at the console":
            return word(lang, "note.console")
        if found := POLL_NOTE.match(note):
            return word(lang, "note.poll", poll=found[1], peers=found[2])
        if found := WEIGHTS_NOTE.match(note):
            text = word(lang, "note.weights", poll=found[1], weights=found[2])
            if found[3] is not None:
                text += "; " + word(lang, "note.changed", proposed=found[3], reason=found[4])
            return text
        return note
    if not note.startswith("{"):
        return note
    try:
        data = json.loads(note)
        said = from_json(data["message"], data["params"])
    except (ValueError, KeyError, TypeError, UnknownMessage):
        return note  # a note the catalog does not hold stays as recorded
    return render(said, lang, edition)


def _side(side: dict[str, Any]) -> str:
    if "artificial" in side:
        kind = str(side["artificial"])
        return f"{side['percent']}%" if kind == "%" and "percent" in side else kind
    points = side.get("points", [])
    if len(points) == 1:
        return f"{points[0][0]:+d}"
    return " + ".join(f"{score:+d} × {weight}" for score, weight in points)


def _score(score: dict[str, Any], lang: str) -> str:
    kind = word(lang, f"score.{score['kind']}")
    ns, ew = _side(score["ns"]), _side(score["ew"])
    if score["kind"] in ("split", "artificial"):
        return f"{kind}: {word(lang, 'side.ns')} {ns}; {word(lang, 'side.ew')} {ew}"
    return f"{kind}: {word(lang, 'side.ns')} {ns}"


def _judgement(judged: dict[str, Any], lang: str) -> str:
    def w(key: str, **params: object) -> str:
        return word(lang, key, **params)

    kind = w(f"judgement.{judged['kind']}")
    if judged["kind"] == "claim":
        proposal = judged["proposal"]
        return (
            f"{kind} ({proposal['law']}): {w('proposal', tricks=proposal['tricks'])}, "
            f"{w('decided_tricks', tricks=judged['decided_tricks'])}; {proposal['line']}"
        )
    damaged = w("yes") if judged.get("damaged") else w("no")
    if judged["kind"] == "unauthorized information":
        alternatives = ", ".join(judged["logical_alternatives"])
        return (
            f"{kind}: {judged['source']}; {w('logical_alternatives')}: {alternatives}; "
            f"{w('suggested')}: {judged['suggested']}; {w('damaged')}: {damaged}"
        )
    return f"{kind}: {judged['agreement']} / {judged['explanation']}; {w('damaged')}: {damaged}"


def _appeal(appeal: dict[str, Any], lang: str) -> str:
    def w(key: str, **params: object) -> str:
        return word(lang, key, **params)

    grounds = "; ".join(f"{w('ground.' + g['kind'])}: {g['text']}" for g in appeal["grounds"])
    decision = appeal.get("decision")
    heard = f"{w('heard.' + appeal['heard_by'])} {', '.join(appeal['members'])}".strip()
    deposit = appeal["deposit"]
    paid = w("none") if deposit is None else f"{deposit['amount']} {deposit['currency']}"
    rows: list[tuple[str, object]] = [
        (w("against"), appeal["against"]),
        (w("appellant"), appeal["appellant"]),
        (w("heard_by"), heard),
        (w("lodged_at"), appeal["lodged_at"]),
        (w("grounds"), grounds),
        (w("deposit"), paid),
        (w("decision"), w("pending") if decision is None else decision["reasoning"]),
    ]
    if decision is not None:
        changed = decision["entry"]
        by = _who(decision["by"], lang)
        rows.append((w("decided_by"), w("decided", by=by, at=decision["at"])))
        rows.append((w("score"), w("changed", number=changed) if changed else w("stands")))
    return (
        f"<section><h2>{escape(w('appeal', number=int(appeal['appeal'])))}</h2><table>"
        + _rows(rows)
        + "</table></section>"
    )
