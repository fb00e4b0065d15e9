"""``python -m bridgelaw.i18n.extract POT``: the catalog template from the engine's messages.

The messages are data (:data:`bridgelaw.table.messages.MESSAGES`), not calls of ``_()`` in
the sources, so the template is written from them with Babel's catalog writer, then merged
into each language's catalog with ``pybabel update`` (``make catalogs``). Each entry's context
is the message id; a comment names its parameters and their kinds for the translator.
"""

from __future__ import annotations

import sys
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bridgelaw.i18n.catalogs import (
    CALL_WORDS,
    COUNTS,
    EDITIONS,
    OFFER,
    PAGE,
    PLURAL_BY,
    WORDS,
    fields,
)
from bridgelaw.i18n.pages import page_strings
from bridgelaw.i18n.record import CONTEXT as RECORD
from bridgelaw.i18n.record import WORDS as RECORD_WORDS
from bridgelaw.i18n.words import PLURAL_PHRASES, UI, phrase_contexts, refusal_contexts
from bridgelaw.i18n.words import names as phrase_names
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
    for text in offer_strings():
        catalog.add(text, context=OFFER, auto_comments=["an offer's title, label or consequence"])
    for key, english in RECORD_WORDS.items():
        # in the order the template names them: a set's order would change between runs
        names = ", ".join(dict.fromkeys(n for _, n, _, _ in Formatter().parse(english) if n))
        names = names or "none"
        catalog.add(
            english,
            context=f"{RECORD}.{key}",
            auto_comments=[f"the printed ruling record; parameters: {names}"],
        )
    # the engine's refusals of an event, before the phrases: a refusal added leaves the
    # phrases' entries where they are
    for context, english in refusal_contexts().items():
        names = ", ".join(sorted(phrase_names(english))) or "none"
        kind = _REFUSAL_KINDS.get(context.removeprefix(f"{UI}.").split(".")[0], "an event")
        comments = [f"a refusal of {kind}; parameters: {names}"]
        counter = PLURAL_PHRASES.get(context.removeprefix(f"{UI}."))
        text = english
        if counter is not None:
            comments.append(f"plural forms by {{{counter}}}")
            text = (english, english)
        catalog.add(text, context=context, auto_comments=comments)
    # the browser pages' own words (bridgelaw.i18n.pages), before the phrases so that
    # phrases added at the end and page words added here do not touch each other's lines
    for found in page_strings():
        entry = found.english
        text = entry if isinstance(entry, str) else entry[1]
        names = ", ".join(sorted(fields(text))) or "none"
        comments = [f"a page's words ({found.where.split(':')[0]}); parameters: {names}"]
        if not isinstance(entry, str):
            comments.append("plural forms by the count")
        catalog.add(entry, context=PAGE, auto_comments=comments)
    # the application's own phrases (errors, pages, reports) come last, so that a phrase
    # added leaves the entries before it where they are (pybabel update keeps this order)
    for context, english in phrase_contexts().items():
        names = ", ".join(sorted(phrase_names(english))) or "none"
        catalog.add(english, context=context, auto_comments=[f"parameters: {names}"])
    return catalog


_REFUSAL_KINDS = {
    "spec": "a session's spec (POST /api/sessions)",
    "movement": "a movement made or asked for",
    "dealer": "a dealer's key",
}
"""What a refusal's comment says it refuses, by its id's first part (the others: an event)."""


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: python -m bridgelaw.i18n.extract POT\n")
        return 2
    with Path(argv[0]).open("wb") as file:
        write_po(file, template(), width=100, omit_header=False, sort_output=False)
    return 0


def offer_strings() -> list[str]:
    """Every English sentence, template and word an offer may show (bridgelaw.table.meanings):
    the values of its tables and the literal arguments of its ``tr(...)`` calls, in order."""
    import ast

    from bridgelaw.table import meanings

    found: list[str] = []
    tables: list[object] = [
        meanings.TITLES,
        meanings.JUDGEMENTS,
        meanings.ANSWERS,
        meanings.CLAIM,
        meanings.CLAIM_PLAY_ON,
        meanings.TRICKS_PRINCIPLE,
        meanings.CALL_LAWS,
        meanings.CALL_GROUP_TITLES,
        meanings.CALL_GROUPS,
        meanings.SLIP_BEFORE_27,
        meanings.LEAD_CHOICE_TEXTS,
        meanings.CARD_TEXTS,
        meanings.NAMED,
        meanings.PLAIN_LABELS,
        meanings.SUITS,
    ]

    def walk(value: object) -> None:
        if isinstance(value, str):
            if " " in value or value[:1].isupper() or value.isalpha():
                found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, tuple):
            walk(value[-1] if len(value) == 2 and isinstance(value[0], str) else list(value))
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for table in tables:
        walk(table)
    # the module's source beside it (in the mypyc-compiled build too, which ships the .py)
    tree = ast.parse(Path(meanings.__file__).with_name("meanings.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "tr"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    found += [
        "Forbid {suits}",
        "Require {suits}",
        "an offer under Law {law}",
        "{seat} plays {card}",
    ]
    return list(dict.fromkeys(found))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
