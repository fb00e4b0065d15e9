"""``bridgelaw law [CLAUSE]``: the law navigator, generated from the law book.

For a clause: its title (the project's words), its number in each edition and whether the
editions differ, the code that applies it (file and line, found in the package's source), the
scripts that test it (those citing it in their expectations or notes; a source checkout's
``tests/scripts``, said to be absent from an installed package) and the rulings, reviews and
offers it can give. Without a clause: every clause with its status. The clause is read in the
numbering of ``--edition`` (2017 by default: ``law 16D --edition 2007`` is the 2017 16C).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Annotated, Any

import typer

from bridgelaw.laws import CLAUSES, Clause, UnknownClause, cited, suggest
from bridgelaw.laws.index import code_citations, resolve, script_citations

SPELLING = re.compile(r"(?:law\s*|l)?(\d{1,2})([a-h]?)(\d{0,2})([a-z]*)", re.IGNORECASE)
NO_SCRIPTS = "scripts: not listed (no tests/scripts here: run from a source checkout)"


def normalize(text: str) -> str:
    """``27b1A``, ``Law 27B1a``, ``l27b1a`` -> ``27B1a``; anything else unchanged."""
    text = text.strip()
    if text.lower().startswith("2007/"):
        return "2007/" + normalize(text[5:])
    match = SPELLING.fullmatch(text)
    if match is None:
        return text
    law, section, sub, item = match.groups()
    return law + section.upper() + sub + item.lower()


def find(text: str, edition: int) -> tuple[Clause, ...]:
    """The clauses ``text`` names in ``edition``'s numbering (a key like ``2007/15C`` too)."""
    key = normalize(text)
    if key.startswith("2007/") and key in CLAUSES:
        return (CLAUSES[key],)
    found = cited(key, edition)
    if not found:
        raise UnknownClause(key, suggest(key))
    return found


def describe(c: Clause) -> dict[str, Any]:
    """Everything the navigator knows of one clause, as JSON."""
    mine = set(c.numbers[2017]) | set(c.numbers[2007])
    code = [x for x in code_citations() if x.number in mine and c in resolve(x.number, x.edition)]
    places = sorted({(x.file, x.line) for x in code})
    scripts = script_citations()
    tested = None
    if scripts is not None:
        tested = sorted({s.script for s in scripts if c in cited(s.number, s.edition)})
    gives: dict[tuple[str, str], None] = {}
    for x in code:
        if x.kind in ("rule", "review", "offer"):
            gives[(x.kind, x.text)] = None
        elif x.kind == "unauthorized":
            gives[(x.kind, "the withdrawn or cancelled call recorded as unauthorized")] = None
    return {
        "clause": c.key,
        "title": c.title,
        "status": c.status.value,
        "numbers": {str(e): list(c.numbers[e]) for e in (2017, 2007)},
        "differs": c.differs,
        "renumbered": c.renumbered,
        "code": [{"file": f, "line": n} for f, n in places],
        "scripts": [] if tested is None else tested,
        "scripts_available": tested is not None,
        "gives": [{"kind": k, "text": t} for k, t in gives],
    }


def _editions(c: Clause) -> str:
    new = ", ".join(c.numbers[2017]) or "none"
    old = ", ".join(c.numbers[2007]) or "none"
    same = "the editions differ" if c.differs else "the same rule in both editions"
    return f"2017: {new}; 2007: {old} ({same})"


def _print(d: dict[str, Any], c: Clause) -> None:
    lines = [f"{c.key}: {c.title}", f"  status: {c.status.value}", f"  numbers: {_editions(c)}"]
    lines.append(f"  code ({len(d['code'])}):")
    lines += [f"    {x['file']}:{x['line']}" for x in d["code"]] or ["    none found"]
    if d["scripts_available"]:
        lines.append(f"  scripts ({len(d['scripts'])}):")
        lines += [f"    {s}" for s in d["scripts"]] or ["    none"]
    else:
        lines.append(f"  {NO_SCRIPTS}")
    lines.append(f"  gives ({len(d['gives'])}):")
    lines += [f"    {g['kind']}: {g['text']}" for g in d["gives"]] or ["    nothing found"]
    sys.stdout.write("\n".join(lines) + "\n")


def law(
    clause: Annotated[
        str | None, typer.Argument(help="A clause, e.g. 27B1a or 64A1; none: list them all.")
    ] = None,
    edition: Annotated[
        int, typer.Option("--edition", help="The edition CLAUSE is numbered in: 2017 or 2007.")
    ] = 2017,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """The law navigator: a clause's title, numbers, code, scripts and rulings."""
    if edition not in (2007, 2017):
        raise typer.BadParameter(f"--edition is 2007 or 2017, not {edition}")
    if clause is None:
        rows = [
            {"clause": c.key, "title": c.title, "status": c.status.value,
             "numbers": {str(e): list(c.numbers[e]) for e in (2017, 2007)},
             "differs": c.differs}
            for c in CLAUSES.values()
        ]  # fmt: skip
        if as_json:
            sys.stdout.write(json.dumps({"clauses": rows}, ensure_ascii=False) + "\n")
        else:
            for c in CLAUSES.values():
                sys.stdout.write(f"{c.key:<11} {c.status.value:<30} {c.title}\n")
        return
    try:
        found = find(clause, edition)
    except UnknownClause as error:
        raise typer.BadParameter(str(error)) from None
    details = [describe(c) for c in found]
    if as_json:
        data: Any = details[0] if len(details) == 1 else {"clauses": details}
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    if len(found) > 1:
        sys.stdout.write(f"{edition} {normalize(clause)} covers {len(found)} clauses here:\n")
    for d, c in zip(details, found, strict=True):
        _print(d, c)


__all__ = ["describe", "find", "law", "normalize"]
