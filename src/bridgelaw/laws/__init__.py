"""The law book in code: every clause the project cites, keyed by its 2017 number.

One place answers "what is this clause called here, what is its number in each edition, does
the 2007 edition differ, and is it applied". The table engine asks :func:`number` for the
number to cite in its edition instead of spelling ``"16D" if 2007 else "16C"`` inline; the
navigator (``bridgelaw law``) and the coverage table (docs/law-coverage.md) are generated here.

It is a package of its own, not part of ``table``: the strict machines (``IllegalCall.law``),
the scoring (77, 78) and the claim adjudicator (70) cite laws too, and the navigator and the
coverage page's generator read it without importing the engine.

>>> clause("16C").numbers[2007]
('16D',)
>>> number("17D3", 2007), number("17D3", 2017)
('17E2', '17D3')
>>> [c.key for c in cited("53B", 2007)]
['53C']
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from enum import Enum
from functools import cache

from bridgelaw.laws.book import BOOK
from bridgelaw.laws.differences import DIFFERENCES

EDITIONS = (2017, 2007)
CLAUSE_PATTERN = re.compile(r"\d{1,2}(?:[A-H](?:\d{1,2}(?:[a-z](?:\d|[ivx]+)?)?)?)?")
"""What a clause number looks like: law, section, subsection, item, sub-item (``30B1bii``)."""


class Status(Enum):
    APPLIED = "applied"
    JUDGEMENT = "needs the director's judgement"
    NOT_BUILT = "not built"


_STATUS = {"A": Status.APPLIED, "J": Status.JUDGEMENT, "N": Status.NOT_BUILT}


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of the Laws as the project cites it."""

    key: str
    """Its 2017 number, or ``2007/N`` for a 2007 clause with no 2017 clause of its own."""
    title: str
    """What the project does with it, in the project's words."""
    numbers: dict[int, tuple[str, ...]]
    """Its number(s) in each edition; empty where the edition has no such clause. A 2017
    clause may answer to several 2007 ones (the 2007 numbering split cases differently)."""
    status: Status
    differs: bool
    """The editions rule this case differently (not only a renumbering)."""
    one_code: bool = False
    """It differs, but the code declares no edition variant of its own for it (one code for
    both editions; see :mod:`bridgelaw.laws.book`, flag ``s``)."""

    @property
    def renumbered(self) -> bool:
        return bool(self.numbers[2007]) and self.numbers[2007] != self.numbers[2017]

    def in_edition(self, edition: int) -> str | None:
        """The number this clause is cited by in ``edition`` (its first, if several)."""
        found = self.numbers[edition]
        return found[0] if found else None


class UnknownClause(KeyError):
    """A clause number the registry does not know; ``suggestions`` are close ones."""

    def __init__(self, text: str, suggestions: tuple[str, ...]) -> None:
        super().__init__(text)
        self.text = text
        self.suggestions = suggestions

    def __str__(self) -> str:
        hint = f" (did you mean {', '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"no clause {self.text!r} in the law book{hint}"


def _parse(book: str) -> dict[str, Clause]:
    clauses: dict[str, Clause] = {}
    for line in book.strip().splitlines():
        key, old, flags, title = line.split(maxsplit=3)
        only2007 = key.startswith("2007/")
        new: tuple[str, ...] = () if only2007 else (key,)
        if old == "=":
            olds: tuple[str, ...] = new
        elif old == "-":
            olds = ()
        else:
            olds = tuple(old.split(","))
        assert key not in clauses, f"law book: {key} twice"
        for n in new + olds:
            assert CLAUSE_PATTERN.fullmatch(n), f"law book: {n!r} is not a clause number"
        clauses[key] = Clause(
            key, title, {2017: new, 2007: olds}, _STATUS[flags[0]], "d" in flags[1:], "s" in flags
        )
    return clauses


def _differences(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in text.strip().splitlines():
        tag, words = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        for key in tag.split():
            assert key in CLAUSES, f"law book: the difference {tag!r} names no clause {key!r}"
        assert tag not in found, f"law book: the difference {tag!r} twice"
        found[tag] = words
    return found


CLAUSES: dict[str, Clause] = _parse(BOOK)
"""Every clause, in the book's order (by law)."""
VARIANT_WORDS: dict[str, str] = _differences(DIFFERENCES)
"""For each tag the code declares edition variants with (``by_edition``): what differs, in the
project's words."""


@cache
def _by_number(edition: int) -> dict[str, tuple[Clause, ...]]:
    found: dict[str, list[Clause]] = {}
    for c in CLAUSES.values():
        for n in c.numbers[edition]:
            found.setdefault(n, []).append(c)
    return {n: tuple(cs) for n, cs in found.items()}


def clause(key: str) -> Clause:
    """The clause with this key; :class:`UnknownClause` otherwise."""
    try:
        return CLAUSES[key]
    except KeyError:
        raise UnknownClause(key, suggest(key)) from None


def number(key: str, edition: int) -> str:
    """The number to cite for the 2017 clause ``key`` in ``edition`` (the one place where the
    engine's renumberings live: 16C is 2007 16D, 17D3 is 2007 17E2, 53B/53C swap...)."""
    found = clause(key).in_edition(edition)
    if found is None:
        raise UnknownClause(f"{key} ({edition})", ())
    return found


def cited(text: str, edition: int = 2017) -> tuple[Clause, ...]:
    """The clauses a number cited in ``edition`` stands for (empty if none)."""
    return _by_number(edition).get(text, ())


def suggest(text: str) -> tuple[str, ...]:
    """Close clause numbers, for a mistyped one: its longest known prefix's clauses, or the
    closest spellings."""
    upper = text.strip()
    known = list(CLAUSES)
    for cut in range(len(upper), 0, -1):
        starts = [k for k in known if k.startswith(upper[:cut])]
        if starts and cut >= 2:
            return tuple(starts[:6])
    return tuple(difflib.get_close_matches(upper, known, n=6, cutoff=0.5))


__all__ = [
    "CLAUSES",
    "CLAUSE_PATTERN",
    "EDITIONS",
    "VARIANT_WORDS",
    "Clause",
    "Status",
    "UnknownClause",
    "cited",
    "clause",
    "number",
    "suggest",
]
