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

from bridgelaw.commands.common import worded
from bridgelaw.laws import CLAUSES, VARIANT_WORDS, Clause, UnknownClause, cited, suggest
from bridgelaw.laws.index import (
    Variant,
    code_citations,
    comment_citations,
    is_part,
    resolve,
    script_citations,
    variants,
    variants_of,
)
from bridgelaw.laws.rows import ROWS

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


def _laws_of_row(laws: str) -> set[int]:
    """The law numbers a coverage row's first cell names: ``1, 2``, ``53-56``, ``45D, 45F``."""
    found: set[int] = set()
    for part in laws.split(","):
        span = re.findall(r"\d+", part.split()[0]) if part.split() else []
        if "-" in part and len(span) == 2:
            found.update(range(int(span[0]), int(span[1]) + 1))
        elif span:
            found.add(int(span[0]))
    return found


def modules(c: Clause) -> list[str]:
    """The modules the coverage table (docs/law-coverage.md) gives for the clause's law."""
    law = int(re.match(r"\d+", c.key.removeprefix("2007/")).group())  # type: ignore[union-attr]
    return list(dict.fromkeys(where for laws, _, where in ROWS if law in _laws_of_row(laws)))


def _variant(v: Variant) -> dict[str, Any]:
    return {"edition": v.edition, "file": v.file, "line": v.line, "function": v.function}


def differences() -> list[dict[str, Any]]:
    """Where the editions differ in the code: each tag the code declares variants with
    (``by_edition``), its clauses, what differs and where each edition's variant is."""
    found: dict[str, list[Variant]] = {}
    for v in variants():
        found.setdefault(v.tag, []).append(v)
    order = list(CLAUSES)
    return [
        {
            "tag": tag,
            "clauses": list(tag.split()),
            "what": VARIANT_WORDS.get(tag, ""),
            "variants": [_variant(v) for v in sorted(vs, key=lambda v: (-v.edition, v.line))],
        }
        for tag, vs in sorted(found.items(), key=lambda item: order.index(item[0].split()[0]))
    ]


def describe(c: Clause) -> dict[str, Any]:
    """Everything the navigator knows of one clause (and of its parts: 64A1 of 64A), as JSON."""
    family = [c] + [p for p in CLAUSES.values() if is_part(p.key, c.key)]
    mine = {n for f in family for e in (2017, 2007) for n in f.numbers[e]}

    def ours(number: str, edition: int | None) -> Clause | None:
        return next((f for f in resolve(number, edition) if f in family), None)

    code: dict[tuple[str, int, str], str] = {}
    gives: dict[tuple[str, str], None] = {}
    inside: dict[str, None] = {}
    for x in code_citations() + comment_citations():
        part = ours(x.number, x.edition) if x.number in mine else None
        if part is None:
            continue
        code.setdefault((x.file, x.line, part.key), x.kind)
        if x.variant and x.kind != "variant":
            inside[x.variant] = None
        if x.kind in ("rule", "review", "offer", "refusal") and part is c:
            gives[(x.kind, x.text)] = None
        elif x.kind == "unauthorized" and part is c:
            recorded = "the withdrawn or cancelled call or card recorded as unauthorized"
            gives[(x.kind, recorded)] = None
    scripts = script_citations()
    tested = None
    if scripts is not None:
        tested = sorted(
            {s.script for s in scripts if any(f in family for f in cited(s.number, s.edition))}
        )
    return {
        "clause": c.key,
        "title": c.title,
        "status": c.status.value,
        "numbers": {str(e): list(c.numbers[e]) for e in (2017, 2007)},
        "differs": c.differs,
        "one_code": c.one_code,
        "variants": [
            {"tag": v.tag, "what": VARIANT_WORDS.get(v.tag, ""), **_variant(v)}
            for v in sorted(variants_of(c.key), key=lambda v: (v.tag, -v.edition, v.line))
        ],
        "in_variants": list(inside),
        "renumbered": c.renumbered,
        "parts": [f.key for f in family[1:]],
        "code": [
            {"file": f, "line": n, "clause": k, "kind": kind or "law"}
            for (f, n, k), kind in sorted(code.items())
        ],
        "modules": modules(c),
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
    if d["variants"]:
        lines.append("  the editions differ in the code (by_edition), 2017 and 2007 variants:")
        for tag in dict.fromkeys(x["tag"] for x in d["variants"]):
            what = next(x["what"] for x in d["variants"] if x["tag"] == tag)
            lines.append(f"    {tag}: {what}")
            lines += [
                f"      {x['edition']}: {x['file']}:{x['line']} ({x['function']})"
                for x in d["variants"]
                if x["tag"] == tag
            ]
    elif d["in_variants"]:
        tags = ", ".join(d["in_variants"])
        lines.append(f"  applied inside the edition variants of {tags} (bridgelaw law {tags})")
    elif c.one_code:
        lines.append("  one code applies both editions (no variant of its own)")
    if d["parts"]:
        lines.append(f"  parts: {', '.join(d['parts'])}")
    if d["modules"]:
        lines.append(f"  modules: {'; '.join(d['modules'])}")
    lines.append(f"  code ({len(d['code'])}):")
    lines += [
        f"    {x['file']}:{x['line']}"
        + (f" ({x['clause']})" if x["clause"] != c.key else "")
        + f" {x['kind']}"
        for x in d["code"]
    ] or ["    none found"]
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
        raise typer.BadParameter(worded("cli.edition", edition=edition))
    if clause is None:
        rows = [
            {"clause": c.key, "title": c.title, "status": c.status.value,
             "numbers": {str(e): list(c.numbers[e]) for e in (2017, 2007)},
             "differs": c.differs, "one_code": c.one_code}
            for c in CLAUSES.values()
        ]  # fmt: skip
        if as_json:
            listed = {"clauses": rows, "editions_differ": differences()}
            sys.stdout.write(json.dumps(listed, ensure_ascii=False) + "\n")
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


__all__ = ["describe", "differences", "find", "law", "normalize"]
