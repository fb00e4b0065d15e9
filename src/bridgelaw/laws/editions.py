"""Edition variants: a rule whose text differs between the 2017 and 2007 Laws, both variants
declared side by side where the rule is applied.

The engine writes ``self.by_edition("64B2", e2017=..., e2007=...)`` (a value, or a bound method
it then calls): the clause it is tagged with, the 2017 variant, the 2007 variant. The values
are computed by the caller, so one that must not run in the other edition is passed as a
method. :func:`by_edition` picks one: one comparison, no lookup. The declarations are found in
the source by :func:`bridgelaw.laws.index.variants`, which is where the list "Where the
editions differ" (docs/law-coverage.md) and the navigator's variants come from; each tag must be
a clause the law book (:mod:`bridgelaw.laws.book`) flags as differing, with the project's words
for what differs in :data:`bridgelaw.laws.book.DIFFERENCES`.

>>> by_edition("57A", 2007, e2017="require or forbid", e2007="forbid only")
'forbid only'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PROBES: list[Callable[[str, int], int]] = []
"""For tests only: while a probe is in this list, the edition whose variant is applied is the
one the last probe returns for ``(tag, edition)`` (it may record the tags a script reaches, or
swap one clause's variants to show that a script notices). Empty in use: one truth test."""


def by_edition(tag: str, edition: int, e2017: T, e2007: T) -> T:
    """The variant of the rule tagged ``tag`` (one clause, or several separated by spaces, as
    ``"30 31 32"``) that ``edition`` applies."""
    if PROBES:
        edition = PROBES[-1](tag, edition)
    return e2007 if edition == 2007 else e2017


__all__ = ["PROBES", "by_edition"]
