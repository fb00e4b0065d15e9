"""click's own usage messages ("Invalid value for...", "Missing argument", "No such option")
in the language of the command line's errors (docs/languages.md).

typer carries its own copy of click, whose messages are English written in its code (no
gettext), and checks a value's type with pydantic, whose message it passes on. So a usage error
is said again from what the exception holds: its kind (a missing argument, an unknown option,
a bad value...), the parameter's name as click shows it, and for a value that is not of its type
the pydantic error's kind and context (``int_parsing``; ``greater_than_equal`` with ``ge``).
The words are phrases of :data:`bridgelaw.i18n.words.PHRASES` (``usage.*``). A message not
recognised keeps click's English; the value's own words inside the frame (a command's
``BadParameter``) are found as a phrase when one without parameters has them.

English is click's text itself: :func:`usage_text` changes nothing there. This module imports
nothing heavy at the top: ``bridgelaw --help`` loads no catalog.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgelaw.i18n.words import Worded

MISSING = {"argument", "option", "parameter"}
"""The kinds of a parameter click names when it is missing."""

VALUE_ERRORS: dict[str, tuple[str, tuple[str, ...]]] = {
    "int_parsing": ("usage.not-an-integer", ()),
    "float_parsing": ("usage.not-a-number", ()),
    "bool_parsing": ("usage.not-a-boolean", ()),
    "greater_than_equal": ("usage.at-least", ("ge",)),
    "greater_than": ("usage.more-than", ("gt",)),
    "less_than_equal": ("usage.at-most", ("le",)),
    "less_than": ("usage.less-than", ("lt",)),
}
"""pydantic's kinds of a value not of its parameter's type: the phrase, and the names of its
context the phrase takes."""

_GENERAL: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)"), "usage.extra-arguments",
     ("args",)),
    (re.compile(r"No such command '(?P<name>.*)'\."), "usage.no-such-command", ("name",)),
    (re.compile(r"Missing command\."), "usage.missing-command", ()),
    (re.compile(r"Option '(?P<name>.*)' requires an argument\."), "usage.needs-a-value",
     ("name",)),
    (re.compile(r"Option '(?P<name>.*)' requires (?P<count>\d+) arguments\."),
     "usage.needs-values", ("name", "count")),
    (re.compile(r"Option '(?P<name>.*)' does not take a value\."), "usage.takes-no-value",
     ("name",)),
    (re.compile(r"Argument '(?P<name>.*)' takes (?P<count>\d+) values\."),
     "usage.argument-values", ("name", "count")),
)  # fmt: skip
"""click's other usage messages, by their English (its code writes them in place)."""


def usage_text(error: Exception, lang: str) -> str:
    """``error`` (a usage error of typer's click) as one line in ``lang``."""
    english: str = error.format_message() if hasattr(error, "format_message") else str(error)
    if lang == "en":
        return english
    words = usage_words(error)
    return english if words is None else words.text(lang)


def usage_words(error: Exception) -> Worded | None:
    """The phrase of a usage error, or None when it is not one the catalogs know."""
    from typer._click import exceptions as click

    from bridgelaw.i18n.words import Worded

    if isinstance(error, click.MissingParameter):
        kind = error.param_type
        if kind is None and error.param is not None:
            kind = error.param.param_type_name
        if kind not in MISSING or error.message:
            return None
        hint = _hint(error)
        if hint is None:
            return Worded.of(f"usage.missing-{kind}")
        return Worded.of(f"usage.missing-{kind}-named", name=hint)
    if isinstance(error, click.NoSuchOption):
        if error.message != f"No such option: {error.option_name}":
            return None
        said = Worded.of("usage.no-such-option", name=error.option_name)
        if not error.possibilities:
            return said
        options = ", ".join(sorted(error.possibilities))
        return Worded.of("usage.no-such-option-possible", name=error.option_name, options=options)
    if isinstance(error, click.BadParameter):
        value = _value(error)
        hint = _hint(error)
        if hint is None:
            return Worded.of("usage.invalid-value", message=value)
        return Worded.of("usage.invalid-value-for", name=hint, message=value)
    if isinstance(error, click.UsageError):
        for pattern, phrase, names in _GENERAL:
            found = pattern.fullmatch(error.message)
            if found is not None:
                return Worded.said(phrase, {name: found[name] for name in names})
    return None


def _hint(error: Any) -> str | None:
    """The parameter's name as click shows it (``'number'``, ``'--workers'``)."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint()
    if hint is None:
        return None
    if isinstance(hint, Sequence) and not isinstance(hint, str):
        return " / ".join(repr(x) for x in hint)
    return str(hint)


def _value(error: Any) -> Worded | str:
    """What is wrong with the value: pydantic's kind of error said again, a phrase of the
    command's own words, or the words as they are (English)."""
    from bridgelaw.i18n.words import Worded, phrase_of

    message: str = error.message
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if callable(errors):
        found = errors()
        if found:
            first = found[0]
            known = VALUE_ERRORS.get(str(first.get("type")))
            context = first.get("ctx") or {}
            if known is not None and str(first.get("msg")) == message:
                phrase, names = known
                if all(name in context for name in names):
                    return Worded.said(phrase, {name: str(context[name]) for name in names})
    return phrase_of(message) or message
