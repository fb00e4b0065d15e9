"""A result's score as text in the score columns of PBN and USEBIO, and back.

PBN's ``Score_NS``/``Score_EW`` and USEBIO's ``NS_SCORE``/``EW_SCORE`` give each side its own
score. That says every form of Law 12 but one exactly:

* a table result or an assigned score (Law 12C1): North-South's points, East-West's the
  opposite;
* a split score (Law 12C1b): each side its own points, which need not be opposite;
* artificial scores (Law 12C2): ``A+``, ``A``, ``A-``, ``NP`` (not played, 12C2d) or an explicit
  percentage written exactly (``55.5%``, ``100/3%``);
* a weighted score (Law 12C1c) has no column or element in either standard: its weighted mean
  is written for other programs, and :func:`exact_result` gives the exact result, as the
  event-results JSON writes it, for the writers to put where the format allows their own data
  (a PBN column, a USEBIO processing instruction). So does a split score whose sides were
  contracts: the scores say the points, :func:`exact_result` the contracts.

>>> from bridgelaw.scoring.results import Artificial, Points
>>> side_text(Artificial("%", Fraction(100, 3)), 0), side_text(Points.single(420), 1)
('100/3%', '-420')
>>> sides_form("420", "-420"), sides_form("60%", "A-")
({'ns_score': 420}, {'artificial': {'NS': '60%', 'EW': 'A-'}})
>>> sides_form("A+", "50")
{'split': {'NS': 'A+', 'EW': {'ns_score': -50}}}
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from bridgelaw.inputs import fraction, whole_number
from bridgelaw.scoring.results import Artificial, Played, Points, ResultLine, SideResult
from bridgelaw.tournament.session import value_text

if TYPE_CHECKING:
    from bridgelaw.tournament.session import ScoredResult

WEIGHTED = "weighted"
SPLIT = "split"


def percent_text(percent: Fraction) -> str:
    """A percentage exactly, as the readers take it back: decimals when it has a finite
    decimal expansion of at most 18 places (``55.5``), else a fraction (``100/3``).

    >>> percent_text(Fraction(111, 2)), percent_text(Fraction(100, 3)), percent_text(Fraction(60))
    ('55.5', '100/3', '60')
    """
    twos = fives = 0
    rest = percent.denominator
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    places = max(twos, fives)
    if rest != 1 or places > 18:
        return f"{percent.numerator}/{percent.denominator}"
    if places == 0:
        return str(percent.numerator)
    scaled = abs(percent.numerator) * 10**places // percent.denominator
    digits = str(scaled).rjust(places + 1, "0")
    sign = "-" if percent < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def artificial_text(side: Artificial) -> str:
    """``A+``, ``A``, ``A-``, ``NP`` or an explicit percentage like ``55%``."""
    if side.kind == "%" and side.percent is not None:
        return f"{percent_text(side.percent)}%"
    return side.kind


def side_text(side: SideResult, direction: int) -> str:
    """One side's own score, North-South's (``direction`` 0) or East-West's (1): its points
    (the weighted mean of a weighted score, two decimals), or its artificial score."""
    if isinstance(side, Artificial):
        return artificial_text(side)
    if len(side.components) == 1:  # one outcome: its points (no mean to make)
        points = side.components[0][0]
        return str(points if direction == 0 else -points)
    mean = side.expected
    return value_text(mean if direction == 0 else -mean)


def exact_result(line: ResultLine) -> dict[str, Any] | None:
    """The result as the event-results JSON writes it when the two sides' scores do not say
    it exactly (a weighted score, a split score with a side's contract); else ``None``."""
    side = line.ns_side
    if side is line.ew_side or not line.is_split:  # `is`: the common case, no comparing
        if side.__class__ is Points and len(side.components) > 1:
            return _weighted(side)
        return None
    if isinstance(line.ns_side, Artificial) and isinstance(line.ew_side, Artificial):
        return None
    plain = all(
        isinstance(side, Artificial) or (not side.is_weighted and played is None)
        for side, played in ((line.ns_side, line.ns_played), (line.ew_side, line.ew_played))
    )
    if plain:
        return None
    return {
        "split": {
            "NS": _side_json(line.ns_side, line.ns_played),
            "EW": _side_json(line.ew_side, line.ew_played),
        }
    }


def _weighted(side: Points) -> dict[str, Any] | None:
    if not side.is_weighted:
        return None
    return {"weighted": [{"weight": str(w), "ns_score": s} for s, w in side.components]}


def _side_json(side: SideResult, played: Played | None) -> Any:
    if isinstance(side, Artificial):
        return artificial_text(side)
    weighted = _weighted(side)
    if weighted is not None:
        return weighted
    if played is None:
        return {"ns_score": side.components[0][0]}
    if played.declarer is None or played.tricks is None:
        return {"contract": "passed-out"}
    found: dict[str, Any] = {
        "contract": str(played.contract),
        "declarer": played.declarer.letter,
        "tricks": played.tricks,
    }
    return found | ({"lead": played.lead} if played.lead else {})


def side_value(text: str, sign: int) -> str | dict[str, Any] | None:
    """One side's score read back: its points, North-South's when ``sign`` is 1 and
    East-West's when -1 (as ``{"ns_score": ...}``), or an artificial score (as text);
    ``None`` when it is neither."""
    points = whole_number(text, signed=True)
    if points is not None:
        return {"ns_score": sign * points}
    word = text.strip().upper().replace("AVE", "A").replace("AV", "A")
    if word in ("A+", "A", "A-", "NP"):
        return word
    percent = fraction(word[:-1]) if word.endswith("%") else None
    if percent is not None and 0 <= percent <= 100:
        return f"{word[:-1].strip()}%"
    return None


def sides_form(ns_text: str, ew_text: str) -> dict[str, Any] | None:
    """The result two sides' scores say, in the event-results JSON's words: an assigned score
    when they are opposite, artificial scores, else a split score; ``None`` when a side is
    neither points nor an artificial score."""
    ns, ew = side_value(ns_text, 1), side_value(ew_text, -1)
    if ns is None or ew is None:
        return None
    if isinstance(ns, str) and isinstance(ew, str):
        return {"artificial": {"NS": ns, "EW": ew}}
    if ns == ew and isinstance(ns, dict):
        return dict(ns)
    return {"split": {"NS": ns, "EW": ew}}


def count_exact(results: Iterable[ScoredResult], counts: dict[str, int]) -> None:
    """Count the results whose exact form the standard score columns cannot say, by kind."""
    for scored in results:
        line = scored.result
        if exact_result(line) is None:
            continue
        sides = (line.ns_side, line.ew_side)
        kind = WEIGHTED if any(isinstance(s, Points) and s.is_weighted for s in sides) else SPLIT
        counts[kind] = counts.get(kind, 0) + 1


def exact_notes(counts: dict[str, int], where: str) -> list[str]:
    """The notes for the user on what other programs will not read (``where``: where the
    exact results were written instead)."""
    texts = {
        WEIGHTED: "a weighted score (Law 12C1c) has no place in the standard: other programs "
        "read its weighted mean",
        SPLIT: "a split score's contracts (Law 12C1b): other programs read each side's score "
        "but not the contracts",
    }
    return [
        f"{texts[kind]}; the exact result is in {where} ({n} result{'s' if n > 1 else ''})"
        for kind, n in counts.items()
    ]
