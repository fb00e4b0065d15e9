"""``python -m bridgelaw.i18n.extract POT``: the catalog template from the engine's messages.

The messages are data (:data:`bridgelaw.table.messages.MESSAGES`), not calls of ``_()`` in
the sources, so the template is written from them with Babel's catalog writer, then merged
into each language's catalog with ``pybabel update`` (``make catalogs``). Each entry's context
is the message id; a comment names its parameters and their kinds for the translator.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bridgelaw.i18n.catalogs import CALL_WORDS, COUNTS, EDITIONS, PLURAL_BY, WORDS
from bridgelaw.table.messages import MESSAGES


def template() -> Catalog:
    """The catalog template: every message, word and count, with no translation."""
    catalog = Catalog(project="bridgelaw", version="0.1.0", charset="utf-8", fuzzy=False)
    for message in MESSAGES:
        names = ", ".join(f"{n} ({k})" for n, k in message.params) or "none"
        comments = [f"parameters: {names}"]
        counter = PLURAL_BY.get(message.id)
        text: str | tuple[str, str] = message.template
        if counter is not None:
            comments.append(f"plural forms by {{{counter}}}")
            text = (message.template, message.template)
        catalog.add(text, context=message.id, auto_comments=comments)
        for edition in EDITIONS.get(message.id, ()):
            catalog.add(
                text,
                context=f"{message.id}|{edition}",
                auto_comments=[*comments, f"for a table of the {edition} edition"],
            )
    for word in WORDS:
        catalog.add(word, context=f"word.{word}", auto_comments=["a declarer's choice"])
    for call in CALL_WORDS:
        catalog.add(call, context=f"call.{call}", auto_comments=["a call"])
    for context, forms in COUNTS.items():
        catalog.add(forms, context=context, auto_comments=["parameters: count (number)"])
    return catalog


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: python -m bridgelaw.i18n.extract POT\n")
        return 2
    with Path(argv[0]).open("wb") as file:
        write_po(file, template(), width=100, omit_header=False, sort_output=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
