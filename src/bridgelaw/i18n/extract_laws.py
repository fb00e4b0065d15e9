"""``python -m bridgelaw.i18n.extract_laws POT``: the law titles' template (domain ``laws``).

The titles are data (:data:`bridgelaw.laws.CLAUSES`), so the template is written from the law
book with Babel's catalog writer, like the engine's (:mod:`bridgelaw.i18n.extract`), then merged
into each language's ``laws.po`` with ``pybabel update -D laws`` (``make catalogs``). One entry
per English title, in the book's order; a comment names the clauses it is the title of, in
each edition's numbering; a title of :data:`bridgelaw.i18n.laws.EDITIONS` has a second entry
for its 2007 edition (context ``2007``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bridgelaw.i18n.laws import EDITIONS
from bridgelaw.laws import CLAUSES, Clause


def _numbers(clause: Clause) -> str:
    new = ", ".join(clause.numbers[2017]) or "none"
    old = ", ".join(clause.numbers[2007]) or "none"
    return f"{new} (2007: {old})"


def template() -> Catalog:
    """The titles' template: every title of the law book, with no translation."""
    catalog = Catalog(project="bridgelaw", version="0.1.0", charset="utf-8", fuzzy=False)
    clauses: dict[str, list[Clause]] = {}
    for clause in CLAUSES.values():
        clauses.setdefault(clause.title, []).append(clause)
    for english, of in clauses.items():
        where = "; ".join(_numbers(c) for c in of)
        comments = [f"the title of the law book's clause {where}"]
        catalog.add(english, auto_comments=comments)
        for edition in sorted({e for c in of for e in EDITIONS.get(c.key, ())}):
            catalog.add(
                english,
                context=str(edition),
                auto_comments=[*comments, f"for a table of the {edition} edition"],
            )
    return catalog


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: python -m bridgelaw.i18n.extract_laws POT\n")
        return 2
    with Path(argv[0]).open("wb") as file:
        write_po(file, template(), width=100, omit_header=False, sort_output=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
